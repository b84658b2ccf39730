import GestureIO
import GesturePhysics
import GestureTrace
import GestureTuning

/// How much of a large input the figures draw. Numbers (histogram counts, errors, tables in
/// report.json) always use every gesture; only drawing is thinned.
public struct FigureLimits: Sendable, Equatable {
    /// Most points in the release scatter (misdecided gestures are kept first).
    public var scatterPoints: Int
    /// Most curves in the progress figure.
    public var curves: Int
    /// Most points per drawn curve (evenly spaced, first and last kept).
    public var pointsPerCurve: Int

    public init(scatterPoints: Int = 2_500, curves: Int = 250, pointsPerCurve: Int = 60) {
        self.scatterPoints = scatterPoints
        self.curves = curves
        self.pointsPerCurve = pointsPerCurve
    }
}

/// The colour/shape group of a gesture in the figures.
public enum FigureGroup: String, Sendable, CaseIterable {
    case complete, cancel, unlabelled

    init(_ intent: Intent?) {
        switch intent {
        case .complete: self = .complete
        case .cancel: self = .cancel
        case nil: self = .unlabelled
        }
    }

    var label: String {
        switch self {
        case .complete: "meant complete"
        case .cancel: "meant cancel"
        case .unlabelled: "unlabelled"
        }
    }
}

/// One drawn scatter point.
public struct ScatterPoint: Sendable, Equatable {
    /// Index into `ReportModel.gestures`.
    public var index: Int
    public var p: Double
    /// `v_p`, clamped into the drawn range (see `clamped`).
    public var v: Double
    public var group: FigureGroup
    public var misdecidedBySuggested: Bool
    public var misdecidedByCurrent: Bool
    /// The true `v_p` lies beyond the axis; drawn at the edge.
    public var clamped: Bool
}

/// Release scatter: `p_r` against `v_p`, both boundaries, ringed misdecisions.
public struct ScatterFigure: Sendable, Equatable {
    public var pRange: ClosedRange<Double>
    public var vRange: ClosedRange<Double>
    public var points: [ScatterPoint]
    /// Gestures in the model (the figure shows `points.count` of them).
    public var total: Int
    public var clampedCount: Int
    public var currentBoundary: [[PlanePoint]]
    public var suggestedBoundary: [[PlanePoint]]
}

/// One drawn progress curve.
public struct DrawnCurve: Sendable, Equatable {
    public var id: String
    public var group: FigureGroup
    public var points: [ProgressPoint]
}

/// Progress against time for (a deterministic subset of) every gesture.
public struct CurvesFigure: Sendable, Equatable {
    public var curves: [DrawnCurve]
    public var total: Int
    public var tMax: Double
}

/// One histogram series: counts per bin of `HistogramFigure.edges`.
public struct HistogramSeries: Sendable, Equatable {
    public var name: String
    /// Style key: a `FigureGroup` raw value, `current` or `suggested`.
    public var style: String
    public var counts: [Int]
    /// Values counted (every finite input value).
    public var total: Int
    /// Values beyond the axis counted in the end bins.
    public var clamped: Int
}

/// A vertical reference line on a histogram.
public struct HistogramMarker: Sendable, Equatable {
    public var name: String
    public var x: Double
    /// `current`, `suggested` or `reference`.
    public var style: String
}

/// A histogram with shared bins.
public struct HistogramFigure: Sendable, Equatable {
    /// Bin edges, ascending, `counts.count + 1` of them.
    public var edges: [Double]
    public var series: [HistogramSeries]
    public var markers: [HistogramMarker]
    public var xLabel: String
}

/// A figure's identity and words.
public struct FigureInfo: Sendable, Equatable {
    /// File stem: `figures/<name>.svg`.
    public var name: String
    public var title: String
    public var caption: String
    /// The report section that shows it (`ReportContent.sections` id): `figures`, or `gate`
    /// for the gate's trade-off.
    public var section = "figures"
}

/// A point of a gate trade-off curve: the smallest candidate edge width `w` (nil: the whole
/// extent) at which the lock's gate misses and falsely admits these many gestures.
public struct GateTradeoffPoint: Sendable, Equatable {
    public var edgeWidth: Double?
    public var misses: Int
    public var falseTriggers: Int
}

/// Misses against false triggers as `w` grows, at one lock angle.
public struct GateTradeoffCurve: Sendable, Equatable {
    public var lockAngle: Double
    /// In order of `w`, each change of the counts once.
    public var points: [GateTradeoffPoint]
}

/// A gate marked on the trade-off figure.
public struct GateMark: Sendable, Equatable {
    /// `suggested`, or a reference gate's name (`current`, `full-screen`, `flutter-cupertino`,
    /// `android-back`).
    public var key: String
    /// What the figure writes beside it.
    public var label: String
    public var misses: Int
    public var falseTriggers: Int
}

/// The gate's trade-off (docs/gate.md): in-sample misses (x) and false triggers (y) of the
/// candidate gates as the edge width runs over the grid, one curve per lock in
/// `GateTuner.tradeoffAngles`, with the suggested, current and reference gates marked.
public struct GateTradeoffFigure: Sendable, Equatable {
    public static let name = "gate-tradeoff"
    /// Meant and `other` gestures: the largest possible misses and false triggers.
    public var meant: Int
    public var others: Int
    public var curves: [GateTradeoffCurve]
    /// Drawn in this order (the suggestion last, on top).
    public var marks: [GateMark]

    /// The figure of a gate section whose false triggers were measured; nil otherwise.
    init?(_ section: GateSection?) {
        guard let a = section?.answer, a.measured, let g = a.suggested, !a.tradeoff.isEmpty
        else { return nil }
        meant = a.meant
        others = a.others
        curves = a.tradeoff.map { c in
            var points: [GateTradeoffPoint] = []
            for p in c.points
            where points.last.map({ $0.misses != p.misses || $0.falseTriggers != p.falseTriggers })
                ?? true
            {
                points.append(
                    GateTradeoffPoint(
                        edgeWidth: p.edgeWidth, misses: p.misses, falseTriggers: p.falseTriggers))
            }
            return GateTradeoffCurve(lockAngle: c.lockAngle, points: points)
        }
        // The gate that ships is named so in its label.
        let tunedShips = section?.endToEnd?.tunedGateShips ?? true
        func label(_ name: String, _ gate: Gate) -> String {
            let ships =
                (name == "suggested" && tunedShips) || (name == "current" && !tunedShips)
                ? " (ships)" : ""
            return base(name, gate) + ships
        }
        func base(_ name: String, _ gate: Gate) -> String {
            switch name {
            case "flutter-cupertino": "flutter-cupertino \(GateSection.edgeText(gate.edgeWidth))"
            case "android-back":
                "android-back \(gate.edgeWidth.map { NumberText.parameter($0) + " dp" } ?? "")"
            case "full-screen": "full screen, \(GateSection.lockText(gate.effectiveLockAngle))"
            case "suggested":
                "tuned \(GateSection.edgeText(gate.edgeWidth)), \(GateSection.lockText(gate.effectiveLockAngle))"
            default:
                "\(name) \(GateSection.edgeText(gate.edgeWidth)), \(GateSection.lockText(gate.effectiveLockAngle))"
            }
        }
        marks =
            a.references.filter { $0.name != "current" }.map {
                GateMark(
                    key: $0.name, label: label($0.name, $0.gate), misses: $0.misses,
                    falseTriggers: $0.falseTriggers)
            }
            + a.references.filter { $0.name == "current" }.map {
                GateMark(
                    key: $0.name, label: label($0.name, $0.gate), misses: $0.misses,
                    falseTriggers: $0.falseTriggers)
            }
            + [
                GateMark(
                    key: "suggested", label: label("suggested", g), misses: a.misses,
                    falseTriggers: a.falseTriggers)
            ]
    }
}

/// Everything the figures draw, derived once from the model (thinning, bins, boundaries);
/// the SVG, HTML, Markdown, notebook and JSON renderers all read this same value.
public struct ReportFigures: Sendable, Equatable {
    public var scatter: ScatterFigure
    public var curves: CurvesFigure
    public var releaseVelocity: HistogramFigure
    public var startPosition: HistogramFigure
    public var velocityRatio: HistogramFigure
    /// The gate's trade-off; nil unless false triggers were measured.
    public var gateTradeoff: GateTradeoffFigure?
    public var limits: FigureLimits
    /// The five figures in report order, with titles and captions.
    public var info: [FigureInfo]

    public init(model: ReportModel, limits: FigureLimits = .init()) {
        self.limits = limits
        let g = model.gestures
        let extent = model.summary.extent
        scatter = Self.makeScatter(model, limits: limits)
        curves = Self.makeCurves(g, limits: limits)

        // Release velocity per intent.
        let groups = FigureGroup.allCases.filter { grp in
            g.contains { FigureGroup($0.intent) == grp }
        }
        var vMarkers: [HistogramMarker] = []
        if let v = model.summary.currentRule.velocityThreshold {
            vMarkers.append(.init(name: "current v_th", x: v, style: "current"))
        }
        if let v = model.summary.suggestedRule.velocityThreshold {
            vMarkers.append(.init(name: "suggested v_th", x: v, style: "suggested"))
        }
        let vValues = g.map(\.progressVelocity)
        let vEdges = Self.bins(
            values: vValues, markers: vMarkers.map(\.x), lowQ: 0.005, highQ: 0.995,
            includeZero: true)
        releaseVelocity = HistogramFigure(
            edges: vEdges,
            series: groups.map { grp in
                Self.series(
                    name: grp.label, style: grp.rawValue,
                    values: g.lazy.filter { FigureGroup($0.intent) == grp }.map(\.progressVelocity),
                    edges: vEdges)
            },
            markers: vMarkers,
            xLabel: "release velocity v_p (progress/s; × \(NumberText.parameter(extent)) = pt/s)")

        // Start position of intended completes (all when unlabelled).
        let starts = g.indices.filter { g[$0].intent != .cancel }.map { g[$0].startPosition }
        var sMarkers =
            model.snippetEdgeWidth.map {
                [
                    HistogramMarker(
                        name: "suggested edge width \(NumberText.parameter($0)) pt", x: $0,
                        style: "suggested")
                ]
            } ?? []
        sMarkers += model.edge.references.map {
            HistogramMarker(
                name: "\(NumberText.parameter($0.value)) pt: \($0.name)", x: $0.value,
                style: "reference")
        }
        let sEdges = Self.bins(
            values: starts, markers: sMarkers.map(\.x), lowQ: 0, highQ: 0.99, includeZero: true)
        startPosition = HistogramFigure(
            edges: sEdges,
            series: [
                Self.series(
                    name: model.summary.labelled ? "meant complete" : "all gestures",
                    style: model.summary.labelled ? "complete" : "unlabelled", values: starts,
                    edges: sEdges)
            ],
            markers: sMarkers, xLabel: "start position from the leading edge (pt)")

        // Velocity ratio, current and suggested completion speed.
        let cur = model.figures.currentVelocityRatios, sug = model.figures.suggestedVelocityRatios
        let rEdges = Self.bins(
            values: cur + sug, markers: [1], lowQ: 0, highQ: 0.95, includeZero: true, cap: 5)
        velocityRatio = HistogramFigure(
            edges: rEdges,
            series: [
                Self.series(
                    name:
                        "current completionSpeed \(NumberText.parameter(model.animation.currentCompletionSpeed))",
                    style: "current", values: cur, edges: rEdges),
                Self.series(
                    name:
                        "suggested completionSpeed \(NumberText.parameter(model.animation.suggestedCompletionSpeed))",
                    style: "suggested", values: sug, edges: rEdges),
            ],
            markers: [HistogramMarker(name: "ratio 1: no jump", x: 1, style: "reference")],
            xLabel: "velocity ratio (s / D) / v_p (1 = animation continues at the finger's speed)")

        gateTradeoff = GateTradeoffFigure(model.gate)
        info = Self.makeInfo(
            model, scatter: scatter, curves: curves,
            histograms: [releaseVelocity, startPosition, velocityRatio], gate: gateTradeoff)
    }

    // MARK: Construction

    static func makeScatter(_ model: ReportModel, limits: FigureLimits) -> ScatterFigure {
        let g = model.gestures
        let extent = model.summary.extent
        var vs = g.map(\.progressVelocity).filter(\.isFinite).sorted()
        if vs.isEmpty { vs = [0] }
        var lo = min(Stats.quantileSorted(vs, 0.005) ?? 0, -0.5)
        var hi = max(Stats.quantileSorted(vs, 0.995) ?? 0, 0.5)
        for rule in [model.summary.currentRule, model.summary.suggestedRule] {
            if let v = rule.velocityThreshold {
                hi = max(hi, v * 1.1)
                lo = min(lo, -v * 0.3)
            }
        }
        let pad = (hi - lo) * 0.05
        lo -= pad
        hi += pad
        let vRange = lo...hi
        // Keep misdecided gestures first (up to half the budget), then evenly spaced others.
        let budget = max(limits.scatterPoints, 1)
        var priority: [Int] = []
        var others: [Int] = []
        // By index: a row is a large value, copied whole if bound to a name.
        for i in g.indices {
            if g[i].misdecidedBySuggested || g[i].misdecidedByCurrent {
                priority.append(i)
            } else {
                others.append(i)
            }
        }
        var chosen: [Int]
        if g.count <= budget {
            chosen = Array(g.indices)
        } else {
            let pKeep = Thin.pick(priority, keep: min(priority.count, budget / 2))
            let oKeep = Thin.pick(others, keep: budget - pKeep.count)
            chosen = (pKeep + oKeep).sorted()
        }
        var clamped = 0
        let points = chosen.map { i -> ScatterPoint in
            let velocity = g[i].progressVelocity, progress = g[i].releaseProgress
            let raw = velocity.isFinite ? velocity : 0
            let v = min(max(raw, lo), hi)
            if v != raw { clamped += 1 }
            return ScatterPoint(
                index: i, p: min(max(progress.isFinite ? progress : 0, 0), 1),
                v: v,
                group: FigureGroup(g[i].intent),
                misdecidedBySuggested: g[i].misdecidedBySuggested,
                misdecidedByCurrent: g[i].misdecidedByCurrent, clamped: v != raw)
        }
        return ScatterFigure(
            pRange: 0...1, vRange: vRange, points: points, total: g.count, clampedCount: clamped,
            currentBoundary: model.summary.currentRule.boundary(extent: extent, vRange: vRange),
            suggestedBoundary: model.summary.suggestedRule.boundary(extent: extent, vRange: vRange))
    }

    static func makeCurves(_ g: [GestureRow], limits: FigureLimits) -> CurvesFigure {
        let withCurves = g.indices.filter { g[$0].curve.count >= 2 }
        let chosen = Thin.pick(withCurves, keep: limits.curves)
        var tMax = 0.0
        let curves = chosen.map { i -> DrawnCurve in
            let pts = g[i].curve.filter { $0.t.isFinite && $0.p.isFinite }
            let kept = Thin.pick(
                Array(pts.indices), keep: max(limits.pointsPerCurve, 2), keepLast: true
            ).map { pts[$0] }
            if let last = kept.last { tMax = max(tMax, last.t) }
            return DrawnCurve(id: g[i].id, group: FigureGroup(g[i].intent), points: kept)
        }
        return CurvesFigure(curves: curves, total: withCurves.count, tMax: tMax > 0 ? tMax : 1)
    }

    static func series(name: String, style: String, values: some Sequence<Double>, edges: [Double])
        -> HistogramSeries
    {
        var counts = [Int](repeating: 0, count: max(edges.count - 1, 1))
        var total = 0, clamped = 0
        let lo = edges.first ?? 0, hi = edges.last ?? 1
        let width = edges.count > 1 ? (hi - lo) / Double(edges.count - 1) : 1
        for x in values where x.isFinite {
            total += 1
            if x < lo || x > hi { clamped += 1 }
            // Clamped as a Double first: a huge value (1e300 pt) must land in the end bin, not
            // trap converting to Int.
            let position = ((x - lo) / width).rounded(.down)
            let k = position.isNaN ? 0 : Int(min(max(position, 0), Double(counts.count - 1)))
            counts[k] += 1
        }
        return HistogramSeries(
            name: name, style: style, counts: counts, total: total, clamped: clamped)
    }

    /// Equal-width bins with a nice width (1, 2, 2.5 or 5 × 10^k), about 24 of them, spanning
    /// the values' [lowQ, highQ] quantiles and the markers.
    /// `cap` bounds the upper end (a ratio of 5 is already a visible jump).
    static func bins(
        values: [Double], markers: [Double], lowQ: Double, highQ: Double, includeZero: Bool,
        cap: Double? = nil
    ) -> [Double] {
        let sorted = values.filter(\.isFinite).sorted()
        var lo = Stats.quantileSorted(sorted, lowQ) ?? 0
        var hi = Stats.quantileSorted(sorted, highQ) ?? 1
        if let cap { hi = min(hi, cap) }
        for m in markers where m.isFinite {
            lo = min(lo, m)
            hi = max(hi, m * 1.05)
        }
        if includeZero { lo = min(lo, 0) }
        // Keep hi − lo finite (values near ±Double.greatestFiniteMagnitude overflow it).
        lo = lo.isNaN ? 0 : max(lo, -1e300)
        hi = hi.isNaN ? lo + 1 : min(hi, 1e300)
        if !(hi > lo) { hi = lo + 1 }
        let step = Axis.niceStep((hi - lo) / 24)
        let start = (lo / step).rounded(.down) * step
        let count = ((hi - start) / step).rounded(.up)
        let n = count.isFinite ? Int(min(max(count, 1), 200)) : 200
        return (0...n).map { start + Double($0) * step }
    }

    static func makeInfo(
        _ model: ReportModel, scatter: ScatterFigure, curves: CurvesFigure,
        histograms: [HistogramFigure], gate: GateTradeoffFigure? = nil
    ) -> [FigureInfo] {
        let s = model.summary
        let byIntent = s.labelled ? "by intent" : "no intent labels"
        var scatterCaption =
            "Release progress p_r against release velocity v_p (progress/s; × \(NumberText.parameter(s.extent)) = pt/s), \(byIntent). "
        scatterCaption +=
            "Dashed black: current (\(s.currentSource): \(s.currentRule.reportDescription(extent: s.extent))). "
        scatterCaption +=
            "Solid green: \(s.suggestionInferred ? "inferred split, not tuned" : "suggested") (\(s.suggestedRule.reportDescription(extent: s.extent))). "
        if s.labelled {
            scatterCaption +=
                "Ringed: misdecided by the suggested rule (solid ring) or only by the current one (dotted ring). "
        }
        if scatter.points.count < scatter.total {
            scatterCaption +=
                "Showing \(scatter.points.count) of \(scatter.total) gestures (misdecided first, the rest evenly spaced); every gesture counts in the numbers. "
        }
        if scatter.clampedCount > 0 {
            scatterCaption +=
                scatter.clampedCount == 1
                ? "1 point beyond the velocity axis is drawn at its edge. "
                : "\(scatter.clampedCount) points beyond the velocity axis are drawn at its edge. "
        }
        if s.suggestedRule.family == .kinematic || s.currentRule.family == .kinematic {
            scatterCaption += "The kinematic boundary is drawn with v_m = v_p and a_m = 0. "
        }
        var curvesCaption =
            "Progress against time since the first sample, one thin line per gesture, \(byIntent)."
        if curves.curves.count < curves.total {
            curvesCaption +=
                " Showing \(curves.curves.count) of \(curves.total) gestures (evenly spaced, each curve thinned to at most \(FigureLimits().pointsPerCurve) points)."
        }
        func clampNote(_ h: HistogramFigure) -> String {
            let c = h.series.reduce(0) { $0 + $1.clamped }
            return c == 0
                ? ""
                : c == 1
                    ? " 1 value beyond the axis is counted in an end bin."
                    : " \(c) values beyond the axis are counted in the end bins."
        }
        let counts = { (h: HistogramFigure) in
            h.series.map { "\($0.name): \($0.total)" }.joined(separator: ", ")
        }
        // The width the snippets use: the measured one with its basis, or the stand-in.
        let edgeWidthNote =
            model.gate?.tuned == true
            ? "solid green: suggested edge width \(model.edgeWidthText) (tuned against gestures labelled other; the 95th percentile of these starts is \(NumberText.parameter(model.edge.percentile95)) pt)"
            : model.edgeWidthMeasured
                ? "solid green: suggested edge width \(model.edgeWidthText) (95th percentile \(NumberText.parameter(model.edge.percentile95)) pt + 4 pt)"
                : "no suggested edge width: \(model.edgeWidthText)"
        var groupFigure: [FigureInfo] = []
        if let g = model.groups, let name = g.leadName, g.analysis.groups.contains(where: \.enough)
        {
            groupFigure.append(
                FigureInfo(
                    name: "group-thresholds", title: "Suggested \(name) per \(g.analysis.columns)",
                    caption:
                        "Each \(g.analysis.columns) group's suggested \(name) (dot) with its 95% bootstrap interval (bar), beside the pooled suggestion (dashed line, shaded interval); groups with fewer than \(GroupAnalysis.minimumLabelled) labelled gestures are listed without a dot. \(g.headline)"
                ))
        }
        var gateFigure: [FigureInfo] = []
        if let gate, let a = model.gate?.answer, let g = a.suggested {
            let slop = NumberText.parameter(g.effectiveSlop)
            let locks = a.tradeoff.map { GateSection.lockText($0.lockAngle) }
                .joined(separator: ", ")
            gateFigure.append(
                FigureInfo(
                    name: GateTradeoffFigure.name,
                    title: "Gate trade-off: false triggers against misses",
                    caption:
                        "False triggers (gestures labelled other that the gate admits, count of \(gate.others)) against misses (meant swipes it refuses, count of \(gate.meant)), in sample, as the edge width w runs from 1 pt to the whole extent; one curve per lock θ (\(locks)), direction read after a slop of \(slop) pt. Marked: the suggested gate (\(GateSection.edgeText(g.edgeWidth)), \(GateSection.lockText(g.effectiveLockAngle)); its cross-validated counts are in the text), the current one, full-screen swipe and the platforms' default edge gestures (Flutter's Cupertino back swipe 20 pt, Android's back inset 30 dp, any direction up to 90°). Lower left is better.",
                    section: "gate"))
        }
        return [
            FigureInfo(
                name: "release-scatter", title: "Release scatter",
                caption: scatterCaption.trimmingTrailingSpace),
            FigureInfo(
                name: "progress-curves", title: "Progress against time", caption: curvesCaption),
            FigureInfo(
                name: "release-velocity", title: "Release velocity by intent",
                caption:
                    "Histogram of release velocity v_p \(s.labelled ? "per intent" : "(no intent labels)") (\(counts(histograms[0]))), with the current and suggested velocity thresholds where the rules have one."
                    + clampNote(histograms[0])),
            FigureInfo(
                name: "start-position", title: "Start position",
                caption: (model.summary.labelled
                    ? "Where gestures the person meant to complete began"
                    : "Where every gesture began (no intent labels)")
                    + ", from the leading edge (\(counts(histograms[1]))); \(edgeWidthNote); dotted: common platform widths."
                    + clampNote(histograms[1])),
            FigureInfo(
                name: "velocity-ratio", title: "Completion velocity ratio",
                caption:
                    "Velocity ratio (s / D) / v_p of completing gestures with v_p > 0 for a linear completion of D = \(NumberText.seconds(model.animation.duration)), under the current and suggested completionSpeed s (\(counts(histograms[2]))). 1 means the animation continues at the finger's speed."
                    + clampNote(histograms[2])),
        ] + gateFigure + groupFigure
    }
}

extension String {
    var trimmingTrailingSpace: String {
        var s = self
        while s.last == " " { s.removeLast() }
        return s
    }
}

extension Rule {
    /// The velocity threshold of `threshold` and `forward` rules, when finite.
    var velocityThreshold: Double? {
        switch self {
        case .threshold(_, let v), .forward(_, let v): v.isFinite ? v : nil
        default: nil
        }
    }
}

/// Deterministic thinning: evenly spaced picks.
enum Thin {
    /// `keep` elements of `items` at evenly spaced positions (`i * n / keep`), in order; all of
    /// them when `n <= keep`. With `keepLast`, the last element replaces the last pick.
    static func pick<T>(_ items: [T], keep: Int, keepLast: Bool = false) -> [T] {
        let n = items.count
        guard keep > 0 else { return [] }
        guard n > keep else { return items }
        var out = (0..<keep).map { items[$0 * n / keep] }
        if keepLast { out[keep - 1] = items[n - 1] }
        return out
    }
}
