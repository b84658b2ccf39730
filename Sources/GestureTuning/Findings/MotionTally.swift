import GesturePhysics
import GestureTrace

/// Which way the gestures of a trace move on screen, to catch a `--direction` that does not
/// fit them (vertical scrolling analysed as a swipe to the right measures no progress at all),
/// and how far touches reach, to catch an extent smaller than the container.
///
/// A gesture counts for the direction of its net displacement (first to last sample, origin
/// top-left: +x right, +y down) along the axis where that displacement is larger; gestures
/// that move less than `minimumDistance` (taps) are not counted.
public struct MotionTally: Sendable, Equatable {
    /// Net displacement below which a gesture is not counted, pt.
    public static let minimumDistance = 2.0
    /// Touches count as beyond an extent when they reach more than this share past it: a
    /// finger overshooting the edge by a little is normal, a quarter of the extent is not.
    public static let reachTolerance = 1.25

    public var counts: [Direction: Int] = [:]
    /// Largest x and y of any sample, pt (0 when none is positive).
    public var maxX = 0.0
    public var maxY = 0.0
    /// Gestures with a `width` (`height`) column, and of those, the ones whose touches reach
    /// more than `reachTolerance` times past it; the farthest such reach and its container.
    public var withWidth = 0
    public var withHeight = 0
    public var beyondWidth = Beyond()
    public var beyondHeight = Beyond()

    /// Gestures whose touches reach past their own container along one axis.
    public struct Beyond: Sendable, Equatable {
        public var count = 0
        /// The reach (pt) and container size (pt) of the gesture that reaches farthest past it.
        public var reach = 0.0
        public var container = 0.0

        mutating func add(reach r: Double, container c: Double) {
            count += 1
            if count == 1 || r / c > reach / container { (reach, container) = (r, c) }
        }

        mutating func add(_ other: Beyond) {
            guard other.count > 0 else { return }
            let keep = count == 0 || other.reach / other.container > reach / container
            count += other.count
            if keep { (reach, container) = (other.reach, other.container) }
        }
    }

    public init() {}

    /// Gestures counted for any direction.
    public var total: Int { counts.values.reduce(0, +) }

    public mutating func add(_ gesture: Gesture) {
        var gx = 0.0, gy = 0.0
        for sample in gesture.samples {
            if sample.x.isFinite && sample.x > gx { gx = sample.x }
            if sample.y.isFinite && sample.y > gy { gy = sample.y }
        }
        maxX = max(maxX, gx)
        maxY = max(maxY, gy)
        if let w = gesture.width, w.isFinite, w > 0 {
            withWidth += 1
            if gx > Self.reachTolerance * w { beyondWidth.add(reach: gx, container: w) }
        }
        if let h = gesture.height, h.isFinite, h > 0 {
            withHeight += 1
            if gy > Self.reachTolerance * h { beyondHeight.add(reach: gy, container: h) }
        }
        guard let first = gesture.samples.first, let last = gesture.samples.last else { return }
        let dx = last.x - first.x
        let dy = last.y - first.y
        guard dx.isFinite, dy.isFinite, max(abs(dx), abs(dy)) >= Self.minimumDistance else {
            return
        }
        let direction: Direction =
            abs(dx) >= abs(dy) ? (dx > 0 ? .right : .left) : (dy > 0 ? .down : .up)
        counts[direction, default: 0] += 1
    }

    public mutating func add(_ other: MotionTally) {
        for (direction, n) in other.counts { counts[direction, default: 0] += n }
        maxX = max(maxX, other.maxX)
        maxY = max(maxY, other.maxY)
        withWidth += other.withWidth
        withHeight += other.withHeight
        beyondWidth.add(other.beyondWidth)
        beyondHeight.add(other.beyondHeight)
    }

    /// Touches reaching well beyond `extent` along `direction`'s axis (more than
    /// `reachTolerance` times it): the container is larger than the extent says, so progress
    /// runs past 1 and positions measured from the far edge go negative. `source` says where
    /// the extent came from.
    public func extentWarning(direction: Direction, extent: Double, source: ExtentSource)
        -> TuningWarning?
    {
        let reach = direction.isHorizontal ? maxX : maxY
        guard extent > 0, reach > Self.reachTolerance * extent else { return nil }
        return .beyondExtent(reach: reach, extent: extent, direction: direction, source: source)
    }

    /// Gestures with a `width`/`height` column whose touches reach well beyond it along
    /// `direction`'s axis: coordinates and container sizes are not in the same space.
    public func containerWarning(direction: Direction) -> TuningWarning? {
        let beyond = direction.isHorizontal ? beyondWidth : beyondHeight
        let total = direction.isHorizontal ? withWidth : withHeight
        guard beyond.count > 0 else { return nil }
        return .beyondContainer(
            count: beyond.count, total: total, reach: beyond.reach, container: beyond.container,
            direction: direction)
    }

    /// A warning when most counted gestures move another way than `direction`: more than half
    /// of them one other way, and at most a quarter `direction`'s way.
    public func warning(for direction: Direction) -> TuningWarning? {
        let total = self.total
        guard total > 0,
            let (main, n) = counts.max(by: {
                $0.value < $1.value || ($0.value == $1.value && $0.key.rawValue > $1.key.rawValue)
            }),
            main != direction, 2 * n > total, 4 * counts[direction, default: 0] <= total
        else { return nil }
        return .otherDirection(moving: main, count: n, total: total, given: direction)
    }
}
