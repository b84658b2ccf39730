import GestureIO
import GesturePhysics
import GestureTuning

/// The terminal summary's format (`--format`).
public enum SummaryFormat: String, Sendable, CaseIterable {
    case text, markdown, json
}

/// Writes the short summary printed after `analyze`: gestures used and skipped, current vs
/// suggested error, the suggestion, where the report went. The JSON form carries the very
/// `summary` object of report.json (same numbers), plus the report's location.
public struct SummaryRenderer: Sendable {
    public static let schema = "gesturetune.summary/1"
    public let model: ReportModel
    /// The report folder, or nil when no report was written (`--no-report`).
    public let reportPath: String?
    /// Applied to each text line (names, ids, paths come from data): a line break inside one
    /// must not start a line of its own, while the lines themselves stay lines.
    public let escapeLine: @Sendable (String) -> String

    public init(
        model: ReportModel, reportPath: String?,
        escapeLine: @escaping @Sendable (String) -> String = { $0 }
    ) {
        self.model = model
        self.reportPath = reportPath
        self.escapeLine = escapeLine
    }

    public func render(_ format: SummaryFormat, to out: inout some TextOutputStream) {
        switch format {
        case .text:
            for line in lines() { out.write(escapeLine(line) + "\n") }
        case .markdown:
            out.write("### gesturetune: \(escapeLine(Text.markdown(model.name)))\n\n")
            for line in lines() { out.write("- " + escapeLine(Text.markdown(line)) + "\n") }
        case .json:
            var w = JSONWriter()
            w.beginObject()
            w.string("schema", Self.schema)
            w.string("name", model.name)
            JSONRenderer.writeSummary(model, into: &w)
            w.string("report", reportPath)
            w.endObject()
            w.flush(to: &out)
            out.write("\n")
        }
    }

    public func text(_ format: SummaryFormat) -> String {
        var s = ""
        render(format, to: &s)
        return s
    }

    /// The run's warnings as `warning: …` lines, each escaped as the summary's lines are: what
    /// a terminal shows on standard error, apart from the answer on standard output.
    public var warningLines: [String] {
        model.summary.warnings.map { escapeLine("warning: " + $0.sentence) }
    }

    /// The plain lines (text format).
    func lines() -> [String] {
        let s = model.summary
        // What to ship and why, in words, before the figures.
        var out: [String] = [model.headline]
        var used =
            "\(model.name): "
            + model.gesturesUsedText(
                noun: model.gesturesUsedInAll == 1 ? "gesture " : "gestures ")
        let skipped = s.skipped(.gestures)
        used +=
            skipped.isEmpty
            ? ", none skipped"
            : "; \(s.skippedTotal(.gestures)) skipped ("
                + skipped.map { "\($0.count) \($0.reason)" }.joined(separator: ", ") + ")"
        if let rows = s.rowsSkippedText { used += "; " + rows }
        used += s.labelled ? "; labelled" : "; unlabelled"
        out.append(used)
        if s.labelled {
            var e =
                "\(model.endToEnd == nil ? "misdecided" : "wrong end to end"): current \(s.currentSource) \(NumberText.percent(s.currentError)) (\(s.currentMisdecided) gestures) → \(model.tunedRuleShips ? "suggested" : "tuned") \(NumberText.percent(s.suggestedError)) cross-validated"
            if let d = model.errorChange { e += " (" + NumberText.pointsChange(d) + ")" }
            out.append(e)
        } else {
            out.append(
                "misdecided: unknown (no intent labels); current \(s.currentSource) completes \(model.gestures.filter { $0.currentDecision == .complete }.count) of \(model.gestures.count)"
            )
        }
        if let gate = model.gate { out.append(gate.line) }
        var sug: String
        if model.recommendationChoice == .tooFew {
            sug =
                "suggest: none yet (too few labelled gestures): keep the current \(s.currentSource) rule (\(s.currentRule.reportDescription(extent: s.extent)))"
        } else if model.recommendationChoice == .preset, let name = model.recommendation?.preset {
            sug =
                "suggest: the \(name) preset (\(model.suggestedParameterSet.rule.reportDescription(extent: s.extent))): tuned \(s.suggestedRule.reportDescription(extent: s.extent)) is expected to misread more"
        } else if model.keepCurrent {
            sug =
                "suggest: keep the current \(s.currentSource) rule (\(s.currentRule.reportDescription(extent: s.extent)))"
            if s.suggestedRule != s.currentRule {
                sug +=
                    ": tuned \(s.suggestedRule.reportDescription(extent: s.extent)) is not expected to misread fewer out of sample"
            }
        } else if !s.labelled && !s.suggestionInferred && s.suggestedRule == s.currentRule {
            sug =
                "suggest: keep the current \(s.currentSource) rule (\(s.currentRule.reportDescription(extent: s.extent))): no split could be inferred"
        } else {
            sug =
                (s.suggestionInferred ? "inferred: " : "suggest: ")
                + s.suggestedRule.reportDescription(extent: s.extent)
        }
        sug +=
            "; completionSpeed \(NumberText.parameter(model.animation.suggestedCompletionSpeed)); edge width \(model.edgeWidthText)"
        out.append(sug)
        if let g = model.groups { out.append("groups (--by \(g.analysis.columns)): " + g.headline) }
        out.append(
            reportPath.map { "report: \($0)/report.html" } ?? "report: not written (--no-report)")
        return out
    }
}

extension ReportModel {
    /// The set `params.json` holds and the snippets are filled from: the tuner's
    /// (`suggestedSetting`), or for a model built by hand the suggestion, animation and edge as a
    /// set. One encoder writes it: `ParameterSet.encoded()`.
    public var suggestedParameterSet: ParameterSet {
        if let suggestedSetting { return suggestedSetting }
        return ParameterSet(
            rule: keepCurrent ? summary.currentRule : summary.suggestedRule,
            direction: summary.direction, extent: summary.extent,
            completionSpeed: animation.suggestedCompletionSpeed,
            transitionDuration: animation.duration,
            fingerSpeedCap: animation.fingerSpeedCap,
            spring: animation.springResponse.map {
                ParameterSet.SpringSetting(dampingRatio: animation.dampingRatio, response: $0)
            },
            edgeWidth: edge.suggestedWidth, directionLockAngle: edge.directionLock)
    }
}
