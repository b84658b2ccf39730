import Foundation
import Testing

@testable import GestureReport

@Suite struct ReportWriterTests {
    @Test func writesEveryFile() throws {
        let dir = try Fixture.directory("writer")
        let out = try ReportWriter.write(Fixture.model(), to: dir.path, name: "swipe")
        #expect(out.folder == dir.appendingPathComponent("swipe").path)
        let expected = ["report.json", "report.html", "report.md", "report.ipynb", "params.json",
                        "figures/release-scatter.svg", "figures/progress-curves.svg", "figures/release-velocity.svg",
                        "figures/start-position.svg", "figures/velocity-ratio.svg",
                        "snippets/PercentDrivenPanHandler.swift", "snippets/SpringAnimatorPanHandler.swift",
                        "snippets/TransitionTreasuryConstants.swift"]
        #expect(out.files == expected)
        for f in expected {
            let attrs = try FileManager.default.attributesOfItem(atPath: out.folder + "/" + f)
            #expect((attrs[.size] as? Int ?? 0) > 0, "\(f) is empty")
        }
        // Nothing but the report folder is left beside it.
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["swipe"])
        print("demo report: \(out.folder)")
    }
}
