/// Why reading a trace failed. Row-level cases carry the file, 1-based line and column name.
///
/// `description` renders the message of trace-format.md's "Bad input", e.g.
/// `traces/swipe.csv:57: column "x": expected a number, found "12,5"`.
public enum TraceError: Error, Equatable, Sendable {
    /// A file-level problem (no header, empty file, not UTF-8, a bad `--map`, ...); `line` is 0
    /// when the problem has no line.
    case file(file: String, line: Int, message: String)
    /// A required column is missing from the header on `line` (0: unknown). `found` lists the
    /// header's columns; `suggestion` is the unused column nearest (edit distance) to one of
    /// `name`'s spellings, if any is close: `name` is then the canonical column of that spelling
    /// (`t_ms` for `time[ms]`). `preset` names a `--preset` whose columns the header holds.
    case missingColumn(
        file: String, line: Int = 0, name: String, found: [String], suggestion: String?,
        preset: String? = nil)
    /// A field could not be read: `expected` what, `found` the field's text (truncated).
    case badField(file: String, line: Int, column: String, expected: String, found: String)
    /// A row with a different number of fields than the header.
    case fieldCount(file: String, line: Int, expected: Int, found: Int)
    /// A row-level rule of "Gestures" (time going backwards within a gesture, ...).
    case row(file: String, line: Int, message: String)
    /// A resource bound was exceeded (field length, samples per gesture).
    case limit(file: String, line: Int, message: String)
    /// The file could not be opened or read (exit 66).
    case unreadable(file: String, reason: String)
}
