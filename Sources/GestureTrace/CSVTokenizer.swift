// The only file that imports libcsv.
internal import CCSV

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// libcsv's parser for one file: owns the `struct csv_parser` (which must not move while in
/// use, hence a heap allocation owned by a `final class`), feeds it chunks and recovers from
/// its strict-mode errors.
///
/// Options: `CSV_STRICT` (RFC 4180: a quote inside an unquoted field or text after a closing
/// quote is an error), `CSV_STRICT_FINI` (an unterminated quote at the end of input is an error)
/// and `CSV_REPALL_NL` (every line end is reported, so empty lines still count for line
/// numbers). Fields are not NUL-terminated (`CSV_APPEND_NULL` is off): values are built from
/// pointer and length.
final class CSVTokenizer {
    fileprivate let parser: UnsafeMutablePointer<csv_parser>
    private let delimiter: UInt8
    /// After a quoting error, the rest of the line is skipped (possibly over several chunks).
    private var skippingToLineEnd = false

    static let options = UInt8(CSV_STRICT | CSV_STRICT_FINI | CSV_REPALL_NL)

    /// Calls `csv_init` and `csv_set_delim`.
    init(delimiter: UInt8) {
        self.delimiter = delimiter
        parser = .allocate(capacity: 1)
        Self.initialise(parser, delimiter: delimiter)
    }

    deinit {
        csv_free(parser)
        parser.deallocate()
    }

    private static func initialise(_ parser: UnsafeMutablePointer<csv_parser>, delimiter: UInt8) {
        // csv_init only fails for a null parser.
        _ = csv_init(parser, options)
        csv_set_delim(parser, delimiter)
    }

    /// Length of the field libcsv is still accumulating (not yet delivered).
    var pendingFieldLength: Int { parser.pointee.entry_pos }

    /// Feeds `chunk` to `csv_parse`, whose callbacks hand fields and rows to `context.state`.
    /// On a quoting error the row is reported to the state, the parser is reset and the rest of
    /// the line is skipped.
    ///
    /// The field-length limit is checked at a fixed byte, whatever the pieces the input comes
    /// in: `csv_parse` is never given more bytes than can take the pending field past
    /// `maxFieldLength + 1` (libcsv's buffer holds a quoted field's closing quote until it
    /// sees what follows, and grows by at most one byte per byte), so the field is reported
    /// too long at the byte that makes it so, and a quoting error later in the same field is
    /// never seen first.
    func parse(_ chunk: UnsafeRawBufferPointer, into context: ReadContext) {
        guard let base = chunk.baseAddress else { return }
        let opaque = Unmanaged.passUnretained(context).toOpaque()
        let allowed = context.state.pointee.maxFieldLength + 1
        var offset = 0
        let end = chunk.count
        while offset < end {
            if pendingFieldLength > allowed {
                context.state.pointee.fieldTooLong(context.state.pointee.fieldIndex)
                return
            }
            if skippingToLineEnd {
                guard let lf = memchr(base + offset, 0x0A, end - offset) else { return }
                offset = UnsafeRawPointer(lf) - base + 1
                skippingToLineEnd = false
                context.state.pointee.skippedRestOfLine()
                continue
            }
            let budget = min(end - offset, allowed + 1 - pendingFieldLength)
            let consumed = csv_parse(
                parser, base + offset, budget, fieldCallback, rowCallback, opaque)
            if consumed == budget {
                offset += budget
                continue
            }
            if csv_error(parser) == CSV_EPARSE {
                let pending = parser.pointee.entry_pos
                let startsWithHash = pending > 0 && parser.pointee.entry_buf[0] == 0x23
                let quoted = parser.pointee.quoted != 0
                // In a quoted field libcsv has already appended the closing quote.
                var kept = pending
                if quoted && kept > 0 && parser.pointee.entry_buf[kept - 1] == 0x22 { kept -= 1 }
                let before = kept > 0 ? escapedText(parser.pointee.entry_buf, kept) : ""
                context.state.pointee.quotingError(
                    fieldStartsWithHash: startsWithHash, quoted: quoted, before: before)
            } else {
                context.state.pointee.fail(
                    .file(
                        file: context.state.pointee.displayName, line: context.state.pointee.line,
                        message: "CSV parser: \(String(cString: csv_strerror(csv_error(parser))))"))
                return
            }
            csv_free(parser)
            Self.initialise(parser, delimiter: delimiter)
            offset += consumed
            skippingToLineEnd = true
        }
        if pendingFieldLength > allowed {
            context.state.pointee.fieldTooLong(context.state.pointee.fieldIndex)
        }
    }

    /// Ends input with `csv_fini`: delivers a last row without a line end, or reports an
    /// unterminated quoted field.
    func finish(into context: ReadContext) {
        if skippingToLineEnd {
            context.state.pointee.skippedRestOfLine()
            return
        }
        let status = csv_fini(
            parser, fieldCallback, rowCallback, Unmanaged.passUnretained(context).toOpaque())
        if status != 0 { context.state.pointee.unterminatedQuote() }
    }
}

/// libcsv's field callback: non-capturing, it finds the reader's state through `data`.
/// One definition serves `csv_parse` and `csv_fini` (two identical closures would be merged
/// into one function behind a thunk, an extra call per field).
private let fieldCallback:
    @convention(c) (UnsafeMutableRawPointer?, Int, UnsafeMutableRawPointer?) -> Void = {
        bytes, count, data in
        Unmanaged<ReadContext>.fromOpaque(data!).takeUnretainedValue().state.pointee.field(
            bytes, count)
    }

/// libcsv's row callback: `terminator` is the CR or LF that ended the row, -1 at the end.
private let rowCallback: @convention(c) (Int32, UnsafeMutableRawPointer?) -> Void = {
    terminator, data in
    Unmanaged<ReadContext>.fromOpaque(data!).takeUnretainedValue().state.pointee.endRow(terminator)
}

extension TraceReader {
    /// Benchmark baseline: reads `path` in the reader's chunks and runs `csv_parse` with the
    /// reader's options and empty callbacks, doing nothing else. This is the limit for any
    /// libcsv-based reader; `bench/reader-bench` compares `read(path:options:onGesture:)` to it.
    ///
    /// Calls `csv_parse` and `csv_fini`. Returns the number of bytes parsed.
    public static func bareParse(path: String) throws -> Int {
        let input = try FileChunks(path: path)
        let tokenizer = CSVTokenizer(delimiter: 0x2C)
        var total = 0
        while true {
            let chunk = try input.next()
            if chunk.isEmpty { break }
            total += chunk.count
            _ = csv_parse(
                tokenizer.parser, chunk.baseAddress, chunk.count, { _, _, _ in }, { _, _ in }, nil)
        }
        _ = csv_fini(tokenizer.parser, { _, _, _ in }, { _, _ in }, nil)
        return total
    }
}
