extension TraceError: CustomStringConvertible {
    /// `location: message`, e.g. `traces/swipe.csv:57: column "x": expected a number, found "12,5"`.
    public var description: String { "\(location): \(message)" }

    /// The file the error is about.
    public var file: String {
        switch self {
        case .file(let file, _, _), .missingColumn(let file, _, _, _, _, _),
            .badField(let file, _, _, _, _),
            .fieldCount(let file, _, _, _), .row(let file, _, _), .limit(let file, _, _),
            .unreadable(let file, _):
            file
        }
    }

    /// The 1-based line, or nil for errors of the whole file without one.
    public var line: Int? {
        switch self {
        case .file(_, let line, _), .missingColumn(_, let line, _, _, _, _): line > 0 ? line : nil
        case .badField(_, let line, _, _, _), .fieldCount(_, let line, _, _), .row(_, let line, _),
            .limit(_, let line, _):
            line
        case .unreadable: nil
        }
    }

    /// `file:line`, or `file` alone when there is no line: diagnostics print
    /// `location: error: message`.
    public var location: String { line.map { "\(file):\($0)" } ?? file }

    /// What went wrong, with a hint on how to fix it where there is one, without the location.
    public var message: String {
        switch self {
        case .file(_, _, let message), .row(_, _, let message), .limit(_, _, let message):
            return message
        case .missingColumn(_, _, let name, let found, let suggestion, let preset):
            let columns =
                found.isEmpty ? "found no named columns" : "found columns " + quotedList(found)
            var text = "\(Self.missingColumnExpectation(name)), \(columns)"
            if let suggestion {
                text += "; nearest: \"\(suggestion)\" (use --map \(name)=\(suggestion))"
            } else if preset == nil {
                text += " (use --map \(name)=<column>)"
            }
            if let preset { text += "; this is the \(preset) layout: use --preset \(preset)" }
            return text
        case .badField(_, _, let column, let expected, let found):
            return "column \"\(column)\": expected \(expected), found \"\(found)\""
        case .fieldCount(_, _, let expected, let found):
            let hint = found > expected ? " (quote fields that contain the delimiter)" : ""
            return "expected \(expected) fields as in the header, found \(found)\(hint)"
        case .unreadable(_, let reason):
            return "cannot read: \(reason)"
        }
    }
}

extension TraceError {
    /// `missing column "phase": expected phase, state or action` (every accepted spelling of
    /// the canonical column `name`; all time columns for a time column).
    static func missingColumnExpectation(_ name: String) -> String {
        guard let column = Column.named(name) else {
            return "missing column \"\(name)\": expected a column \"\(name)\""
        }
        if column.timeUnit != nil {
            let spellings = Column.timeColumns.map { time in
                "\(orList(time.aliases)) (\(time.timeUnit!.rawValue))"
            }
            return "missing time column: expected one named \(spellings.joined(separator: "; "))"
        }
        let alternative = column == .phase ? " (or a gesture id column)" : ""
        return
            "missing column \"\(column.rawValue)\": expected one named \(orList(column.aliases))\(alternative)"
    }

    /// `a`, `a or b`, `a, b or c`.
    static func orList(_ items: [String]) -> String {
        guard items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " or " + items.last!
    }
}
