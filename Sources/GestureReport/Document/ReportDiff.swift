import Foundation
import GesturePhysics
import GestureTrace

/// What `gesturetune diff` reads from one `report.json`: the summary's errors and rules, and
/// each gesture's intent and decisions. Rule parameters are read by the keys of the one
/// parameter table (`RuleFamily.parameterSpecs`), `"inf"` as `+∞`.
public struct ReportSnapshot: Sendable, Equatable {
    public struct Gesture: Sendable, Equatable {
        public var file: String
        public var id: String
        public var intent: Intent?
        public var current: Intent
        public var suggested: Intent
    }

    public var files: [String]
    public var gesturesUsed: Int
    public var labelled: Bool
    public var currentSource: String
    public var currentRule: Rule
    public var suggestedRule: Rule
    public var currentError: Double?
    public var suggestedError: Double?
    public var currentMisdecided: Int
    public var suggestedMisdecided: Int
    public var extent: Double
    public var gestures: [Gesture]

    /// Why a `report.json` could not be read: a message naming what was expected and found.
    public struct Problem: Error, Sendable, Equatable {
        public var message: String
    }

    /// Reads the bytes of a `report.json` (`JSONRenderer.schema`).
    public static func decode(_ data: Data) throws(Problem) -> ReportSnapshot {
        guard let any = try? JSONSerialization.jsonObject(with: data), let top = any as? [String: Any] else {
            throw Problem(message: "expected a JSON object, found text that is not one")
        }
        let schema = top["schema"] as? String
        guard schema == JSONRenderer.schema else {
            throw Problem(message: "expected \"schema\": \"\(JSONRenderer.schema)\", found \(schema.map { "\"\($0)\"" } ?? "none")")
        }
        guard let s = top["summary"] as? [String: Any] else { throw Problem(message: "expected a \"summary\" object, found none") }
        func number(_ o: [String: Any], _ key: String, at path: String) throws(Problem) -> Double? {
            switch o[key] {
            case nil, is NSNull: return nil
            case let n as NSNumber: return n.doubleValue
            case let t as String where RuleParameterSpec.infinityTexts.contains(t.lowercased()): return .infinity
            case let t as String where t.lowercased() == RuleParameterSpec.negativeInfinityText: return -.infinity
            default: throw Problem(message: "expected a number at \(path).\(key), found \(String(describing: o[key]!))")
            }
        }
        func rule(_ key: String) throws(Problem) -> Rule {
            guard let o = s[key] as? [String: Any], let name = o["family"] as? String, let family = RuleFamily(rawValue: name) else {
                throw Problem(message: "expected summary.\(key) with a rule family (\(RuleFamily.allCases.map(\.rawValue).joined(separator: ", "))), found none")
            }
            return try Rule(family: family) { (spec) throws(Problem) -> Double in
                guard let v = try number(o, spec.key, at: "summary.\(key)") else {
                    throw Problem(message: "expected summary.\(key).\(spec.key), found none")
                }
                return v
            }
        }
        var gestures: [Gesture] = []
        for (k, item) in ((top["gestures"] as? [Any]) ?? []).enumerated() {
            guard let g = item as? [String: Any], let id = g["id"] as? String,
                let current = (g["currentDecision"] as? String).flatMap(Intent.init(rawValue:)),
                let suggested = (g["suggestedDecision"] as? String).flatMap(Intent.init(rawValue:))
            else { throw Problem(message: "expected gestures[\(k)] with id, currentDecision and suggestedDecision, found another value") }
            gestures.append(Gesture(
                file: g["file"] as? String ?? "", id: id, intent: (g["intent"] as? String).flatMap(Intent.init(rawValue:)),
                current: current, suggested: suggested))
        }
        return ReportSnapshot(
            files: s["files"] as? [String] ?? [], gesturesUsed: s["gesturesUsed"] as? Int ?? gestures.count,
            labelled: s["labelled"] as? Bool ?? false, currentSource: s["currentSource"] as? String ?? "current",
            currentRule: try rule("currentRule"), suggestedRule: try rule("suggestedRule"),
            currentError: try number(s, "currentError", at: "summary"), suggestedError: try number(s, "suggestedError", at: "summary"),
            currentMisdecided: s["currentMisdecided"] as? Int ?? 0, suggestedMisdecided: s["suggestedMisdecided"] as? Int ?? 0,
            extent: try number(s, "extent", at: "summary") ?? 390, gestures: gestures)
    }
}

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

    public var a: ReportSnapshot
    public var b: ReportSnapshot
    public var nameA: String
    public var nameB: String
    /// The suggested rule's parameters side by side (by key; a family change lists both families' keys).
    public var parameters: [ParameterChange]
    public var changed: [ChangedGesture]
    public var inBoth: Int
    public var onlyInA: Int
    public var onlyInB: Int

    public init(_ a: ReportSnapshot, _ b: ReportSnapshot, nameA: String, nameB: String) {
        self.a = a
        self.b = b
        self.nameA = nameA
        self.nameB = nameB
        let pa = a.suggestedRule.parameters, pb = b.suggestedRule.parameters
        var keys = pa.map(\.spec)
        for s in pb.map(\.spec) where !keys.contains(s) { keys.append(s) }
        parameters = keys.map { spec in
            ParameterChange(
                symbol: spec.symbol, key: spec.key, unit: spec.unit,
                before: pa.first { $0.spec == spec }?.value, after: pb.first { $0.spec == spec }?.value)
        }
        // By the file's name (runs from different folders name one file differently) and the id.
        struct Key: Hashable {
            var file: Substring
            var id: String
            init(_ g: ReportSnapshot.Gesture) {
                file = g.file.split(separator: "/", omittingEmptySubsequences: false).last ?? ""
                id = g.id
            }
        }
        var index: [Key: ReportSnapshot.Gesture] = [:]
        for g in a.gestures { index[Key(g)] = g }
        var both = 0, changed: [ChangedGesture] = []
        var seen = Set<Key>()
        for g in b.gestures {
            let k = Key(g)
            guard let old = index[k], seen.insert(k).inserted else { continue }
            both += 1
            if old.suggested != g.suggested {
                changed.append(ChangedGesture(file: g.file, id: g.id, intent: g.intent ?? old.intent, rule: "suggested", before: old.suggested, after: g.suggested))
            }
            if old.current != g.current {
                changed.append(ChangedGesture(file: g.file, id: g.id, intent: g.intent ?? old.intent, rule: "current", before: old.current, after: g.current))
            }
        }
        self.changed = changed
        inBoth = both
        onlyInA = a.gestures.count - both
        onlyInB = b.gestures.count - both
    }

    func value(_ x: Double?, _ unit: ParameterUnit) -> String {
        guard let x else { return "—" }
        return ParameterFormat.value(x, unit: unit, extent: b.extent)
    }

    func errorLine(_ name: String, _ x: Double?, _ y: Double?, _ mx: Int, _ my: Int, labelled: Bool) -> String {
        guard labelled else { return "\(name): unknown (no intent labels)" }
        var line = "\(name): \(NumberText.percent(x)) (\(mx)) → \(NumberText.percent(y)) (\(my))"
        if let x, let y { line += ", " + NumberText.pointsChange(y - x) }
        return line
    }

    /// The text lines (stdout).
    public func lines(limit: Int = 50) -> [String] {
        var out = ["\(nameA) → \(nameB)"]
        let labelled = a.labelled && b.labelled
        let sources = a.currentSource == b.currentSource ? a.currentSource : "\(a.currentSource) → \(b.currentSource)"
        out.append(errorLine("error, current (\(sources))", a.currentError, b.currentError, a.currentMisdecided, b.currentMisdecided, labelled: labelled))
        out.append(errorLine("error, suggested (cross-validated; misdecided in sample)", a.suggestedError, b.suggestedError, a.suggestedMisdecided, b.suggestedMisdecided, labelled: labelled))
        var rule = "suggested rule: "
        if a.suggestedRule == b.suggestedRule {
            rule += "unchanged, " + a.suggestedRule.reportDescription(extent: b.extent)
        } else if a.suggestedRule.family != b.suggestedRule.family {
            rule += a.suggestedRule.reportDescription(extent: a.extent) + " → " + b.suggestedRule.reportDescription(extent: b.extent)
        } else {
            rule += a.suggestedRule.family.rawValue + " "
            rule += parameters.filter { $0.before != $0.after }.map { "\($0.symbol) \(value($0.before, $0.unit)) → \(value($0.after, $0.unit))" }.joined(separator: ", ")
        }
        out.append(rule)
        let sug = changed.filter { $0.rule == "suggested" }, cur = changed.filter { $0.rule == "current" }
        out.append("gestures: \(inBoth) in both, \(onlyInA) only in \(nameA), \(onlyInB) only in \(nameB); decided differently: \(sug.count) by the suggested rule (\(sug.filter { $0.nowRight == true }.count) now right, \(sug.filter { $0.nowRight == false }.count) now wrong), \(cur.count) by the current one")
        for c in changed.prefix(limit) {
            let verdict = c.nowRight.map { $0 ? "now right" : "now wrong" } ?? "unlabelled"
            out.append("  \(c.id)\(c.file.isEmpty ? "" : " (\(c.file))") \(c.rule): \(c.before.rawValue) → \(c.after.rawValue), intent \(c.intent?.rawValue ?? "none"): \(verdict)")
        }
        if changed.count > limit { out.append("  … and \(changed.count - limit) more (--format json lists all)") }
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
        for (key, x, y) in [("currentError", a.currentError, b.currentError), ("suggestedError", a.suggestedError, b.suggestedError)] {
            w.beginObject(key)
            w.number("a", x)
            w.number("b", y)
            w.number("change", x.flatMap { x in y.map { $0 - x } })
            w.endObject()
        }
        JSONRenderer.writeRule("suggestedRuleA", a.suggestedRule, into: &w)
        JSONRenderer.writeRule("suggestedRuleB", b.suggestedRule, into: &w)
        JSONRenderer.writeRule("currentRuleA", a.currentRule, into: &w)
        JSONRenderer.writeRule("currentRuleB", b.currentRule, into: &w)
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
        var o = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        o += "<title>gesturetune diff: \(h(nameA)) → \(h(nameB))</title>\n<style>\n\(HTMLRenderer.stylesheet)\n\(HTMLRenderer.interactiveStylesheet)\n</style>\n</head>\n<body>\n<main>\n"
        o += "<h1>What changed: \(h(nameA)) → \(h(nameB))</h1>\n"
        let text = lines(limit: 0)
        o += "<p class=\"headline\">\(h(text[2]))</p>\n"
        var errors = ReportTable(headers: ["error", nameA, nameB, "change"], rows: [])
        for (name, x, y) in [("current", a.currentError, b.currentError), ("suggested (cross-validated)", a.suggestedError, b.suggestedError)] {
            errors.rows.append([name, NumberText.percent(x), NumberText.percent(y), x.flatMap { x in y.map { NumberText.pointsChange($0 - x) } } ?? "n/a"])
        }
        o += "<h2>Error</h2>\n"
        HTMLRenderer.table(&o, errors)
        o += "<h2>Suggested parameters</h2>\n<p>\(h(a.suggestedRule.reportDescription(extent: a.extent))) → \(h(b.suggestedRule.reportDescription(extent: b.extent)))</p>\n"
        HTMLRenderer.table(&o, ReportTable(headers: ["parameter", "unit", nameA, nameB], rows: parameters.map { [$0.symbol, $0.unit.rawValue, value($0.before, $0.unit), value($0.after, $0.unit)] }))
        o += "<h2>Gestures decided differently</h2>\n<p>\(h(text[3]))</p>\n"
        HTMLRenderer.table(&o, ReportTable(
            headers: ["id", "file", "rule", "intent", nameA, nameB, "verdict"],
            rows: changed.map { [$0.id, $0.file, $0.rule, $0.intent?.rawValue ?? "—", $0.before.rawValue, $0.after.rawValue, $0.nowRight.map { $0 ? "now right" : "now wrong" } ?? "—"] },
            rowClasses: changed.map { $0.nowRight == false ? "miss" : "" }))
        o += "</main>\n</body>\n</html>\n"
        return o
    }
}
