import GestureIO
import GesturePhysics
import GestureTrace
import GestureTuning

/// One row per gesture, as `gesturetune measure` writes it (CSV or NDJSON): what `analyze`
/// measures of each gesture, with the decision of the current parameter set and optionally of
/// a second one. Names are report.json's gesture keys where the quantity is the same (`p_r`,
/// `v_p`, `v`, `extent`, `duration`, `samples`, `intent`, `outcome`, `flags`), so the two join.
public struct MeasurementTable: Sendable {
    public enum Format: String, Sendable, CaseIterable {
        case csv, ndjson
    }

    public var format: Format
    /// The current set: `decision`, and the `ambiguous` flag (as the report's rows).
    public var current: ParameterSet
    /// `--against`: `decision_against`.
    public var against: ParameterSet?
    /// The band of the `ambiguous` flag (the tuner's default, as in report.json).
    public var ambiguityBand = TuningOptions().ambiguityBand

    public init(format: Format, current: ParameterSet, against: ParameterSet? = nil) {
        self.format = format
        self.current = current
        self.against = against
    }

    /// Every estimator's column (`v_lsq2` …), pt/s; `v_platform` empty (null) when the trace
    /// has no `vx`/`vy`.
    static let estimatorColumns = Estimator.allCases.map { "v_" + $0.rawValue }

    /// The columns in order (CSV header, NDJSON keys).
    public var columns: [String] {
        ["file", "id", "line", "intent", "outcome", "p_r", "v_p", "v"] + Self.estimatorColumns
            + [
                "extent", "duration", "samples", "flags", "interrupted", "admitted", "refused",
                "decision",
            ]
            + (against == nil ? [] : ["admitted_against", "decision_against"])
    }

    /// What comes before the first row: the CSV header line; nothing for NDJSON.
    public var header: String {
        format == .csv ? columns.joined(separator: ",") + "\n" : ""
    }

    /// The row of measurement `m`, whose first sample is on `line` of its file (0: unknown),
    /// ending in a line break.
    ///
    /// As the app decides (`GestureOutcome`): `admitted` whether the set's start gate lets the
    /// gesture start the transition, `refused` why not (`slop`, `edge`, `angle`; empty when
    /// admitted), `decision` `refused`, or what the release rule decides. `intent` is `other`
    /// for a gesture not meant for the transition.
    public func row(_ m: GestureMeasurement, line: Int) -> String {
        let decision = current.decider.decision(m.releaseState)
        let outcome = GestureOutcome(m, gate: current.gate, decider: current.decider)
        let row = GestureRow(
            measurement: m, currentDecision: decision, suggestedDecision: decision,
            ambiguous: GestureRow.isAmbiguous(m, current: current, band: ambiguityBand))
        var values: [Value] = [
            .text(m.file), .text(m.id), line > 0 ? .int(line) : .null,
            .text(m.notMeant ? "other" : m.intent?.rawValue), .text(m.outcome?.rawValue),
            .number(m.releaseProgress), .number(m.progressVelocity), .number(m.velocity.axis),
        ]
        for e in Estimator.allCases {
            values.append(row.estimate(e).map(Value.number) ?? .null)
        }
        values +=
            [
                .number(m.extent), .number(m.duration), .int(m.sampleCount),
                .text(row.flags.names.joined(separator: ";")), .bool(m.interruptedBySystem),
            ] + Self.outcomeValues(outcome)
        if let against {
            let o = GestureOutcome(m, gate: against.gate, decider: against.decider)
            values.append(.bool(o.isAdmitted))
            values.append(.text(o.name))
        }
        switch format {
        case .csv: return Self.csvLine(values)
        case .ndjson: return Self.jsonLine(values, keys: columns)
        }
    }

    /// `admitted`, `refused`, `decision`.
    static func outcomeValues(_ o: GestureOutcome) -> [Value] {
        switch o {
        case .refused(let why): [.bool(false), .text(why.rawValue), .text(o.name)]
        case .decided: [.bool(true), .text(""), .text(o.name)]
        }
    }

    enum Value {
        case text(String?)
        case number(Double)
        case int(Int)
        case bool(Bool)
        static let null = Value.text(nil)
    }

    /// Numbers as report.json writes them (the shortest text that reads back the same double;
    /// a non-finite one empty); a field with a comma, quote or line break quoted (RFC 4180).
    static func csvLine(_ values: [Value]) -> String {
        var line = ""
        for (k, value) in values.enumerated() {
            if k > 0 { line += "," }
            switch value {
            case .text(nil): break
            case .text(let s?): line += csvField(s)
            case .number(let x): if x.isFinite { line += x == 0 ? "0" : "\(x)" }
            case .int(let n): line += String(n)
            case .bool(let b): line += b ? "true" : "false"
            }
        }
        return line + "\n"
    }

    static func csvField(_ s: String) -> String {
        guard s.utf8.contains(where: { $0 == 44 || $0 == 34 || $0 == 10 || $0 == 13 }) else {
            return s
        }
        return "\"" + s.replacing("\"", with: "\"\"") + "\""
    }

    /// One JSON object on one line (`JSONWriter`, report.json's writer).
    static func jsonLine(_ values: [Value], keys: [String]) -> String {
        var w = JSONWriter(compactDepth: 0)
        w.beginObject()
        for (key, value) in zip(keys, values) {
            switch value {
            case .text(let s): w.string(key, s)
            case .number(let x): w.number(key, x)
            case .int(let n): w.int(key, n)
            case .bool(let b): w.bool(key, b)
            }
        }
        w.endObject()
        return w.buffer + "\n"
    }
}
