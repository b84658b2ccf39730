import TestSupport
import Testing

@testable import GestureTrace

/// Header resolution: every alias of trace-format.md, time units, `--map`, presets, dialect.
@Suite struct ColumnLayoutTests {
    /// Each time spelling with the value that means 0.5 s in its unit.
    @Test(arguments: [
        ("t", "0.5"), ("time", "0.5"), ("timestamp", "0.5"), ("t_s", "0.5"),
        ("t_ms", "500"), ("time_ms", "500"), ("t_us", "500000"), ("t_ns", "500000000"),
        (" Time ", "0.5"), ("T_MS", "500"),
    ])
    func timeAliases(name: String, half: String) throws {
        let f = try TraceFixture("\(name),x,y,phase\n0,1,2,began\n\(half),3,4,ended\n")
        let (gestures, summary) = try f.read()
        #expect(gestures.count == 1)
        #expect(gestures.first?.samples.map(\.t) == [0, 0.5])
        #expect(summary.ignoredColumns.isEmpty)
    }

    @Test(arguments: [
        ("phase", "x", "y"), ("state", "X", "Y"), ("action", " x ", " y "),
    ])
    func phaseAndPositionAliases(phase: String, x: String, y: String) throws {
        let f = try TraceFixture("t,\(x),\(y),\(phase)\n0,1,2,began\n1,3,4,ended\n")
        let (gestures, _) = try f.read()
        #expect(gestures.first?.samples.map(\.x) == [1, 3])
        #expect(gestures.first?.samples.map(\.y) == [2, 4])
    }

    @Test(arguments: ["gesture", "gesture_id", "stroke", "id", "Gesture_ID"])
    func gestureAliases(name: String) throws {
        let f = try TraceFixture("\(name),t,x,y,phase\ng7,0,1,2,began\ng7,1,3,4,ended\n")
        let (gestures, summary) = try f.read()
        #expect(gestures.map(\.id) == ["g7"])
        #expect(summary.hasGestureColumn)
    }

    @Test(arguments: [
        ("width", "height", "intent", "outcome"),
        ("container_width", "height", "label", "actual"),
        ("WIDTH", "Height", "expected", "outcome"),
    ])
    func optionalColumnAliases(width: String, height: String, intent: String, outcome: String)
        throws
    {
        let f = try TraceFixture(
            "t,x,y,phase,\(width),\(height),\(intent),\(outcome),vx,vy\n"
                + "0,1,2,began,390,844,complete,cancel,10,-20\n"
                + "1,3,4,ended,390,844,complete,cancel,11.5,-21\n")
        let (gestures, summary) = try f.read()
        let g = try #require(gestures.first)
        #expect(g.width == 390 && g.height == 844)
        #expect(g.intent == .complete && g.outcome == .cancel)
        #expect(g.samples.map(\.vx) == [10, 11.5])
        #expect(g.samples.map(\.vy) == [-20, -21])
        #expect(
            summary.hasIntent && summary.hasOutcome && summary.hasExtentColumn
                && summary.hasPlatformVelocity)
    }

    @Test(arguments: [
        ("complete", Intent.complete), ("cancel", .cancel), ("1", .complete), ("0", .cancel),
        ("TRUE", .complete), ("false", .cancel), ("yes", .complete), ("No", .cancel),
    ])
    func intentSpellings(text: String, intent: Intent) throws {
        let f = try TraceFixture("t,x,y,phase,intent\n0,1,2,began,\n1,3,4,ended,\(text)\n")
        #expect(try f.read().gestures.first?.intent == intent)
    }

    @Test(arguments: [
        "other", "none", "Scroll", "not-meant", "NOT_MEANT", "unintended", "accidental",
    ])
    func otherIntentSpellings(text: String) throws {
        let f = try TraceFixture("t,x,y,phase,intent\n0,1,2,began,\n1,3,4,ended,\(text)\n")
        let g = try #require(try f.read().gestures.first)
        #expect(g.notMeant && g.intent == nil)
    }

    /// The first labelled row labels the gesture, `other` as much as `complete`; a later row
    /// that labels it otherwise is an error (with `--lenient`, skipped).
    @Test func firstLabelLabelsTheGesture() throws {
        let f = try TraceFixture(
            "gesture,t,x,y,phase,intent\na,0,1,2,began,other\na,1,3,4,ended,\n"
                + "b,0,1,2,began,\nb,1,3,4,ended,cancel\nc,0,1,2,began,\nc,1,3,4,ended,none\n")
        let g = try f.read().gestures
        #expect(g.map(\.notMeant) == [true, false, true])
        #expect(g.map(\.intent) == [nil, .cancel, nil])
        let conflicting = try TraceFixture(
            "gesture,t,x,y,phase,intent\na,0,1,2,began,other\na,1,3,4,moved,complete\na,2,5,6,ended,other\n"
        )
        #expect(conflicting.error()?.line == 3)
        let (lenient, summary) = try conflicting.read(.leniently)
        #expect(lenient.map(\.notMeant) == [true])
        #expect(summary.skipped[.malformedRow] == 1)
    }

    /// `other` is an intent, not an outcome: the app either completed or cancelled.
    @Test func otherIsNoOutcome() throws {
        let f = try TraceFixture("t,x,y,phase,outcome\n0,1,2,began,\n1,3,4,ended,other\n")
        let error = try #require(f.error())
        #expect(
            error.description.hasSuffix(
                "column \"outcome\": expected complete or cancel (also 1/0, true/false, yes/no), found \"other\""
            ), "\(error)")
        let i = try TraceFixture("t,x,y,phase,intent\n0,1,2,began,\n1,3,4,ended,maybe\n")
        #expect(
            try #require(i.error()).description.hasSuffix(
                "expected complete, cancel or other (also 1/0, true/false, yes/no; other: none, scroll, not-meant, unintended, accidental), found \"maybe\""
            ))
    }

    @Test func emptyIntentIsUnlabelled() throws {
        let f = try TraceFixture("t,x,y,phase,intent\n0,1,2,began,\n1,3,4,ended,\n")
        let g = try #require(try f.read().gestures.first)
        #expect(g.intent == nil)
    }

    @Test(arguments: [TimeUnit.s, .ms, .us, .ns])
    func timeUnitOverride(unit: TimeUnit) throws {
        // 250 in the given unit: 250 s, 0.25 s, 0.00025 s, 2.5e-7 s.
        let f = try TraceFixture("t,x,y,phase\n0,1,2,began\n250,3,4,ended\n")
        let (gestures, summary) = try f.read(ReaderOptions(timeUnit: unit))
        #expect(summary.timeUnit == unit)
        #expect(gestures.first?.samples.last?.t == 250 / (1 / unit.seconds).rounded())
    }

    @Test func unknownColumnsAreListed() throws {
        let f = try TraceFixture(
            "t,pressure,x,y,phase,note\n0,0.5,1,2,began,a\n1,0.6,3,4,ended,b\n")
        let (gestures, summary) = try f.read()
        #expect(gestures.count == 1)
        #expect(summary.ignoredColumns == ["pressure", "note"])
    }

    @Test func firstAliasWinsAndTheOtherIsIgnored() throws {
        // `id` is a row counter here; `gesture` takes priority as the canonical name.
        let f = try TraceFixture("id,gesture,t,x,y,phase\n1,a,0,1,2,began\n2,a,1,3,4,ended\n")
        let (gestures, summary) = try f.read()
        #expect(gestures.map(\.id) == ["a"])
        #expect(summary.ignoredColumns == ["id"])
    }

    @Test func mapNamesAnyColumn() throws {
        let f = try TraceFixture("time[ms],action,x-coordinate,y-coordinate\n0,0,1,2\n16,1,3,4\n")
        let mapping = try ReaderOptions.parseMapping(
            "t_ms=time[ms],phase=action,x=x-coordinate,y=y-coordinate")
        let (gestures, summary) = try f.read(ReaderOptions(mapping: mapping))
        #expect(gestures.first?.samples.map(\.t) == [0, 0.016])
        #expect(summary.timeUnit == .ms)
    }

    @Test func mapJoinsSeveralColumnsIntoOneId() throws {
        let f = try TraceFixture(
            "device_id,user_id,t,x,y,phase\nd1,u1,0,0,0,down\nd1,u2,0,5,5,down\nd1,u1,1,1,1,up\nd1,u2,1,6,6,up\n"
        )
        let (gestures, _) = try f.read(
            ReaderOptions(mapping: ["gesture": ["device_id", "user_id"]]))
        // A joined id is a stream: every run is numbered.
        #expect(gestures.map(\.id) == ["d1/u1#1", "d1/u2#1"])
    }

    @Test func parseMapping() throws {
        #expect(
            try ReaderOptions.parseMapping("t_ms=time[ms], Gesture = device_id+user_id, t_ms=ms")
                == ["t_ms": ["ms"], "gesture": ["device_id", "user_id"]])
        func parse(_ text: String) throws(MappingError) -> [String: [String]] {
            try ReaderOptions.parseMapping(text)
        }
        #expect(throws: MappingError.noEquals(item: "t_ms")) { try parse("t_ms") }
        #expect(throws: MappingError.unknownColumn(item: "=x", column: "")) { try parse("=x") }
        #expect(throws: MappingError.emptySource(item: "x=a+ ")) { try parse("x=a+ ") }
        #expect(throws: MappingError.joinNotForGesture(item: "x=a+b")) { try parse("x=a+b") }
        #expect(throws: MappingError.empty(text: ",")) { try parse(",") }
        #expect(try parse("time_ms=a") == ["time_ms": ["a"]], "an alias is a key")
    }

    /// Touchalytics layout: Android action codes, one stream per phone, user and document.
    @Test func touchalyticsPreset() throws {
        let f = try TraceFixture(
            """
            phone ID,user ID,doc ID,time[ms],action,phone orientation,x-coordinate,y-coordinate,pressure,area covered,finger orientation
            1,3,2,1336645473000,0,1,100,200,0.5,0.1,0
            1,3,2,1336645473016,2,1,110,180,0.5,0.1,0
            1,3,2,1336645473033,1,1,120,150,0.5,0.1,0
            1,3,2,1336645474000,0,1,300,200,0.5,0.1,0
            1,3,2,1336645474010,1,1,290,200,0.5,0.1,0

            """)
        let (gestures, summary) = try f.read(ReaderOptions(preset: "touchalytics"))
        #expect(gestures.map(\.id) == ["1/3/2#1", "1/3/2#2"])
        #expect(gestures[0].samples.map(\.phase) == [.began, .moved, .ended])
        #expect(summary.timeUnit == .ms)
        #expect(
            summary.ignoredColumns == [
                "phone orientation", "pressure", "area covered", "finger orientation",
            ])
        // 1336645473016 ms - 1336645473000 ms = 16 ms.
        #expect(
            TestSupport.isClose(
                gestures[0].samples[1].t - gestures[0].samples[0].t, 0.016, relative: 0,
                absolute: 1e-6))
    }

    @Test func bioidentPreset() throws {
        let f = try TraceFixture(
            "device_id,user_id,doc_type,time,action,x_coor,y_coor\n7,12,a,1000,0,1,2\n7,12,a,1010,2,3,4\n7,12,a,1020,1,5,6\n"
        )
        let (gestures, summary) = try f.read(ReaderOptions(preset: "BioIdent"))
        #expect(gestures.map(\.id) == ["7/12/a#1"])
        #expect(gestures[0].samples.map(\.t) == [1, 1.01, 1.02])
        #expect(summary.timeUnit == .ms)
    }

    @Test func unknownPreset() throws {
        let f = try TraceFixture("t,x,y,phase\n")
        let error = try #require(f.error(ReaderOptions(preset: "touchalitics")))
        #expect(
            error.description
                == "\(f.path): unknown preset \"touchalitics\" (known presets: bioident, touchalytics); did you mean \"touchalytics\"?"
        )
    }

    @Test func mapSourceMissing() throws {
        let f = try TraceFixture("t,x,y,action\n")
        let error = try #require(f.error(ReaderOptions(mapping: ["phase": ["acton"]])))
        #expect(
            error.description
                == "\(f.path):1: --map phase=acton: no column \"acton\"; found columns \"t\", \"x\", \"y\", \"action\"; did you mean \"action\"?"
        )
    }

    @Test func missingColumnNamesTheNearest() throws {
        let f = try TraceFixture("t,x,y,phsae\n0,1,2,began\n")
        let error = try #require(f.error())
        #expect(
            error
                == .missingColumn(
                    file: f.path, line: 1, name: "phase", found: ["t", "x", "y", "phsae"],
                    suggestion: "phsae"))
        #expect(
            error.description
                == "\(f.path):1: missing column \"phase\": expected one named phase, state or action (or a gesture id column), found columns \"t\", \"x\", \"y\", \"phsae\"; nearest: \"phsae\" (use --map phase=phsae)"
        )
    }

    @Test func missingTimeSuggestsTheUnitSpelling() throws {
        let f = try TraceFixture("time[ms],x,y,phase\n")
        let error = try #require(f.error())
        #expect(
            error
                == .missingColumn(
                    file: f.path, line: 1, name: "t_ms", found: ["time[ms]", "x", "y", "phase"],
                    suggestion: "time[ms]"))
        #expect(
            error.message.hasPrefix(
                "missing time column: expected one named t, time, timestamp or t_s (s); t_ms or time_ms (ms); t_us or time_us (us); t_ns or time_ns (ns), found columns"
            ))
        #expect(error.message.hasSuffix("(use --map t_ms=time[ms])"))
    }

    @Test func missingColumnWithoutSuggestion() throws {
        let f = try TraceFixture("t,x,phase\n")
        let error = try #require(f.error())
        #expect(
            error.description
                == "\(f.path):1: missing column \"y\": expected one named y, found columns \"t\", \"x\", \"phase\" (use --map y=<column>)"
        )
    }

    @Test func missingColumnLineIsTheHeaderLine() throws {
        let f = try TraceFixture("# recorded on a phone\n\nt,x,phase\n")
        #expect(f.error()?.line == 3)
    }

    @Test func transposedLettersAreSuggested() throws {
        let f = try TraceFixture("tiem,x,y,phase\n")
        #expect(f.error()?.message.hasSuffix("nearest: \"tiem\" (use --map t=tiem)") == true)
    }

    @Test func anotherColumnsNameIsNoSuggestion() throws {
        // `--map x=tiem` took the time column for x: "x" (one edit from "t") means x, not a typo of t.
        let f = try TraceFixture("tiem,x,y,phase\n")
        let error = try #require(f.error(ReaderOptions(mapping: ["x": ["tiem"]])))
        guard case .missingColumn(_, _, "t", _, let suggestion, _) = error else {
            Issue.record("expected a missing time column, got \(error)")
            return
        }
        #expect(suggestion == nil)
    }

    @Test(arguments: [
        (
            "touchalytics",
            "phone ID,user ID,doc ID,time[ms],action,phone orientation,x-coordinate,y-coordinate,pressure,area covered,finger orientation\n"
        ),
        ("bioident", "device_id,user_id,doc_type,time,action,x_coor,y_coor\n"),
    ])
    func presetLayoutIsRecognised(preset: String, header: String) throws {
        let f = try TraceFixture(header)
        let error = try #require(f.error())
        #expect(error.message.hasSuffix("; this is the \(preset) layout: use --preset \(preset)"))
        #expect(try f.read(ReaderOptions(preset: preset)).summary.rows == 0)
    }

    @Test func presetColumnMissingNamesThePreset() throws {
        let f = try TraceFixture("device_id,user_id,doc_type,time,action,x_coor,y_coor\n")
        let error = try #require(f.error(ReaderOptions(preset: "touchalytics")))
        #expect(
            error.message.hasPrefix(
                "--preset touchalytics (gesture=phone ID+user ID+document ID|doc ID): no column \"phone ID\"; found columns \"device_id\""
            ))
    }

    @Test(arguments: [
        (";", "t;x;y;phase\n0;1,5;2;began\n1;3;4;ended\n"),
        ("\t", "t\tx\ty\tphase\n0\t1.5\t2\tbegan\n1\t3\t4\tended\n"),
    ])
    func delimiterDetection(delimiter: String, text: String) throws {
        let f = try TraceFixture(text)
        if delimiter == ";" {
            // A decimal comma in a `;` file is a bad number, not a second field.
            #expect(f.error()?.message == "column \"x\": expected a number, found \"1,5\"")
        } else {
            #expect(try f.read().gestures.first?.samples.first?.x == 1.5)
        }
    }

    @Test func explicitDelimiter() throws {
        let f = try TraceFixture("t|x|y|phase\n0|1|2|began\n1|3|4|ended\n")
        #expect(try f.read(ReaderOptions(delimiter: UInt8(ascii: "|"))).gestures.count == 1)
    }

    @Test func byteOrderMarkCommentsEmptyLinesAndCRLF() throws {
        let text =
            "# recorded 2024-05-01\r\n\r\nt,x,y,phase\r\n# a comment row, \"quoted\" freely\r\n0,1,2,began\r\n\r\n   \r\n1,3,4,ended\r\n"
        let f = try TraceFixture(bytes: [0xEF, 0xBB, 0xBF] + Array(text.utf8))
        let (gestures, summary) = try f.read()
        #expect(summary.rows == 2)
        #expect(gestures.first?.samples.map(\.line) == [5, 8])
        #expect(gestures.first?.firstLine == 5)
    }

    @Test func quotedFields() throws {
        let f = try TraceFixture(
            "\"t\",\"x\",y,phase,gesture\n\"0\",\"1.5\",2,began,\"a,\"\"b\"\"\"\n1,3,4,ended,\"a,\"\"b\"\"\"\n"
        )
        let g = try #require(try f.read().gestures.first)
        #expect(g.id == "a,\"b\"")
        #expect(g.samples.first?.x == 1.5)
    }

    @Test func unicodeIdsAreKept() throws {
        let f = try TraceFixture("gesture,t,x,y,phase\ngeste-é,0,1,2,began\ngeste-é,1,3,4,ended\n")
        #expect(try f.read().gestures.map(\.id) == ["geste-é"])
    }
}
