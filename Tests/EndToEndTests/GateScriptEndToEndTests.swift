import Foundation
import TestSupport
import Testing

/// The GitHub action's logic (`.ci/gesturetune-gate`, run by `action.yml`) against `traces/`,
/// as an app's CI runs it: batch's status, the JUnit file, and a failing file naming the
/// gestures it gets wrong in the terminal and in the JUnit failure.
@Suite struct GateScriptEndToEndTests {
    static func gate(_ environment: [String: String], in folder: URL) throws
        -> TestSupport.RunResult
    {
        let bin = try #require(TestSupport.binaryPath)
        var env = ProcessInfo.processInfo.environment
        env["GESTURETUNE_BIN"] = bin
        env["NO_COLOR"] = "1"
        env["GITHUB_OUTPUT"] = folder.appendingPathComponent("github-output").path
        for (k, v) in environment { env[k] = v }
        let script = TestSupport.packageRoot.appendingPathComponent(".ci/gesturetune-gate").path
        return try TestSupport.runProcess([script], in: folder, environment: env)
    }

    @Test func theActionsScriptGatesTheSampleTracesAndLeavesJUnit() throws {
        let folder = try TestSupport.temporaryDirectory("gesturetune-gate")
        defer { try? FileManager.default.removeItem(at: folder) }
        let traces = TestSupport.packageRoot.appendingPathComponent("traces").path
        let pass = try Self.gate(
            ["INPUT_TRACES": traces, "INPUT_PARAMS": "uikit-system", "INPUT_MAX_ERROR": "1"],
            in: folder)
        #expect(pass.status == 0, "\(pass.stdout)\n\(pass.stderr)")
        let junit = try String(
            contentsOf: folder.appendingPathComponent("gesturetune.xml"), encoding: .utf8)
        #expect(junit.contains("<testsuite"))
        #expect(
            try String(contentsOf: folder.appendingPathComponent("github-output"), encoding: .utf8)
                == "status=0\n")

        // A limit every file misses: red, and each failing file names its wrong gestures.
        let fail = try Self.gate(
            [
                "INPUT_TRACES": traces, "INPUT_PARAMS": "uikit-system", "INPUT_MAX_ERROR": "0",
                "INPUT_JUNIT": "out/gate.xml",
            ], in: folder)
        #expect(fail.status == 1, "\(fail.stdout)\n\(fail.stderr)")
        let failing = fail.stdout.split(separator: "\n").filter { $0.hasPrefix("FAIL") }
        #expect(!failing.isEmpty, "\(fail.stdout)")
        // Under each FAIL line, up to --show (10) gestures: id, line, what was meant, what the
        // gate and rule did, where it was released.
        #expect(fail.stdout.contains("(line "), "\(fail.stdout)")
        #expect(fail.stdout.contains(": meant "), "\(fail.stdout)")
        #expect(fail.stdout.contains("at p_r "), "\(fail.stdout)")
        let named = fail.stdout.split(separator: "\n").filter { $0.contains("(line ") }.count
        #expect(named <= 10 * failing.count)
        let failedJUnit = try String(
            contentsOf: folder.appendingPathComponent("out/gate.xml"), encoding: .utf8)
        #expect(failedJUnit.contains("<failure message="))
        #expect(failedJUnit.contains("; wrong: "), "\(failedJUnit)")
        #expect(failedJUnit.contains(": meant "), "\(failedJUnit)")
    }

    /// `--show N` bounds the gestures a failing file names in the terminal and the JUnit
    /// message; the JUnit failure text keeps them all.
    @Test func showBoundsTheGesturesNamed() throws {
        let folder = try TestSupport.temporaryDirectory("gesturetune-gate")
        defer { try? FileManager.default.removeItem(at: folder) }
        let trace = TestSupport.packageRoot.appendingPathComponent("traces/swipe.csv").path
        let r = try TestSupport.run(
            ["batch", trace, "--params", "uikit-system", "--max-error", "0", "--show", "2"],
            in: folder)
        #expect(r.status == 1, "\(r.stderr)")
        let named = r.stdout.split(separator: "\n").filter { $0.contains("(line ") }
        #expect(named.count == 2, "\(r.stdout)")
        #expect(r.stdout.contains("more (--show N"), "\(r.stdout)")
    }
}
