import Foundation
import TestSupport
import Testing

@Suite(.enabled(if: EndToEnd.binaryBuilt, EndToEnd.notBuilt))
struct BatchEmptyRunEndToEndTests {
    /// Two files without intent labels: every case is skipped, so nothing was checked.
    func unlabelledCorpus() throws -> URL {
        let plain = Traces.clear.map {
            Traces.G(progress: $0.progress, velocity: $0.velocity, intent: nil)
        }
        return try Traces.corpus([
            "traces/a.csv": Traces.csv(plain), "traces/b.csv": Traces.csv(plain),
        ])
    }

    @Test func batchOverNothingLabelledFailsUnlessAllowed() throws {
        let dir = try unlabelledCorpus()
        let r = try EndToEnd.run(
            ["batch", "traces", "--params", "flutter-cupertino", "--json", "s.json"], in: dir)
        #expect(r.status == 1, "\(r.stdout)\(r.stderr)")
        #expect(
            r.stderr.contains("error: no labelled gestures: nothing was checked"), "\(r.stderr)")
        #expect(
            r.stdout.contains("FAIL   no labelled gestures: nothing was checked"), "\(r.stdout)")
        #expect(
            try EndToEnd.json(dir.appendingPathComponent("s.json"))["status"] as? String == "fail")

        let allowed = try EndToEnd.run(
            ["batch", "traces", "--params", "flutter-cupertino", "--allow-empty"], in: dir)
        #expect(allowed.status == 0, "\(allowed.stdout)\(allowed.stderr)")
        #expect(allowed.stdout.hasSuffix("; PASS\n"), "\(allowed.stdout)")
    }

    @Test func shardsPassAndMergeFailsUnlessAllowed() throws {
        let dir = try unlabelledCorpus()
        for k in 1...2 {
            let r = try EndToEnd.run(
                [
                    "batch", "traces", "--params", "flutter-cupertino", "--shard", "\(k)/2",
                    "--json", "s\(k).json",
                ], in: dir)
            #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        }
        let merged = try EndToEnd.run(["merge", "s1.json", "s2.json"], in: dir)
        #expect(merged.status == 1, "\(merged.stdout)\(merged.stderr)")
        #expect(merged.stderr.contains("no labelled gestures: nothing was checked"))
        let allowed = try EndToEnd.run(["merge", "s1.json", "s2.json", "--allow-empty"], in: dir)
        #expect(allowed.status == 0, "\(allowed.stdout)\(allowed.stderr)")
    }
}
