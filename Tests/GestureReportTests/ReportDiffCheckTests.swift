import Foundation
import GesturePhysics
import Testing

@testable import GestureReport

/// `diff --fail-on-increase` and `--fail-on-moved` on hand-written report.json files: the
/// parameter rows read back (`"inf"`, `null` bounds) and each check's verdict.
@Suite struct ReportDiffCheckTests {
    /// A threshold rule suggestion with `p_th`/`v_th` rows; `labelled` and errors as given.
    static func report(
        currentError: Double?, labelled: Bool = true, progress: Double = 0.5,
        velocity: String = "1.0", rows: String
    ) throws -> ReportDocument {
        let text = """
            {"schema": "gesturetune.report/1",
             "summary": {"labelled": \(labelled), "extent": 400,
               "currentRule": {"family": "threshold", "progressThreshold": 0.5, "velocityThreshold": 1},
               "suggestedRule": {"family": "threshold", "progressThreshold": \(progress), "velocityThreshold": \(velocity)},
               "currentError": \(currentError.map { "\($0)" } ?? "null")},
             "parameters": {"rows": [\(rows)]}}
            """
        return try ReportDocument.decode(Data(text.utf8))
    }

    static func rows(progress: Double, interval: String, velocity: String = "1.0") -> String {
        """
        {"symbol": "p_th", "unit": "progress", "suggested": \(progress), "interval": \(interval)},
        {"symbol": "v_th", "unit": "progress/s", "suggested": \(velocity), "interval": {"low": 0.5, "high": null}}
        """
    }

    @Test func parameterRowsReadBack() throws {
        let d = try Self.report(
            currentError: 0.1, velocity: "\"inf\"",
            rows: Self.rows(progress: 0.5, interval: "null", velocity: "\"inf\""))
        #expect(
            d.parameters == [
                .init(symbol: "p_th", unit: .progress, suggested: 0.5, interval: nil),
                .init(
                    symbol: "v_th", unit: .progressPerSecond, suggested: .infinity,
                    interval: Interval(low: 0.5, high: .infinity)),
            ])
        let bad = """
            {"schema": "gesturetune.report/1",
             "summary": {"currentRule": {"family": "threshold", "progressThreshold": 0.5, "velocityThreshold": 1},
               "suggestedRule": {"family": "threshold", "progressThreshold": 0.5, "velocityThreshold": 1}},
             "parameters": {"rows": [{"symbol": "p_th", "suggested": "lots"}]}}
            """
        #expect(throws: ReportDocument.Problem.self) { try ReportDocument.decode(Data(bad.utf8)) }
    }

    @Test func errorIncreaseIsInPercentagePoints() throws {
        let rows = Self.rows(progress: 0.5, interval: "null")
        let a = try Self.report(currentError: 0.1, rows: rows)
        // 10% → 12%: +2 points.
        let worse = ReportDiff(
            a, try Self.report(currentError: 0.12, rows: rows), nameA: "A", nameB: "B")
        #expect(abs((worse.currentErrorChangePoints ?? 0) - 2) < 1e-9)
        #expect(
            worse.errorIncreaseFailures(moreThan: 1.5) == [
                "current error rose by 2.0 points (10.0% → 12.0%), more than --fail-on-increase 1.5"
            ])
        #expect(worse.errorIncreaseFailures(moreThan: 2).isEmpty)
        let better = ReportDiff(
            a, try Self.report(currentError: 0.05, rows: rows), nameA: "A", nameB: "B")
        #expect(better.errorIncreaseFailures(moreThan: 0).isEmpty)
        let unlabelled = ReportDiff(
            a, try Self.report(currentError: nil, labelled: false, rows: rows), nameA: "A",
            nameB: "B")
        #expect(
            unlabelled.errorIncreaseFailures(moreThan: 0.5) == [
                "--fail-on-increase: the error cannot be compared: B has no intent labels"
            ])
    }

    @Test func movedMeansOutsideAsInterval() throws {
        let a = try Self.report(
            currentError: 0.1,
            rows: Self.rows(progress: 0.5, interval: "{\"low\": 0.45, \"high\": 0.55}"))
        func b(_ p: Double, velocity: String = "1.0") throws -> ReportDocument {
            try Self.report(
                currentError: 0.1, progress: p, velocity: velocity,
                rows: Self.rows(progress: p, interval: "null", velocity: velocity))
        }
        #expect(ReportDiff(a, try b(0.55), nameA: "A", nameB: "B").movedParameterFailures() == [])
        #expect(
            ReportDiff(a, try b(0.6), nameA: "A", nameB: "B").movedParameterFailures() == [
                "p_th moved outside A's 95% interval: 0.5 → 0.6, interval [0.45, 0.55]"
            ])
        // v_th's interval [0.5, ∞) holds an infinite threshold; 0.4 is below it.
        #expect(
            ReportDiff(a, try b(0.5, velocity: "\"inf\""), nameA: "A", nameB: "B")
                .movedParameterFailures() == [])
        #expect(
            ReportDiff(a, try b(0.5, velocity: "0.4"), nameA: "A", nameB: "B")
                .movedParameterFailures().first?.hasPrefix("v_th moved outside A's 95% interval")
                == true)
        let noIntervals = try Self.report(
            currentError: 0.1,
            rows: """
                {"symbol": "p_th", "unit": "progress", "suggested": 0.5, "interval": null}
                """)
        #expect(
            ReportDiff(noIntervals, try b(0.5), nameA: "A", nameB: "B").movedParameterFailures()
                .first?.hasPrefix("--fail-on-moved: A holds no parameter intervals") == true)
    }
}
