// swift-tools-version:6.0
// The libFuzzer target for the reader and the per-gesture physics behind it.
// Build and run with `make fuzz` (see the Makefile); it needs `-sanitize=fuzzer,address`.
import PackageDescription

let package = Package(
    name: "gesturetune-fuzz",
    dependencies: [.package(name: "gesturetune", path: "..")],
    targets: [
        .executableTarget(
            name: "trace-fuzz",
            dependencies: [
                .product(name: "GestureTrace", package: "gesturetune"),
                .product(name: "GesturePhysics", package: "gesturetune"),
            ]
        )
    ],
    swiftLanguageModes: [.v6]
)
