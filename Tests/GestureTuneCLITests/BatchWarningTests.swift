import Foundation
import GestureAnalysis
import GesturePhysics
import GestureTrace
import TestSupport
import Testing

@testable import GestureTuneCLI

/// Trace files that deserve analyze's warnings, for batch.
enum WarningTraces {
    /// Four labelled gestures, columns `gesture,t,x,y,phase,intent` (no width), each `steps`
    /// samples `dt` apart in the `t` column, moving by (`dx`, `dy`) pt per sample from (20, 100).
    static func csv(dt: Double, dx: Double, dy: Double, steps: Int = 8) -> String {
        var lines = ["gesture,t,x,y,phase,intent"]
        var t = 0.0
        for g in 1...4 {
            for i in 0...steps {
                let phase = i == 0 ? "began" : i == steps ? "ended" : "moved"
                lines.append(
                    "g\(g),\(t),\(20 + dx * Double(i)),\(100 + dy * Double(i)),\(phase),\(g % 2 == 0 ? "complete" : "cancel")"
                )
                t += dt
            }
            t += 50 * dt
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Moves down 30 pt a sample with times in ms in a column read as seconds (one sample
    /// every 16 s: 0.0625 Hz), and no width column.
    static let downInMilliseconds = csv(dt: 16, dx: 0, dy: 30)
    /// Moves right to x = 20 + 8 · 70 = 580 pt, past 1.25 · 390 = 487.5 pt, at 62.5 Hz, no width column.
    static let wideRight = csv(dt: 0.016, dx: 70, dy: 0)
}

@Suite struct BatchWarningTests {
    func evaluate(_ text: String) throws -> BatchFileResult {
        let path = try TestSupport.writeTemporaryFile(text)
        let evaluator = CaseEvaluator(
            reader: ReaderOptions(), physics: PhysicsOptions(),
            set: try DecisionParameters.load("flutter-cupertino").set)
        return BatchFileResult(path: path, evaluator: evaluator)
    }

    @Test func millisecondsDownwardWithoutWidthGiveThreeWarnings() throws {
        let r = try evaluate(WarningTraces.downInMilliseconds)
        #expect(r.labelled == 4)
        let w = r.warnings ?? []
        #expect(w.count == 3, "\(w)")
        // 1 sample / 16 s = 0.0625 Hz, "%.2g" → 0.062.
        #expect(
            w.first?.hasPrefix(
                "Gestures are sampled at a median 0.062 Hz with the time column read in s") == true,
            "\(w)")
        #expect(w.first?.hasSuffix("Pass --time-unit ms.") == true, "\(w)")
        #expect(
            w.dropFirst().first?.hasPrefix(
                "Most gestures move down on screen (4 of 4, by their net displacement) but the direction is right"
            ) == true, "\(w)")
        #expect(
            w.last
                == "No width column (direction right) and no --extent: the extent defaults to 390 pt, so pt/s thresholds assume a container that size."
        )
    }

    /// One wording: the warnings batch gives a file are, word for word, among those analyze
    /// gives the same file (its summary and report), in the same order.
    @Test(arguments: [WarningTraces.downInMilliseconds, WarningTraces.wideRight])
    func analyzeAndBatchWordWarningsAlike(_ text: String) throws {
        let path = try TestSupport.writeTemporaryFile(text)
        let batch = try evaluate(text).warnings ?? []
        #expect(!batch.isEmpty)
        guard
            case .run(let p) = try GestureTuneCommand.parser.parse([
                "analyze", path, "--no-report", "--resamples", "0", "--params", "flutter-cupertino",
            ])
        else {
            Issue.record("not a run")
            return
        }
        let analyze = try AnalyzePipeline.analyse(try AnalyzeOptions.parse(OptionValues(p))).model
            .summary.warnings.map(\.sentence)
        #expect(batch.allSatisfy(analyze.contains), "batch \(batch)\nanalyze \(analyze)")
        #expect(
            batch.compactMap { analyze.firstIndex(of: $0) }
                == batch.compactMap { analyze.firstIndex(of: $0) }.sorted())
    }

    @Test func reachBeyondTheDefaultExtent() throws {
        let w = try evaluate(WarningTraces.wideRight).warnings ?? []
        #expect(w.count == 2, "\(w)")
        #expect(
            w.first
                == "Touches reach 580 pt along x, beyond the 390 pt extent (the default): the container is larger than that, so progress and edge figures are off. Pass --extent with the container's width in pt."
        )
        #expect(w.last?.hasPrefix("No width column (direction right) and no --extent") == true)
    }

    @Test func cleanFileHasNoWarningsKey() throws {
        // 60 Hz, moving right by 5 pt up to x = 60, width column 390: nothing to say.
        var text = "gesture,t,x,y,phase,intent,width\n"
        for i in 0...8 {
            text +=
                "g1,\(Double(i) / 60),\(20 + 5 * i),100,\(i == 0 ? "began" : i == 8 ? "ended" : "moved"),cancel,390\n"
        }
        let r = try evaluate(text)
        #expect(r.labelled == 1)
        #expect(r.warnings == nil)
    }

    @Test func warningsReachJSONJUnitAndMarkdown() throws {
        var file = caseResult("t/a.csv", misdecided: 0, labelled: 3)
        file.warnings = ["Look <here>."]
        let s = BatchVerdict.summarise(
            files: [file], gate: .init(maxError: 0.05, tolerance: 0, baseline: nil),
            params: .init(source: "ionic", preset: true, rule: "forward", values: [:]),
            settings: BatchCommand.settings(CommonOptions(), PhysicsOptions()), shard: nil)
        #expect(
            try BatchJSON.encode(s).contains("\"warnings\" : [\n        \"Look <here>.\"\n      ]"))
        #expect(
            JUnitWriter.render(s).contains(
                "<system-err>t/a.csv: warning: Look &lt;here&gt;.</system-err>"))
        #expect(BatchText.markdown(s).contains("| warning: Look <here>. |"))
    }
}
