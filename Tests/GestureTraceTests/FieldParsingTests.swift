import Testing

@testable import GestureTrace

/// Numbers parsed from field bytes, checked against the standard library's correctly rounded
/// `Double(String)` (an independent implementation: `strtod`).
@Suite struct FieldParsingTests {
    static func parse(_ text: String) -> Double? {
        var bytes = Array(text.utf8)
        if bytes.isEmpty { return nil }
        return bytes.withUnsafeMutableBufferPointer { parseDecimal($0.baseAddress!, $0.count) }
    }

    @Test(arguments: [
        "0", "1", "-1", "+2.5", "65331160.000000", "0.1", "0.016", "1e3", "1E-3", "-12.75e+2", ".5",
        "5.",
        "123456789012345678", "1234567890123456789012", "0.000000000000000000000000123",
        "9007199254740993",
        "1.7976931348623157e308", "4.9e-324", "3.141592653589793238462643", "00012.5000",
        "1336645473016",
        "-0.0", "2.2250738585072014e-308", "0.30000000000000004", "1e22", "1e23", "123.456e-20",
        "12345678.87654321", "-99999999.5", "1712000008.826", "0.000000012345678",
        "99999999999999999999.5",
    ])
    func matchesStrtod(text: String) throws {
        let expected = try #require(Double(text))
        let parsed = try #require(Self.parse(text))
        #expect(parsed.bitPattern == expected.bitPattern)
    }

    @Test func negativeZeroKeepsItsSign() throws {
        #expect(try #require(Self.parse("-0")).sign == .minus)
        #expect(try #require(Self.parse("-0.000")).sign == .minus)
    }

    @Test(arguments: [
        "", "-", ".", "e3", "1e", "1e+", "1.2.3", "12,5", "0x10", "nan", "inf", "-Infinity", "1 2",
        "١٢", "1234567a9", "12345678:", "1234/5678",
    ])
    func rejectsNonDecimals(text: String) {
        #expect(Self.parse(text) == nil)
    }

    /// A time in milliseconds becomes seconds with a single rounding: `m / 10^(decimals + 3)`.
    @Test func shiftDividesByAPowerOfTen() throws {
        var bytes = Array("65331160.000000".utf8)
        let seconds = bytes.withUnsafeMutableBufferPointer {
            parseDecimal($0.baseAddress!, $0.count, shift: 3)
        }
        #expect(seconds == 65331.16)
        bytes = Array("1.5e3".utf8)
        #expect(
            bytes.withUnsafeMutableBufferPointer {
                parseDecimal($0.baseAddress!, $0.count, shift: 3)
            } == 1.5)
    }

    @Test func hugeExponentIsNotFinite() throws {
        #expect(Self.parse("1e400") == nil)
        let bytes = Array("-1e400".utf8)
        #expect(
            bytes.withUnsafeBufferPointer { parseDecimalInFull($0.baseAddress!, $0.count) }
                == -.infinity)
    }

    @Test func spacesAroundAreIgnored() {
        #expect(Self.parse(" 2.5\t") == 2.5)
    }

    @Test(arguments: [
        ("t,x;y", UInt8(ascii: ",")), ("t;x;y,z", UInt8(ascii: ";")), ("t\tx\ty", 9),
        ("# a;b;c\nt,x", UInt8(ascii: ",")), ("\"a;b\",c", UInt8(ascii: ",")),
        ("t", UInt8(ascii: ",")),
    ])
    func delimiterDetection(header: String, delimiter: UInt8) {
        let bytes = Array(header.utf8)
        #expect(bytes.withUnsafeBytes { detectDelimiter($0) } == delimiter)
    }

    @Test func chunkTraits() {
        let plain = Array("t,x,y,phase\n0,1,2,began\n".utf8)
        let quoted = Array("t,x,y,phase\n0,1,2,\"began\"\n".utf8)
        let accented = Array("t,x,y,phase\n0,1,2,bégan\n".utf8)
        #expect(plain.withUnsafeBytes { ChunkTraits(scanning: $0) }.quote == false)
        #expect(plain.withUnsafeBytes { ChunkTraits(scanning: $0) }.nonASCII == false)
        #expect(quoted.withUnsafeBytes { ChunkTraits(scanning: $0) }.quote == true)
        #expect(accented.withUnsafeBytes { ChunkTraits(scanning: $0) }.nonASCII == true)
    }

    @Test func editDistance() {
        // Adjacent transpositions count one edit (optimal string alignment).
        #expect(GestureTrace.editDistance("phsae", "phase") == 1)
        #expect(GestureTrace.editDistance("tiem", "time") == 1)
        #expect(GestureTrace.editDistance("ca", "abc") == 3)
        #expect(GestureTrace.editDistance("time[ms]", "time_ms") == 2)
        #expect(GestureTrace.editDistance("", "abc") == 3)
        #expect(GestureTrace.editDistance("kitten", "sitting") == 3)
    }
}

@Suite struct SampleLayoutTests {
    /// One sample is written per row: keep it to one 64-byte cache line.
    @Test func sampleStrideIsOneCacheLine() {
        #expect(MemoryLayout<Sample>.stride == 64)
    }
}

/// `PackedWord`, the case-folded spelling of a phase or label, against the rule it packs:
/// byte `k` of the field at bits `8k` (of the low word, then the high one), `A`–`Z` with 0x20
/// set, every other byte as it is.
@Suite struct PackedWordTests {
    static func expected(_ bytes: [UInt8]) -> PackedWord {
        var low: UInt64 = 0, high: UInt64 = 0
        for (k, b) in bytes.enumerated() {
            let c = (b >= 0x41 && b <= 0x5A) ? b | 0x20 : b
            if k < 8 {
                low |= UInt64(c) << UInt64(8 * k)
            } else {
                high |= UInt64(c) << UInt64(8 * (k - 8))
            }
        }
        return PackedWord(low: low, high: high)
    }

    /// Every byte value at every position of a 16-byte field, next to bytes that carry into it
    /// (0xFF) or not (0x00), and at the first position of every length.
    @Test func foldsEveryByteAtEveryPosition() {
        for position in 0..<16 {
            for fill: UInt8 in [0x00, 0x40, 0x5A, 0x5B, 0x7F, 0xFF] {
                for b in 0...255 {
                    var bytes = [UInt8](repeating: fill, count: 16)
                    bytes[position] = UInt8(b)
                    let word = bytes.withUnsafeBufferPointer { PackedWord($0.baseAddress!, 16) }
                    #expect(word == Self.expected(bytes), "byte \(b) at \(position) among \(fill)")
                }
            }
        }
        for n in 1...16 {
            let bytes = (0..<n).map { UInt8(0x41 + $0) }
            #expect(
                bytes.withUnsafeBufferPointer { PackedWord($0.baseAddress!, n) }
                    == Self.expected(bytes))
        }
    }

    @Test func spellingsDifferingOnlyInCaseAreOne() {
        let a = Array("CoMpLeTe".utf8), b = Array("complete".utf8), c = Array("TOUCHCANCEL".utf8),
            d = Array("touchcancel".utf8)
        #expect(
            a.withUnsafeBufferPointer { PackedWord($0.baseAddress!, a.count) }
                == PackedWord("complete"))
        #expect(
            b.withUnsafeBufferPointer { PackedWord($0.baseAddress!, b.count) }
                == PackedWord("complete"))
        #expect(
            c.withUnsafeBufferPointer { PackedWord($0.baseAddress!, c.count) }
                == d.withUnsafeBufferPointer { PackedWord($0.baseAddress!, d.count) })
        // `@` and `[` sit just outside `A`–`Z`, `` ` `` and `{` just outside `a`–`z`: kept.
        let edges = Array("@[`{".utf8)
        #expect(
            edges.withUnsafeBufferPointer { PackedWord($0.baseAddress!, 4) }?.low == 0x7B60_5B40)
    }
}
