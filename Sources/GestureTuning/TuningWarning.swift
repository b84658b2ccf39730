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
