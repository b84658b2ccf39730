import GestureTrace
import GesturePhysics

/// A warning about the measurements a decision rests on, as a typed value: GestureReport's
/// `TuningWarning.sentence` words it, the same for `analyze` (report, summary) and `batch`.
public enum TuningWarning: Sendable, Equatable {
    /// `count` of `total` gestures (`population`: "gestures", "labelled gestures") were
    /// measured with the default extent: no width/height column and no extent given.
    case defaultExtent(direction: Direction, extent: Double, count: Int, total: Int, population: String)

    /// The default-extent warning for `measurements`, if any was measured with the default.
    public static func defaultExtent(_ measurements: [GestureMeasurement], direction: Direction, population: String) -> TuningWarning? {
        let defaulted = measurements.filter { $0.extentSource == .defaultValue }
        guard let first = defaulted.first else { return nil }
        return .defaultExtent(
            direction: direction, extent: first.extent, count: defaulted.count, total: measurements.count, population: population)
    }
}

/// A notice about how the labels were made (issue 16), worded once in GestureReport.
public enum LabelNotice: Sendable, Equatable {
    /// The tuning was fitted on implicit labels: `intent`, `retry` and `outcome` count the
    /// labels each source gave; `automatic` when no `--labels implicit` was given (the traces
    /// have an `outcome` column and no `intent` column).
    case implicitLabels(intent: Int, retry: Int, outcome: Int, window: Double, automatic: Bool)

    public init(_ labels: ImplicitLabels, automatic: Bool) {
        self = .implicitLabels(
            intent: labels.count(.intent), retry: labels.count(.retry), outcome: labels.count(.outcome),
            window: labels.retryWindow, automatic: automatic)
    }
}
