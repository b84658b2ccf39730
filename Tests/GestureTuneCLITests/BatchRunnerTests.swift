import Foundation
import GestureAnalysis
import TestSupport
import Testing

@testable import GestureTuneCLI

/// In-process batch runs, so the worker threads also run under the thread sanitizer
/// (`swift test --sanitize=thread`).
@Suite struct BatchRunnerTests {
    /// A gesture moving at 300 pt/s for 0.5 s at 60 Hz: p_r = 150/390 = 0.385, v_p = 0.77/s,
    /// so `flutter-cupertino` cancels it (v_p < 1 and p_r < 0.5).
    static func trace(intent: String, gestures: Int) -> String {
        var lines = ["gesture,t,x,y,phase,intent,width"]
        for g in 0..<gestures {
            let t0 = Double(g) * 2
            for i in 0...30 {
                lines.append(
                    "g\(g),\(t0 + Double(i) / 60),\(20 + 300 * Double(i) / 60),100,\(i == 0 ? "began" : "moved"),\(intent),390"
                )
            }
            lines.append("g\(g),\(t0 + 0.508),170,100,ended,\(intent),390")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    @Test func resultsAreTheSameWhateverTheJobs() throws {
        let dir = try TestSupport.temporaryDirectory()
        for i in 0..<9 {
            let url = dir.appendingPathComponent("c/\(i % 3)/f\(i).csv")
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(Self.trace(intent: i % 4 == 0 ? "complete" : "cancel", gestures: 3).utf8)
                .write(to: url)
        }
        var outputs: [String] = []
        var statuses: [ExitCode] = []
        for jobs in [1, 2, 5] {
            let out = dir.appendingPathComponent("out\(jobs).json").path
            let console = CapturingConsole()
            statuses.append(
                console.run([
                    "batch", dir.appendingPathComponent("c").path, "--params", "flutter-cupertino",
                    "--jobs", "\(jobs)", "--json", out,
                ]))
            outputs.append(try String(contentsOfFile: out, encoding: .utf8))
        }
        #expect(Set(outputs).count == 1)
        #expect(Set(statuses).count == 1)
        let summary = try BatchJSON.decode(Data(outputs[0].utf8))
        #expect(summary.totals.files == 9)
        // Files 0, 4 and 8 label their 3 gestures `complete`; the rule cancels them all.
        #expect(statuses[0] == .gateFailed)
        #expect(summary.totals.failed == 3 && summary.totals.passed == 6)
        #expect(summary.totals.labelled == 27 && summary.totals.misdecided == 9)
        #expect(summary.files.map(\.path) == summary.files.map(\.path).sorted(by: Corpus.precedes))
    }
}
