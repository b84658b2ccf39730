import Foundation
import GestureAnalysis
import GesturePhysics
import GestureReport
import GestureTrace
import GestureTuning
import TestSupport
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The gate in the report files, on a hand-built trace whose gate counts are worked out by
/// hand below: the `gate-tradeoff` figure's curves and marks where the counts put them (read
/// back through the figure's own tick labels), the HTML and Markdown gate sections with the
/// counts, and, without `other` gestures, no figure and the "not measured" sentence.
///
/// Every gesture twice (ids `…a`, `…b`), moving right in a 390 pt container, slop 10 pt:
/// - meant (complete/cancel): starts 5, 10, 15, 22, 26, 40 pt from the edge, heading 0°;
/// - other: carousel swipes from 200, 250, 300 pt heading 0°; vertical scrolls from 100 and
///   150 pt heading atan2(20, −2) = 95.7° (beyond every lock); a tap at 5 pt (never moves
///   10 pt: no angle, never admitted); a diagonal thumb from 8 pt heading atan2(12, 10) =
///   50.2°.
///
/// So 12 meant and 14 other gestures. The current gate is set to 12 pt, 30°:
/// - current (12 pt, 30°): refuses 15, 22, 26, 40 → 8 misses; admits no other → 0.
/// - full-screen (whole extent, 30°): 0 misses; admits the carousels → 6.
/// - flutter-cupertino (20 pt, 90°): refuses 22, 26, 40 → 6; admits the thumb → 2.
/// - android-back (30 pt, 90°): refuses 40 → 2; admits the thumb → 2.
/// - tuned: cost 0 for w in 40…195 pt and θ in 1…50°; the median lock of the minimisers is
///   25°, the median of the 80 edges from 40 to 195 pt at it the 40th, 79 pt: 0 and 0. Each
///   fold's gate, tuned on the rest, still lies in 40…195 pt at a lock under 50° (without the
///   40 pt swipes the flat optimum starts at 26 pt, its middle above 40; without the thumbs
///   the locks run to 90°, middle 45° < 50.2°), so cross-validated 0 and 0 too.
/// Trade-off at locks 15°, 30°, 45° (the thumb refused): as w grows the misses fall
/// 12, 10, 8, 6, 4, 2, 0 (at 5, 10, 15, 22, 26, 40 pt), then the carousels come in, 2, 4, 6
/// (at 200, 250, 300 pt). At 60° and 90° the thumb comes in at 8 pt: (12, 0), (10, 0),
/// (10, 2), (8, 2), (6, 2), (4, 2), (2, 2), (0, 2), (0, 4), (0, 6), (0, 8).
@Suite struct GateReportTests {
    static func trace(withOthers: Bool) -> String {
        var rows = ["gesture,t,x,y,phase,intent,width"]
        var t = 0.0
        func gesture(_ id: String, _ intent: String, x: Double, dx: Double, dy: Double, steps: Int)
        {
            for k in 0...steps {
                let phase = k == 0 ? "began" : k == steps ? "ended" : "moved"
                rows.append(
                    "\(id),\(t),\(x + Double(k) * dx),\(300 + Double(k) * dy),\(phase),\(intent),390"
                )
                t += 0.016
            }
            t += 1
        }
        for copy in ["a", "b"] {
            for (k, x) in [5.0, 10, 15, 22, 26, 40].enumerated() {
                gesture(
                    "m\(k)\(copy)", k % 2 == 0 ? "complete" : "cancel", x: x, dx: 12, dy: 0,
                    steps: 8)
            }
            guard withOthers else { continue }
            for (k, x) in [200.0, 250, 300].enumerated() {
                gesture("c\(k)\(copy)", "other", x: x, dx: 12, dy: 0, steps: 4)
            }
            gesture("s0\(copy)", "other", x: 100, dx: -2, dy: -20, steps: 5)
            gesture("s1\(copy)", "scroll", x: 150, dx: -2, dy: -20, steps: 5)
            gesture("tap\(copy)", "other", x: 5, dx: 1, dy: 1, steps: 2)
            gesture("d\(copy)", "other", x: 8, dx: 10, dy: 12, steps: 5)
        }
        return rows.joined(separator: "\n") + "\n"
    }

    static func run(withOthers: Bool) throws -> Analysis.Result {
        let path = try TestSupport.writeTemporaryFile(
            trace(withOthers: withOthers), name: "gate-\(withOthers).csv")
        // A parameter file's set (a fixed rule, as `--params FILE` reads one) with a gate.
        let current = ParameterSet(
            rule: .threshold(progress: 0.5, velocity: 1), edgeWidth: 12, directionLockAngle: 30)
        let settings = RunSettings.resolve(
            reader: ReaderOptions(), physics: PhysicsOptions(), given: [],
            params: Preset.defaultName, current: current,
            tuning: TuningOptions(bootstrapResamples: 0), labels: .auto, retryWindow: 1.5,
            sample: 100
        ).settings
        let run = try Analysis.read(
            files: [path], reader: ReaderOptions(), settings: settings, jobs: 1)
        return try Analysis.finish(run.digest, files: [path], settings: settings)
    }

    /// The numbers in `s` after `pattern`'s first capture, as Doubles.
    static func numbers(_ s: Substring) -> [Double] {
        s.matches(of: /-?[0-9]+(?:\.[0-9]+)?/).compactMap { Double($0.output) }
    }

    @Test func theFigureDrawsTheHandCountedCurvesAndMarks() throws {
        let result = try Self.run(withOthers: true)
        let model = ReportModel(analysis: result, name: "hand", generator: "test")
        let gate = try #require(model.gate)
        #expect(gate.answer.meant == 12 && gate.answer.others == 14)
        #expect(gate.answer.suggested == Gate(edgeWidth: 79, lockAngle: 25, slop: 10))
        #expect(
            gate.answer.crossValidatedMisses == 0 && gate.answer.crossValidatedFalseTriggers == 0)
        let figures = ReportFigures(model: model)
        #expect(figures.info.contains { $0.name == "gate-tradeoff" && $0.section == "gate" })
        let svg = SVGRenderer(model: model, figures: figures).svg("gate-tradeoff")
        #expect(XMLParser(data: Data(svg.utf8)).parse())

        // The scales from the figure's own tick labels: x labels centred under the axis,
        // y labels right-aligned 4 units below their tick. Both are square-root scales:
        // position = a + b·√count.
        let ticks = try #require(svg.firstMatch(of: /<g class="tick-labels"[^>]*>([\s\S]*?)<\/g>/))
            .1
        var xTicks: [(Double, Double)] = [], yTicks: [(Double, Double)] = []
        for m in ticks.matches(
            of: /<text x="([0-9.]+)" y="([0-9.]+)" text-anchor="(middle|end)">([0-9]+)<\/text>/)
        {
            let count = Double(m.4)!
            if m.3 == "middle" {
                xTicks.append((count, Double(m.1)!))
            } else {
                yTicks.append((count, Double(m.2)! - 4))
            }
        }
        func scale(_ ticks: [(Double, Double)]) throws -> (Double) -> Double {
            let first = try #require(ticks.first), last = try #require(ticks.last)
            #expect(first.0 == 0 && ticks.count >= 3)
            let b = (last.1 - first.1) / last.0.squareRoot()
            for (count, at) in ticks {
                #expect(abs(first.1 + b * count.squareRoot() - at) < 0.15, "tick \(count) at \(at)")
            }
            // Back to a count.
            return { (($0 - first.1) / b) * (($0 - first.1) / b) }
        }
        let misses = try scale(xTicks), falseTriggers = try scale(yTicks)
        func counts(_ x: Double, _ y: Double) -> [Int] {
            [Int(misses(x).rounded()), Int(falseTriggers(y).rounded())]
        }

        let narrowLocks = [
            [12, 0], [10, 0], [8, 0], [6, 0], [4, 0], [2, 0], [0, 0], [0, 2], [0, 4], [0, 6],
        ]
        let wideLocks = [
            [12, 0], [10, 0], [10, 2], [8, 2], [6, 2], [4, 2], [2, 2], [0, 2], [0, 4], [0, 6],
            [0, 8],
        ]
        var curves = 0
        for m in svg.matches(of: /<path class="tradeoff" data-lock="([0-9]+)" d="([^"]+)"/) {
            let xy = Self.numbers(m.2)
            let points = stride(from: 0, to: xy.count - 1, by: 2).map { counts(xy[$0], xy[$0 + 1]) }
            let lock = Int(m.1)!
            #expect(points == (lock < 50 ? narrowLocks : wideLocks), "lock \(lock)")
            curves += 1
        }
        #expect(curves == 5)

        let expected: [String: [Int]] = [
            "suggested": [0, 0], "current": [8, 0], "full-screen": [0, 6],
            "flutter-cupertino": [6, 2], "android-back": [2, 2],
        ]
        var marks: [String: [Int]] = [:]
        for m in svg.matches(
            of:
                /<g class="gate-mark" data-mark="([a-z-]+)" transform="translate\(([0-9.]+) ([0-9.]+)\)"/
        ) {
            marks[String(m.1)] = counts(Double(m.2)!, Double(m.3)!)
        }
        #expect(marks == expected)
        for (key, label) in [
            ("suggested", "tuned 79 pt, 25° (ships)"), ("current", "current 12 pt, 30°"),
            ("full-screen", "full screen, 30°"), ("flutter-cupertino", "flutter-cupertino 20 pt"),
            ("android-back", "android-back 30 dp"),
        ] {
            #expect(svg.contains("data-label=\"\(key)\">\(label)</text>"), "\(key)")
        }
        #expect(svg.contains("count of 12, √ scale") && svg.contains("count of 14 other, √ scale"))
        // The phone layout draws the same curves and marks.
        let narrow = SVGRenderer(model: model, figures: figures).svg(
            "gate-tradeoff", layout: .narrow)
        #expect(narrow.matches(of: /class="tradeoff"/).count == 5)
        #expect(narrow.matches(of: /class="gate-mark"/).count == 5)
    }

    @Test func htmlAndMarkdownShowTheGateSectionWithTheCounts() throws {
        let model = ReportModel(
            analysis: try Self.run(withOthers: true), name: "hand", generator: "test")
        let markdown = MarkdownRenderer(model: model).markdown()
        for row in [
            "| tuned (ships) | 79 pt | 25° | 0 (0.0%) | 0 (0.0%) |",
            "| current | 12 pt | 30° | 8 (66.7%) | 0 (0.0%) |",
            "| full-screen | whole extent | 30° | 0 (0.0%) | 6 (42.9%) |",
            "| flutter-cupertino | 20 pt | 90° | 6 (50.0%) | 2 (14.3%) |",
            "| android-back | 30 pt | 90° | 2 (16.7%) | 2 (14.3%) |",
        ] {
            #expect(markdown.contains(row), "\(row)")
        }
        #expect(markdown.contains("## 3. Start-of-gesture gate"))
        // The tuned gate is the suggestion's edge width and lock in every table, not the
        // 95th percentile of the intended starts.
        let basis =
            "tuned against 14 gestures labelled other and 12 meant: fewest misses + 1 × false triggers"
        let lines = markdown.split(separator: "\n")
        let edgeRow = try #require(lines.first { $0.hasPrefix("| edge width (edgeWidth) |") })
        #expect(edgeRow.hasPrefix("| edge width (edgeWidth) | 79 pt |") && edgeRow.contains(basis))
        let lockRow = try #require(lines.first { $0.hasPrefix("| direction lock (lock) |") })
        #expect(lockRow.hasPrefix("| direction lock (lock) | 25° |") && lockRow.contains(basis))
        #expect(
            markdown.contains("| edge width (tuned against gestures labelled other) |")
                && markdown.contains(
                    "| direction lock (tuned against gestures labelled other) | 30° | 25° |")
        )
        #expect(model.edge.suggestedWidth == 79 && model.edge.directionLock == 25)
        #expect(model.summary.gesturesRead == 26 && model.summary.gesturesUsed == 12)
        #expect(
            markdown.contains(
                "![Gate trade-off: false triggers against misses](figures/gate-tradeoff.svg)"))
        let counts =
            "misses 0 of 12 meant swipes (0.0%), false triggers 0 of 14 others (0.0%)"
        #expect(markdown.contains(counts))
        #expect(markdown.contains("The current gate (12 pt, 30°) misses 8 and lets 0 others start"))
        #expect(markdown.contains("of 26 gestures"))
        #expect(markdown.contains("26 used (12 meant, 14 other) of 26 read"))

        let html = HTMLRenderer(model: model).html()
        #expect(html.contains("<section id=\"gate\">\n<h2>3. Start-of-gesture gate</h2>"))
        #expect(
            html.contains(
                "<tr class=\"suggested\"><td>tuned (ships)</td><td>79 pt</td><td>25°</td><td>0 (0.0%)</td><td>0 (0.0%)</td></tr>"
            ))
        #expect(
            html.contains(
                "<tr><td>flutter-cupertino</td><td>20 pt</td><td>90°</td><td>6 (50.0%)</td><td>2 (14.3%)</td></tr>"
            ))
        #expect(html.contains(counts))
        // The figure in the gate section (both layouts), not again under Figures.
        let gateSection = try #require(
            html.firstMatch(of: /<section id="gate">[\s\S]*?<\/section>/)?.output)
        #expect(gateSection.contains("<figure id=\"fig-gate-tradeoff\">"))
        #expect(gateSection.matches(of: /data-figure="gate-tradeoff"/).count == 2)
        #expect(html.matches(of: /<figure id="fig-gate-tradeoff">/).count == 1)
        #expect(html.contains("26 used (12 meant, 14 other) of 26 read"))
        #expect(
            SummaryRenderer(model: model, reportPath: nil).text(.text).contains(
                "hand: 26 gestures used (12 meant, 14 other) of 26 read"))
    }

    /// A report folder is replaced only when it holds nothing but the exact names a report
    /// writes: every file a report writes, in every direction, is one of them.
    @Test func everyFileAReportWritesIsOneItsFolderKnows() throws {
        let model = ReportModel(
            analysis: try Self.run(withOthers: true), name: "hand", generator: "test")
        let figures = ReportFigures(model: model)
        for direction in Direction.allCases {
            for name in ReportWriter.fileNames(figures: figures, direction: direction) {
                if name.hasPrefix("figures/") {
                    #expect(ReportFolder.figureFiles.contains(String(name.dropFirst(8))), "\(name)")
                } else if name.hasPrefix("snippets/") {
                    #expect(
                        ReportFolder.snippetFiles.contains(String(name.dropFirst(9))), "\(name)")
                } else {
                    #expect(ReportFolder.topFiles.contains(name), "\(name)")
                }
            }
        }
        #expect(ReportFolder.snippetFiles.contains(ReportModel.playgroundPath))
    }

    @Test func withoutOthersThereIsNoFigureAndFalseTriggersAreNotMeasured() throws {
        let model = ReportModel(
            analysis: try Self.run(withOthers: false), name: "hand", generator: "test")
        let figures = ReportFigures(model: model)
        #expect(figures.gateTradeoff == nil)
        #expect(!figures.info.contains { $0.name == "gate-tradeoff" })
        let sentence = "False triggers were not measured: no gesture is labelled other"
        let markdown = MarkdownRenderer(model: model).markdown()
        #expect(markdown.contains(sentence))
        #expect(!markdown.contains("gate-tradeoff"))
        // Misses are still counted: the current gate refuses 15, 22, 26 and 40 pt twice.
        #expect(markdown.contains("| current (ships) | 12 pt | 30° | 8 (66.7%) | not measured |"))
        let html = HTMLRenderer(model: model).html()
        #expect(html.contains(sentence))
        #expect(!html.contains("gate-tradeoff"))
        #expect(html.contains("12 used of 12 read"))
        #expect(NotebookRenderer(model: model).notebook().contains(sentence))
        // Nothing tuned: the current gate ships, not one read off the intended swipes (whose
        // 95th percentile is shown beside it).
        #expect(markdown.contains("| edge width (edgeWidth) | 12 pt |"))
        #expect(markdown.contains("the intended swipes alone: 95th percentile of start position"))
        #expect(
            model.suggestedParameterSet.edgeWidth == 12
                && model.suggestedParameterSet.directionLockAngle == 30)
        #expect(model.gate?.tuned == false)
    }
}
