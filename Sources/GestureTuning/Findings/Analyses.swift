import GesturePhysics
import GestureTrace

/// What can be said without labels (physics.md, "Tuning": unlabelled traces). There is no
/// ground truth: these are the current parameters' decisions, the gestures near their
/// boundary, and an inferred split.
public struct UnlabelledAnalysis: Sendable, Equatable {
    /// Gestures analysed (closed by `ended`, without an intent).
    public var count: Int
    public var decidedComplete: Int
    public var decidedCancel: Int
    /// Gestures within the ambiguity band of the current rule (see `Rule.isAmbiguous`).
    public var ambiguousCount: Int
    /// The band used, as a fraction (0.10).
    public var band: Double
    /// Two-component mixture on `p_r + tau v_p`.
    public var mixture: MixtureAnalysis
    /// `projection(progress: crossing, tau:)` when the mixture separates: INFERRED, not fitted to labels.
    public var inferredRule: Rule?
    /// Gestures left out of the mixture because they never moved 10 pt (taps, rests: a cluster
    /// at zero the mixture would lock onto) ...
    public var leftOutStill = 0
    /// ... or because their first 10 pt went more across the axis than along it (a scroll).
    public var leftOutAcross = 0
}

/// The `outcome` column checked against the current parameters.
public struct OutcomeCheck: Sendable, Equatable {
    /// Gestures with an outcome (closed by `ended`).
    public var checked: Int
    /// Of them, those whose recorded outcome disagrees with what the current rule decides.
    public var mismatchCount: Int
}

enum Analyses {
    /// On points (tests, small data): the statistics of `points` under `current`.
    static func unlabelled(_ points: [TuningPoint], current: Rule, tau: Double, band: Double)
        -> UnlabelledAnalysis
    {
        unlabelled(statistics(points, current: current, tau: tau, band: band))
    }

    /// The unlabelled analysis of the unlabelled gestures `s` counts: the current rule's
    /// decisions and ambiguity, the gestures left out of the mixture, and the mixture on the
    /// others' landing progress (exact landings up to 2048 of them, binned above).
    static func unlabelled(_ s: SummaryStatistics) -> UnlabelledAnalysis {
        let tau = s.settings.landingTau
        let mixture = GaussianMixture.analyse(s.landings, tau: tau)
        let inferred = mixture.crossing.map { Rule.projection(progress: $0, tau: tau) }
        return UnlabelledAnalysis(
            count: s.unlabelled, decidedComplete: s.unlabelledDecidedComplete,
            decidedCancel: s.unlabelled - s.unlabelledDecidedComplete,
            ambiguousCount: s.unlabelledAmbiguous, band: s.settings.ambiguityBand, mixture: mixture,
            inferredRule: inferred,
            leftOutStill: s.still, leftOutAcross: s.across)
    }

    /// The statistics of `points` under `current`, with the landing `tau` given (else the
    /// current rule's or 0.3) and ambiguity `band`.
    static func statistics(
        _ points: [TuningPoint], current: Rule, tau: Double? = nil, band: Double = 0.10
    ) -> SummaryStatistics {
        var s = SummaryStatistics(
            options: TuningOptions(ambiguityBand: band), current: ParameterSet(rule: current))
        if let tau { s.settings.landingTau = tau }
        for p in points { s.add(p) }
        return s
    }

    enum Movement { case still, across, along }

    /// Distance a finger must move to have moved, pt (the entry angle's 10 pt).
    static let movedDistance = 10.0

    /// Whether a gesture moved along the axis: `still` when it never moved 10 pt (no entry
    /// angle, and released under 10 pt along the axis), `across` when its entry angle is more
    /// than 45° from the axis line (either sense), else `along`.
    static func movement(_ p: TuningPoint) -> Movement {
        guard let angle = p.entryAngle else {
            return p.progress * p.extent < movedDistance ? .still : .along
        }
        return min(abs(angle), abs(180 - abs(angle))) > 45 ? .across : .along
    }

    /// The outcome check of `points` under `current` (tests, small data).
    static func outcomes(_ points: [TuningPoint], current: Rule) -> OutcomeCheck? {
        let s = statistics(points, current: current)
        return s.outcomesChecked > 0
            ? OutcomeCheck(checked: s.outcomesChecked, mismatchCount: s.outcomeMismatches) : nil
    }
}
