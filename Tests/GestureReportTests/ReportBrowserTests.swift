import Foundation
import Testing
import TestSupport

/// report.html as a reader uses it, in headless Chromium through WebDriver
/// (`Tests/Fixtures/Report/report-browser.py`): the what-if counts against `batch` for a grid of
/// parameter values, drill-down from a point and a row, sorting and filtering, the 390 px layout,
/// no console errors. Screenshots for a person to look at: `test-out/report-browser/`
/// (`report-1400.png`, `report-390.png`, `timeline-1400.png`; the folder is ignored by git).
@Suite struct ReportBrowserTests {
    static let script = TestSupport.packageRoot.appendingPathComponent("Tests/Fixtures/Report/report-browser.py")
    static let shots = TestSupport.packageRoot.appendingPathComponent("test-out/report-browser")

    @Test(.enabled(if: PlatformToolchains.canRunBrowser && TestSupport.binaryPath != nil,
        "chromium, chromium-driver or python selenium is absent (make deps pydeps installs them), or gesturetune is not built: skipped"),
        arguments: ["swipe.csv", "swipe.csv --rule kinematic", "swipe.csv --rule forward", "unlabelled.csv"])
    func readerExploresTheReport(_ run: String) throws {
        // Each family's formulas in the page: threshold (current) and projection, kinematic,
        // forward (suggested); the unlabelled page has no error to compare, only decisions.
        let words = run.split(separator: " ").map(String.init)
        let trace = words[0]
        let dir = try TestSupport.temporaryDirectory("report-browser")
        let traces = TestSupport.packageRoot.appendingPathComponent("traces/\(trace)").path
        let a = try TestSupport.run(["analyze", traces, "--out", dir.path, "--name", "page"] + words.dropFirst())
        try #require(a.status == 0, "\(a.stderr)")
        let html = dir.appendingPathComponent("page/report.html").path
        let shots = Self.shots.appendingPathComponent(run.replacingOccurrences(of: ".csv", with: "").replacingOccurrences(of: " --rule ", with: "-")).path
        let r = try Python.run(["/usr/bin/timeout", "400", Python.executable!, Self.script.path,
            html, traces, TestSupport.binaryPath!, PlatformToolchains.chromium!, shots])
        #expect(r.status == 0, "\(r.stderr.suffix(4000))\n\(r.stdout)")
        #expect(r.stdout.contains("what-if comparisons with batch:"))
        for name in ["report-1400.png", "report-390.png"] {
            let size = (try? FileManager.default.attributesOfItem(atPath: shots + "/" + name)[.size] as? Int) ?? 0
            #expect(size > 10_000, "\(name) missing or blank")
        }
    }
}
