import Foundation
internal import GestureNumerics

extension Spring {
    /// Most iterations of the root finder and of the search for its bracket.
    static let maxIterations = 200

    /// The settling time, s, of the unit step launched with relative velocity `v0` (1/s): the
    /// last time `|x(t) - 1|` crosses `tolerance` (default 0.005, "within 0.5% of the target").
    ///
    /// `|e|` is monotone between the zeros of `e` and of `e'`, which the closed form gives
    /// exactly (for `ζ < 1` the extrema fall at `ω_d t = θ₀ + kπ` and their heights decay as
    /// `exp(-ζω₀t)`, so the last one above the tolerance is found without scanning). The last
    /// crossing lies between the last such point above the tolerance and the next one (or,
    /// after the last one, a bound found by doubling), and is then solved by
    /// `gsl_root_fsolver_brent` to `gsl_root_test_interval(lo, hi, 0, 1e-12)`.
    ///
    /// Throws `nonFinite` for a non-finite `v0`, `invalidParameter` for a tolerance outside
    /// (0, 1), GSL errors, and `notConverged`.
    public func settlingTime(
        initialVelocity v0: Double, tolerance: Double = Spring.settlingTolerance
    ) throws(PhysicsError) -> Double {
        guard v0.isFinite else { throw .nonFinite(what: "spring initial velocity") }
        guard tolerance > 0, tolerance < 1 else {
            throw .invalidParameter(
                name: "tolerance", value: tolerance, expected: "between 0 and 1")
        }
        let motion = SpringMotion(spring: self, initialVelocity: v0)
        func excess(_ t: Double) -> Double { abs(motion.error(t)) - tolerance }

        let (lower, upper) = try bracket(motion, tolerance: tolerance)
        let atUpper = excess(upper)
        guard atUpper.isFinite, excess(lower).isFinite else {
            throw .nonFinite(what: "spring position")
        }
        if atUpper == 0 { return upper }
        return try Self.brent(lower, upper, motion: motion, tolerance: tolerance)
    }

    /// `[lo, hi]` with `|e(lo)| > tolerance >= |e(hi)|` and `|e|` crossing the tolerance
    /// once in between: the last crossing.
    private func bracket(_ motion: SpringMotion, tolerance: Double) throws(PhysicsError) -> (
        Double, Double
    ) {
        func excess(_ t: Double) -> Double { abs(motion.error(t)) - tolerance }
        if case .under(let decay, let omega, let a, let b) = motion.form {
            // Extrema of e: (-decay a + omega b) cos θ + (-decay b - omega a) sin θ = 0.
            let p = -decay * a + omega * b
            let q = -decay * b - omega * a
            var theta0 = atan2(-p, q)
            if theta0 < 0 { theta0 += .pi }
            if theta0 >= .pi { theta0 -= .pi }
            let first = theta0 > 0 ? 0.0 : 1.0
            func extremum(_ k: Double) -> Double { (theta0 + k * .pi) / omega }
            let height = abs(a * cos(theta0) + b * sin(theta0))
            var k = first - 1
            if height > tolerance {
                let estimate = ((omega * log(height / tolerance) / decay) - theta0) / .pi
                if estimate.isFinite { k = max(first - 1, estimate.rounded(.down)) }
            }
            var steps = 0
            while excess(extremum(k + 1)) > 0, steps < Self.maxIterations {
                k += 1
                steps += 1
            }
            while k >= first, excess(extremum(k)) <= 0, steps < 2 * Self.maxIterations {
                k -= 1
                steps += 1
            }
            return k < first ? (0, extremum(first)) : (extremum(k), extremum(k + 1))
        }
        let points = [0] + motion.monotonePieces()
        var last = 0
        for (index, t) in points.enumerated() where excess(t) > 0 { last = index }
        if last + 1 < points.count { return (points[last], points[last + 1]) }
        let lower = points[last]
        let scale: Double =
            switch motion.form {
            case .critical(let omega, _, _): 1 / omega
            case .over(let r1, _, _, _): 1 / abs(r1)
            case .under(let decay, _, _, _): 1 / decay
            }
        var width = scale
        for _ in 0..<Self.maxIterations {
            let upper = lower + width
            let value = excess(upper)
            guard value.isFinite else { throw .nonFinite(what: "spring position") }
            if value <= 0 { return (lower, upper) }
            width *= 2
        }
        throw .notConverged(function: "settling-time bracket", iterations: Self.maxIterations)
    }

    /// The root of `|e(t)| - tolerance` in `[lower, upper]`: `GSL.brentRoot`
    /// (`gsl_root_fsolver_brent`, to `gsl_root_test_interval(lo, hi, 0, 1e-12)`).
    private static func brent(
        _ lower: Double, _ upper: Double, motion: SpringMotion, tolerance: Double
    ) throws(PhysicsError) -> Double {
        let root: Double?
        do {
            root = try GSL.brentRoot(
                lower: lower, upper: upper, xTolerance: 0, relativeTolerance: 1e-12,
                maxIterations: maxIterations
            ) { t in
                abs(motion.error(t)) - tolerance
            }
        } catch let error as GSLError {
            throw .gsl(function: error.context, status: Int32(error.status), reason: error.message)
        } catch {
            throw .nonFinite(what: "spring position")
        }
        guard let root else {
            throw .notConverged(function: "gsl_root_fsolver_brent", iterations: maxIterations)
        }
        return root
    }
}
