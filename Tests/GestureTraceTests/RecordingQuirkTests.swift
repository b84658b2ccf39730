import Testing

@testable import GestureTrace

/// Real recordings are messy (issue 2, item 4): each quirk in strict and in lenient mode.
@Suite struct RecordingQuirkTests {
    // MARK: Trailing delimiter

    @Test func trailingDelimiterOnHeaderAndRowsIsAnEmptyUnnamedColumn() throws {
        let f = try TraceFixture("t,x,y,phase,\n0,0,0,began,\n1,1,1,ended,\n")
        for options in [ReaderOptions(), .leniently] {
            let (gestures, summary) = try f.read(options)
            #expect(gestures.first?.samples.count == 2)
            #expect(summary.ignoredColumns.isEmpty)
            #expect(summary.trailingDelimiterRows == 0)
        }
    }

    @Test func trailingDelimiterOnRowsOnly() throws {
        let f = try TraceFixture("t,x,y,phase\n0,0,0,began,\n1,1,1,ended,\n")
        #expect(f.error()?.description == "\(f.path):2: expected 4 fields as in the header, found 5 (quote fields that contain the delimiter)")
        let (gestures, summary) = try f.read(.leniently)
        #expect(gestures.first?.samples.map(\.x) == [0, 1])
        #expect(summary.trailingDelimiterRows == 2)
        #expect(summary.skipped[.malformedRow] == nil)
    }

    @Test func trailingDelimiterOnHeaderOnly() throws {
        let f = try TraceFixture("t,x,y,phase,\n0,0,0,began\n1,1,1,ended\n")
        #expect(f.error()?.message == "expected 5 fields as in the header, found 4")
        #expect(try f.read(.leniently).summary.trailingDelimiterRows == 2)
    }

    // MARK: Header typo

    @Test func headerTypoIsFixedWithMap() throws {
        let f = try TraceFixture("t,x,y,phsae\n0,0,0,began\n1,1,1,ended\n")
        for var options in [ReaderOptions(), .leniently] {
            // A missing column is a file-level error: lenient mode cannot skip it.
            #expect(f.error(options) == .missingColumn(file: f.path, name: "phase", found: ["t", "x", "y", "phsae"], suggestion: "phsae"))
            options.mapping = ["phase": ["phsae"]]
            #expect(try f.read(options).gestures.count == 1)
        }
    }

    // MARK: Milliseconds written with six decimals

    @Test func millisecondsWithTrailingZeros() throws {
        let f = try TraceFixture("t_ms,x,y,phase\n65331160.000000,0,0,down\n65331176.000000,1,1,move\n65331193.000000,2,2,up\n")
        for options in [ReaderOptions(), .leniently] {
            let g = try #require(try f.read(options).gestures.first)
            // 65331160 ms / 1000 = 65331.16 s, correctly rounded like the literal.
            #expect(g.samples.map(\.t) == [65331.16, 65331.176, 65331.193])
        }
    }

    // MARK: A row after the release

    @Test func movedAfterEndedWithTheSameTimestamp() throws {
        let f = try TraceFixture("gesture,t,x,y,phase\ng1,0,0,0,began\ng1,1,1,1,moved\ng1,2,2,2,ended\ng1,2,2,2,moved\n")
        #expect(f.error()?.description == "\(f.path):5: expected a new \"began\" for gesture \"g1\", found \"moved\" after \"ended\"")
        let (gestures, summary) = try f.read(.leniently)
        #expect(gestures.first?.samples.map(\.phase) == [.began, .moved, .ended])
        #expect(summary.skipped[.afterRelease] == 1)
        #expect(summary.problems.map(\.line) == [5])
    }

    @Test func twoEndedRows() throws {
        let f = try TraceFixture("t,x,y,phase\n0,0,0,began\n1,1,1,ended\n1,1,1,ended\n2,0,0,began\n3,1,1,ended\n")
        #expect(f.error()?.description == "\(f.path):4: expected a new \"began\" for gesture \"#1\", found \"ended\" after \"ended\"")
        let (gestures, summary) = try f.read(.leniently)
        #expect(gestures.map(\.id) == ["#1", "#2"])
        #expect(gestures.map(\.samples.count) == [2, 2])
        #expect(summary.skipped[.afterRelease] == 1)
    }

    // MARK: Equal timestamps and duplicate rows

    @Test func equalTimestampsAndExactDuplicatesAreKeptAndCounted() throws {
        let f = try TraceFixture("t,x,y,phase\n0,0,0,began\n1,1,1,moved\n1,1,1,moved\n1,2,2,moved\n2,3,3,ended\n")
        for options in [ReaderOptions(), .leniently] {
            let (gestures, summary) = try f.read(options)
            let g = try #require(gestures.first)
            #expect(g.samples.map(\.x) == [0, 1, 1, 2, 3])
            // Rows 4 and 5 repeat t = 1; row 4 repeats row 3 exactly.
            #expect(g.duplicateTimestamps == 2)
            #expect(summary.duplicateTimestamps == 2)
            #expect(summary.duplicateRows == 1)
        }
    }

    // MARK: Time going backwards

    @Test func timeBackwardsBetweenGesturesIsLegal() throws {
        let f = try TraceFixture("gesture,t,x,y,phase\na,10,0,0,began\na,11,1,1,ended\nb,3,0,0,began\nb,4,1,1,ended\n")
        for options in [ReaderOptions(), .leniently] {
            #expect(try f.read(options).gestures.map(\.id) == ["a", "b"])
        }
    }

    @Test func timeBackwardsWithinAGesture() throws {
        let f = try TraceFixture("t,x,y,phase\n0.10,0,0,began\n0.15,1,1,moved\n0.12,2,2,moved\n0.20,3,3,ended\n")
        #expect(f.error()?.description == "\(f.path):4: time went backwards within gesture \"#1\" (0.12 s after 0.15 s on line 3)")
        let (gestures, summary) = try f.read(.leniently)
        #expect(gestures.first?.samples.map(\.t) == [0.10, 0.15, 0.20])
        #expect(summary.skipped[.timeBackwards] == 1)
    }

    // MARK: Coordinates off screen

    @Test func coordinatesOutsideTheScreenAreLegal() throws {
        let f = try TraceFixture("t,x,y,phase,width,height\n0,-15.5,900,began,390,844\n1,-40,-3,moved,390,844\n2,5000,-0,ended,390,844\n")
        for options in [ReaderOptions(), .leniently] {
            let g = try #require(try f.read(options).gestures.first)
            #expect(g.samples.map(\.x) == [-15.5, -40, 5000])
            #expect(g.samples.map(\.y) == [900, -3, 0])
            #expect(g.samples[2].y.sign == .minus)
        }
    }

    // MARK: A gesture left open

    @Test func gestureLeftOpenAtTheEnd() throws {
        let f = try TraceFixture("gesture,t,x,y,phase\na,0,0,0,began\nb,0,0,0,began\nb,1,1,1,ended\na,1,1,1,moved\n")
        #expect(f.error()?.description == "\(f.path):2: gesture \"a\" was not closed by \"ended\" or \"cancelled\" before the end of the file")
        let (gestures, summary) = try f.read(.leniently)
        #expect(gestures.map(\.id) == ["b"])
        #expect(summary.skipped[.notClosed] == 1)
        #expect(summary.problems.map(\.line) == [2])
    }

    @Test func beganAgainBeforeTheRelease() throws {
        let f = try TraceFixture("t,x,y,phase\n0,0,0,began\n1,1,1,moved\n2,0,0,began\n3,1,1,ended\n")
        #expect(f.error()?.description == "\(f.path):4: gesture \"#1\" began again before \"ended\" or \"cancelled\" (it began on line 2)")
        let (gestures, summary) = try f.read(.leniently)
        #expect(gestures.map(\.id) == ["#2"])
        #expect(summary.skipped[.notClosed] == 1)
    }
}
