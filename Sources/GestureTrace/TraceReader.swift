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
}

/// How to read a trace file. Defaults follow trace-format.md.
public struct ReaderOptions: Sendable {
    /// `--map canonical=source,...`: canonical column name → source column name(s). A
    /// grouping over several columns (`gesture=device_id+user_id`) lists them all.
    public var mapping: [String: [String]]
    /// `--preset touchalytics|bioident`.
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

    public init(
        mapping: [String: [String]] = [:], preset: String? = nil, delimiter: UInt8? = nil,
        timeUnit: TimeUnit? = nil, lenient: Bool = false, maxGestureSamples: Int = 100_000,
        maxFieldLength: Int = 65_536, maxProblems: Int = 50
    ) {
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
    /// Samples with a timestamp equal to their predecessor's within a gesture.
    public var duplicateTimestamps = 0
    /// Row-level problems seen in lenient mode (up to `maxProblems`), in line order.
    public var problems: [TraceError] = []
    /// Total row-level problems, including those not kept in `problems`.
    public var problemCount = 0

    public init(file: String) { self.file = file }
}

/// Streams a trace file into gestures through libcsv.
public enum TraceReader {
    /// Reads `path` (`-` for standard input) in fixed-size chunks and calls `onGesture` for each
    /// complete gesture, in the order gestures close. Memory is bounded by the open gestures.
    ///
    /// Throws `TraceError` for bad input (strict mode: the first row-level error; lenient: only
    /// file-level errors) and rethrows what `onGesture` throws.
    public static func read(
        path: String, options: ReaderOptions = .init(),
        onGesture: (Gesture) throws -> Void
    ) throws -> ReadSummary {
        throw TraceError.unreadable(file: path, reason: "not implemented yet")
    }
}
