import Foundation
import TestSupport
import Testing

/// `analyze --relabel FILE` (docs/labels.md): the note of how many labels it changed, and bad
/// labels files as bad input. The browser half (relabel in the page, export, apply) is
/// `ReportBrowserTests.relabelledGesturesReachAnalyze`.
@Suite struct RelabelEndToEndTests {
    /// Two labels that change the trace's (g1 cancel → complete, g2 complete → other), one
    /// that restates it (g3 cancel), one for a gesture of another file: two changed. The file
    /// is named by its last path component, as from another folder.
    @Test(.enabled(if: TestSupport.binaryPath != nil, "gesturetune is not built: skipped"))
    func theNoteCountsTheLabelsChanged() throws {
        let dir = try TestSupport.temporaryDirectory("relabel-note")
        defer { try? FileManager.default.removeItem(at: dir) }
        let labels = dir.appendingPathComponent("labels.csv")
        try
            "file,line,gesture,intent\nswipe.csv,2,g1,complete\n\"traces/swipe.csv\",46,g2,other\ntraces/swipe.csv,,g3,cancel\nother.csv,2,g1,cancel\n"
            .write(to: labels, atomically: true, encoding: .utf8)
        let traces = TestSupport.packageRoot.appendingPathComponent("traces/swipe.csv").path
        let r = try TestSupport.run([
            "analyze", traces, "--relabel", labels.path, "--no-report", "--format", "json",
        ])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(
            r.stderr.contains("note: --relabel \(labels.path): changed 2 gesture labels"),
            "\(r.stderr)")
    }

    /// A labels file with a bad row stops `analyze --relabel` with the trace reader's kind of
    /// message (`file:line: column "…": expected …, found …`) and the bad-input status, 65.
    @Test(
        .enabled(if: TestSupport.binaryPath != nil, "gesturetune is not built: skipped"),
        arguments: [
            (
                "file,line,gesture,intent\ntraces/swipe.csv,2,g1,maybe\n", ":2: ",
                "column \"intent\": expected complete, cancel or other"
            ),
            (
                "file,line,gesture,intent\ntraces/swipe.csv,two,g1,cancel\n", ":2: ",
                "column \"line\": expected a line number"
            ),
            (
                "file,gesture\ntraces/swipe.csv,g1\n", ":1: ",
                "column \"header\": expected the columns file, line, gesture and intent (missing: intent)"
            ),
            (
                "file,line,gesture,intent\ntraces/swipe.csv,2,g1\n", ":2: ",
                "expected 4 fields as in the header, found 3"
            ),
        ])
    func aBadLabelsFileIsBadInput(_ text: String, _ line: String, _ message: String) throws {
        let dir = try TestSupport.temporaryDirectory("relabel-bad")
        defer { try? FileManager.default.removeItem(at: dir) }
        let labels = dir.appendingPathComponent("labels.csv")
        try text.write(to: labels, atomically: true, encoding: .utf8)
        let traces = TestSupport.packageRoot.appendingPathComponent("traces/swipe.csv").path
        let r = try TestSupport.run(["analyze", traces, "--relabel", labels.path, "--no-report"])
        #expect(r.status == 65, "\(r.stderr)")
        #expect(r.stderr.contains(labels.path + line + "error: " + message), "\(r.stderr)")
    }

}
