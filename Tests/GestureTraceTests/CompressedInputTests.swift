import Foundation
import TestSupport
import Testing

@testable import GestureTrace

/// gzip and zstd traces, told by their first bytes, read as their text does: same gestures,
/// same summary, errors on the text's lines. Truncated, corrupt or trailing data is a
/// file-level error naming the file.
@Suite struct CompressedInputTests {
    /// About 600 KB of text (several of the reader's 64 KiB chunks, compressed and not): 400
    /// gestures of 30 rows with irregular coordinates, so the compressed file spans several
    /// chunks too.
    static let text: String = {
        var lines = ["gesture,t,x,y,phase,intent"]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func noise() -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 40) % 10_000
        }
        for g in 1...400 {
            let intent = g % 3 == 0 ? "cancel" : "complete"
            for i in 0..<30 {
                let phase = i == 0 ? "began" : i == 29 ? "ended" : "moved"
                let t = Double(g * 100 + i) * 0.016
                lines.append(
                    "g\(g),\(String(format: "%.3f", t)),\(noise()).\(noise() % 100),\(noise()),\(phase),\(intent)"
                )
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }()

    static let lineCount = 1 + 400 * 30

    static func fixture(_ data: Data, name: String) throws -> TraceFixture {
        try TraceFixture(bytes: [UInt8](data), name: name)
    }

    /// Gestures and summary with the file name taken out, to compare files by content.
    static func content(_ f: TraceFixture, feedSize: Int = TraceReader.chunkSize) throws -> (
        gestures: [Gesture], summary: ReadSummary
    ) {
        var (gestures, summary) = try f.read(feedSize: feedSize)
        for i in gestures.indices { gestures[i].file = "" }
        summary.file = ""
        return (gestures, summary)
    }

    @Test(arguments: [Compression.gzip, .zstd])
    func readsLikeThePlainText(format: Compression) throws {
        let plain = Data(Self.text.utf8)
        let packed = format == .gzip ? TestSupport.gzip(plain) : TestSupport.zstd(plain)
        #expect(
            packed.count > TraceReader.chunkSize && packed.count < plain.count,
            "\(packed.count) of \(plain.count)")
        let expected = try Self.content(Self.fixture(plain, name: "t.csv"))
        #expect(expected.gestures.count == 400)
        #expect(expected.summary.rows == 400 * 30)
        let compressed = try Self.fixture(packed, name: "t.csv.\(format == .gzip ? "gz" : "zst")")
        let read = try Self.content(compressed)
        #expect(read.gestures == expected.gestures)
        #expect(read.summary == expected.summary)
        // Small pieces into libcsv split the decompressed chunks differently: same result.
        let pieces = try Self.content(compressed, feedSize: 7)
        #expect(pieces.gestures == expected.gestures)
    }

    /// The magic number decides, not the name: gzip named `.csv` is decompressed, text named
    /// `.csv.gz` is read as text.
    @Test func theFirstBytesDecideNotTheName() throws {
        let plain = Data(Self.text.utf8)
        let expected = try Self.content(Self.fixture(plain, name: "t.csv"))
        let gzipNamedCSV = try Self.content(Self.fixture(TestSupport.gzip(plain), name: "t.csv"))
        let textNamedGz = try Self.content(Self.fixture(plain, name: "t.csv.gz"))
        #expect(gzipNamedCSV.gestures == expected.gestures)
        #expect(textNamedGz.gestures == expected.gestures)
    }

    /// A bad value on line N of the text (past the first decompressed chunk) is reported at
    /// line N.
    @Test(arguments: [Compression.gzip, .zstd])
    func errorsNameTheLineOfTheText(format: Compression) throws {
        var lines = Self.text.split(separator: "\n", omittingEmptySubsequences: false).map(
            String.init)
        // A `moved` row of gesture 300: skipping it leaves its gesture whole.
        let line = 9_000
        var fields = lines[line - 1].split(separator: ",").map(String.init)
        #expect(fields[4] == "moved")
        fields[2] = "\"12,5\""
        lines[line - 1] = fields.joined(separator: ",")
        let text = Data(lines.joined(separator: "\n").utf8)
        #expect(text.count > TraceReader.chunkSize * 2)
        let packed = format == .gzip ? TestSupport.gzip(text) : TestSupport.zstd(text)
        let f = try Self.fixture(packed, name: "bad.csv.\(format.rawValue)")
        let error = try #require(f.error())
        #expect(
            error
                == .badField(
                    file: f.path, line: line, column: "x", expected: "a number", found: "12,5"),
            "\(error)")
        // And in lenient mode the row is skipped with that line.
        let lenient = try f.read(.leniently)
        #expect(lenient.summary.problems.map(\.line) == [line])
    }

    @Test(arguments: [Compression.gzip, .zstd], [1, 10, 300, 5_000])
    func aTruncatedFileNamesFileAndSize(format: Compression, cut: Int) throws {
        let plain = Data(Self.text.utf8)
        let packed = format == .gzip ? TestSupport.gzip(plain) : TestSupport.zstd(plain)
        let kept = packed.count - cut
        let f = try Self.fixture(packed.prefix(kept), name: "cut.csv.gz")
        #expect(
            f.error()
                == .file(
                    file: f.path, line: 0,
                    message:
                        "expected a complete \(format.rawValue) stream, found the end of the file after \(kept) bytes"
                ))
    }

    /// A stream of the magic number alone (2 or 4 bytes) is as truncated as any.
    @Test(arguments: [Compression.gzip, .zstd])
    func theMagicNumberAloneIsTruncated(format: Compression) throws {
        let f = try TraceFixture(bytes: format.magic, name: "magic.csv")
        #expect(
            f.error()?.description
                == "\(f.path): expected a complete \(format.rawValue) stream, found the end of the file after \(format.magic.count) bytes"
        )
    }

    /// `cat a.gz b.gz` (and `cat a.zst b.zst`) is one text, the split anywhere, even inside a
    /// line: the members are read one after the other.
    @Test(arguments: [Compression.gzip, .zstd], [1, 50_000, 333_333])
    func concatenatedStreamsReadAsOneText(format: Compression, split: Int) throws {
        let plain = Data(Self.text.utf8)
        let expected = try Self.content(Self.fixture(plain, name: "t.csv"))
        let compress = format == .gzip ? TestSupport.gzip : TestSupport.zstd
        let parts = [
            plain.prefix(split), plain.dropFirst(split).prefix(40_000),
            plain.dropFirst(split + 40_000),
        ]
        let joined = parts.map { compress(Data($0), 3) }.reduce(Data(), +)
        let read = try Self.content(Self.fixture(joined, name: "joined.csv.gz"))
        #expect(read.gestures == expected.gestures)
        #expect(read.summary == expected.summary)
    }

    @Test(arguments: [Compression.gzip, .zstd])
    func bytesAfterTheLastStreamAreAnError(format: Compression) throws {
        let plain = Data(Self.text.utf8)
        let packed = format == .gzip ? TestSupport.gzip(plain) : TestSupport.zstd(plain)
        let f = try Self.fixture(packed + Data("junk".utf8), name: "junk.csv.gz")
        let unit = format == .gzip ? "member" : "frame"
        #expect(
            f.error()
                == .file(
                    file: f.path, line: 0,
                    message:
                        "expected another \(format.rawValue) \(unit) or the end of the file after byte \(packed.count), found other bytes"
                ))
    }

    /// A gzip member's CRC-32 (RFC 1952: the trailer's first 4 bytes) that does not match the
    /// data is zlib's "incorrect data check".
    @Test func aBadChecksumIsCorruptData() throws {
        var packed = TestSupport.gzip(Data(Self.text.utf8))
        packed[packed.count - 8] ^= 0xFF
        let f = try Self.fixture(packed, name: "crc.csv.gz")
        let message = try #require(f.error()).description
        #expect(
            message.hasPrefix(
                "\(f.path): expected a valid gzip stream, found corrupt data near byte "),
            "\(message)")
        #expect(message.hasSuffix(" (zlib: incorrect data check)"), "\(message)")
    }

    /// A zstd frame header with its reserved bit set (RFC 8878, 3.1.1.1.1.4) is refused.
    @Test func aBadFrameHeaderIsCorruptData() throws {
        var packed = TestSupport.zstd(Data(Self.text.utf8))
        packed[4] |= 0x08
        let f = try Self.fixture(packed, name: "header.csv.zst")
        let message = try #require(f.error()).description
        #expect(
            message.hasPrefix(
                "\(f.path): expected a valid zstd stream, found corrupt data near byte "),
            "\(message)")
        #expect(message.contains("(zstd: "), "\(message)")
    }

    /// What a compressed file holds is checked like any file's start: a gzip stream of a zip
    /// archive is named as one.
    @Test func aSpreadsheetInsideIsNamed() throws {
        let zip = Data([0x50, 0x4B, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00])
        let f = try Self.fixture(TestSupport.gzip(zip), name: "sheet.csv.gz")
        #expect(
            f.error()?.description.hasPrefix(
                "\(f.path): expected CSV text, found a zip archive or an .xlsx") == true)
        let twice = try Self.fixture(
            TestSupport.gzip(TestSupport.gzip(Data(Self.text.utf8))), name: "twice.csv.gz")
        #expect(
            twice.error()?.description
                == "\(twice.path): expected CSV text, found a gzip-compressed file inside the compressed file (compressed twice? decompress it once)"
        )
    }

    /// An empty zstd frame is an empty file, reported as such.
    @Test func anEmptyStreamIsAnEmptyFile() throws {
        let f = try Self.fixture(TestSupport.zstd(Data()), name: "empty.csv.zst")
        #expect(f.error()?.description.hasPrefix("\(f.path): empty file;") == true)
    }
}
