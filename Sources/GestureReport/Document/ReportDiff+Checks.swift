import GestureIO
import GesturePhysics

/// The checks `diff --fail-on-increase POINTS` and `--fail-on-moved` make of two runs: each
/// returns the sentences that fail the check (empty: it passes). A check that cannot be made
/// (no intent labels, no intervals) fails too, saying why: a gate must not pass on nothing.
extension ReportDiff {
    /// Slack on comparisons, so that a rise of exactly POINTS (0.5 → 1.0 %) is not "more".
    static let slack = 1e-9

    /// The current rule's error (the `--params` set on each run's traces) from A to B, in
    /// percentage points; nil when either run has no intent labels.
    public var currentErrorChangePoints: Double? {
        guard a.summary.labelled, b.summary.labelled, let x = a.summary.currentError,
            let y = b.summary.currentError
        else { return nil }
        return (y - x) * 100
    }

    /// Why the error check fails: the current rule's error rose by more than `points`
    /// percentage points, or it could not be compared.
    public func errorIncreaseFailures(moreThan points: Double) -> [String] {
        guard let change = currentErrorChangePoints else {
            let which = a.summary.labelled ? nameB : nameA
            return [
                "--fail-on-increase: the error cannot be compared: \(which) has no intent labels"
            ]
        }
        guard change > points + Self.slack else { return [] }
        return [
            "current error rose by \(NumberText.points(change)) points (\(NumberText.percent(a.summary.currentError)) → \(NumberText.percent(b.summary.currentError))), more than --fail-on-increase \(NumberText.points(points))"
        ]
    }

    /// Why the parameter check fails: B's suggested rule is of another family than A's, or one
    /// of its parameters lies outside A's 95% interval for it; or A holds no interval at all.
    /// Parameters without an interval in A (not searched) are not judged.
    public func movedParameterFailures() -> [String] {
        let ra = a.summary.suggestedRule, rb = b.summary.suggestedRule
        guard ra.family == rb.family else {
            return [
                "the suggested rule changed family: \(ra.family.rawValue) → \(rb.family.rawValue)"
            ]
        }
        let judged = a.parameters.filter { $0.interval != nil }
        guard !judged.isEmpty else {
            return [
                "--fail-on-moved: \(nameA) holds no parameter intervals (analysed with --resamples 0, or without intent labels)"
            ]
        }
        var failures: [String] = []
        for before in judged {
            guard let i = before.interval,
                let after = b.parameters.first(where: { $0.symbol == before.symbol })?.suggested
            else { continue }
            if after < i.low - Self.slack || after > i.high + Self.slack {
                let unit = before.unit ?? .ratio
                failures.append(
                    "\(before.symbol) moved outside \(nameA)'s 95% interval: \(value(before.suggested, unit)) → \(value(after, unit)), interval \(ParameterFormat.interval(i, unit: unit, extent: a.summary.extent))"
                )
            }
        }
        return failures
    }
}
