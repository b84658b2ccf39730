import GesturePhysics
import GestureTuning

extension TuningWarning {
    /// The one wording of a typed warning, for every command and format.
    public var sentence: String {
        switch self {
        case .defaultExtent(let direction, let extent, let count, let total, let population):
            let scope = count == total ? "" : " (\(count) of \(total) \(population))"
            let column = direction == .up || direction == .down ? "height" : "width"
            let size = extent.isFinite && abs(extent) < 1e15 ? "\(Int(extent.rounded()))" : "\(extent)"
            return "No \(column) column (direction \(direction.rawValue)) and no --extent\(scope): the extent defaults to \(size) pt, so pt/s thresholds assume a container that size."
        }
    }
}
