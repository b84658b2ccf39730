import GesturePhysics
import GestureTrace

/// Which way the gestures of a trace move on screen, to catch a `--direction` that does not
/// fit them (vertical scrolling analysed as a swipe to the right measures no progress at all).
///
/// A gesture counts for the direction of its net displacement (first to last sample, origin
/// top-left: +x right, +y down) along the axis where that displacement is larger; gestures
/// that move less than `minimumDistance` (taps) are not counted.
struct MotionTally: Sendable, Equatable {
    /// Net displacement below which a gesture is not counted, pt.
    static let minimumDistance = 2.0

    var counts: [Direction: Int] = [:]
    /// Largest x and y of any sample, pt (0 when none is positive).
    var maxX = 0.0
    var maxY = 0.0

    /// Gestures counted for any direction.
    var total: Int { counts.values.reduce(0, +) }

    mutating func add(_ gesture: Gesture) {
        for sample in gesture.samples {
            if sample.x.isFinite && sample.x > maxX { maxX = sample.x }
            if sample.y.isFinite && sample.y > maxY { maxY = sample.y }
        }
        guard let first = gesture.samples.first, let last = gesture.samples.last else { return }
        let dx = last.x - first.x
        let dy = last.y - first.y
        guard dx.isFinite, dy.isFinite, max(abs(dx), abs(dy)) >= Self.minimumDistance else { return }
        let direction: Direction = abs(dx) >= abs(dy) ? (dx > 0 ? .right : .left) : (dy > 0 ? .down : .up)
        counts[direction, default: 0] += 1
    }

    mutating func add(_ other: MotionTally) {
        for (direction, n) in other.counts { counts[direction, default: 0] += n }
        maxX = max(maxX, other.maxX)
        maxY = max(maxY, other.maxY)
    }

    /// A warning when touches reach well beyond `extent` along `direction`'s axis (more than
    /// 25% past it): the container is larger than the extent says, so progress runs past 1
    /// and positions measured from the far edge go negative. `source` says where the extent
    /// came from (`the default`, `--extent or the parameter file`).
    func extentWarning(direction: Direction, extent: Double, source: String) -> String? {
        let horizontal = direction == .right || direction == .left
        let reach = horizontal ? maxX : maxY
        guard extent > 0, reach > 1.25 * extent else { return nil }
        let axis = horizontal ? "x" : "y"
        let size = horizontal ? "width" : "height"
        return "Touches reach \(TimeScaleCheck.Wording.whole(reach)) pt along \(axis), beyond the \(TimeScaleCheck.Wording.whole(extent)) pt extent (\(source)): the container is larger than that, so progress and edge figures are off. Pass --extent with the container's \(size) in pt."
    }

    /// A warning when most counted gestures move another way than `direction`: more than half
    /// of them one other way, and at most a quarter `direction`'s way.
    func warning(for direction: Direction) -> String? {
        let total = self.total
        guard total > 0,
            let (main, n) = counts.max(by: { $0.value < $1.value || ($0.value == $1.value && $0.key.rawValue > $1.key.rawValue) }),
            main != direction, 2 * n > total, 4 * counts[direction, default: 0] <= total
        else { return nil }
        let axis = direction == .right || direction == .left ? "x" : "y"
        return "Most gestures move \(main.rawValue) on screen (\(n) of \(total), by their net displacement) but the direction is \(direction.rawValue): progress is measured along \(axis), so these figures say little. Pass --direction \(main.rawValue) (or set \"direction\" in the parameter file)."
    }
}
