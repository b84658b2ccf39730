import Foundation
import Testing

@testable import GestureReport

@Suite struct FigureTests {
    @Test func everySVGIsWellFormedWithAxesAndLegend() {
        let model = Fixture.model(count: 400, hostile: true)
        let figures = ReportFigures(model: model)
        let svg = SVGRenderer(model: model, figures: figures)
        #expect(
            figures.info.map(\.name) == [
                "release-scatter", "progress-curves", "release-velocity", "start-position",
                "velocity-ratio",
            ])
        for f in figures.info {
            let text = svg.svg(f.name)
            let check = XMLCheck.parse(text)
            #expect(check.error == nil, "\(f.name): \(check.error ?? "")")
            #expect(check.elements.first == "svg")
            #expect(check.elements.contains("title"))
            #expect(text.contains("class=\"legend\""))
            #expect(text.contains("class=\"tick-labels\""))
            #expect(!text.lowercased().contains("nan"), "\(f.name) has NaN")
            #expect(!text.contains("inf\""), "\(f.name) has inf")
            #expect(!text.contains("<script"))
        }
    }

    /// The narrow (phone) layout: 350 wide, well-formed, no text under 11 user units (9 px on
    /// screen down to a 320 px phone), every text anchored inside the figure, the plot below a
    /// legend of however many rows and the title wrapped; the scatter's plot area named for
    /// the page's script. The wide layout is unchanged: 640 × 400.
    @Test func narrowLayoutKeepsItsTextInsideAndUnscaled() throws {
        let model = Fixture.model(count: 400, hostile: true)
        let svg = SVGRenderer(model: model)
        for f in ReportFigures(model: model).info {
            let wide = svg.svg(f.name)
            #expect(wide.contains("viewBox=\"0 0 640 400\" width=\"640\" height=\"400\""))
            #expect(!wide.contains("data-layout"))
            let text = svg.svg(f.name, idPrefix: "n-", layout: .narrow)
            let check = XMLCheck.parse(text)
            #expect(check.error == nil, "\(f.name): \(check.error ?? "")")
            #expect(text.contains("width=\"350\"") && text.contains("data-layout=\"narrow\""))
            let sizes = text.matches(of: /font-size="([0-9.]+)"/).compactMap { Double($0.1) }
            #expect(!sizes.isEmpty && sizes.allSatisfy { $0 >= 11 }, "\(f.name): \(sizes)")
            let height = try #require(
                text.firstMatch(of: /height="([0-9.]+)"/).flatMap { Double($0.1) })
            for m in text.matches(of: /<text x="(-?[0-9.]+)" y="(-?[0-9.]+)"/) {
                let x = Double(m.1) ?? -1, y = Double(m.2) ?? -1
                #expect(x >= 0 && x <= 350 && y > 0 && y <= height, "\(f.name): text at \(x), \(y)")
            }
        }
        let scatter = svg.svg("release-scatter", layout: .narrow)
        let plot = try #require(scatter.firstMatch(of: /data-plot="([0-9. ]+)"/)).1
            .split(separator: " ").compactMap { Double($0) }
        #expect(plot.count == 4 && plot[0] == 58 && plot[1] == 336 && plot[2] > plot[3])
        // The legend's rows (five to seven entries in 350 units) push the plot down.
        #expect(plot[3] > SVGRenderer.top)
        #expect(
            SVGRenderer.wrap("Release scatter of a rather long title", 16) == [
                "Release scatter", "of a rather long", "title",
            ])
    }

    @Test func scatterDrawsBothBoundariesAndRingsEveryMisdecision() {
        let model = Fixture.model(count: 300)
        let figures = ReportFigures(model: model)
        let text = SVGRenderer(model: model, figures: figures).svg("release-scatter")
        #expect(text.contains("class=\"boundary-current\""))
        #expect(text.contains("class=\"boundary-suggested\""))
        let misdecided = model.gestures.filter {
            $0.misdecidedBySuggested || $0.misdecidedByCurrent
        }.count
        #expect(misdecided > 0)
        // One ring (r = 6.5) per misdecided gesture: nothing is thinned at 300 gestures.
        #expect(text.components(separatedBy: "r=\"6.5\"").count - 1 == misdecided)
    }

    /// The current rule is dashed black in every figure (as in the scatter, never a series'
    /// colour) and drawn after the suggested one, so its dashes show where the two coincide.
    @Test func currentIsDashedBlackAndDrawnOverTheSuggestion() throws {
        let model = Fixture.model(count: 200)
        let svg = SVGRenderer(model: model)
        let scatter = svg.svg("release-scatter")
        let suggested = try #require(scatter.range(of: "class=\"boundary-suggested\""))
        let current = try #require(scatter.range(of: "class=\"boundary-current\""))
        #expect(suggested.lowerBound < current.lowerBound)
        let velocity = svg.svg("release-velocity")
        let line = try #require(
            velocity.split(separator: "\n").first { $0.contains("class=\"marker marker-current\"") }
        )
        #expect(line.contains("stroke=\"#000000\"") && line.contains("stroke-dasharray=\"6 4\""))
        let s = try #require(velocity.range(of: "marker-suggested")),
            c = try #require(velocity.range(of: "marker-current"))
        #expect(s.lowerBound < c.lowerBound)
    }

    @Test func thinningIsDeterministicKeepsMisdecidedAndIsCaptioned() {
        let model = Fixture.model(count: 10_000)
        let limits = FigureLimits(scatterPoints: 1_000, curves: 100, pointsPerCurve: 20)
        let a = ReportFigures(model: model, limits: limits),
            b = ReportFigures(model: model, limits: limits)
        #expect(a == b)
        #expect(a.scatter.points.count == 1_000)
        #expect(a.scatter.total == 10_000)
        let misdecided = model.gestures.indices.filter {
            model.gestures[$0].misdecidedBySuggested || model.gestures[$0].misdecidedByCurrent
        }
        let shown = Set(a.scatter.points.map(\.index))
        #expect(misdecided.filter(shown.contains).count == min(misdecided.count, 500))
        #expect(a.info[0].caption.contains("Showing 1000 of 10000 gestures"))
        #expect(a.curves.curves.count == 100)
        #expect(a.curves.curves.allSatisfy { $0.points.count <= 20 })
        #expect(a.info[1].caption.contains("Showing 100 of 10000"))
        // Numbers are never thinned: histogram totals count every gesture.
        #expect(a.releaseVelocity.series.reduce(0) { $0 + $1.total } == 10_000)
        #expect(a.releaseVelocity.series.reduce(0) { $0 + $1.counts.reduce(0, +) } == 10_000)
    }

    @Test func pickIsEvenlySpaced() {
        // 10 items, keep 4: indices 0, 2, 5, 7 (i * 10 / 4).
        #expect(Thin.pick(Array(0..<10), keep: 4) == [0, 2, 5, 7])
        #expect(Thin.pick(Array(0..<10), keep: 4, keepLast: true) == [0, 2, 5, 9])
        #expect(Thin.pick(Array(0..<3), keep: 4) == [0, 1, 2])
    }

    @Test func histogramCountsByHand() {
        // Edges 0, 1, 2: values 0.5, 1.5, 1.7, and 9 (beyond: clamped into the last bin), -3 (first bin).
        let s = ReportFigures.series(
            name: "x", style: "complete", values: [0.5, 1.5, 1.7, 9, -3, .nan], edges: [0, 1, 2])
        #expect(s.counts == [2, 3])
        #expect(s.total == 5)
        #expect(s.clamped == 2)
    }

    @Test func hugeValuesLandInTheEndBinsWithoutTrapping() {
        // 1e300 and -1e300 are beyond Int's range once divided by a bin width of 1.
        let s = ReportFigures.series(
            name: "x", style: "complete", values: [1e300, -1e300, 0.5], edges: [0, 1, 2])
        #expect(s.counts == [2, 1])
        #expect(s.clamped == 2)
        // Bins over values whose range overflows a Double stay finite and few.
        let edges = ReportFigures.bins(
            values: [-1.7e308, 1.7e308], markers: [], lowQ: 0, highQ: 1, includeZero: true)
        #expect(edges.count >= 2 && edges.count <= 201)
        #expect(edges.allSatisfy { $0.isFinite })
        // Type-7 quantiles by hand: of [1, 2, 4, 8] the 0.5 quantile is 3, the 0.25 one 1.75;
        // at the extremes of the Double range the interpolation stays finite.
        #expect(Stats.median([8, 1, .nan, 4, 2]) == 3)
        #expect(Stats.quantileSorted([1, 2, 4, 8], 0.25) == 1.75)
        #expect(Stats.median([-1.7e308, 1.7e308]) == 0)
    }

    @Test func velocityRatiosByHand() {
        // s = 1.4, D = 0.35 → s / D = 4 progress/s; v_p = 2 → ratio 2; v_p = -1 excluded; not completing excluded.
        var rows = Fixture.model(count: 3).gestures
        rows[0].progressVelocity = 2
        rows[0].suggestedDecision = .complete
        rows[1].progressVelocity = -1
        rows[1].suggestedDecision = .complete
        rows[2].progressVelocity = 8
        rows[2].suggestedDecision = .cancel
        let r = FigureInputs.velocityRatios(gestures: rows, completionSpeed: 1.4, duration: 0.35) {
            $0.suggestedDecision == .complete
        }
        #expect(r.count == 1)
        #expect(abs(r[0] - 2) < 1e-12)
    }

    @Test func emptyModelStillDrawsFiniteFigures() {
        var model = Fixture.model(count: 0)
        model.figures = FigureInputs(currentVelocityRatios: [], suggestedVelocityRatios: [])
        let svg = SVGRenderer(model: model)
        for f in svg.figures.info {
            let text = svg.svg(f.name)
            #expect(XMLCheck.parse(text).error == nil)
            #expect(!text.lowercased().contains("nan"))
        }
    }
}
