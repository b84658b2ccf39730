import Foundation
import GestureAnalysis
import GesturePhysics
import Testing

@testable import GestureTuneCLI

/// A gate must not pass on nothing: a run in which no file holds a labelled gesture fails
/// (exit 1) unless `--allow-empty`; shards are exempt and `merge` checks the whole corpus.
@Suite struct BatchEmptyRunTests {
    let gate = BatchSummary.Limits(maxError: 0.05, tolerance: 0, baseline: nil)
    let params = BatchSummary.ParamsInfo(
        source: "ionic", preset: true, rule: "forward", values: [:])
    let settings = BatchCommand.settings(CommonOptions(), PhysicsOptions())
    /// Three files, none with a labelled gesture: every case is skipped.
    let unlabelled = ["a.csv", "b.csv", "c.csv"].map { caseResult($0, misdecided: 0, labelled: 0) }

    @Test func allSkippedFailsWithExit1() {
        let s = BatchVerdict.summarise(
            files: unlabelled, gate: gate, params: params, settings: settings, shard: nil)
        #expect(s.totals.skipped == 3 && s.totals.failed == 0)
        #expect(s.status == "fail")
        #expect(s.runFailure?.hasPrefix("no labelled gestures: nothing was checked") == true)
        #expect(ExitCode.of(BatchVerdict.outcome(of: s)) == .gateFailed)
        let text = BatchText.text(s)
        #expect(text.contains("FAIL   no labelled gestures: nothing was checked"), "\(text)")
        #expect(text.hasSuffix("; FAIL\n"), "\(text)")
        let junit = JUnitWriter.render(s, timestamp: Date(timeIntervalSince1970: 0))
        #expect(junit.contains("tests=\"4\" failures=\"1\" errors=\"0\" skipped=\"3\""), "\(junit)")
        #expect(
            junit.contains(
                "<testcase name=\"labelled gestures\" classname=\"gesturetune\" time=\"0\">"))
    }

    @Test func allowEmptyPasses() throws {
        var allow = gate
        allow.allowEmpty = true
        let s = BatchVerdict.summarise(
            files: unlabelled, gate: allow, params: params, settings: settings, shard: nil)
        #expect(s.status == "pass" && s.runFailure == nil)
        #expect(ExitCode.of(BatchVerdict.outcome(of: s)) == .success)
        // Recorded in the JSON, and read back.
        #expect(try BatchJSON.encode(s).contains("\"allowEmpty\" : true"))
        #expect(try BatchJSON.decode(Data(try BatchJSON.encode(s).utf8)) == s)
    }

    @Test func oneLabelledGestureAnywhereIsEnough() throws {
        let files = unlabelled + [caseResult("d.csv", misdecided: 0, labelled: 1)]
        let s = BatchVerdict.summarise(
            files: files, gate: gate, params: params, settings: settings, shard: nil)
        #expect(s.status == "pass" && s.runFailure == nil)
        // Without the option, the JSON has no allowEmpty key: older summaries still compare equal.
        #expect(try !BatchJSON.encode(s).contains("allowEmpty"))
    }

    @Test func shardIsExemptAndMergeChecksTheWhole() throws {
        let shards = (1...2).map { k in
            let part = Corpus.shard(unlabelled, index: k, count: 2)
            return (
                path: "shard-\(k).json",
                summary: BatchVerdict.summarise(
                    files: part, gate: gate, params: params, settings: settings,
                    shard: .init(index: k, count: 2, corpusFiles: 3))
            )
        }
        for s in shards.map(\.summary) {
            #expect(s.status == "pass" && s.runFailure == nil)
        }
        let merged = try MergeCommand.merge(shards, maxError: nil, tolerance: nil, baseline: nil)
        let whole = BatchVerdict.summarise(
            files: unlabelled, gate: gate, params: params, settings: settings, shard: nil)
        #expect(merged == whole)
        #expect(merged.status == "fail")
        let allowed = try MergeCommand.merge(
            shards, maxError: nil, tolerance: nil, baseline: nil, allowEmpty: true)
        #expect(allowed.status == "pass" && allowed.gate.allowEmpty == true)
    }

    @Test func optionParses() throws {
        #expect(CommandSpecs.batch.options.contains { $0.name == "allow-empty" })
        #expect(CommandSpecs.merge.options.contains { $0.name == "allow-empty" })
    }
}
