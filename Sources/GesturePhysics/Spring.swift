import Foundation

/// A critically, under- or over-damped spring animation toward its target, parameterised as
/// `UISpringTimingParameters(dampingRatio:initialVelocity:)` with a response (SwiftUI's
/// `spring(response:dampingFraction:)`): natural angular frequency `ω₀ = 2π / response`.
///
/// A unit step: the animated value `x(t)` goes from 0 to 1 with initial relative velocity
/// `v₀` (fraction of the distance per second). The error `e(t) = x(t) - 1` obeys
/// `e'' + 2ζω₀ e' + ω₀² e = 0`, `e(0) = -1`, `e'(0) = v₀`, solved in closed form:
///
/// - `ζ < 1`: `e = exp(-ζω₀t) (-cos ω_d t + (v₀ - ζω₀)/ω_d sin ω_d t)`, `ω_d = ω₀√(1-ζ²)`
/// - `ζ = 1`: `e = (-1 + (v₀ - ω₀) t) exp(-ω₀t)`
/// - `ζ > 1`: `e = C₁ exp(r₁t) + C₂ exp(r₂t)`, `r₂ = -ω₀(ζ + √(ζ²-1))`, `r₁ = ω₀² / r₂`,
///   `C₁ = (v₀ + r₂) / (r₁ - r₂)`, `C₂ = -1 - C₁`
public struct Spring: Sendable, Equatable {
    /// `ζ`, > 0 (1: critically damped, no overshoot; the default).
    public var dampingRatio: Double
    /// The period of the undamped spring, s, > 0.
    public var response: Double

    /// Throws `PhysicsError.invalidParameter` when `dampingRatio` or `response` is not a
    /// positive finite number.
    public init(dampingRatio: Double = 1, response: Double) throws(PhysicsError) {
        guard dampingRatio.isFinite, dampingRatio > 0 else {
            throw .invalidParameter(
                name: "dampingRatio", value: dampingRatio, expected: "a positive number")
        }
        guard response.isFinite, response > 0 else {
            throw .invalidParameter(
                name: "response", value: response, expected: "a positive number of seconds")
        }
        self.dampingRatio = dampingRatio
        self.response = response
    }

    /// `ω₀ = 2π / response`, rad/s.
    public var angularFrequency: Double { 2 * .pi / response }

    /// Settling tolerance of physics.md: within 0.5% of the target.
    public static let settlingTolerance = 0.005

    /// `x(t)` of the unit step launched with relative velocity `v₀` (1/s).
    public func position(at t: Double, initialVelocity v0: Double) -> Double {
        1 + SpringMotion(spring: self, initialVelocity: v0).error(t)
    }

    /// The settling time, s, of a gesture's completion (physics.md): launched with relative
    /// velocity `v_p / (1 - p_r)` completing or `-v_p / p_r` cancelling. 0 when nothing
    /// remains to animate (the release is already at the target).
    public func settlingTime(progress p: Double, velocity vp: Double, completing: Bool)
        throws(PhysicsError) -> Double
    {
        guard Completion.remaining(progress: p, completing: completing) > 0 else { return 0 }
        guard
            let v0 = Completion.springInitialVelocity(
                progress: p, velocity: vp, completing: completing)
        else {
            throw .nonFinite(what: "spring initial velocity")
        }
        return try settlingTime(initialVelocity: v0)
    }
}

/// The closed-form error `e(t) = x(t) - 1` of a unit-step spring, and the points where `e`
/// or `e'` vanish, which split `t > 0` into pieces on which `|e|` is monotone.
struct SpringMotion {
    enum Form {
        /// `exp(-decay t) (a cos ωt + b sin ωt)`.
        case under(decay: Double, omega: Double, a: Double, b: Double)
        /// `(a + b t) exp(-ω t)`.
        case critical(omega: Double, a: Double, b: Double)
        /// `c1 exp(r1 t) + c2 exp(r2 t)`.
        case over(r1: Double, r2: Double, c1: Double, c2: Double)
    }

    let form: Form
    let v0: Double

    init(spring: Spring, initialVelocity v0: Double) {
        let omega = spring.angularFrequency
        let zeta = spring.dampingRatio
        self.v0 = v0
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

    func error(_ t: Double) -> Double {
        switch form {
        case .under(let decay, let omega, let a, let b):
            return exp(-decay * t) * (a * cos(omega * t) + b * sin(omega * t))
        case .critical(let omega, let a, let b):
            return (a + b * t) * exp(-omega * t)
        case .over(let r1, let r2, let c1, let c2):
            return c1 * exp(r1 * t) + c2 * exp(r2 * t)
        }
    }

    /// For the non-oscillating forms: the times `t > 0` where `e = 0` or `e' = 0`, sorted.
    func monotonePieces() -> [Double] {
        var points: [Double] = []
        switch form {
        case .under:
            break
        case .critical(let omega, let a, let b):
            if b > 0 { points.append(-a / b) }
            if b != 0 { points.append((b - omega * a) / (omega * b)) }
        case .over(let r1, let r2, let c1, let c2):
            if c1 != 0 {
                let zero = -c2 / c1
                if zero > 0 { points.append(log(zero) / (r1 - r2)) }
                let turn = -c2 * r2 / (c1 * r1)
                if turn > 0 { points.append(log(turn) / (r1 - r2)) }
            }
        }
        return points.filter { $0.isFinite && $0 > 0 }.sorted()
    }
}
