import GestureIO
import GesturePhysics
import GestureTrace
import GestureTuning

extension ReportModel {
    /// The headline: what to ship and why, in plain words first, then how many labelled
    /// gestures it rests on and how many would settle it.
    ///
    /// Labelled: the recommendation (`Recommendation`: of the current set, the presets and the
    /// tuned rule, the one expected to misread fewest, a change saving more than the switch
    /// cost; none below the floor), its error against today's, how likely it is to misread
    /// fewer, and the paired interval of the difference. Unlabelled:
    /// says no error can be measured, what the current parameters decide, and the inferred split.
    public var headline: String {
        let s = summary
        let rule = s.suggestedRule.reportDescription(
            extent: s.extent, millimetresPerPoint: s.millimetresPerPoint)
        // What ships is named in words first, its symbols after (`Rule.shipDescription`).
        let currentShips = s.currentRule.shipDescription(extent: s.extent)
        // Below the floor nothing is suggested, whether or not the few gestures could be
        // cross-validated (one labelled gesture cannot: it has no error rates, yet it is labelled).
        if s.labelled, recommendationChoice == .tooFew {
            return
                "No suggestion yet: \(recommendation.map(Self.labelledText) ?? "too few labelled gestures"); at least \(Recommendation.minimumLabelled), with \(Recommendation.minimumPerIntent) of each intent, are needed. Keep the current \(s.currentSource) parameters meanwhile: \(currentShips)."
        }
        if s.labelled, let cur = s.currentError, let sug = s.suggestedError {
            let r = recommendation
            let e = endToEnd
            let tunedDifference = e?.tunedDifference ?? r?.tunedDifference
            // The figures count every labelled gesture, `other` ones too when there are some.
            let these = (e?.current.others ?? 0) > 0 ? "these gestures" : "these swipes"
            // The current gate ships unless a tuned one beats it: then only the release is kept.
            let kept = e?.tunedGateShips == true ? "release rule" : "parameters"
            var text: String
            switch recommendationChoice {
            case .preset:
                let name = r?.preset ?? "a"
                let presetRule = presets.first { $0.name == name }?.rule ?? s.currentRule
                text =
                    "Ship the \(name) preset: \(presetRule.shipDescription(extent: s.extent)). It misreads \(NumberText.percent(e?.shippedError ?? presetError(name))) of \(these) (today \(NumberText.percent(cur)) with the current \(s.currentSource) parameters\(Self.gainText(e?.shippedDifference ?? r?.presetDifference)))."
                text +=
                    " The tuned \(rule) is expected to misread more (cross-validated \(NumberText.percent(sug)))."
            case .tuned:
                text =
                    "Ship: \(s.suggestedRule.shipDescription(extent: s.extent, millimetresPerPoint: s.millimetresPerPoint)). It misreads \(NumberText.percent(e?.shippedCrossValidatedError ?? sug)) of \(these) cross-validated (today \(NumberText.percent(cur)) with the current \(s.currentSource) parameters: \(NumberText.pointsChange((e?.shippedCrossValidatedError ?? sug) - cur))\(Self.gainText(e?.shippedDifference ?? tunedDifference)))."
            case .current, .unlabelled, .tooFew:
                if s.suggestedRule == s.currentRule {
                    text =
                        "Keep the current \(s.currentSource) \(kept): \(currentShips). Tuning arrives at the same rule (cross-validated error \(NumberText.percent(sug)); \(NumberText.percent(cur)) on these gestures)."
                } else {
                    let cost = r?.switchCost ?? 0
                    let verdict =
                        sug < cur && cost > 0
                        ? "saves no more than the switch cost of \(NumberText.points(cost)) points"
                        : "is not expected to misread fewer"
                    text =
                        "Keep the current \(s.currentSource) \(kept): \(currentShips). It misreads \(NumberText.percent(cur)) of \(these); the best tuned rule, \(rule), \(verdict) out of sample (cross-validated error \(NumberText.percent(sug)), \(NumberText.pointsChange(sug - cur))\(Self.intervalText(tunedDifference)))."
                }
            }
            if let e { text += " " + Self.gateText(e) }
            if let r, let plan = Self.planText(r) { text += " " + plan }
            return text
        }
        let completes = gestures.filter { $0.currentDecision == .complete }.count
        var text =
            "No intent labels, so no error can be measured: the current \(s.currentSource) parameters complete \(completes) of \(gestures.count) gestures"
        if let u = unlabelled {
            text +=
                "; \(u.ambiguousIDs.count) fall within \(NumberText.percent(u.band)) of the boundary"
        }
        text += ". "
        if s.suggestionInferred {
            text += "Inferred split (not tuned): \(rule)."
        } else if s.suggestedRule == s.currentRule {
            text += "No split could be inferred: keep the current parameters."
        } else {
            text += "Suggested \(rule)."
        }
        return text
    }

    /// What the start gate does in what ships, and what its figures count.
    static func gateText(_ e: EndToEndSummary) -> String {
        var parts = "it refuses \(e.shipped.refused) of \(e.current.meant) meant gestures"
        if e.current.others > 0 {
            parts += " and starts on \(e.shipped.falseTriggers) of \(e.current.others) not meant"
        }
        let bound =
            e.exact ? "" : " (an upper bound: the sample did not hold every refused gesture)"
        if e.tunedGateShips {
            return
                "The start gate changes too: the tuned gate beats the current one end to end (\(parts))\(bound)."
        }
        if !e.gateMeasured {
            return
                "The start gate stays the current one (\(parts))\(bound): label the gestures not meant for the transition `other` to tune it."
        }
        return
            "The start gate stays the current one: the tuned gate is no clear gain (\(parts))\(bound)."
    }

    /// How sure a change is, from its paired difference (rule − current): `, 97% likely to
    /// misread fewer; a gain of 0.9–3.1 points with 95% confidence`, or with an interval that
    /// holds zero `, 80% likely to misread fewer; between −2.1 and +0.6 points with 95%
    /// confidence`; nothing without one.
    static func gainText(_ d: PairedDifference?) -> String {
        guard let d, d.lower.isFinite, d.upper.isFinite else { return "" }
        let likely = ", \(probabilityText(d.probabilityBetter)) likely to misread fewer"
        if d.isBetter {
            return likely
                + "; a gain of \(NumberText.points(-d.upper * 100))–\(NumberText.points(-d.lower * 100)) points with \(Int((d.level * 100).rounded()))% confidence"
        }
        return likely + intervalText(d)
    }

    /// `97%`, `over 99%`, `under 1%`: a probability as a whole percentage that never rounds
    /// to certainty.
    static func probabilityText(_ p: Double) -> String {
        if p > 0.995 { return "over 99%" }
        if p < 0.005 { return "under 1%" }
        return "\(Int((p * 100).rounded()))%"
    }

    /// `; the difference is −1.2 to +2.0 points with 95% confidence`, or nothing.
    static func intervalText(_ d: PairedDifference?) -> String {
        guard let d, d.lower.isFinite, d.upper.isFinite else { return "" }
        return
            "; between \(Self.signedPoints(d.lower)) and \(Self.signedPoints(d.upper)) points with \(Int((d.level * 100).rounded()))% confidence"
    }

    static func signedPoints(_ fraction: Double) -> String {
        let p = NumberText.points(abs(fraction * 100))
        if p == "0.0" { return "0.0" }
        return (fraction < 0 ? "−" : "+") + p
    }

    /// `41 labelled gestures (30 complete, 11 cancel)`.
    static func labelledText(_ r: Recommendation) -> String {
        "\(r.labelled) labelled gesture\(r.labelled == 1 ? "" : "s") (\(r.labelledComplete) complete, \(r.labelledCancel) cancel)"
    }

    /// How many labelled gestures the answer rests on and what would settle it, or nil.
    static func planText(_ r: Recommendation) -> String? {
        guard r.choice != .tooFew, r.choice != .unlabelled else { return nil }
        var text = "This rests on \(labelledText(r))"
        var wants: [String] = []
        if let n = r.gesturesToResolve, n > r.labelled {
            wants.append(
                "about \(n - r.labelled) more would settle the difference from the current set")
        }
        if let n = r.gesturesForProgressPrecision, n > r.labelled {
            wants.append(
                "about \(n - r.labelled) more would narrow p_th to ±\(NumberText.parameter(Recommendation.progressPrecision))"
            )
        }
        text += wants.isEmpty ? "." : "; " + wants.joined(separator: ", ") + "."
        return text
    }

    /// The recommendation's choice; for a model built by hand (no tuner answer) the tuned
    /// suggestion unless its error is no lower than the current one.
    public var recommendationChoice: Recommendation.Choice {
        if let recommendation { return recommendation.choice }
        let s = summary
        guard s.labelled, let cur = s.currentError, let sug = s.suggestedError else {
            return .unlabelled
        }
        return s.suggestedRule == s.currentRule || sug >= cur ? .current : .tuned
    }

    /// Whether the tuned rule is what ships (or, unlabelled, the suggestion is all there is):
    /// the summary table, the parameter table and the terminal then call it "suggested";
    /// otherwise "tuned", the alternative to what ships.
    public var tunedRuleShips: Bool {
        recommendationChoice == .tuned || recommendationChoice == .unlabelled
    }

    /// Whether the current set is what ships (kept, or no suggestion yet) while something is
    /// labelled: the headline says to keep it, and params.json and the snippets hold it.
    public var keepCurrent: Bool {
        recommendationChoice == .current || recommendationChoice == .tooFew
    }

    /// In-sample error of the preset named `name` on the labelled gestures.
    func presetError(_ name: String) -> Double? {
        presets.first { $0.name == name }?.error
    }

    /// Change of error, suggested minus current (fraction), when both are known.
    public var errorChange: Double? {
        guard let c = summary.currentError, let s = summary.suggestedError else { return nil }
        return s - c
    }
}

extension ReportSummary {
    /// `3 of 1200 rows skipped (0.3%: 3 multi-touch)`, nil when no row was skipped.
    var rowsSkippedText: String? {
        let rows = skipped(.rows)
        guard !rows.isEmpty else { return nil }
        let share = rowsSkippedShare.map { NumberText.percent($0) } ?? "n/a"
        return "\(skippedTotal(.rows)) of \(rowsRead) rows skipped (\(share): "
            + rows.map { "\($0.count) \($0.reason)" }.joined(separator: ", ") + ")"
    }

    /// Millimetres per point when a dpi column gives the physical size: speeds print in mm/s too.
    public var millimetresPerPoint: Double? { coordinateUnit.millimetresPerPoint }

    /// What unit the figures are in: pt converted by `--scale` or a dpi column, or the file's own.
    var coordinateText: String {
        switch coordinateUnit {
        case .file: "the file's own unit (taken as pt; use --scale or a dpi column for pixels)"
        case .scaled: "pt (--scale)"
        case .dpi: "pt from the dpi column (160 dpi = 1 pt per px; 1 pt = 0.159 mm)"
        }
    }
}

extension ReportModel {
    /// Every gesture used: by the release tuning and, labelled other, by the gate alone.
    public var gesturesUsedInAll: Int { summary.gesturesUsed + (gate?.answer.others ?? 0) }

    /// `300 used (200 meant, 100 other) of 300 read` (terminal, HTML, Markdown), `noun`
    /// after the first number (`"gestures "`). Gestures labelled other are read and take part
    /// in the gate only; without any, `300 used of 300 read`.
    public func gesturesUsedText(noun: String = "") -> String {
        let s = summary
        let others = gate?.answer.others ?? 0
        guard others > 0 else { return "\(s.gesturesUsed) \(noun)used of \(s.gesturesRead) read" }
        let meant = min(gate?.labelled ?? s.gesturesUsed, s.gesturesUsed)
        var parts = ["\(meant) meant"]
        if s.gesturesUsed > meant { parts.append("\(s.gesturesUsed - meant) unlabelled") }
        parts.append("\(others) other")
        return
            "\(gesturesUsedInAll) \(noun)used (\(parts.joined(separator: ", "))) of \(s.gesturesRead) read"
    }
}
