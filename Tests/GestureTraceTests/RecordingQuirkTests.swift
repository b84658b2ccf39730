import Testing

@testable import GestureTrace

/// Real recordings are messy: each quirk in strict and in lenient mode.
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
        let strict =
            "\(f.path):2: expected 4 fields as in the header, found 5, the last one empty: a trailing delimiter the header does not have (--lenient reads such rows)"
        #expect(f.error()?.description == strict)
        let (gestures, summary) = try f.read(.leniently)
        #expect(gestures.first?.samples.map(\.x) == [0, 1])
        #expect(summary.trailingDelimiterRows == 2)
        #expect(summary.trailingDelimiterExample?.description == strict)
        #expect(summary.skipped[.malformedRow] == nil)
    }

    @Test func trailingDelimiterOnHeaderOnly() throws {
        let f = try TraceFixture("t,x,y,phase,\n0,0,0,began\n1,1,1,ended\n")
        #expect(
            f.error()?.message
                == "expected 5 fields as in the header, found 4, the header's last column has no name: a trailing delimiter on the header only (--lenient reads such rows)"
        )
        #expect(try f.read(.leniently).summary.trailingDelimiterRows == 2)
    }

    // MARK: Header typo

    @Test func headerTypoIsFixedWithMap() throws {
        let f = try TraceFixture("t,x,y,phsae\n0,0,0,began\n1,1,1,ended\n")
        for var options in [ReaderOptions(), .leniently] {
            // A missing column is a file-level error: lenient mode cannot skip it.
            #expect(
                f.error(options)
                    == .missingColumn(
                        file: f.path, line: 1, name: "phase", found: ["t", "x", "y", "phsae"],
                        suggestion: "phsae"))
            options.mapping = ["phase": ["phsae"]]
            #expect(try f.read(options).gestures.count == 1)
        }
    }

    // MARK: Milliseconds written with six decimals

    @Test func millisecondsWithTrailingZeros() throws {
        let f = try TraceFixture(
            "t_ms,x,y,phase\n65331160.000000,0,0,down\n65331176.000000,1,1,move\n65331193.000000,2,2,up\n"
        )
        for options in [ReaderOptions(), .leniently] {
            let g = try #require(try f.read(options).gestures.first)
            // 65331160 ms / 1000 = 65331.16 s, correctly rounded like the literal.
            #expect(g.samples.map(\.t) == [65331.16, 65331.176, 65331.193])
        }
    }

    // MARK: A row after the release

    @Test func movedAfterEndedWithTheSameTimestamp() throws {
        let f = try TraceFixture(
            "gesture,t,x,y,phase\ng1,0,0,0,began\ng1,1,1,1,moved\ng1,2,2,2,ended\ng1,2,2,2,moved\n")
        #expect(
            f.error()
                == .badField(
                    file: f.path, line: 5, column: "phase",
                    expected: "\"began\" (gesture \"g1\" was closed by \"ended\" on line 4)",
                    found: "moved"))
        let (gestures, summary) = try f.read(.leniently)
        #expect(gestures.first?.samples.map(\.phase) == [.began, .moved, .ended])
        #expect(summary.skipped[.afterRelease] == 1)
        #expect(summary.problems.map(\.line) == [5])
    }

    @Test func twoEndedRows() throws {
        let f = try TraceFixture(
            "t,x,y,phase\n0,0,0,began\n1,1,1,ended\n1,1,1,ended\n2,0,0,began\n3,1,1,ended\n")
        #expect(
            f.error()?.description
                == "\(f.path):4: column \"phase\": expected \"began\" (gesture \"#1\" was closed by \"ended\" on line 3), found \"ended\""
        )
        let (gestures, summary) = try f.read(.leniently)
        #expect(gestures.map(\.id) == ["#1", "#2"])
        #expect(gestures.map(\.samples.count) == [2, 2])
        #expect(summary.skipped[.afterRelease] == 1)
    }

    // MARK: Equal timestamps and duplicate rows

    @Test func equalTimestampsAndExactDuplicatesAreKeptAndCounted() throws {
        let f = try TraceFixture(
            "t,x,y,phase\n0,0,0,began\n1,1,1,moved\n1,1,1,moved\n1,2,2,moved\n2,3,3,ended\n")
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
        let f = try TraceFixture(
            "gesture,t,x,y,phase\na,10,0,0,began\na,11,1,1,ended\nb,3,0,0,began\nb,4,1,1,ended\n")
        for options in [ReaderOptions(), .leniently] {
            #expect(try f.read(options).gestures.map(\.id) == ["a", "b"])
        }
    }

    @Test func timeBackwardsWithinAGesture() throws {
        let f = try TraceFixture(
            "t,x,y,phase\n0.10,0,0,began\n0.15,1,1,moved\n0.12,2,2,moved\n0.20,3,3,ended\n")
        #expect(
            f.error()?.description
                == "\(f.path):4: column \"t\": expected a time not before 0.15 s (line 3, gesture \"#1\"), found \"0.12\""
        )
        let (gestures, summary) = try f.read(.leniently)
        #expect(gestures.first?.samples.map(\.t) == [0.10, 0.15, 0.20])
        #expect(summary.skipped[.timeBackwards] == 1)
    }

    @Test func timeBackwardsIsReportedInTheColumnsUnit() throws {
        // Touchalytics-style epoch milliseconds: the message quotes the times as written.
        let f = try TraceFixture(
            "gesture,time[ms],x,y,phase\ng,1336645451340,0,0,0\ng,1336645451358,1,1,2\ng,1336645451330,2,2,2\ng,1336645451390,3,3,1\n"
        )
        let options = ReaderOptions(mapping: ["t_ms": ["time[ms]"]])
        #expect(
            f.error(options)
                == .badField(
                    file: f.path, line: 4, column: "time[ms]",
                    expected: "a time not before 1336645451358 ms (line 3, gesture \"g\")",
                    found: "1336645451330"))
    }

    // MARK: One label per gesture

    @Test func aGestureLabelledTwoWaysIsAnError() throws {
        // Row 4 says cancel where row 2 said complete; with --lenient that row is skipped and
        // the gesture keeps its first label.
        let f = try TraceFixture(
            "gesture,t,x,y,phase,intent\ng,0,0,0,began,complete\ng,1,1,1,moved,\ng,2,2,2,moved,cancel\ng,3,3,3,ended,complete\n"
        )
        #expect(
            f.error()
                == .badField(
                    file: f.path, line: 4, column: "intent",
                    expected:
                        "the label \"complete\" given on line 2 (one label per gesture, \"g\")",
                    found: "cancel"))
        let (gestures, summary) = try f.read(.leniently)
        #expect(gestures.map(\.intent) == [.complete])
        #expect(gestures.first?.samples.map(\.t) == [0, 1, 3])
        #expect(summary.skipped[.malformedRow] == 1)
    }

    @Test func oneLabelSpelledAnyWayOrLeftEmptyIsFine() throws {
        // The label may come on any row, be repeated in another spelling, and be left empty
        // elsewhere; `other` likewise; a stream's runs each have their own.
        let f = try TraceFixture(
            "gesture,t,x,y,phase,intent\na,0,0,0,began,\na,1,1,1,moved,1\na,2,2,2,moved,\na,3,3,3,ended,complete\nb,0,0,0,began,other\nb,1,1,1,ended,other\na,4,0,0,began,no\na,5,1,1,ended,cancel\n"
        )
        let (gestures, summary) = try f.read()
        #expect(gestures.map(\.intent) == [.complete, nil, .cancel])
        #expect(gestures.map(\.notMeant) == [false, true, false])
        #expect(summary.skipped.isEmpty)
    }

    @Test func aLabelThatTurnsOtherIsAnError() throws {
        let f = try TraceFixture("t,x,y,phase,label\n0,0,0,began,other\n1,1,1,ended,yes\n")
        #expect(
            f.error()?.description
                == "\(f.path):3: column \"label\": expected the label \"other\" given on line 2 (one label per gesture, \"#1\"), found \"complete\""
        )
    }

    // MARK: Coordinates off screen

    @Test func coordinatesOutsideTheScreenAreLegal() throws {
        let f = try TraceFixture(
            "t,x,y,phase,width,height\n0,-15.5,900,began,390,844\n1,-40,-3,moved,390,844\n2,5000,-0,ended,390,844\n"
        )
        for options in [ReaderOptions(), .leniently] {
            let g = try #require(try f.read(options).gestures.first)
            #expect(g.samples.map(\.x) == [-15.5, -40, 5000])
            #expect(g.samples.map(\.y) == [900, -3, 0])
            #expect(g.samples[2].y.sign == .minus)
        }
    }

    // MARK: A gesture left open

    @Test func gestureLeftOpenAtTheEnd() throws {
        let f = try TraceFixture(
            "gesture,t,x,y,phase\na,0,0,0,began\nb,0,0,0,began\nb,1,1,1,ended\na,1,1,1,moved\n")
        #expect(
            f.error()?.description
                == "\(f.path):2: column \"phase\": expected \"ended\" or \"cancelled\" to close gesture \"a\" (began here, last sample on line 5), found the end of the file"
        )
        let (gestures, summary) = try f.read(.leniently)
        #expect(gestures.map(\.id) == ["b"])
        #expect(summary.skipped[.notClosed] == 1)
        #expect(summary.problems.map(\.line) == [2])
    }

    @Test func beganAgainBeforeTheRelease() throws {
        let f = try TraceFixture(
            "t,x,y,phase\n0,0,0,began\n1,1,1,moved\n2,0,0,began\n3,1,1,ended\n")
        #expect(
            f.error()?.description
                == "\(f.path):4: column \"phase\": expected \"moved\", \"ended\" or \"cancelled\" (gesture \"#1\" began on line 2 and is still open), found \"began\""
        )
        let (gestures, summary) = try f.read(.leniently)
        #expect(gestures.map(\.id) == ["#2"])
        #expect(summary.skipped[.notClosed] == 1)
    }
}
