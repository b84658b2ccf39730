// swift-tools-version:6.0
// An app's package that depends on gesturetune by path (`make check-plugin` copies it to a
// scratch folder and points the path at this checkout) and gates its traces with the command
// plugin: `swift package --allow-writing-to-package-directory gesturetune batch GestureTraces
// --params uikit-system --junit gesturetune.xml`.
import PackageDescription

let package = Package(
    name: "PluginApp",
    dependencies: [.package(path: "GESTURETUNE_PATH")],
    targets: [.target(name: "PluginApp", path: "Sources")]
)
