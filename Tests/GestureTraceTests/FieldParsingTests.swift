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
        "0", "1", "-1", "+2.5", "65331160.000000", "0.1", "0.016", "1e3", "1E-3", "-12.75e+2", ".5", "5.",
        "123456789012345678", "1234567890123456789012", "0.000000000000000000000000123", "9007199254740993",
        "1.7976931348623157e308", "4.9e-324", "3.141592653589793238462643", "00012.5000", "1336645473016",
        "-0.0", "2.2250738585072014e-308", "0.30000000000000004", "1e22", "1e23", "123.456e-20",
        "12345678.87654321", "-99999999.5", "1712000008.826", "0.000000012345678", "99999999999999999999.5",
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

    @Test(arguments: ["", "-", ".", "e3", "1e", "1e+", "1.2.3", "12,5", "0x10", "nan", "inf", "-Infinity", "1 2", "١٢", "1234567a9", "12345678:", "1234/5678"])
    func rejectsNonDecimals(text: String) {
        #expect(Self.parse(text) == nil)
    }

    /// A time in milliseconds becomes seconds with a single rounding: `m / 10^(decimals + 3)`.
    @Test func shiftDividesByAPowerOfTen() throws {
        var bytes = Array("65331160.000000".utf8)
        let seconds = bytes.withUnsafeMutableBufferPointer { parseDecimal($0.baseAddress!, $0.count, shift: 3) }
        #expect(seconds == 65331.16)
        bytes = Array("1.5e3".utf8)
        #expect(bytes.withUnsafeMutableBufferPointer { parseDecimal($0.baseAddress!, $0.count, shift: 3) } == 1.5)
    }

    @Test func hugeExponentIsNotFinite() throws {
        #expect(Self.parse("1e400") == nil)
        let bytes = Array("-1e400".utf8)
        #expect(bytes.withUnsafeBufferPointer { parseDecimalInFull($0.baseAddress!, $0.count) } == -.infinity)
    }

    @Test func spacesAroundAreIgnored() {
        #expect(Self.parse(" 2.5\t") == 2.5)
    }

    @Test(arguments: [("t,x;y", UInt8(ascii: ",")), ("t;x;y,z", UInt8(ascii: ";")), ("t\tx\ty", 9), ("# a;b;c\nt,x", UInt8(ascii: ",")), ("\"a;b\",c", UInt8(ascii: ",")), ("t", UInt8(ascii: ","))])
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
