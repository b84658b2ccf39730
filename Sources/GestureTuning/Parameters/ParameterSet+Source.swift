import Foundation
import GestureIO
import GesturePhysics

/// The parameters block of a generated snippet (Swift, Kotlin, JavaScript): the lines between
/// `// gesturetune:parameters begin` and `// gesturetune:parameters end`, one `name = value` per
/// `params.json` key in the language's syntax (`static let tau: Double = 0.44`,
/// `val tau: Double = 0.44`, `static tau = 0.44;`), unset ones as `nil`/`null`; the spring's
/// keys as `springDampingRatio`, `springResponse`, the gate's as `edgeWidth`, `lockAngle`, `slop`.
/// `batch --params Snippet.swift` reads it, so CI gates the numbers the app compiles.
extension ParameterSet {
    /// File extensions read as snippet sources rather than as JSON.
    public static let sourceExtensions: Set<String> = ["swift", "kt", "js"]
    public static let sourceBlockBegin = "// gesturetune:parameters begin"
    public static let sourceBlockEnd = "// gesturetune:parameters end"

    /// The block's names besides the rule family's keys, in the order snippets write them.
    public static let sourceBlockNames = GestureTuneParameters.blockNames

    /// Whether `path` names a snippet source (by its extension).
    public static func isSource(_ path: String) -> Bool {
        sourceExtensions.contains((path as NSString).pathExtension.lowercased())
    }

    /// Reads the parameters block of the snippet source `text`. Every error names the line: a
    /// missing or repeated marker, a line that is not `name = value`, an unknown, repeated or
    /// missing name, a value that is not a literal, and every error `decode` finds in the values.
    public static func decodeSource(_ text: String, path: String) throws(ParameterError)
        -> ParameterSet
    {
        func fail(_ line: Int, _ expected: String, _ found: String) -> ParameterError {
            .located(line: line, .sourceBlock(path: path, expected: expected, found: found))
        }
        // "\r\n" is one Character in Swift: split on it too, so a CRLF file reads as its LF form.
        let lines = text.split(
            omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }
        ).map {
            $0.hasSuffix("\r") ? String($0.dropLast()) : String($0)
        }
        func trimmed(_ k: Int) -> String {
            lines[k].replacingOccurrences(of: "\t", with: " ").trimmingCharacters(in: .whitespaces)
        }
        guard let begin = lines.indices.first(where: { trimmed($0) == sourceBlockBegin }) else {
            throw fail(
                1, "a parameters block between \"\(sourceBlockBegin)\" and \"\(sourceBlockEnd)\"",
                "none")
        }
        guard
            let end = lines.indices.first(where: {
                $0 > begin && (trimmed($0) == sourceBlockEnd || trimmed($0) == sourceBlockBegin)
            }), trimmed(end) == sourceBlockEnd
        else {
            throw fail(begin + 1, "\"\(sourceBlockEnd)\" after this line", "none")
        }
        if let again = lines.indices.first(where: {
            $0 > end && (trimmed($0) == sourceBlockBegin || trimmed($0) == sourceBlockEnd)
        }) {
            throw fail(again + 1, "one parameters block", "a second marker")
        }

        var values: [(name: String, value: SourceValue, line: Int)] = []
        var opened = false
        var closed = false
        for k in (begin + 1)..<end {
            let line = trimmed(k)
            // Comments: `//` lines, and `/* … */` or doc-comment lines starting with `/*`, `*`.
            if line.isEmpty || line.hasPrefix("//") || line.hasPrefix("/*") || line.hasPrefix("*") {
                continue
            }
            if !opened {
                guard Self.isOpening(line) else {
                    throw fail(
                        k + 1, "an enum, struct, object or class declaration ending in {", line)
                }
                opened = true
                continue
            }
            if line == "}" && !closed {
                closed = true
                continue
            }
            guard !closed, let (name, value) = Self.assignment(line) else {
                throw fail(k + 1, "a line 'name = value' of the parameters block", line)
            }
            if values.contains(where: { $0.name == name }) {
                throw .located(line: k + 1, .duplicateKey(path: path, key: name))
            }
            values.append((name, value, k + 1))
        }
        guard opened, closed else {
            throw fail(end + 1, "the parameters type declared and closed before this line", "none")
        }

        // The rule family first: it says which names the block must hold.
        guard let ruleEntry = values.first(where: { $0.name == "rule" }) else {
            throw .located(line: end + 1, .missingKey(path: path, key: "rule"))
        }
        guard case .text(let ruleName) = ruleEntry.value,
            let family = RuleFamily(rawValue: ruleName)
        else {
            let families = RuleFamily.allCases.map(\.rawValue).joined(separator: ", ")
            throw .located(
                line: ruleEntry.line,
                .badValue(
                    path: path, key: "rule", expected: families, found: ruleEntry.value.summary))
        }
        let known = sourceBlockNames + ruleKeys(family)
        let everyName = sourceBlockNames + RuleFamily.allCases.flatMap(ruleKeys)
        for entry in values where !known.contains(entry.name) {
            let error: ParameterError =
                everyName.contains(entry.name)
                ? .keyNotForRule(path: path, key: entry.name, rule: ruleName)
                : .unknownKey(
                    path: path, key: entry.name, suggestion: nearest(entry.name, in: known))
            throw .located(line: entry.line, error)
        }
        for name in known where !values.contains(where: { $0.name == name }) {
            throw .located(line: end + 1, .missingKey(path: path, key: name))
        }
        func value(_ name: String) -> (value: SourceValue, line: Int) {
            let e = values.first { $0.name == name }!
            return (e.value, e.line)
        }

        // The block as params.json, one key a line, each JSON line remembering its source line.
        var members: [[(text: String, line: Int)]] = [
            [("\"schema\": \(JSONText.quoted(schema))", begin + 1)]
        ]
        func member(_ key: String, _ name: String) {
            let (v, line) = value(name)
            if let text = v.json { members.append([("\(JSONText.quoted(key)): \(text)", line)]) }
        }
        for name in ["preset", "rule", "direction"] { member(name, name) }
        for key in ruleKeys(family) { member(key, key) }
        for name in [
            "extent", "estimator", "horizon", "maxSamples", "maxGap", "completionSpeed",
            "transitionDuration", "fingerSpeedCap",
        ] {
            member(name, name)
        }
        let zeta = value("springDampingRatio")
        let response = value("springResponse")
        if zeta.value.json != nil || response.value.json != nil {
            var inner: [(text: String, line: Int)] = []
            if let t = zeta.value.json { inner.append(("\"dampingRatio\": \(t)", zeta.line)) }
            if let t = response.value.json { inner.append(("\"response\": \(t)", response.line)) }
            if inner.count == 2 { inner[0].text += "," }
            members.append([("\"spring\": {", zeta.line)] + inner + [("}", response.line)])
        }
        var gate: [(text: String, line: Int)] = []
        for (key, name) in [
            ("edgeWidth", "edgeWidth"), ("lockAngle", "lockAngle"), ("slop", "slop"),
        ] {
            let (v, line) = value(name)
            if let t = v.json { gate.append(("\(JSONText.quoted(key)): \(t)", line)) }
        }
        if !gate.isEmpty {
            for k in gate.indices.dropLast() { gate[k].text += "," }
            members.append(
                [("\"gate\": {", gate[0].line)] + gate + [("}", gate[gate.count - 1].line)])
        }
        member("expectedError", "expectedError")
        var json: [(text: String, line: Int)] = [("{", begin + 1)]
        for (k, var lines) in members.enumerated() {
            if k + 1 < members.count { lines[lines.count - 1].text += "," }
            json += lines
        }
        json.append(("}", end + 1))
        let text = json.map(\.text).joined(separator: "\n") + "\n"
        do {
            return try decode(Data(text.utf8), path: path)
        } catch {
            if case .located(let line, let inner) = error {
                let source = line >= 1 && line <= json.count ? json[line - 1].line : end + 1
                throw .located(line: source, inner)
            }
            throw .located(line: end + 1, error)
        }
    }

    /// A value of the block: a string, a number (infinities included) or unset.
    enum SourceValue {
        case text(String)
        case number(Double)
        case null

        var json: String? {
            switch self {
            case .text(let s): JSONText.quoted(s)
            case .number(let x):
                x == .infinity
                    ? JSONText.quoted(RuleParameterSpec.infinityText)
                    : x == -.infinity
                        ? JSONText.quoted(RuleParameterSpec.negativeInfinityText) : "\(x)"
            case .null: nil
            }
        }

        var summary: String {
            switch self {
            case .text(let s): "\"\(s)\""
            case .number(let x): "\(x)"
            case .null: "nil"
            }
        }
    }

    /// Words that may precede a declaration in the block without changing what it holds: access
    /// levels (`private enum`, `public static let`), Kotlin's `const`, `override`, JavaScript's
    /// `export default`; any `@attribute` (`@MainActor`, `@JvmField`) is skipped as well.
    static let modifiers: Set<Substring> = [
        "public", "private", "fileprivate", "internal", "open", "package", "final", "export",
        "nonisolated", "const", "override", "data", "default",
    ]

    /// The block's opening line: `enum`, `struct`, `object` or `class`, any name (with a
    /// conformance or supertype list), `{`, after any `modifiers`.
    static func isOpening(_ line: String) -> Bool {
        var line = Substring(line)
        if let comment = line.range(of: "//") {
            line = line[..<comment.lowerBound].drop { $0 == " " }
            while line.last == " " { line = line.dropLast() }
        }
        guard line.hasSuffix("{") else { return false }
        func isModifier(_ word: Substring) -> Bool {
            modifiers.contains(word) || word.hasPrefix("@")
        }
        let words = line.dropLast().split(separator: " ", omittingEmptySubsequences: true)
        guard let kind = words.firstIndex(where: { !isModifier($0) }),
            words[..<kind].allSatisfy(isModifier),
            ["enum", "struct", "object", "class"].contains(words[kind]), kind + 1 < words.count
        else { return false }
        let name = words[kind + 1].prefix { $0 != ":" }
        return name.first.map { $0.isLetter || $0 == "_" } == true
            && name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
    }

    /// `static let name: Type = value`, `val name: Type = value` or `static name = value;` (any
    /// `modifiers` first, `let`/`var`/`val` with or without `static`), with an optional
    /// trailing `//` comment; nil when the line has another shape.
    static func assignment(_ line: String) -> (String, SourceValue)? {
        var rest = Substring(line)
        while let space = rest.firstIndex(of: " "),
            modifiers.contains(rest[..<space]) || rest.hasPrefix("@")
        {
            rest = rest[space...].drop { $0 == " " }
        }
        let before = rest.count
        for prefix in ["static let ", "static var ", "let ", "val ", "var ", "static "]
        where rest.hasPrefix(prefix) {
            rest = rest.dropFirst(prefix.count)
            break
        }
        if rest.count == before { return nil }
        let name = rest.prefix { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
        guard let first = name.first, first.isLetter else { return nil }
        rest = rest.dropFirst(name.count).drop { $0 == " " }
        if rest.hasPrefix(":") {
            rest = rest.dropFirst().drop { $0 == " " }
            let type = rest.prefix { $0.isLetter || $0 == "?" }
            guard !type.isEmpty else { return nil }
            rest = rest.dropFirst(type.count).drop { $0 == " " }
        }
        guard rest.hasPrefix("=") else { return nil }
        rest = rest.dropFirst().drop { $0 == " " }
        guard let (value, after) = literal(rest) else { return nil }
        var tail = after.drop { $0 == " " }
        if tail.hasPrefix(";") { tail = tail.dropFirst().drop { $0 == " " } }
        guard tail.isEmpty || tail.hasPrefix("//") else { return nil }
        return (String(name), value)
    }

    /// The literal at the start of `text` and what follows it.
    static func literal(_ text: Substring) -> (SourceValue, Substring)? {
        if let quote = text.first, quote == "\"" || quote == "'" {
            var out = String.UnicodeScalarView()
            var scalars = Substring.UnicodeScalarView(text.unicodeScalars.dropFirst())
            while let c = scalars.first {
                scalars.removeFirst()
                if c == quote.unicodeScalars.first! {
                    return (.text(String(out)), Substring(scalars))
                }
                guard c == "\\" else {
                    out.append(c)
                    continue
                }
                guard let e = scalars.first else { return nil }
                scalars.removeFirst()
                switch e {
                case "\\", "\"", "'", "$": out.append(e)
                case "u":
                    var hex = ""
                    if scalars.first == "{" {
                        scalars.removeFirst()
                        while let h = scalars.first, h != "}" {
                            hex.unicodeScalars.append(h)
                            scalars.removeFirst()
                        }
                        guard scalars.first == "}" else { return nil }
                        scalars.removeFirst()
                    } else {
                        for _ in 0..<4 {
                            guard let h = scalars.first else { return nil }
                            hex.unicodeScalars.append(h)
                            scalars.removeFirst()
                        }
                    }
                    guard let v = UInt32(hex, radix: 16) else { return nil }
                    if (0xD800..<0xDC00).contains(v), scalars.starts(with: "\\u".unicodeScalars) {
                        // A UTF-16 surrogate pair (Kotlin writes scalars above U+FFFF so).
                        let low = String(String.UnicodeScalarView(scalars.dropFirst(2).prefix(4)))
                        guard let w = UInt32(low, radix: 16), (0xDC00..<0xE000).contains(w),
                            let s = Unicode.Scalar(0x10000 + ((v - 0xD800) << 10) + (w - 0xDC00))
                        else { return nil }
                        scalars.removeFirst(6)
                        out.append(s)
                    } else {
                        guard let s = Unicode.Scalar(v) else { return nil }
                        out.append(s)
                    }
                default: return nil
                }
            }
            return nil
        }
        let token = text.prefix { !($0 == " " || $0 == ";" || $0 == "/") }
        let rest = text.dropFirst(token.count)
        switch token {
        case "nil", "null": return (.null, rest)
        case ".infinity", "+.infinity", "Double.infinity", "Double.POSITIVE_INFINITY", "Infinity",
            "+Infinity":
            return (.number(.infinity), rest)
        case "-.infinity", "-Double.infinity", "Double.NEGATIVE_INFINITY", "-Infinity":
            return (.number(-.infinity), rest)
        default:
            guard
                token.allSatisfy({ $0.isASCII && ($0.isNumber || "+-.eE".contains($0)) }),
                token.contains(where: \.isNumber), let x = Double(token), x.isFinite
            else { return nil }
            return (.number(x), rest)
        }
    }
}
