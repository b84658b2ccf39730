import Foundation
import TestSupport
import Testing

/// Sharding through the built binary: shards run as separate processes (as on a CI matrix),
/// merged by another, write the report of one unsharded run.
@Suite(.enabled(if: EndToEnd.binaryBuilt, EndToEnd.notBuilt))
struct ShardEndToEndTests {
    @Test func threeShardsMergeToTheUnshardedReport() throws {
        let dir = try TestSupport.temporaryDirectory("gesturetune-e2e-shards")
        defer { try? FileManager.default.removeItem(at: dir) }
        var r = try EndToEnd.run(
            [
                "simulate", "--files", "5", "--gestures", "30", "--seed", "4", "--outcome", "ionic",
                "--out", "traces",
            ], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        let traces = EndToEnd.listing(dir.appendingPathComponent("traces")).map { "traces/" + $0 }
        #expect(traces.count == 5)
        let options = ["--resamples", "50", "--seed", "9"]

        r = try EndToEnd.run(
            ["analyze"] + traces + options + ["--out", "whole", "--name", "swipe"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        let wholeSummary = r.stdout

        for k in 1...3 {
            r = try EndToEnd.run(
                ["analyze"] + traces + options + [
                    "--shard", "\(k)/3", "--partial", "parts/p\(k).json",
                ], in: dir)
            #expect(r.status == 0, "\(r.stderr)")
            #expect(r.stdout.isEmpty)
            #expect(r.stderr.contains("shard \(k)/3: "), "\(r.stderr)")
        }
        r = try EndToEnd.run(
            [
                "merge", "parts/p3.json", "parts/p1.json", "parts/p2.json", "--out", "merged",
                "--name", "swipe",
            ], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(
            r.stdout.replacingOccurrences(of: "merged/swipe", with: "whole/swipe") == wholeSummary)

        // Every file of the report folder, byte for byte.
        let whole = dir.appendingPathComponent("whole/swipe")
        let merged = dir.appendingPathComponent("merged/swipe")
        let files = try EndToEnd.expectSameFiles(whole, merged)
        #expect(files.contains("report.json") && files.contains("params.json"))

        // --format json: one complete JSON document, report.json's text.
        r = try EndToEnd.run(
            [
                "merge", "parts/p1.json", "parts/p2.json", "parts/p3.json", "--no-report",
                "--format", "json", "--name", "swipe",
            ], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(
            r.stdout
                == (try String(
                    contentsOf: whole.appendingPathComponent("report.json"), encoding: .utf8)))
        let report = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any]
        #expect((report?["gestures"] as? [Any])?.count == 150)

        // A missing shard: status 65, the file named.
        r = try EndToEnd.run(["merge", "parts/p1.json", "parts/p3.json", "--no-report"], in: dir)
        #expect(r.status == 65)
        #expect(r.stderr.contains("missing shard 2/3"), "\(r.stderr)")
    }
}
