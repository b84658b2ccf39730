import Foundation
import GestureIO
import GesturePhysics
import GestureTrace

/// What changed between two runs: errors, the suggested parameters, and the gestures whose
/// decision changed (matched by file and id).
public struct ReportDiff: Sendable, Equatable {
    public struct ChangedGesture: Sendable, Equatable {
        public var file: String
        public var id: String
        public var intent: Intent?
        /// `current` or `suggested`: the rule whose decision changed.
        public var rule: String
        public var before: Intent
        public var after: Intent
        /// True when the new decision matches the intent (nil when unlabelled).
        public var nowRight: Bool? { intent.map { $0 == after } }
    }

    public struct ParameterChange: Sendable, Equatable {
        public var symbol: String
        public var key: String
        public var unit: ParameterUnit
        public var before: Double?
        public var after: Double?
    }

    public var a: ReportDocument
    public var b: ReportDocument
    public var nameA: String
    public var nameB: String
    /// The suggested rule's parameters side by side (by key; a family change lists both families' keys).
    public var parameters: [ParameterChange]
    public var changed: [ChangedGesture]
    public var inBoth: Int
    public var onlyInA: Int
    public var onlyInB: Int

    public init(_ a: ReportDocument, _ b: ReportDocument, nameA: String, nameB: String) {
        self.a = a
        self.b = b
        self.nameA = nameA
        self.nameB = nameB
        let pa = a.summary.suggestedRule.parameters, pb = b.summary.suggestedRule.parameters
        var keys = pa.map(\.spec)
        for s in pb.map(\.spec) where !keys.contains(s) { keys.append(s) }
        parameters = keys.map { spec in
            ParameterChange(
                symbol: spec.symbol, key: spec.key, unit: spec.unit,
                before: pa.first { $0.spec == spec }?.value,
                after: pb.first { $0.spec == spec }?.value)
        }
        // By the file's name (runs from different folders name one file differently) and the id.
        struct Key: Hashable {
            var file: Substring
            var id: String
            init(_ g: ReportDocument.Gesture) {
                file = g.file.split(separator: "/", omittingEmptySubsequences: false).last ?? ""
                id = g.id
            }
        }
        var index: [Key: ReportDocument.Gesture] = [:]
        for g in a.gestures { index[Key(g)] = g }
        var both = 0, changed: [ChangedGesture] = []
        var seen = Set<Key>()
        for g in b.gestures {
            let k = Key(g)
            guard let old = index[k], seen.insert(k).inserted else { continue }
            both += 1
            if old.suggestedDecision != g.suggestedDecision {
                changed.append(
                    ChangedGesture(
                        file: g.file, id: g.id, intent: g.intent ?? old.intent, rule: "suggested",
                        before: old.suggestedDecision, after: g.suggestedDecision))
            }
            if old.currentDecision != g.currentDecision {
                changed.append(
                    ChangedGesture(
                        file: g.file, id: g.id, intent: g.intent ?? old.intent, rule: "current",
                        before: old.currentDecision, after: g.currentDecision))
            }
        }
        self.changed = changed
        inBoth = both
        onlyInA = a.gestures.count - both
        onlyInB = b.gestures.count - both
    }

    func value(_ x: Double?, _ unit: ParameterUnit) -> String {
        guard let x else { return "—" }
        return ParameterFormat.value(x, unit: unit, extent: b.summary.extent)
    }

    func errorLine(_ name: String, _ x: Double?, _ y: Double?, _ mx: Int, _ my: Int, labelled: Bool)
        -> String
    {
        guard labelled else { return "\(name): unknown (no intent labels)" }
        var line = "\(name): \(NumberText.percent(x)) (\(mx)) → \(NumberText.percent(y)) (\(my))"
        if let x, let y { line += ", " + NumberText.pointsChange(y - x) }
        return line
    }

    /// The gate line: the suggested start-of-gesture gate, then its cross-validated misses
    /// (meant swipes refused) and false triggers (`other` gestures admitted), A → B with the
    /// change in points; nil when neither run has a gate.
    func gateLine() -> String? {
        guard a.gate != nil || b.gate != nil else { return nil }
        if a.gate?.falseTriggersMeasured != true, b.gate?.falseTriggersMeasured != true {
            return
                "gate: not tuned in either run (no gesture labelled other), misses and false triggers not measured"
        }
        func shape(_ g: ReportDocument.Gate?) -> String {
            guard let g else { return "none" }
            guard g.falseTriggersMeasured else { return "not tuned (no gesture labelled other)" }
            let edge =
                g.edgeWidth.map { "edge \(NumberText.parameter($0)) pt" } ?? "edge: whole extent"
            return "\(edge), lock \(NumberText.parameter(g.lockAngle ?? 90))°"
        }
        func share(_ rate: Double?, _ count: Int?, _ total: Int?) -> String {
            guard let rate, let count, let total else { return "not measured" }
            return "\(NumberText.percent(rate)) (\(count) of \(total))"
        }
        func compare(
            _ name: String, _ ra: Double?, _ rb: Double?, _ ca: Int?, _ cb: Int?,
            _ ta: Int?, _ tb: Int?
        ) -> String {
            var text = "\(name) \(share(ra, ca, ta)) → \(share(rb, cb, tb))"
            if let ra, let rb { text += ", " + NumberText.pointsChange(rb - ra) }
            return text
        }
        let sa = shape(a.gate), sb = shape(b.gate)
        var line = "gate: " + (sa == sb ? "unchanged, \(sb)" : "\(sa) → \(sb)")
        line +=
            "; "
            + compare(
                "misses", a.gate?.missRate, b.gate?.missRate, a.gate?.misses, b.gate?.misses,
                a.gate?.meant, b.gate?.meant)
        line +=
            "; "
            + compare(
                "false triggers", a.gate?.falseTriggerRate, b.gate?.falseTriggerRate,
                a.gate?.falseTriggers, b.gate?.falseTriggers, a.gate?.others, b.gate?.others)
        return line
    }

    /// The line counting the gestures in both runs and those decided differently.
    func gesturesLine() -> String {
        let sug = changed.filter { $0.rule == "suggested" },
            cur = changed.filter { $0.rule == "current" }
        return
            "gestures: \(inBoth) in both, \(onlyInA) only in \(nameA), \(onlyInB) only in \(nameB); decided differently: \(sug.count) by the suggested rule (\(sug.filter { $0.nowRight == true }.count) now right, \(sug.filter { $0.nowRight == false }.count) now wrong), \(cur.count) by the current one"
    }

    /// What params.json ships in each run (`summary.recommendation`: which set, and its rule
    /// with its values) and its end-to-end error, cross-validated; says first when what ships
    /// changed, its values included. nil when neither report says (older reports).
    func shipsLine() -> String? {
        func what(_ s: ReportDocument.Summary) -> String? {
            guard let r = s.recommendation else { return nil }
            let suggested = s.suggestedRule.reportDescription(extent: s.extent)
            let current = s.currentRule.reportDescription(extent: s.extent)
            switch r {
            case "tuned": return "the tuned rule, \(suggested)"
            case "preset": return "the \(s.recommendedPreset ?? "") preset"
            case "unlabelled": return "the inferred split, \(suggested)"
            case "tooFew": return "the current set (too few labels), \(current)"
            default: return "the current set, \(current)"
            }
        }
        guard let wa = what(a.summary), let wb = what(b.summary) else { return nil }
        let ea = a.summary.shippedCrossValidatedError.map(NumberText.percent)
        let eb = b.summary.shippedCrossValidatedError.map(NumberText.percent)
        let errors =
            ea == nil && eb == nil
            ? "" : "; \(ea ?? "n/a") → \(eb ?? "n/a") end to end, cross-validated"
        if wa == wb, a.summary.recommendedPreset == b.summary.recommendedPreset {
            return "ships: \(wb) in both\(errors)"
        }
        return "ships: changed, \(wa) → \(wb)\(errors)"
    }

    /// The text lines (stdout).
    public func lines(limit: Int = 50) -> [String] {
        var out = ["\(nameA) → \(nameB)"]
        // What ships first: the change a reviewer must see before the errors.
        if let ships = shipsLine() { out.append(ships) }
        let labelled = a.summary.labelled && b.summary.labelled
        let sources =
            a.summary.currentSource == b.summary.currentSource
            ? a.summary.currentSource : "\(a.summary.currentSource) → \(b.summary.currentSource)"
        out.append(
            errorLine(
                "error, current (\(sources))", a.summary.currentError, b.summary.currentError,
                a.summary.currentMisdecided, b.summary.currentMisdecided, labelled: labelled))
        out.append(
            errorLine(
                "error, suggested (cross-validated; misdecided in sample)",
                a.summary.suggestedError, b.summary.suggestedError, a.summary.suggestedMisdecided,
                b.summary.suggestedMisdecided, labelled: labelled))
        var rule = "suggested rule: "
        if a.summary.suggestedRule == b.summary.suggestedRule {
            rule +=
                "unchanged, " + a.summary.suggestedRule.reportDescription(extent: b.summary.extent)
        } else if a.summary.suggestedRule.family != b.summary.suggestedRule.family {
            rule +=
                a.summary.suggestedRule.reportDescription(extent: a.summary.extent) + " → "
                + b.summary.suggestedRule.reportDescription(extent: b.summary.extent)
        } else {
            rule += a.summary.suggestedRule.family.rawValue + " "
            rule += parameters.filter { $0.before != $0.after }.map {
                "\($0.symbol) \(value($0.before, $0.unit)) → \(value($0.after, $0.unit))"
            }.joined(separator: ", ")
        }
        out.append(rule)
        if let gate = gateLine() { out.append(gate) }
        out.append(gesturesLine())
        for c in changed.prefix(limit) {
            let verdict = c.nowRight.map { $0 ? "now right" : "now wrong" } ?? "unlabelled"
            out.append(
                "  \(c.id)\(c.file.isEmpty ? "" : " (\(c.file))") \(c.rule): \(c.before.rawValue) → \(c.after.rawValue), intent \(c.intent?.rawValue ?? "none"): \(verdict)"
            )
        }
        if changed.count > limit {
            out.append("  … and \(changed.count - limit) more (--format json lists all)")
        }
        return out
    }

    public static let schema = "gesturetune.diff/1"

    /// `--format json`: every changed gesture.
    public func json() -> String {
        var w = JSONWriter(compactDepth: 2)
        w.beginObject()
        w.string("schema", Self.schema)
        w.string("a", nameA)
        w.string("b", nameB)
        for (key, x, y) in [
            ("currentError", a.summary.currentError, b.summary.currentError),
            ("suggestedError", a.summary.suggestedError, b.summary.suggestedError),
        ] {
            w.beginObject(key)
            w.number("a", x)
            w.number("b", y)
            w.number("change", x.flatMap { x in y.map { $0 - x } })
            w.endObject()
        }
        if a.gate != nil || b.gate != nil {
            w.beginObject("gate")
            for (key, g) in [("a", a.gate), ("b", b.gate)] {
                guard let g else {
                    w.null(key)
                    continue
                }
                w.beginObject(key)
                w.number("edgeWidth", g.edgeWidth)
                w.number("lockAngle", g.lockAngle)
                w.number("slop", g.slop)
                w.bool("falseTriggersMeasured", g.falseTriggersMeasured)
                w.int("misses", g.misses)
                w.int("meant", g.meant)
                w.number("missRate", g.missRate)
                w.int("falseTriggers", g.falseTriggers)
                w.int("others", g.others)
                w.number("falseTriggerRate", g.falseTriggerRate)
                w.endObject()
            }
            for (key, x, y) in [
                ("missRateChange", a.gate?.missRate, b.gate?.missRate),
                ("falseTriggerRateChange", a.gate?.falseTriggerRate, b.gate?.falseTriggerRate),
            ] {
                w.number(key, x.flatMap { x in y.map { $0 - x } })
            }
            w.endObject()
        } else {
            w.null("gate")
        }
        JSONRenderer.writeRule("suggestedRuleA", a.summary.suggestedRule, into: &w)
        JSONRenderer.writeRule("suggestedRuleB", b.summary.suggestedRule, into: &w)
        JSONRenderer.writeRule("currentRuleA", a.summary.currentRule, into: &w)
        JSONRenderer.writeRule("currentRuleB", b.summary.currentRule, into: &w)
        w.int("gesturesInBoth", inBoth)
        w.int("onlyInA", onlyInA)
        w.int("onlyInB", onlyInB)
        w.beginArray("changed")
        for c in changed {
            w.beginObject()
            w.string("id", c.id)
            w.string("file", c.file)
            w.string("rule", c.rule)
            w.string("intent", c.intent?.rawValue)
            w.string("before", c.before.rawValue)
            w.string("after", c.after.rawValue)
            if let r = c.nowRight { w.bool("nowRight", r) } else { w.null("nowRight") }
            w.endObject()
        }
        w.endArray()
        w.endObject()
        var s = ""
        w.flush(to: &s)
        return s + "\n"
    }

    /// `--format html`: one self-contained page.
    public func html() -> String {
        let h = Text.xml
        var o =
            "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        o +=
            "<title>gesturetune diff: \(h(nameA)) → \(h(nameB))</title>\n<style>\n\(HTMLRenderer.stylesheet)\n\(HTMLRenderer.interactiveStylesheet)\n</style>\n</head>\n<body>\n<main>\n"
        o += "<h1>What changed: \(h(nameA)) → \(h(nameB))</h1>\n"
        let text = lines(limit: 0)
        o += "<p class=\"headline\">\(h(text[2]))</p>\n"
        var errors = ReportTable(headers: ["error", nameA, nameB, "change"], rows: [])
        for (name, x, y) in [
            ("current", a.summary.currentError, b.summary.currentError),
            ("suggested (cross-validated)", a.summary.suggestedError, b.summary.suggestedError),
        ] {
            errors.rows.append([
                name, NumberText.percent(x), NumberText.percent(y),
                x.flatMap { x in y.map { NumberText.pointsChange($0 - x) } } ?? "n/a",
            ])
        }
        o += "<h2>Error</h2>\n"
        HTMLRenderer.table(&o, errors)
        o +=
            "<h2>Suggested parameters</h2>\n<p>\(h(a.summary.suggestedRule.reportDescription(extent: a.summary.extent))) → \(h(b.summary.suggestedRule.reportDescription(extent: b.summary.extent)))</p>\n"
        HTMLRenderer.table(
            &o,
            ReportTable(
                headers: ["parameter", "unit", nameA, nameB],
                rows: parameters.map {
                    [
                        $0.symbol, $0.unit.rawValue, value($0.before, $0.unit),
                        value($0.after, $0.unit),
                    ]
                }))
        if let gate = gateLine() {
            o += "<h2>Start-of-gesture gate</h2>\n<p>\(h(gate))</p>\n"
        }
        o += "<h2>Gestures decided differently</h2>\n<p>\(h(gesturesLine()))</p>\n"
        HTMLRenderer.table(
            &o,
            ReportTable(
                headers: ["id", "file", "rule", "intent", nameA, nameB, "verdict"],
                rows: changed.map {
                    [
                        $0.id, $0.file, $0.rule, $0.intent?.rawValue ?? "—", $0.before.rawValue,
                        $0.after.rawValue,
                        $0.nowRight.map { $0 ? "now right" : "now wrong" } ?? "—",
                    ]
                },
                rowClasses: changed.map { $0.nowRight == false ? "miss" : "" }))
        o += "</main>\n</body>\n</html>\n"
        return o
    }
}
