/// A touch-down or move sample reduced to what a decision reads: time (s) and position (pt) in
/// a frame that does not move with the finger.
public struct TouchPoint: Sendable, Equatable {
    public var t: Double
    public var x: Double
    public var y: Double
    public init(t: Double, x: Double, y: Double) {
        self.t = t
        self.x = x
        self.y = y
    }
}

/// The release velocity (physics.md, "Velocity estimators"): the window over the samples before
/// lift-off, each estimator's closed form and the fallbacks. The analysis' engine selects the
/// window, the chain and the `delta` and `impulse` estimates here, and fits the least-squares
/// polynomials with GSL; `GestureTuneTracker` fits them here (`leastSquaresSlope`, a QR
/// factorisation), which the conformance tests pin to GSL's fits.
public enum ReleaseVelocity {
    /// The time tolerance of the window's comparisons at `t`: 1 ns, or 16 ulp of `t` when a
    /// nanosecond is below its resolution. Recorders store milliseconds, and
    /// `0.803 - 0.703 > 0.100` in binary floating point: Flutter compares integer microseconds,
    /// so a sample exactly 100 ms old is kept.
    @inlinable
    public static func timeTolerance(_ t: Double) -> Double {
        max(GestureTuneDefaults.timeTolerance, 16 * t.magnitude.ulp)
    }

    /// The window over `points` (strictly increasing in time, the lift-off sample not among
    /// them): rule 3, a rest (`releaseTime - t_n > G`) gives no window; rule 4, walk back from
    /// the newest sample while the age `<= H`, the gap `<= G` and fewer than `N` are kept.
    public static func window(
        _ points: [TouchPoint], releaseTime: Double?, limits: VelocityWindow
    ) -> (range: Range<Int>, rested: Bool) {
        guard let newest = points.last else { return (0..<0, false) }
        let end = points.count
        let tolerance = timeTolerance(newest.t)
        if let releaseTime, releaseTime - newest.t > limits.maxGap + tolerance {
            return (end..<end, true)
        }
        var start = end - 1
        while start > 0, end - start < limits.maxSamples {
            let older = points[start - 1]
            if newest.t - older.t > limits.horizon + tolerance { break }
            if points[start].t - older.t > limits.maxGap + tolerance { break }
            start -= 1
        }
        return (start..<end, false)
    }

    /// What `estimator` falls back to, in order (itself first): `lsq2` → `lsq1` → `delta`,
    /// `lsq1` → `delta`; `platform` without the platform's velocity takes `lsq2`'s chain.
    public static func chain(_ estimator: Estimator) -> [Estimator] {
        switch estimator {
        case .lsq2, .platform: [.lsq2, .lsq1, .delta]
        case .lsq1: [.lsq1, .delta]
        case .delta: [.delta]
        case .impulse: [.impulse]
        }
    }

    /// The finite difference of the last two samples of `range`, pt/s; nil when they share a
    /// time.
    public static func slope(_ points: [TouchPoint], _ range: Range<Int>) -> (Double, Double)? {
        let a = points[range.upperBound - 2]
        let b = points[range.upperBound - 1]
        let dt = b.t - a.t
        guard dt > 0 else { return nil }
        return ((b.x - a.x) / dt, (b.y - a.y) / dt)
    }

    /// Android's impulse strategy, on `x` and `y` separately: segment velocities `v_k`, oldest
    /// to newest; `W += (v_k - v_prev) * |v_k|` with `v_prev = sign(W) sqrt(2|W|)`, `W` halved
    /// after the first segment; result `sign(W) sqrt(2|W|)`, pt/s.
    public static func impulse(_ points: [TouchPoint], _ range: Range<Int>) -> (Double, Double) {
        func velocity(ofWork work: Double) -> Double {
            (work < 0 ? -1 : 1) * (2 * abs(work)).squareRoot()
        }
        var workX = 0.0
        var workY = 0.0
        for index in range.dropFirst() {
            let older = points[index - 1]
            let newer = points[index]
            let dt = newer.t - older.t
            let vx = (newer.x - older.x) / dt
            let vy = (newer.y - older.y) / dt
            workX += (vx - velocity(ofWork: workX)) * abs(vx)
            workY += (vy - velocity(ofWork: workY)) * abs(vy)
            if index == range.lowerBound + 1 {
                workX *= 0.5
                workY *= 0.5
            }
        }
        return (velocity(ofWork: workX), velocity(ofWork: workY))
    }

    /// The slope at the newest sample of the least-squares polynomial of `degree` of position
    /// against time (relative to the newest sample), pt/s: a QR factorisation (modified
    /// Gram-Schmidt) of the design `1, τ, τ²` with `τ` the time over the window's span. nil
    /// when the design is singular or a value is not finite.
    public static func leastSquaresSlope(
        _ points: [TouchPoint], _ range: Range<Int>, degree: Int
    ) -> (Double, Double)? {
        let newest = points[range.upperBound - 1]
        let ts = points[range].map { $0.t - newest.t }
        let span = ts.map { abs($0) }.max() ?? 0
        guard span > 0 else { return nil }
        let n = ts.count
        let m = degree + 1
        var q = (0..<m).map { j in ts.map { t in power(t / span, j) } }
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
            slopeOf(points[range].map { $0.x - newest.x }),
            slopeOf(points[range].map { $0.y - newest.y })
        )
    }

    /// `x^n` for a small whole `n` by repeated products (1 for `n = 0`).
    static func power(_ x: Double, _ n: Int) -> Double {
        var out = 1.0
        for _ in 0..<n { out *= x }
        return out
    }

    /// Mean velocity and acceleration over the newest `GestureTuneDefaults.kinematicSamples`
    /// samples, progress/s and progress/s² along `direction` over `extent` (each figure finite,
    /// the acceleration clamped to `± accelerationLimit`), and how many samples they read: the
    /// kinematic rule's inputs.
    public static func kinematics(_ points: [TouchPoint], direction: Direction, extent: Double)
        -> (velocity: Double, acceleration: Double, count: Int)
    {
        let count = min(GestureTuneDefaults.kinematicSamples, points.count)
        guard count >= 2 else { return (0, 0, count) }
        func segmentVelocity(_ index: Int) -> Double {
            let a = points[index - 1]
            let b = points[index]
            return finite(direction.along(x: b.x - a.x, y: b.y - a.y) / extent / (b.t - a.t))
        }
        let newest = points.count - 1
        let last = segmentVelocity(newest)
        guard count == 3 else { return (last, 0, count) }
        let previous = segmentVelocity(newest - 1)
        let velocity = (previous + last) / 2
        let span = (points[newest].t - points[newest - 2].t) / 2
        let step = finite((last - previous) / span)
        let limit = GestureTuneDefaults.accelerationLimit
        return (finite(velocity), finite(min(limit, max(-limit, step))), count)
    }

    /// `value` when finite, else 0.
    @inlinable
    public static func finite(_ value: Double) -> Double { value.isFinite ? value : 0 }
}
