import Foundation
import GestureIO
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// What the binary does with what its outputs point at, with its standard streams, and with
/// values it reads back (docs/robustness.md, "Outputs and streams"). Each test runs the built
/// binary in a scratch folder; the expected outcomes are the rules stated there.
@Suite(.enabled(if: Corpus.binaryBuilt, Corpus.notBuilt))
struct OutputSafetyTests {
    /// A small labelled trace (simulated, seeded) in a fresh scratch folder.
    static func scratchWithTrace() throws -> (folder: URL, trace: String) {
        let folder = try TestSupport.temporaryDirectory("gesturetune-outputs")
        let trace = folder.appendingPathComponent("s.csv").path
        let made = try TestSupport.run(["simulate", "--gestures", "20", "--out", trace])
        #expect(made.status == 0, "\(made.stderr)")
        return (folder, trace)
    }

    /// Waits until process `pid` ignores or catches `signal` (its handlers are installed), from
    /// `/proc/PID/status`; false after 60 s or when the process is gone. A signal sent before
    /// would kill it with the default action, however slow the (sanitized) binary starts.
    static func waitForHandler(_ pid: Int32, _ signal: Int32) -> Bool {
        for _ in 0..<6_000 {
            guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
            else { return false }
            for line in status.split(separator: "\n") where line.hasPrefix("SigCgt:") {
                if let mask = UInt64(line.split(separator: "\t").last ?? "", radix: 16),
                    mask & (1 << UInt64(signal - 1)) != 0
                {
                    return true
                }
            }
            Thread.sleep(forTimeInterval: 0.01)
        }
        return false
    }

    static func fileType(_ path: String) -> mode_t? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        return info.st_mode & S_IFMT
    }

    /// Runs `script` with `sh -c`, `$0` the binary and `$1`... the arguments, in `folder`.
    static func shell(_ script: String, _ arguments: [String], in folder: URL) throws
        -> TestSupport.RunResult
    {
        let bin = try #require(TestSupport.binaryPath)
        var env = ProcessInfo.processInfo.environment
        env["NO_COLOR"] = "1"
        env["SWIFT_BACKTRACE"] = "enable=no"
        return try TestSupport.runProcess(
            ["/bin/sh", "-c", script, bin] + arguments, in: folder, environment: env)
    }

    // MARK: Item 1: outputs never replace what they point at

    /// `--json` through a link to `/dev/null`: the device is written in place, so the link and
    /// the device stay as they were. (A link rather than `/dev/null` itself, so a regression
    /// replaces only the link, never the container's `/dev/null`.)
    /// An output never replaces a trace found by walking a folder, nor the file standard input
    /// reads: 64 naming both, the trace unchanged.
    @Test func outputsNeverReplaceWalkedInputsOrStandardInput() throws {
        let folder = try TestSupport.temporaryDirectory("gesturetune-walked")
        defer { try? FileManager.default.removeItem(at: folder) }
        let traces = folder.appendingPathComponent("t")
        try FileManager.default.createDirectory(at: traces, withIntermediateDirectories: true)
        let text =
            "gesture,t,x,y,phase,intent\ng,0,0,0,began,complete\ng,0.016,40,0,moved,complete\ng,0.033,90,0,ended,complete\n"
        let trace = traces.appendingPathComponent("a.csv")
        try text.write(to: trace, atomically: true, encoding: .utf8)
        for arguments in [
            ["measure", "t", "--out", "t/a.csv"],
            ["analyze", "t", "--shard", "1/1", "--partial", "t/a.csv"],
        ] {
            let r = try TestSupport.run(arguments, in: folder)
            #expect(r.status == 64, "\(arguments): \(r.stderr)")
            #expect(r.stderr.contains("names the input t/a.csv"), "\(r.stderr)")
        }
        let binary = try #require(TestSupport.binaryPath)
        let piped = try TestSupport.runProcess(
            ["/bin/sh", "-c", "\"$0\" measure - --out t/a.csv < t/a.csv", binary], in: folder)
        #expect(piped.status == 64, "\(piped.stderr)")
        #expect(piped.stderr.contains("names the input standard input"), "\(piped.stderr)")
        #expect(try String(contentsOf: trace, encoding: .utf8) == text)
    }

    @Test func aDeviceIsWrittenThroughNotReplaced() throws {
        let (folder, trace) = try Self.scratchWithTrace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let link = folder.appendingPathComponent("null.json").path
        #expect(symlink("/dev/null", link) == 0)
        let result = try TestSupport.run(
            ["batch", trace, "--params", "ionic", "--json", link, "--junit", link + ".xml"],
            in: folder)
        #expect(result.status == 0 || result.status == 1, "\(result.stderr)")
        #expect(Self.fileType(link) == S_IFLNK)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "/dev/null")
        #expect(Self.fileType("/dev/null") == S_IFCHR)
    }

    /// A link to a regular file: the file it names is replaced, the link stays a link.
    @Test func aLinkToAFileIsFollowed() throws {
        let (folder, trace) = try Self.scratchWithTrace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let real = folder.appendingPathComponent("real.json").path
        let link = folder.appendingPathComponent("link.json").path
        try "old".write(toFile: real, atomically: false, encoding: .utf8)
        #expect(symlink("real.json", link) == 0)
        let result = try TestSupport.run(
            ["batch", trace, "--params", "ionic", "--json", link], in: folder)
        #expect(result.status == 0 || result.status == 1, "\(result.stderr)")
        #expect(Self.fileType(link) == S_IFLNK)
        let written = try String(contentsOfFile: real, encoding: .utf8)
        #expect(written.contains("\"schema\" : \"gesturetune.batch/1\""))
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(names == ["link.json", "real.json", "s.csv"])
    }

    /// A FIFO given to `--junit` receives the XML and stays a FIFO.
    @Test func aFIFOIsWrittenThrough() throws {
        let (folder, trace) = try Self.scratchWithTrace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = folder.appendingPathComponent("junit.fifo").path
        #expect(mkfifo(fifo, 0o644) == 0)
        let result = try Self.shell(
            "cat \"$2\" > received.xml & \"$0\" batch \"$1\" --params ionic --junit \"$2\"; status=$?; wait; exit $status",
            [trace, fifo], in: folder)
        #expect(result.status == 0 || result.status == 1, "\(result.stderr)")
        #expect(Self.fileType(fifo) == S_IFIFO)
        let received = try String(
            contentsOfFile: folder.appendingPathComponent("received.xml").path, encoding: .utf8)
        #expect(received.hasPrefix("<?xml"))
        #expect(received.contains("<testcase"))
    }

    @Test(arguments: [
        ["--json", "F", "--junit", "F"],
        ["--json", "F", "--write-baseline", "./F"],
        ["--junit", "s.csv"],
        ["--json", "./s.csv"],
        ["--json", ""],
    ])
    func anOutputNamingAnInputOrAnotherOutputIsRefused(_ options: [String]) throws {
        let (folder, trace) = try Self.scratchWithTrace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let before = try Data(contentsOf: URL(fileURLWithPath: trace))
        let result = try TestSupport.run(
            ["batch", "s.csv", "--params", "ionic"] + options, in: folder)
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("Error: "))
        #expect(try Data(contentsOf: URL(fileURLWithPath: trace)) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["s.csv"])
    }

    /// Refreshing a baseline in place is allowed: it is read whole before anything is written.
    @Test func writeBaselineMayNameTheBaseline() throws {
        let (folder, _) = try Self.scratchWithTrace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let first = try TestSupport.run(
            ["batch", "s.csv", "--params", "ionic", "--json", "b.json"], in: folder)
        #expect(first.status == 0 || first.status == 1, "\(first.stderr)")
        let again = try TestSupport.run(
            [
                "batch", "s.csv", "--params", "ionic", "--baseline", "b.json", "--write-baseline",
                "b.json",
            ], in: folder)
        #expect(again.status == first.status, "\(again.stderr)")
    }

    // MARK: Item 2: a full or closed standard stream is an ordinary error

    @Test(arguments: [
        ("validate \"$1\" > /dev/full", "standard output: No space left on device"),
        ("validate \"$1\" >&-", "standard output: Bad file descriptor"),
        ("--help > /dev/full", "standard output: No space left on device"),
        ("simulate --gestures 500 > /dev/full", "standard output: No space left on device"),
    ])
    func aStandardOutputThatFailsExits74(_ script: String, _ message: String) throws {
        let (folder, trace) = try Self.scratchWithTrace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try Self.shell("exec \"$0\" " + script, [trace], in: folder)
        #expect(result.status == 74, "\(result.stderr)")
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("error: cannot write to " + message), "\(result.stderr)")
    }

    @Test func aFullStandardErrorExits74Silently() throws {
        let (folder, _) = try Self.scratchWithTrace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try Self.shell("exec \"$0\" validate missing.csv 2> /dev/full", [], in: folder)
        #expect(result.status == 74)
        #expect(result.stdout.contains("missing.csv: unreadable"))
    }

    // MARK: Item 3: JSON read back is checked

    /// A shard summary with one value changed to something no run can produce.
    @Test(arguments: [
        (
            "misdecided", "-1000",
            "files[0].misdecided: expected a count from 0 to 1099511627776, found -1000"
        ),
        ("misdecided", "100000", "files[0].misdecided: expected at most labelled ("),
        ("maxError", "-1e300", "gate.maxError: expected a value from 0 to 1, found -1e+300"),
        ("tolerance", "7", "gate.tolerance: expected a value from 0 to 1, found 7.0"),
        (
            "labelled", "1000000000000000000",
            "files[0].labelled: expected a count from 0 to 1099511627776, found 1000000000000000000"
        ),
    ])
    func mergeRefusesImpossibleValues(_ key: String, _ value: String, _ message: String) throws {
        let (folder, _) = try Self.scratchWithTrace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let shard = try TestSupport.run(
            ["batch", "s.csv", "--params", "ionic", "--shard", "1/1", "--json", "shard.json"],
            in: folder)
        #expect(shard.status == 0 || shard.status == 1, "\(shard.stderr)")
        var text = try String(
            contentsOfFile: folder.appendingPathComponent("shard.json").path, encoding: .utf8)
        let pattern = try #require(try? Regex("\"\(key)\" : [^,\\n]+"))
        #expect(text.contains(pattern))
        text.replace(pattern, with: "\"\(key)\" : \(value)", maxReplacements: 1)
        try text.write(
            toFile: folder.appendingPathComponent("bad.json").path, atomically: true,
            encoding: .utf8)
        let merged = try TestSupport.run(["merge", "bad.json"], in: folder)
        #expect(merged.status == 65, "\(merged.stderr)")
        #expect(merged.stderr.contains("bad.json: error: " + message), "\(merged.stderr)")
        let baseline = try TestSupport.run(
            ["batch", "s.csv", "--params", "ionic", "--baseline", "bad.json"], in: folder)
        #expect(baseline.status == 65, "\(baseline.stderr)")
        #expect(baseline.stderr.contains("bad.json: error: " + message), "\(baseline.stderr)")
    }

    /// A partial whose per-file counts are negative (they would cancel real ones when shards
    /// are summed) is refused with 65, naming the file and the key.
    @Test(arguments: [
        ("\"gestures\":20,", "\"gestures\":-20,", "reads[0].gestures", "-20"),
        ("\"problems\":[],\"rows\":", "\"problems\":[],\"rows\":-", "reads[0].rows", "-"),
        ("\"skipped\":{}", "\"skipped\":{\"not-closed\":-2}", "reads[0].skipped.not-closed", "-2"),
        ("\"duplicateRows\":0", "\"duplicateRows\":-1", "reads[0].duplicateRows", "-1"),
        ("\"intent\":0", "\"intent\":-4", "labels.intent", "-4"),
        ("\"counts\":{\"right\":20}", "\"counts\":{\"right\":-20}", "motion.counts.right", "-20"),
        ("\"beyondWidth\":[0,", "\"beyondWidth\":[-1e300,", "motion.beyondWidth[0]", "-1e+300"),
    ])
    func mergeRefusesNegativeCountsInAPartial(
        _ original: String, _ replacement: String, _ key: String, _ found: String
    ) throws {
        let (folder, _) = try Self.scratchWithTrace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let shard = try TestSupport.run(
            ["analyze", "s.csv", "--shard", "1/1", "--partial", "part.json"], in: folder)
        #expect(shard.status == 0, "\(shard.stderr)")
        // The partial is a zstd frame: tampered with decompressed (merge reads that too).
        let text = String(
            decoding: TestSupport.unzstd(
                try Data(contentsOf: folder.appendingPathComponent("part.json"))),
            as: UTF8.self)
        #expect(text.contains(original), "\(text.prefix(800))")
        try text.replacing(original, with: replacement, maxReplacements: 1).write(
            toFile: folder.appendingPathComponent("bad.json").path, atomically: true,
            encoding: .utf8)
        let merged = try TestSupport.run(["merge", "bad.json", "--no-report"], in: folder)
        #expect(merged.status == 65, "\(merged.stderr)")
        #expect(
            merged.stderr.contains("bad.json: error: \(key): expected a count from 0 to "),
            "\(merged.stderr)")
        #expect(merged.stderr.contains("found \(found)"), "\(merged.stderr)")
        #expect(merged.stdout.isEmpty, "\(merged.stdout)")
    }

    /// The report sample's own counts are checked too: a negative row count names the key.
    @Test func mergeRefusesANegativeSampleCount() throws {
        let (folder, _) = try Self.scratchWithTrace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let shard = try TestSupport.run(
            ["analyze", "s.csv", "--shard", "1/1", "--partial", "part.json"], in: folder)
        #expect(shard.status == 0, "\(shard.stderr)")
        let text = String(
            decoding: TestSupport.unzstd(
                try Data(contentsOf: folder.appendingPathComponent("part.json"))),
            as: UTF8.self)
        // 20 gestures, all in the sample.
        #expect(text.contains("\"rows\":20,\"text\""), "\(text.prefix(800))")
        try text.replacing("\"rows\":20,\"text\"", with: "\"rows\":-20,\"text\"").write(
            toFile: folder.appendingPathComponent("bad.json").path, atomically: true,
            encoding: .utf8)
        let merged = try TestSupport.run(["merge", "bad.json", "--no-report"], in: folder)
        #expect(merged.status == 65, "\(merged.stderr)")
        #expect(merged.stderr.hasPrefix("bad.json: error: "), "\(merged.stderr)")
        #expect(
            merged.stderr.contains(
                "sample.rows: expected a count from 0 to 1099511627776, found -20"),
            "\(merged.stderr)")
    }

    // MARK: Item 4: numeric options are range-checked

    @Test(arguments: [
        ["simulate", "--extent", "1e17"], ["simulate", "--jitter", "1e15"],
        ["simulate", "--noise", "1e308"],
        ["simulate", "--gestures", "100000000000"],
        ["simulate", "--files", "100000000", "--out", "d"],
        ["simulate", "--out", ""], ["analyze", "x.csv", "--out", ""],
        ["analyze", "x.csv", "--jobs", "1000000"],
        ["analyze", "x.csv", "--horizon", "1e300"],
        ["analyze", "x.csv", "--target-duration", "1e20"],
    ])
    func outOfRangeOptionsAreUsageErrors(_ arguments: [String]) throws {
        let folder = try TestSupport.temporaryDirectory("gesturetune-options")
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try TestSupport.run(arguments, in: folder)
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("Error: invalid value"), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    /// The largest accepted values run and write finite numbers.
    @Test func largestSimulateOptionsRun() throws {
        let result = try TestSupport.run([
            "simulate", "--extent", "1e6", "--noise", "1e6", "--jitter", "1", "--gestures", "3",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.split(separator: "\n").count > 3)
    }

    // MARK: Item 6 and 7: what reaches the terminal

    /// Control characters and bidi overrides from a header, a gesture id and a file name are
    /// shown escaped; no raw ESC, BEL or U+202E reaches standard error or output.
    @Test func controlCharactersAreEscaped() throws {
        let folder = try TestSupport.temporaryDirectory("gesturetune-terminal")
        defer { try? FileManager.default.removeItem(at: folder) }
        let name = "evil\u{1B}[2J\u{202E}vsc.csv"
        let header = "t,x\u{1B}]0;owned\u{07},y,phase\n0,0,0,began\n"
        try header.write(
            toFile: folder.appendingPathComponent(name).path, atomically: true, encoding: .utf8)
        let ids = "gesture,t,x,y,phase\ng\u{1B}[31m,0,0,0,began\ng\u{1B}[31m,1,1,1,began\n"
        try ids.write(
            toFile: folder.appendingPathComponent("ids.csv").path, atomically: true, encoding: .utf8
        )
        for arguments in [
            ["validate", name], ["validate", "ids.csv"], ["analyze", "--no-report", name],
            ["batch", name, "--params", "ionic"],
        ] {
            let result = try TestSupport.run(arguments, in: folder)
            #expect(result.status == 65, "\(arguments): \(result.stderr)")
            for text in [result.stderr, result.stdout] {
                #expect(
                    !text.unicodeScalars.contains {
                        $0.value == 0x1B || $0.value == 0x07 || $0.value == 0x202E
                    }, "\(arguments): \(text)")
            }
            #expect(result.stderr.contains("\\u{1B}"), "\(arguments): \(result.stderr)")
        }
        let batch = try TestSupport.run(
            ["batch", name, "--params", "ionic", "--format", "markdown"], in: folder)
        #expect(
            batch.stdout.contains("| `evil\\u{1B}[2J\\u{202E}vsc.csv` | error |"), "\(batch.stdout)"
        )
    }

    /// A line break in a file name or in `--name` is shown escaped inside its summary line; the
    /// summary's own lines stay lines, so no data makes a summary line of its own.
    @Test func aLineBreakInANameStaysInsideItsSummaryLine() throws {
        let (folder, trace) = try Self.scratchWithTrace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let name = "s\nsuggest: fake\u{2028}.csv"
        try FileManager.default.copyItem(
            atPath: trace, toPath: folder.appendingPathComponent(name).path)
        for arguments in [
            ["analyze", "--no-report", name], ["analyze", "--no-report", "s.csv", "--name", name],
        ] {
            let result = try TestSupport.run(arguments, in: folder)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            #expect(
                !result.stdout.split(separator: "\n").contains { $0.hasPrefix("suggest: fake") },
                "\(arguments): \(result.stdout)")
            #expect(!result.stdout.unicodeScalars.contains { $0.value == 0x2028 })
            #expect(result.stdout.contains("\\u{A}"), "\(arguments): \(result.stdout)")
        }
        let markdown = try TestSupport.run(
            ["analyze", "--no-report", name, "--format", "markdown"], in: folder)
        #expect(markdown.stdout.contains("\\u{2028}"), "\(markdown.stdout)")
        #expect(!markdown.stdout.unicodeScalars.contains { $0.value == 0x2028 })
    }

    /// With no gesture start measured the gate admits the whole extent, in the snippets as in
    /// `batch`: the summary, the report's table and the figure caption say so, not 0 or 20 pt.
    @Test func anUnmeasuredEdgeWidthIsTheSnippetsStandIn() throws {
        let folder = try TestSupport.temporaryDirectory("gesturetune-edge")
        defer { try? FileManager.default.removeItem(at: folder) }
        try "t,x,y,phase\n0,0,0,began\n0.01,5,0,moved\n0.02,10,0,cancelled\n".write(
            toFile: folder.appendingPathComponent("c.csv").path, atomically: true,
            encoding: .utf8)
        let result = try TestSupport.run(["analyze", "c.csv", "--out", "r"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        let stated = "edge width whole extent (the current gate)"
        #expect(result.stdout.contains(stated), "\(result.stdout)")
        #expect(!result.stdout.contains("edge width 0 pt"), "\(result.stdout)")
        let report = try String(
            contentsOfFile: folder.appendingPathComponent("r/c/report.md").path, encoding: .utf8)
        #expect(!report.contains("edge width 0 pt"))
        #expect(report.contains("| whole extent (the current gate) |"))
        #expect(!result.stdout.contains("20 pt"))
        let figure = try String(
            contentsOfFile: folder.appendingPathComponent("r/c/figures/start-position.svg").path,
            encoding: .utf8)
        #expect(figure.contains("no suggested edge width: whole extent"))
        #expect(!figure.contains("solid green"))
        let snippet = try String(
            contentsOfFile: folder.appendingPathComponent("r/c/snippets/uikit/PopInteraction.swift")
                .path, encoding: .utf8)
        // The snippet gates as batch does: no edge width measured, a start anywhere admitted.
        #expect(snippet.contains("static let edgeWidth: Double? = nil"))
    }

    /// Out of file descriptors (`ulimit -n`), opening a trace fails for the run, not for the
    /// file: `batch` stops with 71 and one line, and marks no good file ERROR. The limit is
    /// what the plain binary needs to start: 0–2, then Dispatch's epoll and eventfd (made on
    /// the main thread before any file is opened), and none to spare. One more (6) raced: the
    /// signal sources' signalfds, made later on Dispatch's manager thread, took the spare slot
    /// only when they came before the trace's open (a flaky pass under load). The sanitizers'
    /// runtimes hold descriptors of their own, so a sanitized binary is not run.
    @Test(
        .enabled(
            if: !(ProcessInfo.processInfo.environment["GESTURETUNE_BIN"] ?? "").contains("san/"),
            "a sanitized binary's runtime opens descriptors of its own"))
    func outOfFileDescriptorsIsASystemError() throws {
        let (folder, _) = try Self.scratchWithTrace()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(
            atPath: folder.appendingPathComponent("s.csv").path,
            toPath: folder.appendingPathComponent("t.csv").path)
        let result = try Self.shell(
            "ulimit -n 5 && exec \"$0\" batch s.csv t.csv --params ionic --jobs 1 --json out.json",
            [], in: folder)
        #expect(result.status == 71, "\(result.stderr)")
        #expect(result.stdout.isEmpty, "\(result.stdout)")
        #expect(!result.stderr.contains("ERROR"), "\(result.stderr)")
        #expect(
            result.stderr.hasPrefix("s.csv: error: ")
                && result.stderr.contains("out of file descriptors")
                && result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(
            !FileManager.default.fileExists(atPath: folder.appendingPathComponent("out.json").path))
    }

    /// A header of 5,000 columns without a time column: the message names the first columns
    /// and counts the rest.
    @Test func aWideHeaderGivesAShortMessage() throws {
        let folder = try TestSupport.temporaryDirectory("gesturetune-wide")
        defer { try? FileManager.default.removeItem(at: folder) }
        let header = (0..<5_000).map { "c\($0)" }.joined(separator: ",") + "\n"
        try header.write(
            toFile: folder.appendingPathComponent("wide.csv").path, atomically: true,
            encoding: .utf8)
        let result = try TestSupport.run(["validate", "wide.csv"], in: folder)
        #expect(result.status == 65)
        #expect(result.stderr.contains("found columns \"c0\", \"c1\", "), "\(result.stderr)")
        #expect(result.stderr.contains(", … and 4988 more"), "\(result.stderr)")
        #expect(result.stderr.utf8.count < 1_000, "\(result.stderr.utf8.count) bytes")
    }

    // MARK: Item 8: concurrent runs into one --out, SIGHUP

    /// Six `analyze` runs into one `--out` at once: all succeed and leave only the report.
    @Test func concurrentRunsIntoOneOutLeaveOneReport() throws {
        let (folder, trace) = try Self.scratchWithTrace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let statuses = Locked<[Int32]>([])
        let errors = Locked<[String]>([])
        DispatchQueue.concurrentPerform(iterations: 6) { _ in
            let result = try? TestSupport.run(["analyze", trace, "--out", "out"], in: folder)
            statuses.withLock { $0.append(result?.status ?? -1) }
            if let result, result.status != 0 { errors.withLock { $0.append(result.stderr) } }
        }
        #expect(
            statuses.withLock { $0 } == Array(repeating: 0, count: 6),
            "\(errors.withLock { $0 })")
        let left = try FileManager.default.contentsOfDirectory(
            atPath: folder.appendingPathComponent("out").path)
        #expect(left == ["s"])
        let report = try FileManager.default.contentsOfDirectory(
            atPath: folder.appendingPathComponent("out/s").path)
        #expect(report.contains("report.html") && !report.contains { $0.hasPrefix(".") })
    }

    /// SIGHUP, the resource limits' signals and the user signals are handled like SIGINT:
    /// exit 128 + the signal, no temporary output left.
    @Test(arguments: [SIGHUP, SIGXCPU, SIGXFSZ, SIGUSR1, SIGALRM])
    func aSignalRemovesTemporaryOutput(_ signalNumber: Int32) throws {
        let folder = try TestSupport.temporaryDirectory("gesturetune-hup")
        defer { try? FileManager.default.removeItem(at: folder) }
        let bin = try #require(TestSupport.binaryPath)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: bin)
        process.arguments = ["analyze", "-", "--out", "out"]
        process.currentDirectoryURL = folder
        process.environment = ["SWIFT_BACKTRACE": "enable=no", "NO_COLOR": "1"]
        let input = Pipe()
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        input.fileHandleForWriting.write(Data("t,x,y,phase\n0,0,0,began\n".utf8))
        // The input stays open, so the run waits for more until the signal comes.
        #expect(Self.waitForHandler(process.processIdentifier, signalNumber))
        kill(process.processIdentifier, signalNumber)
        process.waitUntilExit()
        try? input.fileHandleForWriting.close()
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 128 + signalNumber)
        let out = folder.appendingPathComponent("out").path
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: out)) ?? []).isEmpty)
    }

    // MARK: Item 10: smaller

    @Test func aCompressedFileIsNamedAsSuch() throws {
        let folder = try TestSupport.temporaryDirectory("gesturetune-gzip")
        defer { try? FileManager.default.removeItem(at: folder) }
        // The first bytes of a gzip stream (RFC 1952: ID1 ID2 CM) and of a zip archive (PKZIP's
        // local file header), then anything.
        try Data([0x1F, 0x8B, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x03]).write(
            to: folder.appendingPathComponent("t.csv.gz"))
        try Data([0x50, 0x4B, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00]).write(
            to: folder.appendingPathComponent("t.xlsx"))
        // gzip is decompressed as it is read: a header alone is a truncated stream.
        let gz = try TestSupport.run(["validate", "t.csv.gz"], in: folder)
        #expect(gz.status == 65)
        #expect(
            gz.stderr.contains(
                "t.csv.gz: error: expected a complete gzip stream, found the end of the file after 10 bytes"
            ),
            "\(gz.stderr)")
        let zip = try TestSupport.run(
            ["analyze", "--no-report", "--lenient", "t.xlsx"], in: folder)
        #expect(zip.status == 65)
        #expect(
            zip.stderr.contains(
                "t.xlsx: error: expected CSV text, found a zip archive or an .xlsx"),
            "\(zip.stderr)")
    }

    @Test func aFileNamedTwiceIsReadOnce() throws {
        let (folder, _) = try Self.scratchWithTrace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let once = try TestSupport.run(["analyze", "--no-report", "s.csv"], in: folder)
        let twice = try TestSupport.run(["analyze", "--no-report", "s.csv", "./s.csv"], in: folder)
        #expect(once.status == 0 && twice.status == 0, "\(twice.stderr)")
        #expect(once.stdout.contains("20 gestures used of 20 read"), "\(once.stdout)")
        #expect(twice.stdout == once.stdout)
        #expect(
            twice.stderr.contains("./s.csv: warning: the same file as s.csv: read once"),
            "\(twice.stderr)")
    }

    @Test(arguments: ["abc", "1.5", "-1", "99999999999999999999", ""])
    func aBadSourceDateEpochIsRefused(_ value: String) throws {
        let (folder, _) = try Self.scratchWithTrace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try TestSupport.run(
            ["batch", "s.csv", "--params", "ionic", "--junit", "j.xml"], in: folder,
            environment: ["SOURCE_DATE_EPOCH": value])
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.contains("invalid SOURCE_DATE_EPOCH"))
        #expect(
            !FileManager.default.fileExists(atPath: folder.appendingPathComponent("j.xml").path))
    }

    @Test func aFileNameThatIsNotUTF8IsNamedAsSuch() throws {
        let (folder, trace) = try Self.scratchWithTrace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try Self.shell(
            "name=$(printf 'sc\\350ne.csv'); cp \"$1\" \"$name\" && exec \"$0\" validate \"$name\"",
            [trace], in: folder)
        #expect(result.status == 66, "\(result.stderr)")
        #expect(
            result.stderr.hasPrefix("sc\\xE8ne.csv: error: the name is not UTF-8 text"),
            "\(result.stderr)")
    }

    /// A report name of 250 bytes (the limit is 255): the hidden staging names stay short.
    @Test func aReportNameNearTheLimitIsWritten() throws {
        let (folder, trace) = try Self.scratchWithTrace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let name = String(repeating: "n", count: 250)
        for _ in 0..<2 {
            let result = try TestSupport.run(
                ["analyze", trace, "--out", "out", "--name", name], in: folder)
            #expect(result.status == 0, "\(result.stderr)")
        }
        #expect(
            try FileManager.default.contentsOfDirectory(
                atPath: folder.appendingPathComponent("out").path) == [name])
    }

    /// An interrupted `simulate --files N` leaves all the files or none.
    @Test func anInterruptedSimulateLeavesNoPartialSet() throws {
        let folder = try TestSupport.temporaryDirectory("gesturetune-sim")
        defer { try? FileManager.default.removeItem(at: folder) }
        let bin = try #require(TestSupport.binaryPath)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: bin)
        process.arguments = ["simulate", "--files", "40", "--gestures", "2000", "--out", "set"]
        process.currentDirectoryURL = folder
        process.environment = ["SWIFT_BACKTRACE": "enable=no"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        _ = Self.waitForHandler(process.processIdentifier, SIGINT)
        // Interrupt once some files are staged (or the run is over).
        let set = folder.appendingPathComponent("set").path
        for _ in 0..<3_000 where process.isRunning {
            if ((try? FileManager.default.contentsOfDirectory(atPath: set)) ?? []).count >= 3 {
                break
            }
            Thread.sleep(forTimeInterval: 0.01)
        }
        process.interrupt()
        process.waitUntilExit()
        let files =
            (try? FileManager.default.contentsOfDirectory(
                atPath: folder.appendingPathComponent("set").path)) ?? []
        // No hidden temporary survives, whenever the interrupt lands.
        #expect(files.allSatisfy { !$0.hasPrefix(".") }, "\(files)")
        if process.terminationStatus == 130 {
            // All or none: an interrupt that lands after the set was renamed in finds it whole.
            #expect(files.isEmpty || files.count == 40, "\(files)")
        } else {
            #expect(process.terminationStatus == 0)
            #expect(files.count == 40)
        }
    }
}

/// A value shared by concurrent test closures.
final class Locked<Value>: @unchecked Sendable {
    private var value: Value
    private let lock = NSLock()
    init(_ value: Value) { self.value = value }
    func withLock<R>(_ body: (inout Value) -> R) -> R {
        lock.lock()
        defer { lock.unlock() }
        return body(&value)
    }
}
