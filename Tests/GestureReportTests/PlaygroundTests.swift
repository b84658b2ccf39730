import Foundation
import GesturePhysics
import GestureTuning
import TestSupport
import Testing

@testable import GestureCodegen
@testable import GestureReport

/// `snippets/web/playground.html`, the page a report writes to feel the suggestion: loaded from a
/// real report in headless Chromium with a phone viewport and swiped through WebDriver touch
/// actions (Tests/Fixtures/Playground/playground-swipes.py). What the recorder recorded is what was
/// driven, and what the snippet decided is what `gesturetune measure` decides on that recording.
@Suite struct PlaygroundTests {
    static let script = TestSupport.packageRoot.appendingPathComponent(
        "Tests/Fixtures/Playground/playground-swipes.py")

    /// A report of the swipe sample, written by the built binary; its folder.
    static func report(in dir: URL, trace: String = "swipe") throws -> URL {
        let r = try TestSupport.run([
            "analyze", TestSupport.packageRoot.appendingPathComponent("traces/\(trace).csv").path,
            "--out", dir.appendingPathComponent("out").path, "--name", trace,
        ])
        try #require(r.status == 0, "\(r.stderr)")
        return dir.appendingPathComponent("out/\(trace)")
    }

    /// "Suggested" runs what params.json ships and "Current" the current set, rule and gate
    /// alike: on the accidental-swipe sample both the rule and the gate differ.
    @Test(.enabled(if: TestSupport.binaryPath != nil, "gesturetune is not built: skipped"))
    func currentRunsTheCurrentSetAndSuggestedWhatShips() throws {
        let dir = try TestSupport.temporaryDirectory("playground-sets")
        defer { try? FileManager.default.removeItem(at: dir) }
        let report = try Self.report(in: dir, trace: "accidental")
        let page = try String(
            contentsOf: report.appendingPathComponent("snippets/web/playground.html"),
            encoding: .utf8)
        let halves = page.components(separatedBy: "window.GestureTuneCurrent = ")
        try #require(halves.count == 2)
        let suggestedPart = try #require(
            halves[0].components(separatedBy: "window.GestureTuneSuggested = ").last)
        let suggested = try ParameterSet.decodeSource(suggestedPart, path: "suggested.js")
        let current = try ParameterSet.decodeSource(halves[1], path: "current.js")
        let shipped = try ParameterSet.decode(
            Data(contentsOf: report.appendingPathComponent("params.json")))
        #expect(suggested.rule == shipped.rule)
        #expect(
            suggested.edgeWidth == shipped.edgeWidth
                && suggested.directionLockAngle == shipped.directionLockAngle)
        // The current set: the default flutter-cupertino preset at the traces' 390 pt, its
        // gate the whole extent at 90°.
        let preset = try #require(Preset.all.first { $0.name == "flutter-cupertino" })
        #expect(current.rule == preset.rule(extent: 390))
        #expect(current.edgeWidth == nil && current.directionLockAngle == nil)
        #expect(shipped.edgeWidth != nil && shipped.rule != current.rule)
        // "Ask" offers "not meant", and the page draws the edge zone and the threshold.
        #expect(page.contains("id=\"meant-other\"") && page.contains("answer('other')"))
        #expect(page.contains("zone: { edgeWidth: \(shipped.edgeWidth!)"))
    }

    @Test(.enabled(if: TestSupport.binaryPath != nil, "gesturetune is not built: skipped"))
    func thePageIsSelfContained() throws {
        // The rewriting that keeps "NaN" off the page keeps the values.
        #expect(
            ReportModel.inScript("if (Number.isNaN(v) || isNaN(w)) v = NaN; // </script>")
                == "if (Number['isN' + 'aN'](v) || globalThis['isN' + 'aN'](w)) v = (0 / 0); // <\\/script>"
        )
        let dir = try TestSupport.temporaryDirectory("playground-page")
        let page = try String(
            contentsOf: Self.report(in: dir).appendingPathComponent(
                "snippets/web/playground.html"),
            encoding: .utf8)
        // No network and no build step: nothing is loaded from anywhere, the scripts are inline
        // (the recorder's usage comment shows a script element: comment lines are left out).
        let code = page.split(separator: "\n").filter {
            !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//")
        }.joined(separator: "\n")
        for fetch in ["<script src", "<link", "http://", "https://", "import ", "fetch("] {
            #expect(!code.contains(fetch), "\(fetch)")
        }
        // The recorder, the runtime, both filled snippets and the hook for scripts are in it, every
        // placeholder filled, and no embedded comment closes a script element early.
        #expect(page.contains("GestureTraceRecorder.attach(sheet)"))
        #expect(page.contains("window.gesturetunePlayground = {"))
        #expect(page.components(separatedBy: "</script>").count == 5)
        #expect(page.contains("const GestureTuneRuntime = (() => {"))
        #expect(SourceTemplates.placeholders(in: page).isEmpty)
        #expect(!page.contains("NaN"))
    }

    /// At least 30 touch swipes inside the gate (flicks, slow drags, reversals) and four the gate
    /// refuses, on a 390 × 844 phone viewport.
    @Test(
        .enabled(
            if: PlatformToolchains.canRunBrowser && TestSupport.binaryPath != nil,
            "chromium, chromium-driver or python selenium is absent, or gesturetune is not built: skipped"
        ))
    func swipesInChromiumAreRecordedAndDecidedAsBatchDecides() throws {
        let dir = try TestSupport.temporaryDirectory("playground-swipes")
        // The accidental-swipe sample labels gestures other: a tuned gate ships.
        let report = try Self.report(in: dir, trace: "accidental")
        let paramsURL = report.appendingPathComponent("params.json")
        let params =
            try JSONSerialization.jsonObject(with: Data(contentsOf: paramsURL)) as? [String: Any]
            ?? [:]
        let gate = params["gate"] as? [String: Any] ?? [:]
        let edge = try #require(gate["edgeWidth"] as? Double)
        let lock = try #require(gate["lockAngle"] as? Double)
        let csv = dir.appendingPathComponent("playground.csv")
        let r = try Python.run([
            "/usr/bin/timeout", "600", Python.executable!, Self.script.path,
            report.appendingPathComponent("snippets/web/playground.html").path,
            PlatformToolchains.chromium!, "\(edge)", "\(lock)", csv.path,
        ])
        try #require(r.status == 0, "\(r.stderr.suffix(3000))")
        let swipes = r.stdout.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        let admitted = swipes.filter { $0["admit"] as? Bool == true }
        #expect(admitted.count >= 30 && swipes.count - admitted.count >= 4, "\(r.stdout)")

        // The recording: per gesture, its first and last position.
        let text = try String(contentsOf: csv, encoding: .utf8)
        var first: [String: (Double, Double)] = [:]
        var last: [String: (Double, Double)] = [:]
        for line in text.split(separator: "\n").dropFirst() where !line.hasPrefix("#") {
            let f = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            guard f.count == 11, let x = Double(f[2]), let y = Double(f[3]) else {
                Issue.record("row \(line)")
                continue
            }
            // The intent: only g2's, set after the swipe (the page's "Ask").
            #expect(f[10] == (f[0] == "g2" ? "cancel" : ""), "\(line)")
            if first[f[0]] == nil { first[f[0]] = (x, y) }
            last[f[0]] = (x, y)
        }
        #expect(!text.contains("# g"), "a frame moved: \(text.prefix(400))")

        let measured = try TestSupport.run(["measure", csv.path, "--params", paramsURL.path])
        try #require(measured.status == 0, "\(measured.stderr)")
        let rows = measured.stdout.split(separator: "\n").map {
            $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        }
        let header = try #require(rows.first)
        let idColumn = try #require(header.firstIndex(of: "id"))
        let decisionColumn = try #require(header.firstIndex(of: "decision"))
        var batch: [String: String] = [:]
        for row in rows.dropFirst() where row.count == header.count {
            batch[row[idColumn]] = row[decisionColumn]
        }

        var decided: [String: Int] = [:]
        for swipe in swipes {
            let decision = try #require(swipe["decision"] as? [String: Any])
            let id = try #require(decision["gesture"] as? String)
            let kind = swipe["kind"] as? String ?? ""
            // Every swipe was recorded, in the still stage's frame: its displacement is the driven
            // one within 1 px, although the sheet moved under the finger.
            let dx = swipe["dx"] as? Double ?? .nan
            let dy = swipe["dy"] as? Double ?? .nan
            let a = try #require(first[id])
            let b = try #require(last[id])
            #expect(abs((b.0 - a.0) - dx) <= 1 && abs((b.1 - a.1) - dy) <= 1, "\(id) \(kind)")
            #expect(decision["admitted"] as? Bool == swipe["admit"] as? Bool, "\(id) \(kind)")
            guard swipe["admit"] as? Bool == true else { continue }
            let snippet = decision["decision"] as? String
            #expect(snippet == batch[id], "\(id) \(kind): snippet \(snippet ?? "-")")
            decided[snippet ?? "", default: 0] += 1
        }
        // Both outcomes occur: the comparison is not of a constant.
        #expect(decided["complete", default: 0] >= 5 && decided["cancel", default: 0] >= 5)
    }
}
