import Foundation
import GestureAnalysis
import GesturePhysics
import TestSupport
import Testing

@testable import GestureTuneCLI

/// A case with `misdecided` of `labelled` gestures wrong, before the gate.
func caseResult(_ path: String, misdecided: Int, labelled: Int) -> BatchFileResult {
    var r = BatchFileResult(path: path, status: .pass)
    r.labelled = labelled
    r.misdecided = misdecided
    r.gestures = labelled + 1
    r.unlabelled = 1
    r.rows = 10 * labelled
    r.confusion.completeDecidedCancel = misdecided
    r.confusion.completeDecidedComplete = labelled - misdecided
    r.skippedByReason = ["not-closed": 1]
    return r
}

func errorCase(_ path: String, line: Int) -> BatchFileResult {
    var r = BatchFileResult(path: path, status: .error)
    r.problem = .init(
        kind: "malformed-trace", line: line, message: "column \"x\": expected a number, found \"q\""
    )
    return r
}

@Suite struct BatchVerdictTests {
    let gate = BatchSummary.Limits(maxError: 0.05, tolerance: 0, baseline: nil)

    @Test func errorAtTheLimitPasses() {
        // 3/60 = 0.05 exactly at the limit: not "exceeds".
        #expect(
            BatchVerdict.apply(gate, to: caseResult("a", misdecided: 3, labelled: 60)).status
                == .pass)
        let r = BatchVerdict.apply(gate, to: caseResult("a", misdecided: 4, labelled: 60))
        #expect(r.status == .fail)
        #expect(r.failures == ["error 6.7% (4/60) exceeds --max-error 5.0%"])
    }

    /// The gate's limits: 3 of 40 others admitted is 7.5% > 5%; 1 of 60 meant refused is
    /// 1.7% <= 2% (at 2 of 60, 3.3%, it fails); a case without others is not judged on them.
    @Test func falseTriggersAndMisses() {
        var r = caseResult("a", misdecided: 0, labelled: 60)
        r.others = 40
        r.falseTriggers = 3
        r.misses = 1
        let limits = BatchSummary.Limits(
            maxError: 1, tolerance: 0, baseline: nil, maxFalseTriggers: 0.05, maxMisses: 0.02)
        #expect(
            BatchVerdict.apply(limits, to: r).failures == [
                "false triggers 7.5% (3/40) exceed --max-false-triggers 5.0%"
            ])
        r.falseTriggers = 2
        #expect(BatchVerdict.apply(limits, to: r).status == .pass)
        r.misses = 2
        #expect(
            BatchVerdict.apply(limits, to: r).failures == [
                "misses 3.3% (2/60) exceed --max-misses 2.0%"
            ])
        r.misses = 0
        r.others = 0
        r.falseTriggers = 0
        #expect(BatchVerdict.apply(limits, to: r).status == .pass)
    }

    @Test func baselineAndTolerance() {
        var r = caseResult("a", misdecided: 2, labelled: 20)
        r.baselineErrorRate = 0.05
        let strict = BatchSummary.Limits(maxError: 1, tolerance: 0, baseline: "b.json")
        // 2/20 = 10% against a 5% baseline: worse by 5 points.
        #expect(BatchVerdict.apply(strict, to: r).status == .fail)
        #expect(
            BatchVerdict.apply(strict, to: r).failures == [
                "error 10.0% (2/20) is worse than the baseline's 5.0% by more than --tolerance 0.0%"
            ])
        let tolerant = BatchSummary.Limits(maxError: 1, tolerance: 0.05, baseline: "b.json")
        #expect(BatchVerdict.apply(tolerant, to: r).status == .pass)
    }

    @Test func unlabelledIsSkippedAndProblemIsError() {
        #expect(
            BatchVerdict.apply(gate, to: caseResult("a", misdecided: 0, labelled: 0)).status
                == .skipped)
        #expect(BatchVerdict.apply(gate, to: errorCase("b", line: 3)).status == .error)
    }

    @Test func totalsArePooledFromCounts() {
        let files = [
            caseResult("a", misdecided: 1, labelled: 10),
            caseResult("b", misdecided: 3, labelled: 30), errorCase("c", line: 2),
        ]
        .map { BatchVerdict.apply(gate, to: $0) }
        let t = BatchSummary.Totals(files)
        #expect(t.files == 3 && t.passed == 0 && t.failed == 2 && t.errors == 1)
        #expect(t.labelled == 40 && t.misdecided == 4 && t.errorRate == 0.1)
        #expect(t.confusion.completeDecidedCancel == 4 && t.confusion.completeDecidedComplete == 36)
        #expect(t.skippedByReason == ["not-closed": 2])
        #expect(
            BatchVerdict.outcome(
                of: BatchVerdict.summarise(
                    files: files, gate: gate, params: params, settings: settings, shard: nil))
                == .gate(failed: 2, errors: 1))
    }

    let params = BatchSummary.ParamsInfo(
        source: "ionic", preset: true, rule: "forward", values: [:])
    let settings = BatchCommand.settings(CommonOptions(), PhysicsOptions())
}

@Suite struct CorpusTests {
    @Test func shardsCoverEveryFileOnce() {
        let files = (0..<23).map { "f\($0)" }
        for n in 1...5 {
            let all = (1...n).flatMap { Corpus.shard(files, index: $0, count: n) }
            #expect(all.sorted() == files.sorted())
            #expect(Set(all).count == files.count)
        }
        #expect(Corpus.shard(files, index: 2, count: 10) == ["f1", "f11", "f21"])
    }

    @Test func listsCSVFilesRecursivelySortedByBytes() throws {
        let dir = try TestSupport.temporaryDirectory()
        let fm = FileManager.default
        for path in [
            "b.csv", "a/Z.CSV", "a/y.csv", "notes.txt", ".hidden.csv", ".git/x.csv", "a/b/c.csv",
        ] {
            let url = dir.appendingPathComponent(path)
            try fm.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("t,x,y,phase\n".utf8).write(to: url)
        }
        let base = dir.path
        let files = try Corpus.files(under: [base + "/", base + "/b.csv"])
        #expect(
            files == ["\(base)/a/Z.CSV", "\(base)/a/b/c.csv", "\(base)/a/y.csv", "\(base)/b.csv"])
        #expect(
            throws: CLIError.missingInput(path: base + "/nope", reason: "no such file or folder")
        ) {
            try Corpus.files(under: [base + "/nope"])
        }
    }

    /// A link named `*.csv` to a FIFO would block the walk's reader forever; one to a file is a
    /// case, one to nothing is kept so that reading it reports the missing file.
    @Test func skipsLinksToFIFOsButKeepsLinksToFiles() throws {
        let dir = try TestSupport.temporaryDirectory()
        let base = dir.path
        try Data("t,x,y,phase\n".utf8).write(to: dir.appendingPathComponent("real.csv"))
        #expect(mkfifo(base + "/pipe", 0o600) == 0)
        #expect(mkfifo(base + "/fifo.csv", 0o600) == 0)
        #expect(symlink(base + "/pipe", base + "/to-pipe.csv") == 0)
        #expect(symlink(base + "/real.csv", base + "/to-real.csv") == 0)
        #expect(symlink(base + "/gone", base + "/to-nothing.csv") == 0)
        let files = try Corpus.files(under: [base])
        #expect(files == ["\(base)/real.csv", "\(base)/to-nothing.csv", "\(base)/to-real.csv"])
    }
}

@Suite struct MergeTests {
    let gate = BatchSummary.Limits(maxError: 0.05, tolerance: 0, baseline: nil)
    let params = BatchSummary.ParamsInfo(
        source: "ionic", preset: true, rule: "forward", values: [:])
    let settings = BatchCommand.settings(CommonOptions(), PhysicsOptions())

    func shards(_ files: [BatchFileResult], n: Int) -> [(path: String, summary: BatchSummary)] {
        (1...n).map { k in
            let part = Corpus.shard(files, index: k, count: n)
            let s = BatchVerdict.summarise(
                files: part, gate: gate, params: params, settings: settings,
                shard: .init(index: k, count: n, corpusFiles: files.count))
            return ("shard-\(k).json", s)
        }
    }

    var corpus: [BatchFileResult] {
        [
            caseResult("a.csv", misdecided: 0, labelled: 7),
            caseResult("b.csv", misdecided: 2, labelled: 9),
            errorCase("c.csv", line: 4), caseResult("d.csv", misdecided: 0, labelled: 0),
            caseResult("e.csv", misdecided: 1, labelled: 33),
        ]
    }

    @Test func mergedShardsEqualTheUnshardedSummary() throws {
        let whole = BatchVerdict.summarise(
            files: corpus, gate: gate, params: params, settings: settings, shard: nil)
        for n in 1...4 {
            let merged = try MergeCommand.merge(
                shards(corpus, n: n).reversed(), maxError: nil, tolerance: nil, baseline: nil)
            #expect(merged == whole)
            #expect(try BatchJSON.encode(merged) == BatchJSON.encode(whole))
        }
    }

    @Test func jsonRoundTripsExactly() throws {
        let whole = BatchVerdict.summarise(
            files: corpus, gate: gate, params: params, settings: settings, shard: nil)
        let decoded = try JSONDecoder().decode(
            BatchSummary.self, from: Data(try BatchJSON.encode(whole).utf8))
        #expect(decoded == whole)
    }

    @Test func missingOrRepeatedShardsAreErrors() {
        let parts = shards(corpus, n: 3)
        #expect(
            throws: CLIError.badInput(file: "shard-1.json", line: 0, message: "missing shard 2/3")
        ) {
            try MergeCommand.merge(
                [parts[0], parts[2]], maxError: nil, tolerance: nil, baseline: nil)
        }
        #expect(
            throws: CLIError.badInput(
                file: "shard-1.json", line: 0, message: "shard 1/3 is given twice")
        ) {
            try MergeCommand.merge(
                [parts[0], parts[1], parts[2], parts[0]], maxError: nil, tolerance: nil,
                baseline: nil)
        }
    }

    @Test func mergeMayOverrideTheGate() throws {
        let merged = try MergeCommand.merge(
            shards(corpus, n: 2), maxError: 0.5, tolerance: nil, baseline: nil)
        #expect(merged.gate.maxError == 0.5)
        #expect(merged.totals.failed == 0)
    }
}

@Suite struct JUnitWriterTests {
    @Test func escapesMarkupAndDropsInvalidCharacters() {
        #expect(JUnitWriter.escape("a<b>&\"c\"\n") == "a&lt;b&gt;&amp;&quot;c&quot;&#10;")
        #expect(JUnitWriter.escape("x\u{01}y", attribute: false) == "x\u{FFFD}y")
        #expect(JUnitWriter.escape("line\nnext", attribute: false) == "line\nnext")
    }

    @Test func classnameIsTheFolder() {
        #expect(JUnitWriter.classname(for: "traces/swipe/a.csv") == "traces.swipe")
        #expect(JUnitWriter.classname(for: "./a.csv") == "gesturetune")
        #expect(JUnitWriter.classname(for: "a.csv") == "gesturetune")
    }

    @Test func timestampHasNoZone() {
        // 1700000000 s after the epoch is 2023-11-14 22:13:20 UTC.
        #expect(
            JUnitWriter.iso8601(Date(timeIntervalSince1970: 1_700_000_000)) == "2023-11-14T22:13:20"
        )
    }

    @Test func failureNamesTheMisdecidedGestures() {
        var r = caseResult("t/a.csv", misdecided: 1, labelled: 4)
        r.misdecidedGestures = [
            MisdecidedGesture(
                id: "g7", line: 31, intent: "complete", decision: "cancel", releaseProgress: 0.2,
                progressVelocity: 0.25)
        ]
        r = BatchVerdict.apply(.init(maxError: 0.05, tolerance: 0, baseline: nil), to: r)
        #expect(
            JUnitWriter.failureMessage(r)
                == "error 25.0% (1/4) exceeds --max-error 5.0%; wrong: g7")
        #expect(
            JUnitWriter.failureText(r).hasSuffix(
                "t/a.csv:31: g7: meant complete, decided cancel at p_r 0.2, v_p 0.25/s"
            ))
    }
}

@Suite struct DecisionParametersTests {
    func load(_ json: String) throws -> DecisionParameters {
        try DecisionParameters.load(try TestSupport.writeTemporaryFile(json, name: "params.json"))
    }

    @Test func readsTheDesignExample() throws {
        let p = try load(
            """
            {"schema": "gesturetune.params/1", "rule": "threshold", "direction": "down",
             "progressThreshold": 0.42, "velocityThreshold": 1.35, "extent": 390,
             "completionSpeed": 1.6, "spring": {"dampingRatio": 1.0, "response": 0.31},
             "edgeWidth": 24}
            """)
        #expect(p.rule(forExtent: 100) == .threshold(progress: 0.42, velocity: 1.35))
        #expect(p.direction == .down && p.extent == 390)
    }

    @Test func unknownKeysAreDataErrorsNamingTheKey() throws {
        let path = try TestSupport.writeTemporaryFile(
            #"{"schema": "gesturetune.params/1", "rule": "threshold", "progresThreshold": 0.4, "velocityThreshold": 1}"#,
            name: "params.json")
        #expect(
            throws: CLIError.badInput(
                file: path, line: 1,
                message: "unknown key \"progresThreshold\" (did you mean \"progressThreshold\"?)")
        ) {
            try DecisionParameters.load(path)
        }
    }

    @Test func presetsDependOnTheExtent() throws {
        let p = try DecisionParameters.load("android-drawer")
        // 400 dp/s over a 200 pt container is 2 progress/s.
        #expect(p.rule(forExtent: 200) == .threshold(progress: 0.5, velocity: 2))
        do {
            _ = try DecisionParameters.load("flutter-cupertin0")
            Issue.record("expected an error")
        } catch {
            #expect(ExitCode.of(error) == .noInput)
        }
    }

    /// `"inf"` (velocity ignored) survives the JSON summary.
    @Test func infiniteThresholdEncodes() throws {
        let p = try load(
            #"{"schema": "gesturetune.params/1", "rule": "threshold", "progressThreshold": 0.3, "velocityThreshold": "inf"}"#
        )
        let rule = p.ruleDescription
        let summary = BatchVerdict.summarise(
            files: [], gate: .init(maxError: 0.05, tolerance: 0, baseline: nil),
            params: .init(source: "p.json", preset: false, rule: rule.family, values: rule.values),
            settings: BatchCommand.settings(CommonOptions(), PhysicsOptions()), shard: nil)
        let text = try BatchJSON.encode(summary)
        #expect(text.contains(#""velocityThreshold" : "inf""#))
        #expect(try BatchJSON.decode(Data(text.utf8)) == summary)
    }
}
