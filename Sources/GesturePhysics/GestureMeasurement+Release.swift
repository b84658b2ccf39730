import GestureTrace

extension GestureMeasurement {
    /// The state a rule decides on: `p_r`, `v_p`, the `kinematic` inputs and the extent.
    /// The one constructor of the decision state from a measurement: everything that decides
    /// (tuner, `batch`, the report's gesture rows) goes through it. `sampleCount` is the
    /// samples behind the `kinematic` inputs (`kinematicSampleCount`), not the gesture's length.
    public var releaseState: ReleaseState {
        ReleaseState(
            progress: releaseProgress, velocity: progressVelocity,
            kinematicVelocity: kinematicVelocity, kinematicAcceleration: kinematicAcceleration,
            sampleCount: kinematicSampleCount, extent: extent)
    }

    /// What `rule` decides for this gesture: `.complete` or `.cancel`.
    public func decision(under rule: Rule) -> Intent {
        rule.completes(releaseState) ? .complete : .cancel
    }

    /// True when the gesture counts toward tuning: released by the person (`ended`), not
    /// interrupted by the system.
    public var isReleasedByPerson: Bool { !interruptedBySystem }

    /// True when `lsq2` gives a release velocity opposite in sign (along the axis) to the one
    /// `lsq1`, `impulse` and `delta` all agree on: a finger that slowed sharply in its last
    /// samples makes the quadratic overshoot and reverse (physics.md, `lsq2-restricted`). The
    /// decision then depends on the estimator chosen.
    public var estimatorDisagreement: Bool {
        // Each estimate read once, without hashing.
        var quadratic: Double?, a: Double?, b: Double?, c: Double?
        for (e, v) in estimates {
            switch e {
            case .lsq2: quadratic = v.axis
            case .lsq1: a = v.axis
            case .impulse: b = v.axis
            case .delta: c = v.axis
            case .platform: break
            }
        }
        guard let quadratic, let a, let b, let c else { return false }
        if a > 0 && b > 0 && c > 0 { return quadratic < 0 }
        if a < 0 && b < 0 && c < 0 { return quadratic > 0 }
        return false
    }
}

extension PhysicsEngine {
    /// `measurement.releaseState`.
    public func releaseState(of measurement: GestureMeasurement) -> ReleaseState {
        measurement.releaseState
    }
}
