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

    /// Gestures counted for any direction.
    var total: Int { counts.values.reduce(0, +) }

    mutating func add(_ gesture: Gesture) {
        guard let first = gesture.samples.first, let last = gesture.samples.last else { return }
        let dx = last.x - first.x
        let dy = last.y - first.y
        guard dx.isFinite, dy.isFinite, max(abs(dx), abs(dy)) >= Self.minimumDistance else { return }
        let direction: Direction = abs(dx) >= abs(dy) ? (dx > 0 ? .right : .left) : (dy > 0 ? .down : .up)
        counts[direction, default: 0] += 1
    }

    mutating func add(_ other: MotionTally) {
        for (direction, n) in other.counts { counts[direction, default: 0] += n }
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
