import Foundation
import TestSupport
import Testing

/// `gesturetune diff A B` on two real runs: the changed gestures are those whose decisions
/// differ between the two report.json files; text, JSON and HTML; bad inputs' statuses.
@Suite struct DiffEndToEndTests {
    @Test(.enabled(if: TestSupport.binaryPath != nil, "gesturetune not built: skipped"))
    func diffOfTwoRuns() throws {
        let dir = try TestSupport.temporaryDirectory("diff")
        let trace = TestSupport.packageRoot.appendingPathComponent("traces/swipe.csv").path
        for (name, options) in [
            ("before", ["--params", "ionic"]), ("after", ["--rule", "threshold"]),
        ] {
            let r = try TestSupport.run(
                ["analyze", trace, "--out", dir.path, "--name", name, "--resamples", "0"] + options)
            try #require(r.status == 0, "\(r.stderr)")
        }
        let a = dir.appendingPathComponent("before/report.json").path,
            b = dir.appendingPathComponent("after/report.json").path

        // Ground truth from the two files: (id, rule) pairs whose decision differs.
        func decisions(_ path: String) throws -> [String: [String: String]] {
            let o = try #require(
                JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path)))
                    as? [String: Any])
            var out: [String: [String: String]] = [:]
            for g in (o["gestures"] as? [[String: Any]]) ?? [] {
                out[g["id"] as! String] = [
                    "current": g["currentDecision"] as! String,
                    "suggested": g["suggestedDecision"] as! String,
                ]
            }
            return out
        }
        let da = try decisions(a), db = try decisions(b)
        var expected = Set<String>()
        for (id, x) in da {
            for rule in ["current", "suggested"] where x[rule] != db[id]?[rule] {
                expected.insert("\(id) \(rule)")
            }
        }
        #expect(!expected.isEmpty, "ionic and the tuned threshold decide some gesture differently")

        let json = try TestSupport.run(["diff", a, b, "--format", "json"])
        try #require(json.status == 0, "\(json.stderr)")
        let o = try #require(
            JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(o["schema"] as? String == "gesturetune.diff/1")
        #expect(o["gesturesInBoth"] as? Int == 300)
        let got = Set(
            ((o["changed"] as? [[String: Any]]) ?? []).map {
                "\($0["id"] as! String) \($0["rule"] as! String)"
            })
        #expect(got == expected)

        let text = try TestSupport.run(["diff", a, b])
        #expect(text.status == 0)
        #expect(
            text.stdout.contains("error, current (ionic → flutter-cupertino): "), "\(text.stdout)")
        let html = dir.appendingPathComponent("diff.html").path
        let page = try TestSupport.run(["diff", a, b, "--format", "html", "--out", html])
        #expect(page.status == 0 && page.stdout.isEmpty)
        #expect(
            ((try? String(contentsOfFile: html, encoding: .utf8)) ?? "").hasPrefix(
                "<!DOCTYPE html>"))

        #expect(try TestSupport.run(["diff", a]).status == 64)
        #expect(
            try TestSupport.run(["diff", a, dir.appendingPathComponent("missing.json").path]).status
                == 66)
        let notReport = try TestSupport.run([
            "diff", a, dir.appendingPathComponent("after/params.json").path,
        ])
        #expect(notReport.status == 65)
        #expect(
            notReport.stderr.contains(
                "params.json: error: expected \"schema\": \"gesturetune.report/1\", found \"gesturetune.params/1\""
            ), "\(notReport.stderr)")
    }
}
