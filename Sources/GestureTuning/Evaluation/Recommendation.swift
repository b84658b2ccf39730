internal import GestureNumerics
import GesturePhysics
import GestureTrace

/// The difference in error between two rules on the same labelled gestures (`rule − baseline`,
/// a fraction: negative is better), with a confidence interval.
///
/// Paired: both rules decide the same gestures, so the difference is a mean of per-gesture
/// differences `e_rule − e_baseline` in {−1, 0, 1}, whose variance is `P(the two disagree) − D²`.
/// The share that disagree (one misdecides a gesture the other gets right) is
/// `e_rule + e_baseline − 2·both`, with `both` the share both misdecide: counted exactly when
/// the statistics hold it (`PairedCells`), else bounded by `e_rule + e_baseline` (as if their
/// errors never overlapped: conservative). `D ± t(n − 1) · √((disagree − D²) / n)`. For the
/// tuned rule `e_rule` is its cross-validated error, each gesture decided by the rule tuned
/// without it, and `both` counts the gestures that rule and the current set both misdecide.
public struct PairedDifference: Sendable, Equatable {
    /// (rule's errors − baseline's errors) / gestures.
    public var estimate: Double
    public var lower: Double
    public var upper: Double
    /// Standard error of `estimate` (its bound when `exact` is false).
    public var standardError: Double
    /// Confidence level of `lower…upper`.
    public var level: Double
    /// Gestures the difference rests on.
    public var gestures: Int
    /// Whether the share of gestures the two rules decide differently was counted (else it is
    /// bounded by the sum of their error rates).
    public var exact: Bool = false

    /// The rule is better with confidence: the whole interval is below zero.
    public var isBetter: Bool { upper < 0 }

    /// From both rules' errors on the same `gestures`, and the gestures both misdecide when
    /// known; nil with fewer than two gestures or inconsistent counts.
    static func paired(
        errors: Int, baseline: Int, bothWrong: Int? = nil, gestures n: Int, level: Double
    ) -> PairedDifference? {
        guard n >= 2, errors >= 0, baseline >= 0, errors <= n, baseline <= n else { return nil }
        if let both = bothWrong, both < 0 || both > min(errors, baseline) { return nil }
        let count = Double(n)
        let rule = Double(errors) / count, base = Double(baseline) / count
        let d = rule - base
        let disagree =
            bothWrong.map { Double(errors + baseline - 2 * $0) / count } ?? min(1, rule + base)
        let se = (max(0, disagree - d * d) / count).squareRoot()
        let t = GSL.tQuantile(0.5 + level / 2, degreesOfFreedom: count - 1)
        return PairedDifference(
            estimate: d, lower: d - t * se, upper: d + t * se, standardError: se, level: level,
            gestures: n, exact: bothWrong != nil)
    }

    /// How likely the rule misreads fewer gestures than the baseline among new gestures of the
    /// same people: `Φ(−D / se)`, the normal approximation of the paired difference (with
    /// `exact` false, `se` is an upper bound and the probability leans to ½). With `se = 0`
    /// (the two never disagree in a way that varies): 1 when `D < 0`, 0 when `D > 0`, ½ at 0.
    public var probabilityBetter: Double {
        guard standardError > 0, standardError.isFinite else {
            return estimate < 0 ? 1 : estimate > 0 ? 0 : 0.5
        }
        return GSL.normalCDF(-estimate / standardError)
    }

    /// About how many labelled gestures in all would make the interval exclude zero if the
    /// difference stayed what it is (the standard error shrinking as 1/√n); nil when the
    /// difference is zero (no number of gestures resolves it).
    public var gesturesToResolve: Int? {
        guard estimate != 0, standardError > 0, gestures > 0 else { return nil }
        let halfWidth = (upper - lower) / 2
        let ratio = halfWidth / abs(estimate)
        let needed = (Double(gestures) * ratio * ratio).rounded(.up)
        guard needed.isFinite, needed < Double(Int.max / 2) else { return nil }
        return max(gestures, Int(needed))
    }
}

/// What to ship, and why: of the current set, the presets and the tuned rule (its family chosen
/// by the one-standard-error rule, `Tuner.bestCandidate`), the one expected to misread
/// the fewest new gestures of these people: the current set and the presets by their errors on
/// the labelled gestures (fixed rules: unbiased), the tuned rule by its cross-validated error
/// (each gesture decided by the rule tuned without it: the tuning validated, not only its
/// result); a preset, the best of many on these very gestures, replaces the tuned rule only
/// when it is better by more than one standard error. A change from the current set ships only
/// when it is expected to save more than `switchCost` points; with no switch cost the tuned
/// rule ships at a tie with the current set (its cross-validated error, of rules tuned on
/// fewer gestures, errs high). Below a floor of labelled gestures there is no suggestion.
/// `set` is what params.json and the snippets hold.
///
/// Not a significance test: a 95% guard kept a current set 2–16 points worse in most studies
/// of 50–100 gestures (issue 43, `bench/small_studies.py`); how sure the choice is is said
/// beside it (`PairedDifference.probabilityBetter`, the interval, `gesturesToResolve`).
public struct Recommendation: Sendable, Equatable {
    public enum Choice: String, Sendable, Equatable {
        /// The tuned rule is expected to misread the fewest, by more than the switch cost.
        case tuned
        /// Keep the current set: nothing is expected to misread fewer by more than the switch
        /// cost.
        case current
        /// A preset is expected to misread the fewest, by more than the switch cost.
        case preset
        /// Nothing is labelled: the inferred split (or the current rule when none separates).
        case unlabelled
        /// Too few labelled gestures to suggest anything: the current set.
        case tooFew
    }

    public var choice: Choice
    /// The switch cost the choice was made with, points.
    public var switchCost: Double = Recommendation.defaultSwitchCost
    /// The preset's name when `choice` is `.preset`.
    public var preset: String?
    /// What params.json and the snippets hold.
    public var set: ParameterSet
    /// Tuned (cross-validated) − current on the labelled gestures (nil when unlabelled).
    public var tunedDifference: PairedDifference?
    /// The chosen preset − current, when `choice` is `.preset`.
    public var presetDifference: PairedDifference?
    /// Labelled gestures the answer rests on, and of each intent.
    public var labelled: Int
    public var labelledComplete: Int
    public var labelledCancel: Int
    /// About how many labelled gestures in all would resolve the tuned−current difference.
    public var gesturesToResolve: Int?
    /// About how many labelled gestures in all would narrow the tuned `p_th` to ±0.05 (its
    /// bootstrap interval's half-width shrinking as 1/√n); nil without a `p_th` interval.
    public var gesturesForProgressPrecision: Int?

    /// Fewer labelled gestures than this, or fewer than `minimumPerIntent` of either intent,
    /// give no suggestion.
    public static let minimumLabelled = 20
    public static let minimumPerIntent = 5
    /// The confidence level of the intervals shown beside the choice (not a test: the choice
    /// is by expected error).
    public static let level = 0.95
    /// Points of expected error a change must save to ship when `--switch-cost` is not given
    /// (`bench/small_studies.py`: on held-out seeds a cost of 0 shipped what misread fewest on
    /// fresh gestures; a positive one kept current sets that were worse).
    public static let defaultSwitchCost = 0.0
    /// The precision `gesturesForProgressPrecision` aims at.
    public static let progressPrecision = 0.05
}

extension Recommendation {
    /// Chooses from the tuned set, the current set, the tuned family's cross-validation and
    /// bootstrap, and the errors of the current set and the presets on the same gestures:
    /// the fewest expected errors, a change saving more than `switchCost` points; a tie with
    /// the current set goes to the tuned rule when `switchCost` is 0 (see the type), other ties
    /// keep the current set, then go to the tuned rule, then to the presets in `Preset.all`'s order; a
    /// preset needs one standard error over the tuned rule (see the type).
    static func choose(
        tuned: ParameterSet, current: ParameterSet, counts: TuningCounts,
        crossValidation: CrossValidation?, switchCost: Double = defaultSwitchCost,
        parameters: [ParameterInterval], currentErrors: Int, presetErrors: [Int],
        presetsBothWrong: [Int]? = nil
    ) -> Recommendation {
        var r = Recommendation(
            choice: .current, switchCost: switchCost, preset: nil, set: current,
            tunedDifference: nil, presetDifference: nil, labelled: counts.labelled,
            labelledComplete: counts.labelledComplete, labelledCancel: counts.labelledCancel,
            gesturesToResolve: nil, gesturesForProgressPrecision: nil)
        if counts.labelled == 0 {
            r.choice = .unlabelled
            r.set = tuned
            return r
        }
        if let p = parameters.first(where: { $0.name == "p_th" }), p.upper > p.lower {
            let ratio = (p.upper - p.lower) / 2 / progressPrecision
            let needed = (Double(counts.labelled) * ratio * ratio).rounded(.up)
            if needed.isFinite, needed < Double(Int.max / 2) {
                r.gesturesForProgressPrecision = max(counts.labelled, Int(needed))
            }
        }
        var tunedErrors: Int?
        if let cv = crossValidation, cv.confusion.total == counts.labelled {
            tunedErrors = cv.confusion.errors
            r.tunedDifference = PairedDifference.paired(
                errors: cv.confusion.errors, baseline: currentErrors, bothWrong: cv.bothWrong,
                gestures: counts.labelled, level: level)
            r.gesturesToResolve = r.tunedDifference?.gesturesToResolve
        }
        if counts.labelled < minimumLabelled
            || min(counts.labelledComplete, counts.labelledCancel) < minimumPerIntent
        {
            r.choice = .tooFew
            return r
        }
        // A change ships when its expected errors are below the current set's by more than the
        // switch cost (in gestures of these).
        let bar = Double(currentErrors) - max(0, switchCost) / 100 * Double(counts.labelled)
        var fewest = bar
        // A tie ships the tuned rule when changing costs nothing: its cross-validated error is
        // that of rules tuned on 1 − 1/k of the gestures, so it errs high (the rule that ships
        // is tuned on all of them); a fixed set's error here is not biased.
        if tuned.rule != current.rule, let errors = tunedErrors,
            Double(errors) < fewest || (switchCost <= 0 && Double(errors) == fewest)
        {
            fewest = Double(errors)
            r.choice = .tuned
            r.set = tuned
        }
        // A preset is the best of many fixed rules on these gestures, so its error here is
        // optimistic (the winner's curse; the tuned rule's is cross-validated): it ships only
        // when it misreads fewer than the bar and than the tuned rule by more than one standard
        // error of their paired difference (the one-standard-error rule; their disagreement
        // bounded by the sum of their errors).
        var best: (index: Int, errors: Int)?
        for (i, preset) in Preset.all.enumerated()
        where preset.name != current.preset && i < presetErrors.count
            && Double(presetErrors[i]) < fewest
        {
            if r.choice == .tuned, let errors = tunedErrors {
                guard
                    let d = PairedDifference.paired(
                        errors: presetErrors[i], baseline: errors, gestures: counts.labelled,
                        level: level), -d.estimate > d.standardError
                else { continue }
            }
            fewest = Double(presetErrors[i])
            best = (i, presetErrors[i])
        }
        if let best {
            let preset = Preset.all[best.index]
            r.choice = .preset
            r.preset = preset.name
            r.presetDifference = PairedDifference.paired(
                errors: best.errors, baseline: currentErrors,
                bothWrong: presetsBothWrong.flatMap {
                    best.index < $0.count ? $0[best.index] : nil
                },
                gestures: counts.labelled, level: level)
            r.gesturesToResolve = r.presetDifference?.gesturesToResolve
            // Decided at each gesture's extent, as the comparison counted it.
            r.set = ParameterSet(
                preset: preset, extent: current.extent, direction: current.direction)
            r.set.ruleSetting = .preset(preset)
            r.set.directionSetting = current.directionSetting
        }
        return r
    }
}
