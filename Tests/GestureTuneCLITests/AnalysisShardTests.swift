import Foundation
import GestureReport
import GestureTuning
import TestSupport
import Testing

@testable import GestureTuneCLI

/// `analyze --shard K/N --partial` and `merge` of analyze partials.
///
/// The ground truth is the unsharded run: a merge of any split of the files must write the
/// same `report.json`, byte for byte, and the same summary; the pieces are checked against
/// counts known from the corpus (files, gestures), not against the code's own output.
@Suite(.serialized) struct AnalysisShardTests {
    /// A corpus of `files` simulated files (`gesturetune simulate --files`), labelled, with an
    /// outcome column from `ionic`, listed in reverse order so argument order and sorted order
    /// differ.
    static func corpus(files: Int = 7, gestures: Int = 40, extra: [String] = []) throws -> (
        dir: URL, paths: [String]
    ) {
        let dir = try TestSupport.temporaryDirectory("gesturetune-shard")
        let c = CapturingConsole()
        // One file is written at --out itself.
        try FileManager.default.createDirectory(
            at: dir.appendingPathComponent("traces"), withIntermediateDirectories: true)
        let out = dir.appendingPathComponent(files == 1 ? "traces/sim.csv" : "traces").path
        let status = c.run(
            [
                "simulate", "--files", "\(files)", "--gestures", "\(gestures)", "--seed", "17",
                "--out", out,
            ] + extra)
        #expect(status == .success, "\(c.stderr)")
        let names = try FileManager.default.contentsOfDirectory(
            atPath: dir.appendingPathComponent("traces").path
        ).sorted().reversed()
        return (dir, names.map { dir.appendingPathComponent("traces/\($0)").path })
    }

    static let common = ["--resamples", "40", "--jobs", "2", "--name", "r"]

    /// `analyze FILES` → report.json, with the summary printed.
    static func unsharded(_ paths: [String], in dir: URL, extra: [String] = []) throws -> (
        json: String, summary: String
    ) {
        let c = CapturingConsole()
        let out = dir.appendingPathComponent("whole").path
        let status = c.run(["analyze"] + paths + common + ["--out", out] + extra)
        #expect(status == .success, "\(c.stderr)")
        return (try String(contentsOfFile: out + "/r/report.json", encoding: .utf8), c.stdout)
    }

    /// `analyze FILES --shard k/n --partial` for every k, then `merge` → report.json and the summary.
    static func sharded(_ paths: [String], n: Int, in dir: URL, extra: [String] = []) throws -> (
        json: String, summary: String, partials: [String]
    ) {
        var partials: [String] = []
        for k in 1...n {
            let c = CapturingConsole()
            let partial = dir.appendingPathComponent("part-\(n)-\(k).json").path
            let status = c.run(
                ["analyze"] + paths + [
                    "--resamples", "40", "--jobs", "2", "--shard", "\(k)/\(n)", "--partial",
                    partial,
                ] + extra)
            #expect(status == .success, "\(c.stderr)")
            partials.append(partial)
        }
        let c = CapturingConsole()
        let out = dir.appendingPathComponent("merged-\(n)").path
        // Given in reverse: the order of the partials does not matter.
        let status = c.run(
            ["merge"] + partials.reversed() + ["--out", out, "--name", "r", "--jobs", "2"])
        #expect(status == .success, "\(c.stderr)")
        return (
            try String(contentsOfFile: out + "/r/report.json", encoding: .utf8), c.stdout, partials
        )
    }

    @Test(arguments: [1, 2, 3, 7])
    func mergedShardsWriteTheUnshardedReport(n: Int) throws {
        let (dir, paths) = try Self.corpus()
        defer { try? FileManager.default.removeItem(at: dir) }
        let whole = try Self.unsharded(paths, in: dir)
        let merged = try Self.sharded(paths, n: n, in: dir)
        #expect(merged.json == whole.json)
        #expect(
            merged.summary.replacingOccurrences(of: "merged-\(n)", with: "whole") == whole.summary)
        // 7 files of 40 gestures: every gesture is read, and shown (40 × 7 < 5000).
        let report = try JSONSerialization.jsonObject(with: Data(whole.json.utf8)) as! [String: Any]
        let summary = report["summary"] as! [String: Any]
        #expect(summary["gesturesRead"] as? Int == 280)
        #expect((report["gestures"] as? [Any])?.count == 280)
        #expect((summary["files"] as? [String]) == paths)
        // The shards hold every file once: n partials, each with its share of the 7.
        var held: [String] = []
        for path in merged.partials {
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            #expect(data.starts(with: [0x28, 0xB5, 0x2F, 0xFD]), "a zstd frame")
            let object =
                try JSONSerialization.jsonObject(with: TestSupport.unzstd(data)) as! [String: Any]
            #expect(object["schema"] as? String == "gesturetune-analysis-partial/5")
            held += object["shardFiles"] as! [String]
        }
        #expect(held.sorted() == paths.sorted())
    }

    /// With more gestures than `--sample`, the sample shown is still the same however the files
    /// are split, and bounded.
    @Test func boundedSampleIsPartitionInvariant() throws {
        let (dir, paths) = try Self.corpus(files: 5, gestures: 60)
        defer { try? FileManager.default.removeItem(at: dir) }
        let whole = try Self.unsharded(paths, in: dir, extra: ["--sample", "50"])
        let merged = try Self.sharded(paths, n: 3, in: dir, extra: ["--sample", "50"])
        #expect(merged.json == whole.json)
        let report = try JSONSerialization.jsonObject(with: Data(whole.json.utf8)) as! [String: Any]
        #expect((report["gestures"] as? [Any])?.count == 50)
        #expect((report["summary"] as? [String: Any])?["gesturesRead"] as? Int == 300)
    }

    /// `--by`: each group's statistics travel in the partial; the group section merges to
    /// the unsharded one (people spread over files, so every shard sees several groups).
    @Test func groupsMergeToTheUnshardedSection() throws {
        let (dir, paths) = try Self.corpus(
            files: 4, gestures: 60, extra: ["--people", "3", "--spread", "0.3"])
        defer { try? FileManager.default.removeItem(at: dir) }
        let whole = try Self.unsharded(
            paths, in: dir, extra: ["--by", "person", "--rule", "threshold"])
        let merged = try Self.sharded(
            paths, n: 3, in: dir, extra: ["--by", "person", "--rule", "threshold"])
        #expect(merged.json == whole.json)
        let report = try JSONSerialization.jsonObject(with: Data(whole.json.utf8)) as! [String: Any]
        let groups = (report["groups"] as? [String: Any])?["groups"] as? [[String: Any]]
        #expect(
            groups?.compactMap { $0["name"] as? String } == ["p1", "p2", "p3"],
            "\(String(describing: report["groups"]))")
        #expect(groups?.compactMap { $0["gestures"] as? Int }.reduce(0, +) == 240)
    }

    /// Ids carry their file whenever the run has more than one file, in every shard alike.
    @Test func idsArePrefixedWithTheFileInMultiFileRuns() throws {
        let (dir, paths) = try Self.corpus(files: 2, gestures: 5)
        defer { try? FileManager.default.removeItem(at: dir) }
        let whole = try Self.unsharded(paths, in: dir)
        let report = try JSONSerialization.jsonObject(with: Data(whole.json.utf8)) as! [String: Any]
        let ids = (report["gestures"] as! [[String: Any]]).compactMap { $0["id"] as? String }
        #expect(ids.count == 10)
        #expect(ids.allSatisfy { id in paths.contains { id.hasPrefix($0 + ":") } }, "\(ids)")
        let single = try Self.unsharded([paths[0]], in: dir)
        let one = try JSONSerialization.jsonObject(with: Data(single.json.utf8)) as! [String: Any]
        #expect(
            (one["gestures"] as! [[String: Any]]).allSatisfy {
                !($0["id"] as! String).contains(":")
            })
    }

    // MARK: Refused merges

    func partial(_ paths: [String], _ shard: String, _ out: String, _ extra: [String] = []) throws {
        let c = CapturingConsole()
        let status = c.run(
            ["analyze"] + paths + ["--resamples", "0", "--shard", shard, "--partial", out] + extra)
        #expect(status == .success, "\(c.stderr)")
    }

    func refused(_ partials: [String], _ extra: [String] = []) -> (ExitCode, String) {
        let c = CapturingConsole()
        let status = c.run(["merge"] + partials + ["--no-report"] + extra)
        return (status, c.stderr)
    }

    @Test func mergeRefusesWhatDoesNotBelongTogether() throws {
        let (dir, paths) = try Self.corpus(files: 3, gestures: 8)
        defer { try? FileManager.default.removeItem(at: dir) }
        let p = { (name: String) in dir.appendingPathComponent(name).path }
        try partial(paths, "1/2", p("a1.json"))
        try partial(paths, "2/2", p("a2.json"))
        #expect(refused([p("a1.json"), p("a2.json")]).0 == .success)

        // Settings: each names the setting.
        try partial(paths, "2/2", p("seed.json"), ["--seed", "2"])
        var (status, err) = refused([p("a1.json"), p("seed.json")])
        #expect(status == .dataError)
        #expect(err.contains("setting settings.tuning.options.seed is 2 here but 1 in"), "\(err)")
        try partial(paths, "2/2", p("dir.json"), ["--direction", "left"])
        (status, err) = refused([p("a1.json"), p("dir.json")])
        #expect(status == .dataError)
        #expect(err.contains("settings.input.direction"), "\(err)")
        try partial(paths, "2/2", p("window.json"), ["--horizon", "50ms"])
        (status, err) = refused([p("a1.json"), p("window.json")])
        #expect(err.contains("settings.input.horizon"), "\(err)")
        try partial(paths, "2/2", p("params.json"), ["--params", "ionic"])
        (status, err) = refused([p("a1.json"), p("params.json")])
        #expect(status == .dataError)
        #expect(err.contains("settings.params"), "\(err)")

        // Missing, duplicated, foreign shards.
        (status, err) = refused([p("a1.json")])
        #expect(status == .dataError)
        #expect(err.contains("missing shard 2/2"), "\(err)")
        (status, err) = refused([p("a1.json"), p("a1.json"), p("a2.json")])
        #expect(status == .dataError)
        #expect(err.contains("shard 1/2 is given twice"), "\(err)")
        try partial(paths, "2/3", p("three.json"))
        (status, err) = refused([p("a1.json"), p("three.json")])
        #expect(status == .dataError)
        #expect(err.contains("does not belong with"), "\(err)")
        try partial(Array(paths.dropLast()), "2/2", p("fewer.json"))
        (status, err) = refused([p("a1.json"), p("fewer.json")])
        #expect(status == .dataError)
        #expect(err.contains("does not belong with"), "\(err)")

        // A batch summary among analyze partials, and the reverse.
        let c = CapturingConsole()
        _ = c.run(
            ["batch"] + paths + ["--params", "ionic", "--shard", "2/2", "--json", p("batch.json")])
        (status, err) = refused([p("a1.json"), p("batch.json")])
        #expect(status == .dataError)
        #expect(
            err.contains(
                "a batch summary (gesturetune.batch/1): cannot be merged with analyze partials"),
            "\(err)")
        let d = CapturingConsole()
        #expect(d.run(["merge", p("batch.json"), p("a1.json")]) == .dataError)
        #expect(d.stderr.contains("cannot be merged with analyze partials"), "\(d.stderr)")

        // Gate options do not apply to analyze partials; report options not to batch summaries.
        (status, err) = refused([p("a1.json"), p("a2.json")], ["--max-error", "0.1"])
        #expect(status == .usage)
        #expect(err.contains("'--max-error' applies to batch summaries"), "\(err)")

        // A missing partial is a missing input; a corrupt one a data error.
        (status, _) = refused([p("a1.json"), p("none.json")])
        #expect(status == .noInput)
        try "{\"schema\": \"gesturetune-analysis-partial/5\"}".write(
            toFile: p("bad.json"), atomically: true, encoding: .utf8)
        (status, err) = refused([p("a1.json"), p("bad.json")])
        #expect(status == .dataError)
        #expect(err.contains("not a gesturetune-analysis-partial/5 file: expected "), "\(err)")
        #expect(err.contains(", found none"), "\(err)")
        // A partial cut short (a copy interrupted) names the file and the zstd frame's end.
        let whole = try Data(contentsOf: URL(fileURLWithPath: p("a2.json")))
        try whole.prefix(whole.count / 2).write(to: URL(fileURLWithPath: p("cut.json")))
        (status, err) = refused([p("a1.json"), p("cut.json")])
        #expect(status == .dataError)
        #expect(
            err.contains(
                "cut.json: error: not a gesturetune-analysis-partial/5 file: expected a complete zstd frame, found the end of the data after"
            ), "\(err)")
        // An older version's partial (plain JSON of schema /1) names both schemas.
        try "{\"schema\":\"gesturetune-analysis-partial/1\",\"files\":[]}".write(
            toFile: p("old.json"), atomically: true, encoding: .utf8)
        (status, err) = refused([p("a1.json"), p("old.json")])
        #expect(status == .dataError)
        #expect(
            err.contains(
                "old.json: error: expected a gesturetune-analysis-partial/5 file, found gesturetune-analysis-partial/1"
            ), "\(err)")
        // The same partial decompressed (`unzstd`) merges as it is.
        try TestSupport.unzstd(whole).write(to: URL(fileURLWithPath: p("plain.json")))
        #expect(refused([p("a1.json"), p("plain.json")]).0 == .success)
    }

    @Test func shardOptionsAreChecked() throws {
        let c = CapturingConsole()
        #expect(c.run(["analyze", "a.csv", "--shard", "1/2"]) == .usage)
        #expect(c.stderr.contains("'--shard' needs '--partial FILE'"))
        #expect(c.run(["analyze", "a.csv", "--shard", "3/2", "--partial", "p.json"]) == .usage)
        #expect(c.run(["analyze", "a.csv", "--partial", "p.json", "--out", "x"]) == .usage)
        #expect(c.run(["analyze", "a.csv", "--partial", "a.csv"]) == .usage)
    }

    /// The shard split is `batch --shard`'s: every N-th file of the sorted list.
    @Test func shardIndicesFollowTheSortedList() {
        let files = ["c.csv", "a.csv", "d.csv", "b.csv", "e.csv"]
        // Sorted: a(1) b(3) c(0) d(2) e(4); shard 1/2 takes a, c, e → indices 0, 1, 4.
        #expect(
            AnalyzePipeline.shardIndices(files, shard: .init(index: 1, count: 2, corpusFiles: 0))
                == [0, 1, 4])
        #expect(
            AnalyzePipeline.shardIndices(files, shard: .init(index: 2, count: 2, corpusFiles: 0))
                == [2, 3])
        #expect(
            AnalyzePipeline.shardIndices(files, shard: .init(index: 7, count: 7, corpusFiles: 0))
                == [])
        #expect(AnalyzePipeline.shardIndices(files, shard: nil) == [0, 1, 2, 3, 4])
    }

    // MARK: Size

    /// A partial holds statistics and a bounded sample, not gestures: 20 times the gestures
    /// (2,000 → 40,000) must give far less than 20 times the bytes. (The statistics' cells and
    /// bins fill up towards their fixed grids as gestures come in, so the size still grows
    /// between these counts; `bench/shards.sh` reports sizes at a million gestures and more.)
    /// The sample part is the same size: `--sample 100` rows in both.
    @Test func partialSizeIsFlatInGestureCount() throws {
        var sizes: [Int] = []
        var rows: [Int] = []
        for gestures in [2_000, 40_000] {
            let (dir, paths) = try Self.corpus(files: 1, gestures: gestures)
            defer { try? FileManager.default.removeItem(at: dir) }
            let out = dir.appendingPathComponent("p.json").path
            try partial(paths, "1/1", out, ["--sample", "100"])
            sizes.append(try FileManager.default.attributesOfItem(atPath: out)[.size] as! Int)
            let object =
                try JSONSerialization.jsonObject(
                    with: TestSupport.unzstd(Data(contentsOf: URL(fileURLWithPath: out))))
                as! [String: Any]
            rows.append((object["sample"] as? [String: Any])?["rows"] as? Int ?? -1)
        }
        #expect(rows == [100, 100])
        #expect(sizes[1] < 4 * sizes[0], "\(sizes)")
    }
}
