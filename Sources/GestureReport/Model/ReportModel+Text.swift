import GesturePhysics
import GestureTrace

extension ReportModel {
    /// The headline suggestion in one sentence.
    ///
    /// Labelled: the suggested rule, its cross-validated error against the current error and the
    /// change in percentage points. Unlabelled: says no error can be measured, what the current
    /// parameters decide, and the inferred split.
    public var headline: String {
        let s = summary
        let rule = s.suggestedRule.reportDescription(
            extent: s.extent, millimetresPerPoint: s.millimetresPerPoint)
        if s.labelled, let cur = s.currentError, let sug = s.suggestedError {
            let changeText = NumberText.pointsChange(sug - cur)
            if s.suggestedRule == s.currentRule {
                return
                    "Keep the current \(s.currentSource) parameters (\(s.currentRule.reportDescription(extent: s.extent))): tuning arrives at the same rule (cross-validated error \(NumberText.percent(sug)); \(NumberText.percent(cur)) on these gestures)."
            }
            if keepCurrent {
                return
                    "Keep the current \(s.currentSource) parameters (\(s.currentRule.reportDescription(extent: s.extent)), error \(NumberText.percent(cur))): the best tuned rule, \(rule), is no better out of sample (cross-validated error \(NumberText.percent(sug)), \(changeText))."
            }
            return
                "Suggested \(rule): cross-validated error \(NumberText.percent(sug)) against \(NumberText.percent(cur)) with the current \(s.currentSource) parameters (\(changeText))."
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

    /// True when labelled gestures show nothing to gain from the tuned rule: its
    /// cross-validated error is not below the current parameters' error, or it is the current
    /// rule. The headline then says to keep the current parameters.
    public var keepCurrent: Bool {
        let s = summary
        guard s.labelled, let cur = s.currentError, let sug = s.suggestedError else { return false }
        return s.suggestedRule == s.currentRule || sug >= cur
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
