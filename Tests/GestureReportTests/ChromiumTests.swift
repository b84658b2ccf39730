import Foundation
import Testing

@testable import GestureReport

/// report.html in a real browser: Debian's headless `chromium`.
@Suite struct ChromiumTests {
    static let chromium: String? = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    static func run(_ args: [String]) throws -> Python.Result {
        try Python.run(
            [
                "/usr/bin/timeout", "120", chromium!, "--headless", "--no-sandbox", "--disable-gpu",
                "--no-first-run", "--disable-extensions",
            ] + args)
    }

    @Test(.enabled(if: chromium != nil, "chromium is absent (apt-get install chromium): skipped"))
    func loadsWithFiguresAndNoConsoleErrors() throws {
        let dir = try Fixture.directory("chromium")
        let out = try ReportWriter.write(
            Fixture.model(count: 400, hostile: true), to: dir.path, name: "swipe")
        let url = "file://" + out.folder + "/report.html"

        let dom = try Self.run(["--enable-logging=stderr", "--v=0", "--dump-dom", url])
        #expect(dom.status == 0, "\(dom.stderr.suffix(2000))")
        // The DOM after parsing: five inline figures (each in a wide and a narrow layout), every
        // section, the hostile id as text only.
        #expect(dom.stdout.components(separatedBy: "<svg ").count - 1 == 10)
        for (id, _) in ReportContent.sections {
            #expect(dom.stdout.contains("<section id=\"\(id)\">"), "\(id)")
        }
        for name in [
            "release-scatter", "progress-curves", "release-velocity", "start-position",
            "velocity-ratio",
        ] {
            #expect(dom.stdout.contains("data-figure=\"\(name)\""))
        }
        #expect(!dom.stdout.contains("<script src"))
        // Console messages and uncaught errors are logged to stderr with these markers.
        let console = dom.stderr.split(separator: "\n").filter {
            $0.contains("CONSOLE") || $0.contains("Uncaught") || $0.contains(":INFO:CONSOLE")
        }
        #expect(console.isEmpty, "\(console)")

        let png = dir.appendingPathComponent("report.png").path
        let shot = try Self.run([
            "--screenshot=\(png)", "--window-size=1200,2400", "--hide-scrollbars", url,
        ])
        #expect(shot.status == 0)
        let size = (try? FileManager.default.attributesOfItem(atPath: png)[.size] as? Int) ?? 0
        #expect(size > 10_000, "screenshot missing or blank")
    }
}
