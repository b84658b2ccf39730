import Foundation
import TestSupport
import Testing

/// batch gives analyze's per-file warnings: on standard error (the first 10), in the JSON per
/// file, in the JUnit `<system-err>`; the same whatever --jobs, and sharded + merged.
@Suite(.enabled(if: EndToEnd.binaryBuilt, EndToEnd.notBuilt))
struct BatchWarningEndToEndTests {
    /// Four labelled gestures without a width column, moving down 30 pt a sample, times in ms
    /// in a column `t` (read as seconds): warned for time unit, direction and default extent.
    static let warned: String = {
        var lines = ["gesture,t,x,y,phase,intent"]
        var t = 0
        for g in 1...4 {
            for i in 0...8 {
                let phase = i == 0 ? "began" : i == 8 ? "ended" : "moved"
                lines.append(
                    "g\(g),\(t),20,\(100 + 30 * i),\(phase),\(g % 2 == 0 ? "complete" : "cancel")")
                t += 16
            }
            t += 800
        }
        return lines.joined(separator: "\n") + "\n"
    }()

    func corpus() throws -> URL {
        var files: [String: String] = [:]
        for i in 0..<9 { files["t/\(i).csv"] = i % 3 == 0 ? Self.warned : Traces.csv(Traces.clear) }
        return try Traces.corpus(files)
    }

    @Test func warningsAreReportedAndIndependentOfJobs() throws {
        let dir = try corpus()
        var outputs: [[String]] = []
        for jobs in ["1", "3"] {
            let r = try EndToEnd.run(
                [
                    "batch", "t", "--params", "flutter-cupertino", "--max-error", "1", "--jobs",
                    jobs, "--json", "s\(jobs).json", "--junit", "j\(jobs).xml",
                ],
                in: dir)
            #expect(r.status == 0, "\(r.stderr)")
            let json = try String(
                contentsOf: dir.appendingPathComponent("s\(jobs).json"), encoding: .utf8)
            let junit = try String(
                contentsOf: dir.appendingPathComponent("j\(jobs).xml"), encoding: .utf8)
            outputs.append([r.stdout, r.stderr, json, EndToEnd.withoutTimes(junit)])
        }
        #expect(outputs[0] == outputs[1])
        let stderr = outputs[0][1]
        // 3 warned files × 3 warnings: all 9 shown (at most 10 are).
        let lines = stderr.split(separator: "\n")
        #expect(lines.count == 9, "\(stderr)")
        #expect(
            lines.first?.hasPrefix("t/0.csv: warning: Gestures are sampled at a median 0.062 Hz")
                == true, "\(stderr)")
        #expect(stderr.contains("t/3.csv: warning: Most gestures move down on screen (4 of 4"))
        #expect(
            stderr.contains("t/6.csv: warning: No width column (direction right) and no --extent"))
        #expect(!stderr.contains("t/1.csv"))
        // Standard output holds the cases and the totals alone.
        #expect(!outputs[0][0].contains("warning:"), "\(outputs[0][0])")
        let files = EndToEnd.files(of: try EndToEnd.json(dir.appendingPathComponent("s1.json")))
        #expect((files["t/0.csv"]?["warnings"] as? [String])?.count == 3)
        #expect(files["t/1.csv"]?["warnings"] == nil)
        #expect(outputs[0][3].contains("<system-err>t/0.csv: warning: Gestures are sampled"))
    }

    @Test func mergedShardsCarryTheSameWarnings() throws {
        let dir = try corpus()
        let whole = try EndToEnd.run(
            [
                "batch", "t", "--params", "flutter-cupertino", "--max-error", "1", "--json",
                "whole.json", "--junit", "whole.xml",
            ], in: dir)
        for k in 1...2 {
            let r = try EndToEnd.run(
                [
                    "batch", "t", "--params", "flutter-cupertino", "--max-error", "1", "--shard",
                    "\(k)/2", "--json", "s\(k).json",
                ], in: dir)
            #expect(r.status == 0, "\(r.stderr)")
        }
        let merged = try EndToEnd.run(
            ["merge", "s2.json", "s1.json", "--json", "merged.json", "--junit", "merged.xml"],
            in: dir)
        #expect(merged.status == whole.status)
        #expect(merged.stdout == whole.stdout)
        #expect(merged.stderr == whole.stderr)
        #expect(merged.stderr.contains("warning:") && !merged.stdout.contains("warning:"))
        for (a, b) in [("whole.json", "merged.json"), ("whole.xml", "merged.xml")] {
            let x = try String(contentsOf: dir.appendingPathComponent(a), encoding: .utf8)
            let y = try String(contentsOf: dir.appendingPathComponent(b), encoding: .utf8)
            #expect(EndToEnd.withoutTimes(x) == EndToEnd.withoutTimes(y))
        }
    }

    @Test func moreThanTenWarningsAreCounted() throws {
        var files: [String: String] = [:]
        for i in 0..<5 { files["t/\(i).csv"] = Self.warned }
        let dir = try Traces.corpus(files)
        let r = try EndToEnd.run(
            ["batch", "t", "--params", "flutter-cupertino", "--max-error", "1"], in: dir)
        // 5 files × 3 warnings = 15: 10 shown, then a note for the other 5.
        let lines = r.stderr.split(separator: "\n")
        #expect(lines.count == 11, "\(r.stderr)")
        #expect(
            lines.last
                == "note: 5 more warnings (5 files warned in all); the --json summary lists every one",
            "\(r.stderr)")
    }
}
