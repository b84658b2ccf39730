internal import GestureNumerics
import GesturePhysics
import GestureTrace

extension TuningPoint {
    /// `count` labelled release states without traces, for benchmarks and tests: `p_r`
    /// uniform on [0, 1], `v_p` uniform on [-3, 4] progress/s, labelled by `truth` (default
    /// `threshold` 0.42 / 1.3), each label flipped with probability `labelNoise`; kinematic
    /// inputs near `v_p`; extent 390 pt. Seeded GSL `mt19937`: same seed, same points.
    public static func syntheticReleases(
        count: Int, seed: UInt64 = 1, truth: Rule = .threshold(progress: 0.42, velocity: 1.3),
        labelNoise: Double = 0.05
    ) -> [TuningPoint] {
        let rng = RandomSource(seed: seed, stream: 0x5EED)
        var points: [TuningPoint] = []
        points.reserveCapacity(count)
        for n in 0..<count {
            let p = rng.uniform(), v = rng.uniform(-3, 4)
            var point = TuningPoint(
                id: "g\(n + 1)", progress: p, velocity: v, kinematicVelocity: v + rng.gaussian(0.2),
                kinematicAcceleration: rng.gaussian(2), sampleCount: 12,
                extent: PhysicsOptions.defaultExtent,
                startPosition: 2 + abs(rng.gaussian(8)), entryAngle: rng.gaussian(12))
            var complete = truth.completes(point.state)
            if rng.bernoulli(labelNoise) { complete.toggle() }
            point.intent = complete ? .complete : .cancel
            points.append(point)
        }
        return points
    }
}
