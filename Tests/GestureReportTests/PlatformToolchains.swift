import Foundation
import TestSupport

/// The compilers and browser the recorder and snippet checks use, and the stubs of the platform
/// APIs in Tests/Fixtures/PlatformStubs (signatures copied from Apple's and Android's documentation).
enum PlatformToolchains {
    static func firstExecutable(_ paths: [String]) -> String? {
        paths.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    static let swiftc = firstExecutable(["/opt/swift/usr/bin/swiftc", "/usr/bin/swiftc"])
    /// Debian's `kotlin` package (`apt-get install kotlin`).
    static let kotlinc = firstExecutable(["/usr/bin/kotlinc"])
    static let node = firstExecutable(["/usr/bin/node", "/usr/local/bin/node"])
    /// `make check` sets `GESTURETUNE_REQUIRE_TOOLCHAINS=1`: a test that needs kotlinc, node or
    /// chromium then runs, and fails, when it is missing, instead of skipping.
    static let required =
        ProcessInfo.processInfo.environment["GESTURETUNE_REQUIRE_TOOLCHAINS"] == "1"
    static let chromium = firstExecutable(["/usr/bin/chromium", "/usr/bin/chromium-browser"])
    static let chromedriver = firstExecutable(["/usr/bin/chromedriver"])
    static let hasSelenium = Python.has(["selenium"])
    static let canRunBrowser = chromium != nil && chromedriver != nil && hasSelenium

    static let stubs = TestSupport.packageRoot.appendingPathComponent(
        "Tests/Fixtures/PlatformStubs")
    /// The code generator's templates (snippets, recorders).
    static let templates = TestSupport.packageRoot.appendingPathComponent(
        "Sources/GestureCodegen/Templates")
    /// The report's templates (the page's script, the notebook's cells, the playground).
    static let reportTemplates = TestSupport.packageRoot.appendingPathComponent(
        "Sources/GestureReport/Templates")

    /// Builds the UIKit and SwiftUI stub modules into `dir` (for `-I dir`).
    static func buildSwiftStubs(in dir: URL) throws -> [String] {
        var failures: [String] = []
        // The runtime the snippets import, as an app's build has it.
        let runtime = TestSupport.packageRoot.appendingPathComponent("Sources/GestureTuneRuntime")
        let sources = try FileManager.default.contentsOfDirectory(atPath: runtime.path)
            .filter { $0.hasSuffix(".swift") }.sorted().map {
                runtime.appendingPathComponent($0).path
            }
        let built = try TestSupport.runProcess(
            [
                swiftc!, "-emit-module", "-parse-as-library", "-swift-version", "6",
                "-package-name", "gesturetune", "-module-name", "GestureTuneRuntime",
                "-emit-module-path",
                dir.appendingPathComponent("GestureTuneRuntime.swiftmodule").path,
            ] + sources)
        if built.status != 0 { failures.append("GestureTuneRuntime: \(built.stderr)") }
        for name in ["UIKit", "SwiftUI"] {
            let r = try TestSupport.runProcess([
                swiftc!, "-emit-module", "-parse-as-library", "-swift-version", "6", "-module-name",
                name,
                "-emit-module-path", dir.appendingPathComponent("\(name).swiftmodule").path,
                stubs.appendingPathComponent("\(name).swift").path,
            ])
            if r.status != 0 { failures.append("\(name) stub: \(r.stderr)") }
        }
        return failures
    }

    /// `swiftc -typecheck -warnings-as-errors` of `files` against the stubs in `stubDir`.
    static func typecheckSwift(_ files: [String], stubDir: URL, swiftVersion: String = "6") throws
        -> TestSupport.RunResult
    {
        try TestSupport.runProcess(
            [
                swiftc!, "-typecheck", "-warnings-as-errors", "-swift-version", swiftVersion, "-I",
                stubDir.path,
            ] + files)
    }

    /// The Java stubs of the Android API.
    static var androidStubs: [String] {
        let root = stubs.appendingPathComponent("android")
        let walker = FileManager.default.enumerator(atPath: root.path)
        var out: [String] = []
        while let path = walker?.nextObject() as? String {
            if path.hasSuffix(".java") { out.append(root.appendingPathComponent(path).path) }
        }
        return out.sorted()
    }

    /// The Kotlin runtime's sources (runtimes/android), which the Kotlin snippets import.
    static var kotlinRuntimeSources: [String] {
        let root = TestSupport.packageRoot.appendingPathComponent(
            "runtimes/android/src/main/kotlin/dev/gesturetune/runtime")
        return ((try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? [])
            .filter { $0.hasSuffix(".kt") }.sorted().map { root.appendingPathComponent($0).path }
    }

    /// `kotlinc` (which type-checks while compiling) of `files` against the Android stubs.
    static func compileKotlin(_ files: [String], in dir: URL) throws -> TestSupport.RunResult {
        try TestSupport.runProcess(
            ["/usr/bin/timeout", "300", kotlinc ?? "kotlinc"] + files + androidStubs + [
                "-d", dir.appendingPathComponent("out.jar").path,
            ])
    }
}
