import Testing

@testable import GestureTrace

/// `csv_parse` fed in pieces of every small size: fields, quoted fields, CRLF pairs and the
/// byte-order mark split across calls read exactly as in one piece.
@Suite struct ChunkBoundaryTests {
    static let text =
        "# header follows\r\ngesture,t,x,y,phase,note\r\n\"g,1\",0.000,10.25,20,began,\"a \"\"quoted\"\"\r\nnote\"\r\n\r\ng2,0.001,5,5,down,\r\n\"g,1\",0.016,11.5,19,moved,\r\ng2,0.002,6,6,up,x\r\n\"g,1\",0.033,13,18,ended,"

    @Test(arguments: [1, 2, 3, 4, 5, 7, 13])
    func piecesReadLikeTheWhole(feedSize: Int) throws {
        let f = try TraceFixture(bytes: [0xEF, 0xBB, 0xBF] + Array(Self.text.utf8))
        let whole = try f.read()
        let pieces = try f.read(feedSize: feedSize)
        #expect(pieces.gestures == whole.gestures)
        #expect(pieces.summary == whole.summary)
        #expect(whole.gestures.map(\.id) == ["g2", "g,1"])
        #expect(whole.gestures[1].samples.map(\.x) == [10.25, 11.5, 13])
        // Lines: the quoted note spans lines 3-4, line 5 is empty.
        #expect(whole.gestures[1].samples.map(\.line) == [3, 7, 9])
        #expect(whole.gestures[0].samples.map(\.line) == [6, 8])
    }

    @Test(arguments: [1, 2, 3, 6])
    func errorLinesDoNotDependOnPieces(feedSize: Int) throws {
        let f = try TraceFixture(
            "t,x,y,phase\r\n0,0,0,began\r\n\r\n1,\"a\r\nb\",1,moved\r\n2,2,zz,ended\r\n")
        let error = try #require(f.error(feedSize: feedSize))
        #expect(error.line == 4)
        let lenient = try f.read(.leniently, feedSize: feedSize)
        // Line 2: the gesture lost its release (line 6) and is still open at the end.
        #expect(lenient.summary.problems.map(\.line) == [2, 4, 6])
    }

    @Test(arguments: [1, 2, 5])
    func quotingErrorRecoveryAcrossPieces(feedSize: Int) throws {
        let f = try TraceFixture(
            "t,x,y,phase\n0,0,0,began\n1,1\"x\",1,moved\n# a \"comment\" with quotes\n2,2,2,ended\n"
        )
        let (gestures, summary) = try f.read(.leniently, feedSize: feedSize)
        #expect(gestures.first?.samples.map(\.line) == [2, 5])
        #expect(summary.problems.map(\.line) == [3])
        #expect(summary.skipped[.malformedRow] == 1)
    }
}

/// The field-length limit is met at a fixed byte, so an over-long field gives the same error
/// however the bytes reach `csv_parse`: before, a quote after the limit was reported as a
/// quoting error when the field came in one piece and as too long in small pieces.
@Suite struct FieldLimitFeedTests {
    static let limit = 16
    static let feedSizes = Array(1...40) + [TraceReader.chunkSize]

    static func options() -> ReaderOptions {
        var o = ReaderOptions()
        o.maxFieldLength = limit
        return o
    }

    static let tooLong =
        "column \"x\": expected a field of at most 16 bytes, found a longer one (an unterminated quote?)"

    @Test(arguments: [
        // 20 bytes, then a quote inside the unquoted field (what the fuzzer found).
        "t,x,y,phase\n0,\(String(repeating: "a", count: 20))\"b\",1,began\n",
        // A quoted field of 20 bytes, then text after its closing quote.
        "t,x,y,phase\n0,\"\(String(repeating: "1", count: 20))\"x,1,began\n",
        // A quoted field of 17 bytes closed and followed by a delimiter.
        "t,x,y,phase\n0,\"\(String(repeating: "1", count: 17))\",1,began\n",
        // 17 unquoted bytes, then the delimiter.
        "t,x,y,phase\n0,\(String(repeating: "1", count: 17)),1,began\n",
        // An unterminated quoted field running to the end of the file.
        "t,x,y,phase\n0,\"\(String(repeating: "1", count: 40))",
    ])
    func overLongFieldIsTooLongAtEveryFeedSize(text: String) throws {
        let f = try TraceFixture(text)
        for feedSize in Self.feedSizes {
            let error = try #require(
                f.error(Self.options(), feedSize: feedSize), "feed size \(feedSize)")
            #expect(error.line == 2, "feed size \(feedSize)")
            #expect(error.message == Self.tooLong, "feed size \(feedSize)")
        }
    }

    /// A field of exactly the limit, quoted (libcsv holds its closing quote) or not, is read.
    @Test func fieldOfExactlyTheLimitIsRead() throws {
        let x = String(repeating: "0", count: 15) + "1"  // 16 bytes: the number 1
        let f = try TraceFixture("t,x,y,phase\n0,\"\(x)\",1,began\n1,\(x),1,ended\n")
        for feedSize in Self.feedSizes {
            let (gestures, _) = try f.read(Self.options(), feedSize: feedSize)
            #expect(gestures.first?.samples.map(\.x) == [1, 1], "feed size \(feedSize)")
        }
    }

    /// A quoting error before the limit is reported as such at every feed size.
    @Test func quotingErrorBeforeTheLimitStaysOne() throws {
        let f = try TraceFixture(
            "t,x,y,phase\n0,12\"\(String(repeating: "a", count: 30)),1,began\n")
        for feedSize in Self.feedSizes {
            let error = try #require(f.error(Self.options(), feedSize: feedSize))
            #expect(
                error.message
                    == "column \"x\": expected quotes only around a whole field (RFC 4180), found a quote after \"12\"",
                "feed size \(feedSize)")
        }
    }
}
