import Foundation
import GesturePhysics
import GestureReport
import GestureTrace
import GestureTuning

/// The file `analyze --shard K/N --partial FILE` writes and `merge` reads (issue 17), schema
/// `gesturetune-analysis-partial/1`: everything the report needs from a shard's files, of a
/// size that does not grow with their gestures.
///
/// - `settings`: what every shard must agree on (reader, physics, the current parameters,
///   tuning options, labels, `--by`, the sample size); `merge` names the first that differs.
/// - `shard`, `files` (every file of the run, in argument order), `shardFiles` (this shard's).
/// - `reads` (this shard's files' read summaries), `motion`, `labels` (implicit-label counts).
/// - `digest.statistics` (`TuningStatistics`, the answer's inputs) and `digest.sample`
///   (`ReportSample`, the gestures the report shows one by one).
///
/// Encoded with sorted keys and no insignificant white space: the same inputs give the same bytes.
struct AnalysisPartial: Codable, Sendable {
    static let schemaName = "gesturetune-analysis-partial/1"

    var schema = AnalysisPartial.schemaName
    /// `gesturetune 0.1.0`: partials of different versions do not merge.
    var tool: String
    var settings: AnalysisSettings
    var shard: Shard
    /// Every file of the run, in argument order (file indices of the sample refer to it).
    var files: [String]
    /// This shard's files (`Corpus.shard` of the sorted list), in argument order.
    var shardFiles: [String]
    var reads: [PartialRead]
    var motion: PartialMotion
    var labels: LabelTally
    var statistics: TuningStatistics
    var sample: ReportSample
    /// `--by`: statistics per group value.
    var groups: [String: TuningStatistics]?

    struct Shard: Codable, Sendable, Equatable {
        /// 1-based.
        var index: Int
        var count: Int
    }
}

/// Everything shards must agree on to be merged.
struct AnalysisSettings: Codable, Sendable, Equatable {
    /// Reader and physics options in effect (the ones `batch` records).
    var input: BatchSummary.Settings
    /// `--by` columns.
    var by: [String]
    /// `--params` as given (a preset name or a file path): the report names it.
    var params: String
    /// Tuning options and the current parameter set.
    var tuning: TuningSettings
    /// `--labels`: `intent`, `implicit`, or `auto` (implicit for a file with an outcome column
    /// and no intent column).
    var labels: String
    var retryWindow: Double
    /// `--sample`.
    var sample: Int

    /// The physics options the settings record.
    var physics: PhysicsOptions {
        var p = PhysicsOptions()
        p.direction = Direction(rawValue: input.direction) ?? .right
        p.extent = input.extent
        p.estimator = Estimator(rawValue: input.estimator) ?? .lsq2
        p.window.horizon = input.horizon
        p.window.maxSamples = input.maxSamples
        p.window.maxGap = input.maxGap
        return p
    }

    /// The first setting (a dotted key path, as in the file) on which `self` and `other` differ,
    /// with both values as JSON text; nil when they agree.
    func difference(_ other: AnalysisSettings) -> (key: String, mine: String, theirs: String)? {
        guard let a = try? AnalysisPartialJSON.object(self), let b = try? AnalysisPartialJSON.object(other) else {
            return self == other ? nil : ("settings", "?", "?")
        }
        return Self.firstDifference(a, b, path: "settings")
    }

    static func firstDifference(_ a: Any, _ b: Any, path: String) -> (key: String, mine: String, theirs: String)? {
        if let x = a as? [String: Any], let y = b as? [String: Any] {
            for key in Set(x.keys).union(y.keys).sorted() {
                let sub = path + "." + key
                guard let u = x[key], let v = y[key] else {
                    return (sub, x[key].map(text) ?? "absent", y[key].map(text) ?? "absent")
                }
                if let d = firstDifference(u, v, path: sub) { return d }
            }
            return nil
        }
        let (s, t) = (text(a), text(b))
        return s == t ? nil : (path, s, t)
    }

    static func text(_ value: Any) -> String {
        if let s = value as? String { return "\"\(s)\"" }
        guard JSONSerialization.isValidJSONObject([value]),
            let data = try? JSONSerialization.data(withJSONObject: [value], options: [.sortedKeys, .fragmentsAllowed, .withoutEscapingSlashes])
        else { return "\(value)" }
        return String(String(decoding: data, as: UTF8.self).dropFirst().dropLast())
    }
}

/// Labels taken from what people did next (`ImplicitLabels`), counted per source, over the
/// files that were labelled so.
struct LabelTally: Codable, Sendable, Equatable {
    var files = 0
    var intent = 0
    var retry = 0
    var outcome = 0

    mutating func add(_ other: LabelTally) {
        files += other.files
        intent += other.intent
        retry += other.retry
        outcome += other.outcome
    }
}

/// `ReadSummary` as the partial stores it.
struct PartialRead: Codable, Sendable, Equatable {
    var file: String
    var rows: Int
    var gestures: Int
    var skipped: [String: Int]
    var ignoredColumns: [String]
    var timeUnit: String
    var hasIntent: Bool
    var hasOutcome: Bool
    var hasPlatformVelocity: Bool
    var hasExtentColumn: Bool
    var hasGestureColumn: Bool
    var duplicateTimestamps: Int
    var duplicateRows: Int
    var trailingDelimiterRows: Int
    var trailingDelimiterExample: PartialTraceError?
    var filteredRows: Int
    var coordinateUnit: String
    var problems: [PartialTraceError]
    var problemCount: Int

    init(_ r: ReadSummary) {
        file = r.file
        rows = r.rows
        gestures = r.gestures
        skipped = Dictionary(uniqueKeysWithValues: r.skipped.map { ($0.key.rawValue, $0.value) })
        ignoredColumns = r.ignoredColumns
        timeUnit = r.timeUnit.rawValue
        hasIntent = r.hasIntent
        hasOutcome = r.hasOutcome
        hasPlatformVelocity = r.hasPlatformVelocity
        hasExtentColumn = r.hasExtentColumn
        hasGestureColumn = r.hasGestureColumn
        duplicateTimestamps = r.duplicateTimestamps
        duplicateRows = r.duplicateRows
        trailingDelimiterRows = r.trailingDelimiterRows
        trailingDelimiterExample = r.trailingDelimiterExample.map(PartialTraceError.init)
        filteredRows = r.filteredRows
        coordinateUnit = r.coordinateUnit.rawValue
        problems = r.problems.map(PartialTraceError.init)
        problemCount = r.problemCount
    }

    /// The summary back; nil names the first field that does not read.
    func summary() -> Result<ReadSummary, PartialError> {
        var r = ReadSummary(file: file)
        r.rows = rows
        r.gestures = gestures
        for (key, n) in skipped {
            guard let reason = SkipReason(rawValue: key) else { return .failure(.init("reads[].skipped: unknown reason \"\(key)\"")) }
            r.skipped[reason] = n
        }
        r.ignoredColumns = ignoredColumns
        guard let unit = TimeUnit(rawValue: timeUnit) else { return .failure(.init("reads[].timeUnit: unknown unit \"\(timeUnit)\"")) }
        r.timeUnit = unit
        r.hasIntent = hasIntent
        r.hasOutcome = hasOutcome
        r.hasPlatformVelocity = hasPlatformVelocity
        r.hasExtentColumn = hasExtentColumn
        r.hasGestureColumn = hasGestureColumn
        r.duplicateTimestamps = duplicateTimestamps
        r.duplicateRows = duplicateRows
        r.trailingDelimiterRows = trailingDelimiterRows
        r.trailingDelimiterExample = trailingDelimiterExample?.error
        r.filteredRows = filteredRows
        guard let cu = CoordinateUnit(rawValue: coordinateUnit) else {
            return .failure(.init("reads[].coordinateUnit: unknown unit \"\(coordinateUnit)\""))
        }
        r.coordinateUnit = cu
        r.problems = problems.map(\.error)
        r.problemCount = problemCount
        return .success(r)
    }
}

/// A problem found in a partial, as a message.
struct PartialError: Error, Sendable {
    var message: String
    init(_ message: String) { self.message = message }
}

/// A `TraceError` (a lenient read's skipped row) as the partial stores it.
struct PartialTraceError: Codable, Sendable, Equatable {
    var kind: String
    var file: String
    var line: Int
    var message: String?
    var column: String?
    var expected: String?
    var found: String?
    var expectedCount: Int?
    var foundCount: Int?
    var name: String?
    var columns: [String]?
    var suggestion: String?
    var preset: String?

    init(_ e: TraceError) {
        switch e {
        case .file(let f, let l, let m): (kind, file, line, message) = ("file", f, l, m)
        case .missingColumn(let f, let l, let n, let found, let s, let p):
            (kind, file, line, name, columns, suggestion, preset) = ("missingColumn", f, l, n, found, s, p)
        case .badField(let f, let l, let c, let ex, let fo): (kind, file, line, column, expected, found) = ("badField", f, l, c, ex, fo)
        case .fieldCount(let f, let l, let ex, let fo): (kind, file, line, expectedCount, foundCount) = ("fieldCount", f, l, ex, fo)
        case .row(let f, let l, let m): (kind, file, line, message) = ("row", f, l, m)
        case .limit(let f, let l, let m): (kind, file, line, message) = ("limit", f, l, m)
        case .unreadable(let f, let reason): (kind, file, line, message) = ("unreadable", f, 0, reason)
        }
    }

    var error: TraceError {
        switch kind {
        case "missingColumn":
            return .missingColumn(file: file, line: line, name: name ?? "", found: columns ?? [], suggestion: suggestion, preset: preset)
        case "badField": return .badField(file: file, line: line, column: column ?? "", expected: expected ?? "", found: found ?? "")
        case "fieldCount": return .fieldCount(file: file, line: line, expected: expectedCount ?? 0, found: foundCount ?? 0)
        case "row": return .row(file: file, line: line, message: message ?? "")
        case "limit": return .limit(file: file, line: line, message: message ?? "")
        case "unreadable": return .unreadable(file: file, reason: message ?? "")
        default: return .file(file: file, line: line, message: message ?? "")
        }
    }
}

/// `MotionTally` as the partial stores it.
struct PartialMotion: Codable, Sendable, Equatable {
    var counts: [String: Int]
    var maxX: Double
    var maxY: Double
    var withWidth: Int
    var withHeight: Int
    var beyondWidth: [Double]
    var beyondHeight: [Double]

    init(_ m: MotionTally) {
        counts = Dictionary(uniqueKeysWithValues: m.counts.map { ($0.key.rawValue, $0.value) })
        maxX = m.maxX
        maxY = m.maxY
        withWidth = m.withWidth
        withHeight = m.withHeight
        beyondWidth = [Double(m.beyondWidth.count), m.beyondWidth.reach, m.beyondWidth.container]
        beyondHeight = [Double(m.beyondHeight.count), m.beyondHeight.reach, m.beyondHeight.container]
    }

    var tally: MotionTally {
        var m = MotionTally()
        for (key, n) in counts { if let d = Direction(rawValue: key) { m.counts[d] = n } }
        m.maxX = maxX
        m.maxY = maxY
        m.withWidth = withWidth
        m.withHeight = withHeight
        if beyondWidth.count == 3 { (m.beyondWidth.count, m.beyondWidth.reach, m.beyondWidth.container) = (Int(beyondWidth[0]), beyondWidth[1], beyondWidth[2]) }
        if beyondHeight.count == 3 { (m.beyondHeight.count, m.beyondHeight.reach, m.beyondHeight.container) = (Int(beyondHeight[0]), beyondHeight[1], beyondHeight[2]) }
        return m
    }
}

/// Encodes and reads analysis partials.
enum AnalysisPartialJSON {
    static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: BatchJSON.nonFinite.positive, negativeInfinity: BatchJSON.nonFinite.negative, nan: BatchJSON.nonFinite.nan)
        return encoder
    }

    static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(
            positiveInfinity: BatchJSON.nonFinite.positive, negativeInfinity: BatchJSON.nonFinite.negative, nan: BatchJSON.nonFinite.nan)
        return decoder
    }

    /// The partial's JSON: `schema` first (so `merge` tells a partial from a batch summary by
    /// its first bytes), then every other key in sorted order, each value encoded on its own
    /// and the sample's entries one by one, so no tree of the whole file is ever built.
    static func encode(_ partial: AnalysisPartial) throws(CLIError) -> String {
        let encoder = encoder()
        func json<T: Encodable>(_ value: T) throws -> String { String(decoding: try encoder.encode(value), as: UTF8.self) }
        do {
            var entries: [String] = []
            for entry in partial.sample.ranked { entries.append(try json(entry)) }
            let sample = "{\"capacity\":\(partial.sample.capacity),\"entries\":[" + entries.joined(separator: ",") + "],\"offered\":\(partial.sample.offered)}"
            var members: [(String, String)] = [
                ("files", try json(partial.files)), ("labels", try json(partial.labels)), ("motion", try json(partial.motion)),
                ("reads", try json(partial.reads)), ("sample", sample), ("settings", try json(partial.settings)),
                ("shard", try json(partial.shard)), ("shardFiles", try json(partial.shardFiles)),
                ("statistics", try json(partial.statistics)), ("tool", try json(partial.tool)),
            ]
            if let groups = partial.groups { members.append(("groups", try json(groups))) }
            members.sort { $0.0.utf8.lexicographicallyPrecedes($1.0.utf8) }
            return "{" + ([("schema", try json(partial.schema))] + members).map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}\n"
        } catch {
            throw .internalError("cannot encode the analysis partial: \(error)")
        }
    }

    /// How every partial this version writes begins.
    static var prefix: Data { Data("{\"schema\":\"\(AnalysisPartial.schemaName)\"".utf8) }

    /// A value as a JSON object tree (for comparing settings key by key).
    static func object<T: Encodable>(_ value: T) throws -> Any {
        try JSONSerialization.jsonObject(with: try encoder().encode(value))
    }

    /// What a partial file holds: an analyze partial, or a batch summary.
    enum Kind {
        case analysis
        case batch
        /// Another schema, or none.
        case other(String?)
    }

    /// The file's bytes. Missing or unreadable → 66.
    static func contents(_ path: String) throws(CLIError) -> Data {
        guard FileManager.default.fileExists(atPath: path) else { throw .missingInput(path: path, reason: "no such file") }
        guard let data = FileManager.default.contents(atPath: path) else { throw .missingInput(path: path, reason: "cannot read the file") }
        return data
    }

    /// What a file holds, by its schema: a partial this version wrote is known by its first
    /// bytes; anything else is parsed (batch summaries are small).
    static func kind(of path: String) throws(CLIError) -> Kind {
        let data = try contents(path)
        if data.starts(with: prefix) { return .analysis }
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw .badInput(file: path, line: 0, message: "not a JSON object: expected a batch summary or an analyze partial")
        }
        let schema = object["schema"] as? String
        switch schema {
        case AnalysisPartial.schemaName: return .analysis
        case BatchSummary.schemaName: return .batch
        default: return .other(schema)
        }
    }

    static func decode(_ data: Data, path: String) throws(CLIError) -> AnalysisPartial {
        let partial: AnalysisPartial
        do {
            partial = try decoder().decode(AnalysisPartial.self, from: data)
        } catch {
            throw .badInput(file: path, line: 0, message: "not a \(AnalysisPartial.schemaName) file: \(describe(error))")
        }
        guard partial.shard.count >= 1, partial.shard.index >= 1, partial.shard.index <= partial.shard.count else {
            throw .badInput(file: path, line: 0, message: "shard: expected K/N with 1 <= K <= N, found \(partial.shard.index)/\(partial.shard.count)")
        }
        return partial
    }

    static func describe(_ error: any Error) -> String {
        guard let e = error as? DecodingError else { return "invalid JSON" }
        func path(_ c: DecodingError.Context) -> String {
            c.codingPath.map { $0.intValue.map { "[\($0)]" } ?? "." + $0.stringValue }.joined()
        }
        switch e {
        case .keyNotFound(let key, let c): return "missing key \"\(key.stringValue)\" at \(path(c).isEmpty ? "top level" : path(c))"
        case .typeMismatch(_, let c), .valueNotFound(_, let c): return "wrong type at \(path(c))"
        case .dataCorrupted(let c): return c.codingPath.isEmpty ? "invalid JSON" : "invalid value at \(path(c)): \(c.debugDescription)"
        @unknown default: return "invalid JSON"
        }
    }
}
