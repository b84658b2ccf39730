/// A decision rule: maps the release state to complete or cancel (physics.md, "Decision rules").
/// Velocity parameters are in progress/s.
public enum Rule: Sendable, Equatable, Hashable {
    /// Complete when `v_p >= v_th`, or `abs(v_p) < v_th` and `p_r >= p_th`.
    case threshold(progress: Double, velocity: Double)
    /// Complete when `v_p >= 0` and (`v_p > v_th` or `p_r > p_th`).
    case forward(progress: Double, velocity: Double)
    /// Complete when `p_r + tau * v_p >= p_th`.
    case projection(progress: Double, tau: Double)
    /// Complete when `p_r + v_m D + a_m D²/2 >= min(d_th / E, 0.5)`.
    case kinematic(distance: Double, duration: Double)
    /// Complete when `b0 + b1 p_r + b2 v_p >= 0`.
    case logistic(b0: Double, b1: Double, b2: Double)

    /// The family name used on the command line and in files.
    public var family: RuleFamily {
        switch self {
        case .threshold: .threshold
        case .forward: .forward
        case .projection: .projection
        case .kinematic: .kinematic
        case .logistic: .logistic
        }
    }
}

public enum RuleFamily: String, Sendable, CaseIterable, Codable {
    case threshold, forward, projection, kinematic, logistic
}

/// The release state a rule decides on.
public struct ReleaseState: Sendable, Equatable {
    /// `p_r`.
    public var progress: Double
    /// `v_p`, progress/s.
    public var velocity: Double
    /// Mean velocity / acceleration over the last 3 samples (progress/s, progress/s²); `kinematic` only.
    public var kinematicVelocity: Double
    public var kinematicAcceleration: Double
    /// Samples available for `kinematic` (fewer than 3: complete iff `v_m > 0`).
    public var sampleCount: Int
    /// Extent `E`, pt; `kinematic` only.
    public var extent: Double

    public init(
        progress: Double, velocity: Double, kinematicVelocity: Double = 0,
        kinematicAcceleration: Double = 0, sampleCount: Int = 3,
        extent: Double = GestureTuneDefaults.extent
    ) {
        self.progress = progress
        self.velocity = velocity
        self.kinematicVelocity = kinematicVelocity
        self.kinematicAcceleration = kinematicAcceleration
        self.sampleCount = sampleCount
        self.extent = extent
    }
    /// Every figure a rule reads is finite (the tuner and the report skip the others).
    package var isFiniteState: Bool {
        progress.isFinite && velocity.isFinite && kinematicVelocity.isFinite
            && kinematicAcceleration.isFinite
            && extent.isFinite && extent > 0
    }
}
