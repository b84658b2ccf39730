// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "gesturetune",
    products: [
        .executable(name: "gesturetune", targets: ["gesturetune"]),
        // `swift package gesturetune batch …` in an app's package that depends on this one.
        .plugin(name: "GestureTunePlugin", targets: ["GestureTunePlugin"]),
        // What an app imports: parameters, gate, velocity, every rule's decision, completion.
        // Pure Swift (no C library): builds for iOS, macOS and Linux.
        .library(name: "GestureTuneRuntime", targets: ["GestureTuneRuntime"]),
        .library(name: "GestureIO", targets: ["GestureIO"]),
        .library(name: "GestureTrace", targets: ["GestureTrace"]),
        .library(name: "GesturePhysics", targets: ["GesturePhysics"]),
        .library(name: "GestureTuning", targets: ["GestureTuning"]),
        .library(name: "GestureCodegen", targets: ["GestureCodegen"]),
        .library(name: "GestureReport", targets: ["GestureReport"]),
        .library(name: "GestureAnalysis", targets: ["GestureAnalysis"]),
    ],
    targets: [
        .systemLibrary(
            name: "CCSV",
            providers: [.apt(["libcsv-dev"])]
        ),
        .systemLibrary(
            name: "CGSL",
            pkgConfig: "gsl",
            providers: [.apt(["libgsl-dev"])]
        ),
        // gzip and zstd traces: decompressed by GestureTrace as it reads.
        .systemLibrary(
            name: "CZlib",
            providers: [.apt(["zlib1g-dev"])]
        ),
        .systemLibrary(
            name: "CZstd",
            pkgConfig: "libzstd",
            providers: [.apt(["libzstd-dev"])]
        ),
        // Under everything: atomic outputs, whole-file input, JSON with locations, locks and the
        // parallel map. Foundation only.
        .target(name: "GestureIO", exclude: ["README.md"]),
        .target(
            name: "GestureTrace", dependencies: ["CCSV", "CZlib", "CZstd"], exclude: ["README.md"]),
        // The only importer of CGSL: fits, roots and random numbers behind `package` wrappers.
        .target(name: "GestureNumerics", dependencies: ["CGSL"]),
        // The one decision code: the engine decides through it, apps import it.
        .target(name: "GestureTuneRuntime"),
        .target(
            name: "GesturePhysics",
            dependencies: ["GestureTuneRuntime", "GestureTrace", "GestureNumerics"],
            exclude: ["README.md"]),
        .target(
            name: "GestureTuning",
            dependencies: ["GestureIO", "GestureTrace", "GesturePhysics", "GestureNumerics"],
            exclude: ["README.md"]),
        // Code for apps: the snippets per platform from a parameter set, and the recorders.
        .target(
            name: "GestureCodegen",
            dependencies: [
                "GestureIO", "GestureTrace", "GesturePhysics", "GestureTuning", "GestureNumerics",
            ],
            exclude: ["README.md", "Templates"], plugins: ["EmbedTemplates"]),
        .target(
            name: "GestureReport",
            dependencies: [
                "GestureIO", "GestureTrace", "GesturePhysics", "GestureTuning", "GestureNumerics",
                "GestureAnalysis", "GestureCodegen",
            ],
            exclude: ["README.md", "Templates"], plugins: ["EmbedTemplates"]),
        // `make runtimes`: the Kotlin and JavaScript runtimes' tables and the conformance cases.
        .executableTarget(name: "RuntimeCodegen", dependencies: ["GestureCodegen"]),
        // Writes the Swift file that carries a module's Templates folder (EmbeddedTemplates).
        .executableTarget(name: "TemplateEmbedder"),
        .plugin(
            name: "EmbedTemplates", capability: .buildTool(), dependencies: ["TemplateEmbedder"]),
        .target(
            name: "GestureAnalysis",
            dependencies: ["GestureIO", "GestureTrace", "GesturePhysics", "GestureTuning"],
            exclude: ["README.md"]
        ),
        .target(
            name: "GestureTuneCLI",
            dependencies: [
                "GestureIO", "GestureTrace", "GesturePhysics", "GestureTuning", "GestureAnalysis",
                "GestureReport",
            ],
            exclude: ["README.md"]
        ),
        // Declarative: no unsafe flags, so the library products can be used as a versioned
        // dependency. A binary with the Swift runtime linked in is `make static`.
        .executableTarget(name: "gesturetune", dependencies: ["GestureTuneCLI"]),
        .plugin(
            name: "GestureTunePlugin",
            capability: .command(
                intent: .custom(
                    verb: "gesturetune",
                    description: "run gesturetune (analyze, batch, …) on this package's traces"),
                permissions: [
                    .writeToPackageDirectory(
                        reason: "gesturetune writes its reports and JUnit files where you say")
                ]),
            dependencies: ["gesturetune"]),
        .target(
            name: "TestSupport",
            dependencies: [
                "GestureIO", "GestureReport", "GestureTuning", "GesturePhysics", "GestureTrace",
                "CZlib", "CZstd",
            ],
            path: "Tests/TestSupport"),
        .testTarget(
            name: "GestureTuneRuntimeTests",
            dependencies: [
                "GestureTuneRuntime", "GesturePhysics", "GestureCodegen", "GestureTuning",
                "TestSupport",
            ]),
        .testTarget(name: "GestureTraceTests", dependencies: ["GestureTrace", "TestSupport"]),
        .testTarget(
            name: "GesturePhysicsTests",
            dependencies: ["GesturePhysics", "GestureTrace", "TestSupport"]),
        .testTarget(
            name: "GestureTuningTests",
            dependencies: [
                "GestureIO", "GestureTuning", "GesturePhysics", "GestureTrace", "GestureNumerics",
                "TestSupport",
            ]),
        .testTarget(
            name: "GestureReportTests",
            dependencies: [
                "GestureReport", "GestureCodegen", "GestureAnalysis", "GestureTuning",
                "GesturePhysics",
                "GestureTrace", "GestureIO", "TestSupport",
            ]),
        .testTarget(
            name: "GestureAnalysisTests",
            dependencies: [
                "GestureAnalysis", "GestureReport", "GestureTuning", "GesturePhysics",
                "GestureTrace",
                "TestSupport",
            ]
        ),
        .testTarget(
            name: "GestureTuneCLITests",
            dependencies: ["GestureTuneCLI", "GestureIO", "TestSupport"]),
        .testTarget(name: "EndToEndTests", dependencies: ["TestSupport"], exclude: ["Fixtures"]),
        .testTarget(
            name: "RobustnessTests",
            dependencies: ["GestureIO", "GestureTrace", "GesturePhysics", "TestSupport"],
            exclude: ["Malformed"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
