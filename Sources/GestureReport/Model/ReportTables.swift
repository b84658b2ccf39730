import GestureIO
import GesturePhysics
import GestureTrace

/// A table in report terms: plain (unescaped) text cells; each renderer escapes for its format.
public struct ReportTable: Sendable, Equatable {
    public var headers: [String]
    public var rows: [[String]]
    /// Per-row CSS-ish class (`miss` for misdecided rows), or empty.
    public var rowClasses: [String]
    /// A note under the table (e.g. "showing N of M").
    public var note: String?
    /// Right-align columns whose cells are all numbers (HTML); off for tables mixing units.
    public var alignNumbers: Bool

    public init(
        headers: [String], rows: [[String]], rowClasses: [String] = [], note: String? = nil,
        alignNumbers: Bool = true
    ) {
        self.headers = headers
        self.rows = rows
        self.rowClasses = rowClasses
        self.note = note
        self.alignNumbers = alignNumbers
    }
}

/// The report's tables and lists, built once from the model and shared by the HTML, Markdown and
/// notebook renderers so the formats show the same content.
public struct ReportContent: Sendable {
    public let model: ReportModel
    /// Rows the gesture table shows in HTML / Markdown (all when at most this many).
    public let gestureTableCap: Int

    public init(model: ReportModel, gestureTableCap: Int = 500) {
        self.model = model
        self.gestureTableCap = gestureTableCap
    }

    private var extent: Double { model.summary.extent }

    /// Section titles in order, with their anchors.
    public static let sections: [(id: String, title: String)] = [
        ("summary", "Summary"),
        ("parameters", "Suggested parameters"),
        ("gate", "Start-of-gesture gate"),
        ("rules", "Rule comparison"),
        ("figures", "Figures"),
        ("estimators", "Velocity estimators"),
        ("gestures", "Gestures"),
        ("snippets", "Snippets"),
    ]

    /// The gate section's paragraphs (`GateSection.paragraphs`), or why there is no gate.
    public var gateParagraphs: [String] {
        model.gate?.paragraphs ?? ["The start-of-gesture gate was not evaluated for this report."]
    }

    /// The section index of `id` in `sections`.
    static func index(of id: String) -> Int { sections.firstIndex { $0.id == id }! }

    /// Summary facts as (label, value) pairs.
    public var summaryFacts: [(String, String)] {
        let s = model.summary
        var facts: [(String, String)] = []
        facts.append(("Files", s.files.joined(separator: ", ")))
        facts.append(("Gestures", model.gesturesUsedText()))
        let skipped = s.skipped(.gestures)
        var skippedText =
            skipped.isEmpty
            ? "none"
            : "\(s.skippedTotal(.gestures)) ("
                + skipped.map { "\($0.count) \($0.reason)" }.joined(separator: ", ") + ")"
        if let rows = s.rowsSkippedText { skippedText += "; " + rows }
        facts.append(("Skipped", skippedText))
        facts.append(("Coordinates", s.coordinateText))
        if case .implicitLabels(let intent, let retry, let outcome, _, _) = model.labelNotice {
            facts.append(
                (
                    "Labelled",
                    "implicit: \(retry) from retries, \(outcome) from outcomes, \(intent) from intent"
                ))
        } else {
            facts.append(
                ("Labelled", s.labelled ? "yes (intent column)" : "no: no error can be measured"))
        }
        if let g = model.groups {
            facts.append(("Groups (--by \(g.analysis.columns))", g.headline))
        }
        facts.append(
            (
                "Direction, extent",
                "\(s.direction.rawValue), \(NumberText.parameter(s.extent)) pt (\(s.extentSource == .defaultValue ? "default" : s.extentSource.rawValue))"
            ))
        facts.append(
            (
                "Current parameters",
                "\(s.currentSource): \(s.currentRule.reportDescription(extent: s.extent, millimetresPerPoint: s.millimetresPerPoint))"
            ))
        // The tuned rule is "Suggested" only when it is what ships; otherwise it is named as
        // the alternative it is, with what ships instead (the headline's recommendation).
        let tunedName: String =
            if model.tunedRuleShips {
                "Suggested"
            } else if model.recommendationChoice == .preset {
                "Tuned (the \(model.recommendation?.preset ?? "recommended") preset ships)"
            } else if model.recommendationChoice == .tooFew {
                "Tuned (too few labelled gestures: the current set ships)"
            } else {
                "Tuned (no expected gain: the current set ships)"
            }
        facts.append(
            (
                tunedName,
                s.suggestedRule.reportDescription(
                    extent: s.extent, millimetresPerPoint: s.millimetresPerPoint)
                    + (s.suggestionInferred ? " (inferred, unlabelled)" : "")
            ))
        if s.labelled {
            let tuned = model.tunedRuleShips ? "suggested" : "tuned"
            facts.append(
                (
                    "Error",
                    "current \(NumberText.percent(s.currentError)) (\(s.currentMisdecided) misdecided) → \(tuned) \(NumberText.percent(s.suggestedError)) cross-validated (\(s.suggestedMisdecided) misdecided in-sample)"
                ))
        }
        if !s.ignoredColumns.isEmpty {
            facts.append(("Ignored columns", s.ignoredColumns.joined(separator: ", ")))
        }
        return facts
    }

    /// The paragraph above the parameter table (HTML and Markdown): units, intervals, and,
    /// when the tuned rule is not what ships, that its rows are the alternative.
    public var parameterIntro: String {
        let s = model.summary
        var text =
            "Velocity thresholds in progress/s (container extents per second) and, in brackets, pt/s at \(NumberText.parameter(s.extent)) pt. "
            + (s.labelled
                ? "Intervals are 95% bootstrap intervals."
                : "No intervals: the bootstrap needs intent labels.")
        if let ships = rulesThatShipInstead {
            text +=
                " The rule's rows are the tuned alternative, not what ships: \(ships) ships (the headline; params.json holds it). The other rows are measured on these gestures and ship with it."
        }
        return text
    }

    /// What ships instead of the tuned rule, in words, or nil when the tuned rule ships (or
    /// nothing is labelled).
    private var rulesThatShipInstead: String? {
        guard model.summary.labelled, !model.tunedRuleShips else { return nil }
        return model.recommendationChoice == .preset
            ? "the \(model.recommendation?.preset ?? "recommended") preset's rule"
            : "the current \(model.summary.currentSource) rule"
    }

    public var parameterTable: ReportTable {
        let cols = model.parameters.defaultColumns
        let rows = model.parameters.rows.map { r -> [String] in
            var row = [
                "\(r.name) (\(r.symbol))",
                ParameterFormat.value(
                    r.suggested, unit: r.unit, extent: extent,
                    millimetresPerPoint: model.summary.millimetresPerPoint),
                ParameterFormat.interval(
                    r.interval, unit: r.unit, extent: extent,
                    millimetresPerPoint: model.summary.millimetresPerPoint),
                r.current == nil
                    ? "—"
                    : ParameterFormat.value(
                        r.current, unit: r.unit, extent: extent,
                        millimetresPerPoint: model.summary.millimetresPerPoint),
            ]
            for k in cols.indices {
                let v = k < r.defaults.count ? r.defaults[k] : nil
                row.append(
                    v == nil
                        ? "—"
                        : ParameterFormat.value(
                            v, unit: r.unit, extent: extent,
                            millimetresPerPoint: model.summary.millimetresPerPoint))
            }
            row.append(r.note ?? "")
            return row
        }
        return ReportTable(
            headers: [
                "parameter", model.tunedRuleShips ? "suggested" : "tuned", "95% interval",
                "current",
            ] + cols + ["note"],
            rows: rows, alignNumbers: false)
    }

    public var animationTable: ReportTable {
        let a = model.animation
        var rows: [[String]] = [
            [
                "completionSpeed (linear, D = \(NumberText.seconds(a.duration)))",
                NumberText.parameter(a.currentCompletionSpeed),
                NumberText.parameter(a.suggestedCompletionSpeed)
                    + (a.completionSpeedInterval.map {
                        " " + ParameterFormat.interval($0, unit: .ratio, extent: extent)
                    } ?? ""),
            ],
            [
                "median velocity ratio (s / D) / v_p", NumberText.parameter(a.currentMedianRatio),
                NumberText.parameter(a.suggestedMedianRatio),
            ],
        ]
        func current(_ x: Double?, _ unit: String = "") -> String {
            x.map { NumberText.parameter($0) + unit } ?? "—"
        }
        if let cap = a.fingerSpeedCap {
            rows.append([
                "finger-speed completion cap", current(a.currentFingerSpeedCap, " s"),
                NumberText.seconds(cap),
            ])
        }
        rows.append([
            "spring damping ratio", current(a.currentDampingRatio),
            NumberText.parameter(a.dampingRatio),
        ])
        if let r = a.springResponse {
            rows.append([
                "spring response (target settling \(NumberText.seconds(a.targetDuration)))",
                current(a.currentSpringResponse, " s"),
                NumberText.seconds(r)
                    + (a.medianSettlingTime.map { ", median settling " + NumberText.seconds($0) }
                        ?? ""),
            ])
        }
        let e = model.edge
        let references = e.references.map { "\(NumberText.parameter($0.value)) pt \($0.name)" }
            .joined(separator: "; ")
        let gateTuned = model.gate?.tuned == true
        rows.append([
            gateTuned
                ? "edge width (tuned against gestures labelled other)"
                : "edge width (the current gate: not tuned without gestures labelled other)",
            a.currentEdgeWidth.map { "current \(NumberText.parameter($0)) pt; " + references }
                ?? references, model.edgeWidthText,
        ])
        if let lock = e.directionLock {
            rows.append([
                gateTuned
                    ? "direction lock (tuned against gestures labelled other)"
                    : "direction lock (the current gate: not tuned without gestures labelled other)",
                current(a.currentDirectionLock, "°"), NumberText.parameter(lock) + "°",
            ])
        }
        return ReportTable(
            headers: ["animation and edge", "current / reference", "suggested"], rows: rows,
            alignNumbers: false)
    }

    public var ruleTable: ReportTable {
        let rows = model.rules.map { r -> [String] in
            [
                r.rule.family.rawValue + (r.suggested ? " (suggested)" : ""),
                r.rule.reportDescription(extent: extent),
                NumberText.percent(r.crossValidatedError),
                NumberText.percent(r.inSampleError),
                r.confusion.map {
                    "\($0.completeCompleted) / \($0.completeCancelled) / \($0.cancelCompleted) / \($0.cancelCancelled)"
                } ?? "—",
                // Without labels nothing can be misclassified: "—", not "none".
                r.confusion == nil ? "—" : Self.idList(r.misclassified, limit: 30),
                r.note ?? "",
            ]
        }
        return ReportTable(
            headers: [
                "rule", "parameters", "cross-validated error", "in-sample error",
                "confusion: complete→complete / complete→cancel / cancel→complete / cancel→cancel",
                "misclassified gestures", "note",
            ],
            rows: rows, rowClasses: model.rules.map { $0.suggested ? "suggested" : "" })
    }

    /// Logistic (and any other) coefficients with standard errors; nil when none.
    public var coefficientTable: ReportTable? {
        let rows = model.rules.flatMap { r in
            r.coefficients.map {
                [
                    r.rule.family.rawValue, $0.name, NumberText.parameter($0.value),
                    NumberText.parameter($0.standardError),
                ]
            }
        }
        return rows.isEmpty
            ? nil
            : ReportTable(headers: ["rule", "coefficient", "value", "standard error"], rows: rows)
    }

    public var presetTable: ReportTable {
        ReportTable(
            headers: ["preset", "rule", "error", "misdecided", "completes", "source"],
            rows: model.presets.map { p in
                [
                    p.name + (p.isCurrent ? " (current)" : ""),
                    p.rule.reportDescription(extent: extent), NumberText.percent(p.error),
                    p.error == nil ? "—" : "\(p.misdecided)", "\(p.completes)", p.source,
                ]
            },
            rowClasses: model.presets.map { $0.isCurrent ? "current" : "" })
    }

    /// Unlabelled analysis lines (empty when labelled).
    public var unlabelledLines: [String] {
        guard let u = model.unlabelled else { return [] }
        var lines = ["No intent labels: no ground truth exists, so no error is reported."]
        lines.append(
            "\(u.ambiguousIDs.count) gestures fall within \(NumberText.percent(u.band)) of the current boundary (ambiguous): \(Self.idList(u.ambiguousIDs, limit: 30))."
        )
        if let t = u.inferredThreshold {
            lines.append(
                "Inferred split (two-component Gaussian mixture of the projected landing progress p_r + \(NumberText.seconds(u.tau)) × v_p): p_th = \(NumberText.parameter(t)) for the projection rule, marked as inferred."
            )
        } else {
            lines.append("The Gaussian mixture found no crossing: no split could be inferred.")
        }
        for (k, c) in u.components.enumerated() {
            lines.append(
                "Component \(k + 1): weight \(NumberText.parameter(c.weight)), mean \(NumberText.parameter(c.mean)), sd \(NumberText.parameter(c.standardDeviation))."
            )
        }
        return lines
    }

    public var outcomeTable: ReportTable? {
        guard !model.outcomeMismatches.isEmpty else { return nil }
        return ReportTable(
            headers: ["gesture", "recorded outcome", "current parameters decide"],
            rows: model.outcomeMismatches.map {
                [$0.id, $0.recorded.rawValue, $0.decided.rawValue]
            })
    }

    /// How the estimators' rules were tuned (`SearchStatistics`' estimator cells).
    static let estimatorGridNote =
        "Each estimator's rule is tuned and cross-validated on the suggestion's grid at twice its step (p_th 0.05, 0.07, …; v_th every 0.04 progress/s; d_th every 5 pt), without bootstrap, so the row of the estimator in use can differ from the suggestion by a step."

    /// Each estimator against lsq2 (and the platform's), and, when the suggestion was tuned
    /// again under each estimator, the rule it suggests and its cross-validated error, so the
    /// user can choose `--estimator`.
    public var estimatorTable: ReportTable {
        let tuned = model.estimators.contains { $0.suggestedRule != nil }
        let extent = model.summary.extent
        var headers = [
            "estimator", "gestures", "median |Δ| to lsq2 (pt/s)", "median |Δ| to platform (pt/s)",
            "fallbacks",
        ]
        if tuned { headers += ["suggested with it", "cross-validated error", "misdecided"] }
        return ReportTable(
            headers: headers,
            rows: model.estimators.map { e in
                var row = [
                    e.estimator.rawValue + (e.inUse ? " (in use)" : ""), "\(e.gestures)",
                    NumberText.speed(e.medianAbsDiffToLsq2),
                    e.medianAbsDiffToPlatform.map { NumberText.speed($0) } ?? "—", "\(e.fallbacks)",
                ]
                if tuned {
                    row += [
                        e.suggestedRule.map {
                            $0.reportDescription(
                                extent: extent,
                                millimetresPerPoint: model.summary.millimetresPerPoint)
                        } ?? "—",
                        e.suggestedRule == nil ? "—" : NumberText.percent(e.crossValidatedError),
                        e.misdecided.map { "\($0)" } ?? "—",
                    ]
                }
                return row
            }, note: tuned ? Self.estimatorGridNote + sampleNote : nil)
    }

    /// When the estimators' rules were tuned on a sample of the labelled gestures, which.
    private var sampleNote: String {
        guard let row = model.estimators.first(where: { $0.tunedOn != nil }),
            let n = row.tunedOn, let total = row.labelled, n < total
        else { return "" }
        return
            " They are tuned on \(n) of the \(total) labelled gestures, the same for every estimator: those whose seeded hash of file name and id is smallest, so the sample does not depend on how the files were split."
    }

    /// Indices of the gestures the HTML / Markdown table shows: all when at most the cap;
    /// otherwise every misdecided one (up to the cap), then the first of the rest in file order.
    public var gestureTableIndices: [Int] {
        let g = model.gestures
        guard g.count > gestureTableCap else { return Array(g.indices) }
        var chosen: [Int] = []
        for (i, row) in g.enumerated()
        where row.misdecidedBySuggested || row.misdecidedByCurrent || row.flags.outcomeMismatch {
            if chosen.count >= gestureTableCap { break }
            chosen.append(i)
        }
        if chosen.count < gestureTableCap {
            let taken = Set(chosen)
            for i in g.indices where !taken.contains(i) {
                if chosen.count >= gestureTableCap { break }
                chosen.append(i)
            }
        }
        return chosen.sorted()
    }

    public var gestureTable: ReportTable { gestureTable(indices: gestureTableIndices) }

    /// The gesture table for the given rows (indices into `model.gestures`).
    public func gestureTable(indices idx: [Int]) -> ReportTable {
        let multiFile = Set(model.summary.files).count > 1
        var headers = ["id"]
        if multiFile { headers.append("file") }
        headers += [
            "samples", "duration (s)", "p_r", "v (pt/s)", "v_p (progress/s)", "intent", "current",
            "suggested", "flags",
        ]
        var rows: [[String]] = []
        rows.reserveCapacity(idx.count)
        var classes: [String] = []
        for i in idx {
            let g = model.gestures[i]
            var row = [g.id]
            if multiFile { row.append(g.file) }
            row += [
                "\(g.samples)", NumberText.parameter(g.duration),
                NumberText.parameter(g.releaseProgress), NumberText.speed(g.velocity),
                NumberText.parameter(g.progressVelocity), g.intent?.rawValue ?? "—",
                g.currentDecision.rawValue + (g.misdecidedByCurrent ? " ✗" : ""),
                g.suggestedDecision.rawValue + (g.misdecidedBySuggested ? " ✗" : ""),
                g.flags.names.joined(separator: ", "),
            ]
            rows.append(row)
            classes.append(
                g.misdecidedBySuggested ? "miss" : (g.misdecidedByCurrent ? "miss-current" : ""))
        }
        let note: String?
        if idx.count < model.gestures.count {
            note =
                "Showing \(idx.count) of \(model.gestures.count) gestures; every gesture is in report.json."
        } else {
            note = nil
        }
        return ReportTable(headers: headers, rows: rows, rowClasses: classes, note: note)
    }

    /// Up to `limit` ids, then "… and N more".
    static func idList(_ ids: [String], limit: Int) -> String {
        if ids.isEmpty { return "none" }
        if ids.count <= limit { return ids.joined(separator: ", ") }
        return ids.prefix(limit).joined(separator: ", ") + " … and \(ids.count - limit) more"
    }
}
