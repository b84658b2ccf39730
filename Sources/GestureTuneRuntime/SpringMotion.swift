import Foundation

/// The closed-form motion of a unit-step spring (physics.md, "Completion animation"): damping
/// ratio `ζ`, response `R` (`ω₀ = 2π / R`), launched with relative velocity `v₀` (fraction of
/// the distance per second). The error `e(t) = x(t) - 1` obeys `e'' + 2ζω₀ e' + ω₀² e = 0`,
/// `e(0) = -1`, `e'(0) = v₀`:
///
/// - `ζ < 1`: `e = exp(-ζω₀t) (-cos ω_d t + (v₀ - ζω₀)/ω_d sin ω_d t)`, `ω_d = ω₀√(1-ζ²)`
/// - `ζ = 1`: `e = (-1 + (v₀ - ω₀) t) exp(-ω₀t)`
/// - `ζ > 1`: `e = C₁ exp(r₁t) + C₂ exp(r₂t)`, `r₂ = -ω₀(ζ + √(ζ²-1))`, `r₁ = ω₀² / r₂`,
///   `C₁ = (v₀ + r₂) / (r₁ - r₂)`, `C₂ = -1 - C₁`
///
/// The settling time is the last time `|e|` crosses the tolerance: `lastCrossing` brackets it
/// exactly from the closed form (the zeros of `e` and `e'`, or the decaying extrema), and
/// `settlingTime` bisects that bracket; the analysis solves the same bracket with GSL's Brent
/// solver.
public struct SpringMotion: Sendable, Equatable {
    public enum Form: Sendable, Equatable {
        /// `exp(-decay t) (a cos ωt + b sin ωt)`.
        case under(decay: Double, omega: Double, a: Double, b: Double)
        /// `(a + b t) exp(-ω t)`.
        case critical(omega: Double, a: Double, b: Double)
        /// `c1 exp(r1 t) + c2 exp(r2 t)`.
        case over(r1: Double, r2: Double, c1: Double, c2: Double)
    }

    /// Why a settling time could not be bracketed.
    public enum Failure: Error, Sendable, Equatable {
        /// The position is not a finite number where it was evaluated.
        case nonFinite
        /// No bound past which the spring stays within the tolerance in `maxIterations` doublings.
        case notConverged
    }

    public let form: Form
    public let initialVelocity: Double
    /// Most steps of the bracket's search and of the bisection.
    public static let maxIterations = 200

    /// `dampingRatio` and `response` positive and finite (the caller checks).
    public init(dampingRatio zeta: Double, response: Double, initialVelocity v0: Double) {
        let omega = 2 * .pi / response
        initialVelocity = v0
        if zeta < 1 {
            let damped = omega * (1 - zeta * zeta).squareRoot()
            form = .under(
                decay: zeta * omega, omega: damped, a: -1, b: (v0 - zeta * omega) / damped)
        } else if zeta == 1 {
            form = .critical(omega: omega, a: -1, b: v0 - omega)
        } else {
            let r2 = -omega * (zeta + (zeta * zeta - 1).squareRoot())
            let r1 = omega * omega / r2
            let c1 = (v0 + r2) / (r1 - r2)
            form = .over(r1: r1, r2: r2, c1: c1, c2: -1 - c1)
        }
    }

    /// `e(t) = x(t) - 1`.
    public func error(_ t: Double) -> Double {
        switch form {
        case .under(let decay, let omega, let a, let b):
            return exp(-decay * t) * (a * cos(omega * t) + b * sin(omega * t))
        case .critical(let omega, let a, let b):
            return (a + b * t) * exp(-omega * t)
        case .over(let r1, let r2, let c1, let c2):
            return c1 * exp(r1 * t) + c2 * exp(r2 * t)
        }
    }

    /// For the non-oscillating forms: the times `t > 0` where `e = 0` or `e' = 0`, sorted: at
    /// most two (`count` of `first`, `second`), so no array is made on this hot path.
    func monotonePieces() -> (count: Int, first: Double, second: Double) {
        var zero = Double.nan, turn = Double.nan
        switch form {
        case .under:
            break
        case .critical(let omega, let a, let b):
            if b > 0 { zero = -a / b }
            if b != 0 { turn = (b - omega * a) / (omega * b) }
        case .over(let r1, let r2, let c1, let c2):
            if c1 != 0 {
                let z = -c2 / c1
                if z > 0 { zero = log(z) / (r1 - r2) }
                let u = -c2 * r2 / (c1 * r1)
                if u > 0 { turn = log(u) / (r1 - r2) }
            }
        }
        func kept(_ t: Double) -> Bool { t.isFinite && t > 0 }
        switch (kept(zero), kept(turn)) {
        case (true, true): return zero <= turn ? (2, zero, turn) : (2, turn, zero)
        case (true, false): return (1, zero, 0)
        case (false, true): return (1, turn, 0)
        case (false, false): return (0, 0, 0)
        }
    }

    /// `[lo, hi]` with `|e(lo)| > tolerance >= |e(hi)|` and `|e|` crossing the tolerance once in
    /// between: the last crossing. `|e|` is monotone between the zeros of `e` and `e'`; for
    /// `ζ < 1` the extrema fall at `ω_d t = θ₀ + kπ` and their heights decay as `exp(-ζω₀t)`, so
    /// the last one above the tolerance is found without scanning; after the last such point
    /// the bound is found by doubling.
    public func lastCrossing(tolerance: Double) throws(Failure) -> (lower: Double, upper: Double) {
        func excess(_ t: Double) -> Double { abs(error(t)) - tolerance }
        if case .under(let decay, let omega, let a, let b) = form {
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
        // 0, then the pieces' ends.
        let pieces = monotonePieces()
        let count = 1 + pieces.count
        func point(_ index: Int) -> Double {
            index == 0 ? 0 : index == 1 ? pieces.first : pieces.second
        }
        var last = 0
        for index in 0..<count where excess(point(index)) > 0 { last = index }
        if last + 1 < count { return (point(last), point(last + 1)) }
        let lower = point(last)
        let scale: Double =
            switch form {
            case .critical(let omega, _, _): 1 / omega
            case .over(let r1, _, _, _): 1 / abs(r1)
            case .under(let decay, _, _, _): 1 / decay
            }
        var width = scale
        for _ in 0..<Self.maxIterations {
            let upper = lower + width
            let value = excess(upper)
            guard value.isFinite else { throw .nonFinite }
            if value <= 0 { return (lower, upper) }
            width *= 2
        }
        throw .notConverged
    }

    /// The settling time, s: the last time `|e|` crosses `tolerance` (default 0.5%), bisected in
    /// `lastCrossing` to a relative width of 1e-12 (GSL's `gsl_root_test_interval(lo, hi, 0,
    /// 1e-12)`). 0 for a non-finite initial velocity.
    public func settlingTime(tolerance: Double = GestureTuneDefaults.settlingTolerance)
        throws(Failure) -> Double
    {
        guard initialVelocity.isFinite else { return 0 }
        var (lo, hi) = try lastCrossing(tolerance: tolerance)
        func excess(_ t: Double) -> Double { abs(error(t)) - tolerance }
        guard excess(lo).isFinite, excess(hi).isFinite else { throw .nonFinite }
        if excess(hi) == 0 { return hi }
        for _ in 0..<Self.maxIterations {
            if hi - lo < 1e-12 * min(abs(lo), abs(hi)) { break }
            let mid = (lo + hi) / 2
            if mid <= lo || mid >= hi { break }
            if excess(mid) > 0 { lo = mid } else { hi = mid }
        }
        return (lo + hi) / 2
    }
}
