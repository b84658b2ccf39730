internal import GestureNumerics
import GesturePhysics
import GestureTrace

/// The difference in error between two rules on the same labelled gestures (`rule − baseline`,
/// a fraction: negative is better), with a confidence interval.
///
/// Paired by cross-validation fold: both rules are scored on the same held-out gestures, so the
/// spread of the per-fold differences carries the pairing. Its variance is the ratio estimator's
/// over the folds, `k/(k−1) · Σ(Δ_f − D·n_f)² / n²`; for a tuned rule it is inflated by Nadeau
/// and Bengio's correction for overlapping training sets, `1 + k·n_test/n_train = 1 + k/(k−1)`
/// (Machine Learning 52, 2003), and the interval uses Student's t with `k − 1` degrees of freedom.
public struct PairedDifference: Sendable, Equatable, Codable {
    /// Pooled: (rule's errors − baseline's errors) / gestures.
    public var estimate: Double
    public var lower: Double
    public var upper: Double
    /// Standard error of `estimate`.
    public var standardError: Double
    /// Confidence level of `lower…upper`.
    public var level: Double
    /// Gestures the difference rests on.
    public var gestures: Int

    /// The rule is better with confidence: the whole interval is below zero.
    public var isBetter: Bool { upper < 0 }

    /// From per-fold gestures and errors; nil with fewer than two non-empty folds.
    static func paired(
        gestures: [Int], errors: [Int], baseline: [Int], tuned: Bool, level: Double
    ) -> PairedDifference? {
        let folds = gestures.indices.filter { gestures[$0] > 0 }
        let n = folds.reduce(0) { $0 + gestures[$1] }
        guard folds.count >= 2, n > 0 else { return nil }
        let k = Double(folds.count)
        let delta = folds.map { Double(errors[$0] - baseline[$0]) }
        let d = delta.reduce(0, +) / Double(n)
        var squares = 0.0
        for (i, f) in folds.enumerated() {
            let r = delta[i] - d * Double(gestures[f])
            squares += r * r
        }
        var variance = k / (k - 1) * squares / (Double(n) * Double(n))
        if tuned { variance *= 1 + k / (k - 1) }
        let se = variance.squareRoot()
        let t = GSL.tQuantile(0.5 + level / 2, degreesOfFreedom: k - 1)
        return PairedDifference(
            estimate: d, lower: d - t * se, upper: d + t * se, standardError: se, level: level,
            gestures: n)
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
    public enum Choice: String, Sendable, Equatable, Codable {
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
    /// Tuned − current, paired by fold (nil when unlabelled or too few folds).
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

    /// Whether the tuned set is what ships.
    public var shipsTuned: Bool { choice == .tuned || choice == .unlabelled }
}

extension Recommendation {
    /// Chooses from the tuned set, the current set, the tuned family's cross-validation and
    /// bootstrap, and the per-fold tallies of the current set and the presets.
    static func choose(
        tuned: ParameterSet, current: ParameterSet, counts: TuningCounts,
        crossValidation: CrossValidation?, parameters: [ParameterInterval], byFold: FoldTally
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
            let half = (p.upper - p.lower) / 2
            let ratio = half / progressPrecision
            let needed = (Double(counts.labelled) * ratio * ratio).rounded(.up)
            if needed.isFinite, needed < Double(Int.max / 2) {
                r.gesturesForProgressPrecision = max(counts.labelled, Int(needed))
            }
        }
        if let cv = crossValidation {
            r.tunedDifference = PairedDifference.paired(
                gestures: byFold.gestures, errors: cv.foldErrors, baseline: byFold.current,
                tuned: true, level: level)
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
        for (i, preset) in Preset.all.enumerated() where preset.name != current.preset {
            let errors = byFold.preset(i)
            guard
                let d = PairedDifference.paired(
                    gestures: byFold.gestures, errors: errors, baseline: byFold.current,
                    tuned: false, level: level), d.isBetter
            else { continue }
            let total = errors.reduce(0, +)
            if best == nil || total < best!.errors { best = (i, d, total) }
        }
        if let best {
            let preset = Preset.all[best.index]
            r.choice = .preset
            r.preset = preset.name
            r.presetDifference = best.difference
            r.set = ParameterSet(
                preset: preset, extent: current.extent, direction: current.direction)
        }
        return r
    }
}
