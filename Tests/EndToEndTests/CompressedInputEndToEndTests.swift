import Foundation
import TestSupport
import Testing

/// gzip and zstd traces through the built binary: `validate`, `analyze` (whole and sharded),
/// `batch` over a folder and standard input read them as their text; a truncated one is exit
/// 65 naming the file.
@Suite(.enabled(if: EndToEnd.binaryBuilt, EndToEnd.notBuilt))
struct CompressedInputEndToEndTests {
    /// A folder with `name` plain, `name.gz` and `name.zst` holding `text`.
    static func folder(_ name: String, _ text: String) throws -> URL {
        let dir = try TestSupport.temporaryDirectory("gesturetune-e2e-compressed")
        let data = Data(text.utf8)
        try data.write(to: dir.appendingPathComponent(name))
        try TestSupport.gzip(data).write(to: dir.appendingPathComponent(name + ".gz"))
        try TestSupport.zstd(data).write(to: dir.appendingPathComponent(name + ".zst"))
        return dir
    }

    @Test func validateAndAnalyzeReadTheTextsGestures() throws {
        let dir = try Self.folder("s.csv", Traces.csv(Traces.twoWrong + Traces.clear))
        defer { try? FileManager.default.removeItem(at: dir) }
        let plainCheck = try EndToEnd.run(["validate", "s.csv"], in: dir)
        #expect(plainCheck.status == 0, "\(plainCheck.stderr)")
        #expect(plainCheck.stdout.contains("s.csv: "), "\(plainCheck.stdout)")
        let plain = try EndToEnd.run(["analyze", "--no-report", "s.csv"], in: dir)
        #expect(plain.status == 0, "\(plain.stderr)")
        #expect(plain.stdout.contains("12 gestures used of 12 read"), "\(plain.stdout)")
        for ext in ["gz", "zst"] {
            let check = try EndToEnd.run(["validate", "s.csv.\(ext)"], in: dir)
            #expect(check.status == 0, "\(check.stderr)")
            #expect(
                check.stdout
                    == plainCheck.stdout.replacingOccurrences(of: "s.csv", with: "s.csv.\(ext)"))
            // The report is named after the text (`s`), and the folds are the text's (a gesture's
            // key leaves `.gz` and `.zst` out): the summary is the same, byte for byte.
            let read = try EndToEnd.run(["analyze", "--no-report", "s.csv.\(ext)"], in: dir)
            #expect(read.status == 0, "\(read.stderr)")
            #expect(read.stdout == plain.stdout)
        }
        // Standard input: the magic number is read off the pipe.
        var fromStandardInput: [String] = []
        for name in ["s.csv", "s.csv.zst", "s.csv.gz"] {
            let piped = try TestSupport.run(
                ["analyze", "--no-report", "-", "--name", "s"], in: dir,
                stdin: try Data(contentsOf: dir.appendingPathComponent(name)))
            #expect(piped.status == 0, "\(piped.stderr)")
            fromStandardInput.append(piped.stdout)
        }
        #expect(fromStandardInput[0].contains("12 gestures used of 12 read"))
        #expect(Set(fromStandardInput).count == 1, "\(fromStandardInput)")
    }

    /// A bad value on line 4 of the text is reported on line 4, exit 65.
    @Test func aBadValueNamesItsLineOfTheText() throws {
        let dir = try Self.folder("m.csv", Traces.malformed)
        defer { try? FileManager.default.removeItem(at: dir) }
        for ext in ["gz", "zst"] {
            let r = try EndToEnd.run(["validate", "m.csv.\(ext)"], in: dir)
            #expect(r.status == 65)
            #expect(
                r.stderr.contains(
                    "m.csv.\(ext):4: error: column \"x\": expected a number, found \"abc\""),
                "\(r.stderr)")
        }
    }

    @Test(arguments: ["gz", "zst"])
    func aTruncatedFileIsBadData(ext: String) throws {
        let dir = try Self.folder("s.csv", Traces.csv(Traces.clear))
        defer { try? FileManager.default.removeItem(at: dir) }
        let whole = try Data(contentsOf: dir.appendingPathComponent("s.csv.\(ext)"))
        let kept = whole.count / 2
        try whole.prefix(kept).write(to: dir.appendingPathComponent("cut.csv.\(ext)"))
        let format = ext == "gz" ? "gzip" : "zstd"
        for command in [
            ["validate"], ["analyze", "--no-report"], ["analyze", "--no-report", "--lenient"],
        ] {
            let r = try EndToEnd.run(command + ["cut.csv.\(ext)"], in: dir)
            #expect(r.status == 65, "\(command) \(r.stderr)")
            #expect(
                r.stderr.contains(
                    "cut.csv.\(ext): error: expected a complete \(format) stream, found the end of the file after \(kept) bytes"
                ), "\(command) \(r.stderr)")
        }
    }

    /// The folder walk takes `*.csv.gz` and `*.csv.zst` (any case) beside `*.csv`, and nothing
    /// else compressed.
    @Test func batchFindsCompressedTracesInAFolder() throws {
        let text = Data(Traces.csv(Traces.clear).utf8)
        let wrong = Data(Traces.csv(Traces.twoWrong).utf8)
        let dir = try TestSupport.temporaryDirectory("gesturetune-e2e-compressed-batch")
        defer { try? FileManager.default.removeItem(at: dir) }
        let traces = dir.appendingPathComponent("traces/sub")
        try FileManager.default.createDirectory(at: traces, withIntermediateDirectories: true)
        try text.write(to: dir.appendingPathComponent("traces/plain.csv"))
        try TestSupport.gzip(text).write(to: dir.appendingPathComponent("traces/a.csv.gz"))
        try TestSupport.gzip(wrong).write(to: traces.appendingPathComponent("b.CSV.GZ"))
        try TestSupport.zstd(text).write(to: traces.appendingPathComponent("c.csv.zst"))
        try TestSupport.gzip(text).write(to: dir.appendingPathComponent("traces/notes.txt.gz"))
        try TestSupport.gzip(text).write(to: dir.appendingPathComponent("traces/archive.gz"))
        let r = try EndToEnd.run(
            [
                "batch", "traces", "--params", "flutter-cupertino", "--max-error", "0.05",
                "--json", "out/summary.json",
            ], in: dir)
        #expect(r.status == 1, "\(r.stderr)")
        #expect(
            r.stdout.contains(
                "FAIL   traces/sub/b.CSV.GZ: error 33.3% (2/6) exceeds --max-error 5.0%"),
            "\(r.stdout)")
        #expect(r.stdout.contains("4 files: 3 passed, 1 failed"), "\(r.stdout)")
        let summary = try EndToEnd.json(dir.appendingPathComponent("out/summary.json"))
        #expect(
            (summary["files"] as? [[String: Any]])?.compactMap { $0["path"] as? String } == [
                "traces/a.csv.gz", "traces/plain.csv", "traces/sub/b.CSV.GZ",
                "traces/sub/c.csv.zst",
            ])
    }

    /// `--shard` reads compressed files like any: the merged partials give the unsharded
    /// report's summary.
    @Test func shardsOfCompressedFilesMergeToTheWholeRun() throws {
        let dir = try TestSupport.temporaryDirectory("gesturetune-e2e-compressed-shards")
        defer { try? FileManager.default.removeItem(at: dir) }
        var files: [String] = []
        for (index, gestures) in [Traces.clear, Traces.twoWrong, Traces.clear].enumerated() {
            let data = Data(Traces.csv(gestures).utf8)
            let name = "t\(index).csv." + (index == 1 ? "zst" : "gz")
            try (index == 1 ? TestSupport.zstd(data) : TestSupport.gzip(data)).write(
                to: dir.appendingPathComponent(name))
            files.append(name)
        }
        let options = ["--resamples", "50", "--seed", "9"]
        var r = try EndToEnd.run(
            ["analyze"] + files + options + ["--out", "whole", "--name", "swipe"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("18 gestures used of 18 read"), "\(r.stdout)")
        let whole = r.stdout
        for k in 1...2 {
            r = try EndToEnd.run(
                ["analyze"] + files + options + ["--shard", "\(k)/2", "--partial", "p\(k).json"],
                in: dir)
            #expect(r.status == 0, "\(r.stderr)")
        }
        r = try EndToEnd.run(
            ["merge", "p1.json", "p2.json", "--out", "merged", "--name", "swipe"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.replacingOccurrences(of: "merged/swipe", with: "whole/swipe") == whole)
    }
}
