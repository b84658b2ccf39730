#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Unit of the time column.
public enum TimeUnit: String, Sendable, CaseIterable {
    case s, ms, us, ns

    /// Seconds per unit.
    public var seconds: Double {
        switch self {
        case .s: 1
        case .ms: 1e-3
        case .us: 1e-6
        case .ns: 1e-9
        }
    }

    /// Units per second as a power of ten: 0, 3, 6, 9.
    public var powerOfTen: Int {
        switch self {
        case .s: 0
        case .ms: 3
        case .us: 6
        case .ns: 9
        }
    }
}

/// Why a gesture or row was skipped; counted in `ReadSummary.skipped`.
public enum SkipReason: String, Sendable, Hashable, CaseIterable, Codable {
    /// Fewer than 2 samples.
    case tooFewSamples = "too-few-samples"
    /// No `ended`/`cancelled` before the end of the file (truncated).
    case notClosed = "not-closed"
    /// No `began` (file cut at the start).
    case noBegan = "no-began"
    /// A multi-touch row (Android 5, 6, 261, 262): a second finger, skipped.
    case multiTouch = "multi-touch"
    /// UIKit's `possible` state: not a sample.
    case possibleState = "possible-state"
    /// Lenient mode: a malformed row skipped.
    case malformedRow = "malformed-row"
    /// Lenient mode: a sample after its gesture's `ended` (e.g. a late `moved`) or a second `ended`.
    case afterRelease = "after-release"
    /// Lenient mode: time went backwards within a gesture; the sample was dropped.
    case timeBackwards = "time-backwards"
    /// Lenient mode: a gesture over `maxGestureSamples` was dropped.
    case tooManySamples = "too-many-samples"

    /// What a count of this reason counts: rows (a row of the file not used) or gestures (a
    /// gesture, with all its rows, not delivered). Summaries keep the two apart.
    public enum Unit: String, Sendable { case rows, gestures }

    public var unit: Unit {
        switch self {
        case .multiTouch, .possibleState, .malformedRow, .afterRelease, .timeBackwards: .rows
        case .tooFewSamples, .notClosed, .noBegan, .tooManySamples: .gestures
        }
    }
}

/// `--where COLUMN=VALUE` (or `!=`, several values as `a|b`): a row is read only when the
/// column's field is (or is not) one of the values, compared byte for byte after trimming
/// spaces. Several filters are ANDed.
public struct RowFilter: Sendable, Equatable {
    /// Header name of the column (case-insensitive, as for `--map`).
    public var column: String
    public var values: [String]
    /// `!=`: the row is read when the field is none of the values.
    public var negated: Bool

    public init(column: String, values: [String], negated: Bool = false) {
        self.column = column
        self.values = values
        self.negated = negated
    }

    /// Parses `COLUMN=a|b` or `COLUMN!=a|b`; nil without `=` or with an empty column name.
    /// An empty value (`doc_type=`) matches an empty field.
    public init?(parsing text: String) {
        guard let eq = text.firstIndex(of: "=") else { return nil }
        var name = text[..<eq]
        let negated = name.hasSuffix("!")
        if negated { name = name.dropLast() }
        let column = String(name).trimmed
        guard !column.isEmpty else { return nil }
        let values = text[text.index(after: eq)...].split(
            separator: "|", omittingEmptySubsequences: false
        ).map { String($0).trimmed }
        self.init(column: column, values: values, negated: negated)
    }

    public var description: String {
        "\(column)\(negated ? "!=" : "=")\(values.joined(separator: "|"))"
    }
}

/// Where the figures' coordinates come from: the file's own unit, or points converted by
/// `--scale` or a `dpi` column.
public enum CoordinateUnit: String, Sendable, Equatable {
    /// No conversion: the file's own unit (pt when the recorder logged points).
    case file
    /// `--scale PT_PER_UNIT`.
    case scaled
    /// A `dpi` column: 160 dpi is 1 pt per px, so 1 pt is 1/160 inch (0.15875 mm).
    case dpi

    /// Millimetres per point when the physical size is known (a `dpi` column), else nil.
    public var millimetresPerPoint: Double? { self == .dpi ? 25.4 / 160 : nil }
}

/// How to read a trace file. Defaults follow trace-format.md.
public struct ReaderOptions: Sendable {
    /// `--map canonical=source,...`: canonical column name → source column name(s). A
    /// grouping over several columns (`gesture=device_id+user_id`) lists them all.
    public var mapping: [String: [String]]
    /// `--preset touchalytics|bioident` (case-insensitive): a mapping for a public dataset's
    /// layout, overridden key by key by `mapping`.
    public var preset: String?
    /// `--delimiter`; `nil` detects `,`, `;` or tab from the header row.
    public var delimiter: UInt8?
    /// `--time-unit`; `nil` takes the unit from the column name.
    public var timeUnit: TimeUnit?
    /// `--lenient`: row-level errors become skipped rows counted in the summary.
    public var lenient: Bool
    /// `--max-gesture-samples` (default 100,000): more is an error with its line.
    public var maxGestureSamples: Int
    /// Longest field accepted, in bytes (default 64 KiB): longer is an error with its line.
    public var maxFieldLength: Int
    /// How many row-level problems `ReadSummary.problems` keeps (the rest are only counted).
    public var maxProblems: Int
    /// `--where`: rows not matching every filter are not read (counted in `filteredRows`).
    public var filters: [RowFilter]
    /// `--by COLUMN[+COLUMN]`: columns whose values (at a gesture's first row, trimmed, joined
    /// by `+`) are the gesture's `group`. Any header column, canonical or not.
    public var groupColumns: [String] = []
    /// `--phase-map HELD=moved,...`: phase values of the file (case-insensitive, at most 16
    /// bytes) and the canonical phase each stands for; they take precedence over the built-in
    /// spellings.
    public var phaseMap: [String: Phase]
    /// `--scale PT_PER_UNIT`: coordinates (and `vx`, `vy`, `width`, `height`) are multiplied
    /// by it; takes precedence over a `dpi` column.
    public var scale: Double?
    /// `--columns NAME,...`: the file has no header; these name its columns in order (an
    /// empty name ignores the column) and the first row is data.
    public var columnNames: [String]?
    /// `--max-open-gestures` (default 10,000): gestures open at once. One more is an error at
    /// its line; lenient mode closes the oldest open one as `not-closed` instead.
    public var maxOpenGestures: Int
    /// The header must have `vx` and `vy` columns (`--estimator platform` reads them): a file
    /// without them is an error at its header line, not a silent fallback.
    public var requirePlatformVelocity = false
    /// Labels that replace the trace's own as gestures are delivered (`analyze --relabel`);
    /// `ReadSummary.relabelled` counts the gestures whose label changed.
    public var labels: LabelOverlay? = nil

    /// Names accepted by `preset`.
    public static var presetNames: [String] { Presets.all.keys.sorted() }

    /// Canonical column names accepted as `mapping` keys (aliases are accepted too).
    public static var canonicalColumns: [String] { Column.allCases.map(\.rawValue) }

    /// Parses `--map` text: `canonical=source,...`, with `+` joining several source columns
    /// into one gesture id (`gesture=device_id+user_id`). Keys are canonical names or their
    /// aliases, trimmed and lowercased; a later item for the same key wins. Source names may
    /// contain anything but `,`, `=` and `+`.
    public static func parseMapping(_ text: String) throws(MappingError) -> [String: [String]] {
        var mapping: [String: [String]] = [:]
        for pair in text.split(separator: ",", omittingEmptySubsequences: true) {
            let item = String(pair)
            guard let eq = pair.firstIndex(of: "=") else { throw .noEquals(item: item) }
            let column = trimmingSpaces(pair[..<eq]).lowercased()
            let sources = pair[pair.index(after: eq)...].split(separator: "+").map(trimmingSpaces)
            guard let named = Column.allCases.first(where: { $0.aliases.contains(column) }) else {
                throw .unknownColumn(item: item, column: column)
            }
            guard !sources.isEmpty, !sources.contains(where: \.isEmpty) else {
                throw .emptySource(item: item)
            }
            if sources.count > 1 && named != .gesture { throw .joinNotForGesture(item: item) }
            mapping[column] = sources
        }
        if mapping.isEmpty { throw .empty(text: text) }
        return mapping
    }

    /// Parses `--phase-map` text: `SOURCE=PHASE,...`, each `PHASE` any accepted spelling of a
    /// canonical phase (`HELD=moved,DOWN=began`). Returns nil when an item has no `=`, an
    /// empty side, a source longer than 16 bytes, or a target that is not a phase.
    public static func parsePhaseMap(_ text: String) -> [String: Phase]? {
        var map: [String: Phase] = [:]
        for item in text.split(separator: ",", omittingEmptySubsequences: true) {
            let sides = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard sides.count == 2 else { return nil }
            let source = String(sides[0]).trimmed
            let target = Array(String(sides[1]).trimmed.utf8)
            guard !source.isEmpty, source.utf8.count <= 16,
                let word = target.withUnsafeBufferPointer({
                    $0.baseAddress.flatMap { PackedWord($0, target.count) }
                }),
                let phase = phaseSpellings.first(where: { $0.0 == word })?.1.phase
            else { return nil }
            map[source] = phase
        }
        return map.isEmpty ? nil : map
    }

    public init(
        mapping: [String: [String]] = [:], preset: String? = nil, delimiter: UInt8? = nil,
        timeUnit: TimeUnit? = nil, lenient: Bool = false, maxGestureSamples: Int = 100_000,
        maxFieldLength: Int = 65_536, maxProblems: Int = 50, filters: [RowFilter] = [],
        phaseMap: [String: Phase] = [:], scale: Double? = nil, columnNames: [String]? = nil,
        maxOpenGestures: Int = 10_000
    ) {
        self.filters = filters
        self.phaseMap = phaseMap
        self.scale = scale
        self.columnNames = columnNames
        self.maxOpenGestures = maxOpenGestures
        self.mapping = mapping
        self.preset = preset
        self.delimiter = delimiter
        self.timeUnit = timeUnit
        self.lenient = lenient
        self.maxGestureSamples = maxGestureSamples
        self.maxFieldLength = maxFieldLength
        self.maxProblems = maxProblems
    }
}

/// What a read saw besides the gestures it delivered.
public struct ReadSummary: Sendable, Equatable {
    /// The file as given, `<stdin>` for `-` (as in messages and `Gesture.file`).
    public var file: String
    /// Data rows read (not counting header, comments, empty lines).
    public var rows: Int = 0
    /// Gestures delivered to the caller.
    public var gestures: Int = 0
    /// Skipped gestures and rows, by reason.
    public var skipped: [SkipReason: Int] = [:]
    /// Header columns not used ("ignored columns: ...").
    public var ignoredColumns: [String] = []
    /// Time unit in effect.
    public var timeUnit: TimeUnit = .s
    public var hasIntent = false
    public var hasOutcome = false
    public var hasPlatformVelocity = false
    public var hasExtentColumn = false
    public var hasGestureColumn = false
    /// Samples with a timestamp equal to their predecessor's within a delivered gesture.
    public var duplicateTimestamps = 0
    /// Rows identical to their gesture's previous row in time, position, phase and velocity
    /// (kept, like any equal timestamp; also counted in `duplicateTimestamps`).
    public var duplicateRows = 0
    /// Lenient mode: rows whose field count differed from the header's only by empty unnamed
    /// trailing fields (a trailing delimiter on the rows but not the header, or the reverse);
    /// read as if the counts matched. Strict mode stops at the first with an error.
    public var trailingDelimiterRows = 0
    /// Lenient mode: the error strict mode would have stopped at for the first of
    /// `trailingDelimiterRows` (`validate` reports it).
    public var trailingDelimiterExample: TraceError?
    /// Rows not read because a `--where` filter excluded them (not counted as skipped).
    public var filteredRows = 0
    /// Where the coordinates' unit comes from (`--scale`, a `dpi` column, or the file's own).
    public var coordinateUnit = CoordinateUnit.file
    /// Row-level problems seen in lenient mode (up to `maxProblems`), in line order.
    public var problems: [TraceError] = []
    /// Total row-level problems, including those not kept in `problems`.
    public var problemCount = 0
    /// Delivered gestures whose label `ReaderOptions.labels` changed.
    public var relabelled = 0

    public init(file: String) { self.file = file }

    /// Skipped counts of one unit (rows, or gestures), by reason.
    public func skipped(_ unit: SkipReason.Unit) -> [SkipReason: Int] {
        skipped.filter { $0.key.unit == unit && $0.value > 0 }
    }

    /// Rows not used, of the rows the filters kept: skipped rows (by reason) plus the rows of
    /// skipped gestures are not known apart, so this counts rows skipped for a row reason.
    public var skippedRows: Int { skipped(.rows).values.reduce(0, +) }
    public var skippedGestures: Int { skipped(.gestures).values.reduce(0, +) }
}

/// How much of what a read saw it dropped, over one or several files: rows skipped (for a row
/// reason) as a share of rows read (after `--where`), gestures skipped as a share of gestures
/// seen (delivered plus skipped). `--lenient` must not pass a mass loss silently: callers
/// warn when either share exceeds `warningShare`.
public struct ReadLoss: Sendable, Equatable {
    public var rowsRead = 0
    public var rowsSkipped = 0
    public var gesturesSeen = 0
    public var gesturesSkipped = 0

    /// 5%: above it the loss is worth a warning.
    public static let warningShare = 0.05

    public init(_ summaries: [ReadSummary]) {
        for s in summaries {
            rowsRead += s.rows - s.filteredRows
            rowsSkipped += s.skippedRows
            gesturesSeen += s.gestures + s.skippedGestures
            gesturesSkipped += s.skippedGestures
        }
    }

    public var rowShare: Double { rowsRead > 0 ? Double(rowsSkipped) / Double(rowsRead) : 0 }
    public var gestureShare: Double {
        gesturesSeen > 0 ? Double(gesturesSkipped) / Double(gesturesSeen) : 0
    }
    /// True when more than `warningShare` of rows or gestures were dropped.
    public var exceedsWarningShare: Bool {
        rowShare > Self.warningShare || gestureShare > Self.warningShare
    }
}

/// Streams a trace file into gestures through libcsv.
public enum TraceReader {
    /// Bytes read from the file per `read(2)` call, and fed to `csv_parse` per call.
    static let chunkSize = 64 * 1024

    /// Reads `path` (`-` for standard input; gzip or zstd compressed or not, told by its first
    /// bytes: see `Compression`) in fixed-size chunks and calls `onGesture` for each
    /// complete gesture, in the order gestures close (at the end of the file for a file
    /// without a phase column, in order of first appearance). Memory is bounded by the open
    /// gestures (and at most 16,384 remembered closed gesture ids), never by the file's size.
    ///
    /// Throws `TraceError` for bad input (strict mode: the first row-level error; lenient: only
    /// file-level errors, the field-length limit and a quoting error in the header) and
    /// rethrows what `onGesture` throws. After an error no further gesture is delivered.
    public static func read(
        path: String, options: ReaderOptions = .init(),
        onGesture: (Gesture) throws -> Void
    ) throws -> ReadSummary {
        try read(path: path, options: options, feedSize: chunkSize, onGesture: onGesture)
    }

    /// `read`, feeding `csv_parse` `feedSize` bytes at a time (tests use tiny sizes to split
    /// fields and CRLF pairs across calls).
    static func read(
        path: String, options: ReaderOptions, feedSize: Int,
        onGesture: (Gesture) throws -> Void
    ) throws -> ReadSummary {
        let input = try Compression.open(path: path)
        let context = ReadContext(ReadState(path: path, options: options))
        let state = context.state
        if let names = options.columnNames {
            state.pointee.headerNames = names
            state.pointee.resolveHeader(line: 0)
            if let fatal = state.pointee.fatal { throw fatal }
        }
        var tokenizer: CSVTokenizer?
        var first = true
        func deliver() throws {
            if !state.pointee.ready.isEmpty {
                let ready = state.pointee.ready
                state.pointee.ready.removeAll(keepingCapacity: true)
                if let labels = options.labels {
                    for var gesture in ready {
                        if labels.apply(to: &gesture) {
                            state.pointee.summary.relabelled += 1
                            state.pointee.summary.hasIntent = true
                        }
                        try onGesture(gesture)
                    }
                } else {
                    for gesture in ready { try onGesture(gesture) }
                }
            }
            if let fatal = state.pointee.fatal { throw fatal }
        }
        while true {
            var chunk = try input.next()
            if chunk.isEmpty { break }
            if first {
                first = false
                if chunk.count >= 3 && chunk[0] == 0xEF && chunk[1] == 0xBB && chunk[2] == 0xBF {
                    chunk = UnsafeRawBufferPointer(rebasing: chunk[3...])
                }
                if let kind = binaryKind(chunk) {
                    throw TraceError.file(
                        file: state.pointee.displayName, line: 0,
                        message: "expected CSV text, found \(kind)")
                }
                tokenizer = CSVTokenizer(delimiter: options.delimiter ?? detectDelimiter(chunk))
            }
            if !state.pointee.validateUTF8 || !state.pointee.countNewlinesInFields {
                let traits = ChunkTraits(scanning: chunk)
                if traits.nonASCII { state.pointee.validateUTF8 = true }
                if traits.quote { state.pointee.countNewlinesInFields = true }
            }
            var offset = 0
            while offset < chunk.count {
                let piece = UnsafeRawBufferPointer(
                    rebasing: chunk[offset..<min(chunk.count, offset + feedSize)])
                tokenizer!.parse(piece, into: context)
                offset += piece.count
                if state.pointee.stopped { try deliver() }
            }
            try deliver()
        }
        tokenizer?.finish(into: context)
        try deliver()
        if !state.pointee.hasHeader || first {
            let what = first ? "empty file" : "no header row (only comments or empty lines)"
            throw TraceError.file(
                file: state.pointee.displayName, line: 0,
                message: "\(what); expected a header naming the columns t, x, y and phase")
        }
        state.pointee.finishFile()
        try deliver()
        return state.pointee.summary
    }
}

/// What a file that is not text is, from its first bytes (its magic number), with what to do:
/// a compressed file or a spreadsheet, which people pass by mistake, would otherwise read as
/// a header of garbage ("not UTF-8", "UTF-16?"). gzip and zstd files are decompressed
/// (`Compression`), so `start` is gzip or zstd only inside one of them: compressed twice.
func binaryKind(_ start: UnsafeRawBufferPointer) -> String? {
    func starts(_ magic: [UInt8]) -> Bool {
        start.count >= magic.count && zip(start, magic).allSatisfy { $0 == $1 }
    }
    if starts([0x1F, 0x8B]) {
        return
            "a gzip-compressed file inside the compressed file (compressed twice? decompress it once)"
    }
    if starts([0x50, 0x4B, 0x03, 0x04]) || starts([0x50, 0x4B, 0x05, 0x06]) {
        return
            "a zip archive or an .xlsx/.numbers spreadsheet (unzip it, or export the sheet as CSV)"
    }
    if starts([0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1]) {
        return "an .xls spreadsheet (export the sheet as CSV)"
    }
    if starts([0x28, 0xB5, 0x2F, 0xFD]) {
        return
            "a zstd-compressed file inside the compressed file (compressed twice? decompress it once)"
    }
    if starts([0x42, 0x5A, 0x68]), start.count >= 4, (0x31...0x39).contains(start[3]) {
        return "a bzip2-compressed file (decompress it first: bunzip2)"
    }
    if starts([0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x00]) {
        return "an xz-compressed file (decompress it first: unxz)"
    }
    return nil
}
