/// The reader's context object handed to libcsv (`Unmanaged` opaque pointer).
///
/// All mutable state lives in one `ReadState` behind a pointer the box owns: reached through a
/// `let`, it needs no dynamic exclusivity check per field, which matters on the hot path.
final class ReadContext {
    let state: UnsafeMutablePointer<ReadState>

    init(_ initial: ReadState) {
        state = .allocate(capacity: 1)
        state.initialize(to: initial)
    }

    deinit {
        state.pointee.columns.deallocate()
        state.pointee.numbers.deallocate()
        state.pointee.idBytes.deallocate()
        state.pointee.cachedKey.deallocate()
        for part in state.pointee.idPartBytes { part.deallocate() }
        state.deinitialize(count: 1)
        state.deallocate()
    }
}

/// Everything the reader tracks while libcsv delivers fields and rows: the header, the row
/// being read, line numbers, open gestures, the summary and the first fatal error.
struct ReadState {
    let path: String
    /// The name errors use (`<stdin>` for `-`).
    let displayName: String
    let options: ReaderOptions

    // MARK: Header

    var layout: ColumnLayout?
    /// Copies of `layout` facts read per field or row (reading them through the optional
    /// struct would copy it, retaining its arrays).
    var hasHeader = false { didSet { updateCarefulFields() } }
    var hasPhaseColumn = false
    /// Samples a new gesture's buffer is reserved for: the last delivered gesture's count
    /// (8 to `sampleReserveLimit`).
    var sampleReserve = 8
    static let sampleReserveLimit = 32
    /// A `vx` or `vy` column (otherwise samples skip reading their slots).
    var hasVelocity = false
    var gesturePartCount = 0
    var headerNames: [String] = []
    var headerLine = 0
    var roles: [Role] = []
    /// Phase spellings: `--phase-map` entries first, then the built-in ones.
    let phaseTable: [(PackedWord, RowPhase)]
    /// `--where` filters compiled: column index, accepted values' bytes, negated.
    var filters: [(column: Int, values: [[UInt8]], negated: Bool)] = []
    /// `--by` columns (indices), and the row's values of them (trimmed bytes).
    var groupColumns: [Int] = []
    var groupFields: [[UInt8]] = []
    /// Set when a field of the row fails a filter: the row is not read.
    var rowExcluded = false
    /// Coordinates are converted to pt: by `--scale` (`scale`), or per row by the `dpi` column.
    var scale: Double?
    var hasDPI = false
    /// `roles` compiled for the hot path (one entry per header column).
    var columns = UnsafeMutablePointer<ColumnCode>.allocate(capacity: 0)
    var parts: [Int] = []
    var columnCount = 0

    // MARK: The row being read

    var fieldIndex = 0
    var rowIsComment = false { didSet { updateCarefulFields() } }
    var lastFieldEmpty = false
    /// Optional values (`vx` ... `outcome`) need no reset between rows: a row is used only when
    /// every column was visited, and an empty field sets its value to nil.
    /// The row's numbers by slot (`NumberSlot`); NaN marks an absent optional value (NaN in
    /// the input is rejected, so it cannot be confused with a value).
    let numbers: UnsafeMutablePointer<Double> = {
        let slots = UnsafeMutablePointer<Double>.allocate(capacity: NumberSlot.count)
        slots.initialize(repeating: .nan, count: NumberSlot.count)
        return slots
    }()
    var t: Double { numbers[NumberSlot.t] }
    var x: Double { numbers[NumberSlot.x] }
    var y: Double { numbers[NumberSlot.y] }
    var vx: Double? { optionalNumber(NumberSlot.vx) }
    var vy: Double? { optionalNumber(NumberSlot.vy) }
    var width: Double? { optionalNumber(NumberSlot.width) }
    var height: Double? { optionalNumber(NumberSlot.height) }

    @inline(__always)
    func optionalNumber(_ slot: Int) -> Double? {
        let value = numbers[slot]
        return value.isNaN ? nil : value
    }
    var intent: Intent?
    /// The row's `intent` field says `other`.
    var intentOther = false
    var outcome: Intent?
    var rowPhase = RowPhase.moved
    /// First bad field of the row: its column index (-1: none), what was expected, the text.
    var errorColumn = -1
    var errorExpected = ""
    var errorFound = ""
    /// The gesture id's bytes; for a joined id, its parts separated by `/`.
    var idBytes = ByteBuffer()
    var idPartBytes: [ByteBuffer] = []
    /// The previous row's phase spelling and its phase: a row with the same spelling skips the
    /// table. Starts as the table's first entry, so a cache hit is always a table entry.
    var lastPhaseWord: PackedWord
    var lastPhase: RowPhase
    /// The same for `intent` and `outcome` values (one cache: both take the same spellings).
    var lastIntentWord = intentSpellings[0].0
    var lastIntent = intentSpellings[0].1

    // MARK: Lines

    /// Line on which the row being read starts (1-based).
    var line = 1
    /// Line feeds inside quoted fields of the row being read.
    var pendingNewlines = 0
    var previousTerminator: Int32 = -1
    /// Sticky: set once a chunk held a quote / a non-ASCII byte.
    var countNewlinesInFields = false { didSet { updateCarefulFields() } }
    var validateUTF8 = false { didSet { updateCarefulFields() } }
    /// Whether fields need `carefulField`'s checks (see `field`).
    var carefulFields = true
    let maxFieldLength: Int

    mutating func updateCarefulFields() {
        carefulFields =
            stopped || rowIsComment || !hasHeader || validateUTF8 || countNewlinesInFields
            || !filters.isEmpty || !groupColumns.isEmpty
    }

    // MARK: Gestures

    var tracks = [String: Track](minimumCapacity: 1024)
    var cachedKey = ByteBuffer()
    /// The track of `cachedKey`; the dictionary keeps it alive, eviction clears it.
    var cachedTrack: TrackRef?
    let sequence = Track(key: "")
    var sequenceNumber = 0
    var trackOrder = 0
    /// Closed tracks kept to recognise rows after a release and to number stream runs.
    static let closedTrackCapacity = 16_384
    var evictionThreshold = ReadState.closedTrackCapacity
    /// Tracks holding state (`isOpen`), and the order they opened in (oldest first; entries
    /// whose track has since closed or reopened are skipped and compacted away).
    var openTracks = 0
    var openOrder: [(key: String, stamp: Int)] = []
    var openOrderStart = 0
    var openStampCounter = 0

    // MARK: Outcome

    var summary: ReadSummary
    var ready: [Gesture] = []
    var fatal: TraceError?
    var stopped = false { didSet { updateCarefulFields() } }

    init(path: String, options: ReaderOptions) {
        self.path = path
        self.displayName = path == "-" ? "<stdin>" : path
        self.options = options
        self.maxFieldLength = options.maxFieldLength
        self.summary = ReadSummary(file: displayName)
        var table: [(PackedWord, RowPhase)] = []
        for (source, phase) in options.phaseMap.sorted(by: { $0.key < $1.key }) {
            let bytes = Array(source.trimmed.utf8)
            if let word = bytes.withUnsafeBufferPointer({
                $0.baseAddress.flatMap { PackedWord($0, bytes.count) }
            }) {
                table.append((word, RowPhase(phase)))
            }
        }
        self.phaseTable = table + phaseSpellings
        (lastPhaseWord, lastPhase) = phaseTable[0]
    }

    // MARK: Fields (hot path)

    /// Handles one field (libcsv's field callback). `bytes` is nil for an empty field at the
    /// start of input; the bytes are libcsv's buffer, valid only during the call.
    ///
    /// The common case (a non-empty data field of a known column, not starting a comment row,
    /// in an ASCII file without quotes) goes straight to `value`; everything else takes
    /// `carefulField`.
    @inline(__always)
    mutating func field(_ bytes: UnsafeRawPointer?, _ count: Int) {
        let index = fieldIndex
        fieldIndex = index &+ 1
        guard !carefulFields, index < columnCount, count > 0, count <= maxFieldLength, let bytes,
            index != 0 || bytes.load(as: UInt8.self) != 0x23
        else {
            carefulField(index, bytes, count)
            return
        }
        lastFieldEmpty = false
        value(index, bytes.assumingMemoryBound(to: UInt8.self), count)
    }

    /// `field` with every check: stopped, comment rows, empty and over-long fields, line feeds
    /// in quoted fields, UTF-8 validity, header names.
    @inline(never)
    mutating func carefulField(_ index: Int, _ bytes: UnsafeRawPointer?, _ count: Int) {
        if stopped || rowIsComment { return }
        guard let bytes, count > 0 else {
            lastFieldEmpty = true
            if !hasHeader {
                headerNames.append("")
            } else if index < columnCount {
                if !filters.isEmpty { applyFilters(index, nil, 0) }
                if !groupColumns.isEmpty { captureGroup(index, nil, 0) }
                emptyField(index)
            }
            return
        }
        lastFieldEmpty = false
        let p = bytes.assumingMemoryBound(to: UInt8.self)
        if index == 0 && p[0] == 0x23 {
            rowIsComment = true
            return
        }
        if count > maxFieldLength {
            fieldTooLong(index)
            return
        }
        if countNewlinesInFields { pendingNewlines &+= countLineFeeds(p, count) }
        if validateUTF8 || !hasHeader, !isASCII(p, count),
            String(validating: UnsafeBufferPointer(start: p, count: count), as: UTF8.self) == nil
        {
            fail(
                .file(
                    file: displayName, line: line,
                    message:
                        "\(columnLabel(index)): expected UTF-8 text, found \"\(escapedText(p, count))\"\(utf16Hint(p, count))"
                ))
            return
        }
        guard hasHeader else {
            headerNames.append(
                String(decoding: UnsafeBufferPointer(start: p, count: count), as: UTF8.self))
            return
        }
        guard index < columnCount else { return }
        if !filters.isEmpty { applyFilters(index, p, count) }
        if !groupColumns.isEmpty { captureGroup(index, p, count) }
        value(index, p, count)
    }

    /// Keeps the field of column `index` (trimmed) when it is a `--by` column.
    mutating func captureGroup(_ index: Int, _ p: UnsafePointer<UInt8>?, _ count: Int) {
        for (k, column) in groupColumns.enumerated() where column == index {
            groupFields[k].removeAll(keepingCapacity: true)
            guard let p else { continue }
            var start = 0
            var end = count
            while start < end && (p[start] == 0x20 || p[start] == 0x09) { start += 1 }
            while end > start && (p[end - 1] == 0x20 || p[end - 1] == 0x09) { end -= 1 }
            groupFields[k].append(
                contentsOf: UnsafeBufferPointer(start: p + start, count: end - start))
        }
    }

    /// The row's `--by` group: its columns' values joined by `+`; nil without `--by`.
    var rowGroup: String? {
        guard !groupColumns.isEmpty else { return nil }
        return groupFields.map { String(decoding: $0, as: UTF8.self) }.joined(separator: "+")
    }

    /// Checks the field of column `index` against the `--where` filters on that column.
    mutating func applyFilters(_ index: Int, _ p: UnsafePointer<UInt8>?, _ count: Int) {
        for filter in filters where filter.column == index {
            var start = 0
            var end = count
            if let p {
                while start < end && (p[start] == 0x20 || p[start] == 0x09) { start += 1 }
                while end > start && (p[end - 1] == 0x20 || p[end - 1] == 0x09) { end -= 1 }
            }
            let matched = filter.values.contains { value in
                guard value.count == end - start else { return false }
                for k in 0..<value.count where value[k] != p![start + k] { return false }
                return true
            }
            if matched == filter.negated { rowExcluded = true }
        }
    }

    /// Reads a non-empty field of column `index` into the row.
    ///
    /// Numbers of every column share one path (parse, store in the column's slot): a switch
    /// over the column's role would be an indirect branch the processor mispredicts on most
    /// fields, since libcsv's own branches between two fields blur its history.
    @inline(__always)
    mutating func value(_ index: Int, _ p: UnsafePointer<UInt8>, _ count: Int) {
        let code = columns[index]
        if code.kind == .number {
            if let v = parseDecimal(p, count, shift: Int(code.shift)) {
                numbers[Int(code.slot)] = v
            } else {
                badNumber(index, p, count)
            }
            return
        }
        switch code.kind {
        case .ignore, .number:
            return
        case .phase:
            guard let word = PackedWord(p, count) else {
                badField(index, p, count, expected: Self.phaseExpectation)
                return
            }
            if word == lastPhaseWord {
                rowPhase = lastPhase
                return
            }
            phase(word, index, p, count)
        case .gesturePart:
            if gesturePartCount == 1 {
                idBytes.append(p, count)
            } else {
                idPartBytes[Int(code.slot)].append(p, count)
            }
        case .intent:
            if let v = parseIntent(p, count) {
                intent = v
                intentOther = false
            } else if let word = PackedWord(p, count), otherIntentSpellings.contains(word) {
                intent = nil
                intentOther = true
            } else {
                badField(index, p, count, expected: Self.intentExpectation)
            }
        case .outcome:
            if let v = parseIntent(p, count) {
                outcome = v
            } else {
                badField(index, p, count, expected: Self.outcomeExpectation)
            }
        }
    }

    /// A phase spelling other than the previous row's.
    @inline(never)
    mutating func phase(_ word: PackedWord, _ index: Int, _ p: UnsafePointer<UInt8>, _ count: Int) {
        for (spelling, phase) in phaseTable where spelling == word {
            rowPhase = phase
            lastPhaseWord = word
            lastPhase = phase
            return
        }
        badField(index, p, count, expected: Self.phaseExpectation)
    }

    static let phaseExpectation =
        "a phase (began, moved, ended, cancelled, down, move, up, 0-3, ...; --phase-map names others)"
    static let sizeExpectation =
        "a container size in pt, not negative (0 or an empty field: not known)"
    static let dpiExpectation = "a positive dpi (or an Android density factor below 20)"
    static let intentExpectation =
        "complete, cancel or other (also 1/0, true/false, yes/no; other: none, scroll, not-meant, unintended, accidental)"
    static let outcomeExpectation = "complete or cancel (also 1/0, true/false, yes/no)"

    @inline(__always)
    mutating func parseIntent(_ p: UnsafePointer<UInt8>, _ count: Int) -> Intent? {
        guard let word = PackedWord(p, count) else { return nil }
        if word == lastIntentWord { return lastIntent }
        guard let intent = intentSpellings.first(where: { $0.0 == word })?.1 else { return nil }
        (lastIntentWord, lastIntent) = (word, intent)
        return intent
    }

    mutating func emptyField(_ index: Int) {
        switch roles[index] {
        case .time, .x, .y:
            recordBadField(index, expected: "a number", found: "")
        case .phase:
            recordBadField(index, expected: Self.phaseExpectation, found: "")
        case .gesturePart where gesturePartCount == 1:
            recordBadField(index, expected: "a gesture id", found: "")
        case .dpi:
            if scale == nil { recordBadField(index, expected: Self.dpiExpectation, found: "") }
        case .vx, .vy, .width, .height: numbers[Int(columns[index].slot)] = .nan
        case .intent:
            intent = nil
            intentOther = false
        case .outcome: outcome = nil
        case .ignore, .gesturePart:
            break
        }
    }

    mutating func badNumber(_ index: Int, _ p: UnsafePointer<UInt8>, _ count: Int) {
        let text = String(decoding: UnsafeBufferPointer(start: p, count: count), as: UTF8.self)
        let finite = spellsNonFinite(text) || parseDecimalInFull(p, count) != nil
        recordBadField(index, expected: finite ? "a finite number" : "a number", found: text)
    }

    mutating func badField(_ index: Int, _ p: UnsafePointer<UInt8>, _ count: Int, expected: String)
    {
        recordBadField(
            index, expected: expected,
            found: String(decoding: UnsafeBufferPointer(start: p, count: count), as: UTF8.self))
    }

    mutating func recordBadField(_ index: Int, expected: String, found: String) {
        guard errorColumn < 0 else { return }
        errorColumn = index
        errorExpected = expected
        errorFound = found.count > 60 ? String(found.prefix(57)) + "..." : found
    }

    func columnName(_ index: Int) -> String {
        if let layout, index < layout.names.count, !layout.names[index].isEmpty {
            return layout.names[index]
        }
        return "#\(index + 1)"
    }

    /// The header name of the column holding `role`, for messages.
    func columnName(of role: Role) -> String {
        layout?.name(of: role) ?? "\(role)"
    }

    /// `column "x"` for a data row, `header, column 3` while the header is being read.
    func columnLabel(_ index: Int) -> String {
        hasHeader ? "column \"\(columnName(index))\"" : "header, column \(index + 1)"
    }

    /// A time (s) in the time column's unit, as written in the file: `1336645451340 ms`.
    func timeText(_ seconds: Double) -> String {
        let unit = layout?.timeUnit ?? .s
        return decimalText(seconds * exactPowersOfTen[unit.powerOfTen])
    }

    /// A hint when bytes that are not UTF-8 look like UTF-16 (a UTF-16 byte-order mark, or NUL bytes).
    func utf16Hint(_ p: UnsafePointer<UInt8>, _ count: Int) -> String {
        let bom = count >= 2 && ((p[0] == 0xFF && p[1] == 0xFE) || (p[0] == 0xFE && p[1] == 0xFF))
        let nul = (0..<count).contains { p[$0] == 0 }
        return bom || nul ? " (UTF-16? save the file as UTF-8)" : ""
    }

    mutating func fieldTooLong(_ index: Int) {
        fail(
            .limit(
                file: displayName, line: line,
                message:
                    "\(columnLabel(index)): expected a field of at most \(options.maxFieldLength) bytes, found a longer one (an unterminated quote?)"
            ))
    }

    /// A fatal error: remembered (the first one only); libcsv's remaining callbacks do nothing.
    mutating func fail(_ error: TraceError) {
        guard !stopped else { return }
        fatal = error
        stopped = true
    }

    /// A row-level problem: in lenient mode counted under `reason` and kept (up to
    /// `maxProblems`); otherwise fatal. Returns true when reading goes on.
    @discardableResult
    mutating func problem(_ error: TraceError, _ reason: SkipReason) -> Bool {
        guard options.lenient else {
            fail(error)
            return false
        }
        summary.skipped[reason, default: 0] += 1
        summary.problemCount += 1
        if summary.problems.count < options.maxProblems { summary.problems.append(error) }
        return true
    }

    mutating func count(_ reason: SkipReason) {
        summary.skipped[reason, default: 0] += 1
    }

    // MARK: Rows

    /// Handles the end of a row (libcsv's row callback): `terminator` is the CR or LF that
    /// ended it, or -1 at the end of input. With `CSV_REPALL_NL` every line ending is reported,
    /// so an LF right after a CR with no fields is the second half of a CRLF.
    @inline(__always)
    mutating func endRow(_ terminator: Int32) {
        if stopped { return }
        defer { resetRow() }
        if terminator == 0x0A && previousTerminator == 0x0D && fieldIndex == 0 {
            previousTerminator = terminator
            return
        }
        previousTerminator = terminator
        let rowLine = line
        line = rowLine &+ 1 &+ pendingNewlines
        if fieldIndex == 0 || rowIsComment { return }
        guard hasHeader else {
            resolveHeader(line: rowLine)
            return
        }
        summary.rows &+= 1
        if fieldIndex != columnCount {
            let extraEmpty = fieldIndex == columnCount + 1 && lastFieldEmpty
            let unnamedMissing =
                fieldIndex < columnCount && layout!.names[fieldIndex...].allSatisfy(\.isEmpty)
            if extraEmpty || unnamedMissing {
                let why =
                    extraEmpty
                    ? "the last one empty: a trailing delimiter the header does not have"
                    : "the header's last \(columnCount - fieldIndex == 1 ? "column has" : "\(columnCount - fieldIndex) columns have") no name: a trailing delimiter on the header only"
                let error = TraceError.row(
                    file: displayName, line: rowLine,
                    message:
                        "expected \(columnCount) fields as in the header, found \(fieldIndex), \(why) (--lenient reads such rows)"
                )
                if options.lenient {
                    summary.trailingDelimiterRows += 1
                    if summary.trailingDelimiterExample == nil {
                        summary.trailingDelimiterExample = error
                    }
                } else {
                    fail(error)
                    return
                }
            } else {
                problem(
                    .fieldCount(
                        file: displayName, line: rowLine, expected: columnCount, found: fieldIndex),
                    .malformedRow)
                return
            }
        }
        if rowExcluded {
            summary.filteredRows &+= 1
            return
        }
        if errorColumn >= 0 {
            problem(
                .badField(
                    file: displayName, line: rowLine, column: columnName(errorColumn),
                    expected: errorExpected, found: errorFound), .malformedRow)
            return
        }
        addRow(line: rowLine)
    }

    mutating func resetRow() {
        fieldIndex = 0
        if rowIsComment { rowIsComment = false }
        lastFieldEmpty = false
        pendingNewlines = 0
        errorColumn = -1
        rowExcluded = false
        idBytes.removeAll()
        if !groupColumns.isEmpty {
            for k in groupFields.indices { groupFields[k].removeAll(keepingCapacity: true) }
        }
        if gesturePartCount > 1 {
            for k in idPartBytes.indices { idPartBytes[k].removeAll() }
        }
    }

    mutating func resolveHeader(line: Int) {
        headerLine = line
        do throws(TraceError) {
            let layout: ColumnLayout
            do throws(TraceError) {
                layout = try ColumnLayout.resolve(
                    header: headerNames, options: options, file: displayName, line: line)
            } catch {
                if options.columnNames == nil, let hint = headerlessHint(line: line) { throw hint }
                throw error
            }
            self.layout = layout
            hasHeader = true
            hasPhaseColumn = layout.has(.phase)
            hasVelocity = layout.has(.vx) || layout.has(.vy)
            gesturePartCount = layout.gesturePartCount
            roles = layout.roles
            columns.deallocate()
            columns = .allocate(capacity: layout.roles.count)
            for (index, role) in layout.roles.enumerated() {
                columns[index] = ColumnCode(
                    role: role, part: layout.gesturePart[index],
                    timeShift: layout.timeUnit.powerOfTen)
            }
            parts = layout.gesturePart
            columnCount = layout.roles.count
            idPartBytes = (0..<(layout.gesturePartCount > 1 ? layout.gesturePartCount : 0)).map {
                _ in ByteBuffer()
            }
            summary.timeUnit = layout.timeUnit
            summary.ignoredColumns = layout.ignored
            summary.hasIntent = layout.has(.intent)
            summary.hasOutcome = layout.has(.outcome)
            summary.hasPlatformVelocity = layout.has(.vx) || layout.has(.vy)
            summary.hasExtentColumn = layout.has(.width) || layout.has(.height)
            summary.hasGestureColumn = layout.gesturePartCount > 0
            filters = zip(options.filters, layout.filterColumns).map { filter, column in
                (column, filter.values.map { Array($0.utf8) }, filter.negated)
            }
            groupColumns = layout.groupColumns
            groupFields = layout.groupColumns.map { _ in [] }
            scale = options.scale
            hasDPI = scale == nil && layout.has(.dpi)
            summary.coordinateUnit = scale != nil ? .scaled : hasDPI ? .dpi : .file
            updateCarefulFields()
        } catch {
            fail(error)
        }
    }

    /// A first row whose fields are all numbers is data, not a header: the error says so and
    /// how to name the columns, instead of listing data values as column names.
    func headerlessHint(line: Int) -> TraceError? {
        let fields = headerNames.map(\.trimmed)
        guard !fields.isEmpty, fields.contains(where: { !$0.isEmpty }),
            fields.allSatisfy({ $0.isEmpty || Double($0) != nil })
        else { return nil }
        let shown =
            fields.prefix(6).map { "\"\($0)\"" }.joined(separator: ", ")
            + (fields.count > 6 ? ", ..." : "")
        return .file(
            file: displayName, line: line,
            message:
                "no header: the first row is data (\(fields.count) numbers: \(shown)); name the columns with --columns, e.g. --columns t,x,y,phase (an empty name ignores a column)"
        )
    }

    /// libcsv rejected the row's quoting (`CSV_STRICT`). `commentStart` tells whether the
    /// field being read when it failed starts with `#`: comment rows may hold any quotes. The
    /// caller skips the rest of the line.
    mutating func quotingError(fieldStartsWithHash: Bool, quoted: Bool, before: String) {
        if stopped { return }
        let isComment = rowIsComment || (fieldIndex == 0 && fieldStartsWithHash)
        if !isComment {
            let found =
                quoted
                ? "expected a delimiter or the line end after a closing quote (RFC 4180), found more text after the quoted \"\(before)\""
                : "expected quotes only around a whole field (RFC 4180), found a quote after \"\(before)\""
            let error = TraceError.row(
                file: displayName, line: line, message: "\(columnLabel(fieldIndex)): \(found)")
            if !hasHeader {
                fail(error)
            } else {
                summary.rows += 1
                problem(error, .malformedRow)
            }
        }
        resetRow()
    }

    /// The rest of a rejected line was skipped, up to and including its line feed.
    mutating func skippedRestOfLine() {
        line &+= 1 &+ pendingNewlines
        previousTerminator = 0x0A
        resetRow()
    }

    /// The input ended inside a quoted field (`CSV_STRICT_FINI`).
    mutating func unterminatedQuote() {
        if stopped { return }
        let error = TraceError.row(
            file: displayName, line: line,
            message:
                "\(columnLabel(fieldIndex)): expected a closing quote, found the end of the file")
        if !hasHeader {
            fail(error)
        } else {
            summary.rows += 1
            problem(error, .malformedRow)
        }
        resetRow()
    }
}

/// Slots of `ReadState.numbers`.
enum NumberSlot {
    static let t = 0, x = 1, y = 2, vx = 3, vy = 4, width = 5, height = 6, dpi = 7
    static let count = 8
}

/// A header column compiled for the hot path: what kind of value, where it goes (a number
/// slot or a gesture id part) and, for time, the power of ten of its unit.
struct ColumnCode {
    enum Kind: UInt8 { case ignore, number, phase, gesturePart, intent, outcome }

    var kind: Kind
    var slot: UInt16
    var shift: UInt8

    init(role: Role, part: Int, timeShift: Int) {
        shift = 0
        slot = 0
        switch role {
        case .ignore: kind = .ignore
        case .time:
            kind = .number
            slot = UInt16(NumberSlot.t)
            shift = UInt8(timeShift)
        case .x: (kind, slot) = (.number, UInt16(NumberSlot.x))
        case .y: (kind, slot) = (.number, UInt16(NumberSlot.y))
        case .vx: (kind, slot) = (.number, UInt16(NumberSlot.vx))
        case .vy: (kind, slot) = (.number, UInt16(NumberSlot.vy))
        case .width: (kind, slot) = (.number, UInt16(NumberSlot.width))
        case .height: (kind, slot) = (.number, UInt16(NumberSlot.height))
        case .dpi: (kind, slot) = (.number, UInt16(NumberSlot.dpi))
        case .phase: kind = .phase
        case .gesturePart: (kind, slot) = (.gesturePart, UInt16(clamping: max(0, part)))
        case .intent: kind = .intent
        case .outcome: kind = .outcome
        }
    }
}

/// Bytes kept across rows without reallocating (a gesture id being assembled). Copies share
/// storage: the owner deallocates it once.
struct ByteBuffer {
    private(set) var base: UnsafeMutablePointer<UInt8>
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int = 64) {
        base = .allocate(capacity: capacity)
        self.capacity = capacity
    }

    @inline(__always)
    mutating func append(_ p: UnsafePointer<UInt8>, _ n: Int) {
        if count + n > capacity { grow(to: count + n) }
        (base + count).update(from: p, count: n)
        count += n
    }

    mutating func append(_ byte: UInt8) {
        withUnsafePointer(to: byte) { append($0, 1) }
    }

    mutating func append(_ other: ByteBuffer) {
        append(other.base, other.count)
    }

    /// Replaces the contents with `other`'s.
    mutating func set(to other: ByteBuffer) {
        count = 0
        append(other)
    }

    @inline(__always)
    mutating func removeAll() { count = 0 }

    private mutating func grow(to needed: Int) {
        let bigger = max(needed, 2 * capacity)
        let fresh = UnsafeMutablePointer<UInt8>.allocate(capacity: bigger)
        fresh.update(from: base, count: count)
        base.deallocate()
        base = fresh
        capacity = bigger
    }

    func deallocate() { base.deallocate() }

    @inline(__always)
    func hasSameBytes(as other: ByteBuffer) -> Bool {
        guard count == other.count else { return false }
        for k in 0..<count where base[k] != other.base[k] { return false }
        return true
    }

    var string: String {
        String(decoding: UnsafeBufferPointer(start: base, count: count), as: UTF8.self)
    }
}
