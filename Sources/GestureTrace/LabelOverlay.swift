/// Labels that replace a trace's own: a labels file, as the report's relabel tool exports it,
/// applied to each gesture as the reader delivers it (`ReaderOptions.labels`), so everything
/// downstream (tuning, the gate, the report) sees the corrected intent.
///
/// Format (docs/labels.md): CSV, comma-separated, a header naming the columns `file`, `line`,
/// `gesture` and `intent` in any order (`line` may be left out), then one row a gesture:
///
///     file,line,gesture,intent
///     traces/swipe.csv,46,g2,cancel
///
/// - `file`: the trace file as given to `analyze`; matched whole, else by its last path
///   component (the same labels file works from another folder).
/// - `gesture`: the gesture id as the report shows it.
/// - `line`: the line of the gesture's first sample, for a person reading the file; not matched.
/// - `intent`: the trace's `intent` spellings (`complete`, `cancel`, `other`, …), or empty for
///   no label. A later row for the same gesture wins.
///
/// Bad rows are `TraceError`s located like the trace reader's
/// (`labels.csv:3: column "intent": expected …, found "maybe"`).
public struct LabelOverlay: Sendable, Equatable {
    /// What a labels file says about one gesture.
    public enum Label: Sendable, Equatable {
        case intent(Intent)
        /// Not meant for the transition (`other`).
        case notMeant
        /// No label.
        case unlabelled
    }

    /// Labels by file as written, then gesture id.
    private var byPath: [String: [String: Label]] = [:]
    /// Labels by the file's last path component, then gesture id.
    private var byName: [String: [String: Label]] = [:]
    /// Rows read (gestures labelled, counting repeats once).
    public private(set) var count = 0

    static let intentExpectation = ReadState.intentExpectation + ", or nothing (no label)"

    /// Reads a labels file's text; `path` names it in errors.
    public init(parsing text: String, path: String) throws(TraceError) {
        // CRLF is one Character in Swift: split on every kind of line end.
        var lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map(
            String.init)
        if lines.first?.hasPrefix("\u{FEFF}") == true { lines[0].removeFirst() }
        guard let headerIndex = lines.firstIndex(where: { !$0.allSatisfy(\.isWhitespace) }) else {
            throw .file(
                file: path, line: 0,
                message: "empty file; expected a header naming the columns file, gesture and intent"
            )
        }
        let header = try Self.fields(lines[headerIndex], path: path, line: headerIndex + 1).map {
            $0.trimmed.lowercased()
        }
        func column(_ name: String) -> Int? { header.firstIndex(of: name) }
        guard let fileColumn = column("file"), let gestureColumn = column("gesture"),
            let intentColumn = column("intent")
        else {
            let missing = ["file", "gesture", "intent"].filter { column($0) == nil }
            throw .badField(
                file: path, line: headerIndex + 1, column: "header",
                expected: "the columns file, line, gesture and intent (missing: "
                    + missing.joined(separator: ", ") + ")",
                found: String(lines[headerIndex].prefix(80)))
        }
        let lineColumn = column("line")
        var seen = Set<String>()
        for k in lines.indices where k > headerIndex {
            let number = k + 1
            if lines[k].allSatisfy(\.isWhitespace) { continue }
            let row = try Self.fields(lines[k], path: path, line: number)
            guard row.count == header.count else {
                throw .fieldCount(
                    file: path, line: number, expected: header.count, found: row.count)
            }
            let file = row[fileColumn].trimmed, id = row[gestureColumn].trimmed
            guard !file.isEmpty else {
                throw .badField(
                    file: path, line: number, column: "file", expected: "the trace file's path",
                    found: "")
            }
            guard !id.isEmpty else {
                throw .badField(
                    file: path, line: number, column: "gesture", expected: "a gesture id", found: ""
                )
            }
            if let c = lineColumn {
                let text = row[c].trimmed
                guard text.isEmpty || (Int(text).map { $0 >= 1 } ?? false) else {
                    throw .badField(
                        file: path, line: number, column: "line",
                        expected: "a line number (1 or more) or nothing",
                        found: String(text.prefix(40)))
                }
            }
            let word = row[intentColumn].trimmed
            guard let label = Self.label(word) else {
                throw .badField(
                    file: path, line: number, column: "intent", expected: Self.intentExpectation,
                    found: String(word.prefix(40)))
            }
            byPath[file, default: [:]][id] = label
            byName[Self.lastComponent(file), default: [:]][id] = label
            if seen.insert(file + "\u{0}" + id).inserted { count += 1 }
        }
    }

    /// The label the file gives `gesture`, if any.
    public func label(for gesture: Gesture) -> Label? {
        byPath[gesture.file]?[gesture.id]
            ?? byName[Self.lastComponent(gesture.file)]?[gesture.id]
    }

    /// Gives `gesture` the file's label for it; true when that changed its label.
    public func apply(to gesture: inout Gesture) -> Bool {
        guard let label = label(for: gesture) else { return false }
        let before = (gesture.intent, gesture.notMeant)
        switch label {
        case .intent(let intent): (gesture.intent, gesture.notMeant) = (intent, false)
        case .notMeant: (gesture.intent, gesture.notMeant) = (nil, true)
        case .unlabelled: (gesture.intent, gesture.notMeant) = (nil, false)
        }
        return before != (gesture.intent, gesture.notMeant)
    }

    /// A label word in the trace's own spellings (`ReadState.intentExpectation`).
    static func label(_ word: String) -> Label? {
        if word.isEmpty { return .unlabelled }
        var text = word
        return text.withUTF8 { bytes -> Label? in
            guard let base = bytes.baseAddress, let packed = PackedWord(base, bytes.count) else {
                return nil
            }
            if let intent = intentSpellings.first(where: { $0.0 == packed })?.1 {
                return .intent(intent)
            }
            return otherIntentSpellings.contains(packed) ? .notMeant : nil
        }
    }

    static func lastComponent(_ path: String) -> String {
        path.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? path
    }

    /// One CSV line's fields: commas separate, a field in double quotes may hold commas and
    /// doubled quotes.
    static func fields(_ line: String, path: String, line number: Int) throws(TraceError)
        -> [String]
    {
        var out: [String] = []
        var field = ""
        var quoted = false, wasQuoted = false
        var chars = Array(line)[...]
        while let c = chars.popFirst() {
            if quoted {
                if c == "\"" {
                    if chars.first == "\"" {
                        field.append("\"")
                        chars.removeFirst()
                    } else {
                        quoted = false
                    }
                } else {
                    field.append(c)
                }
            } else if c == "\"" && field.allSatisfy(\.isWhitespace) && !wasQuoted {
                quoted = true
                wasQuoted = true
                field = ""
            } else if c == "," {
                out.append(field)
                field = ""
                wasQuoted = false
            } else {
                field.append(c)
            }
        }
        if quoted {
            throw .row(file: path, line: number, message: "a quoted field is not closed")
        }
        out.append(field)
        return out
    }
}
