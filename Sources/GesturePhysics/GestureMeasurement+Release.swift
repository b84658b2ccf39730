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
}

extension PhysicsEngine {
    /// `measurement.releaseState`.
    public func releaseState(of measurement: GestureMeasurement) -> ReleaseState {
        measurement.releaseState
    }
}
