import GesturePhysics
import GestureTuning

/// The start-of-gesture gate in the report (docs/gate.md): the tuned gate, its misses and
/// false triggers (in sample and cross-validated), intervals, the reference gates and the
/// trade-off curves; or, without `other` gestures, that false triggers were not measured.
public struct GateSection: Sendable, Equatable {
    public var answer: GateAnswer
    /// Labelled gestures misdecided at release by what ships, cross-validated (count).
    public var releaseMisdecided: Int
    /// Labelled gestures (complete or cancel).
    public var labelled: Int

    public init(answer: GateAnswer, releaseMisdecided: Int, labelled: Int) {
        self.answer = answer
        self.releaseMisdecided = releaseMisdecided
        self.labelled = labelled
    }

    /// Share of all meant and other gestures the transition gets wrong end to end: a meant
    /// swipe the gate refuses, an other gesture it admits, or a meant swipe admitted and then
    /// misdecided at release (the release misdecisions are over every labelled gesture, so
    /// this counts a missed swipe that would also be misdecided twice: an upper bound).
    /// Held-out counts throughout. nil without others.
    public var endToEndWrong: Double? {
        guard answer.measured else { return nil }
        let all = answer.meant + answer.others
        guard all > 0 else { return nil }
        let wrong =
            releaseMisdecided + answer.crossValidatedMisses + answer.crossValidatedFalseTriggers
        return min(1, Double(wrong) / Double(all))
    }

    /// The summary's line.
    public var line: String {
        let a = answer
        guard a.measured, let g = a.suggested else {
            return
                "gate: false triggers not measured (no gesture labelled other); edge and lock read off the intended swipes"
        }
        let edge = g.edgeWidth.map { "edge \(NumberText.parameter($0)) pt" } ?? "full screen"
        let lock = "lock \(NumberText.parameter(g.effectiveLockAngle))°"
        let slop = "slop \(NumberText.parameter(g.effectiveSlop)) pt"
        var text =
            "gate: \(edge), \(lock), \(slop): misses \(a.crossValidatedMisses) of \(a.meant) meant swipes (\(NumberText.percent(Double(a.crossValidatedMisses) / Double(max(1, a.meant))))), false triggers \(a.crossValidatedFalseTriggers) of \(a.others) others (\(NumberText.percent(Double(a.crossValidatedFalseTriggers) / Double(max(1, a.others))))) cross-validated"
        if let current = a.references.first(where: { $0.name == "current" }) {
            text += "; current gate \(current.misses) and \(current.falseTriggers)"
        }
        if let e = endToEndWrong {
            text += "; wrong end to end \(NumberText.percent(e)) of \(a.meant + a.others) gestures"
        }
        return text
    }
}
