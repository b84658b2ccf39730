import Foundation
import TestSupport
import Testing

/// `diff --fail-on-increase POINTS` and `--fail-on-moved` as a gate. One analysed report is
/// the template; A and B are written from it with hand-set figures (errors, the suggestion and
/// its interval), so every verdict below follows from those numbers alone.
@Suite(.enabled(if: EndToEnd.binaryBuilt, EndToEnd.notBuilt))
struct DiffGateEndToEndTests {
    /// The report.json of `analyze traces/swipe.csv` (bootstrap on), as an object.
    static func template(_ dir: URL) throws -> [String: Any] {
        let trace = TestSupport.packageRoot.appendingPathComponent("traces/swipe.csv").path
        let r = try TestSupport.run(["analyze", trace, "--out", dir.path, "--name", "t"])
        try #require(r.status == 0, "\(r.stderr)")
        let data = try Data(contentsOf: dir.appendingPathComponent("t/report.json"))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    /// `report` with `summary.currentError` set, and when given the `p_th` row's suggestion
    /// (also in the suggested rule) and interval; written to `dir/name.json`.
    static func write(
        _ report: [String: Any], _ dir: URL, _ name: String, currentError: Double,
        progress: Double? = nil, interval: (Double, Double)?? = nil,
        family: [String: Any]? = nil
    ) throws -> String {
        var o = report
        var summary = try #require(o["summary"] as? [String: Any])
        summary["currentError"] = currentError
        var rule = try #require(summary["suggestedRule"] as? [String: Any])
        if let progress { rule["progressThreshold"] = progress }
        summary["suggestedRule"] = family ?? rule
        o["summary"] = summary
        var parameters = try #require(o["parameters"] as? [String: Any])
        var rows = try #require(parameters["rows"] as? [[String: Any]])
        let k = try #require(rows.firstIndex { $0["symbol"] as? String == "p_th" })
        if let progress { rows[k]["suggested"] = progress }
        if let interval {
            for j in rows.indices { rows[j]["interval"] = NSNull() }
            if let (low, high) = interval { rows[k]["interval"] = ["low": low, "high": high] }
        }
        parameters["rows"] = rows
        o["parameters"] = parameters
        let url = dir.appendingPathComponent("\(name).json")
        try JSONSerialization.data(withJSONObject: o).write(to: url)
        return url.path
    }

    @Test func errorIncreaseBeyondPointsExits1NamingIt() throws {
        let dir = try TestSupport.temporaryDirectory("diff-gate")
        let t = try Self.template(dir)
        let a = try Self.write(t, dir, "a", currentError: 0.05)
        // 5.0% → 6.0%: up 1.0 point, more than 0.5.
        let worse = try Self.write(t, dir, "worse", currentError: 0.06)
        let r = try TestSupport.run(["diff", a, worse, "--fail-on-increase", "0.5"])
        #expect(r.status == 1, "\(r.stderr)")
        #expect(
            r.stderr
                == "error: current error rose by 1.0 points (5.0% → 6.0%), more than --fail-on-increase 0.5\n"
        )
        // The diff itself is still written.
        #expect(r.stdout.contains("error, current"), "\(r.stdout)")
        // Without the flag, the same pair passes as before.
        #expect(try TestSupport.run(["diff", a, worse]).status == 0)
        // 5.0% → 5.4%: up 0.4 point, not more than 0.5; equal and better pass too.
        let slightly = try Self.write(t, dir, "slightly", currentError: 0.054)
        let better = try Self.write(t, dir, "better", currentError: 0.03)
        for b in [slightly, a, better] {
            let ok = try TestSupport.run(["diff", a, b, "--fail-on-increase", "0.5"])
            #expect(ok.status == 0 && ok.stderr == "", "\(b): \(ok.stderr)")
        }
        // Exactly the allowance (5.0% → 5.5%) is not more than it.
        let edge = try Self.write(t, dir, "edge", currentError: 0.055)
        #expect(try TestSupport.run(["diff", a, edge, "--fail-on-increase", "0.5"]).status == 0)
    }

    @Test(arguments: [
        ("-0.5", "must be at least 0"), ("nan", "expected a number"),
        ("half", "expected a number"), ("inf", "expected a number"),
        ("101", "must be at most 100"),
    ])
    func badPointsAreUsageErrors(_ value: String, _ reason: String) throws {
        let dir = try TestSupport.temporaryDirectory("diff-gate")
        let a = dir.appendingPathComponent("a.json").path
        try Data("{}".utf8).write(to: URL(fileURLWithPath: a))
        let r = try TestSupport.run(["diff", a, a, "--fail-on-increase", value])
        #expect(r.status == 64)
        #expect(
            r.stderr.hasPrefix(
                "Error: invalid value '\(value)' for '--fail-on-increase': \(reason)\n"),
            "\(r.stderr)")
        #expect(r.stdout == "")
    }

    @Test func parameterOutsideTheIntervalExits1() throws {
        let dir = try TestSupport.temporaryDirectory("diff-gate")
        let t = try Self.template(dir)
        let a = try Self.write(
            t, dir, "a", currentError: 0.05, progress: 0.43, interval: (0.40, 0.46))
        // 0.47 is above A's [0.40, 0.46]; 0.46 is on its edge.
        let moved = try Self.write(t, dir, "moved", currentError: 0.05, progress: 0.47)
        let inside = try Self.write(t, dir, "inside", currentError: 0.05, progress: 0.46)
        let r = try TestSupport.run(["diff", a, moved, "--fail-on-moved"])
        #expect(r.status == 1)
        #expect(
            r.stderr
                == "error: p_th moved outside \(a)'s 95% interval: 0.43 → 0.47, interval [0.4, 0.46]\n",
            "\(r.stderr)")
        #expect(try TestSupport.run(["diff", a, moved]).status == 0)
        let ok = try TestSupport.run(["diff", a, inside, "--fail-on-moved"])
        #expect(ok.status == 0 && ok.stderr == "", "\(ok.stderr)")

        // Another family is a move of every parameter.
        let other = try Self.write(
            t, dir, "other", currentError: 0.05,
            family: ["family": "threshold", "progressThreshold": 0.5, "velocityThreshold": 1.0])
        let family = try TestSupport.run(["diff", a, other, "--fail-on-moved"])
        #expect(family.status == 1)
        #expect(family.stderr.hasPrefix("error: the suggested rule changed family: "))

        // No interval in A: nothing could be checked, which fails rather than passes.
        let bare = try Self.write(t, dir, "bare", currentError: 0.05, interval: .some(nil))
        let none = try TestSupport.run(["diff", bare, inside, "--fail-on-moved"])
        #expect(none.status == 1)
        #expect(none.stderr.contains("holds no parameter intervals"), "\(none.stderr)")
    }
}
