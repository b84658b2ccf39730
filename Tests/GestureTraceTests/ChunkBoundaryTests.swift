import Testing

@testable import GestureTrace

/// `csv_parse` fed in pieces of every small size: fields, quoted fields, CRLF pairs and the
/// byte-order mark split across calls read exactly as in one piece.
@Suite struct ChunkBoundaryTests {
    static let text = "# header follows\r\ngesture,t,x,y,phase,note\r\n\"g,1\",0.000,10.25,20,began,\"a \"\"quoted\"\"\r\nnote\"\r\n\r\ng2,0.001,5,5,down,\r\n\"g,1\",0.016,11.5,19,moved,\r\ng2,0.002,6,6,up,x\r\n\"g,1\",0.033,13,18,ended,"

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
        let f = try TraceFixture("t,x,y,phase\r\n0,0,0,began\r\n\r\n1,\"a\r\nb\",1,moved\r\n2,2,zz,ended\r\n")
        let error = try #require(f.error(feedSize: feedSize))
        #expect(error.line == 4)
        let lenient = try f.read(.leniently, feedSize: feedSize)
        // Line 2: the gesture lost its release (line 6) and is still open at the end.
        #expect(lenient.summary.problems.map(\.line) == [2, 4, 6])
    }

    @Test(arguments: [1, 2, 5])
    func quotingErrorRecoveryAcrossPieces(feedSize: Int) throws {
        let f = try TraceFixture("t,x,y,phase\n0,0,0,began\n1,1\"x\",1,moved\n# a \"comment\" with quotes\n2,2,2,ended\n")
        let (gestures, summary) = try f.read(.leniently, feedSize: feedSize)
        #expect(gestures.first?.samples.map(\.line) == [2, 5])
        #expect(summary.problems.map(\.line) == [3])
        #expect(summary.skipped[.malformedRow] == 1)
    }
}
