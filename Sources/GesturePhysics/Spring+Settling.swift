import Foundation
internal import GestureNumerics

extension Spring {
    /// Most iterations of the root finder.
    static let maxIterations = SpringMotion.maxIterations

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
        let motion = motion(initialVelocity: v0)
        func excess(_ t: Double) -> Double { abs(motion.error(t)) - tolerance }

        let lower: Double
        let upper: Double
        do throws(SpringMotion.Failure) {
            (lower, upper) = try motion.lastCrossing(tolerance: tolerance)
        } catch {
            switch error {
            case .nonFinite: throw .nonFinite(what: "spring position")
            case .notConverged:
                throw .notConverged(
                    function: "settling-time bracket", iterations: SpringMotion.maxIterations)
            }
        }
        let atUpper = excess(upper)
        guard atUpper.isFinite, excess(lower).isFinite else {
            throw .nonFinite(what: "spring position")
        }
        if atUpper == 0 { return upper }
        return try Self.brent(lower, upper, motion: motion, tolerance: tolerance)
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
