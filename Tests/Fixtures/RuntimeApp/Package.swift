// swift-tools-version:6.0
// An app's package that imports GestureTuneRuntime from gesturetune by path (`.ci/runtime-app`
// copies it to a scratch folder and points the path at this checkout; GESTURETUNE_ID is the
// checkout folder's name, which SwiftPM names a path dependency by: "gesturetune" in a clone).
// It builds without GSL, libcsv, zlib or libzstd: the runtime is pure Swift.
import PackageDescription

let package = Package(
    name: "RuntimeApp",
    dependencies: [.package(path: "GESTURETUNE_PATH")],
    targets: [
        .executableTarget(
            name: "RuntimeApp",
            dependencies: [.product(name: "GestureTuneRuntime", package: "GESTURETUNE_ID")],
            path: "Sources/RuntimeApp")
    ]
)
