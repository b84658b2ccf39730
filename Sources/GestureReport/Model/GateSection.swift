import GestureIO
import GesturePhysics
import GestureTuning

/// The start-of-gesture gate in the report (docs/gate.md): the tuned gate, its misses and
/// false triggers (in sample and cross-validated), intervals, the reference gates and the
/// trade-off curves; or, without `other` gestures, that false triggers were not measured.
/// Every number the summary line, the HTML and Markdown sections, report.json and the
/// `gate-tradeoff` figure show of the gate is read or derived here; renderers only format.
public struct GateSection: Sendable, Equatable {
    public var answer: GateAnswer
    /// Labelled gestures misdecided at release by what ships, cross-validated (count).
    public var releaseMisdecided: Int
    /// Labelled gestures (complete or cancel).
    public var labelled: Int
    /// The end-to-end figures of the run (the gate that ships, its counts).
    public var endToEnd: EndToEndSummary?

    public init(answer: GateAnswer, releaseMisdecided: Int, labelled: Int) {
        self.answer = answer
        self.releaseMisdecided = releaseMisdecided
        self.labelled = labelled
    }

    /// Share of all meant and other gestures what ships gets wrong end to end, cross-validated
    /// (`EndToEndSummary.shippedCrossValidatedError`). Without the run's figures (a model made
    /// by hand): the release misdecisions over every labelled gesture plus the gate's held-out
    /// misses and false triggers, an upper bound; nil without others.
    public var endToEndWrong: Double? {
        if let e = endToEnd { return e.shippedCrossValidatedError }
        guard answer.measured else { return nil }
        let all = answer.meant + answer.others
        guard all > 0 else { return nil }
        let wrong =
            releaseMisdecided + answer.crossValidatedMisses + answer.crossValidatedFalseTriggers
        return min(1, Double(wrong) / Double(all))
    }

    /// Cross-validated misses as a share of the meant gestures (nil when not measured).
    public var missRate: Double? {
        answer.measured ? Double(answer.crossValidatedMisses) / Double(max(1, answer.meant)) : nil
    }

    /// Cross-validated false triggers as a share of the `other` gestures (nil when not
    /// measured).
    public var falseTriggerRate: Double? {
        answer.measured
            ? Double(answer.crossValidatedFalseTriggers) / Double(max(1, answer.others)) : nil
    }

    /// The current parameters' gate with its counts (the `current` reference).
    public var current: ReferenceGate? { answer.references.first { $0.name == "current" } }

    /// A gate's edge in words: `57 pt`, or `whole extent`.
    static func edgeText(_ w: Double?) -> String {
        guard let w, w.isFinite else { return "whole extent" }
        return "\(NumberText.parameter(w)) pt"
    }

    static func lockText(_ a: Double) -> String { "\(NumberText.parameter(a))°" }

    /// `count (share)` of `total`.
    static func countText(_ count: Int, of total: Int) -> String {
        "\(count) (\(NumberText.percent(Double(count) / Double(max(1, total)))))"
    }

    /// Whether a gate was tuned against gestures labelled other (it then replaces the edge
    /// width and lock read off the intended swipes).
    public var tuned: Bool { answer.measured && answer.suggested != nil }

    /// Where a tuned gate's edge width and lock come from, for the parameter tables.
    static func basisText(_ a: GateAnswer) -> String {
        "tuned against \(a.others) gestures labelled other and \(a.meant) meant: fewest misses + \(NumberText.parameter(a.falseTriggerCost)) × false triggers (Start-of-gesture gate)"
    }

    /// The summary's line.
    public var line: String {
        let a = answer
        guard a.measured, let g = a.suggested else {
            var text = "gate: the current gate ships"
            if let c = current {
                text +=
                    " (\(Self.edgeText(c.gate.edgeWidth)), lock \(Self.lockText(c.gate.effectiveLockAngle))): refuses \(c.misses) of \(a.meant) meant gestures"
            }
            text +=
                "; false triggers not measured (label gestures not meant for the transition other to tune it)"
            if let e = endToEndWrong {
                text +=
                    "; wrong end to end \(NumberText.percent(e)) of \(a.meant + a.others) gestures"
            }
            return text
        }
        let edge = g.edgeWidth.map { "edge \(NumberText.parameter($0)) pt" } ?? "full screen"
        let lock = "lock \(NumberText.parameter(g.effectiveLockAngle))°"
        let slop = "slop \(NumberText.parameter(g.effectiveSlop)) pt"
        var text =
            "gate: \(edge), \(lock), \(slop): misses \(a.crossValidatedMisses) of \(a.meant) meant swipes (\(NumberText.percent(missRate))), false triggers \(a.crossValidatedFalseTriggers) of \(a.others) others (\(NumberText.percent(falseTriggerRate))) cross-validated"
        if let current {
            text += "; current gate \(current.misses) and \(current.falseTriggers)"
        }
        if let e = endToEnd {
            text +=
                e.tunedGateShips
                ? "; the tuned gate ships"
                : "; the current gate ships (the tuned one is no clear gain)"
        }
        if let e = endToEndWrong {
            text += "; wrong end to end \(NumberText.percent(e)) of \(a.meant + a.others) gestures"
        }
        return text
    }

    /// The report section's paragraphs (plain text; each renderer escapes), before the table.
    public var paragraphs: [String] {
        let a = answer
        guard a.measured else {
            return [
                "False triggers were not measured: no gesture is labelled other (intent other marks a gesture not meant for this transition, such as a scroll or a tap). So nothing is tuned and the current gate ships unchanged: a tighter gate read off the intended swipes alone would only refuse some of them. Label the gestures people made that were not meant for the transition (scrolls, taps, carousel swipes) other, and the gate is tuned against them: the edge width and lock with the fewest misses and false triggers, shipped only when it beats the current gate end to end. The table counts the meant gestures each gate would refuse."
            ]
        }
        guard let g = a.suggested else {
            return [
                "No gate is tuned: \(a.others) gestures are labelled other but none is meant for the transition (complete or cancel), so misses cannot be counted."
            ]
        }
        let cost = NumberText.parameter(a.falseTriggerCost)
        var tuned =
            "Tuned on \(a.meant) meant swipes and \(a.others) gestures labelled other, a false trigger costing \(cost) \(a.falseTriggerCost == 1 ? "miss" : "misses") (--false-trigger-cost): the transition starts when a gesture begins within \(Self.edgeText(g.edgeWidth)) of the leading edge\(Self.intervalText(a.edgeInterval, unit: " pt")) and, once it has moved \(NumberText.parameter(g.effectiveSlop)) pt, heads within \(Self.lockText(g.effectiveLockAngle)) of the axis\(Self.intervalText(a.angleInterval, unit: "°"))."
        if a.resamples == 0 { tuned += " No intervals: the bootstrap was off (--resamples 0)." }
        var out = [tuned]
        var held =
            "Cross-validated (each fold decided by the gate tuned on the other folds): misses \(a.crossValidatedMisses) of \(a.meant) meant swipes (\(NumberText.percent(missRate))), false triggers \(a.crossValidatedFalseTriggers) of \(a.others) others (\(NumberText.percent(falseTriggerRate)))."
        if let c = current {
            held +=
                " The current gate (\(Self.edgeText(c.gate.edgeWidth)), \(Self.lockText(c.gate.effectiveLockAngle))) misses \(c.misses) and lets \(c.falseTriggers) others start the transition."
        }
        out.append(held)
        if let e = endToEndWrong {
            out.append(
                "Wrong end to end: \(NumberText.percent(e)) of \(a.meant + a.others) gestures (\(a.crossValidatedMisses) missed, \(a.crossValidatedFalseTriggers) false triggers, \(releaseMisdecided) misdecided at release by what ships, cross-validated; a missed swipe that would also be misdecided counts twice, so this is an upper bound)."
            )
        }
        return out
    }

    /// ` (95% interval 40 pt to 80 pt)`; the whole extent as an upper end; nothing without one.
    static func intervalText(_ i: ParameterInterval?, unit: String) -> String {
        guard let i else { return "" }
        let low = NumberText.parameter(i.lower) + unit
        let high = i.upper.isFinite ? NumberText.parameter(i.upper) + unit : "whole extent"
        return " (95% interval \(low) to \(high))"
    }

    /// The tuned gate (in sample) beside the reference gates, every count over the same
    /// gestures at the run's slop.
    public var table: ReportTable {
        let a = answer
        var rows: [[String]] = []
        func row(_ name: String, _ gate: Gate, misses: Int, falseTriggers: Int) -> [String] {
            [
                name, Self.edgeText(gate.edgeWidth), Self.lockText(gate.effectiveLockAngle),
                Self.countText(misses, of: a.meant),
                a.measured ? Self.countText(falseTriggers, of: a.others) : "not measured",
            ]
        }
        let tunedShips = endToEnd?.tunedGateShips ?? (a.measured && a.suggested != nil)
        if a.measured, let g = a.suggested {
            rows.append(
                row(
                    tunedShips ? "tuned (ships)" : "tuned", g, misses: a.misses,
                    falseTriggers: a.falseTriggers))
        }
        for r in a.references {
            let name = r.name == "current" && !tunedShips ? "current (ships)" : r.name
            rows.append(row(name, r.gate, misses: r.misses, falseTriggers: r.falseTriggers))
        }
        let slop = NumberText.parameter(a.references.first?.gate.effectiveSlop ?? Gate.defaultSlop)
        return ReportTable(
            headers: [
                "gate", "edge width", "lock", "misses (of \(a.meant) meant)",
                "false triggers (of \(a.others) other)",
            ],
            rows: rows, rowClasses: rows.map { $0[0].hasSuffix("(ships)") ? "suggested" : "" },
            note:
                "Counted in sample on every gesture, direction read after a slop of \(slop) pt\(a.measured ? " (the tuned gate's cross-validated counts are above)" : ""). full-screen: the whole extent at the current lock; flutter-cupertino: Flutter's CupertinoPageRoute back swipe, 20 pt; android-back: Android's gesture navigation back inset, 30 dp (docs/gate.md cites them).",
            alignNumbers: false)
    }
}
