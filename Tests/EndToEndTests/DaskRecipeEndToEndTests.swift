import Foundation
import TestSupport
import Testing

/// `recipes/dask_shards.py` (issue 32): `analyze --shard K/N --partial` as Dask tasks on the
/// local scheduler, then `merge`, writes the report folder of one unsharded `analyze`, byte
/// for byte, and prints its summary. Needs python3 with dask (`make pydeps` installs it).
@Suite(
    .enabled(if: EndToEnd.binaryBuilt, EndToEnd.notBuilt),
    .enabled(if: DaskRecipe.available, DaskRecipe.absent))
struct DaskRecipeEndToEndTests {
    @Test func threeDaskShardsMergeToTheUnshardedReport() throws {
        let dir = try TestSupport.temporaryDirectory("gesturetune-e2e-dask")
        defer { try? FileManager.default.removeItem(at: dir) }
        var r = try EndToEnd.run(
            [
                "simulate", "--files", "4", "--gestures", "30", "--seed", "12", "--out", "traces",
            ], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        let traces = EndToEnd.listing(dir.appendingPathComponent("traces")).map { "traces/" + $0 }
        #expect(traces.count == 4)
        let options = ["--resamples", "60", "--seed", "5", "--jobs", "1"]

        r = try EndToEnd.run(
            ["analyze"] + traces + options + ["--out", "whole", "--name", "swipe"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        let wholeSummary = r.stdout

        r = try DaskRecipe.run(
            [
                "--shards", "3", "--workers", "2", "--partials", "parts", "--out", "merged",
                "--name", "swipe",
            ] + traces + ["--"] + options, in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(
            r.stdout.replacingOccurrences(of: "merged/swipe", with: "whole/swipe") == wholeSummary)
        // One partial per shard, and together they hold every file once.
        #expect(
            EndToEnd.listing(dir.appendingPathComponent("parts"))
                == (1...3).map { "part-\($0).json" })
        var held: [String] = []
        for k in 1...3 {
            let data = try Data(contentsOf: dir.appendingPathComponent("parts/part-\(k).json"))
            let partial =
                try JSONSerialization.jsonObject(with: TestSupport.unzstd(data)) as? [String: Any]
                ?? [:]
            #expect(partial["schema"] as? String == "gesturetune-analysis-partial/5")
            held += partial["shardFiles"] as? [String] ?? []
        }
        #expect(held.sorted() == traces.sorted())

        // Every file of the report folder, byte for byte.
        let whole = dir.appendingPathComponent("whole/swipe")
        let merged = dir.appendingPathComponent("merged/swipe")
        let files = try EndToEnd.expectSameFiles(whole, merged)
        #expect(files.contains("report.json") && files.contains("params.json"))
        let report = try EndToEnd.json(whole.appendingPathComponent("report.json"))
        #expect((report["summary"] as? [String: Any])?["gesturesRead"] as? Int == 120)
    }

    /// A shard that fails stops the recipe with that shard's status and its error, and no
    /// report is written.
    @Test func aFailingShardFailsTheRecipe() throws {
        let dir = try TestSupport.temporaryDirectory("gesturetune-e2e-dask-fail")
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try DaskRecipe.run(
            [
                "--shards", "2", "--partials", "parts", "--out", "merged", "--name", "swipe",
                "missing-1.csv", "missing-2.csv", "--", "--resamples", "0",
            ], in: dir)
        #expect(r.status == 66, "\(r.stdout)\n\(r.stderr)")
        #expect(r.stderr.contains("failed with exit status 66"), "\(r.stderr)")
        #expect(r.stderr.contains("missing-"), "\(r.stderr)")
        #expect(
            !FileManager.default.fileExists(atPath: dir.appendingPathComponent("merged/swipe").path)
        )
    }
}

enum DaskRecipe {
    static let script = TestSupport.packageRoot.appendingPathComponent("recipes/dask_shards.py")
        .path

    static let available: Bool = {
        guard
            let r = try? TestSupport.runProcess(
                ["/usr/bin/env", "python3", "-c", "import dask, dask.delayed"])
        else { return false }
        return r.status == 0
    }()

    static let absent: Comment =
        "python3 with dask is absent (pip install dask, or make pydeps): Dask recipe check skipped"

    /// `python3 recipes/dask_shards.py --gesturetune BIN ARGUMENTS` in `dir`, with the
    /// environment `EndToEnd.run` gives the binary.
    static func run(_ arguments: [String], in dir: URL) throws -> TestSupport.RunResult {
        let bin = try #require(TestSupport.binaryPath)
        return try TestSupport.runProcess(
            ["/usr/bin/env", "python3", script, "--gesturetune", bin] + arguments, in: dir,
            environment: EndToEnd.environment)
    }
}
