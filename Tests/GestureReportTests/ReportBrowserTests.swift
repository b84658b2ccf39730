import Foundation
import GestureIO
import GestureReport
import TestSupport
import Testing

/// report.html as a reader uses it, in headless Chromium through WebDriver
/// (`Tests/Fixtures/Report/report-browser.py`): the what-if counts against `batch` for a grid of
/// parameter values, drill-down from a point and a row, sorting and filtering, the 390 px layout,
/// no console errors; the misdecided rings in the release scatter follow the sliders (solid rings
/// = `batch`'s misdecided count); the page's number formatter writes what `NumberText` writes for
/// `formatCases`; the what-if's downloaded params.json and shown parameters block make `batch`
/// count what the panel shows. Screenshots for a person to look at: `test-out/report-browser/`
/// (`report-1400.png`, `report-390.png`, `timeline-1400.png`; the folder is ignored by git).
@Suite struct ReportBrowserTests {
    static let script = TestSupport.packageRoot.appendingPathComponent(
        "Tests/Fixtures/Report/report-browser.py")
    static let shots = TestSupport.packageRoot.appendingPathComponent("test-out/report-browser")

    @Test(
        .enabled(
            if: PlatformToolchains.canRunBrowser && TestSupport.binaryPath != nil,
            "chromium, chromium-driver or python selenium is absent (make deps pydeps installs them), or gesturetune is not built: skipped"
        ),
        arguments: [
            "swipe.csv", "swipe.csv --rule kinematic", "swipe.csv --rule forward", "unlabelled.csv",
        ])
    func readerExploresTheReport(_ run: String) throws {
        // Each family's formulas in the page: threshold (current) and projection, kinematic,
        // forward (suggested); the unlabelled page has no error to compare, only decisions.
        let words = run.split(separator: " ").map(String.init)
        let trace = words[0]
        let dir = try TestSupport.temporaryDirectory("report-browser")
        let traces = TestSupport.packageRoot.appendingPathComponent("traces/\(trace)").path
        let a = try TestSupport.run(
            ["analyze", traces, "--out", dir.path, "--name", "page"] + words.dropFirst())
        try #require(a.status == 0, "\(a.stderr)")
        let html = dir.appendingPathComponent("page/report.html").path
        let shots = Self.shots.appendingPathComponent(
            run.replacingOccurrences(of: ".csv", with: "").replacingOccurrences(
                of: " --rule ", with: "-")
        ).path
        let cases = dir.appendingPathComponent("format-cases.json")
        try Self.formatCases().write(to: cases, atomically: true, encoding: .utf8)
        let r = try Python.run([
            "/usr/bin/timeout", "400", Python.executable!, Self.script.path,
            html, traces, TestSupport.binaryPath!, PlatformToolchains.chromium!, shots, cases.path,
        ])
        #expect(r.status == 0, "\(r.stderr.suffix(4000))\n\(r.stdout)")
        #expect(r.stdout.contains("what-if comparisons with batch:"))
        #expect(r.stdout.contains("take-away comparisons with batch: 2"), "\(r.stdout)")
        #expect(
            r.stdout.contains(
                "format cases agreeing with Swift: \(Self.formatValues.count * 4) of \(Self.formatValues.count * 4)"
            ))
        if trace == "swipe.csv" {
            #expect(r.stdout.contains("solid rings over the suggested rule's grid:"))
        }
        for name in ["report-1400.png", "report-390.png"] {
            let size =
                (try? FileManager.default.attributesOfItem(atPath: shots + "/" + name)[.size]
                    as? Int) ?? 0
            #expect(size > 10_000, "\(name) missing or blank")
        }
    }

    /// A parameter file whose rule lies far off the axes (p_th or v_th 1e308): the page
    /// draws the boundaries from numbers it can write in a path, without a console error.
    @Test(
        .enabled(
            if: PlatformToolchains.canRunBrowser && TestSupport.binaryPath != nil,
            "chromium, chromium-driver or python selenium is absent, or gesturetune is not built: skipped"
        ),
        arguments: [
            "\"progressThreshold\": 1e308, \"velocityThreshold\": 1",
            "\"progressThreshold\": 0.5, \"velocityThreshold\": 1e308",
            "\"progressThreshold\": 1e308, \"velocityThreshold\": 1e308",
        ])
    func aRuleFarOffTheAxesIsDrawn(_ values: String) throws {
        let dir = try TestSupport.temporaryDirectory("report-far-rule")
        defer { try? FileManager.default.removeItem(at: dir) }
        let params = dir.appendingPathComponent("far.json")
        try "{\"schema\": \"gesturetune.params/1\", \"rule\": \"threshold\", \(values)}\n".write(
            to: params, atomically: true, encoding: .utf8)
        let traces = TestSupport.packageRoot.appendingPathComponent("traces/swipe.csv").path
        let a = try TestSupport.run([
            "analyze", traces, "--params", params.path, "--out", dir.path, "--name", "page",
        ])
        try #require(a.status == 0, "\(a.stderr)")
        let r = try Python.run([
            "/usr/bin/timeout", "200", Python.executable!,
            TestSupport.packageRoot.appendingPathComponent(
                "Tests/Fixtures/Report/report-console.py"
            )
            .path,
            dir.appendingPathComponent("page/report.html").path, PlatformToolchains.chromium!,
        ])
        #expect(r.status == 0, "\(r.stderr.suffix(4000))\n\(r.stdout)")
        // Two boundaries in each of the scatter's two layouts (wide, narrow).
        #expect(r.stdout.contains("boundaries: 4"), "\(r.stdout)")
    }

    /// The report on a phone (issue 31), with and without the gate's figure: at 390 px (mobile emulation) no figure or page is wider
    /// than the viewport, the smallest figure text is 9 px or more, a tapped scatter point opens
    /// its timeline in view without scrolling the page, and Escape or the close button closes it;
    /// at 1280 px the figures keep their natural 640 px and the timeline opens beside the
    /// scatter (`Tests/Fixtures/Report/report-phone.py`). Screenshots for a person to look at:
    /// `test-out/report-browser/phone/`.
    @Test(
        .enabled(
            if: PlatformToolchains.canRunBrowser && TestSupport.binaryPath != nil,
            "chromium, chromium-driver or python selenium is absent (make deps pydeps installs them), or gesturetune is not built: skipped"
        ),
        arguments: ["swipe.csv", "unlabelled.csv", "accidental.csv"])
    func theReportFitsAPhone(_ trace: String) throws {
        let dir = try TestSupport.temporaryDirectory("report-phone")
        defer { try? FileManager.default.removeItem(at: dir) }
        let traces = TestSupport.packageRoot.appendingPathComponent("traces/\(trace)").path
        let a = try TestSupport.run(["analyze", traces, "--out", dir.path, "--name", "page"])
        try #require(a.status == 0, "\(a.stderr)")
        let r = try Python.run([
            "/usr/bin/timeout", "200", Python.executable!,
            TestSupport.packageRoot.appendingPathComponent("Tests/Fixtures/Report/report-phone.py")
                .path,
            dir.appendingPathComponent("page/report.html").path, PlatformToolchains.chromium!,
            Self.shots.appendingPathComponent(
                "phone/"
                    + trace.replacingOccurrences(
                        of: ".csv", with: "")
            ).path,
        ])
        #expect(r.status == 0, "\(r.stderr.suffix(4000))\n\(r.stdout)")
        // accidental.csv has gestures labelled other: the gate's trade-off is a sixth figure.
        let figures = trace == "accidental.csv" ? 6 : 5
        #expect(r.stdout.contains("390 px: page 390 px wide, \(figures) figures"), "\(r.stdout)")
        #expect(r.stdout.contains("1280 px: \(figures) figures at 640 px"), "\(r.stdout)")
        #expect(r.stdout.contains("controls, the smallest 4"), "\(r.stdout)")
        #expect(r.stdout.contains("code boxes, each within its section with a copy button"))
        #expect(r.stdout.hasSuffix("ok\n"), "\(r.stdout)")
    }

    /// Relabel in the page, apply with the CLI (issue 47): three gestures relabelled at 390 px
    /// (touch), kept over a reload, exported as a labels file
    /// (`Tests/Fixtures/Report/report-relabel.py`); `analyze --relabel` on it says it changed
    /// three labels, and its report.json differs from the first run's in exactly those three
    /// gestures' intents (a gesture set to `other` leaves the meant ones).
    @Test(
        .enabled(
            if: PlatformToolchains.canRunBrowser && TestSupport.binaryPath != nil,
            "chromium, chromium-driver or python selenium is absent, or gesturetune is not built: skipped"
        ))
    func relabelledGesturesReachAnalyze() throws {
        let dir = try TestSupport.temporaryDirectory("report-relabel")
        defer { try? FileManager.default.removeItem(at: dir) }
        let traces = TestSupport.packageRoot.appendingPathComponent("traces/swipe.csv").path
        let a = try TestSupport.run(["analyze", traces, "--out", dir.path, "--name", "before"])
        try #require(a.status == 0, "\(a.stderr)")
        let labels = dir.appendingPathComponent("labels.csv")
        let r = try Python.run([
            "/usr/bin/timeout", "200", Python.executable!,
            TestSupport.packageRoot.appendingPathComponent(
                "Tests/Fixtures/Report/report-relabel.py"
            ).path,
            dir.appendingPathComponent("before/report.html").path, PlatformToolchains.chromium!,
            Self.shots.appendingPathComponent("relabel").path, labels.path,
        ])
        try #require(r.status == 0, "\(r.stderr.suffix(4000))\n\(r.stdout)")
        let line = try #require(
            r.stdout.split(separator: "\n").first { $0.hasPrefix("relabelled: ") })
        let chosen = try #require(
            try JSONSerialization.jsonObject(with: Data(line.dropFirst(12).utf8))
                as? [String: String])
        #expect(chosen.count == 3)
        let b = try TestSupport.run([
            "analyze", traces, "--relabel", labels.path, "--out", dir.path, "--name", "after",
        ])
        try #require(b.status == 0, "\(b.stderr)")
        #expect(b.stderr.contains("changed 3 gesture labels"), "\(b.stderr)")
        func intents(_ name: String) throws -> [String: String] {
            let data = try Data(contentsOf: dir.appendingPathComponent("\(name)/report.json"))
            let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            let gestures = try #require(root["gestures"] as? [[String: Any]])
            var out: [String: String] = [:]
            for g in gestures { out[g["id"] as! String] = (g["intent"] as? String) ?? "none" }
            return out
        }
        let before = try intents("before"), after = try intents("after")
        var changed: [String: String] = [:]
        for id in Set(before.keys).union(after.keys) where before[id] != after[id] {
            changed[id] = after[id] ?? "other"
        }
        #expect(changed == chosen, "report.json changed \(changed), the page was given \(chosen)")
    }

    /// Replay in the drill-down (issue 47), at 1280 px and at 390 px with touch: a gesture the
    /// current and suggested sets decide differently, and one a gate refuses (a 10 pt edge gate
    /// in the current set), each run to its end in real time and at a quarter of it; every
    /// lane ends in the decision `measure --params` gives with the lane's set, its sheet at
    /// 1 or 0 (`Tests/Fixtures/Report/report-replay.py`). Screenshots: `replay/`.
    @Test(
        .enabled(
            if: PlatformToolchains.canRunBrowser && TestSupport.binaryPath != nil,
            "chromium, chromium-driver or python selenium is absent, or gesturetune is not built: skipped"
        ),
        arguments: ["", "\"gate\": {\"edgeWidth\": 10}"])
    func replayEndsInMeasuresDecision(_ gate: String) throws {
        let dir = try TestSupport.temporaryDirectory("report-replay")
        defer { try? FileManager.default.removeItem(at: dir) }
        let traces = TestSupport.packageRoot.appendingPathComponent("traces/swipe.csv").path
        var run = ["analyze", traces, "--out", dir.path, "--name", "page"]
        if !gate.isEmpty {
            let params = dir.appendingPathComponent("gate.json")
            try
                "{\"schema\": \"gesturetune.params/1\", \"rule\": \"threshold\", \"progressThreshold\": 0.5, \"velocityThreshold\": 1, \(gate)}\n"
                .write(to: params, atomically: true, encoding: .utf8)
            run += ["--params", params.path]
        }
        let a = try TestSupport.run(run)
        try #require(a.status == 0, "\(a.stderr)")
        let r = try Python.run([
            "/usr/bin/timeout", "200", Python.executable!,
            TestSupport.packageRoot.appendingPathComponent("Tests/Fixtures/Report/report-replay.py")
                .path,
            dir.appendingPathComponent("page/report.html").path, traces, TestSupport.binaryPath!,
            PlatformToolchains.chromium!,
            Self.shots.appendingPathComponent(gate.isEmpty ? "replay" : "replay-gate").path,
        ])
        #expect(r.status == 0, "\(r.stderr.suffix(4000))\n\(r.stdout)")
        #expect(
            r.stdout.contains("replays agreeing with measure: \(gate.isEmpty ? 2 : 4)"),
            "\(r.stdout)")
        if !gate.isEmpty { #expect(r.stdout.contains("current refused"), "\(r.stdout)") }
    }

    /// Values for the formatter comparison: the edges of `NumberText`'s rules (ties, the
    /// 0.005, 10⁻⁶ and 10⁶ switches, signs, non-finite) and a fixed pseudo-random spread over
    /// twenty decades.
    static let formatValues: [Double] = {
        var values: [Double] = [
            0, -0.0, 0.42, 0.5, 1, 19.5, 375, -1.25, -12.4, 812.349, 1.0899, 0.425, 1.005, 2.675,
            0.125, -0.125,
            0.004, 0.0042, -0.00031, 0.0049, 0.004999999, 0.005, 0.00500001, 0.0000025, 0.000001,
            0.00000099999,
            4.56e-7, -4.56e-7, 1e-300, Double.leastNonzeroMagnitude, 999_999.99, 999_999.996,
            1_500_000, -2.5e7, 1e300, 527.5, -3.5, -0.4,
            0.093, 0.0573, 0.1, 0.07333333333333333, 0.0005, 0.00049, 0.99995, 12.345, 0.955, 9.995,
            99.995,
            .infinity, -.infinity, .nan,
        ]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<200 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let u = Double(state >> 11) / Double(1 << 53)
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let sign: Double = state >> 63 == 0 ? 1 : -1
            values.append(sign * pow(10, -8 + 16 * u))
        }
        return values
    }()

    /// `[[kind, value, text], ...]` as JSON, non-finite values as "inf", "-inf", "nan".
    static func formatCases() -> String {
        func json(_ x: Double) -> String {
            x.isNaN ? "\"nan\"" : x.isInfinite ? (x > 0 ? "\"inf\"" : "\"-inf\"") : "\(x)"
        }
        func quoted(_ s: String) -> String { "\"" + s + "\"" }
        var rows: [String] = []
        for x in formatValues {
            rows.append("[\"percent\", \(json(x)), \(quoted(NumberText.percent(x)))]")
            rows.append("[\"parameter\", \(json(x)), \(quoted(NumberText.parameter(x)))]")
            rows.append("[\"seconds\", \(json(x)), \(quoted(NumberText.seconds(x)))]")
            rows.append("[\"speed\", \(json(x)), \(quoted(NumberText.speed(x)))]")
        }
        return "[\n" + rows.joined(separator: ",\n") + "\n]\n"
    }
}
