import Foundation
import GestureIO
import GesturePhysics
import GestureTrace
import GestureTuning

/// `report.json` (`gesturetune.report/1`) as one value: `JSONRenderer` writes its summary from
/// it, and `gesturetune diff` reads it back with `JSONDecoder`.
///
/// The writer keeps its own key order and number format (`JSONWriter`), so the file's bytes do not
/// depend on an encoder. Decoding is checked: every number finite and inside its range (errors
/// are fractions from 0 to 1, counts are 0 or more, the extent is positive, rule parameters obey
/// the parameter table), and a problem names the key where it was found. The gestures hold the
/// keys a comparison of two runs needs; the file has more, which decoding passes over.
public struct ReportDocument: Sendable, Equatable, Decodable {
    public var schema: String
    public var name: String?
    public var generator: String?
    public var summary: Summary
    /// `parameters.rows`: each suggested parameter with its 95% interval (empty in a report
    /// without the section).
    public var parameters: [Parameter]
    public var gestures: [Gesture]
    /// `gate`: the start-of-gesture gate (nil in reports written without one).
    public var gate: Gate?

    /// One row of `parameters.rows`: what `diff --fail-on-moved` compares.
    public struct Parameter: Sendable, Equatable {
        /// `p_th`, `v_th`, `tau`, ... (the report's symbol).
        public var symbol: String
        public var unit: ParameterUnit?
        /// The suggested value (`"inf"` read as infinity); nil when the report has none.
        public var suggested: Double?
        /// The suggestion's 95% interval (bootstrap, or ±1.96 SE for logistic); nil when none
        /// was computed (`--resamples 0`, a parameter not searched). A bound written `null`
        /// (not finite) is unbounded on its side.
        public var interval: Interval?
    }

    /// The `summary` object: the run's headline figures (the terminal's JSON summary is this too).
    public struct Summary: Sendable, Equatable {
        public struct Skip: Sendable, Equatable {
            public var reason: String
            public var unit: String
            public var count: Int
        }

        /// A paired difference of error (`PairedDifference`): fractions, rule − current.
        public struct Difference: Sendable, Equatable, Decodable {
            public var estimate: Double
            public var lower: Double
            public var upper: Double
            public var level: Double
            public var gestures: Int
            /// How likely the rule misreads fewer than the current set
            /// (`PairedDifference.probabilityBetter`).
            public var probabilityBetter: Double?

            init(_ d: PairedDifference) {
                probabilityBetter = d.probabilityBetter
                estimate = d.estimate
                lower = d.lower
                upper = d.upper
                level = d.level
                gestures = d.gestures
            }
        }

        public var files: [String]
        public var gesturesRead: Int?
        public var gesturesUsed: Int
        public var skipped: [Skip]
        public var skippedTotal: Int?
        public var rowsRead: Int?
        public var rowsSkipped: Int?
        public var rowsSkippedShare: Double?
        public var coordinateUnit: String?
        public var labelled: Bool
        public var direction: String?
        public var extent: Double
        public var extentSource: String?
        public var currentSource: String
        public var currentRule: Rule
        public var suggestedRule: Rule
        public var suggestionInferred: Bool
        /// End to end (gate, then release; docs/gate.md): the current set's share of meant and
        /// `other` gestures the transition gets wrong.
        public var currentError: Double?
        /// End to end: the tuned release rule under the gate that ships, cross-validated.
        public var suggestedError: Double?
        /// End to end: what params.json ships, in sample and cross-validated.
        public var shippedError: Double?
        public var shippedCrossValidatedError: Double?
        /// The parts of the end-to-end figures (nil when nothing is labelled).
        public var endToEnd: ReportDocument.EndToEnd?
        public var errorChange: Double?
        public var keepCurrent: Bool
        /// What ships: `tuned`, `current`, `preset`, `unlabelled` or `tooFew`
        /// (`Recommendation.Choice`), with the preset's name.
        public var recommendation: String?
        public var recommendedPreset: String?
        /// Tuned − current error, paired by fold, with its interval (fractions).
        public var tunedDifference: Difference?
        public var presetDifference: Difference?
        /// About how many labelled gestures in all would settle the difference from the
        /// current set, and narrow the tuned `p_th` to ±0.05.
        public var gesturesToResolve: Int?
        public var gesturesForProgressPrecision: Int?
        /// Points of expected error a change had to save to ship (`--switch-cost`).
        public var switchCost: Double?
        public var currentMisdecided: Int
        public var suggestedMisdecided: Int
        public var headline: String?
        public var warnings: [String]
        public var ignoredColumns: [String]
    }

    /// The parts of the end-to-end figures: over `gestures` (meant + other), the current set's
    /// and the shipped set's refused meant gestures, admitted and misdecided meant gestures and
    /// admitted `other` gestures; which gate ships; whether every count is exact (else an
    /// upper bound).
    public struct EndToEnd: Sendable, Equatable, Decodable {
        public struct Parts: Sendable, Equatable, Decodable {
            public var refused: Int
            public var misdecided: Int
            public var falseTriggers: Int
            public var errors: Int
        }
        public var gestures: Int
        public var meant: Int
        public var others: Int
        public var current: Parts
        public var shipped: Parts
        public var shippedCrossValidatedErrors: Int
        /// `tuned` or `current`.
        public var gate: String
        public var gateMeasured: Bool
        public var exact: Bool
    }

    /// One record of `gestures`: where it came from, its intent and both rules' decisions.
    public struct Gesture: Sendable, Equatable, Decodable {
        public var file: String
        public var id: String
        public var intent: Intent?
        public var currentDecision: Intent
        public var suggestedDecision: Intent

        private enum Key: String, CodingKey {
            case file, id, intent, currentDecision, suggestedDecision
        }

        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: Key.self)
            file = try c.decodeIfPresent(String.self, forKey: .file) ?? ""
            id = try c.decode(String.self, forKey: .id)
            intent = try c.decodeIfPresent(Intent.self, forKey: .intent)
            currentDecision = try c.decode(Intent.self, forKey: .currentDecision)
            suggestedDecision = try c.decode(Intent.self, forKey: .suggestedDecision)
        }
    }

    /// Why a `report.json` could not be read: what was expected, where, and what was found.
    public struct Problem: Error, Sendable, Equatable {
        public var message: String
    }

    /// Reads the bytes of a `report.json`.
    public static func decode(_ data: Data) throws(Problem) -> ReportDocument {
        do {
            return try JSONDecoder().decode(ReportDocument.self, from: data)
        } catch let problem as Problem {
            throw problem
        } catch let error as DecodingError {
            throw Problem(message: Self.message(error))
        } catch {
            throw Problem(message: "expected a JSON object, found text that is not one")
        }
    }
}

// MARK: - Writing

extension ReportDocument.Summary {
    /// The summary of `model`, as report.json holds it.
    public init(_ model: ReportModel) {
        let s = model.summary
        files = s.files
        gesturesRead = s.gesturesRead
        gesturesUsed = s.gesturesUsed
        skipped = s.skipped.map { Skip(reason: $0.reason, unit: $0.unit.rawValue, count: $0.count) }
        skippedTotal = s.skippedTotal
        rowsRead = s.rowsRead
        rowsSkipped = s.skippedTotal(.rows)
        rowsSkippedShare = s.rowsSkippedShare
        coordinateUnit = s.coordinateUnit.rawValue
        labelled = s.labelled
        direction = s.direction.rawValue
        extent = s.extent
        extentSource = s.extentSource.rawValue
        currentSource = s.currentSource
        currentRule = s.currentRule
        suggestedRule = s.suggestedRule
        suggestionInferred = s.suggestionInferred
        currentError = s.currentError
        suggestedError = s.suggestedError
        shippedError = model.endToEnd?.shippedError
        shippedCrossValidatedError = model.endToEnd?.shippedCrossValidatedError
        endToEnd = model.endToEnd.map { e in
            func parts(_ c: EndToEndCount) -> ReportDocument.EndToEnd.Parts {
                ReportDocument.EndToEnd.Parts(
                    refused: c.refused, misdecided: c.misdecided, falseTriggers: c.falseTriggers,
                    errors: c.errors)
            }
            return ReportDocument.EndToEnd(
                gestures: e.gestures, meant: e.current.meant, others: e.current.others,
                current: parts(e.current), shipped: parts(e.shipped),
                shippedCrossValidatedErrors: e.shippedCrossValidatedErrors,
                gate: e.tunedGateShips ? "tuned" : "current", gateMeasured: e.gateMeasured,
                exact: e.exact)
        }
        errorChange = model.errorChange
        keepCurrent = model.keepCurrent
        let r = model.recommendation
        recommendation = model.recommendationChoice.rawValue
        recommendedPreset = r?.preset
        tunedDifference = r?.tunedDifference.map(Difference.init)
        presetDifference = r?.presetDifference.map(Difference.init)
        gesturesToResolve = r?.gesturesToResolve
        gesturesForProgressPrecision = r?.gesturesForProgressPrecision
        switchCost = r?.switchCost
        currentMisdecided = s.currentMisdecided
        suggestedMisdecided = s.suggestedMisdecided
        headline = model.headline
        warnings = s.warnings.map(\.sentence)
        ignoredColumns = s.ignoredColumns
    }

    /// Writes the `summary` object, keys in report order.
    func write(into w: inout JSONWriter) {
        w.beginObject("summary")
        w.strings("files", files)
        w.int("gesturesRead", gesturesRead)
        w.int("gesturesUsed", gesturesUsed)
        w.beginArray("skipped")
        for k in skipped {
            w.beginObject()
            w.string("reason", k.reason)
            w.string("unit", k.unit)
            w.int("count", k.count)
            w.endObject()
        }
        w.endArray()
        w.int("skippedTotal", skippedTotal)
        w.int("rowsRead", rowsRead)
        w.int("rowsSkipped", rowsSkipped)
        w.number("rowsSkippedShare", rowsSkippedShare)
        w.string("coordinateUnit", coordinateUnit)
        w.bool("labelled", labelled)
        w.string("direction", direction)
        w.number("extent", extent)
        w.string("extentSource", extentSource)
        w.string("currentSource", currentSource)
        JSONRenderer.writeRule("currentRule", currentRule, into: &w)
        JSONRenderer.writeRule("suggestedRule", suggestedRule, into: &w)
        w.bool("suggestionInferred", suggestionInferred)
        w.number("currentError", currentError)
        w.number("suggestedError", suggestedError)
        w.number("shippedError", shippedError)
        w.number("shippedCrossValidatedError", shippedCrossValidatedError)
        if let e = endToEnd {
            w.beginObject("endToEnd")
            w.int("gestures", e.gestures)
            w.int("meant", e.meant)
            w.int("others", e.others)
            for (key, p) in [("current", e.current), ("shipped", e.shipped)] {
                w.beginObject(key)
                w.int("refused", p.refused)
                w.int("misdecided", p.misdecided)
                w.int("falseTriggers", p.falseTriggers)
                w.int("errors", p.errors)
                w.endObject()
            }
            w.int("shippedCrossValidatedErrors", e.shippedCrossValidatedErrors)
            w.string("gate", e.gate)
            w.bool("gateMeasured", e.gateMeasured)
            w.bool("exact", e.exact)
            w.endObject()
        } else {
            w.null("endToEnd")
        }
        w.number("errorChange", errorChange)
        w.bool("keepCurrent", keepCurrent)
        w.string("recommendation", recommendation)
        w.string("recommendedPreset", recommendedPreset)
        for (key, d) in [
            ("tunedDifference", tunedDifference), ("presetDifference", presetDifference),
        ] {
            guard let d else {
                w.null(key)
                continue
            }
            w.beginObject(key)
            w.number("estimate", d.estimate)
            w.number("lower", d.lower)
            w.number("upper", d.upper)
            w.number("probabilityBetter", d.probabilityBetter)
            w.number("level", d.level)
            w.int("gestures", d.gestures)
            w.endObject()
        }
        w.int("gesturesToResolve", gesturesToResolve)
        w.int("gesturesForProgressPrecision", gesturesForProgressPrecision)
        w.number("switchCost", switchCost)
        w.int("currentMisdecided", currentMisdecided)
        w.int("suggestedMisdecided", suggestedMisdecided)
        w.string("headline", headline)
        w.strings("warnings", warnings)
        w.strings("ignoredColumns", ignoredColumns)
        w.endObject()
    }
}

// MARK: - Checked decoding

extension ReportDocument {
    private enum Key: String, CodingKey {
        case schema, name, generator, summary, parameters, gestures, gate
    }

    private enum ParametersKey: String, CodingKey { case rows }
    private enum RowKey: String, CodingKey { case symbol, unit, suggested, interval }
    private enum IntervalKey: String, CodingKey { case low, high }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Key.self)
        let schema = try? c.decodeIfPresent(String.self, forKey: .schema)
        guard schema == JSONRenderer.schema else {
            let found = schema.map { "\"\($0)\"" } ?? "none"
            let expected = "\"schema\": \"\(JSONRenderer.schema)\""
            throw Problem(message: "expected \(expected), found \(found)")
        }
        self.schema = JSONRenderer.schema
        name = try c.decodeIfPresent(String.self, forKey: .name)
        generator = try c.decodeIfPresent(String.self, forKey: .generator)
        guard c.contains(.summary) else {
            throw Problem(message: "expected a \"summary\" object, found none")
        }
        summary = try c.decode(Summary.self, forKey: .summary)
        parameters = try Self.parameters(c)
        gestures = try c.decodeIfPresent([Gesture].self, forKey: .gestures) ?? []
        gate = try c.decodeIfPresent(Gate.self, forKey: .gate)
    }

    /// `parameters.rows` (absent: none), each row's symbol, unit, suggested value and interval.
    private static func parameters(_ c: KeyedDecodingContainer<Key>) throws -> [Parameter] {
        guard c.contains(.parameters), try !c.decodeNil(forKey: .parameters) else { return [] }
        let section = try c.nestedContainer(keyedBy: ParametersKey.self, forKey: .parameters)
        guard section.contains(.rows) else { return [] }
        var rows = try section.nestedUnkeyedContainer(forKey: .rows)
        var out: [Parameter] = []
        while !rows.isAtEnd {
            let row = try rows.nestedContainer(keyedBy: RowKey.self)
            let symbol = try row.decode(String.self, forKey: .symbol)
            let unit = try row.decodeIfPresent(String.self, forKey: .unit).flatMap(
                ParameterUnit.init(rawValue:))
            var suggested: Double?
            if let text = try? row.decode(String.self, forKey: .suggested) {
                guard RuleParameterSpec.infinityTexts.contains(text.lowercased()) else {
                    let at = path(row.codingPath + [RowKey.suggested])
                    throw Problem(
                        message: "expected a number or \"inf\" at \(at), found \"\(text)\"")
                }
                suggested = .infinity
            } else {
                suggested = try row.decodeIfPresent(Double.self, forKey: .suggested)
            }
            var interval: Interval?
            if row.contains(.interval), try !row.decodeNil(forKey: .interval) {
                let i = try row.nestedContainer(keyedBy: IntervalKey.self, forKey: .interval)
                interval = Interval(
                    low: try i.decodeIfPresent(Double.self, forKey: .low) ?? -.infinity,
                    high: try i.decodeIfPresent(Double.self, forKey: .high) ?? .infinity)
            }
            out.append(
                Parameter(symbol: symbol, unit: unit, suggested: suggested, interval: interval))
        }
        return out
    }

    /// `summary.currentError` for the path `[summary, currentError]`; `gestures[3].id` with an
    /// index.
    static func path(_ codingPath: [any CodingKey]) -> String {
        DecodingProblem.path(codingPath)
    }

    static func message(_ error: DecodingError) -> String {
        DecodingProblem.message(error, document: "a JSON object")
    }
}

extension ReportDocument.Summary: Decodable {
    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(_ name: String) { stringValue = name }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Key.self)
        func problem(_ key: String, _ expected: String, _ found: Double) -> ReportDocument.Problem {
            let where_ = ReportDocument.path(c.codingPath + [Key(key)])
            let message = "expected \(expected) at \(where_), found \(found)"
            return ReportDocument.Problem(message: message)
        }
        func number(
            _ key: String, in range: ClosedRange<Double>, _ expected: String
        ) throws -> Double? {
            guard let x = try c.decodeIfPresent(Double.self, forKey: Key(key)) else { return nil }
            guard x.isFinite, range.contains(x) else { throw problem(key, expected, x) }
            return x
        }
        func count(_ key: String) throws -> Int? {
            guard let n = try c.decodeIfPresent(Int.self, forKey: Key(key)) else { return nil }
            guard n >= 0 else { throw problem(key, "a count of 0 or more", Double(n)) }
            return n
        }
        let fraction = "a fraction from 0 to 1"
        files = try c.decodeIfPresent([String].self, forKey: Key("files")) ?? []
        gesturesRead = try count("gesturesRead")
        skipped = try c.decodeIfPresent([Skip].self, forKey: Key("skipped")) ?? []
        skippedTotal = try count("skippedTotal")
        rowsRead = try count("rowsRead")
        rowsSkipped = try count("rowsSkipped")
        rowsSkippedShare = try number("rowsSkippedShare", in: 0...1, fraction)
        coordinateUnit = try c.decodeIfPresent(String.self, forKey: Key("coordinateUnit"))
        labelled = try c.decodeIfPresent(Bool.self, forKey: Key("labelled")) ?? false
        direction = try c.decodeIfPresent(String.self, forKey: Key("direction"))
        // A report without an extent was measured on the default 390 pt container.
        extent =
            try number(
                "extent", in: Double.leastNonzeroMagnitude...Double.greatestFiniteMagnitude,
                "a positive number") ?? PhysicsOptions.defaultExtent
        extentSource = try c.decodeIfPresent(String.self, forKey: Key("extentSource"))
        currentSource =
            try c.decodeIfPresent(String.self, forKey: Key("currentSource")) ?? "current"
        currentRule = try Self.rule(c, "currentRule")
        suggestedRule = try Self.rule(c, "suggestedRule")
        suggestionInferred =
            try c.decodeIfPresent(Bool.self, forKey: Key("suggestionInferred")) ?? false
        currentError = try number("currentError", in: 0...1, fraction)
        suggestedError = try number("suggestedError", in: 0...1, fraction)
        shippedError = try number("shippedError", in: 0...1, fraction)
        shippedCrossValidatedError = try number("shippedCrossValidatedError", in: 0...1, fraction)
        endToEnd = try c.decodeIfPresent(ReportDocument.EndToEnd.self, forKey: Key("endToEnd"))
        errorChange = try number("errorChange", in: -1...1, "a change of fractions, from -1 to 1")
        keepCurrent = try c.decodeIfPresent(Bool.self, forKey: Key("keepCurrent")) ?? false
        recommendation = try c.decodeIfPresent(String.self, forKey: Key("recommendation"))
        recommendedPreset = try c.decodeIfPresent(String.self, forKey: Key("recommendedPreset"))
        tunedDifference = try c.decodeIfPresent(Difference.self, forKey: Key("tunedDifference"))
        presetDifference = try c.decodeIfPresent(Difference.self, forKey: Key("presetDifference"))
        gesturesToResolve = try count("gesturesToResolve")
        gesturesForProgressPrecision = try count("gesturesForProgressPrecision")
        switchCost = try number("switchCost", in: 0...100, "points, from 0 to 100")
        currentMisdecided = try count("currentMisdecided") ?? 0
        suggestedMisdecided = try count("suggestedMisdecided") ?? 0
        headline = try c.decodeIfPresent(String.self, forKey: Key("headline"))
        warnings = try c.decodeIfPresent([String].self, forKey: Key("warnings")) ?? []
        ignoredColumns = try c.decodeIfPresent([String].self, forKey: Key("ignoredColumns")) ?? []
        gesturesUsed = try count("gesturesUsed") ?? 0
    }

    /// A rule object: its family and the family's parameters by the parameter table's keys, each
    /// a number or `"inf"`, inside the table's bounds.
    private static func rule(_ c: KeyedDecodingContainer<Key>, _ key: String) throws -> Rule {
        let at = ReportDocument.path(c.codingPath + [Key(key)])
        let families = RuleFamily.allCases.map(\.rawValue).joined(separator: ", ")
        func problem(_ message: String) -> ReportDocument.Problem {
            ReportDocument.Problem(message: message)
        }
        guard c.contains(Key(key)) else {
            throw problem("expected \(at) with a rule family (\(families)), found none")
        }
        let o = try c.nestedContainer(keyedBy: Key.self, forKey: Key(key))
        guard let name = try? o.decode(String.self, forKey: Key("family")),
            let family = RuleFamily(rawValue: name)
        else {
            throw problem("expected \(at).family, one of \(families), found another value")
        }
        return try Rule(family: family) { spec in
            guard o.contains(Key(spec.key)) else {
                throw problem("expected \(at).\(spec.key), found none")
            }
            let value: Double
            if let text = try? o.decode(String.self, forKey: Key(spec.key)) {
                guard RuleParameterSpec.infinityTexts.contains(text.lowercased()) else {
                    let found = "\"\(text)\""
                    throw problem("expected \(spec.expected) at \(at).\(spec.key), found \(found)")
                }
                value = .infinity
            } else {
                value = try o.decode(Double.self, forKey: Key(spec.key))
            }
            guard spec.allows(value) else {
                throw problem("expected \(spec.expected) at \(at).\(spec.key), found \(value)")
            }
            return value
        }
    }
}

extension ReportDocument.Summary.Skip: Decodable {
    private enum Key: String, CodingKey { case reason, unit, count }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Key.self)
        reason = try c.decode(String.self, forKey: .reason)
        unit = try c.decode(String.self, forKey: .unit)
        count = try c.decode(Int.self, forKey: .count)
        guard count >= 0 else {
            let at = ReportDocument.path(c.codingPath + [Key.count])
            let message = "expected a count of 0 or more at \(at), found \(count)"
            throw ReportDocument.Problem(message: message)
        }
    }
}
