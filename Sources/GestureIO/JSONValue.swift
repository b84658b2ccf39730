/// A JSON document read strictly (RFC 8259) into a tree whose values keep where they start, so
/// a reader of `params.json` (or any other document) can name the line of a bad value.
///
/// Strict: no comments, no trailing commas, no `NaN` or `Infinity`, numbers must be finite
/// doubles, strings valid UTF-8 without raw control characters, and a key given twice in one
/// object is an error (parsers differ on which one they keep). A leading UTF-8 byte order mark
/// is skipped, as RFC 8259 allows.
public struct JSONValue: Sendable, Equatable {
    public enum Content: Sendable, Equatable {
        case null
        case bool(Bool)
        /// The number and its text as written (`390.0`, `1e-05`), for messages.
        case number(Double, text: String)
        case string(String)
        case array([JSONValue])
        /// Members in the order written.
        case object([JSONMember])
    }

    public var content: Content
    /// Where the value's first character is.
    public var location: JSONLocation

    public init(_ content: Content, at location: JSONLocation) {
        self.content = content
        self.location = location
    }

    /// Reads one JSON value (the whole of `bytes` but whitespace).
    public static func parse(_ bytes: some Collection<UInt8>) throws(JSONReadError) -> JSONValue {
        var parser = JSONParser(Array(bytes))
        return try parser.document()
    }

    public var string: String? {
        if case .string(let s) = content { return s }
        return nil
    }

    public var number: Double? {
        if case .number(let x, _) = content { return x }
        return nil
    }

    public var members: [JSONMember]? {
        if case .object(let members) = content { return members }
        return nil
    }

    /// The value of `key` in an object (keys are unique); nil for a missing key or a non-object.
    public subscript(key: String) -> JSONValue? { members?.first { $0.key == key }?.value }

    /// The value as a message shows it: a string in quotes, a number as written, `true`,
    /// `null`, `an array`, `an object`.
    public var summary: String {
        switch content {
        case .null: "null"
        case .bool(let b): b ? "true" : "false"
        case .number(_, let text): text
        case .string(let s): "\"\(s)\""
        case .array: "an array"
        case .object: "an object"
        }
    }
}

/// A 1-based line and column; columns count Unicode scalars, so a tab or an `é` is one.
public struct JSONLocation: Sendable, Equatable {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }
}

public struct JSONMember: Sendable, Equatable {
    public var key: String
    /// Where the key's opening quote is: the line a message about the key names.
    public var keyLocation: JSONLocation
    public var value: JSONValue

    public init(key: String, keyLocation: JSONLocation, value: JSONValue) {
        self.key = key
        self.keyLocation = keyLocation
        self.value = value
    }
}

/// Why bytes are not a JSON document, and where.
public enum JSONReadError: Error, Sendable, Equatable, CustomStringConvertible {
    /// `reason` found at `location` (`expected ',' or '}'`).
    case syntax(reason: String, at: JSONLocation)
    /// The text stops inside a value; `location` is just after the last text.
    case unexpectedEnd(at: JSONLocation)
    /// A key given twice in one object: `path` is dotted from the top (`spring.response`),
    /// `location` the second occurrence's.
    case duplicateKey(path: String, at: JSONLocation)

    public var location: JSONLocation {
        switch self {
        case .syntax(_, let at), .unexpectedEnd(let at), .duplicateKey(_, let at): at
        }
    }

    /// The message without a location's line: `expected ':' at column 12`.
    public var description: String {
        switch self {
        case .syntax(let reason, let at): "\(reason) at column \(at.column)"
        case .unexpectedEnd: "unexpected end of file"
        case .duplicateKey(let path, _): "key \"\(path)\": expected once, found a second time"
        }
    }
}

/// A recursive-descent reader over UTF-8 bytes.
struct JSONParser {
    private let bytes: [UInt8]
    private var index = 0
    private var line = 1
    private var column = 1
    /// Where the last value or punctuation ended: an unexpected end is reported there, on the
    /// last line with text rather than after trailing newlines.
    private var lastEnd = JSONLocation(line: 1, column: 1)
    private var firstDuplicate: JSONReadError?
    /// Deep enough for the tool's documents, shallow enough for a small thread stack.
    private static let maxDepth = 100

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
    }

    private var here: JSONLocation { JSONLocation(line: line, column: column) }

    mutating func document() throws(JSONReadError) -> JSONValue {
        skipSpace()
        let value = try self.value(path: "", depth: 0)
        skipSpace()
        if index < bytes.count {
            throw .syntax(reason: "unexpected text after the value", at: here)
        }
        if let firstDuplicate { throw firstDuplicate }
        return value
    }

    private mutating func advance() {
        let b = bytes[index]
        index += 1
        if b == 0x0A {
            line += 1
            column = 1
        } else if b & 0xC0 != 0x80 {
            column += 1
        }
    }

    private mutating func skipSpace() {
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { advance() }
    }

    private func unexpected(_ expected: String) -> JSONReadError {
        if index >= bytes.count { return .unexpectedEnd(at: lastEnd) }
        return .syntax(reason: "expected \(expected), found \(shown(bytes[index]))", at: here)
    }

    private func shown(_ b: UInt8) -> String {
        b >= 0x20 && b < 0x7F ? "'\(Character(Unicode.Scalar(b)))'" : "byte 0x" + hex(b)
    }

    private func hex(_ b: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(b >> 4)], digits[Int(b & 0xF)]])
    }

    private mutating func expect(_ byte: UInt8) throws(JSONReadError) {
        guard index < bytes.count, bytes[index] == byte else {
            throw unexpected("'\(Character(Unicode.Scalar(byte)))'")
        }
        advance()
        lastEnd = here
    }

    private mutating func value(path: String, depth: Int) throws(JSONReadError) -> JSONValue {
        guard index < bytes.count else { throw .unexpectedEnd(at: lastEnd) }
        let start = here
        switch bytes[index] {
        case UInt8(ascii: "{"):
            guard depth < Self.maxDepth else { throw tooDeep(start) }
            return JSONValue(.object(try object(path: path, depth: depth + 1)), at: start)
        case UInt8(ascii: "["):
            guard depth < Self.maxDepth else { throw tooDeep(start) }
            return JSONValue(.array(try array(path: path, depth: depth + 1)), at: start)
        case UInt8(ascii: "\""): return JSONValue(.string(try string()), at: start)
        case UInt8(ascii: "t"):
            try literal("true")
            return JSONValue(.bool(true), at: start)
        case UInt8(ascii: "f"):
            try literal("false")
            return JSONValue(.bool(false), at: start)
        case UInt8(ascii: "n"):
            try literal("null")
            return JSONValue(.null, at: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
        default: throw unexpected("a value")
        }
    }

    private func tooDeep(_ start: JSONLocation) -> JSONReadError {
        .syntax(reason: "nested too deeply", at: start)
    }

    private mutating func literal(_ word: String) throws(JSONReadError) {
        let start = here
        for b in word.utf8 {
            guard index < bytes.count, bytes[index] == b else {
                if index >= bytes.count { throw .unexpectedEnd(at: here) }
                throw .syntax(reason: "expected a value", at: start)
            }
            advance()
        }
        lastEnd = here
    }

    private mutating func object(path: String, depth: Int) throws(JSONReadError) -> [JSONMember] {
        try expect(UInt8(ascii: "{"))
        var members: [JSONMember] = []
        var keys: Set<String> = []
        skipSpace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            try expect(UInt8(ascii: "}"))
            return members
        }
        while true {
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                throw unexpected("a key")
            }
            let keyLocation = here
            let key = try string()
            let sub = path.isEmpty ? key : path + "." + key
            if !keys.insert(key).inserted, firstDuplicate == nil {
                firstDuplicate = .duplicateKey(path: sub, at: keyLocation)
            }
            skipSpace()
            try expect(UInt8(ascii: ":"))
            skipSpace()
            let value = try self.value(path: sub, depth: depth)
            members.append(JSONMember(key: key, keyLocation: keyLocation, value: value))
            skipSpace()
            guard index < bytes.count else { throw .unexpectedEnd(at: lastEnd) }
            if bytes[index] == UInt8(ascii: "}") {
                try expect(UInt8(ascii: "}"))
                return members
            }
            guard bytes[index] == UInt8(ascii: ",") else { throw unexpected("',' or '}'") }
            try expect(UInt8(ascii: ","))
        }
    }

    private mutating func array(path: String, depth: Int) throws(JSONReadError) -> [JSONValue] {
        try expect(UInt8(ascii: "["))
        var items: [JSONValue] = []
        skipSpace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            try expect(UInt8(ascii: "]"))
            return items
        }
        while true {
            skipSpace()
            items.append(try value(path: "\(path)[\(items.count)]", depth: depth))
            skipSpace()
            guard index < bytes.count else { throw .unexpectedEnd(at: lastEnd) }
            if bytes[index] == UInt8(ascii: "]") {
                try expect(UInt8(ascii: "]"))
                return items
            }
            guard bytes[index] == UInt8(ascii: ",") else { throw unexpected("',' or ']'") }
            try expect(UInt8(ascii: ","))
        }
    }

    private mutating func number() throws(JSONReadError) -> JSONValue {
        let start = here
        let first = index
        func digits(_ parser: inout JSONParser) -> Int {
            var n = 0
            while parser.index < parser.bytes.count,
                (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(parser.bytes[parser.index])
            {
                parser.advance()
                n += 1
            }
            return n
        }
        if bytes[index] == UInt8(ascii: "-") { advance() }
        if index < bytes.count, bytes[index] == UInt8(ascii: "0") {
            advance()
        } else if digits(&self) == 0 {
            throw unexpected("a digit")
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            advance()
            if digits(&self) == 0 { throw unexpected("a digit") }
        }
        if index < bytes.count, [UInt8(ascii: "e"), UInt8(ascii: "E")].contains(bytes[index]) {
            advance()
            if index < bytes.count, [UInt8(ascii: "+"), UInt8(ascii: "-")].contains(bytes[index]) {
                advance()
            }
            if digits(&self) == 0 { throw unexpected("a digit") }
        }
        let text = String(decoding: bytes[first..<index], as: UTF8.self)
        guard let x = Double(text), x.isFinite else {
            throw .syntax(reason: "number \(text) is out of range", at: start)
        }
        lastEnd = here
        return JSONValue(.number(x, text: text), at: start)
    }

    private mutating func string() throws(JSONReadError) -> String {
        try expect(UInt8(ascii: "\""))
        var out = String.UnicodeScalarView()
        var run: [UInt8] = []
        func flush(_ run: inout [UInt8], into out: inout String.UnicodeScalarView) {
            out.append(contentsOf: String(decoding: run, as: UTF8.self).unicodeScalars)
            run.removeAll(keepingCapacity: true)
        }
        while true {
            guard index < bytes.count else { throw .unexpectedEnd(at: here) }
            let b = bytes[index]
            switch b {
            case UInt8(ascii: "\""):
                flush(&run, into: &out)
                advance()
                lastEnd = here
                return String(out)
            case UInt8(ascii: "\\"):
                flush(&run, into: &out)
                out.append(try escape())
            case 0..<0x20:
                throw .syntax(reason: "control character \(shown(b)) in a string", at: here)
            case 0x80...:
                let start = here
                let length = b >= 0xF0 ? 4 : b >= 0xE0 ? 3 : b >= 0xC0 ? 2 : 0
                guard length > 0, index + length <= bytes.count else {
                    throw .syntax(reason: "invalid UTF-8", at: start)
                }
                let sequence = Array(bytes[index..<(index + length)])
                var decoder = UTF8()
                var iterator = sequence.makeIterator()
                guard case .scalarValue = decoder.decode(&iterator), iterator.next() == nil else {
                    throw .syntax(reason: "invalid UTF-8", at: start)
                }
                run += sequence
                for _ in 0..<length { advance() }
            default:
                run.append(b)
                advance()
            }
        }
    }

    /// After a backslash: one escape, `\uD83D\uDE00` pairs joined.
    private mutating func escape() throws(JSONReadError) -> Unicode.Scalar {
        let start = here
        advance()
        guard index < bytes.count else { throw .unexpectedEnd(at: here) }
        let b = bytes[index]
        advance()
        switch b {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let high = try hexQuad(start)
            if (0xD800..<0xDC00).contains(high) {
                guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
                    bytes[index + 1] == UInt8(ascii: "u")
                else { throw .syntax(reason: "unpaired surrogate escape", at: start) }
                advance()
                advance()
                let low = try hexQuad(start)
                guard (0xDC00..<0xE000).contains(low) else {
                    throw .syntax(reason: "unpaired surrogate escape", at: start)
                }
                return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))!
            }
            guard let scalar = Unicode.Scalar(high) else {
                throw .syntax(reason: "unpaired surrogate escape", at: start)
            }
            return scalar
        default:
            throw .syntax(reason: "invalid escape \\\(Character(Unicode.Scalar(b)))", at: start)
        }
    }

    private mutating func hexQuad(_ start: JSONLocation) throws(JSONReadError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard index < bytes.count else { throw .unexpectedEnd(at: here) }
            let b = bytes[index]
            let digit: UInt8
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = b - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = b - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = b - UInt8(ascii: "A") + 10
            default: throw .syntax(reason: "invalid \\u escape", at: start)
            }
            value = value << 4 | UInt32(digit)
            advance()
        }
        return value
    }
}
