/// Why a parameter file (or preset name) could not be read.
public enum ParameterError: Error, Equatable, Sendable, CustomStringConvertible {
    case unreadable(path: String, reason: String)
    case notJSON(path: String, reason: String)
    /// The top level (or `spring`) is not a JSON object.
    case notAnObject(path: String, key: String?)
    /// A key this schema does not know: a typo must not silently keep a default.
    case unknownKey(path: String, key: String, suggestion: String?)
    /// A known key that belongs to another rule family (e.g. `tau` with `"rule": "threshold"`).
    case keyNotForRule(path: String, key: String, rule: String)
    case missingKey(path: String, key: String)
    /// A key given twice in the same object (JSON parsers silently keep one of them).
    case duplicateKey(path: String, key: String)
    case badValue(path: String, key: String, expected: String, found: String)
    case wrongSchema(path: String, found: String)
    /// Neither a file nor a preset name.
    case unknownPreset(name: String, suggestion: String?)
    /// A value that JSON cannot carry (NaN) on writing.
    case unwritable(key: String)
    /// A snippet source's parameters block is missing or not in its shape.
    case sourceBlock(path: String, expected: String, found: String)
    /// `error` found at 1-based `line` of the file: the line of the offending key, or
    /// where the JSON stops parsing.
    indirect case located(line: Int, ParameterError)

    /// The line the error was found at, when known.
    public var line: Int? {
        if case .located(let line, _) = self { return line }
        return nil
    }

    /// The error without its line.
    public var unlocated: ParameterError {
        if case .located(_, let inner) = self { return inner.unlocated }
        return self
    }

    /// The file the error is about (nil for a preset name or on writing).
    public var path: String? {
        switch self {
        case .unreadable(let path, _), .notJSON(let path, _), .notAnObject(let path, _),
            .unknownKey(let path, _, _),
            .keyNotForRule(let path, _, _), .missingKey(let path, _), .duplicateKey(let path, _),
            .badValue(let path, _, _, _), .wrongSchema(let path, _), .sourceBlock(let path, _, _):
            path
        case .unknownPreset, .unwritable: nil
        case .located(_, let inner): inner.path
        }
    }

    /// The message without the `path: ` (or `path:line: `) in front.
    public var message: String {
        let text = unlocated.description
        guard let path, text.hasPrefix(path + ": ") else { return text }
        return String(text.dropFirst(path.count + 2))
    }

    public var description: String {
        switch self {
        case .unreadable(let path, let reason): "\(path): cannot read parameter file: \(reason)"
        case .notJSON(let path, let reason): "\(path): not valid JSON: \(reason)"
        case .notAnObject(let path, let key):
            "\(path): \(key.map { "\"\($0)\"" } ?? "the top level") must be a JSON object"
        case .unknownKey(let path, let key, let suggestion):
            "\(path): unknown key \"\(key)\""
                + (suggestion.map { " (did you mean \"\($0)\"?)" } ?? "")
        case .keyNotForRule(let path, let key, let rule):
            "\(path): key \"\(key)\" does not apply to rule \"\(rule)\""
        case .missingKey(let path, let key): "\(path): missing key \"\(key)\""
        case .duplicateKey(let path, let key):
            "\(path): key \"\(key)\": expected once, found a second time"
        case .badValue(let path, let key, let expected, let found):
            "\(path): key \"\(key)\": expected \(expected), found \(found)"
        case .wrongSchema(let path, let found):
            "\(path): key \"schema\": expected \"\(ParameterSet.schema)\", found \"\(found)\""
        case .unknownPreset(let name, let suggestion):
            "no parameter file or preset named \"\(name)\""
                + (suggestion.map { " (did you mean \"\($0)\"?)" } ?? "")
        case .unwritable(let key): "key \"\(key)\": NaN cannot be written to JSON"
        case .sourceBlock(let path, let expected, let found):
            "\(path): expected \(expected), found \(found)"
        case .located(let line, let inner):
            inner.path.map { "\($0):\(line): \(inner.message)" } ?? inner.description
        }
    }
}

/// Levenshtein distance, for "did you mean" suggestions.
func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a.lowercased()), b = Array(b.lowercased())
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous = Array(0...b.count)
    for i in 1...a.count {
        var current = [i] + [Int](repeating: 0, count: b.count)
        for j in 1...b.count {
            current[j] = min(
                previous[j] + 1, current[j - 1] + 1,
                previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
        }
        previous = current
    }
    return previous[b.count]
}

/// The candidate nearest `word` when it is within a third of its length (at least 2 edits).
func nearest(_ word: String, in candidates: [String]) -> String? {
    let scored = candidates.map { ($0, editDistance(word, $0)) }.min { $0.1 < $1.1 }
    guard let (best, distance) = scored, distance <= max(2, word.count / 3) else { return nil }
    return best
}
