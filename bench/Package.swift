// swift-tools-version:6.0
// Benchmarks: `swift run -c release --package-path bench <name>-bench`. Each prints its figures.
import PackageDescription

let package = Package(
    name: "gesturetune-bench",
    dependencies: [.package(name: "gesturetune", path: "..")],
    targets: [
        .executableTarget(
            name: "reader-bench",
            dependencies: [.product(name: "GestureTrace", package: "gesturetune")]),
        .executableTarget(
            name: "physics-bench",
            dependencies: [
                .product(name: "GestureTrace", package: "gesturetune"),
                .product(name: "GesturePhysics", package: "gesturetune"),
            ]),
        .executableTarget(
            name: "tuning-bench",
            dependencies: [
                .product(name: "GesturePhysics", package: "gesturetune"),
                .product(name: "GestureTuning", package: "gesturetune"),
            ]),
        .executableTarget(
            name: "report-bench",
            dependencies: [
                .product(name: "GestureTrace", package: "gesturetune"),
                .product(name: "GesturePhysics", package: "gesturetune"),
                .product(name: "GestureTuning", package: "gesturetune"),
                .product(name: "GestureReport", package: "gesturetune"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)
