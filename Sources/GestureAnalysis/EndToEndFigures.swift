import GesturePhysics
import GestureTrace
import GestureTuning

/// The end-to-end figures of a finished answer (`EndToEndSummary`): the gate that ships and
/// the release rule that ships, counted as the app decides, gate then release.
enum EndToEndFigures {
    /// A set's in-sample count: the gate's misses and false triggers (counted exactly gesture by
    /// gesture), and the release's errors over every meant gesture less those among the meant
    /// gestures the gate refuses, found in `sample`. Exact when the sample holds every meant
    /// gesture the gate refuses (`misses` of them).
    static func count(
        gate: Gate, misses: Int, falseTriggers: Int, meant: Int, others: Int,
        releaseErrors: Int, decider: Decider, sample: [GestureMeasurement]
    ) -> (count: EndToEndCount, refusedMisdecided: Int, exact: Bool) {
        var refused = 0
        var refusedMisdecided = 0
        for m in sample where m.intent != nil && !m.notMeant && !gate.admits(m) {
            refused += 1
            if decider.decision(m.releaseState) != m.intent { refusedMisdecided += 1 }
        }
        let count = EndToEndCount(
            meant: meant, others: others, refused: misses,
            misdecided: max(0, releaseErrors - refusedMisdecided), falseTriggers: falseTriggers)
        return (count, refusedMisdecided, refused == misses)
    }

    /// The figures of `answer` (its recommendation already holding the gate that ships) with
    /// the gate's tuning and the sample's measurements.
    static func summary(
        answer: Answer, gate: GateAnswer, sample: [GestureMeasurement]
    ) -> EndToEndSummary? {
        guard answer.counts.labelled + gate.others > 0,
            let currentGate = gate.references.first
        else { return nil }
        let meant = gate.meant
        let others = gate.others
        let currentRelease = answer.currentEvaluation?.errors ?? 0
        let current = count(
            gate: currentGate.gate, misses: currentGate.misses,
            falseTriggers: currentGate.falseTriggers, meant: meant, others: others,
            releaseErrors: currentRelease, decider: answer.current.decider, sample: sample)
        let tunedGateShips = gate.ships
        // The gate that ships: the tuned one, or the current one.
        let shippedGate =
            tunedGateShips
            ? (gate.suggested!, gate.misses, gate.falseTriggers)
            : (currentGate.gate, currentGate.misses, currentGate.falseTriggers)
        func under(_ decider: Decider, releaseErrors: Int) -> (
            count: EndToEndCount, refusedMisdecided: Int, exact: Bool
        ) {
            count(
                gate: shippedGate.0, misses: shippedGate.1, falseTriggers: shippedGate.2,
                meant: meant, others: others, releaseErrors: releaseErrors, decider: decider,
                sample: sample)
        }
        // The gate's cross-validated errors beyond its in-sample ones, when the tuned gate ships.
        let gateOptimism =
            tunedGateShips
            ? gate.crossValidatedMisses + gate.crossValidatedFalseTriggers - gate.misses
                - gate.falseTriggers : 0
        var exact = current.exact
        // The tuned release rule under the gate that ships.
        var tuned: EndToEndCount?
        var tunedCV: Int?
        if let eval = answer.suggestedEvaluation, answer.counts.labelled > 0 {
            let t = under(.rule(eval.rule), releaseErrors: eval.errors)
            tuned = t.count
            exact = exact && t.exact
            if let cv = answer.families.first(where: { $0.rule == answer.suggested.rule })?
                .crossValidation?.confusion.errors
            {
                tunedCV = t.count.errors + (cv - eval.errors) + gateOptimism
            }
        }
        // What ships: the recommendation's release rule under the gate that ships.
        let r = answer.recommendation
        let shipped: EndToEndCount
        var shippedCV: Int
        var parts: [PairedDifference] = []
        let total = meant + others
        switch r.choice {
        case .tuned:
            shipped = tuned ?? current.count
            shippedCV = tunedCV ?? shipped.errors
            if let d = r.tunedDifference { parts.append(d.rescaled(to: total)) }
        case .preset:
            let name = r.preset ?? ""
            let eval = answer.comparisons.first { $0.name == name }
            let s = under(r.set.decider, releaseErrors: eval?.errors ?? currentRelease)
            exact = exact && s.exact
            shipped = s.count
            shippedCV = s.count.errors + gateOptimism
            if let d = r.presetDifference { parts.append(d.rescaled(to: total)) }
        case .current, .tooFew, .unlabelled:
            let s = under(answer.current.decider, releaseErrors: currentRelease)
            exact = exact && s.exact
            shipped = s.count
            shippedCV = s.count.errors + gateOptimism
        }
        if tunedGateShips, let d = gate.currentDifference { parts.append(d) }
        var tunedParts: [PairedDifference] = []
        if let d = r.tunedDifference { tunedParts.append(d.rescaled(to: total)) }
        if tunedGateShips, let d = gate.currentDifference { tunedParts.append(d) }
        return EndToEndSummary(
            current: current.count, shipped: shipped,
            // A count of wrong gestures stays within the gestures: the cross-validated release
            // errors are over the labelled gestures, the rest over the sample, and in a
            // degenerate run (every gesture moving the other way) their sum could pass them.
            shippedCrossValidatedErrors: min(total, max(0, shippedCV)), tuned: tuned,
            tunedCrossValidatedErrors: tunedCV.map { min(total, max(0, $0)) },
            tunedGateShips: tunedGateShips, gateMeasured: gate.measured, exact: exact,
            shippedDifference: PairedDifference.sum(parts),
            tunedDifference: PairedDifference.sum(tunedParts))
    }
}
