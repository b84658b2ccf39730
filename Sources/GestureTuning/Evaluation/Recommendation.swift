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

/// What to ship, and why: the tuned rule only when it beats the current set with confidence on
/// the same gestures; else a preset that does; else the current set. Below a floor of labelled
/// gestures there is no suggestion. `set` is what params.json and the snippets hold.
public struct Recommendation: Sendable, Equatable {
    public enum Choice: String, Sendable, Equatable {
        /// The tuned rule beats the current set with confidence.
        case tuned
        /// Keep the current set: nothing beats it with confidence.
        case current
        /// A preset beats the current set with confidence, and the tuned rule does not.
        case preset
        /// Nothing is labelled: the inferred split (or the current rule when none separates).
        case unlabelled
        /// Too few labelled gestures to suggest anything: the current set.
        case tooFew
    }

    public var choice: Choice
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
    /// The confidence level of the paired comparisons.
    public static let level = 0.95
    /// The precision `gesturesForProgressPrecision` aims at.
    public static let progressPrecision = 0.05
}

extension Recommendation {
    /// Chooses from the tuned set, the current set, the tuned family's cross-validation and
    /// bootstrap, and the errors of the current set and the presets on the same gestures.
    static func choose(
        tuned: ParameterSet, current: ParameterSet, counts: TuningCounts,
        crossValidation: CrossValidation?, parameters: [ParameterInterval], currentErrors: Int,
        presetErrors: [Int], presetsBothWrong: [Int]? = nil
    ) -> Recommendation {
        var r = Recommendation(
            choice: .current, preset: nil, set: current, tunedDifference: nil,
            presetDifference: nil, labelled: counts.labelled,
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
        if let cv = crossValidation, cv.confusion.total == counts.labelled {
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
        if tuned.rule == current.rule { return r }
        if r.tunedDifference?.isBetter == true {
            r.choice = .tuned
            r.set = tuned
            return r
        }
        // A preset that beats the current set with confidence: the one with the fewest errors.
        var best: (index: Int, difference: PairedDifference, errors: Int)?
        for (i, preset) in Preset.all.enumerated()
        where preset.name != current.preset && i < presetErrors.count {
            guard
                let d = PairedDifference.paired(
                    errors: presetErrors[i], baseline: currentErrors,
                    bothWrong: presetsBothWrong.flatMap { i < $0.count ? $0[i] : nil },
                    gestures: counts.labelled, level: level), d.isBetter
            else { continue }
            if best == nil || presetErrors[i] < best!.errors { best = (i, d, presetErrors[i]) }
        }
        if let best {
            let preset = Preset.all[best.index]
            r.choice = .preset
            r.preset = preset.name
            r.presetDifference = best.difference
            // Decided at each gesture's extent, as the comparison counted it.
            r.set = ParameterSet(
                preset: preset, extent: current.extent, direction: current.direction)
            r.set.ruleSetting = .preset(preset)
            r.set.directionSetting = current.directionSetting
        }
        return r
    }
}
