import GesturePhysics

/// Options of `Tuner`. Defaults follow physics.md.
public struct TuningOptions: Sendable, Equatable, Codable {
    /// The spring's target median settling time, s: UIKit's usual transition length.
    public static let defaultTargetDuration = 0.35
    /// The linear completion duration `D`, s, when the current set has none.
    public static let defaultTransitionDuration = GestureTuneDefaults.transitionDuration

    /// Seeds cross-validation folds (`GestureKey.fold`) and bootstrap resamples (`--seed`, default 1).
    public var seed: UInt64
    /// Bootstrap resamples (default 1000; 0 turns the bootstrap off).
    public var bootstrapResamples: Int
    /// Cross-validation folds (default 5; at least 2 are used).
    public var folds: Int
    /// `projection`: `tau` fixed (s) when set, else searched over [0, 1] s.
    public var projectionTau: Double?
    /// `kinematic`: `D` (s, default `uikit-system`'s 0.35) while `d_th` is searched.
    public var kinematicDuration: Double
    /// Spring completion: target median settling time, s (`--target-duration`, default 0.35).
    public var targetDuration: Double
    /// Spring damping ratio (default 1).
    public var dampingRatio: Double
    /// Linear completion duration `D`, s, when the current set has none (default 0.35).
    public var transitionDuration: Double
    /// Ambiguity band (default 0.10: parameters ±10%).
    public var ambiguityBand: Double
    /// The family of the headline suggestion (`--rule`; `logistic` takes the fitted boundary when
    /// converged, else `threshold`). nil: `chooseFamilyByCrossValidation` decides, else the
    /// current set's family is kept.
    public var suggestedFamily: RuleFamily?
    /// Tune the suggested family again under each velocity estimator (`Answer.byEstimator`,
    /// no bootstrap): a few more searches, one per estimator.
    public var compareEstimators = true
    /// With no `suggestedFamily`: when true, the headline takes the family with the lowest
    /// cross-validated error among `threshold`, `forward`, `projection` and the logistic fit
    /// (shipped as a projection rule when it is one), ties going to the current set's family,
    /// then to that order (simplest first). Default false (the current
    /// family); `analyze` turns it on when `--rule` is absent.
    public var chooseFamilyByCrossValidation: Bool
    /// Points of expected error (per 100 labelled gestures) a change must save over the current
    /// set to ship (`--switch-cost`); nil: `Recommendation.defaultSwitchCost`.
    public var switchCost: Double?
    /// The median spring settling time `(dampingRatio, response, initialVelocities) -> seconds`
    /// (the median of each velocity's settling time, within 0.5%); default
    /// `Spring.medianSettlingTime(initialVelocities:)` of GesturePhysics. nil leaves the spring
    /// suggestion `unavailable`.
    /// Not encoded (a function): decoded options take the default one.
    public var medianSettlingTime: (@Sendable (Double, Double, [Double]) throws -> Double)? =
        TuningOptions.springMedianSettlingTime

    public init(
        seed: UInt64 = 1, bootstrapResamples: Int = 1000, folds: Int = 5,
        projectionTau: Double? = nil,
        kinematicDuration: Double = Preset.uikitSystemDuration,
        targetDuration: Double = TuningOptions.defaultTargetDuration, dampingRatio: Double = 1,
        transitionDuration: Double = TuningOptions.defaultTransitionDuration,
        ambiguityBand: Double = 0.10,
        suggestedFamily: RuleFamily? = nil, chooseFamilyByCrossValidation: Bool = false,
        switchCost: Double? = nil,
        medianSettlingTime: (@Sendable (Double, Double, [Double]) throws -> Double)? = TuningOptions
            .springMedianSettlingTime
    ) {
        self.seed = seed
        self.bootstrapResamples = bootstrapResamples
        self.folds = folds
        self.projectionTau = projectionTau
        self.kinematicDuration = kinematicDuration
        self.targetDuration = targetDuration
        self.dampingRatio = dampingRatio
        self.transitionDuration = transitionDuration
        self.ambiguityBand = ambiguityBand
        self.suggestedFamily = suggestedFamily
        self.chooseFamilyByCrossValidation = chooseFamilyByCrossValidation
        self.switchCost = switchCost
        self.medianSettlingTime = medianSettlingTime
    }

    /// `Spring(dampingRatio:response:).medianSettlingTime(initialVelocities:)`: the median of
    /// each velocity's `settlingTime(initialVelocity:)`, solving only what the median reads.
    public static let springMedianSettlingTime:
        @Sendable (Double, Double, [Double]) throws -> Double = { zeta, response, velocities in
            try Spring(dampingRatio: zeta, response: response)
                .medianSettlingTime(initialVelocities: velocities) ?? 0
        }

    /// Every option but `medianSettlingTime`, a function: decoded options take the default one
    /// (the synthesized codec leaves out what these keys leave out).
    enum CodingKeys: String, CodingKey {
        case seed, bootstrapResamples, folds, projectionTau, kinematicDuration, targetDuration,
            dampingRatio
        case transitionDuration, ambiguityBand, suggestedFamily, compareEstimators,
            chooseFamilyByCrossValidation, switchCost
    }

    public static func == (a: TuningOptions, b: TuningOptions) -> Bool {
        a.seed == b.seed && a.bootstrapResamples == b.bootstrapResamples && a.folds == b.folds
            && a.projectionTau == b.projectionTau && a.kinematicDuration == b.kinematicDuration
            && a.targetDuration == b.targetDuration && a.dampingRatio == b.dampingRatio
            && a.transitionDuration == b.transitionDuration && a.ambiguityBand == b.ambiguityBand
            && a.suggestedFamily == b.suggestedFamily
            && a.chooseFamilyByCrossValidation == b.chooseFamilyByCrossValidation
            && a.compareEstimators == b.compareEstimators && a.switchCost == b.switchCost
            && (a.medianSettlingTime == nil) == (b.medianSettlingTime == nil)
    }
}
