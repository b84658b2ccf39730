extension TraceError: CustomStringConvertible {
    /// `location: message`, e.g. `traces/swipe.csv:57: column "x": expected a number, found "12,5"`.
    public var description: String { "\(location): \(message)" }

    /// The file the error is about.
    public var file: String {
        switch self {
        case .file(let file, _, _), .missingColumn(let file, _, _, _), .badField(let file, _, _, _, _),
            .fieldCount(let file, _, _, _), .row(let file, _, _), .limit(let file, _, _), .unreadable(let file, _):
            file
        }
    }

    /// The 1-based line, or nil for errors of the whole file without one.
    public var line: Int? {
        switch self {
        case .file(_, let line, _): line > 0 ? line : nil
        case .badField(_, let line, _, _, _), .fieldCount(_, let line, _, _), .row(_, let line, _), .limit(_, let line, _): line
        case .missingColumn, .unreadable: nil
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
        case .missingColumn(_, let name, let found, let suggestion):
            let columns = found.isEmpty ? "no columns found" : "found columns " + found.map { "\"\($0)\"" }.joined(separator: ", ")
            if let suggestion {
                return "missing column \"\(name)\"; \(columns); nearest: \"\(suggestion)\" (use --map \(name)=\(suggestion))"
            }
            return "missing column \"\(name)\"; \(columns) (use --map \(name)=<column>)"
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
