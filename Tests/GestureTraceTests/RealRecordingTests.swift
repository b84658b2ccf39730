import Foundation
import Testing

@testable import GestureTrace

/// Quirks of public touch datasets (phase-less streams, mixed row kinds, foreign phase
/// values, pixel units, header-less dumps), each reproduced by a small file.
@Suite struct RealRecordingTests {
    // MARK: Phase-less streams

    /// A stroke whose last row moved fast: that row is a moving sample (kept, `moved`), and
    /// the lift-off made from it has its time and position.
    @Test func phaselessLastSampleIsAMovingSample() throws {
        let f = try TraceFixture("stroke,t_ms,x,y\n1,0,0,0\n1,10,10,0\n1,20,20,0\n1,30,80,0\n")
        let (gestures, _) = try f.read()
        #expect(gestures.count == 1)
        let samples = try #require(gestures.first).samples
        #expect(samples.map(\.phase) == [.began, .moved, .moved, .moved, .ended])
        #expect(samples[3].x == 80 && samples[4].x == 80)
        #expect(samples[4].t == samples[3].t && samples[4].line == 5)
    }

    /// Memory stays flat: a gesture closes when its id changes, so it is delivered before the
    /// file ends (the callback sees `a` while the reader is still on `b`'s rows).
    @Test func phaselessGesturesAreDeliveredWhenTheIdChanges() throws {
        var text = "stroke,t,x,y\n"
        for k in 0..<5000 { text += "s\(k),0,0,0\ns\(k),0.01,1,0\n" }
        let f = try TraceFixture(text)
        var seen = 0
        let summary = try TraceReader.read(path: f.path, options: .init(), feedSize: 64) {
            gesture in
            #expect(gesture.id == "s\(seen)")
            seen += 1
        }
        #expect(seen == 5000 && summary.gestures == 5000)
    }

    // MARK: --where

    /// Only `doc_type` 1 rows are read; line numbers stay those of the file.
    @Test func whereKeepsMatchingRowsWithTheirLines() throws {
        let text =
            "g,doc_type,t,x,y,phase\na,2,0,0,0,began\nb,1,0,0,0,began\nb,1,1,5,0,moved\na,2,1,1,0,ended\nb,1,2,9,0,ended\n"
        let f = try TraceFixture(text)
        let options = ReaderOptions(
            mapping: ["gesture": ["g"]], filters: [RowFilter(parsing: "doc_type=1")!])
        let (gestures, summary) = try f.read(options)
        #expect(gestures.map(\.id) == ["b"])
        #expect(gestures[0].samples.map(\.line) == [3, 4, 6])
        #expect(summary.rows == 5 && summary.filteredRows == 2)
        // `!=` and alternatives; filters are ANDed.
        let notTwo = ReaderOptions(
            mapping: ["gesture": ["g"]], filters: [RowFilter(parsing: "doc_type!=2")!])
        #expect(try f.read(notTwo).gestures.map(\.id) == ["b"])
        let either = ReaderOptions(
            mapping: ["gesture": ["g"]],
            filters: [RowFilter(parsing: "doc_type=1|2")!, RowFilter(parsing: "g=a")!])
        #expect(try f.read(either).gestures.map(\.id) == ["a"])
    }

    /// A filtered-out row is not read at all: its malformed fields are no error.
    @Test func filteredRowsAreNotChecked() throws {
        let f = try TraceFixture(
            "kind,t,x,y,phase\nswipe,0,0,0,began\nscroll,x,?,?,HELD\nswipe,1,5,0,ended\n")
        let (gestures, summary) = try f.read(
            ReaderOptions(filters: [RowFilter(parsing: "kind=swipe")!]))
        #expect(gestures.count == 1 && summary.filteredRows == 1 && summary.problemCount == 0)
    }

    @Test func whereNamingNoColumnIsAFileError() throws {
        let f = try TraceFixture("doc_type,t,x,y,phase\n1,0,0,0,began\n")
        let error = f.error(ReaderOptions(filters: [RowFilter(parsing: "doc_typ=1")!]))
        #expect(error?.message.contains("--where doc_typ=1: no column \"doc_typ\"") == true)
        #expect(error?.message.contains("did you mean \"doc_type\"?") == true)
    }

    @Test(arguments: [
        ("a=1", RowFilter(column: "a", values: ["1"])),
        ("a!=1|2", RowFilter(column: "a", values: ["1", "2"], negated: true)),
        ("doc type = x ", RowFilter(column: "doc type", values: ["x"])),
    ])
    func filterSyntax(_ text: String, _ filter: RowFilter) {
        #expect(RowFilter(parsing: text) == filter)
    }

    @Test func badFilterSyntax() {
        #expect(RowFilter(parsing: "a") == nil)
        #expect(RowFilter(parsing: "=1") == nil)
    }

    // MARK: --phase-map

    /// `adb getevent` exports: DOWN/HELD/UP. HELD alone is refused; mapped, it is `moved`.
    @Test func heldRowsWithAPhaseMap() throws {
        let f = try TraceFixture(
            "t,x,y,action\n0,0,0,DOWN\n0.01,4,0,HELD\n0.02,8,0,HELD\n0.03,12,0,UP\n")
        #expect(f.error()?.message.contains("found \"HELD\"") == true)
        let map = try #require(ReaderOptions.parsePhaseMap("HELD=moved"))
        let (gestures, _) = try f.read(ReaderOptions(phaseMap: map))
        #expect(gestures.map { $0.samples.map(\.phase) } == [[.began, .moved, .moved, .ended]])
    }

    @Test func phaseMapOverridesBuiltInSpellings() throws {
        // A recorder that writes 1 for "moving" (not Android's ACTION_UP).
        let f = try TraceFixture("t,x,y,phase\n0,0,0,0\n1,1,0,1\n2,2,0,9\n")
        let map = try #require(ReaderOptions.parsePhaseMap("1=moved, 9=up"))
        #expect(map == ["1": .moved, "9": .ended])
        let (gestures, _) = try f.read(ReaderOptions(phaseMap: map))
        #expect(gestures.map { $0.samples.map(\.phase) } == [[.began, .moved, .ended]])
    }

    @Test func badPhaseMaps() {
        #expect(ReaderOptions.parsePhaseMap("HELD=hovering") == nil)
        #expect(ReaderOptions.parsePhaseMap("HELD") == nil)
        #expect(ReaderOptions.parsePhaseMap("=moved") == nil)
        #expect(ReaderOptions.parsePhaseMap(String(repeating: "h", count: 17) + "=moved") == nil)
    }

    // MARK: Units

    /// 320 dpi is 2 px per pt (160 dpi = 1 pt per px); `density` 2 is the same; `xdpi` is an
    /// alias. x 100 px → 50 pt, vx 400 px/s → 200 pt/s, width 780 px → 390 pt.
    @Test(arguments: ["dpi,320", "xdpi,320", "density,2", "density,320"])
    func pixelsWithADpiColumn(_ column: String) throws {
        let parts = column.split(separator: ",")
        let f = try TraceFixture(
            "t,x,y,phase,vx,width,\(parts[0])\n0,0,10,began,400,780,\(parts[1])\n1,100,10,ended,400,780,\(parts[1])\n"
        )
        let (gestures, summary) = try f.read()
        let g = try #require(gestures.first)
        #expect(g.samples.map(\.x) == [0, 50])
        #expect(g.samples.map(\.y) == [5, 5])
        #expect(g.samples[1].vx == 200)
        #expect(g.width == 390)
        #expect(summary.coordinateUnit == .dpi)
        #expect(summary.coordinateUnit.millimetresPerPoint == 25.4 / 160)
    }

    @Test func scaleOverridesTheDpiColumn() throws {
        let f = try TraceFixture("t,x,y,phase,dpi\n0,0,0,began,320\n1,100,0,ended,320\n")
        let (gestures, summary) = try f.read(ReaderOptions(scale: 0.25))
        #expect(gestures.first?.samples.map(\.x) == [0, 25])
        #expect(summary.coordinateUnit == .scaled)
        let plain = try TraceFixture("t,x,y,phase\n0,0,0,began\n1,100,0,ended\n")
        #expect(try plain.read().summary.coordinateUnit == .file)
    }

    @Test func nonPositiveDpiIsAnError() throws {
        let f = try TraceFixture("t,x,y,phase,dpi\n0,0,0,began,320\n1,100,0,ended,0\n")
        #expect(
            f.error()
                == .badField(
                    file: f.path, line: 3, column: "dpi", expected: ReadState.dpiExpectation,
                    found: "0"))
        let empty = try TraceFixture("t,x,y,phase,dpi\n0,0,0,began,\n")
        #expect(empty.error()?.line == 2)
    }

    // MARK: No header

    @Test func headerlessFileIsNamedAsSuch() throws {
        let f = try TraceFixture("0.000,12,300,0\n0.016,40,300,2\n0.033,90,300,1\n")
        let error = try #require(f.error())
        #expect(error.line == 1)
        #expect(
            error.message.hasPrefix(
                "no header: the first row is data (4 numbers: \"0.000\", \"12\", \"300\", \"0\")"))
        #expect(error.message.contains("--columns"))
        let (gestures, summary) = try f.read(ReaderOptions(columnNames: ["t", "x", "y", "phase"]))
        #expect(gestures.first?.samples.map(\.line) == [1, 2, 3])
        #expect(summary.rows == 3)
    }

    @Test func columnsWithAnEmptyNameIgnoreThatColumn() throws {
        let f = try TraceFixture("7,0,12,300,0\n7,0.1,40,300,1\n")
        let (gestures, summary) = try f.read(
            ReaderOptions(columnNames: ["", "t", "x", "y", "phase"]))
        #expect(gestures.first?.samples.map(\.x) == [12, 40])
        #expect(summary.ignoredColumns.isEmpty)
        // A missing role among the names is the usual missing-column error.
        #expect(f.error(ReaderOptions(columnNames: ["", "t", "x", "y", "q"])) != nil)
    }

    // MARK: Open gestures

    /// Three gestures open at once with a cap of 2: strict mode stops at the third `began`;
    /// lenient mode drops the oldest (`a`) as not-closed and reads on.
    @Test func tooManyOpenGestures() throws {
        let f = try TraceFixture(
            "g,t,x,y,phase\na,0,0,0,began\nb,0,0,0,began\nc,0,0,0,began\nb,1,5,0,ended\nc,1,5,0,ended\na,1,5,0,ended\n"
        )
        let error = try #require(
            f.error(ReaderOptions(mapping: ["gesture": ["g"]], maxOpenGestures: 2)))
        #expect(error.line == 4)
        #expect(
            error.message.contains(
                "expected at most 2 gestures open at once (raise --max-open-gestures), found 3"))
        #expect(error.message.contains("\"a\" (line 2)"))
        let (gestures, summary) = try f.read(
            ReaderOptions(mapping: ["gesture": ["g"]], lenient: true, maxOpenGestures: 2))
        #expect(gestures.map(\.id) == ["b", "c"])
        #expect(summary.skipped[.notClosed] == 1)
        #expect(summary.skipped[.afterRelease] == 1)
        #expect(summary.problems.first?.line == 2)
        #expect(try f.read(ReaderOptions(mapping: ["gesture": ["g"]])).gestures.count == 3)
    }

    /// 30,000 gestures opened and never closed, cap 10,000 (lenient): 20,000 dropped as
    /// not-closed while reading, the last 10,000 at the end of the file.
    @Test func neverClosedGesturesAreDroppedOldestFirst() throws {
        var text = "g,t,x,y,phase\n"
        for k in 0..<30_000 { text += "\(k),0,0,0,began\n" }
        let f = try TraceFixture(text)
        let (gestures, summary) = try f.read(
            ReaderOptions(mapping: ["gesture": ["g"]], lenient: true))
        #expect(gestures.isEmpty)
        #expect(summary.skipped[.notClosed] == 30_000)
        #expect(
            summary.skipped(.gestures) == [.notClosed: 30_000] && summary.skipped(.rows).isEmpty)
    }

    // MARK: Smaller ones

    @Test func oneColumnMappedToTwoRolesIsAnError() throws {
        let f = try TraceFixture("a,b,t,phase\n0,0,0,began\n")
        let error = f.error(ReaderOptions(mapping: ["x": ["a"], "y": ["a"]]))
        #expect(
            error?.message == "column \"a\" is mapped to two roles (x and y): a column has one role"
        )
    }

    @Test(arguments: ["document ID", "doc ID"])
    func touchalyticsAcceptsBothSpellings(_ doc: String) throws {
        let f = try TraceFixture(
            "phone ID,user ID,\(doc),time[ms],action,x-coordinate,y-coordinate\n1,2,3,0,0,0,0\n1,2,3,16,2,5,0\n1,2,3,33,1,9,0\n"
        )
        let (gestures, _) = try f.read(ReaderOptions(preset: "touchalytics"))
        #expect(gestures.map(\.id) == ["1/2/3#1"])
    }

    /// Rows and gestures are counted apart; the loss shares are over rows read and gestures seen.
    @Test func skippedRowsAndGesturesApart() throws {
        // A began while `a` is open drops the open run (a gesture, not-closed) and starts the
        // next (the row is used, not skipped); a multi-touch row is a skipped row.
        let f = try TraceFixture(
            "g,t,x,y,phase\na,0,0,0,began\na,1,1,0,began\na,2,2,0,5\na,3,3,0,ended\nc,0,0,0,began\nc,1,0,0,ended\n"
        )
        let options = ReaderOptions(mapping: ["gesture": ["g"]], lenient: true)
        let (gestures, summary) = try f.read(options)
        #expect(gestures.map(\.id) == ["a#2", "c"])
        #expect(gestures[0].samples.map(\.line) == [3, 5])
        #expect(summary.skipped(.rows) == [.multiTouch: 1])
        #expect(summary.skipped(.gestures) == [.notClosed: 1])
        let loss = ReadLoss([summary])
        // 6 rows read, 1 skipped; gestures: 2 delivered (a#2, c) + 1 skipped.
        #expect(loss.rowsRead == 6 && loss.rowsSkipped == 1)
        #expect(loss.gesturesSeen == 3 && loss.gesturesSkipped == 1)
        #expect(loss.exceedsWarningShare)
    }

    @Test func noLossNoWarning() {
        var s = ReadSummary(file: "f")
        s.rows = 100
        s.gestures = 20
        s.skipped[.multiTouch] = 5
        #expect(!ReadLoss([s]).exceedsWarningShare)
        s.skipped[.multiTouch] = 6
        #expect(ReadLoss([s]).exceedsWarningShare)
    }
}
