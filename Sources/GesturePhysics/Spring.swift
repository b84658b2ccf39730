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
    public static let settlingTolerance = GestureTuneDefaults.settlingTolerance

    /// The closed-form motion of this spring launched with relative velocity `v0` (1/s).
    func motion(initialVelocity v0: Double) -> SpringMotion {
        SpringMotion(dampingRatio: dampingRatio, response: response, initialVelocity: v0)
    }

    /// `x(t)` of the unit step launched with relative velocity `v₀` (1/s).
    public func position(at t: Double, initialVelocity v0: Double) -> Double {
        1 + motion(initialVelocity: v0).error(t)
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
