import Foundation
import TestSupport
import Testing

/// Outputs and inputs that are pipes (`| wc`, `>(tee x)`, `<(cat x)`) are written and read
/// through, and an output set that fails takes back the folders it created.
@Suite(.enabled(if: TestSupport.binaryPath != nil, "gesturetune not built: skipped"))
struct OutputSafetyPipeEndToEndTests {
    /// Runs `script` with bash in `dir`, `$0` being the binary.
    static func bash(_ script: String, in dir: URL) throws -> TestSupport.RunResult {
        let bin = try #require(TestSupport.binaryPath)
        return try TestSupport.runProcess(
            ["/bin/bash", "-c", script, bin], in: dir, environment: EndToEnd.environment)
    }

    /// A corpus with one clean trace, its report (`rep/pass/report.json`, `params.json`) and
    /// a batch summary (`base.json`).
    static func corpus() throws -> URL {
        let dir = try Traces.corpus(["traces/pass.csv": Traces.csv(Traces.clear)])
        let report = try EndToEnd.run(
            ["analyze", "traces/pass.csv", "--out", "rep", "--name", "pass"], in: dir)
        try #require(report.status == 0, "\(report.stderr)")
        let batch = try EndToEnd.run(
            ["batch", "traces", "--params", "flutter-cupertino", "--json", "base.json"], in: dir)
        try #require(batch.status == 0, "\(batch.stderr)")
        return dir
    }

    @Test func outputsToPipesAreWrittenThrough() throws {
        let dir = try Self.corpus()
        let json = try Self.bash(
            "\"$0\" batch traces --params flutter-cupertino --json /dev/stdout | cat;"
                + " echo \"status ${PIPESTATUS[0]}\"",
            in: dir)
        #expect(json.stdout.contains("gesturetune.batch/1"), "\(json.stderr)")
        #expect(json.stdout.hasSuffix("status 0\n"), "\(json.stderr)")
        let partial = try Self.bash(
            "\"$0\" analyze traces/pass.csv --partial /dev/stdout | wc -c;"
                + " echo \"status ${PIPESTATUS[0]}\"",
            in: dir)
        #expect(partial.stdout.hasSuffix("status 0\n"), "\(partial.stderr)")
        #expect((Int(partial.stdout.split(separator: "\n").first ?? "") ?? 0) > 100)
        let junit = try Self.bash(
            "\"$0\" batch traces --params flutter-cupertino --junit /dev/fd/3 3>&1 >/dev/null"
                + " | cat; echo \"status ${PIPESTATUS[0]}\"",
            in: dir)
        #expect(junit.stdout.contains("<testsuite"), "\(junit.stderr)")
        #expect(junit.stdout.hasSuffix("status 0\n"), "\(junit.stderr)")
    }

    @Test func inputsFromPipesAreRead() throws {
        let dir = try Self.corpus()
        let diff = try Self.bash(
            "\"$0\" diff <(cat rep/pass/report.json) rep/pass/report.json", in: dir)
        #expect(diff.status == 0, "\(diff.stderr)")
        #expect(diff.stdout.contains("no change"))
        let baseline = try Self.bash(
            "\"$0\" batch traces --params flutter-cupertino --baseline <(cat base.json)",
            in: dir)
        #expect(baseline.status == 0, "\(baseline.stderr)")
        let params = try Self.bash(
            "\"$0\" analyze traces/pass.csv --no-report --params <(cat rep/pass/params.json)",
            in: dir)
        #expect(params.status == 0, "\(params.stderr)")
        let fifo = try Self.bash(
            "mkfifo f.json && (cat rep/pass/report.json > f.json &) && \"$0\" diff f.json"
                + " rep/pass/report.json",
            in: dir)
        #expect(fifo.status == 0, "\(fifo.stderr)")
        // merge reads each partial or summary once (a pipe cannot be read again), and the
        // result is the one of the same files on disk.
        let shards = try Self.bash(
            "\"$0\" batch traces --params flutter-cupertino --shard 1/1 --json s1.json"
                + " && \"$0\" analyze traces/pass.csv --partial p1.json 2>/dev/null", in: dir)
        try #require(shards.status == 0, "\(shards.stderr)")
        let fromDisk = try EndToEnd.run(["merge", "s1.json"], in: dir)
        let fromPipe = try Self.bash("\"$0\" merge <(cat s1.json)", in: dir)
        #expect(fromPipe.status == fromDisk.status, "\(fromPipe.stderr)")
        #expect(fromPipe.stdout == fromDisk.stdout)
        let partial = try Self.bash("\"$0\" merge <(cat p1.json) --no-report", in: dir)
        #expect(partial.status == 0, "\(partial.stderr)")
        #expect(partial.stdout.contains("gestures used of"), "\(partial.stdout)")
        let folder = try EndToEnd.run(["diff", "rep", "rep/pass/report.json"], in: dir)
        #expect(folder.status == 66)
        #expect(folder.stderr.contains("it is a folder"))
        let missing = try EndToEnd.run(["diff", "nothing.json", "rep/pass/report.json"], in: dir)
        #expect(missing.status == 66)
        #expect(missing.stderr.contains("no such file"))
    }

    /// A set whose files cannot be written (here: the paths exceed PATH_MAX once the file name
    /// is added; on a full disk: ENOSPC) removes the folders it created.
    @Test func failedSetLeavesNoFolder() throws {
        let dir = try TestSupport.temporaryDirectory("gesturetune-e2e")
        let deep =
            "new/"
            + Array(repeating: String(repeating: "d", count: 254), count: 16)
            .joined(separator: "/")
        let run = try EndToEnd.run(
            ["simulate", "--files", "3", "--gestures", "5", "--out", deep], in: dir)
        #expect(run.status == 73)
        #expect(EndToEnd.listing(dir) == [])
        // A write past `ulimit -f` (EFBIG, then SIGXFSZ's clean-up) leaves no folder either.
        let limited = try Self.bash(
            "trap '' XFSZ; ulimit -f 1; \"$0\" simulate --files 3 --gestures 50 --out sims/new",
            in: dir)
        #expect(limited.status != 0)
        #expect(EndToEnd.listing(dir) == [])
    }
}
