import GesturePhysics
import GestureTrace

/// The part of a `GestureMeasurement` the tuning algorithms read: one released gesture.
public struct TuningPoint: Sendable, Equatable {
    public var id: String
    /// Release progress `p_r`, 0…1.
    public var progress: Double
    /// Release velocity `v_p`, progress/s.
    public var velocity: Double
    /// What the person meant, if labelled.
    public var intent: Intent?
    /// What the app did, if recorded.
    public var outcome: Intent?
    /// Mean velocity (progress/s) and acceleration (progress/s²) over the last 3 samples (`kinematic`).
    public var kinematicVelocity: Double
    public var kinematicAcceleration: Double
    /// Samples behind the `kinematic` inputs (`ReleaseState.sampleCount`; fewer than 3: the
    /// `kinematic` rule completes iff `kinematicVelocity > 0`).
    public var sampleCount: Int
    /// Extent `E`, pt.
    public var extent: Double
    /// Start position along the axis from the leading edge, pt.
    public var startPosition: Double
    /// Entry angle, degrees from the axis; nil when the finger never moved 10 pt.
    public var entryAngle: Double?

    public init(
        id: String, progress: Double, velocity: Double, intent: Intent? = nil,
        outcome: Intent? = nil,
        kinematicVelocity: Double = 0, kinematicAcceleration: Double = 0, sampleCount: Int = 3,
        extent: Double = PhysicsOptions.defaultExtent, startPosition: Double = 0,
        entryAngle: Double? = nil
    ) {
        self.id = id
        self.progress = progress
        self.velocity = velocity
        self.intent = intent
        self.outcome = outcome
        self.kinematicVelocity = kinematicVelocity
        self.kinematicAcceleration = kinematicAcceleration
        self.sampleCount = sampleCount
        self.extent = extent
        self.startPosition = startPosition
        self.entryAngle = entryAngle
    }

    /// The fields of `measurement` tuning reads; the decision state is
    /// `GestureMeasurement.releaseState`, the one constructor of it.
    public init(_ m: GestureMeasurement) {
        let s = m.releaseState
        self.init(
            id: m.id, progress: s.progress, velocity: s.velocity, intent: m.intent,
            outcome: m.outcome, kinematicVelocity: s.kinematicVelocity,
            kinematicAcceleration: s.kinematicAcceleration, sampleCount: s.sampleCount,
            extent: s.extent, startPosition: m.startPosition, entryAngle: m.entryAngle)
    }

    /// The release state rules decide on.
    public var state: ReleaseState {
        ReleaseState(
            progress: progress, velocity: velocity, kinematicVelocity: kinematicVelocity,
            kinematicAcceleration: kinematicAcceleration, sampleCount: sampleCount, extent: extent)
    }

    /// True when every figure a rule reads is finite.
    var isFinite: Bool {
        progress.isFinite && velocity.isFinite && kinematicVelocity.isFinite
            && kinematicAcceleration.isFinite
            && extent.isFinite && extent > 0
    }
}
