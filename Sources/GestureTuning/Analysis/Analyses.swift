import GestureTrace
import GesturePhysics

/// What can be said without labels (physics.md, "Tuning": unlabelled traces). There is no
/// ground truth: these are the current parameters' decisions, the gestures near their
/// boundary, and an inferred split.
public struct UnlabelledAnalysis: Sendable, Equatable {
    /// Gestures analysed (closed by `ended`, without an intent).
    public var count: Int
    public var decidedComplete: Int
    public var decidedCancel: Int
    /// Ids of gestures within the ambiguity band of the current rule (see `Rule.isAmbiguous`).
    public var ambiguous: [String]
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

/// A gesture whose recorded outcome disagrees with what the current parameters decide.
public struct OutcomeMismatch: Sendable, Equatable {
    public var id: String
    public var progress: Double
    public var velocity: Double
    public var recorded: Intent
    public var decided: Intent
}

/// The `outcome` column checked against the current parameters.
public struct OutcomeCheck: Sendable, Equatable {
    /// Gestures with an outcome (closed by `ended`).
    public var checked: Int
    public var mismatches: [OutcomeMismatch]
}

enum Analyses {
    static func unlabelled(_ points: [TuningPoint], current: Rule, tau: Double, band: Double) -> UnlabelledAnalysis {
        var complete = 0
        var ambiguous: [String] = []
        for p in points {
            if current.completes(p.state) { complete += 1 }
            if current.isAmbiguous(p.state, band: band) { ambiguous.append(p.id) }
        }
        var still = 0
        var across = 0
        var landings: [Double] = []
        for p in points {
            switch movement(p) {
            case .still: still += 1
            case .across: across += 1
            case .along: landings.append(p.progress + tau * p.velocity)
            }
        }
        let mixture = GaussianMixture.analyse(landings, tau: tau)
        let inferred = mixture.crossing.map { Rule.projection(progress: $0, tau: tau) }
        return UnlabelledAnalysis(
            count: points.count, decidedComplete: complete, decidedCancel: points.count - complete,
            ambiguous: ambiguous, band: band, mixture: mixture, inferredRule: inferred,
            leftOutStill: still, leftOutAcross: across)
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

    static func outcomes(_ points: [TuningPoint], current: Rule) -> OutcomeCheck? {
        let withOutcome = points.filter { $0.outcome != nil }
        guard !withOutcome.isEmpty else { return nil }
        var mismatches: [OutcomeMismatch] = []
        for p in withOutcome {
            let decided: Intent = current.completes(p.state) ? .complete : .cancel
            if decided != p.outcome! {
                mismatches.append(OutcomeMismatch(id: p.id, progress: p.progress, velocity: p.velocity, recorded: p.outcome!, decided: decided))
            }
        }
        return OutcomeCheck(checked: withOutcome.count, mismatches: mismatches)
    }
}
