import GesturePhysics
import GestureTrace

/// How a rule performs on a set of gestures.
public struct RuleEvaluation: Sendable, Equatable {
    /// "current", "suggested", or a preset's name.
    public var name: String
    /// Where the numbers come from (presets), or nil.
    public var source: String?
    /// The rule; for presets with pt/s thresholds, the rule at 390 pt (each gesture is
    /// decided with its own extent).
    public var rule: Rule
    /// The decisions on the labelled gestures, counted once.
    public var confusion: Confusion
    public var errors: Int { confusion.errors }
    public var errorRate: Double { confusion.errorRate }

    public init(name: String, source: String?, rule: Rule, confusion: Confusion) {
        self.name = name
        self.source = source
        self.rule = rule
        self.confusion = confusion
    }
}

/// One searched rule family (`threshold`, `forward`, `projection`, `kinematic`).
public struct FamilyResult: Sendable, Equatable {
    public var space: SearchSpace
    public var family: RuleFamily { space.family }
    /// The suggested rule: the grid candidate with fewest misdecided gestures (tie-breaks of physics.md).
    public var rule: Rule
    public var choice: GridChoice
    /// Each searched parameter with its bootstrap interval (estimate = lower = upper when
    /// the bootstrap was off, or for a family the suggestion does not come from: only the
    /// suggested rule's family is bootstrapped).
    public var parameters: [ParameterInterval]
    public var bootstrap: BootstrapSummary?
    /// Honest error: k-fold cross-validation on hash folds (nil with fewer than 2 gestures).
    public var crossValidation: CrossValidation?
    /// In-sample decisions of `rule` on all labelled gestures.
    public var fitted: RuleEvaluation
}

/// The logistic baseline.
public struct LogisticResult: Sendable, Equatable {
    public var fit: LogisticFit
    /// The boundary to use: the fitted rule when converged; otherwise (separation, no
    /// convergence, singular design) the `threshold` suggestion, flagged by `usesFallback`.
    public var boundary: Rule?
    public var usesFallback: Bool
    public var crossValidation: CrossValidation?
    public var fitted: RuleEvaluation?
}

/// Gestures counted and why some were not used.
public struct TuningCounts: Sendable, Equatable, Codable {
    /// Measurements given.
    public var total = 0
    /// Closed by `ended` with finite figures: used for decisions and suggestions.
    public var used = 0
    /// Of `used`, with an intent (tuned).
    public var labelled = 0
    public var labelledComplete = 0
    public var labelledCancel = 0
    /// Of `used`, without an intent.
    public var unlabelled = 0
    /// Skipped: closed by `cancelled` (interrupted by the system, never tuned).
    public var interruptedBySystem = 0
    /// Skipped: a non-finite figure or extent ≤ 0 (should not happen).
    public var nonFinite = 0
}

/// The tuner's answer: the suggested setting (tuned, or inferred when nothing is labelled), its
/// evaluation against the current set and the presets, the searched families, and typed
/// warnings. Everything a report needs from tuning.
public struct Answer: Sendable, Equatable {
    public var options: TuningOptions
    public var counts: TuningCounts
    /// Warnings about the measurements and the suggestion, in the order a report shows them
    /// (the CLI puts the input's, `TuningWarning.input`, before them).
    public var warnings: [TuningWarning]
    /// Searched families in order threshold, forward, projection, kinematic, then, when the
    /// family is chosen by cross-validation, progress alone (`projection` at `tau = 0`, from the
    /// searched projection's cells); empty when unlabelled.
    public var families: [FamilyResult]
    /// `kinematic` at the `uikit-system` preset values (187.5 pt, 0.35 s).
    public var kinematicAtPreset: RuleEvaluation?
    public var logistic: LogisticResult?
    public var current: ParameterSet
    /// The headline suggestion, the one `params.json` holds: tuned when some gestures are
    /// labelled; the inferred split (`suggestionInferred`) when none are and the mixture
    /// separates; else the current rule.
    public var suggested: ParameterSet
    public var suggestionInferred: Bool
    /// What to ship and why (`Recommendation.set` is what params.json and the snippets hold):
    /// `suggested` only when it beats the current set with confidence.
    public var recommendation: Recommendation
    /// The current set, the suggested set, then every preset, on the same labelled gestures.
    public var comparisons: [RuleEvaluation]
    /// Present when some used gestures have no intent (or none do).
    public var unlabelled: UnlabelledAnalysis?
    /// Used gestures within the ambiguity band of the current rule.
    public var ambiguousCount: Int
    public var outcomeCheck: OutcomeCheck?
    public var completionSpeed: CompletionSpeedSuggestion
    public var fingerSpeedCap: FingerSpeedCapSuggestion
    public var spring: SpringSuggestion
    public var edgeWidth: EdgeWidthSuggestion
    public var directionLock: DirectionLockSuggestion

    /// The suggestion's family tuned again with each velocity estimator (empty when nothing is
    /// labelled): how the suggestion changes with the estimator, so the user can choose.
    public var byEstimator: [EstimatorSuggestion] = []

    /// The start-of-gesture gate's tuning (`Tuner.answer`); nil from `tune` alone.
    public var gate: GateAnswer?

    public func family(_ f: RuleFamily) -> FamilyResult? { families.first { $0.family == f } }
    public var currentEvaluation: RuleEvaluation? { comparisons.first { $0.name == "current" } }
    public var suggestedEvaluation: RuleEvaluation? { comparisons.first { $0.name == "suggested" } }
}

/// The suggestion under one velocity estimator: the suggested family tuned on the same
/// labelled gestures with each gesture's `v_p` from `estimator` (no bootstrap).
public struct EstimatorSuggestion: Sendable, Equatable {
    public var estimator: Estimator
    /// The estimator every gesture was measured with (the one the headline rests on).
    public var inUse: Bool
    public var rule: Rule
    /// k-fold (hash folds) cross-validated error of the family under this estimator.
    public var crossValidatedError: Double?
    /// Misdecided labelled gestures, in-sample (of `tunedOn`).
    public var misdecided: Int
    /// The labelled gestures it was tuned on: all of them, or the first
    /// `EstimatorSample.capacity` by seeded hash.
    public var tunedOn: Int
    /// The labelled gestures there were.
    public var labelled: Int
}

extension Answer {
    /// What the answer says beyond `Tuner.tune`'s figures, once the run's settings are known:
    /// the suggestion carries the physics it was measured under (what `batch --params` reads
    /// back); a preset with pt/s thresholds is shown at the extent every gesture was measured
    /// with, when they all took the same from their width/height column (it decides each
    /// gesture at its own extent in any case); the input's warnings go first (a wrong time
    /// unit or direction makes every other figure meaningless).
    mutating func complete(
        physics: PhysicsOptions, current: ParameterSet, sharedExtent: Double?,
        inputWarnings: [TuningWarning]
    ) {
        suggested.record(physics)
        if case .preset(let preset) = current.ruleSetting, current.extent == nil,
            let sharedExtent
        {
            self.current = ParameterSet(
                preset: preset, extent: sharedExtent, direction: physics.direction)
        }
        // What ships: the tuned set, or the kept (or preset) set with what it leaves unset of
        // the animation measured on these gestures (its gate is set by the gate's tuning).
        switch recommendation.choice {
        case .tuned, .unlabelled: recommendation.set = suggested
        case .current, .tooFew: recommendation.set = self.current.filled(from: suggested)
        case .preset: recommendation.set = recommendation.set.filled(from: suggested)
        }
        recommendation.set.record(physics)
        warnings.insert(contentsOf: inputWarnings, at: 0)
    }
}

extension Tuner {
    /// The whole answer of a run, gate included: `tune` on the release statistics, the physics
    /// and current set it was measured under with the input's warnings first (`complete`), then
    /// the start-of-gesture gate tuned on meant and `other` gestures (`GateTuner.tune`).
    ///
    /// A change only where it was measured: without `other` gestures the current gate ships
    /// (never one read off the intended swipes); with them the tuned gate ships only when it
    /// beats the current gate end to end with confidence, as a tuned release rule must.
    public func answer(
        _ statistics: TuningStatistics, gate: GateStatistics, physics: PhysicsOptions,
        current: ParameterSet, motion: MotionTally, timeUnit: TimeUnit,
        falseTriggerCost: Double
    ) -> Answer {
        var answer = tune(statistics)
        let tally = statistics.summaries.measurements
        answer.complete(
            physics: physics, current: current, sharedExtent: tally.sharedColumnExtent,
            inputWarnings: TuningWarning.input(
                tally, motion: motion, timeUnit: timeUnit, direction: physics.direction))
        let tuned = GateTuner.tune(
            gate, falseTriggerCost: falseTriggerCost, resamples: options.bootstrapResamples)
        let currentGate = answer.current.gate
        answer.suggested.gate = tuned.suggested ?? currentGate
        answer.recommendation.set.gate =
            tuned.ships ? (tuned.suggested ?? currentGate) : currentGate
        answer.gate = tuned
        return answer
    }
}
