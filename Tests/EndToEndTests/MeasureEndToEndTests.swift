import Foundation
import TestSupport
import Testing

/// `gesturetune measure`: rows against report.json, NDJSON against CSV, a malformed file as
/// `validate` sees it, and one gesture whose figures are computed by hand.
@Suite(.enabled(if: EndToEnd.binaryBuilt, EndToEnd.notBuilt))
struct MeasureEndToEndTests {
    /// CSV text → header and rows as dictionaries (no field of these files is quoted).
    static func table(_ csv: String) -> (header: [String], rows: [[String: String]]) {
        var lines = csv.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        guard let first = lines.first else { return ([], []) }
        let header = first.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        let rows = lines.dropFirst().map { line in
            let fields = line.split(separator: ",", omittingEmptySubsequences: false).map(
                String.init)
            return Dictionary(uniqueKeysWithValues: zip(header, fields))
        }
        return (header, rows)
    }

    /// Equal but for the last bits: the rows hold the shortest text that reads back each
    /// double (as report.json does), but Foundation's JSONSerialization on Linux does not
    /// always read a number back to the nearest double.
    static func same(_ a: Double?, _ b: Double?) -> Bool {
        guard let a, let b else { return a == nil && b == nil }
        return abs(a - b) <= 1e-12 * max(1, abs(b))
    }

    @Test(.enabled(if: AnalyzeSupport.sampleExists))
    func rowsEqualReportJSONsGestures() throws {
        let sample = AnalyzeSupport.sample.path
        let analyze = try EndToEnd.run([
            "analyze", sample, "--format", "json", "--no-report", "--sample", "100000",
            "--resamples", "0",
        ])
        #expect(analyze.status == 0, "\(analyze.stderr)")
        let report = try AnalyzeSupport.object(analyze.stdout)
        let gestures = try #require(report["gestures"] as? [[String: Any]])
        let measure = try EndToEnd.run(["measure", sample])
        #expect(measure.status == 0, "\(measure.stderr)")
        let (header, rows) = Self.table(measure.stdout)
        #expect(
            header == [
                "file", "id", "line", "intent", "outcome", "p_r", "v_p", "v", "v_lsq2", "v_lsq1",
                "v_impulse", "v_delta", "v_platform", "extent", "duration", "samples", "flags",
                "interrupted", "admitted", "refused", "decision",
            ])
        #expect(rows.count == gestures.count)
        #expect(rows.count == 300)
        let byID = Dictionary(uniqueKeysWithValues: rows.map { ($0["id"] ?? "", $0) })
        for g in gestures {
            let id = try #require(g["id"] as? String)
            let row = try #require(byID[id], "no row for \(id)")
            #expect(row["file"] == g["file"] as? String)
            for (column, key) in [("p_r", "p_r"), ("v_p", "v_p"), ("v", "v")] {
                let reported = try #require(g[key] as? Double)
                #expect(Self.same(Double(row[column] ?? ""), reported), "\(id) \(column)")
            }
            let estimates = try #require(g["estimates"] as? [String: Double])
            #expect(Self.same(Double(row["v_lsq2"] ?? ""), estimates["lsq2"]), "\(id) v_lsq2")
            #expect(Self.same(Double(row["v_delta"] ?? ""), estimates["delta"]), "\(id) v_delta")
            #expect(row["intent"] == g["intent"] as? String, "\(id) intent")
            #expect(row["decision"] == g["currentDecision"] as? String, "\(id) decision")
            #expect(Int(row["samples"] ?? "") == g["samples"] as? Int, "\(id) samples")
            let flags = (g["flags"] as? [String] ?? []).joined(separator: ";")
            #expect(row["flags"] == flags, "\(id) flags")
        }
        // Rows in file order: lines ascend.
        let lines = rows.compactMap { Int($0["line"] ?? "") }
        #expect(lines.count == rows.count)
        #expect(lines == lines.sorted())
    }

    @Test(.enabled(if: AnalyzeSupport.sampleExists))
    func ndjsonHoldsTheCSVValues() throws {
        let sample = AnalyzeSupport.sample.path
        let csv = try EndToEnd.run(["measure", sample, "--against", "sloppy-swiper"])
        let ndjson = try EndToEnd.run([
            "measure", sample, "--against", "sloppy-swiper", "--format", "ndjson",
        ])
        #expect(csv.status == 0 && ndjson.status == 0, "\(csv.stderr)\(ndjson.stderr)")
        let (header, rows) = Self.table(csv.stdout)
        #expect(header.last == "decision_against")
        let lines = ndjson.stdout.split(separator: "\n")
        #expect(lines.count == rows.count)
        var againstDiffers = 0
        for (line, row) in zip(lines, rows) {
            let object = try #require(
                JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            #expect(Set(object.keys) == Set(header))
            #expect(object["id"] as? String == row["id"])
            #expect(object["line"] as? Int == Int(row["line"] ?? ""))
            for column in ["p_r", "v_p", "v", "v_lsq1", "v_impulse", "extent", "duration"] {
                #expect(
                    Self.same(object[column] as? Double, Double(row[column] ?? "")), "\(column)")
            }
            #expect(object["v_platform"] is NSNull && row["v_platform"] == "")
            #expect(object["interrupted"] as? Bool == (row["interrupted"] == "true"))
            #expect(object["decision"] as? String == row["decision"])
            #expect(object["decision_against"] as? String == row["decision_against"])
            if row["decision"] != row["decision_against"] { againstDiffers += 1 }
        }
        // The second set is really a second decision, not the first one repeated.
        #expect(againstDiffers > 0)
    }

    @Test func malformedFileFailsAsValidateDoes() throws {
        let file = URL(
            fileURLWithPath: try TestSupport.writeTemporaryFile(Traces.malformed, name: "bad.csv"))
        let validate = try EndToEnd.run(["validate", file.path])
        let measure = try EndToEnd.run(["measure", file.path])
        #expect(validate.status == 65)
        #expect(measure.status == validate.status)
        // The same problem, at the same place.
        let error = measure.stderr.split(separator: "\n").first.map(String.init) ?? ""
        #expect(error.contains("bad.csv:4"), "\(measure.stderr)")
        #expect(validate.stderr.contains(error), "\(validate.stderr) vs \(error)")
        // An output file is not created from a malformed input.
        let out = file.deletingLastPathComponent().appendingPathComponent("rows.csv")
        let toFile = try EndToEnd.run(["measure", file.path, "--out", out.path])
        #expect(toFile.status == 65)
        #expect(!FileManager.default.fileExists(atPath: out.path))
        // And an output that is the input is refused (64) before anything is read.
        let clash = try EndToEnd.run(["measure", file.path, "--out", file.path])
        #expect(clash.status == 64)
    }

    /// One gesture moving at 256 pt/s along +x from x = 20: 10 steps of 1/64 s (4 pt each,
    /// exact in binary) to x = 60, lift-off 1/128 s later at the same place, in a 400 pt wide
    /// container. By hand: p_r = 40 / 400 = 0.1, v = 256 pt/s, v_p = 256 / 400 = 0.64, every
    /// estimator 256 (a constant velocity is every fit's exact slope), duration = 10/64 +
    /// 1/128 = 0.1640625 s, 12 samples, first on line 2. flutter-cupertino (0.5 progress or
    /// 1.0 width/s) cancels it; sloppy-swiper (any rightward velocity) completes it.
    @Test func handComputedGesture() throws {
        var lines = ["gesture,t,x,y,phase,intent,width"]
        for i in 0...10 {
            let t = Double(i) / 64
            lines.append("g1,\(t),\(20 + 4 * i),300,\(i == 0 ? "began" : "moved"),cancel,400")
        }
        lines.append("g1,\(10.0 / 64 + 1.0 / 128),60,300,ended,cancel,400")
        let file = URL(
            fileURLWithPath: try TestSupport.writeTemporaryFile(
                lines.joined(separator: "\n") + "\n", name: "one.csv"))
        let out = file.deletingLastPathComponent().appendingPathComponent("rows.csv")
        let result = try EndToEnd.run([
            "measure", file.path, "--params", "flutter-cupertino", "--against", "sloppy-swiper",
            "--out", out.path,
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let (_, rows) = Self.table(try String(contentsOf: out, encoding: .utf8))
        #expect(rows.count == 1)
        let row = try #require(rows.first)
        func number(_ column: String) -> Double { Double(row[column] ?? "") ?? .nan }
        #expect(row["id"] == "g1")
        #expect(row["line"] == "2")
        #expect(row["intent"] == "cancel")
        #expect(row["outcome"] == "")
        #expect(abs(number("p_r") - 0.1) < 1e-12)
        #expect(abs(number("v_p") - 0.64) < 1e-9)
        #expect(abs(number("v") - 256) < 1e-7)
        for estimator in ["v_lsq2", "v_lsq1", "v_impulse", "v_delta"] {
            #expect(abs(number(estimator) - 256) < 1e-7, "\(estimator): \(number(estimator))")
        }
        #expect(number("extent") == 400)
        #expect(abs(number("duration") - 0.1640625) < 1e-12)
        #expect(row["samples"] == "12")
        #expect(row["interrupted"] == "false")
        #expect(!(row["flags"] ?? "").contains("fallback"))
        #expect(row["decision"] == "cancel")
        #expect(row["decision_against"] == "complete")
    }
}
