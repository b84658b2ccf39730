import Foundation
import GestureTuneRuntime
import Testing

/// The Swift runtime on hand-computed cases: what an app calls.
struct RuntimeTests {
    static func json(_ text: String) throws -> GestureTuneParameters {
        try GestureTuneParameters(json: Data(text.utf8))
    }

    @Test func paramsJSONReadsAsTheAppRunsIt() throws {
        let p = try Self.json(
            """
            {"schema": "gesturetune.params/1", "rule": "threshold", "direction": "left",
             "progressThreshold": 0.4, "velocityThreshold": "inf", "estimator": "lsq1",
             "horizon": 0.08, "maxSamples": 12, "maxGap": 0.03, "transitionDuration": 0.3,
             "spring": {"dampingRatio": 0.8, "response": 0.4},
             "gate": {"edgeWidth": 24, "lockAngle": 30}, "unknown": 1}
            """)
        #expect(p.rule == .threshold(progress: 0.4, velocity: .infinity))
        #expect(p.direction == .left && p.estimator == .lsq1)
        #expect(p.window == VelocityWindow(horizon: 0.08, maxSamples: 12, maxGap: 0.03))
        #expect(p.gate == Gate(edgeWidth: 24, lockAngle: 30, slop: nil))
        #expect(p.effectiveFingerSpeedCap == 0.3)
        // (2π / 0.4)² and 2 · 0.8 · 2π / 0.4.
        let omega = 2 * Double.pi / 0.4
        #expect(p.springCoefficients.stiffness == omega * omega)
        #expect(p.springCoefficients.damping == 2 * 0.8 * omega)
        // Older files: the gate's settings at the top level.
        let old = try Self.json(
            #"{"rule": "projection", "progressThreshold": 0.5, "tau": 0.2, "edgeWidth": 30, "directionLockAngle": 45}"#
        )
        #expect(old.gate == Gate(edgeWidth: 30, lockAngle: 45) && old.direction == .right)
    }

    @Test(arguments: [
        (#""spring": {"dampingRatio": 0, "response": 0.3}"#, "spring.dampingRatio"),
        (#""gate": {"lockAngle": 200}"#, "gate.lockAngle"),
        (#""maxSamples": 0"#, "maxSamples"),
        (#""transitionDuration": -1"#, "transitionDuration"),
        (#""gate": {"slop": -5}"#, "gate.slop"),
    ])
    func valuesOutOfBoundsAreErrorsNamingTheKey(member: String, key: String) {
        let text = #"{"rule": "projection", "progressThreshold": 0.5, "tau": 0.2, "# + member + "}"
        do {
            _ = try Self.json(text)
            Issue.record("\(key): accepted")
        } catch {
            #expect("\(error)".contains(key), "\(error)")
        }
    }

    enum Block: GestureTuneParameterBlock {
        static let preset: String? = nil
        static let rule: String = "projection"
        static let direction: String = "down"
        static let progressThreshold: Double = 0.45
        static let tau: Double = 0.13
        static let extent: Double? = nil
        static let estimator: String? = "lsq2"
        static let horizon: Double? = 0.1
        static let maxSamples: Int? = 20
        static let maxGap: Double? = 0.04
        static let completionSpeed: Double? = nil
        static let transitionDuration: Double? = 0.35
        static let fingerSpeedCap: Double? = 0.5
        static let springDampingRatio: Double? = 1.0
        static let springResponse: Double? = 0.3
        static let edgeWidth: Double? = nil
        static let lockAngle: Double? = 40
        static let slop: Double? = nil
        static let expectedError: Double? = 0.07
    }

    enum BadBlock: GestureTuneParameterBlock {
        static let preset: String? = nil
        static let rule: String = "projection"  // but no `tau`
        static let direction: String = "right"
        static let progressThreshold: Double = 0.45
        static let extent: Double? = nil
        static let estimator: String? = nil
        static let horizon: Double? = nil
        static let maxSamples: Int? = nil
        static let maxGap: Double? = nil
        static let completionSpeed: Double? = nil
        static let transitionDuration: Double? = nil
        static let fingerSpeedCap: Double? = nil
        static let springDampingRatio: Double? = nil
        static let springResponse: Double? = nil
        static let edgeWidth: Double? = nil
        static let lockAngle: Double? = nil
        static let slop: Double? = nil
        static let expectedError: Double? = nil
    }

    @Test func aSnippetBlockIsTheSameParameterSet() throws {
        let fromBlock = Block.blockParameters
        let fromJSON = try Self.json(
            """
            {"rule": "projection", "direction": "down", "progressThreshold": 0.45, "tau": 0.13,
             "estimator": "lsq2", "horizon": 0.1, "maxSamples": 20, "maxGap": 0.04,
             "transitionDuration": 0.35, "fingerSpeedCap": 0.5,
             "spring": {"dampingRatio": 1.0, "response": 0.3}, "gate": {"lockAngle": 40},
             "expectedError": 0.07}
            """)
        #expect(fromBlock == fromJSON)
        #expect(throws: GestureTuneBlockError.self) {
            try GestureTuneParameters(block: BadBlock.self)
        }
    }

    /// The gate refuses a start beyond the edge width at touch-down, before the slop; a bad
    /// slop reads as the default 10 pt.
    @Test func theGateDecidesAsSoonAsItCan() throws {
        var p = GestureTuneParameters(rule: .projection(progress: 0.5, tau: 0.2))
        p.gate = Gate(edgeWidth: 20, lockAngle: 30, slop: -5)
        #expect(p.gate.effectiveSlop == 10)
        var far = GestureTuneTracker(parameters: p, extent: 390)
        far.add(t: 0, x: 30, y: 300)
        #expect(far.admitted == false)
        var near = GestureTuneTracker(parameters: p, extent: 390)
        near.add(t: 0, x: 5, y: 300)
        #expect(near.admitted == nil)
        near.add(t: 0.016, x: 12, y: 301)  // 7 pt: inside the slop
        #expect(near.admitted == nil)
        near.add(t: 0.032, x: 25, y: 306)  // 20.6 pt at atan(6/20) = 16.7°
        #expect(near.admitted == true)
        var steep = GestureTuneTracker(parameters: p, extent: 390)
        steep.add(t: 0, x: 5, y: 300)
        steep.add(t: 0.016, x: 11, y: 312)  // 13.4 pt at atan(12/6) = 63.4°
        #expect(steep.admitted == false)
    }

    /// lsq2 on an exact quadratic is its derivative at the newest sample; lsq1 on a line its
    /// slope: x = 3 + 100 t + 250 t² sampled every 10 ms to 80 ms has x'(0.08) = 140 pt/s.
    @Test func leastSquaresInClosedForm() throws {
        let points = (0...8).map { i -> TouchPoint in
            let t = Double(i) * 0.01
            return TouchPoint(t: t, x: 3 + 100 * t + 250 * t * t, y: 7 - 40 * t)
        }
        let quadratic = try #require(ReleaseVelocity.leastSquaresSlope(points, 0..<9, degree: 2))
        #expect(abs(quadratic.0 - 140) < 1e-9 && abs(quadratic.1 + 40) < 1e-9)
        let line = try #require(ReleaseVelocity.leastSquaresSlope(points, 0..<9, degree: 1))
        #expect(abs(line.1 + 40) < 1e-9)
    }

    /// A critically damped spring from rest settles when `(1 + ωt) e^(−ωt) = 0.005`, ω = 2π/R:
    /// solved here by bisection on that closed form alone.
    @Test func criticallyDampedSettlingTime() throws {
        let response = 0.35
        let omega = 2 * Double.pi / response
        var lo = 0.0
        var hi = 10.0
        for _ in 0..<200 {
            let mid = (lo + hi) / 2
            if (1 + omega * mid) * exp(-omega * mid) > 0.005 { lo = mid } else { hi = mid }
        }
        let motion = SpringMotion(dampingRatio: 1, response: response, initialVelocity: 0)
        #expect(abs(try motion.settlingTime() - hi) < 1e-9)
        // A tiny damping ratio settles, late, without a long scan.
        let loose = SpringMotion(dampingRatio: 1e-4, response: response, initialVelocity: 0)
        let t = try loose.settlingTime()
        #expect(t > 100 && t.isFinite)
    }
}
