#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// Parsing of single field values straight from libcsv's field bytes: no `String` is made on
// the hot path (a number, a phase, an intent), only when something goes wrong.

/// The phase of one row before gesture assembly: the four normalised phases plus the rows
/// that are not samples of the gesture's finger.
enum RowPhase: UInt8, Sendable {
    case began, moved, ended, cancelled
    /// Android `ACTION_POINTER_DOWN`/`UP` (5, 6, 261, 262): a second finger; skipped and counted.
    case multiTouch
    /// UIKit's `possible` state: not a sample; skipped and counted.
    case possible

    init(_ phase: Phase) {
        switch phase {
        case .began: self = .began
        case .moved: self = .moved
        case .ended: self = .ended
        case .cancelled: self = .cancelled
        }
    }

    /// The sample phase, or nil for rows that are skipped.
    var phase: Phase? {
        switch self {
        case .began: .began
        case .moved: .moved
        case .ended: .ended
        case .cancelled: .cancelled
        case .multiTouch, .possible: nil
        }
    }
}

/// A field's bytes folded to ASCII lower case and packed little-endian into two words, so a
/// spelling is recognised with two integer comparisons. Fields longer than 16 bytes do not pack.
struct PackedWord: Equatable, Sendable {
    var low: UInt64
    var high: UInt64

    init(low: UInt64, high: UInt64) {
        self.low = low
        self.high = high
    }

    @inline(__always)
    init?(_ p: UnsafePointer<UInt8>, _ n: Int) {
        guard n > 0, n <= 16 else { return nil }
        var low: UInt64 = 0
        var high: UInt64 = 0
        for k in 0..<min(n, 8) { low |= UInt64(p[k]) << UInt64(8 * k) }
        if n > 8 { for k in 8..<n { high |= UInt64(p[k]) << UInt64(8 * (k - 8)) } }
        self.low = Self.lowercased(low)
        self.high = Self.lowercased(high)
    }

    /// Each byte `A`–`Z` of `word` with `0x20` set (ASCII lower case), the others as they are:
    /// per byte, below 0x80, `+ 0x3F` sets the top bit from `A` (0x41) on and `+ 0x25` from
    /// the byte after `Z` (0x5B) on, with no carry between bytes.
    @inline(__always)
    static func lowercased(_ word: UInt64) -> UInt64 {
        let seven = word & 0x7F7F_7F7F_7F7F_7F7F
        let fromA = seven &+ 0x3F3F_3F3F_3F3F_3F3F
        let afterZ = seven &+ 0x2525_2525_2525_2525
        let upper = fromA & ~afterZ & ~word & 0x8080_8080_8080_8080
        return word | (upper >> 2)
    }

    init(_ text: StaticString) {
        let made = text.withUTF8Buffer { PackedWord($0.baseAddress!, $0.count) }
        self = made!
    }
}

/// Every accepted phase spelling of trace-format.md ("Phases"), most frequent first.
let phaseSpellings: [(PackedWord, RowPhase)] = [
    (PackedWord("moved"), .moved), (PackedWord("move"), .moved), (PackedWord("2"), .moved),
    (PackedWord("changed"), .moved), (PackedWord("stationary"), .moved),
    (PackedWord("touchmove"), .moved), (PackedWord("pointermove"), .moved),
    (PackedWord("began"), .began), (PackedWord("down"), .began), (PackedWord("0"), .began),
    (PackedWord("start"), .began), (PackedWord("touchstart"), .began),
    (PackedWord("pointerdown"), .began),
    (PackedWord("ended"), .ended), (PackedWord("up"), .ended), (PackedWord("1"), .ended),
    (PackedWord("end"), .ended), (PackedWord("touchend"), .ended),
    (PackedWord("pointerup"), .ended),
    (PackedWord("cancelled"), .cancelled), (PackedWord("canceled"), .cancelled),
    (PackedWord("cancel"), .cancelled), (PackedWord("failed"), .cancelled),
    (PackedWord("3"), .cancelled),
    (PackedWord("touchcancel"), .cancelled), (PackedWord("pointercancel"), .cancelled),
    (PackedWord("5"), .multiTouch), (PackedWord("6"), .multiTouch),
    (PackedWord("261"), .multiTouch), (PackedWord("262"), .multiTouch),
    (PackedWord("possible"), .possible),
]

/// Accepted spellings of `intent`/`outcome` values: `complete`/`cancel`, `1`/`0`, `true`/`false`, `yes`/`no`.
let intentSpellings: [(PackedWord, Intent)] = [
    (PackedWord("complete"), .complete), (PackedWord("cancel"), .cancel),
    (PackedWord("1"), .complete), (PackedWord("0"), .cancel),
    (PackedWord("true"), .complete), (PackedWord("false"), .cancel),
    (PackedWord("yes"), .complete), (PackedWord("no"), .cancel),
]

/// Accepted spellings of `intent` `other` (a gesture not meant for the transition); not
/// accepted for `outcome`.
let otherIntentSpellings: [PackedWord] = [
    PackedWord("other"), PackedWord("none"), PackedWord("scroll"), PackedWord("not-meant"),
    PackedWord("not_meant"), PackedWord("notmeant"), PackedWord("unintended"),
    PackedWord("accidental"),
]

/// `10^k` for `0 <= k <= 22`: every one of these is exactly representable as a `Double`.
let exactPowersOfTen: [Double] = [
    1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16,
    1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
]

/// Parses a decimal number (`-12.5`, `+3`, `.5`, `1e3`, `65331160.000000`) from field bytes.
///
/// Fast path (Clinger 1990): with at most 19 significant digits, a mantissa `m <= 2^53` and a
/// decimal exponent `|e| <= 22`, both `m` and `10^|e|` are exact doubles, so the single
/// multiplication or division `m * 10^e` is correctly rounded. Anything else that is still a
/// well-formed decimal goes to the standard library's `Double(_:)` (`strtod` in the C locale).
/// Hexadecimal floats, `nan` and `inf` are not decimals, and a decimal too large for a double
/// (`1e400`) is not finite: all return nil. Surrounding spaces and tabs are ignored.
/// `shift` divides by `10^shift` in the same rounding (a time in ms with `shift` 3 gives s).
/// `count` must be at least 1.
@inline(__always)
func parseDecimal(_ p: UnsafePointer<UInt8>, _ count: Int, shift: Int = 0) -> Double? {
    // The common shape: [-+]digits[.digits], at most 19 digits, no exponent, no spaces.
    var i = 0
    var negative = false
    if p[0] == 0x2D {
        negative = true
        i = 1
    } else if p[0] == 0x2B {
        i = 1
    }
    var mantissa: UInt64 = 0
    let integerStart = i
    scanDigits(p, count, &i, &mantissa)
    var digits = i - integerStart
    var exponent = -shift
    if i < count && p[i] == 0x2E {
        i += 1
        let fractionStart = i
        scanDigits(p, count, &i, &mantissa)
        exponent -= i - fractionStart
        digits += i - fractionStart
    }
    guard i == count, digits > 0, digits <= 19, mantissa <= 1 << 53, exponent >= -22 else {
        guard let value = parseDecimalInFull(p, count), value.isFinite else { return nil }
        return shift == 0 ? value : value / exactPowersOfTen[shift]
    }
    // Always finite: the caller need not wait for the division to test it.
    let value = exponent == 0 ? Double(mantissa) : Double(mantissa) / exactPowersOfTen[-exponent]
    return negative ? -value : value
}

/// `parseDecimal` for other modules (the number columns of analysis partials): the decimal
/// number `count` bytes at `p` spell, nil when they are not one (or it is not finite).
public func decimalNumber(_ p: UnsafePointer<UInt8>, _ count: Int) -> Double? {
    count > 0 ? parseDecimal(p, count) : nil
}

/// Accumulates the decimal digits at `p[i...]` into `mantissa` (wrapping: the caller checks
/// the digit count), eight at a time while eight bytes of the field remain (the SWAR digit
/// test and conversion of Lemire, "Fast number parsing", simdjson), then one at a time.
@inline(__always)
func scanDigits(_ p: UnsafePointer<UInt8>, _ count: Int, _ i: inout Int, _ mantissa: inout UInt64) {
    let raw = UnsafeRawPointer(p)
    while i + 8 <= count {
        let word = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
        let allDigits =
            (word & 0xF0F0_F0F0_F0F0_F0F0)
            | (((word &+ 0x0606_0606_0606_0606) & 0xF0F0_F0F0_F0F0_F0F0) >> 4)
        guard allDigits == 0x3333_3333_3333_3333 else { break }
        // Swift's `>>` binds tighter than `&*`: the parentheses matter.
        var v = ((word & 0x0F0F_0F0F_0F0F_0F0F) &* 2561) >> 8
        v = ((v & 0x00FF_00FF_00FF_00FF) &* 6_553_601) >> 16
        v = (((v & 0x0000_FFFF_0000_FFFF) &* 42_949_672_960_001) >> 32) & 0xFFFF_FFFF
        mantissa = mantissa &* 100_000_000 &+ v
        i += 8
    }
    while i < count {
        let d = p[i] &- 0x30
        if d >= 10 { break }
        mantissa = mantissa &* 10 &+ UInt64(d)
        i += 1
    }
}

/// `parseDecimal` for every other shape: exponents, surrounding spaces, long mantissas. May
/// return an infinity (`1e400`).
@inline(never)
func parseDecimalInFull(_ p: UnsafePointer<UInt8>, _ count: Int) -> Double? {
    var i = 0
    var end = count
    while i < end && (p[i] == 0x20 || p[i] == 0x09) { i += 1 }
    while end > i && (p[end - 1] == 0x20 || p[end - 1] == 0x09) { end -= 1 }
    guard i < end else { return nil }
    let start = i
    var negative = false
    if p[i] == 0x2D {
        negative = true
        i += 1
    } else if p[i] == 0x2B {
        i += 1
    }
    var mantissa: UInt64 = 0
    var significant = 0
    var exponent = 0
    var sawDigit = false
    var needsFallback = false
    while i < end {
        let d = p[i] &- 0x30
        if d > 9 { break }
        sawDigit = true
        if mantissa != 0 || d != 0 {
            if significant < 19 {
                mantissa = mantissa &* 10 &+ UInt64(d)
                significant += 1
            } else {
                needsFallback = true
            }
        }
        i += 1
    }
    if i < end && p[i] == 0x2E {
        i += 1
        while i < end {
            let d = p[i] &- 0x30
            if d > 9 { break }
            sawDigit = true
            if mantissa != 0 || d != 0 {
                if significant < 19 {
                    mantissa = mantissa &* 10 &+ UInt64(d)
                    significant += 1
                    exponent -= 1
                } else {
                    needsFallback = true
                }
            } else {
                exponent -= 1
            }
            i += 1
        }
    }
    guard sawDigit else { return nil }
    if i < end && (p[i] | 0x20) == 0x65 {
        i += 1
        var exponentNegative = false
        if i < end && (p[i] == 0x2D || p[i] == 0x2B) {
            exponentNegative = p[i] == 0x2D
            i += 1
        }
        var written = 0
        var sawExponentDigit = false
        while i < end {
            let d = p[i] &- 0x30
            if d > 9 { break }
            sawExponentDigit = true
            if written < 100_000 { written = written * 10 + Int(d) }
            i += 1
        }
        guard sawExponentDigit else { return nil }
        exponent += exponentNegative ? -written : written
    }
    guard i == end else { return nil }
    if mantissa == 0 && !needsFallback { return negative ? -0.0 : 0.0 }
    if !needsFallback && mantissa <= 1 << 53 && exponent >= -22 && exponent <= 22 {
        let value =
            exponent < 0
            ? Double(mantissa) / exactPowersOfTen[-exponent]
            : Double(mantissa) * exactPowersOfTen[exponent]
        return negative ? -value : value
    }
    return Double(
        String(decoding: UnsafeBufferPointer(start: p + start, count: end - start), as: UTF8.self))
}

/// True when `text` spells a non-finite value (`nan`, `inf`, `infinity`, signed or not): the
/// error then says "expected a finite number" rather than "expected a number".
func spellsNonFinite(_ text: String) -> Bool {
    var t = Substring(text.lowercased())
    while t.first == " " { t = t.dropFirst() }
    while t.last == " " { t = t.dropLast() }
    if t.first == "-" || t.first == "+" { t = t.dropFirst() }
    return t == "nan" || t == "inf" || t == "infinity"
}

/// Counts line feeds in a field (only quoted fields hold them); used for line numbers.
@inline(__always)
func countLineFeeds(_ p: UnsafePointer<UInt8>, _ n: Int) -> Int {
    var lines = 0
    for k in 0..<n where p[k] == 0x0A { lines += 1 }
    return lines
}

/// True when all bytes are ASCII (checked a word at a time).
@inline(__always)
func isASCII(_ p: UnsafePointer<UInt8>, _ n: Int) -> Bool {
    var k = 0
    let raw = UnsafeRawPointer(p)
    var high: UInt64 = 0
    while k + 8 <= n {
        high |= raw.loadUnaligned(fromByteOffset: k, as: UInt64.self)
        k += 8
    }
    while k < n {
        high |= UInt64(p[k])
        k += 1
    }
    return high & 0x8080_8080_8080_8080 == 0
}

/// What one read chunk holds that changes how its fields must be handled.
struct ChunkTraits {
    /// A byte >= 0x80: from now on fields are checked for valid UTF-8.
    var nonASCII = false
    /// A `"`: from now on fields are scanned for line feeds (quoted fields may span lines).
    var quote = false

    /// Scans `chunk`: `memchr` for a quote, and an OR of all words (a loop the compiler
    /// vectorises) for a byte >= 0x80.
    init(scanning chunk: UnsafeRawBufferPointer) {
        guard let base = chunk.baseAddress else { return }
        let n = chunk.count
        quote = memchr(base, 0x22, n) != nil
        var high: UInt64 = 0
        let words = n / 8
        for k in 0..<words { high |= base.loadUnaligned(fromByteOffset: 8 * k, as: UInt64.self) }
        for k in (8 * words)..<n { high |= UInt64(chunk[k]) }
        nonASCII = high & 0x8080_8080_8080_8080 != 0
    }
}

/// Picks the delimiter of a file from its header row: the most frequent of `,`, `;` and tab
/// outside quotes in the first line that is neither empty nor a `#` comment; `,` on a tie or
/// when none occurs. `bytes` is the file's first chunk (after any byte-order mark).
func detectDelimiter(_ bytes: UnsafeRawBufferPointer) -> UInt8 {
    var k = 0
    let n = bytes.count
    while k < n {
        var lineEnd = k
        while lineEnd < n && bytes[lineEnd] != 0x0A && bytes[lineEnd] != 0x0D { lineEnd += 1 }
        var first = k
        while first < lineEnd && (bytes[first] == 0x20 || bytes[first] == 0x09) { first += 1 }
        if first < lineEnd && bytes[first] != 0x23 {
            var counts = (comma: 0, semicolon: 0, tab: 0)
            var quoted = false
            for j in k..<lineEnd {
                switch bytes[j] {
                case 0x22: quoted.toggle()
                case 0x2C where !quoted: counts.comma += 1
                case 0x3B where !quoted: counts.semicolon += 1
                case 0x09 where !quoted: counts.tab += 1
                default: break
                }
            }
            if counts.semicolon > counts.comma && counts.semicolon >= counts.tab { return 0x3B }
            if counts.tab > counts.comma && counts.tab > counts.semicolon { return 0x09 }
            return 0x2C
        }
        k = lineEnd + 1
    }
    return 0x2C
}

// MARK: Text for messages (never on the hot path)

/// `value` as a person would have written it: at most 15 significant digits and no trailing
/// zeros (`%.15g`, which hides the rounding of a unit conversion: 0.12 s stays `0.12`), and
/// integers from 10^15 to 10^21 (epoch times in µs or ns) in full. Calls `vsnprintf`.
func decimalText(_ value: Double) -> String {
    let format = abs(value) >= 1e15 && abs(value) < 1e21 ? "%.0f" : "%.15g"
    var buffer = [CChar](repeating: 0, count: 64)
    let count = buffer.count
    _ = buffer.withUnsafeMutableBufferPointer { out in
        withVaList([value]) { vsnprintf(out.baseAddress!, count, format, $0) }
    }
    return buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
}

/// Field bytes for a message: printable ASCII as is, every other byte as `\xHH` (so bytes
/// that are not UTF-8 show), cut after `limit` bytes with `...`.
func escapedText(_ p: UnsafePointer<UInt8>, _ count: Int, limit: Int = 40) -> String {
    var text = ""
    for k in 0..<min(count, limit) {
        let c = p[k]
        if c >= 0x20 && c < 0x7F {
            text.unicodeScalars.append(Unicode.Scalar(c))
        } else {
            let hex = String(c, radix: 16, uppercase: true)
            text += "\\x" + (hex.count == 1 ? "0" + hex : hex)
        }
    }
    return count > limit ? text + "..." : text
}

extension PackedWord {
    /// The packed spelling (lower-cased), for messages.
    var text: String {
        var bytes: [UInt8] = []
        for k in 0..<16 {
            let word = k < 8 ? low >> UInt64(8 * k) : high >> UInt64(8 * (k - 8))
            let c = UInt8(truncatingIfNeeded: word)
            if c == 0 { break }
            bytes.append(c)
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
