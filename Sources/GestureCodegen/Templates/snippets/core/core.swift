/// GestureTuneCore: measures and decides a release exactly as gesturetune's analysis does, from
/// the raw touch samples, with no platform API (Foundation only). Feed it every sample of one
/// gesture in order, in the container's frame (a frame that does not move with the finger), in
/// pt and seconds: `add` for each touch down and move, `release` for the lift-off. It applies the
/// start-of-gesture gate (edge width, direction after the slop), the release-velocity estimator
/// and window the thresholds were fitted on, the rule, and the completion speed and spring.
struct GestureTuneCore {
    /// What the core decided at lift-off.
    struct Release: Equatable {
        /// The gate admitted the gesture: false means the transition never starts.
        var admitted: Bool
        /// What the rule decides at this release, whatever the gate said.
        var ruleCompletes: Bool
        /// `admitted && ruleCompletes`: finish the transition.
        var complete: Bool
        /// Release progress `p_r` in [0, 1].
        var progress: Double
        /// Release velocity `v_p`, progress/s (pt/s along the axis over the extent).
        var velocity: Double
        /// The settle at the finger's speed: `min(cap, remaining / |v_p|)`, s.
        var settleDuration: Double
        /// `UIPercentDrivenInteractiveTransition.completionSpeed` for that settle.
        var completionSpeed: Double
        /// The spring's initial relative velocity (fraction of the remaining distance per s).
        var springInitialVelocity: Double
        /// When the spring is within 0.5% of its target, s.
        var springSettlingTime: Double
    }

    typealias Point = (t: Double, x: Double, y: Double)
    typealias P = GestureTuneParameters

    /// The container's size along the transition's axis, pt.
    let extent: Double
    private(set) var first: Point?
    /// Touch-down and move samples, strictly increasing in time (an equal time replaces).
    private var points: [Point] = []
    private var platform: (vx: Double, vy: Double)?
    /// Where a caught transition was when this gesture took it over (0: a new one). A caught
    /// transition is already running, so the gate does not apply.
    var startProgress = 0.0

    /// `extent`: the container's size along the axis, pt (else the parameters' extent, else 390).
    init(extent: Double) {
        if extent.isFinite && extent > 0 {
            self.extent = extent
        } else if let fixed = P.extent, fixed.isFinite, fixed > 0 {
            self.extent = fixed
        } else {
            self.extent = 390
        }
    }

    static var horizontal: Bool { P.direction == "right" || P.direction == "left" }
    static var sense: Double { P.direction == "right" || P.direction == "down" ? 1 : -1 }
    /// The component along the transition's direction (pt or pt/s).
    static func along(_ x: Double, _ y: Double) -> Double { sense * (horizontal ? x : y) }
    static func across(_ x: Double, _ y: Double) -> Double { horizontal ? y : x }

    /// A touch-down or move sample; `vx`, `vy` the platform's velocity (pt/s) when it has one.
    mutating func add(t: Double, x: Double, y: Double, vx: Double? = nil, vy: Double? = nil) {
        guard t.isFinite, x.isFinite, y.isFinite else { return }
        if first == nil { first = (t, x, y) }
        if let vx, let vy, vx.isFinite, vy.isFinite { platform = (vx, vy) }
        while let last = points.last, last.t >= t { points.removeLast() }
        points.append((t, x, y))
    }

    /// Progress in [0, 1] at `(x, y)`: the distance along the axis from the first sample over
    /// the extent. What the interactive transition is fed while the finger moves.
    func progress(x: Double, y: Double) -> Double {
        guard let first else { return 0 }
        let value = startProgress + Self.along(x - first.x, y - first.y) / extent
        return value.isNaN ? 0 : min(1, max(0, value))
    }

    /// The gate's verdict so far: nil until the finger has moved more than the slop (or the
    /// start already lies beyond the edge width: false).
    var admitted: Bool? {
        if startProgress > 0 { return true }
        guard let first else { return nil }
        if let width = P.edgeWidth, !(leadingEdgeDistance(first) <= width) { return false }
        guard let angle = angleAfterSlop() else { return nil }
        return angle <= (P.lockAngle ?? 90)
    }

    func leadingEdgeDistance(_ p: Point) -> Double {
        let e: Double
        switch P.direction {
        case "left": e = extent - p.x
        case "down": e = p.y
        case "up": e = extent - p.y
        default: e = p.x
        }
        return e.isFinite ? e : 0
    }

    /// Degrees in [0, 180] from the axis of the first sample more than the slop from the first.
    func angleAfterSlop() -> Double? {
        guard let first else { return nil }
        let slop = P.slop.map { $0.isFinite && $0 >= 0 ? $0 : 10 } ?? 10
        for p in points {
            let dx = p.x - first.x
            let dy = p.y - first.y
            let length = (dx * dx + dy * dy).squareRoot()
            guard length.isFinite else { return nil }
            if length > slop {
                let angle = atan2(abs(Self.across(dx, dy)), Self.along(dx, dy)) * 180 / .pi
                return angle.isFinite ? angle : nil
            }
        }
        return nil
    }

    /// The lift-off sample: decides the release.
    func release(t: Double, x: Double, y: Double, vx: Double? = nil, vy: Double? = nil) -> Release {
        var core = self
        if core.first == nil { core.first = (t, x, y) }
        var platform = core.platform
        if let vx, let vy, vx.isFinite, vy.isFinite { platform = (vx, vy) }
        let p = core.progress(x: x, y: y)
        let (vx, vy) = core.releaseVelocity(releaseTime: t, platform: platform)
        let v = finite(Self.along(vx, vy) / extent)
        let kinematic = core.kinematics()
        let ruleCompletes = gestureTuneRuleCompletes(
            progress: p, velocity: v, kinematicVelocity: kinematic.velocity,
            kinematicAcceleration: kinematic.acceleration, kinematicCount: kinematic.count,
            extent: extent)
        let admitted = core.admitted ?? false
        let complete = admitted && ruleCompletes
        let remaining = complete ? 1 - p : p
        let duration = P.transitionDuration ?? 0.35
        let cap = P.fingerSpeedCap ?? duration
        var settle = 0.0
        if remaining > 0 {
            let time = remaining / abs(v)
            settle = time.isFinite ? min(cap, time) : cap
        }
        let speed = remaining > 0 && settle > 0 ? remaining * duration / settle : 1
        let relative = remaining > 0 ? finite(complete ? v / (1 - p) : -v / p) : 0
        return Release(
            admitted: admitted, ruleCompletes: ruleCompletes, complete: complete, progress: p,
            velocity: v, settleDuration: settle, completionSpeed: speed,
            springInitialVelocity: relative,
            springSettlingTime: remaining > 0
                ? Self.springSettlingTime(initialVelocity: relative) : 0)
    }

    func finite(_ x: Double) -> Double { x.isFinite ? x : 0 }

    // MARK: Release velocity (the window, then the estimator and its fallbacks)

    /// 1 ns, or 16 ulp of `t` when a nanosecond is below its resolution.
    static func tolerance(_ t: Double) -> Double { max(1e-9, 16 * t.magnitude.ulp) }

    /// The window over `points` (rest: none), walking back while age <= horizon, gap <= maxGap
    /// and fewer than maxSamples are kept.
    func window(releaseTime: Double) -> (range: Range<Int>, rested: Bool) {
        guard let newest = points.last else { return (0..<0, false) }
        let horizon = P.horizon.flatMap { $0.isFinite && $0 > 0 ? $0 : nil } ?? 0.1
        let maxGap = P.maxGap.flatMap { $0.isFinite && $0 > 0 ? $0 : nil } ?? 0.04
        let maxSamples = P.maxSamples.flatMap { $0 >= 1 ? $0 : nil } ?? 20
        let end = points.count
        let tol = Self.tolerance(newest.t)
        if releaseTime.isFinite, releaseTime - newest.t > maxGap + tol { return (end..<end, true) }
        var start = end - 1
        while start > 0, end - start < maxSamples {
            let older = points[start - 1]
            if newest.t - older.t > horizon + tol { break }
            if points[start].t - older.t > maxGap + tol { break }
            start -= 1
        }
        return (start..<end, false)
    }

    /// `(vx, vy)` at release, pt/s, under the parameters' estimator.
    func releaseVelocity(releaseTime: Double, platform: (vx: Double, vy: Double)?) -> (
        Double, Double
    ) {
        var estimator = P.estimator ?? "lsq2"
        if estimator == "platform" {
            if let platform { return (platform.vx, platform.vy) }
            estimator = "lsq2"
        }
        let (range, rested) = window(releaseTime: releaseTime)
        if rested || range.count < 2 { return (0, 0) }
        let chain: [String]
        switch estimator {
        case "lsq1": chain = ["lsq1", "delta"]
        case "delta": chain = ["delta"]
        case "impulse": chain = ["impulse"]
        default: chain = ["lsq2", "lsq1", "delta"]
        }
        for candidate in chain {
            if let (vx, vy) = components(candidate, range), vx.isFinite, vy.isFinite,
                Self.along(vx, vy).isFinite
            {
                return (vx, vy)
            }
        }
        return (0, 0)
    }

    func components(_ estimator: String, _ w: Range<Int>) -> (Double, Double)? {
        switch estimator {
        case "lsq2", "lsq1":
            let degree = estimator == "lsq2" ? 2 : 1
            if w.count == 2 { return slope(w) }
            guard w.count > degree else { return nil }
            return fit(w, degree: degree)
        case "delta": return slope(w.upperBound - 2..<w.upperBound)
        default:
            if w.count == 2 { return slope(w) }
            return impulse(w)
        }
    }

    func slope(_ r: Range<Int>) -> (Double, Double)? {
        let a = points[r.upperBound - 2]
        let b = points[r.upperBound - 1]
        let dt = b.t - a.t
        guard dt > 0 else { return nil }
        return ((b.x - a.x) / dt, (b.y - a.y) / dt)
    }

    /// Least-squares polynomial of `degree` of position against time (relative to the newest
    /// sample), its slope at the newest sample: a QR factorisation (modified Gram-Schmidt) of
    /// the design `1, τ, τ²` with τ the time over the window's span.
    func fit(_ w: Range<Int>, degree: Int) -> (Double, Double)? {
        let newest = points[w.upperBound - 1]
        let ts = points[w].map { $0.t - newest.t }
        let span = ts.map { abs($0) }.max() ?? 0
        guard span > 0 else { return nil }
        let n = ts.count
        let m = degree + 1
        var q = (0..<m).map { j in ts.map { t in pow(t / span, Double(j)) } }
        var r = [[Double]](repeating: [Double](repeating: 0, count: m), count: m)
        var largest = 0.0
        for j in 0..<m {
            for k in 0..<j {
                var d = 0.0
                for i in 0..<n { d += q[k][i] * q[j][i] }
                r[k][j] = d
                for i in 0..<n { q[j][i] -= d * q[k][i] }
            }
            var norm = 0.0
            for i in 0..<n { norm += q[j][i] * q[j][i] }
            norm = norm.squareRoot()
            largest = max(largest, norm)
            guard norm > 1e-12 * largest, norm.isFinite else { return nil }
            r[j][j] = norm
            for i in 0..<n { q[j][i] /= norm }
        }
        func slopeOf(_ values: [Double]) -> Double {
            var c = [Double](repeating: 0, count: m)
            for j in 0..<m {
                var d = 0.0
                for i in 0..<n { d += q[j][i] * values[i] }
                c[j] = d
            }
            for j in stride(from: m - 1, through: 0, by: -1) {
                for k in (j + 1)..<m { c[j] -= r[j][k] * c[k] }
                c[j] /= r[j][j]
            }
            return c[1] / span
        }
        return (
            slopeOf(points[w].map { $0.x - newest.x }), slopeOf(points[w].map { $0.y - newest.y })
        )
    }

    /// Android's impulse strategy on x and y separately.
    func impulse(_ w: Range<Int>) -> (Double, Double) {
        func velocity(_ work: Double) -> Double {
            (work < 0 ? -1 : 1) * (2 * abs(work)).squareRoot()
        }
        var workX = 0.0
        var workY = 0.0
        for index in w.dropFirst() {
            let older = points[index - 1]
            let newer = points[index]
            let dt = newer.t - older.t
            let vx = (newer.x - older.x) / dt
            let vy = (newer.y - older.y) / dt
            workX += (vx - velocity(workX)) * abs(vx)
            workY += (vy - velocity(workY)) * abs(vy)
            if index == w.lowerBound + 1 {
                workX *= 0.5
                workY *= 0.5
            }
        }
        return (velocity(workX), velocity(workY))
    }

    /// Mean velocity and acceleration over the last 3 samples (progress/s, progress/s², each
    /// step clamped to ±5), for the kinematic rule.
    func kinematics() -> (velocity: Double, acceleration: Double, count: Int) {
        let count = min(3, points.count)
        guard count >= 2 else { return (0, 0, count) }
        func segment(_ k: Int) -> Double {
            let a = points[k - 1]
            let b = points[k]
            return finite(Self.along(b.x - a.x, b.y - a.y) / extent / (b.t - a.t))
        }
        let newest = points.count - 1
        let last = segment(newest)
        guard count == 3 else { return (last, 0, count) }
        let previous = segment(newest - 1)
        let span = (points[newest].t - points[newest - 2].t) / 2
        let step = finite((last - previous) / span)
        return (finite((previous + last) / 2), min(5, max(-5, step)), count)
    }

    // MARK: Spring

    /// `x(t) - 1` of the unit-step spring (damping ratio ζ, response R: ω₀ = 2π / R) launched
    /// with relative velocity `v0`, in closed form.
    static func springError(_ t: Double, initialVelocity v0: Double) -> Double {
        let zeta = P.springDampingRatio ?? 1
        let omega = 2 * Double.pi / (P.springResponse ?? P.transitionDuration ?? 0.35)
        if zeta < 1 {
            let damped = omega * (1 - zeta * zeta).squareRoot()
            let b = (v0 - zeta * omega) / damped
            return exp(-zeta * omega * t) * (-cos(damped * t) + b * sin(damped * t))
        }
        if zeta == 1 { return (-1 + (v0 - omega) * t) * exp(-omega * t) }
        let r2 = -omega * (zeta + (zeta * zeta - 1).squareRoot())
        let r1 = omega * omega / r2
        let c1 = (v0 + r2) / (r1 - r2)
        return c1 * exp(r1 * t) + (-1 - c1) * exp(r2 * t)
    }

    /// The last time the spring is 0.5% or more from its target, s: scanned in steps of R/400
    /// up to a bound past which it cannot leave the band, then bisected.
    static func springSettlingTime(initialVelocity v0: Double) -> Double {
        guard v0.isFinite else { return 0 }
        let zeta = P.springDampingRatio ?? 1
        let response = P.springResponse ?? P.transitionDuration ?? 0.35
        let tolerance = 0.005
        let step = response / 400
        let bound = response * (4 * (1 / zeta + zeta) + log(2 + abs(v0) * response)) * 4
        var last = 0.0
        var t = 0.0
        while t < bound {
            t += step
            if abs(springError(t, initialVelocity: v0)) > tolerance { last = t }
        }
        var lo = last
        var hi = last + step
        if abs(springError(lo, initialVelocity: v0)) <= tolerance { return lo }
        for _ in 0..<60 {
            let mid = (lo + hi) / 2
            if abs(springError(mid, initialVelocity: v0)) > tolerance { lo = mid } else { hi = mid }
        }
        return hi
    }
}
