import Foundation
import GestureIO
import GesturePhysics
import GestureTrace
import GestureTuning

/// The file `analyze --shard K/N --partial FILE` writes and `merge` reads (issue 17), schema
/// `gesturetune-analysis-partial/5`: everything the report needs from a shard's files, of a
/// size that does not grow with their gestures.
///
/// - `settings`: what every shard must agree on (reader, physics, the current parameters,
///   tuning options, labels, `--by`, the sample size); `merge` names the first that differs.
/// - `shard`, `files` (every file of the run, in argument order), `shardFiles` (this shard's).
/// - `reads` (this shard's files' read summaries), `motion`, `labels` (implicit-label counts).
/// - `digest.statistics` (`TuningStatistics`, the answer's inputs) and `digest.sample`
///   (`GestureSample`, the gestures the report shows one by one; `PartialSample`: column by
///   column, each progress curve as the integers it was measured from when they give it back
///   exactly).
/// - `gate` (`GateStatistics`): what the start-of-gesture gate is tuned on.
///
/// Encoded in a fixed order of sections with sorted keys within them and no insignificant
/// white space (the same inputs give the same bytes), in one zstd frame through libzstd, written as it is encoded. Sections are named
/// keys: a new one is a new key, and readers ignore keys they do not know.
public struct AnalysisPartial: Codable, Sendable {
    public static let schemaName = "gesturetune-analysis-partial/5"

    public var schema = AnalysisPartial.schemaName
    /// `gesturetune 0.1.0`: partials of different versions do not merge.
    public var tool: String
    public var settings: RunSettings
    public var shard: Shard
    /// Every file of the run, in argument order (file indices of the sample refer to it).
    public var files: [String]
    /// This shard's files (`Corpus.shard` of the sorted list), in argument order.
    public var shardFiles: [String]
    public var reads: [PartialRead]
    public var motion: PartialMotion
    public var labels: LabelTally
    public var statistics: TuningStatistics
    /// The gestures shown one by one, column by column (`PartialSample`, encoded as it is).
    package var sample: PartialSample
    /// `--by`: statistics per group value.
    public var groups: [String: TuningStatistics]?
    /// The start-of-gesture gate's statistics (`GateStatistics`), a section of its own.
    public var gate: GateStatistics
    /// The report name the run's arguments gave other than by its first file (a folder's
    /// name: `analyze study/ --shard K/N --partial`); `merge` names the report by it. Absent
    /// for files named one by one.
    public var name: String?

    enum CodingKeys: String, CodingKey {
        case schema, tool, settings, shard, files, shardFiles, reads, motion, labels, statistics
        case sample, groups, gate, name
    }

    init(
        tool: String, settings: RunSettings, shard: Shard, files: [String], shardFiles: [String],
        reads: [PartialRead], motion: PartialMotion, labels: LabelTally,
        statistics: TuningStatistics, sample: GestureSample, groups: [String: TuningStatistics]?,
        gate: GateStatistics
    ) {
        self.gate = gate
        (self.tool, self.settings, self.shard, self.files, self.shardFiles) = (
            tool, settings, shard, files, shardFiles
        )
        (self.reads, self.motion, self.labels, self.statistics, self.groups) = (
            reads, motion, labels, statistics, groups
        )
        self.sample = PartialSample(sample, files: files, seed: settings.tuning.options.seed)
    }

    /// The sample as the report uses it: `sample` read back against the run's files and
    /// seed; a damaged column is an error naming it.
    public func gestureSample() throws(PartialError) -> GestureSample {
        try sample.sample(files: files, seed: settings.tuning.options.seed)
    }
}

/// Labels taken from what people did next (`ImplicitLabels`), counted per source, over the
/// files that were labelled so.
public struct LabelTally: Codable, Sendable, Equatable {
    public var files = 0
    public var intent = 0
    public var retry = 0
    public var outcome = 0

    public init() {}
    init(files: Int, intent: Int, retry: Int, outcome: Int) {
        (self.files, self.intent, self.retry, self.outcome) = (files, intent, retry, outcome)
    }

    public mutating func add(_ other: LabelTally) {
        files += other.files
        intent += other.intent
        retry += other.retry
        outcome += other.outcome
    }
}

/// `ReadSummary` as the partial stores it.
public struct PartialRead: Codable, Sendable, Equatable {
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
            guard let reason = SkipReason(rawValue: key) else {
                return .failure(.init("reads[].skipped: unknown reason \"\(key)\""))
            }
            r.skipped[reason] = n
        }
        r.ignoredColumns = ignoredColumns
        guard let unit = TimeUnit(rawValue: timeUnit) else {
            return .failure(.init("reads[].timeUnit: unknown unit \"\(timeUnit)\""))
        }
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

/// A partial that cannot be read or merged: the file and what is wrong with it (the CLI's
/// data error, 65).
public struct PartialError: Error, Sendable, Equatable {
    /// The partial's path; nil while it is not yet known which file (a read summary's field).
    public var file: String?
    public var message: String
    public init(_ message: String, file: String? = nil) {
        self.message = message
        self.file = file
    }
}

/// A `TraceError` (a lenient read's skipped row) as the partial stores it.
public struct PartialTraceError: Codable, Sendable, Equatable {
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
            (kind, file, line, name, columns, suggestion, preset) = (
                "missingColumn", f, l, n, found, s, p
            )
        case .badField(let f, let l, let c, let ex, let fo):
            (kind, file, line, column, expected, found) = ("badField", f, l, c, ex, fo)
        case .fieldCount(let f, let l, let ex, let fo):
            (kind, file, line, expectedCount, foundCount) = ("fieldCount", f, l, ex, fo)
        case .row(let f, let l, let m): (kind, file, line, message) = ("row", f, l, m)
        case .limit(let f, let l, let m): (kind, file, line, message) = ("limit", f, l, m)
        case .unreadable(let f, let reason):
            (kind, file, line, message) = ("unreadable", f, 0, reason)
        }
    }

    var error: TraceError {
        switch kind {
        case "missingColumn":
            return .missingColumn(
                file: file, line: line, name: name ?? "", found: columns ?? [],
                suggestion: suggestion, preset: preset)
        case "badField":
            return .badField(
                file: file, line: line, column: column ?? "", expected: expected ?? "",
                found: found ?? "")
        case "fieldCount":
            return .fieldCount(
                file: file, line: line, expected: expectedCount ?? 0, found: foundCount ?? 0)
        case "row": return .row(file: file, line: line, message: message ?? "")
        case "limit": return .limit(file: file, line: line, message: message ?? "")
        case "unreadable": return .unreadable(file: file, reason: message ?? "")
        default: return .file(file: file, line: line, message: message ?? "")
        }
    }
}

/// `MotionTally` as the partial stores it.
public struct PartialMotion: Codable, Sendable, Equatable {
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
        beyondHeight = [
            Double(m.beyondHeight.count), m.beyondHeight.reach, m.beyondHeight.container,
        ]
    }

    /// The tally back; an unknown direction is an error.
    func tally() throws(PartialError) -> MotionTally {
        var m = MotionTally()
        for (key, n) in counts {
            guard let d = Direction(rawValue: key) else {
                throw PartialError("motion.counts: unknown direction \"\(key)\"")
            }
            m.counts[d] = n
        }
        m.maxX = maxX
        m.maxY = maxY
        m.withWidth = withWidth
        m.withHeight = withHeight
        if beyondWidth.count == 3 {
            (m.beyondWidth.count, m.beyondWidth.reach, m.beyondWidth.container) = (
                Int(beyondWidth[0]), beyondWidth[1], beyondWidth[2]
            )
        }
        if beyondHeight.count == 3 {
            (m.beyondHeight.count, m.beyondHeight.reach, m.beyondHeight.container) = (
                Int(beyondHeight[0]), beyondHeight[1], beyondHeight[2]
            )
        }
        return m
    }
}

/// Encodes and reads analysis partials.
public enum AnalysisPartialJSON {
    /// How numbers JSON cannot hold are written (as in batch JSON).
    static let nonFinite = (positive: "inf", negative: "-inf", nan: "nan")

    static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: nonFinite.positive, negativeInfinity: nonFinite.negative,
            nan: nonFinite.nan)
        return encoder
    }

    static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(
            positiveInfinity: nonFinite.positive, negativeInfinity: nonFinite.negative,
            nan: nonFinite.nan)
        return decoder
    }

    /// libzstd's level for partials: 9 makes them about 12% smaller than its default (3), at
    /// about half a second per partial; 19 saves 12% more at forty times the time.
    public static let compressionLevel: Int32 = 9

    /// The partial as a zstd frame of its JSON (`encode`), handed to `sink` as it is
    /// compressed: the JSON is never held whole, only one section of it.
    public static func write(
        _ partial: AnalysisPartial, to sink: @escaping (UnsafeRawBufferPointer) throws -> Void
    ) throws {
        let writer = try ZstdWriter(level: compressionLevel, sink: sink)
        try encode(partial) { try writer.write($0) }
        try writer.finish()
    }

    /// The partial's JSON: `schema` first (so `merge` tells a partial from a batch summary by
    /// its first bytes), then `sample`, `statistics` and `groups`, then every other section in
    /// sorted order, each value encoded on its own, handed to `write` piece by piece, so no
    /// tree or text of the whole file is ever built.
    public static func encode(_ partial: AnalysisPartial, to write: (String) throws -> Void)
        throws
    {
        let encoder = encoder()
        func json<T: Encodable>(_ value: T) throws -> String {
            String(decoding: try encoder.encode(value), as: UTF8.self)
        }
        func section(_ key: String) throws {
            switch key {
            case "files": try write(try json(partial.files))
            case "gate": try write(try json(partial.gate))
            case "groups": try write(try json(partial.groups))
            case "labels": try write(try json(partial.labels))
            case "motion": try write(try json(partial.motion))
            case "name": try write(try json(partial.name))
            case "reads": try write(try json(partial.reads))
            case "sample":
                try write(try json(partial.sample))
            case "settings": try write(try json(partial.settings))
            case "shard": try write(try json(partial.shard))
            case "shardFiles": try write(try json(partial.shardFiles))
            case "statistics": try write(try json(partial.statistics))
            default: try write(try json(partial.tool))
            }
        }
        // The bulk first, as few long strings: Foundation's JSON reader sizes its index of the
        // document by extrapolating from the bytes read so far, so many small values early
        // (the gate's cells) would make it reserve tens of megabytes for a partial of a few.
        var keys = [
            "files", "gate", "labels", "motion", "reads", "settings", "shard", "shardFiles", "tool",
        ]
        if partial.name != nil { keys.append("name") }
        keys.sort { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        keys = ["sample", "statistics"] + (partial.groups != nil ? ["groups"] : []) + keys
        try write("{\"schema\":" + (try json(partial.schema)))
        for key in keys {
            try write(",\"\(key)\":")
            try section(key)
        }
        try write("}\n")
    }

    /// The partial's JSON as one string (tests, small partials).
    public static func encode(_ partial: AnalysisPartial) throws(PartialError) -> String {
        var text = ""
        do { try encode(partial) { text += $0 } } catch {
            throw PartialError("cannot encode the analysis partial: \(error)")
        }
        return text
    }

    /// How every partial this version writes begins, once decompressed.
    public static var prefix: Data { Data("{\"schema\":\"\(AnalysisPartial.schemaName)\"".utf8) }

    /// How a partial of any version begins, once decompressed. Computed, not a stored global:
    /// LeakSanitizer reports a global `Data`'s buffer as leaked (its reference is not a plain
    /// pointer it can trace).
    static var anyVersionPrefix: Data { Data("{\"schema\":\"gesturetune-analysis-partial/".utf8) }

    /// The JSON of a partial file's bytes: decompressed when they are a zstd frame (as this
    /// version writes them), else as they are (a partial decompressed by `unzstd` reads too).
    public static func json(_ data: Data, path: String) throws(PartialError) -> Data {
        guard ZstdFrames.isCompressed(data) else { return data }
        do { return try ZstdFrames.decompress(data) } catch {
            throw PartialError(
                "not a \(AnalysisPartial.schemaName) file: \(error.message)", file: path)
        }
    }

    /// A partial's bytes read back; a bad value anywhere (an unknown direction, estimator or
    /// rule family too) is an error naming where it is.
    public static func decode(_ data: Data, path: String) throws(PartialError) -> AnalysisPartial {
        let data = try json(data, path: path)
        if !data.starts(with: prefix), data.starts(with: anyVersionPrefix) {
            let schema = String(
                decoding: data.dropFirst(11).prefix(80).prefix { $0 != UInt8(ascii: "\"") },
                as: UTF8.self)
            throw PartialError(
                "expected a \(AnalysisPartial.schemaName) file, found \(schema) (another version of gesturetune wrote it): make the partials again with this one",
                file: path)
        }
        let partial: AnalysisPartial
        do {
            partial = try decoder().decode(AnalysisPartial.self, from: data)
        } catch {
            throw PartialError(
                "not a \(AnalysisPartial.schemaName) file: \(describe(error))", file: path)
        }
        // The schema as decoded, whatever the layout of the JSON (the prefix test above sees
        // only this version's compact form).
        guard partial.schema == AnalysisPartial.schemaName else {
            throw PartialError(
                "expected a \(AnalysisPartial.schemaName) file, found \(partial.schema.prefix(80))",
                file: path)
        }
        guard partial.shard.count >= 1, partial.shard.index >= 1,
            partial.shard.index <= partial.shard.count
        else {
            throw PartialError(
                "shard: expected K/N with 1 <= K <= N, found \(partial.shard.index)/\(partial.shard.count)",
                file: path)
        }
        // The gate's statistics decode as they are (synthesized): their schema, folds and
        // cells are checked here, with the partial's counts.
        if let violation = partial.gate.violation() {
            throw PartialError("gate.\(violation)", file: path)
        }
        if let mismatch = partial.gate.mismatch(tuning: partial.statistics.settings.options) {
            throw PartialError("gate.\(mismatch)", file: path)
        }
        if let violation = partial.countViolation() { throw PartialError(violation, file: path) }
        return partial
    }

    static func describe(_ error: any Error) -> String {
        DecodingProblem.message(error)
    }
}

extension AnalysisPartial {
    /// The largest count a partial may hold (2^40, as for batch summaries): totals over many
    /// partials then stay far from `Int.max`.
    static let maxCount = 1 << 40

    /// The first count that is negative or beyond `maxCount`, as `key: expected …, found …`;
    /// nil when every count is one. The file is not trusted: a negative count would cancel
    /// real ones when shards are summed.
    func countViolation() -> String? {
        func count(_ key: String, _ value: Int) -> String? {
            value >= 0 && value <= Self.maxCount
                ? nil : "\(key): expected a count from 0 to \(Self.maxCount), found \(value)"
        }
        func count(_ key: String, _ value: Double) -> String? {
            value.isFinite && value >= 0 && value <= Double(Self.maxCount)
                && value.rounded() == value
                ? nil : "\(key): expected a count from 0 to \(Self.maxCount), found \(value)"
        }
        for (k, read) in reads.enumerated() {
            let key = "reads[\(k)]"
            let counts = [
                ("rows", read.rows), ("gestures", read.gestures),
                ("duplicateTimestamps", read.duplicateTimestamps),
                ("duplicateRows", read.duplicateRows),
                ("trailingDelimiterRows", read.trailingDelimiterRows),
                ("filteredRows", read.filteredRows), ("problemCount", read.problemCount),
            ]
            for (name, value) in counts { if let v = count("\(key).\(name)", value) { return v } }
            for (reason, n) in read.skipped.sorted(by: { $0.key < $1.key }) {
                if let v = count("\(key).skipped.\(reason)", n) { return v }
            }
        }
        let labelCounts = [
            ("files", labels.files), ("intent", labels.intent), ("retry", labels.retry),
            ("outcome", labels.outcome),
        ]
        for (name, value) in labelCounts { if let v = count("labels.\(name)", value) { return v } }
        for (direction, n) in motion.counts.sorted(by: { $0.key < $1.key }) {
            if let v = count("motion.counts.\(direction)", n) { return v }
        }
        if let v = count("motion.withWidth", motion.withWidth)
            ?? count("motion.withHeight", motion.withHeight)
            ?? motion.beyondWidth.first.flatMap({ count("motion.beyondWidth[0]", $0) })
            ?? motion.beyondHeight.first.flatMap({ count("motion.beyondHeight[0]", $0) })
            ?? count("sample.capacity", sample.capacity) ?? count("sample.offered", sample.offered)
            ?? count("gate.meant", gate.meant) ?? count("gate.others", gate.others)
            ?? count("gate.unlabelled", gate.unlabelled)
        {
            return v
        }
        for (k, reference) in gate.references.enumerated() {
            if let v = count("gate.references[\(k)].misses", reference.misses)
                ?? count("gate.references[\(k)].falseTriggers", reference.falseTriggers)
            {
                return v
            }
        }
        return nil
    }
}
