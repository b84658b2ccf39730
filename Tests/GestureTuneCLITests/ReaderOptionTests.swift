import Foundation
import GesturePhysics
import GestureTrace
import TestSupport
import Testing

@testable import GestureTuneCLI

/// The reader's options as the command line fills them, and what `validate` says of them.
@Suite struct ReaderOptionTests {
    func reader(_ arguments: [String]) throws -> ReaderOptions {
        guard
            case .run(let p) = try GestureTuneCommand.parser.parse(
                ["analyze", "a.csv"] + arguments)
        else {
            throw UsageError("no run", command: nil)
        }
        return try CommonOptions.readerOptions(OptionValues(p))
    }

    @Test func optionsReachTheReader() throws {
        let r = try reader([
            "--where", "doc_type=1", "--where", "user!=3|4", "--phase-map", "HELD=moved,DOWN=began",
            "--scale", "0.5", "--columns", "t,x,,y,phase", "--max-open-gestures", "20",
        ])
        #expect(
            r.filters == [
                RowFilter(column: "doc_type", values: ["1"]),
                RowFilter(column: "user", values: ["3", "4"], negated: true),
            ])
        #expect(r.phaseMap == ["HELD": .moved, "DOWN": .began])
        #expect(r.scale == 0.5)
        #expect(r.columnNames == ["t", "x", "", "y", "phase"])
        #expect(r.maxOpenGestures == 20)
        #expect(try reader([]).maxOpenGestures == 10_000)
    }

    /// Shards must agree on the reader options to merge: the new ones are in the settings.
    @Test func batchSettingsCarryTheReaderOptions() {
        var common = CommonOptions()
        common.reader.filters = [RowFilter(column: "k", values: ["1", "2"], negated: true)]
        common.reader.phaseMap = ["HELD": .moved]
        common.reader.scale = 0.5
        let s = BatchCommand.settings(common, PhysicsOptions())
        #expect(s.filters == ["k!=1|2"] && s.phaseMap == ["HELD": "moved"] && s.scale == 0.5)
        #expect(s.columns == nil && s.maxOpenGestures == nil)
        #expect(s != BatchCommand.settings(CommonOptions(), PhysicsOptions()))
    }

    @Test(arguments: [
        ["--where", "doc_type"], ["--phase-map", "HELD=hovering"], ["--scale", "0"],
        ["--scale", "-1"],
        ["--columns", ",,"], ["--max-open-gestures", "0"],
    ])
    func badValuesAreUsageErrors(_ arguments: [String]) {
        let c = CapturingConsole()
        #expect(c.run(["analyze", "a.csv"] + arguments) == .usage, "\(arguments)")
        #expect(c.stderr.contains("'--\(arguments[0].dropFirst(2))'"), "\(c.stderr)")
    }

    /// 9 data rows: 2 left out by --where (`x`), so 7 read; 1 multi-touch row skipped (1 of 7:
    /// 14.3%); gestures `a` (4 samples) and `b` (began, cancelled) delivered, none skipped.
    @Test func validateGivesSharesOfRowsAndGestures() throws {
        let text = """
            g,kind,t,x,y,phase
            a,s,0,0,0,began
            a,s,1,1,0,moved
            a,s,2,2,0,5
            a,s,3,3,0,moved
            a,s,4,4,0,ended
            x,r,0,0,0,began
            x,r,1,0,0,ended
            b,s,0,0,0,began
            b,s,2,9,0,cancelled

            """
        let path = try TestSupport.writeTemporaryFile(text, name: "shares.csv")
        let c = CapturingConsole()
        _ = c.run(["validate", path, "--map", "gesture=g", "--where", "kind=s"])
        #expect(
            c.stdout
                == "\(path): 9 rows, 2 gestures; 2 rows left out by --where; skipped rows: 1 multi-touch (14.3%); ok\n",
            "\(c.stdout)")
    }
}
