import Foundation

/// Measures and decides one gesture from its raw touches exactly as gesturetune's analysis
/// does: the start gate, the release velocity under the estimator and window the thresholds
/// were fitted on, the rule, and the completion (finger-speed settle, spring).
///
/// Feed it every sample of one gesture in order, in the container's frame (a frame that does
/// not move with the finger), in pt and seconds: `add` for the touch-down and each move,
/// `release` at lift-off. One tracker per gesture.
public struct GestureTuneTracker: Sendable {
    /// What the tracker decided at lift-off.
    public struct Release: Sendable, Equatable {
        /// The gate admitted the gesture: false means the transition never starts.
        public var admitted: Bool
        /// What the rule decides at this release, whatever the gate said.
        public var ruleCompletes: Bool
        /// `admitted && ruleCompletes`: finish the transition.
        public var complete: Bool
        /// Release progress `p_r` in [0, 1].
        public var progress: Double
        /// Release velocity `v_p`, progress/s (pt/s along the axis over the extent).
        public var velocity: Double
        /// The settle at the finger's speed: `min(cap, remaining / |v_p|)`, s.
        public var settleDuration: Double
        /// `UIPercentDrivenInteractiveTransition.completionSpeed` for that settle.
        public var completionSpeed: Double
        /// The spring's initial relative velocity (fraction of the remaining distance per s).
        public var springInitialVelocity: Double
        /// When the spring is within 0.5% of its target, s.
        public var springSettlingTime: Double
    }

    public let parameters: GestureTuneParameters
    /// The container's size along the transition's axis, pt.
    public let extent: Double
    /// Where a caught transition was when this gesture took it over (0: a new one). A caught
    /// transition is already running, so the gate does not apply.
    public var startProgress = 0.0
    public private(set) var first: TouchPoint?
    /// Touch-down and move samples, strictly increasing in time (an equal or earlier time
    /// replaces the samples it does not follow).
    private var points: [TouchPoint] = []
    private var platform: (vx: Double, vy: Double)?
    private let window: VelocityWindow

    /// `extent`: the container's size along the axis, pt (else the parameters' extent, else
    /// 390).
    public init(parameters: GestureTuneParameters, extent: Double?) {
        self.parameters = parameters
        self.extent = parameters.effectiveExtent(extent)
        window = parameters.window.effective
    }

    /// A tracker in a container of `width` × `height` pt: the extent is its size along the
    /// transition's axis.
    public init(parameters: GestureTuneParameters, width: Double, height: Double) {
        self.init(
            parameters: parameters,
            extent: parameters.direction.extent(width: width, height: height))
    }

    /// A touch-down or move sample; `vx`, `vy` the platform's velocity (pt/s) when it has one.
    public mutating func add(t: Double, x: Double, y: Double, vx: Double? = nil, vy: Double? = nil)
    {
        guard t.isFinite, x.isFinite, y.isFinite else { return }
        if first == nil { first = TouchPoint(t: t, x: x, y: y) }
        if let vx, let vy, vx.isFinite, vy.isFinite { platform = (vx, vy) }
        while let last = points.last, last.t >= t { points.removeLast() }
        points.append(TouchPoint(t: t, x: x, y: y))
    }

    /// Progress in [0, 1] at `(x, y)`: the distance along the axis from the first sample over
    /// the extent (after `startProgress`). What the interactive transition is fed while the
    /// finger moves.
    public func progress(x: Double, y: Double) -> Double {
        guard let first else { return 0 }
        let value =
            startProgress
            + parameters.direction.along(x: x - first.x, y: y - first.y) / extent
        return value.isNaN ? 0 : min(1, max(0, value))
    }

    /// The gate's features so far (`GateFeatures`, at the gate's slop); nil before the first
    /// sample.
    public var gateFeatures: GateFeatures? {
        guard let first else { return nil }
        let direction = parameters.direction
        let slop = parameters.gate.effectiveSlop
        let edge = ReleaseVelocity.finite(
            direction.distanceFromLeadingEdge(x: first.x, y: first.y, extent: extent))
        var angle: Double?
        for p in points {
            let dx = p.x - first.x
            let dy = p.y - first.y
            let length = (dx * dx + dy * dy).squareRoot()
            guard length.isFinite else { break }
            if length > slop {
                let a =
                    atan2(abs(direction.across(x: dx, y: dy)), direction.along(x: dx, y: dy))
                    * 180 / .pi
                angle = a.isFinite ? a : nil
                break
            }
        }
        return GateFeatures(
            edgeDistance: edge, edgeShare: ReleaseVelocity.finite(edge / extent), slop: slop,
            angle: angle, timeToSlop: nil, distanceToSlop: nil, movedAgainst: false)
    }

    /// The gate's verdict so far: nil until the finger has moved more than the slop (false at
    /// once when the start lies beyond the edge width); true for a caught transition.
    public var admitted: Bool? {
        if startProgress > 0 { return true }
        guard let features = gateFeatures else { return nil }
        // A start beyond the edge width is refused at once, before the slop is reached.
        if let width = parameters.gate.edgeWidth, !(features.edgeDistance <= width) {
            return false
        }
        switch parameters.gate.refusal(features) {
        case nil: return true
        case .slop: return nil
        case .edge, .angle: return false
        }
    }

    /// The lift-off sample: decides the release.
    public func release(t: Double, x: Double, y: Double, vx: Double? = nil, vy: Double? = nil)
        -> Release
    {
        var tracker = self
        if tracker.first == nil, t.isFinite, x.isFinite, y.isFinite {
            tracker.first = TouchPoint(t: t, x: x, y: y)
        }
        if let vx, let vy, vx.isFinite, vy.isFinite { tracker.platform = (vx, vy) }
        return tracker.decide(releaseTime: t, x: x, y: y)
    }

    private func decide(releaseTime: Double, x: Double, y: Double) -> Release {
        let p = progress(x: x, y: y)
        let (vx, vy) = releaseVelocity(releaseTime: releaseTime)
        let v = ReleaseVelocity.finite(parameters.direction.along(x: vx, y: vy) / extent)
        let kinematic = ReleaseVelocity.kinematics(
            points, direction: parameters.direction, extent: extent)
        let state = ReleaseState(
            progress: p, velocity: v, kinematicVelocity: kinematic.velocity,
            kinematicAcceleration: kinematic.acceleration, sampleCount: kinematic.count,
            extent: extent)
        let ruleCompletes = parameters.rule.completes(state)
        let admitted = self.admitted ?? false
        let complete = admitted && ruleCompletes
        let remaining = Completion.remaining(progress: p, completing: complete)
        let duration = parameters.effectiveTransitionDuration
        let settle = Completion.fingerSpeedDuration(
            remaining: remaining, velocity: v, cap: parameters.effectiveFingerSpeedCap)
        let speed = Completion.linearCompletionSpeed(
            remaining: remaining, settle: settle, duration: duration)
        let relative =
            Completion.springInitialVelocity(progress: p, velocity: v, completing: complete) ?? 0
        let settling =
            remaining > 0
            ? ((try? parameters.springMotion(initialVelocity: relative).settlingTime()) ?? 0) : 0
        return Release(
            admitted: admitted, ruleCompletes: ruleCompletes, complete: complete, progress: p,
            velocity: v, settleDuration: settle, completionSpeed: speed,
            springInitialVelocity: relative, springSettlingTime: settling)
    }

    /// `(vx, vy)` at release, pt/s, under the parameters' estimator and its fallbacks
    /// (`platform` without the platform's velocity: `lsq2`'s chain; a rest or fewer than two
    /// samples: 0).
    public func releaseVelocity(releaseTime: Double) -> (vx: Double, vy: Double) {
        if parameters.estimator == .platform, let platform { return platform }
        let (range, rested) = ReleaseVelocity.window(
            points, releaseTime: releaseTime.isFinite ? releaseTime : nil, limits: window)
        if rested || range.count < 2 { return (0, 0) }
        for candidate in ReleaseVelocity.chain(parameters.estimator) {
            let value: (Double, Double)?
            switch candidate {
            case .lsq2, .lsq1:
                let degree = candidate == .lsq2 ? 2 : 1
                if range.count == 2 {
                    value = ReleaseVelocity.slope(points, range)
                } else if range.count > degree {
                    value = ReleaseVelocity.leastSquaresSlope(points, range, degree: degree)
                } else {
                    value = nil
                }
            case .delta: value = ReleaseVelocity.slope(points, range)
            case .impulse:
                value =
                    range.count == 2
                    ? ReleaseVelocity.slope(points, range) : ReleaseVelocity.impulse(points, range)
            case .platform: value = nil
            }
            if let (vx, vy) = value, vx.isFinite, vy.isFinite,
                parameters.direction.along(x: vx, y: vy).isFinite
            {
                return (vx, vy)
            }
        }
        return (0, 0)
    }
}
