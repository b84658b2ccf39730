import GestureNumerics
import GesturePhysics
import GestureTrace

@testable import GestureTuning

/// Seeded test-data generators for tuning tests (GSL mt19937 through `RandomSource`).
enum TestData {
    /// Points uniform in `p_r` ∈ [0, 1], `v_p` ∈ [vLow, vHigh], labelled by `truth`,
    /// each label flipped with probability `noise`.
    static func labelled(
        count: Int, seed: UInt64, truth: Rule, noise: Double = 0, vLow: Double = -3,
        vHigh: Double = 4,
        snap: Bool = false
    ) -> [TuningPoint] {
        let rng = RandomSource(seed: seed)
        return (0..<count).map { n in
            var p = rng.uniform()
            var v = rng.uniform(vLow, vHigh)
            if snap {
                // Land exactly on grid values often, to exercise the comparisons at equality.
                if rng.bernoulli(0.5) { p = Double(rng.int(101)) / 100 }
                if rng.bernoulli(0.5) { v = Double(rng.int(301) - 100) / 50 }
                if rng.bernoulli(0.05) { v = -0.0 }
            }
            let vm = v + rng.gaussian(0.3), am = rng.gaussian(3)
            let samples = rng.bernoulli(0.1) ? 2 : 10
            let extent = rng.bernoulli(0.5) ? 390 : 320 + Double(rng.int(200))
            var point = TuningPoint(
                id: "g\(n)", progress: p, velocity: v, kinematicVelocity: vm,
                kinematicAcceleration: am,
                sampleCount: samples, extent: extent, startPosition: 0, entryAngle: nil)
            var complete = truth.completes(point.state)
            if rng.bernoulli(noise) { complete.toggle() }
            point.intent = complete ? .complete : .cancel
            return point
        }
    }
}
