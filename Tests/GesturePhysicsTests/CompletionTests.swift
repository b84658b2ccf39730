import Foundation
import GesturePhysics
import TestSupport
import Testing

@Suite struct CompletionTests {
    /// min(D, r / |v_p|): r = 0.5 at 2 progress/s takes 0.25 s (< D = 0.54); at 0.5
    /// progress/s, 1 s is capped to 0.54; a resting finger takes D; nothing left takes 0.
    @Test func fingerSpeed() {
        #expect(Completion.fingerSpeedDuration(remaining: 0.5, velocity: 2, cap: 0.54) == 0.25)
        #expect(Completion.fingerSpeedDuration(remaining: 0.5, velocity: -2, cap: 0.54) == 0.25)
        #expect(Completion.fingerSpeedDuration(remaining: 0.5, velocity: 0.5, cap: 0.54) == 0.54)
        #expect(Completion.fingerSpeedDuration(remaining: 0.5, velocity: 0, cap: 0.54) == 0.54)
        #expect(Completion.fingerSpeedDuration(remaining: 0, velocity: 3, cap: 0.54) == 0)
        #expect(Completion.fingerSpeedTime(remaining: 0.5, velocity: 2.5) == 0.2)
        #expect(Completion.fingerSpeedTime(remaining: 0.3, velocity: 0) == nil)
    }

    /// (s / D) / v_p: s = 1, D = 0.35 s, v_p = 2: (1 / 0.35) / 2 = 1.4285714.
    @Test func linearRatio() throws {
        let ratio = try #require(
            Completion.linearVelocityRatio(completionSpeed: 1, duration: 0.35, velocity: 2))
        #expect(TestSupport.isClose(ratio, 1.4285714285714286, relative: 1e-12))
        #expect(
            Completion.linearVelocityRatio(completionSpeed: 1, duration: 0.35, velocity: 0) == nil)
    }

    /// v_p / (1 - p_r) completing: 2 / 0.25 = 8; -v_p / p_r cancelling: -(-1) / 0.25 = 4.
    @Test func springInitialVelocity() {
        #expect(
            Completion.springInitialVelocity(progress: 0.75, velocity: 2, completing: true) == 8)
        #expect(
            Completion.springInitialVelocity(progress: 0.25, velocity: -1, completing: false) == 4)
        #expect(Completion.springInitialVelocity(progress: 1, velocity: 2, completing: true) == nil)
        #expect(
            Completion.springInitialVelocity(progress: 0, velocity: 2, completing: false) == nil)
        #expect(Completion.remaining(progress: 0.3, completing: true) == 0.7)
    }
}

@Suite struct SpringTests {
    /// Critically damped from rest: x(t) = 1 - (1 + ω₀t) e^{-ω₀t}, so the settling time
    /// solves (1 + u) e^{-u} = 0.005, u = ω₀t. Bisection by hand (Python, 200 halvings of
    /// [5, 10]) gives u = 7.430129500280122; with response 0.35 s, ω₀ = 2π / 0.35.
    @Test func criticallyDampedFromRest() throws {
        let spring = try Spring(dampingRatio: 1, response: 0.35)
        let expected = 7.430129500280122 / (2 * Double.pi / 0.35)
        #expect(
            TestSupport.isClose(
                try spring.settlingTime(initialVelocity: 0), expected, relative: 1e-9))
        // Closed form at one instant: x(0.1) = 1 - (1 + ω₀ 0.1) e^{-ω₀ 0.1}.
        let u = 2 * Double.pi / 0.35 * 0.1
        #expect(
            TestSupport.isClose(
                spring.position(at: 0.1, initialVelocity: 0), 1 - (1 + u) * exp(-u), relative: 1e-12
            ))
    }

    /// An independent check of every regime: integrate x'' = -2ζω₀x' - ω₀²(x - 1) with RK4
    /// (step 10 µs) and take the last grid time where |x - 1| > 0.005. The root finder must
    /// agree within two steps.
    @Test(arguments: [
        (0.3, 0.0), (0.5, 4.0), (0.7, -3.0), (1.0, 0.0), (1.0, 12.0), (1.0, -5.0), (1.6, 0.0),
        (2.5, 20.0), (1.3, -8.0),
    ])
    func matchesIntegration(_ zeta: Double, _ v0: Double) throws {
        let spring = try Spring(dampingRatio: zeta, response: 0.4)
        let omega = 2 * Double.pi / 0.4
        let h = 1e-5
        var x = 0.0
        var v = v0
        var t = 0.0
        var last = 0.0
        func acceleration(_ x: Double, _ v: Double) -> Double {
            -2 * zeta * omega * v - omega * omega * (x - 1)
        }
        while t < 6 {
            let k1x = v, k1v = acceleration(x, v)
            let k2x = v + h / 2 * k1v, k2v = acceleration(x + h / 2 * k1x, v + h / 2 * k1v)
            let k3x = v + h / 2 * k2v, k3v = acceleration(x + h / 2 * k2x, v + h / 2 * k2v)
            let k4x = v + h * k3v, k4v = acceleration(x + h * k3x, v + h * k3v)
            x += h / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
            v += h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
            t += h
            if abs(x - 1) > 0.005 { last = t }
        }
        let settling = try spring.settlingTime(initialVelocity: v0)
        #expect(abs(settling - last) <= 2 * h, "ζ \(zeta) v0 \(v0): \(settling) vs \(last)")
        #expect(abs(spring.position(at: 1.0, initialVelocity: v0) - 1) <= 0.005 || settling > 1)
    }

    /// A lightly damped spring (ζ = 0.05) rings for many periods: the settling time is where
    /// the envelope e^{-ζω₀t} sqrt(1 + (ζω₀/ω_d)²) falls to 0.005, within half a period.
    @Test func lightDampingFollowsEnvelope() throws {
        let zeta = 0.05
        let spring = try Spring(dampingRatio: zeta, response: 0.5)
        let omega = 2 * Double.pi / 0.5
        let damped = omega * (1 - zeta * zeta).squareRoot()
        let amplitude = (1 + pow(zeta * omega / damped, 2)).squareRoot()
        let envelope = log(amplitude / 0.005) / (zeta * omega)
        let settling = try spring.settlingTime(initialVelocity: 0)
        #expect(settling <= envelope)
        #expect(settling >= envelope - Double.pi / damped)
        #expect(abs(abs(spring.position(at: settling, initialVelocity: 0) - 1) - 0.005) < 1e-9)
    }

    /// Zero, huge and negative velocities give finite, positive times; more speed overshoots
    /// longer once it dominates.
    @Test(arguments: [1.0, 0.6, 3.0])
    func extremeVelocities(_ zeta: Double) throws {
        let spring = try Spring(dampingRatio: zeta, response: 0.35)
        for v0 in [0, 1e-12, 1e6, 1e12, 1e300, -1e6, -1e300] {
            let t = try spring.settlingTime(initialVelocity: v0)
            #expect(t.isFinite && t > 0, "ζ \(zeta) v0 \(v0): \(t)")
        }
        #expect(
            try spring.settlingTime(initialVelocity: 1e6) > spring.settlingTime(initialVelocity: 0))
    }

    @Test func invalidParameters() {
        #expect(
            throws: PhysicsError.invalidParameter(
                name: "dampingRatio", value: 0, expected: "a positive number")
        ) {
            try Spring(dampingRatio: 0, response: 0.35)
        }
        #expect(throws: PhysicsError.self) { try Spring(dampingRatio: -1, response: 0.35) }
        #expect(throws: PhysicsError.self) { try Spring(dampingRatio: .nan, response: 0.35) }
        #expect(throws: PhysicsError.self) { try Spring(dampingRatio: 1, response: 0) }
        #expect(throws: PhysicsError.self) { try Spring(dampingRatio: 1, response: -0.2) }
        #expect(throws: PhysicsError.self) { try Spring(dampingRatio: 1, response: .infinity) }
        #expect(throws: PhysicsError.nonFinite(what: "spring initial velocity")) {
            try Spring(dampingRatio: 1, response: 0.35).settlingTime(initialVelocity: .nan)
        }
    }

    /// From a gesture: completing from p_r = 0.75 at 2 progress/s is v₀ = 8; nothing left to
    /// animate settles at once.
    @Test func fromGesture() throws {
        let spring = try Spring(response: 0.35)
        #expect(
            try spring.settlingTime(progress: 0.75, velocity: 2, completing: true)
                == spring.settlingTime(initialVelocity: 8))
        #expect(try spring.settlingTime(progress: 1, velocity: 2, completing: true) == 0)
        #expect(try spring.settlingTime(progress: 0, velocity: 2, completing: false) == 0)
    }
}

@Suite struct MedianSettlingTimeTests {
    /// The median of each velocity's `settlingTime`, bit for bit: sorted by hand and read as
    /// GSL's quantile reads a sorted array at 0.5 (the middle value, or `0.5 a + 0.5 b`).
    static func expected(_ spring: Spring, _ velocities: [Double]) throws -> Double {
        let times = try velocities.map { try spring.settlingTime(initialVelocity: $0) }.sorted()
        let n = times.count
        let index = 0.5 * Double(n - 1)
        let lhs = Int(index)
        let delta = index - Double(lhs)
        return lhs == n - 1 ? times[lhs] : (1 - delta) * times[lhs] + delta * times[lhs + 1]
    }

    /// Every regime, odd and even counts, repeated velocities (a resting finger is 0 many
    /// times), both signs and large magnitudes: only the steps near the median are solved,
    /// and the answer is still the median of all of them.
    @Test(arguments: [0.3, 0.7, 1.0, 1.6])
    func equalsTheMedianOfEveryTime(_ zeta: Double) throws {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func uniform() -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(state >> 11) / Double(1 << 53)
        }
        for response in [0.02, 0.35, 3.5] {
            let spring = try Spring(dampingRatio: zeta, response: response)
            for n in [1, 2, 3, 10, 101, 400, 1001] {
                var velocities = (0..<n).map { _ in (uniform() - 0.3) * 40 }
                for i in stride(from: 0, to: n, by: 3) { velocities[i] = 0 }
                if n > 5 {
                    velocities[1] = 1e6
                    velocities[2] = -1e5
                }
                // Absurd speeds, whose positions overflow inside the bracket.
                if n > 100 {
                    velocities[4] = 1e300
                    velocities[5] = -1e300
                }
                let median = try #require(
                    try spring.medianSettlingTime(initialVelocities: velocities))
                let truth = try Self.expected(spring, velocities)
                #expect(median == truth, "ζ \(zeta) R \(response) n \(n): \(median) vs \(truth)")
            }
        }
    }

    /// Nearly equal times (velocities a hair apart) are told apart exactly as solving each
    /// one would.
    @Test func closeVelocities() throws {
        let spring = try Spring(dampingRatio: 1, response: 0.35)
        let velocities = (0..<200).map { 2 + Double($0) * 1e-9 }
        #expect(
            try spring.medianSettlingTime(initialVelocities: velocities)
                == Self.expected(spring, velocities))
    }

    @Test func emptyAndInvalid() throws {
        let spring = try Spring(dampingRatio: 1, response: 0.35)
        #expect(try spring.medianSettlingTime(initialVelocities: []) == nil)
        #expect(throws: PhysicsError.nonFinite(what: "spring initial velocity")) {
            try spring.medianSettlingTime(initialVelocities: [1, .infinity, 2])
        }
        #expect(throws: PhysicsError.self) {
            try spring.medianSettlingTime(initialVelocities: [1], tolerance: 0)
        }
    }
}
