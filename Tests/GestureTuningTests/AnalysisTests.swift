import Foundation
import GestureNumerics
import GesturePhysics
import GestureTrace
import Testing

@testable import GestureTuning

@Suite("Unlabelled analysis, outcomes and suggestions")
struct AnalysisTests {
    @Test("Two well-separated Gaussians: the mixture separates near the true densities' crossing")
    func mixtureSeparates() {
        let rng = RandomSource(seed: 7)
        let x = (0..<1500).map { n in n % 5 < 3 ? 0.2 + rng.gaussian(0.08) : 0.8 + rng.gaussian(0.1)
        }
        let m = GaussianMixture.analyse(x, tau: 0.3)
        #expect(m.verdict == .separates)
        // True crossing of 0.6 N(0.2, 0.08²) and 0.4 N(0.8, 0.1²): solve the quadratic
        // log(0.6/0.08) − (x−0.2)²/(2·0.0064) = log(0.4/0.1) − (x−0.8)²/(2·0.01).
        let a = 1 / (2 * 0.01) - 1 / (2 * 0.0064)
        let b = 2 * 0.2 / (2 * 0.0064) - 2 * 0.8 / (2 * 0.01)
        let c = log(0.6 / 0.08) - log(0.4 / 0.1) - 0.04 / (2 * 0.0064) + 0.64 / (2 * 0.01)
        let roots = [
            (-b + (b * b - 4 * a * c).squareRoot()) / (2 * a),
            (-b - (b * b - 4 * a * c).squareRoot()) / (2 * a),
        ]
        let truth = roots.first { $0 > 0.2 && $0 < 0.8 }!
        #expect(abs(m.crossing! - truth) < 0.03, "crossing \(m.crossing!) vs \(truth)")
        #expect(abs(m.components[0].mean - 0.2) < 0.02 && abs(m.components[1].mean - 0.8) < 0.02)
        #expect(abs(m.components[0].weight - 0.6) < 0.05)
    }

    @Test("One Gaussian: the mixture says it does not separate")
    func mixtureOneComponent() {
        let rng = RandomSource(seed: 8)
        let m = GaussianMixture.analyse((0..<1000).map { _ in 0.5 + rng.gaussian(0.1) }, tau: 0.3)
        #expect(m.verdict != .separates)
        #expect(m.crossing == nil)
        #expect(GaussianMixture.analyse([0.1, 0.2], tau: 0.3).verdict == .tooFew)
    }

    @Test("Ambiguity band: ±10% of each parameter")
    func ambiguity() {
        let rule = Rule.threshold(progress: 0.5, velocity: 1.0)
        // p 0.52: p_th 0.55 cancels it.
        #expect(rule.isAmbiguous(ReleaseState(progress: 0.52, velocity: 0.2)))
        #expect(!rule.isAmbiguous(ReleaseState(progress: 0.70, velocity: 0.2)))
        // v 0.95 < 1.0 with p 0.2: cancel now, complete at v_th 0.9.
        #expect(rule.isAmbiguous(ReleaseState(progress: 0.2, velocity: 0.95)))
        #expect(!rule.isAmbiguous(ReleaseState(progress: 0.2, velocity: 1.5)))
        // Projection: landing 0.5 + 0.3·0.1 = 0.53 vs p_th ∈ [0.45, 0.55]: ambiguous.
        #expect(
            Rule.projection(progress: 0.5, tau: 0.3).isAmbiguous(
                ReleaseState(progress: 0.5, velocity: 0.1)))
        #expect(
            !Rule.projection(progress: 0.5, tau: 0.3).isAmbiguous(
                ReleaseState(progress: 0.9, velocity: 0.1)))
    }

    /// The band written out: every combination of factors (1 ± 10%, and 1 for kinematic)
    /// applied to the parameters, on a grid of states, for every family.
    @Test("Ambiguity equals the written-out box of factor combinations, every family")
    func ambiguityBoxWrittenOut() {
        let rules: [Rule] = [
            .threshold(progress: 0.5, velocity: 1.0), .forward(progress: 0.4, velocity: 0.8),
            .projection(progress: 0.5, tau: 0.3),
            .kinematic(distance: 187.5, duration: 0.35), .logistic(b0: -2, b1: 4, b2: 1.5),
        ]
        for rule in rules {
            let levels: [Double] = {
                if case .kinematic = rule { [0.9, 1, 1.1] } else { [0.9, 1.1] }
            }()
            for p in stride(from: -0.1, through: 1.1, by: 0.05) {
                for v in stride(from: -2.0, through: 2.0, by: 0.1) {
                    let state = ReleaseState(
                        progress: p, velocity: v, kinematicVelocity: v, kinematicAcceleration: -v,
                        sampleCount: 5, extent: 375)
                    var differs = false
                    for a in levels {
                        for b in levels {
                            for c in (rule.parameterCount == 3 ? levels : [1]) {
                                if rule.scaled([a, b, c]).completes(state) != rule.completes(state)
                                {
                                    differs = true
                                }
                            }
                        }
                    }
                    #expect(rule.isAmbiguous(state, band: 0.1) == differs, "\(rule) p=\(p) v=\(v)")
                }
            }
        }
    }

    @Test("Outcome check counts the gestures the current rule decides otherwise")
    func outcomes() {
        let points = [
            TuningPoint(id: "a", progress: 0.7, velocity: 0, outcome: .complete),
            TuningPoint(id: "b", progress: 0.7, velocity: 0, outcome: .cancel),
            TuningPoint(id: "c", progress: 0.1, velocity: 2, outcome: .complete),
            TuningPoint(id: "d", progress: 0.1, velocity: 0),
        ]
        let check = Analyses.outcomes(points, current: .threshold(progress: 0.5, velocity: 1.0))!
        #expect(check.checked == 3)
        // Only b: p 0.7 ≥ 0.5 completes, recorded cancel (c completes by velocity 2 ≥ 1, as recorded).
        #expect(check.mismatchCount == 1)
        #expect(
            Analyses.outcomes(
                [points[0], points[2]], current: .threshold(progress: 0.5, velocity: 1.0))?
                .mismatchCount == 0)
        #expect(
            Analyses.outcomes([points[3]], current: .threshold(progress: 0.5, velocity: 1.0)) == nil
        )
    }

    @Test(
        "Completion speed, finger-speed cap, spring, edge width and direction lock from hand-worked figures"
    )
    func suggestions() {
        // v_p 0.5, 1, 2 → 1/v_p 2, 1, 0.5, median 1 s; D = 2 s → s = 2 / 1 = 2.
        let completing = [0.5, 1.0, 2.0, -1.0].enumerated().map {
            TuningPoint(id: "\($0)", progress: 0.6, velocity: $1)
        }
        let speed = Suggestions.completionSpeed(completing: completing, duration: 2, current: 1)
        #expect(speed.value == 2 && speed.count == 3)
        // One gesture at v_p 1.2345678, D = 1 s: s = 1.2345678, written as 1.235.
        #expect(
            Suggestions.completionSpeed(
                completing: [TuningPoint(id: "x", progress: 0.6, velocity: 1.2345678)], duration: 1,
                current: 1
            ).value == 1.235)
        #expect(speed.currentMedianRatio == 0.5)  // (1 / 2) · 1
        #expect(
            Suggestions.completionSpeed(completing: completing, duration: 0.35, current: 1).value
                == 0.5)  // 0.35 clamped up
        // r = 0.4; r/|v| = 0.8, 0.4, 0.2, 0.4 → sorted 0.2 0.4 0.4 0.8; 90th pct at 2.7 → 0.4 + 0.7·0.4 = 0.68 → clamped 0.54.
        let cap = Suggestions.fingerSpeedCap(completing: completing)
        #expect(TestSupportClose(cap.percentile90!, 0.68))
        #expect(cap.value == 0.54)
        // A settling time of 2 × response whatever the velocity: median 0.35 s at response 0.175 s.
        let spring = Suggestions.spring(
            completing.map { ($0, true) }, dampingRatio: 1, target: 0.35
        ) { _, response, _ in 2 * response }
        #expect(spring.status == .found)
        #expect(spring.response == 0.175)  // the root 0.175 ± 1e-5, written to 1 ms
        #expect(
            Suggestions.spring(
                completing.map { ($0, true) }, dampingRatio: 1, target: 0.35,
                medianSettlingTime: nil
            ).status == .unavailable)
        // Starts 0, 1, …, 99 pt: 95th percentile at 94.05 → 98.05 pt, written to the nearest
        // 0.5 pt: 98.0; 21% inside 20 pt, 51% inside 50 pt.
        let edge = Suggestions.edgeWidth(starts: (0..<100).map(Double.init))
        #expect(edge.value == 98.0 && TestSupportClose(edge.percentile95!, 94.05))
        #expect(edge.coverage20 == 0.21 && edge.coverage50 == 0.51)
        // Starts before the leading edge (--direction up with y = 551 pt in a 390 pt container
        // gives 390 − 551 = −161 pt) are left out: 0…99 plus ten at −161 still gives 98.05 pt.
        let mixed = Suggestions.edgeWidth(
            starts: (0..<100).map(Double.init) + Array(repeating: -161, count: 10))
        #expect(mixed.value == 98.0 && mixed.count == 100)
        #expect(mixed.beforeEdge == 10)
        // All off-container: no width (never a negative one), and the reason.
        let allOff = Suggestions.edgeWidth(starts: [-161, -170, -150])
        #expect(allOff.value == nil && allOff.percentile95 == nil && allOff.beforeEdge == 3)
        // Angles ±0…19°: |angle| 95th percentile of 0…19 is 18.05°, written to 0.1°: 18.0 or
        // 18.1 (a tie in decimal, not in binary), whose text has one decimal.
        let lock = Suggestions.directionLock(
            angles: (0..<20).map { Double($0) * ($0 % 2 == 0 ? 1 : -1) })
        #expect(lock.value == 18.0 || lock.value == 18.1)
        // Angles 0, 0.37, …: 95th percentile of k·0.37 (k = 0…20) is 19·0.37 = 7.03° → 7.0°.
        #expect(Suggestions.directionLock(angles: (0...20).map { Double($0) * 0.37 }).value == 7.0)
        #expect(lock.population == .intendedSwipes && lock.count == 20 && lock.raisedToFloor == nil)
        #expect(TestSupportClose(lock.percentile95!, 18.05))
        #expect(
            Suggestions.directionLock(angles: [1, 2], population: .unlabelledGestures).population
                == .unlabelledGestures)
        // Perfectly straight strokes: p95 = 0°, raised to the 6° floor (1 pt of jitter at 10 pt is 5.7°).
        let straight = Suggestions.directionLock(angles: [0, 0, 0, 0])
        #expect(
            straight.value == 6.0 && straight.percentile95 == 0 && straight.raisedToFloor == 6.0)
    }

    @Test(
        "Unlabelled traces through the Tuner: decisions, ambiguous count, inferred projection split"
    )
    func unlabelledTuner() {
        let rng = RandomSource(seed: 12)
        let points = (0..<600).map { n -> TuningPoint in
            let meant = n % 2 == 0
            let p = meant ? 0.7 + rng.gaussian(0.08) : 0.2 + rng.gaussian(0.08)
            return TuningPoint(
                id: "u\(n)", progress: min(max(p, 0), 1),
                velocity: meant ? 0.5 + rng.gaussian(0.2) : -0.2 + rng.gaussian(0.2))
        }
        let result = Tuner(options: .init(bootstrapResamples: 0)).tune(points: points)
        let u = try! #require(result.unlabelled)
        #expect(u.count == 600)
        #expect(u.decidedComplete + u.decidedCancel == 600)
        #expect(u.mixture.verdict == .separates)
        guard case .projection(let p, let tau) = u.inferredRule else {
            Issue.record("no inferred rule")
            return
        }
        #expect(tau == 0.3)
        // Landings ≈ N(0.85, ·) and N(0.14, ·) with equal weights: crossing near the middle.
        #expect(p > 0.4 && p < 0.6)
        // Every gesture is unlabelled: the two counts are the same gestures, those within the band.
        let band = points.filter { ParameterSet.default.rule.isAmbiguous($0.state, band: 0.10) }
            .count
        #expect(band > 0)
        #expect(u.ambiguousCount == band && result.ambiguousCount == band)
    }

    /// Critically damped, launched at rest: `e(t) = -(1 + ω₀t) exp(-ω₀t)`, so the settling
    /// time is `x / ω₀` with `(1 + x) exp(-x) = 0.005` (x ≈ 7.43), `ω₀ = 2π / response`. A
    /// median of 0.35 s needs `response = 0.35 · 2π / x` ≈ 0.296 s.
    @Test("Spring response for a target duration with GesturePhysics' settling time")
    func springClosedForm() {
        var lo = 1.0, hi = 20.0
        for _ in 0..<200 {
            let mid = (lo + hi) / 2
            if (1 + mid) * exp(-mid) > 0.005 { lo = mid } else { hi = mid }
        }
        let expected = 0.35 * 2 * Double.pi / lo
        let resting = (0..<9).map {
            TuningPoint(id: "\($0)", progress: 0.3 + Double($0) / 20, velocity: 0)
        }
        let s = Suggestions.spring(
            resting.map { ($0, true) }, dampingRatio: 1, target: 0.35,
            medianSettlingTime: TuningOptions.springMedianSettlingTime)
        #expect(s.status == .found)
        #expect(abs(s.response! - expected) < 1e-4, "\(s.response!) vs \(expected)")
    }
}
