import GestureAnalysis
import GesturePhysics
import GestureTrace
import GestureTuning

/// Everything a report shows, in report terms, built once from the tuning result; every
/// renderer reads only this value.
///
/// Fields follow the contents list of cli-and-reports.md ("analyze: the report"), in order:
/// summary, parameters, rule comparison (with presets), figure inputs, estimators, gestures,
/// snippets (derived from the suggestion, the animation and the edge). Velocities are stored in
/// progress/s and printed in both progress/s and pt/s with `summary.extent`.
public struct ReportModel: Sendable, Equatable {
    /// Report name (the folder under `--out`), e.g. `swipe`.
    public var name: String
    /// Tool name and version, e.g. `gesturetune 0.1.0`.
    public var generator: String
    public var summary: ReportSummary
    public var parameters: ParameterTable
    /// `threshold`, `projection`, `logistic` (and any other family tuned), best first or in
    /// tuning order.
    public var rules: [RuleComparisonRow]
    /// The shipping systems' presets evaluated on the same gestures.
    public var presets: [PresetRow]
    /// Every gesture used (and those interrupted by the system, flagged), in file order.
    public var gestures: [GestureRow]
    /// Inputs of the figures that are not per-gesture values.
    public var figures: FigureInputs
    public var estimators: [EstimatorRow]
    public var animation: AnimationSuggestion
    public var edge: EdgeSuggestion
    /// The start-of-gesture gate (analyze fills it; nil in models made without one).
    public var gate: GateSection? = nil
    /// The end-to-end figures, gate then release (analyze fills them; nil in models made
    /// without a gate, or with nothing labelled). When present, `summary.currentError` and
    /// `summary.suggestedError` are these figures.
    public private(set) var endToEnd: EndToEndSummary? = nil

    /// Takes the end-to-end figures: the summary's current and suggested errors become them, and
    /// the gate section counts with them.
    mutating func take(_ endToEnd: EndToEndSummary?) {
        self.endToEnd = endToEnd
        gate?.endToEnd = endToEnd
        guard let e = endToEnd, summary.labelled else { return }
        summary.currentError = e.currentError
        summary.currentMisdecided = e.current.errors
        if let t = e.tunedCrossValidatedError { summary.suggestedError = t }
        if let t = e.tuned { summary.suggestedMisdecided = t.errors }
    }
    /// Present when the traces carry no intent labels.
    public var unlabelled: UnlabelledSection?
    /// Gestures whose recorded `outcome` differs from what the current parameters decide.
    public var outcomeMismatches: [OutcomeMismatchRow]
    /// The set `params.json` holds: the recommendation's (`Recommendation.set`: the tuned set
    /// only when it beats the current one with confidence); nil for a model built by hand,
    /// whose `params.json` is made from the snippet parameters.
    public var suggestedSetting: ParameterSet?
    /// The current set as the run measured it (nil for a model built by hand): what the
    /// playground's "Current" runs.
    public var currentSetting: ParameterSet? = nil
    /// What to ship and why (nil for a model built by hand: `recommendationChoice` then
    /// compares the errors).
    public var recommendation: Recommendation? = nil
    /// `--by`: per-group parameters against the pooled set.
    public var groups: GroupSection? = nil
    /// Set when the tuning was fitted on implicit labels (`--labels implicit`).
    public var labelNotice: LabelNotice? = nil

    public init(
        name: String, generator: String, summary: ReportSummary, parameters: ParameterTable,
        rules: [RuleComparisonRow], presets: [PresetRow], gestures: [GestureRow],
        figures: FigureInputs, estimators: [EstimatorRow], animation: AnimationSuggestion,
        edge: EdgeSuggestion, unlabelled: UnlabelledSection? = nil,
        outcomeMismatches: [OutcomeMismatchRow] = [], suggestedSetting: ParameterSet? = nil
    ) {
        self.suggestedSetting = suggestedSetting
        self.name = name
        self.generator = generator
        self.summary = summary
        self.parameters = parameters
        self.rules = rules
        self.presets = presets
        self.gestures = gestures
        self.figures = figures
        self.estimators = estimators
        self.animation = animation
        self.edge = edge
        self.unlabelled = unlabelled
        self.outcomeMismatches = outcomeMismatches
    }
}

// MARK: - Summary

/// A count of skipped gestures or rows for one reason (a `SkipReason` raw value, or
/// `interrupted-by-system` for gestures closed by `cancelled`).
public struct SkipCount: Sendable, Equatable {
    public var reason: String
    public var count: Int
    public init(reason: String, count: Int) {
        self.reason = reason
        self.count = count
    }

    /// Whether this counts skipped rows or skipped gestures (the tuner's own reasons count gestures).
    public var unit: SkipReason.Unit { SkipReason(rawValue: reason)?.unit ?? .gestures }
}

/// Section 1: files, gestures used and skipped, labelled or not, the headline.
public struct ReportSummary: Sendable, Equatable {
    /// Input files as given on the command line.
    public var files: [String]
    /// Gestures the reader delivered.
    public var gesturesRead: Int
    /// Gestures used for tuning (closed by `ended`).
    public var gesturesUsed: Int
    /// Skipped gestures and rows by reason (`SkipCount.unit` tells which).
    public var skipped: [SkipCount]
    /// Data rows read, after `--where` (skipped rows are a share of these).
    public var rowsRead = 0
    /// Where the coordinates' unit came from (`--scale`, a dpi column, or the file's own).
    public var coordinateUnit = CoordinateUnit.file
    /// True when every used gesture carries an intent label.
    public var labelled: Bool
    public var direction: Direction
    /// Extent `E` in pt (the one used for pt/s conversions) and where it came from.
    public var extent: Double
    public var extentSource: ExtentSource
    /// Where the current parameters came from: a preset name or a params file path.
    public var currentSource: String
    public var currentRule: Rule
    public var suggestedRule: Rule
    /// Fraction of labelled gestures the current parameters misdecide (nil when unlabelled).
    public var currentError: Double?
    /// Cross-validated error of the suggested rule (nil when unlabelled).
    public var suggestedError: Double?
    /// Misdecided counts under the current and (in-sample) suggested parameters.
    public var currentMisdecided: Int
    public var suggestedMisdecided: Int
    /// True when `suggestedRule` is an inferred (unlabelled) split, not a tuned one.
    public var suggestionInferred: Bool
    /// Report-level warnings, e.g. the 390 pt default extent.
    public var warnings: [ReportWarning]
    /// Input columns the reader did not use.
    public var ignoredColumns: [String]

    public init(
        files: [String], gesturesRead: Int, gesturesUsed: Int, skipped: [SkipCount], labelled: Bool,
        direction: Direction, extent: Double, extentSource: ExtentSource, currentSource: String,
        currentRule: Rule, suggestedRule: Rule, currentError: Double?, suggestedError: Double?,
        currentMisdecided: Int, suggestedMisdecided: Int, suggestionInferred: Bool = false,
        warnings: [ReportWarning] = [], ignoredColumns: [String] = []
    ) {
        self.files = files
        self.gesturesRead = gesturesRead
        self.gesturesUsed = gesturesUsed
        self.skipped = skipped
        self.labelled = labelled
        self.direction = direction
        self.extent = extent
        self.extentSource = extentSource
        self.currentSource = currentSource
        self.currentRule = currentRule
        self.suggestedRule = suggestedRule
        self.currentError = currentError
        self.suggestedError = suggestedError
        self.currentMisdecided = currentMisdecided
        self.suggestedMisdecided = suggestedMisdecided
        self.suggestionInferred = suggestionInferred
        self.warnings = warnings
        self.ignoredColumns = ignoredColumns
    }

    /// Skipped gestures and rows, all reasons.
    public var skippedTotal: Int { skipped.reduce(0) { $0 + $1.count } }
    /// Skipped counts of one unit, and their total.
    public func skipped(_ unit: SkipReason.Unit) -> [SkipCount] {
        skipped.filter { $0.unit == unit && $0.count > 0 }
    }
    public func skippedTotal(_ unit: SkipReason.Unit) -> Int {
        skipped(unit).reduce(0) { $0 + $1.count }
    }
    /// Skipped rows as a share of rows read, nil when no row was read.
    public var rowsSkippedShare: Double? {
        rowsRead > 0 ? Double(skippedTotal(.rows)) / Double(rowsRead) : nil
    }
}

// MARK: - Parameters

/// How a parameter value is printed. `progressPerSecond` values also print in pt/s
/// (`value × E`).

/// A closed interval, e.g. a 95% bootstrap interval.
public struct Interval: Sendable, Equatable {
    public var low: Double
    public var high: Double
    public init(low: Double, high: Double) {
        self.low = low
        self.high = high
    }
}

/// One row of section 2: a suggested parameter beside the current one and platform defaults.
public struct ParameterRow: Sendable, Equatable {
    /// Human name, e.g. `progress threshold`.
    public var name: String
    /// Symbol, e.g. `p_th`.
    public var symbol: String
    public var unit: ParameterUnit
    public var suggested: Double?
    /// 95% interval of the suggestion, when computed.
    public var interval: Interval?
    public var current: Double?
    /// One value per `ParameterTable.defaultColumns` entry (nil: not applicable).
    public var defaults: [Double?]
    public var note: String?

    public init(
        name: String, symbol: String, unit: ParameterUnit, suggested: Double?,
        interval: Interval? = nil,
        current: Double?, defaults: [Double?] = [], note: String? = nil
    ) {
        self.name = name
        self.symbol = symbol
        self.unit = unit
        self.suggested = suggested
        self.interval = interval
        self.current = current
        self.defaults = defaults
        self.note = note
    }
}

/// Section 2: suggested parameters, current ones and platform defaults side by side.
public struct ParameterTable: Sendable, Equatable {
    /// Column titles of the platform defaults, e.g. `UIKit samples`, `Flutter Cupertino`.
    public var defaultColumns: [String]
    public var rows: [ParameterRow]
    public init(defaultColumns: [String], rows: [ParameterRow]) {
        self.defaultColumns = defaultColumns
        self.rows = rows
    }
}

// MARK: - Rules and presets

/// Decisions against intents: rows are what the person meant, columns what the rule did.
public struct ConfusionMatrix: Sendable, Equatable {
    /// Meant complete, rule completed.
    public var completeCompleted: Int
    /// Meant complete, rule cancelled.
    public var completeCancelled: Int
    /// Meant cancel, rule completed.
    public var cancelCompleted: Int
    /// Meant cancel, rule cancelled.
    public var cancelCancelled: Int

    public init(
        completeCompleted: Int, completeCancelled: Int, cancelCompleted: Int, cancelCancelled: Int
    ) {
        self.completeCompleted = completeCompleted
        self.completeCancelled = completeCancelled
        self.cancelCompleted = cancelCompleted
        self.cancelCancelled = cancelCancelled
    }

    public var total: Int {
        completeCompleted + completeCancelled + cancelCompleted + cancelCancelled
    }
    public var misdecided: Int { completeCancelled + cancelCompleted }
}

/// A fitted coefficient with its standard error (logistic).
public struct Coefficient: Sendable, Equatable {
    public var name: String
    public var value: Double
    public var standardError: Double?
    public init(name: String, value: Double, standardError: Double?) {
        self.name = name
        self.value = value
        self.standardError = standardError
    }
}

/// Section 3: one tuned rule family.
public struct RuleComparisonRow: Sendable, Equatable {
    /// The rule as tuned on all gestures.
    public var rule: Rule
    /// Stratified 5-fold cross-validated error (fraction), nil when unlabelled.
    public var crossValidatedError: Double?
    /// Error of `rule` on all gestures (fraction).
    public var inSampleError: Double?
    public var confusion: ConfusionMatrix?
    /// Ids of the gestures `rule` misdecides.
    public var misclassified: [String]
    /// Logistic coefficients with standard errors (empty for other families).
    public var coefficients: [Coefficient]
    /// True for the family whose rule is the suggestion.
    public var suggested: Bool
    public var note: String?

    public init(
        rule: Rule, crossValidatedError: Double?, inSampleError: Double?,
        confusion: ConfusionMatrix?,
        misclassified: [String], coefficients: [Coefficient] = [], suggested: Bool = false,
        note: String? = nil
    ) {
        self.rule = rule
        self.crossValidatedError = crossValidatedError
        self.inSampleError = inSampleError
        self.confusion = confusion
        self.misclassified = misclassified
        self.coefficients = coefficients
        self.suggested = suggested
        self.note = note
    }
}

/// A shipping system's preset evaluated on the user's gestures.
public struct PresetRow: Sendable, Equatable {
    public var name: String
    public var source: String
    public var rule: Rule
    /// Error fraction (nil when unlabelled).
    public var error: Double?
    public var misdecided: Int
    /// How many gestures the preset completes.
    public var completes: Int
    /// True for the preset that is the current parameters.
    public var isCurrent: Bool

    public init(
        name: String, source: String, rule: Rule, error: Double?, misdecided: Int, completes: Int,
        isCurrent: Bool = false
    ) {
        self.name = name
        self.source = source
        self.rule = rule
        self.error = error
        self.misdecided = misdecided
        self.completes = completes
        self.isCurrent = isCurrent
    }
}

// MARK: - Gestures

/// Flags shown in the gesture table.
public struct GestureFlags: Sendable, Equatable {
    /// Within 10% of the boundary (unlabelled analysis) or otherwise marked ambiguous.
    public var ambiguous: Bool
    /// The requested estimator fell back.
    public var fallbackEstimator: Bool
    /// Samples with equal timestamps.
    public var duplicateTimestamps: Int
    /// Finger reversed direction in the last 100 ms.
    public var lateReversal: Bool
    /// Closed by `cancelled`: reported, never used to tune.
    public var interruptedBySystem: Bool
    /// Recorded `outcome` differs from the current decision.
    public var outcomeMismatch: Bool
    /// `lsq2` opposes the sign `lsq1`, `impulse` and `delta` agree on.
    public var estimatorDisagreement = false

    public init(
        ambiguous: Bool = false, fallbackEstimator: Bool = false, duplicateTimestamps: Int = 0,
        lateReversal: Bool = false, interruptedBySystem: Bool = false, outcomeMismatch: Bool = false
    ) {
        self.ambiguous = ambiguous
        self.fallbackEstimator = fallbackEstimator
        self.duplicateTimestamps = duplicateTimestamps
        self.lateReversal = lateReversal
        self.interruptedBySystem = interruptedBySystem
        self.outcomeMismatch = outcomeMismatch
    }

    /// Short names of the set flags, in a fixed order: `ambiguous`, `fallback`, `duplicates`,
    /// `reversal`, `interrupted`, `outcome-mismatch`, `estimator-disagreement`.
    public var names: [String] {
        var out: [String] = []
        if ambiguous { out.append("ambiguous") }
        if fallbackEstimator { out.append("fallback") }
        if duplicateTimestamps > 0 { out.append("duplicates") }
        if lateReversal { out.append("reversal") }
        if interruptedBySystem { out.append("interrupted") }
        if outcomeMismatch { out.append("outcome-mismatch") }
        if estimatorDisagreement { out.append("estimator-disagreement") }
        return out
    }
}

/// One estimator's axis velocity for a gesture, pt/s.
public struct EstimatorValue: Sendable, Equatable {
    public var estimator: Estimator
    public var velocity: Double
    /// Screen components of the estimate, pt/s, when known.
    public var vx: Double?
    public var vy: Double?
    public init(estimator: Estimator, velocity: Double, vx: Double? = nil, vy: Double? = nil) {
        self.estimator = estimator
        self.velocity = velocity
        self.vx = vx
        self.vy = vy
    }

    /// A measurement's estimates in `Estimator.allCases` order (read once each, no lookups).
    static func all(_ estimates: [Estimator: VelocityEstimate]) -> [EstimatorValue] {
        var out: [EstimatorValue] = []
        out.reserveCapacity(estimates.count)
        for (e, v) in estimates {
            // Insertion in `allCases` order (at most five).
            var i = out.count
            while i > 0 && out[i - 1].estimator.ordinal > e.ordinal { i -= 1 }
            out.insert(EstimatorValue(estimator: e, velocity: v.axis, vx: v.vx, vy: v.vy), at: i)
        }
        return out
    }
}

/// Section 6 and the per-gesture figure inputs: one gesture.
public struct GestureRow: Sendable, Equatable {
    public var id: String
    public var file: String
    public var samples: Int
    /// Duration first sample to release, s.
    public var duration: Double
    /// `p_r`.
    public var releaseProgress: Double
    /// `v`, pt/s along the axis, and its components.
    public var velocity: Double
    public var vx: Double
    public var vy: Double
    /// `v_p = v / E`, progress/s.
    public var progressVelocity: Double
    /// Extent used for this gesture, pt.
    public var extent: Double
    /// Every estimator's estimate, in `Estimator.allCases` order.
    public var estimates: [EstimatorValue]
    /// Start position along the axis from the leading edge, pt.
    public var startPosition: Double
    public var entryAngle: Double?
    public var pauseBeforeRelease: Double
    public var intent: Intent?
    public var outcome: Intent?
    public var currentDecision: Intent
    public var suggestedDecision: Intent
    /// Why the current set's start gate refuses the gesture, and the gate that ships (nil:
    /// admitted). The app decides the gate first: a refused gesture never reaches the release.
    public var currentRefusal: Gate.Refusal? = nil
    public var shippedRefusal: Gate.Refusal? = nil
    public var flags: GestureFlags
    /// Progress against time (s from the first sample), for the progress figure.
    public var curve: [ProgressPoint]
    /// Samples per second (0 when unknown or the duration is 0).
    public var sampleRate: Double = 0
    /// Where the gesture's label came from, with implicit labels (nil otherwise).
    public var intentSource: IntentSource? = nil
    /// Peak axis speed between successive samples, pt/s (0 when unknown).
    public var peakVelocity: Double = 0
    /// The finger rested longer than the window's maximum gap before lift-off (`v = 0`).
    public var restedBeforeRelease = false
    /// The state the rules decided on (`GestureMeasurement.releaseState`): the report's
    /// what-if controls decide again from it.
    public var release: ReleaseState
    /// Samples in the velocity window (0 when unknown), marked in the drill-down timeline.
    public var windowCount = 0
    /// Line of the first sample in `file` (0 when unknown): a labels file names it.
    public var line = 0

    public init(
        id: String, file: String, samples: Int, duration: Double, releaseProgress: Double,
        velocity: Double, vx: Double, vy: Double, progressVelocity: Double, extent: Double,
        estimates: [EstimatorValue], startPosition: Double, entryAngle: Double?,
        pauseBeforeRelease: Double, intent: Intent?, outcome: Intent?, currentDecision: Intent,
        suggestedDecision: Intent, flags: GestureFlags, curve: [ProgressPoint]
    ) {
        self.id = id
        self.file = file
        self.samples = samples
        self.duration = duration
        self.releaseProgress = releaseProgress
        self.velocity = velocity
        self.vx = vx
        self.vy = vy
        self.progressVelocity = progressVelocity
        self.extent = extent
        self.estimates = estimates
        self.startPosition = startPosition
        self.entryAngle = entryAngle
        self.pauseBeforeRelease = pauseBeforeRelease
        self.intent = intent
        self.outcome = outcome
        self.currentDecision = currentDecision
        self.suggestedDecision = suggestedDecision
        self.flags = flags
        self.curve = curve
        self.release = ReleaseState(
            progress: releaseProgress, velocity: progressVelocity, extent: extent)
    }

    /// A row from a measurement and the decisions an `Evaluation` made for it.
    public init(
        measurement m: GestureMeasurement, currentDecision: Intent, suggestedDecision: Intent,
        ambiguous: Bool = false
    ) {
        self.init(
            id: m.id, file: m.file, samples: m.sampleCount, duration: m.duration,
            releaseProgress: m.releaseProgress, velocity: m.velocity.axis, vx: m.velocity.vx,
            vy: m.velocity.vy, progressVelocity: m.progressVelocity, extent: m.extent,
            estimates: EstimatorValue.all(m.estimates),
            startPosition: m.startPosition, entryAngle: m.entryAngle,
            pauseBeforeRelease: m.pauseBeforeRelease, intent: m.intent, outcome: m.outcome,
            currentDecision: currentDecision,
            suggestedDecision: suggestedDecision,
            flags: GestureFlags(
                ambiguous: ambiguous, fallbackEstimator: m.velocity.fellBack,
                duplicateTimestamps: m.duplicateTimestamps, lateReversal: m.lateReversal,
                interruptedBySystem: m.interruptedBySystem,
                outcomeMismatch: m.outcome.map { $0 != currentDecision } ?? false),
            curve: m.progressCurve)
        sampleRate = m.sampleRate
        peakVelocity = m.peakVelocity
        restedBeforeRelease = m.restedBeforeRelease
        release = m.releaseState
        windowCount = m.velocity.windowCount
        line = m.firstLine ?? 0
        flags.estimatorDisagreement = m.estimatorDisagreement
    }

    /// Counts toward tuning: released by the person, with a finite release state.
    package static func isUsed(_ m: GestureMeasurement) -> Bool {
        !m.interruptedBySystem && m.releaseState.isFiniteState
    }

    /// The `ambiguous` flag of a gesture row: a used gesture within `band` of the current
    /// rule's boundary (`GestureSample.isAmbiguous`, the band the tuner counts with).
    package static func isAmbiguous(_ m: GestureMeasurement, current: ParameterSet, band: Double)
        -> Bool
    {
        isUsed(m) && GestureSample.isAmbiguous(m.releaseState, current: current, band: band)
    }

    /// The estimate of `estimator`, pt/s, if present.
    public func estimate(_ estimator: Estimator) -> Double? {
        estimates.first { $0.estimator == estimator }?.velocity
    }

    /// Misdecided under the suggested parameters (false when unlabelled).
    public var misdecidedBySuggested: Bool { intent.map { $0 != suggestedDecision } ?? false }
    /// Misdecided under the current parameters (false when unlabelled).
    public var misdecidedByCurrent: Bool { intent.map { $0 != currentDecision } ?? false }
}

// MARK: - Figures, estimators, animation, edge

/// Figure inputs that are not per-gesture values.
public struct FigureInputs: Sendable, Equatable {
    /// Velocity ratios `(s / D) / v_p` of completing gestures with `v_p > 0` under the current
    /// and suggested `completionSpeed` (physics.md, "Completion animation").
    public var currentVelocityRatios: [Double]
    public var suggestedVelocityRatios: [Double]

    public init(currentVelocityRatios: [Double], suggestedVelocityRatios: [Double]) {
        self.currentVelocityRatios = currentVelocityRatios
        self.suggestedVelocityRatios = suggestedVelocityRatios
    }

    /// Ratios `(s / D) / v_p` over gestures that `completes` and move forward (`v_p > 0`).
    public static func velocityRatios(
        gestures: [GestureRow], completionSpeed s: Double, duration d: Double,
        completes: (GestureRow) -> Bool
    ) -> [Double] {
        guard d > 0 else { return [] }
        return gestures.compactMap { g in
            guard completes(g), g.progressVelocity > 0 else { return nil }
            return (s / d) / g.progressVelocity
        }
    }
}

/// Section 5: one estimator against `lsq2` (and `platform` when present).
public struct EstimatorRow: Sendable, Equatable {
    public var estimator: Estimator
    /// Gestures with this estimate.
    public var gestures: Int
    /// Median absolute difference to `lsq2`, pt/s.
    public var medianAbsDiffToLsq2: Double?
    /// Median absolute difference to `platform`, pt/s (nil without `vx`/`vy` columns).
    public var medianAbsDiffToPlatform: Double?
    /// Fallbacks counted for this estimator.
    public var fallbacks: Int
    /// The suggestion's family tuned with this estimator's velocities (`Answer.byEstimator`):
    /// its rule, cross-validated error and in-sample misdecided count; nil when not tuned.
    public var suggestedRule: Rule?
    public var crossValidatedError: Double?
    public var misdecided: Int?
    /// The labelled gestures it was tuned on (`EstimatorSuggestion.tunedOn`), of `labelled`.
    public var tunedOn: Int?
    public var labelled: Int?
    /// The estimator the report's figures and suggestion use.
    public var inUse = false

    public init(
        estimator: Estimator, gestures: Int, medianAbsDiffToLsq2: Double?,
        medianAbsDiffToPlatform: Double?, fallbacks: Int = 0
    ) {
        self.estimator = estimator
        self.gestures = gestures
        self.medianAbsDiffToLsq2 = medianAbsDiffToLsq2
        self.medianAbsDiffToPlatform = medianAbsDiffToPlatform
        self.fallbacks = fallbacks
    }

    /// Rows computed from the gestures' estimates (median absolute differences in pt/s).
    public static func compute(from gestures: [GestureRow]) -> [EstimatorRow] {
        // One pass over the rows, every estimator at once (`Estimator.allCases` order).
        let all = Estimator.allCases
        var n = [Int](repeating: 0, count: all.count)
        var toLsq2 = [[Double]](repeating: [], count: all.count)
        var toPlatform = [[Double]](repeating: [], count: all.count)
        var fallbacks = 0
        for g in gestures {
            let lsq2 = g.estimate(.lsq2), platform = g.estimate(.platform)
            if lsq2 != nil && g.flags.fallbackEstimator { fallbacks += 1 }
            for e in g.estimates {
                let i = e.estimator.ordinal
                n[i] += 1
                if let r = lsq2 { toLsq2[i].append(abs(e.velocity - r)) }
                if let r = platform { toPlatform[i].append(abs(e.velocity - r)) }
            }
        }
        return all.indices.compactMap { i in
            guard n[i] > 0 else { return nil }
            return EstimatorRow(
                estimator: all[i], gestures: n[i], medianAbsDiffToLsq2: Stats.median(toLsq2[i]),
                medianAbsDiffToPlatform: Stats.median(toPlatform[i]),
                fallbacks: all[i] == .lsq2 ? fallbacks : 0)
        }
    }
}

/// Completion-animation suggestions (physics.md, "Completion animation").
public struct AnimationSuggestion: Sendable, Equatable {
    /// Animation duration `D` of the linear completion, s.
    public var duration: Double
    public var currentCompletionSpeed: Double
    public var suggestedCompletionSpeed: Double
    public var completionSpeedInterval: Interval?
    /// Median velocity ratio under the current / suggested completion speed.
    public var currentMedianRatio: Double?
    public var suggestedMedianRatio: Double?
    /// Suggested finger-speed completion cap, s (90th percentile of `r / |v_p|`, clamped to [0.2, 0.54]).
    public var fingerSpeedCap: Double?
    /// Spring: damping ratio `zeta`, suggested response (s), target settling duration (s).
    public var dampingRatio: Double
    public var springResponse: Double?
    public var targetDuration: Double
    /// Median settling time with the suggested response, s.
    public var medianSettlingTime: Double?
    /// The current parameter set's own values, when it has them (a params file): finger-speed
    /// cap (s), spring damping ratio and response (s), edge width (pt), direction lock (deg).
    public var currentFingerSpeedCap: Double?
    public var currentDampingRatio: Double?
    public var currentSpringResponse: Double?
    public var currentEdgeWidth: Double?
    public var currentDirectionLock: Double?

    public init(
        duration: Double, currentCompletionSpeed: Double, suggestedCompletionSpeed: Double,
        completionSpeedInterval: Interval? = nil, currentMedianRatio: Double?,
        suggestedMedianRatio: Double?,
        fingerSpeedCap: Double?, dampingRatio: Double = 1, springResponse: Double?,
        targetDuration: Double = TuningOptions.defaultTargetDuration,
        medianSettlingTime: Double? = nil
    ) {
        self.duration = duration
        self.currentCompletionSpeed = currentCompletionSpeed
        self.suggestedCompletionSpeed = suggestedCompletionSpeed
        self.completionSpeedInterval = completionSpeedInterval
        self.currentMedianRatio = currentMedianRatio
        self.suggestedMedianRatio = suggestedMedianRatio
        self.fingerSpeedCap = fingerSpeedCap
        self.dampingRatio = dampingRatio
        self.springResponse = springResponse
        self.targetDuration = targetDuration
        self.medianSettlingTime = medianSettlingTime
    }
}

/// A named reference value, e.g. `Flutter, Android ViewDragHelper` 20 pt.
public struct NamedValue: Sendable, Equatable {
    public var name: String
    public var value: Double
    public init(name: String, value: Double) {
        self.name = name
        self.value = value
    }
}

/// Edge-region suggestion (physics.md, "Edge region").
public struct EdgeSuggestion: Sendable, Equatable {
    /// 95th percentile of start positions of intended completes, pt.
    public var percentile95: Double
    /// Suggested edge width: the 95th percentile plus 4 pt.
    public var suggestedWidth: Double
    /// Reference widths drawn on the figure (default: 20 pt Flutter / Android, 50 pt React Navigation / Ionic).
    public var references: [NamedValue]
    /// Suggested direction lock, degrees from the axis (keeps 95% of intended swipes).
    public var directionLock: Double?

    public init(
        percentile95: Double, suggestedWidth: Double,
        references: [NamedValue] = EdgeSuggestion.standardReferences, directionLock: Double? = nil
    ) {
        self.percentile95 = percentile95
        self.suggestedWidth = suggestedWidth
        self.references = references
        self.directionLock = directionLock
    }

    public static let standardReferences = [
        NamedValue(name: "Flutter, Android ViewDragHelper", value: 20),
        NamedValue(name: "React Navigation, Ionic", value: 50),
    ]
}

/// One Gaussian-mixture component.
public struct MixtureComponentRow: Sendable, Equatable {
    public var weight: Double
    public var mean: Double
    public var standardDeviation: Double
    public init(weight: Double, mean: Double, standardDeviation: Double) {
        self.weight = weight
        self.mean = mean
        self.standardDeviation = standardDeviation
    }
}

/// Unlabelled traces: no ground truth; the ambiguous band and the inferred split.
public struct UnlabelledSection: Sendable, Equatable {
    /// Half-width of the ambiguous band around the boundary (default 0.1 = 10%).
    public var band: Double
    public var ambiguousIDs: [String]
    /// `tau` (s) of the projected landing progress `p_r + tau * v_p`.
    public var tau: Double
    /// Crossing point of the two mixture components, offered as `p_th` (inferred); nil if none.
    public var inferredThreshold: Double?
    public var components: [MixtureComponentRow]

    public init(
        band: Double = 0.1, ambiguousIDs: [String], tau: Double, inferredThreshold: Double?,
        components: [MixtureComponentRow]
    ) {
        self.band = band
        self.ambiguousIDs = ambiguousIDs
        self.tau = tau
        self.inferredThreshold = inferredThreshold
        self.components = components
    }
}

/// A gesture whose recorded outcome disagrees with the current decision.
public struct OutcomeMismatchRow: Sendable, Equatable {
    public var id: String
    public var recorded: Intent
    public var decided: Intent
    public init(id: String, recorded: Intent, decided: Intent) {
        self.id = id
        self.recorded = recorded
        self.decided = decided
    }
}
