/// Why `--map` text could not be read (`ReaderOptions.parseMapping`). `description` is the
/// message after `Error: `; the command line adds a "did you mean" to `unknownColumn`.
public enum MappingError: Error, Equatable, Sendable, CustomStringConvertible {
    /// An item without `=`.
    case noEquals(item: String)
    /// A key that is neither a canonical column nor an alias of one.
    case unknownColumn(item: String, column: String)
    case emptySource(item: String)
    /// `+` joins columns into the gesture id only.
    case joinNotForGesture(item: String)
    /// No item at all (`--map ,`).
    case empty(text: String)

    public var description: String {
        switch self {
        case .noEquals(let item): "invalid --map entry '\(item)': expected CANONICAL=SOURCE"
        case .unknownColumn(let item, let column):
            "invalid --map entry '\(item)': unknown column '\(column)'; expected one of "
                + ReaderOptions.canonicalColumns.joined(separator: ", ")
        case .emptySource(let item): "invalid --map entry '\(item)': empty source column name"
        case .joinNotForGesture(let item):
            "invalid --map entry '\(item)': only the gesture id may join several columns with '+'"
        case .empty(let text): "invalid --map value '\(text)': expected CANONICAL=SOURCE,..."
        }
    }
}

/// `text` without leading and trailing tabs and space separators (Unicode Zs): what
/// Foundation's `CharacterSet.whitespaces` trims, without Foundation.
func trimmingSpaces(_ text: Substring) -> String {
    func isSpace(_ s: Unicode.Scalar) -> Bool {
        s == "\t" || s.properties.generalCategory == .spaceSeparator
    }
    var scalars = text.unicodeScalars[...]
    while let first = scalars.first, isSpace(first) { scalars = scalars.dropFirst() }
    while let last = scalars.last, isSpace(last) { scalars = scalars.dropLast() }
    return String(String.UnicodeScalarView(scalars))
}
