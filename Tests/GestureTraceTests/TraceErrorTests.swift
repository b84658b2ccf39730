import Testing

@testable import GestureTrace

/// Every malformed class of trace-format.md ("Bad input") with its exact message and line,
/// in strict mode, and what lenient mode makes of it.
@Suite struct TraceErrorTests {
    static let header = "t,x,y,phase\n0,0,0,began\n"

    /// (row on line 3, expected message)
    static let rowErrors: [(String, String)] = [
        ("0.1,\"12,5\",2,moved", "column \"x\": expected a number, found \"12,5\""),
        ("0.1,1,nan,moved", "column \"y\": expected a finite number, found \"nan\""),
        ("0.1,-inf,0,moved", "column \"x\": expected a finite number, found \"-inf\""),
        ("0.1,1e400,0,moved", "column \"x\": expected a finite number, found \"1e400\""),
        ("0.1,0x10,0,moved", "column \"x\": expected a number, found \"0x10\""),
        (",1,2,moved", "column \"t\": expected a number, found \"\""),
        (
            "0.1,1,2,hover",
            "column \"phase\": expected a phase (began, moved, ended, cancelled, down, move, up, 0-3, ...; --phase-map names others), found \"hover\""
        ),
        (
            "0.1,1,2,",
            "column \"phase\": expected a phase (began, moved, ended, cancelled, down, move, up, 0-3, ...; --phase-map names others), found \"\""
        ),
        (
            "0.1,1,2,7",
            "column \"phase\": expected a phase (began, moved, ended, cancelled, down, move, up, 0-3, ...; --phase-map names others), found \"7\""
        ),
        ("0.1,1,2", "expected 4 fields as in the header, found 3"),
        (
            "0.1,1,2,moved,9",
            "expected 4 fields as in the header, found 5 (quote fields that contain the delimiter)"
        ),
        (
            "0.1,1\"2,2,moved",
            "column \"x\": expected quotes only around a whole field (RFC 4180), found a quote after \"1\""
        ),
        (
            "0.1,\"1\"2,2,moved",
            "column \"x\": expected a delimiter or the line end after a closing quote (RFC 4180), found more text after the quoted \"1\""
        ),
    ]

    @Test(arguments: rowErrors)
    func rowErrorInStrictMode(row: String, message: String) throws {
        let f = try TraceFixture(Self.header + row + "\n0.2,3,3,ended\n")
        let error = try #require(f.error())
        #expect(error.description == "\(f.path):3: \(message)")
        #expect(error.line == 3)
    }

    @Test(arguments: rowErrors)
    func rowErrorInLenientModeIsSkipped(row: String, message: String) throws {
        let f = try TraceFixture(Self.header + row + "\n0.2,3,3,ended\n")
        let (gestures, summary) = try f.read(.leniently)
        #expect(gestures.first?.samples.map(\.t) == [0, 0.2])
        #expect(summary.skipped[.malformedRow] == 1)
        #expect(summary.problemCount == 1)
        #expect(summary.problems.map(\.description) == ["\(f.path):3: \(message)"])
        #expect(summary.rows == 3)
    }

    @Test func badFieldIsEquatableWithContext() throws {
        let f = try TraceFixture("gesture,t,x,y,phase\na,0,0,0,began\n,0.1,1,1,moved\n")
        #expect(
            f.error()
                == .badField(
                    file: f.path, line: 3, column: "gesture", expected: "a gesture id", found: ""))
    }

    /// A container size is the extent progress is measured against: a negative one is an error
    /// on whichever row of the gesture it stands, not only the first (0 means "not known").
    @Test(arguments: [
        ("0,0,0,began,390\n0.1,1,1,moved,-390\n0.2,2,2,ended,390\n", 3, "width", "-390"),
        ("0,0,0,began,-5\n0.1,1,1,moved,390\n0.2,2,2,ended,390\n", 2, "width", "-5"),
        ("0,0,0,began,390\n0.1,1,1,moved,390\n0.2,2,2,ended,-1e-3\n", 4, "width", "-0.001"),
    ])
    func negativeSizeOnAnyRow(rows: String, line: Int, column: String, found: String) throws {
        let f = try TraceFixture("t,x,y,phase,width\n" + rows)
        #expect(
            f.error()?.description
                == "\(f.path):\(line): column \"\(column)\": expected a container size in pt, not negative (0 or an empty field: not known), found \"\(found)\""
        )
        let (_, summary) = try f.read(.leniently)
        #expect(summary.skipped[.malformedRow] == 1)
    }

    @Test func badIntent() throws {
        let f = try TraceFixture("t,x,y,phase,intent\n0,0,0,began,maybe\n1,1,1,ended,\n")
        #expect(
            f.error()?.description
                == "\(f.path):2: column \"intent\": expected complete, cancel or other (also 1/0, true/false, yes/no; other: none, scroll, not-meant, unintended, accidental), found \"maybe\""
        )
    }

    @Test func lineNumbersCountCommentsEmptyLinesAndQuotedLineBreaks() throws {
        let f = try TraceFixture(
            "# c\nt,x,y,phase,note\n\n0,0,0,began,\"two\nlines\"\n# c\n1,x,1,ended,\n")
        let error = try #require(f.error())
        #expect(error.line == 7)
        #expect(error.message == "column \"x\": expected a number, found \"x\"")
    }

    @Test func unterminatedQuoteAtTheEnd() throws {
        let f = try TraceFixture(Self.header + "0.1,\"1,2,moved\n0.2,3,3,ended\n")
        #expect(
            f.error()?.description
                == "\(f.path):3: column \"x\": expected a closing quote, found the end of the file")
        let (_, summary) = try f.read(.leniently)
        #expect(summary.skipped[.malformedRow] == 1)
        // The gesture lost its release with the swallowed rows.
        #expect(summary.skipped[.notClosed] == 1)
    }

    @Test func notUTF8IsAFileError() throws {
        let bytes =
            Array("gesture,t,x,y,phase\na,0,0,0,began\n".utf8) + [0x62, 0xFF]
            + Array(",1,1,1,began\n".utf8)
        let f = try TraceFixture(bytes: bytes)
        let expected = TraceError.file(
            file: f.path, line: 3,
            message: "column \"gesture\": expected UTF-8 text, found \"b\\xFF\"")
        #expect(f.error() == expected)
        #expect(f.error(.leniently) == expected)
    }

    @Test func notUTF8InTheHeader() throws {
        let f = try TraceFixture(bytes: Array("t,x,y,ph".utf8) + [0xC3, 0x28] + Array("se\n".utf8))
        #expect(
            f.error(.leniently)
                == .file(
                    file: f.path, line: 1,
                    message: "header, column 4: expected UTF-8 text, found \"ph\\xC3(se\""))
    }

    @Test func utf16IsRecognised() throws {
        // "t,x" in UTF-16 little endian with its byte-order mark.
        let f = try TraceFixture(bytes: [
            0xFF, 0xFE, 0x74, 0x00, 0x2C, 0x00, 0x78, 0x00, 0x0A, 0x00,
        ])
        #expect(
            f.error()?.message
                == "header, column 1: expected UTF-8 text, found \"\\xFF\\xFEt\\x00\" (UTF-16? save the file as UTF-8)"
        )
    }

    @Test func emptyFile() throws {
        let f = try TraceFixture("")
        let error = try #require(f.error(.leniently))
        #expect(
            error.description
                == "\(f.path): empty file; expected a header naming the columns t, x, y and phase")
        #expect(error.line == nil)
    }

    @Test func onlyComments() throws {
        let f = try TraceFixture("# nothing\n\n")
        #expect(
            f.error()?.message
                == "no header row (only comments or empty lines); expected a header naming the columns t, x, y and phase"
        )
    }

    @Test func headerOnlyIsAnEmptyTrace() throws {
        let f = try TraceFixture("t,x,y,phase\n")
        let (gestures, summary) = try f.read()
        #expect(gestures.isEmpty && summary.rows == 0)
    }

    @Test func unreadableFile() {
        let error = TraceFixture.missing.error()
        #expect(
            error
                == .unreadable(file: "/nonexistent/trace.csv", reason: "No such file or directory"))
        #expect(
            error?.description == "/nonexistent/trace.csv: cannot read: No such file or directory")
    }

    @Test func fieldLongerThanTheLimit() throws {
        let f = try TraceFixture(
            Self.header + "0.1,1,2,moved\n0.2,1.0000000000000000000001,2,ended\n")
        let options = ReaderOptions(lenient: true, maxFieldLength: 16)
        let error = try #require(f.error(options))
        #expect(
            error
                == .limit(
                    file: f.path, line: 4,
                    message:
                        "column \"x\": expected a field of at most 16 bytes, found a longer one (an unterminated quote?)"
                ))
    }

    @Test(arguments: [3, 1000])
    func unterminatedQuoteStopsAtTheFieldLimit(feedSize: Int) throws {
        // The quote swallows the rest of the file; the field grows by at most one feed beyond the limit.
        let f = try TraceFixture(
            Self.header + "0.1,\"1,2,moved\n" + String(repeating: "0.2,3,3,moved\n", count: 200))
        let error = try #require(f.error(ReaderOptions(maxFieldLength: 64), feedSize: feedSize))
        #expect(error.line == 3)
        #expect(
            error.message
                == "column \"x\": expected a field of at most 64 bytes, found a longer one (an unterminated quote?)"
        )
    }

    @Test func gestureOverTheSampleLimit() throws {
        let f = try TraceFixture(
            "gesture,t,x,y,phase\na,0,0,0,began\na,1,1,1,moved\na,2,2,2,moved\na,3,3,3,moved\na,4,4,4,ended\nb,5,0,0,began\nb,6,1,1,ended\n"
        )
        let options = ReaderOptions(maxGestureSamples: 3)
        #expect(
            f.error(options)?.description
                == "\(f.path):5: expected at most 3 samples in gesture \"a\" (raise --max-gesture-samples), found 4"
        )
        var lenient = options
        lenient.lenient = true
        let (gestures, summary) = try f.read(lenient)
        #expect(gestures.map(\.id) == ["b"])
        #expect(summary.skipped[.tooManySamples] == 1)
    }

    @Test func problemsAreCappedButCounted() throws {
        var text = Self.header
        for k in 1...10 { text += "0.\(k),x,0,moved\n" }
        text += "2,1,1,ended\n"
        let f = try TraceFixture(text)
        var options = ReaderOptions.leniently
        options.maxProblems = 4
        let (gestures, summary) = try f.read(options)
        #expect(gestures.count == 1)
        #expect(summary.problems.count == 4)
        #expect(summary.problemCount == 10)
        #expect(summary.problems.map(\.line) == [3, 4, 5, 6])
        #expect(summary.skipped[.malformedRow] == 10)
    }

    @Test func errorFromTheCallbackIsRethrown() throws {
        struct Stop: Error {}
        let f = try TraceFixture("t,x,y,phase\n0,0,0,began\n1,1,1,ended\n")
        #expect(throws: Stop.self) { try TraceReader.read(path: f.path) { _ in throw Stop() } }
    }
}

extension TraceFixture {
    static let missing = TraceFixture(unchecked: "/nonexistent/trace.csv")

    init(unchecked path: String) { self.path = path }
}
