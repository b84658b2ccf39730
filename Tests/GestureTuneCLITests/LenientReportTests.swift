import Foundation
import TestSupport
import Testing

@testable import GestureTuneCLI

/// `analyze --lenient` says which rows it skipped (the first few, with their lines), so the
/// count in the summary can be traced back to the file.
@Suite struct LenientReportTests {
    /// One clean gesture, then `bad` rows whose x is not a number.
    func trace(bad: Int) -> String {
        var text =
            "gesture,t,x,y,phase\ng,0,10,300,began\ng,0.016,40,300,moved\ng,0.033,90,300,ended\n"
        for k in 0..<bad { text += "h,\(1 + Double(k) / 60),x,300,moved\n" }
        return text
    }

    @Test func firstSkippedRowsAreWarningsWithTheirLines() throws {
        let path = try TestSupport.writeTemporaryFile(trace(bad: 7), name: "skips.csv")
        let c = CapturingConsole()
        #expect(c.run(["analyze", path, "--no-report", "--lenient"]) == .success)
        let lines = c.stderr.split(separator: "\n").map(String.init)
        // The reader's five warnings, its note and its read-loss warning, then the analysis'
        // own warnings (no extent, no labels).
        #expect(lines.count >= 7, "\(c.stderr)")
        #expect(
            lines.first
                == "\(path):5: warning: column \"x\": expected a number, found \"x\" (skipped: --lenient)"
        )
        #expect(lines[4].hasPrefix("\(path):9: warning: "))
        #expect(lines[5] == "note: 2 more rows skipped; 'gesturetune validate' lists every one")
        // 7 of the 10 rows were skipped: far more than 5%, so the loss is a warning of its own.
        #expect(
            lines.count > 6
                && lines[6].hasPrefix(
                    "warning: skipped 7 of 10 rows (70.0%) (7 malformed-row) and 0 of 1 gestures (0.0%)"
                ))
        #expect(!c.stdout.contains("warning:"), "\(c.stdout)")
    }

    @Test func trailingDelimitersAreOneWarning() throws {
        let path = try TestSupport.writeTemporaryFile(
            "t,x,y,phase\n0,0,0,began,\n0.1,9,0,ended,\n", name: "trailing.csv")
        let c = CapturingConsole()
        #expect(c.run(["analyze", path, "--no-report", "--lenient"]) == .success)
        // One reader warning for both rows; the analysis' own warnings (no extent, no labels)
        // follow it on standard error, none about the delimiters.
        let lines = c.stderr.split(separator: "\n").map(String.init)
        #expect(
            lines.first
                == "\(path):2: warning: 2 rows with a trailing delimiter the header does not have (or the reverse), read as if the counts matched (--lenient)"
        )
        #expect(lines.filter { $0.contains("trailing delimiter") }.count == 1, "\(c.stderr)")
        #expect(!c.stdout.contains("warning:"), "\(c.stdout)")
    }

    @Test func cleanFilesSayNothing() throws {
        let path = try TestSupport.writeTemporaryFile(trace(bad: 0), name: "clean.csv")
        let c = CapturingConsole()
        #expect(c.run(["analyze", path, "--no-report", "--lenient"]) == .success)
        // Nothing about reading; the one labelled gesture is below any suggestion's floor.
        #expect(!c.stderr.contains("lenient") && !c.stderr.contains("skipped"), "\(c.stderr)")
    }
}
