/// Where a gesture starts and which way it heads once the finger has moved a slop distance:
/// what the start-of-gesture gate reads (`Gate.admits`). Measured once per gesture by the
/// analysis (`PhysicsEngine.measure(_:)`) and by `GestureTuneTracker`, at the gate's slop.
///
/// Positions are the `began`/`moved` samples physics uses (finite, equal timestamps
/// replaced); the lift-off row's position is not trusted, as everywhere in physics.
public struct GateFeatures: Sendable, Equatable, Codable {
    /// `e`: the first sample's distance from the leading edge along the axis, pt
    /// (`Direction.distanceFromLeadingEdge`; negative when it starts outside the container).
    public var edgeDistance: Double
    /// `e / E`, the share of the extent.
    public var edgeShare: Double
    /// The slop the features below were measured at, pt.
    public var slop: Double
    /// `θ`: degrees in [0, 180] of the displacement from the first sample at the first sample
    /// more than `slop` pt from it (Euclidean), `atan2(|across|, along)`; nil when no sample
    /// gets that far (a tap, a tiny motion).
    public var angle: Double?
    /// Time from the first sample to that sample, s; nil with `angle`.
    public var timeToSlop: Double?
    /// That sample's distance from the first, pt (just above `slop`); nil with `angle`.
    public var distanceToSlop: Double?
    /// Some sample before that one (before the end when there is none) lies more than 1 pt
    /// (physics.md's jitter) against the transition's direction from the first sample.
    public var movedAgainst: Bool

    public init(
        edgeDistance: Double, edgeShare: Double, slop: Double, angle: Double?,
        timeToSlop: Double?, distanceToSlop: Double?, movedAgainst: Bool
    ) {
        self.edgeDistance = edgeDistance
        self.edgeShare = edgeShare
        self.slop = slop
        self.angle = angle
        self.timeToSlop = timeToSlop
        self.distanceToSlop = distanceToSlop
        self.movedAgainst = movedAgainst
    }

    /// No usable sample: at the edge, no direction.
    public static func none(slop: Double) -> GateFeatures {
        GateFeatures(
            edgeDistance: 0, edgeShare: 0, slop: slop, angle: nil, timeToSlop: nil,
            distanceToSlop: nil, movedAgainst: false)
    }
}

/// The start-of-gesture gate (docs/gate.md): a transition starts when the gesture begins
/// within `edgeWidth` pt of the leading edge and, once it has moved more than `slop` pt, heads
/// within `lockAngle` degrees of the transition's direction:
///
///     admits = θ != nil && e <= edgeWidth && θ <= lockAngle
///
/// An absent `edgeWidth` is the whole extent (full-screen swipe), an absent `lockAngle` 90°,
/// an absent `slop` `Gate.defaultSlop`. A gesture meant for the transition that the gate
/// refuses is a miss; a gesture not meant for it (intent `other`) that it admits is a false
/// trigger. The snippets enforce the same definition.
public struct Gate: Sendable, Equatable, Codable {
    /// 10 pt: about the touch slop platforms wait for before a drag starts (docs/gate.md
    /// cites them), and the distance `entryAngle` has always used.
    public static let defaultSlop = GestureTuneDefaults.slop
    /// 90°: any direction with a component along the transition.
    public static let defaultLockAngle = GestureTuneDefaults.lockAngle

    /// `w`, pt from the leading edge; nil: the whole extent.
    public var edgeWidth: Double?
    /// `θ_max`, degrees from the axis; nil: 90°.
    public var lockAngle: Double?
    /// Slop, pt; nil: `defaultSlop`.
    public var slop: Double?

    public init(edgeWidth: Double? = nil, lockAngle: Double? = nil, slop: Double? = nil) {
        self.edgeWidth = edgeWidth
        self.lockAngle = lockAngle
        self.slop = slop
    }

    /// The slop in effect, pt: `slop` when a finite number of 0 or more, else `defaultSlop`.
    public var effectiveSlop: Double {
        slop.flatMap { $0.isFinite && $0 >= 0 ? $0 : nil } ?? Self.defaultSlop
    }
    /// The lock angle in effect, degrees.
    public var effectiveLockAngle: Double { lockAngle ?? Self.defaultLockAngle }

    /// Whether the gate lets a gesture with `features` start the transition. The features must
    /// be measured at this gate's slop (`PhysicsOptions.slop`): the slop decides `θ`.
    public func admits(_ features: GateFeatures) -> Bool {
        refusal(features) == nil
    }

    /// Why the gate refuses a gesture, first reason first.
    public enum Refusal: String, Sendable, Equatable, Codable {
        /// The finger never moved more than the slop (a tap): no direction to lock.
        case slop
        /// It began farther than `edgeWidth` from the leading edge.
        case edge
        /// It headed more than `lockAngle` from the transition's direction.
        case angle
    }

    /// Why the gate refuses a gesture with `features`, nil when it admits it.
    public func refusal(_ features: GateFeatures) -> Refusal? {
        guard let angle = features.angle else { return .slop }
        if let edgeWidth, !(features.edgeDistance <= edgeWidth) { return .edge }
        return angle <= effectiveLockAngle ? nil : .angle
    }

}
