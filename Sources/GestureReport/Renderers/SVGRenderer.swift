import GestureIO
import GesturePhysics

/// Writes the report's figures as standalone SVG 1.1 (no libraries, no scripts). Scatter
/// points carry their gesture id (`data-gesture`), for the report page's drill-down.
///
/// 640 × 400 user units (readable at 640 px wide), Okabe–Ito colours with a second cue
/// (marker shape for intents, dash pattern for current vs suggested), axes with ticks and units,
/// a legend above the plot. Every number written is finite; all text is XML-escaped.
public struct SVGRenderer: Sendable {
    public let model: ReportModel
    public let figures: ReportFigures

    public init(model: ReportModel, figures: ReportFigures? = nil) {
        self.model = model
        self.figures = figures ?? ReportFigures(model: model)
    }

    /// Okabe–Ito palette.
    enum Colour {
        static let blue = "#0072B2"
        static let vermillion = "#D55E00"
        static let green = "#009E73"
        static let orange = "#E69F00"
        static let purple = "#CC79A7"
        static let sky = "#56B4E9"
        static let black = "#000000"
        static let grey = "#6b6b6b"
    }

    static let width = 640.0
    static let height = 400.0
    static let left = 64.0, right = 20.0, top = 64.0, bottom = 52.0

    /// A figure's size and plot margins in user units. `wide` is the figure as it always was
    /// (640 × 400, shown at its natural size on a desktop); `narrow` is 350 wide for a phone
    /// (shown at 1:1 from 374 px of page width, and at 9 px text or more down to 320 px):
    /// fewer ticks, the title wrapped, the plot below however many legend rows there are, so
    /// no text is scaled down.
    public struct Layout: Sendable, Equatable {
        public var width: Double
        public var height: Double
        public var left: Double, right: Double, top: Double, bottom: Double
        var xTicks: Int, yTicks: Int
        var titleSize: Double
        /// The plot's height when the layout grows with its legend (`narrow`); nil: fixed.
        var plotHeight: Double?

        public static let wide = Layout(
            width: 640, height: 400, left: 64, right: 20, top: 64, bottom: 52, xTicks: 8,
            yTicks: 6, titleSize: 15, plotHeight: nil)
        public static let narrow = Layout(
            width: 350, height: 380, left: 58, right: 14, top: 64, bottom: 66, xTicks: 4,
            yTicks: 5, titleSize: 14, plotHeight: 250)
    }

    /// Layout in use while a figure is written (`render` sets it).
    var layout = Layout.wide
    /// Where the legend starts (below the title's lines).
    private var legendTop = 40.0

    /// Writes figure `name` (one of `figures.info` names). Unknown names write nothing.
    /// `idPrefix` keeps element ids unique when several SVGs are inlined in one HTML page.
    public func render(
        _ name: String, to out: inout some TextOutputStream, idPrefix: String = "",
        layout: Layout = .wide
    ) {
        guard let info = figures.info.first(where: { $0.name == name }) else { return }
        let id = idPrefix + name
        var r = self
        r.layout = layout
        // The title: one line wide, wrapped on words narrow.
        let perLine = max(Int((layout.width - 24) / (layout.titleSize * 0.56)), 12)
        let titleLines = layout.plotHeight == nil ? [info.title] : Self.wrap(info.title, perLine)
        r.legendTop = 40 + Double(titleLines.count - 1) * (layout.titleSize + 3)
        var body = ""
        switch name {
        case "release-scatter": r.scatter(&body, id: id)
        case "progress-curves": r.curves(&body, id: id)
        case "release-velocity":
            r.histogram(figures.releaseVelocity, &body, id: id, yLabel: "gestures")
        case "start-position": r.histogram(figures.startPosition, &body, id: id, yLabel: "gestures")
        case "velocity-ratio":
            r.histogram(figures.velocityRatio, &body, id: id, yLabel: "completing gestures")
        case "group-thresholds": r.groupThresholds(&body, id: id)
        case GateTradeoffFigure.name: r.gateTradeoff(&body, id: id)
        default: break
        }
        let L = r.layout
        // Whole sizes written whole (`640`, as the wide layout always was).
        func size(_ v: Double) -> String {
            v == v.rounded() && abs(v) < 1e9 ? String(Int(v)) : Text.coord(v)
        }
        let w = size(L.width), hh = size(L.height)
        let plot =
            name == "release-scatter"
            ? " data-plot=\"\(Text.coord(L.left)) \(Text.coord(L.width - L.right)) \(Text.coord(L.height - L.bottom)) \(Text.coord(L.top))\""
            : ""
        let kind = layout.plotHeight == nil ? "" : " data-layout=\"narrow\""
        out.write(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" viewBox=\"0 0 \(w) \(hh)\" width=\"\(w)\" height=\"\(hh)\" role=\"img\" aria-labelledby=\"\(id)-title \(id)-desc\" font-family=\"system-ui, -apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif\" font-size=\"12\" data-figure=\"\(name)\"\(kind)\(plot)>\n"
        )
        out.write(
            "<title id=\"\(id)-title\">\(Text.xml(info.title))</title>\n<desc id=\"\(id)-desc\">\(Text.xml(info.caption))</desc>\n"
        )
        out.write("<rect x=\"0\" y=\"0\" width=\"\(w)\" height=\"\(hh)\" fill=\"#ffffff\"/>\n")
        for (k, line) in titleLines.enumerated() {
            out.write(
                "<text x=\"12\" y=\"\(Text.coord(20 + Double(k) * (layout.titleSize + 3)))\" font-size=\"\(Text.coord(layout.titleSize))\" font-weight=\"600\" fill=\"#111\">\(Text.xml(line))</text>\n"
            )
        }
        out.write(body)
        out.write("</svg>\n")
    }

    /// `text` in lines of at most `width` characters, broken between words.
    static func wrap(_ text: String, _ width: Int) -> [String] {
        var lines: [String] = [], line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty && line.count + 1 + word.count > width {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        if !line.isEmpty || lines.isEmpty { lines.append(line) }
        return lines
    }

    /// The whole figure as a string.
    public func svg(_ name: String, idPrefix: String = "", layout: Layout = .wide) -> String {
        var s = ""
        render(name, to: &s, idPrefix: idPrefix, layout: layout)
        return s
    }

    // MARK: Frame

    struct Frame {
        var x: Axis
        var y: Axis
    }

    private func frame(
        _ out: inout some TextOutputStream, x: Axis, y: Axis, xLabel: String, yLabel: String,
        id: String
    ) {
        let x0 = layout.left, x1 = layout.width - layout.right,
            y0 = layout.height - layout.bottom, y1 = layout.top
        out.write(
            "<defs><clipPath id=\"\(id)-clip\"><rect x=\"\(Text.coord(x0))\" y=\"\(Text.coord(y1))\" width=\"\(Text.coord(x1 - x0))\" height=\"\(Text.coord(y0 - y1))\"/></clipPath></defs>\n"
        )
        out.write("<g class=\"grid\" stroke=\"#e3e3e3\" stroke-width=\"1\">\n")
        let xt = x.ticks(count: layout.xTicks), yt = y.ticks(count: layout.yTicks)
        for t in xt {
            out.write(
                "<line x1=\"\(Text.coord(x.map(t)))\" y1=\"\(Text.coord(y1))\" x2=\"\(Text.coord(x.map(t)))\" y2=\"\(Text.coord(y0))\"/>\n"
            )
        }
        for t in yt {
            out.write(
                "<line x1=\"\(Text.coord(x0))\" y1=\"\(Text.coord(y.map(t)))\" x2=\"\(Text.coord(x1))\" y2=\"\(Text.coord(y.map(t)))\"/>\n"
            )
        }
        out.write("</g>\n<g class=\"axes\" stroke=\"#333\" stroke-width=\"1\" fill=\"none\">\n")
        out.write(
            "<line x1=\"\(Text.coord(x0))\" y1=\"\(Text.coord(y0))\" x2=\"\(Text.coord(x1))\" y2=\"\(Text.coord(y0))\"/>\n"
        )
        out.write(
            "<line x1=\"\(Text.coord(x0))\" y1=\"\(Text.coord(y0))\" x2=\"\(Text.coord(x0))\" y2=\"\(Text.coord(y1))\"/>\n"
        )
        for t in xt {
            out.write(
                "<line x1=\"\(Text.coord(x.map(t)))\" y1=\"\(Text.coord(y0))\" x2=\"\(Text.coord(x.map(t)))\" y2=\"\(Text.coord(y0 + 5))\"/>\n"
            )
        }
        for t in yt {
            out.write(
                "<line x1=\"\(Text.coord(x0 - 5))\" y1=\"\(Text.coord(y.map(t)))\" x2=\"\(Text.coord(x0))\" y2=\"\(Text.coord(y.map(t)))\"/>\n"
            )
        }
        out.write("</g>\n<g class=\"tick-labels\" fill=\"#333\" font-size=\"11\">\n")
        let xs = xt.count > 1 ? xt[1] - xt[0] : 1, ys = yt.count > 1 ? yt[1] - yt[0] : 1
        for t in xt {
            out.write(
                "<text x=\"\(Text.coord(x.map(t)))\" y=\"\(Text.coord(y0 + 18))\" text-anchor=\"middle\">\(Axis.label(t, step: xs))</text>\n"
            )
        }
        for t in yt {
            out.write(
                "<text x=\"\(Text.coord(x0 - 8))\" y=\"\(Text.coord(y.map(t) + 4))\" text-anchor=\"end\">\(Axis.label(t, step: ys))</text>\n"
            )
        }
        out.write("</g>\n")
        xAxisTitle(&out, xLabel, centre: (x0 + x1) / 2)
        out.write(
            "<text transform=\"translate(16 \(Text.coord((y0 + y1) / 2))) rotate(-90)\" text-anchor=\"middle\" fill=\"#111\">\(Text.xml(yLabel))</text>\n"
        )
    }

    /// The x axis' title under the tick labels; a narrow layout wraps a long one on words
    /// (two lines fit its bottom margin) rather than cut it at the figure's edge.
    private func xAxisTitle(_ out: inout some TextOutputStream, _ label: String, centre: Double) {
        let lines =
            layout.plotHeight == nil
            ? [label] : Array(Self.wrap(label, Int((layout.width - 16) / 6.7)).prefix(2))
        for (k, line) in lines.enumerated() {
            let y = layout.height - 12 - Double(lines.count - 1 - k) * 15
            out.write(
                "<text x=\"\(Text.coord(centre))\" y=\"\(Text.coord(y))\" text-anchor=\"middle\" fill=\"#111\">\(Text.xml(line))</text>\n"
            )
        }
    }

    /// A legend entry: a marker shape or a line sample, then a label.
    enum Swatch {
        case marker(FigureGroup)
        case line(colour: String, dash: String?, width: Double)
        case ring(dash: String?)
        case bar(colour: String, dash: String?)
        case gate(String)
    }

    /// Left to right, in as many rows as the width needs. A layout with a `plotHeight` puts
    /// its plot below the last row.
    private mutating func legend(
        _ out: inout some TextOutputStream, _ entries: [(Swatch, String)]
    ) {
        var x = 12.0, y = legendTop
        out.write("<g class=\"legend\" font-size=\"11.5\" fill=\"#111\">\n")
        for (swatch, label) in entries {
            let w = 26 + Double(label.count) * 6.2
            if x + w > layout.width - 8 && x > 12 {
                x = 12
                y += 17
            }
            switch swatch {
            case .marker(let g): marker(&out, g, x: x + 8, y: y - 4, opacity: 1)
            case .line(let c, let dash, let width):
                out.write(
                    "<line x1=\"\(Text.coord(x))\" y1=\"\(Text.coord(y - 4))\" x2=\"\(Text.coord(x + 18))\" y2=\"\(Text.coord(y - 4))\" stroke=\"\(c)\" stroke-width=\"\(Text.coord(width))\"\(dash.map { " stroke-dasharray=\"\($0)\"" } ?? "")/>\n"
                )
            case .ring(let dash):
                out.write(
                    "<circle cx=\"\(Text.coord(x + 8))\" cy=\"\(Text.coord(y - 4))\" r=\"6\" fill=\"none\" stroke=\"#000\" stroke-width=\"1.4\"\(dash.map { " stroke-dasharray=\"\($0)\"" } ?? "")/>\n"
                )
            case .gate(let key): gateMark(&out, key, x: x + 8, y: y - 4, swatch: true)
            case .bar(let c, let dash):
                out.write(
                    "<rect x=\"\(Text.coord(x + 2))\" y=\"\(Text.coord(y - 10))\" width=\"14\" height=\"11\" fill=\"\(c)\" fill-opacity=\"0.35\" stroke=\"\(c)\" stroke-width=\"1.5\"\(dash.map { " stroke-dasharray=\"\($0)\"" } ?? "")/>\n"
                )
            }
            out.write(
                "<text x=\"\(Text.coord(x + 22))\" y=\"\(Text.coord(y))\">\(Text.xml(label))</text>\n"
            )
            x += w + 10
        }
        out.write("</g>\n")
        if let plotHeight = layout.plotHeight {
            layout.top = max(layout.top, y + 24)
            layout.height = layout.top + plotHeight + layout.bottom
        }
    }

    static func colour(_ g: FigureGroup) -> String {
        switch g {
        case .complete: Colour.blue
        case .cancel: Colour.vermillion
        case .unlabelled: Colour.purple
        }
    }

    /// Complete: circle; cancel: triangle; unlabelled: diamond.
    private func marker(
        _ out: inout some TextOutputStream, _ g: FigureGroup, x: Double, y: Double, opacity: Double,
        gesture: String? = nil
    ) {
        let c = Self.colour(g)
        var op = opacity < 1 ? " fill-opacity=\"\(Text.fixed(opacity, 2))\"" : ""
        if let gesture { op += " data-gesture=\"\(Text.xml(gesture))\"" }
        switch g {
        case .complete:
            out.write(
                "<circle cx=\"\(Text.coord(x))\" cy=\"\(Text.coord(y))\" r=\"3.2\" fill=\"\(c)\"\(op)/>\n"
            )
        case .cancel:
            out.write(
                "<path d=\"M\(Text.coord(x)) \(Text.coord(y - 4))L\(Text.coord(x + 3.8)) \(Text.coord(y + 2.8))L\(Text.coord(x - 3.8)) \(Text.coord(y + 2.8))Z\" fill=\"\(c)\"\(op)/>\n"
            )
        case .unlabelled:
            out.write(
                "<path d=\"M\(Text.coord(x)) \(Text.coord(y - 4))L\(Text.coord(x + 4)) \(Text.coord(y))L\(Text.coord(x)) \(Text.coord(y + 4))L\(Text.coord(x - 4)) \(Text.coord(y))Z\" fill=\"\(c)\"\(op)/>\n"
            )
        }
    }

    private var plotX: (Double, Double) { (layout.left, layout.width - layout.right) }
    private var plotY: (Double, Double) { (layout.height - layout.bottom, layout.top) }

    // MARK: Figures

    private mutating func scatter(_ out: inout some TextOutputStream, id: String) {
        let f = figures.scatter
        let groups = FigureGroup.allCases.filter { g in f.points.contains { $0.group == g } }
        var entries: [(Swatch, String)] = groups.map { (.marker($0), $0.label) }
        entries.append((.line(colour: Colour.black, dash: "6 4", width: 2), "current boundary"))
        entries.append(
            (
                .line(colour: Colour.green, dash: nil, width: 2.5),
                model.summary.suggestionInferred ? "inferred boundary" : "suggested boundary"
            ))
        if model.summary.labelled {
            entries.append((.ring(dash: nil), "misdecided (suggested)"))
            entries.append((.ring(dash: "2 2"), "misdecided (current only)"))
        }
        legend(&out, entries)
        let x = Axis(
            low: f.pRange.lowerBound, high: f.pRange.upperBound, from: plotX.0, to: plotX.1)
        let y = Axis(
            low: f.vRange.lowerBound, high: f.vRange.upperBound, from: plotY.0, to: plotY.1)
        frame(
            &out, x: x, y: y, xLabel: "release progress p_r",
            yLabel: "release velocity v_p (progress/s)", id: id)
        out.write("<g clip-path=\"url(#\(id)-clip)\">\n")
        if f.vRange.contains(0) {
            out.write(
                "<line x1=\"\(Text.coord(x.map(0)))\" y1=\"\(Text.coord(y.map(0)))\" x2=\"\(Text.coord(x.map(1)))\" y2=\"\(Text.coord(y.map(0)))\" stroke=\"#999\" stroke-width=\"1\"/>\n"
            )
        }
        out.write("<g class=\"points\">\n")
        let opacity = f.points.count > 800 ? 0.45 : 0.8
        let rows = model.gestures
        for pt in f.points {
            marker(
                &out, pt.group, x: x.map(pt.p), y: y.map(pt.v), opacity: opacity,
                gesture: pt.index < rows.count ? rows[pt.index].id : nil)
        }
        // The page's script redraws the rings when its what-if sliders move (`rings()`); clicks
        // go through them to the point.
        out.write(
            "</g>\n<g class=\"rings\" fill=\"none\" stroke=\"#000\" stroke-width=\"1.3\" pointer-events=\"none\">\n"
        )
        for pt in f.points where pt.misdecidedBySuggested || pt.misdecidedByCurrent {
            let dash = pt.misdecidedBySuggested ? "" : " stroke-dasharray=\"2 2\""
            let id = pt.index < rows.count ? " data-ring=\"\(Text.xml(rows[pt.index].id))\"" : ""
            out.write(
                "<circle cx=\"\(Text.coord(x.map(pt.p)))\" cy=\"\(Text.coord(y.map(pt.v)))\" r=\"6.5\"\(dash)\(id)/>\n"
            )
        }
        out.write("</g>\n")
        // The current boundary last: its dashes stay visible where the two coincide.
        boundary(
            &out, f.suggestedBoundary, x: x, y: y, colour: Colour.green, dash: nil, width: 2.5,
            cls: "boundary-suggested")
        boundary(
            &out, f.currentBoundary, x: x, y: y, colour: Colour.black, dash: "6 4", width: 2,
            cls: "boundary-current")
        out.write("</g>\n")
    }

    private func boundary(
        _ out: inout some TextOutputStream, _ lines: [[PlanePoint]], x: Axis, y: Axis,
        colour: String, dash: String?, width: Double, cls: String
    ) {
        guard !lines.isEmpty else { return }
        var d = ""
        for line in lines {
            for (k, pt) in line.enumerated() {
                d += (k == 0 ? "M" : "L") + Text.coord(x.map(pt.p)) + " " + Text.coord(y.map(pt.v))
            }
        }
        out.write(
            "<path class=\"\(cls)\" d=\"\(d)\" fill=\"none\" stroke=\"\(colour)\" stroke-width=\"\(Text.coord(width))\" stroke-linejoin=\"round\"\(dash.map { " stroke-dasharray=\"\($0)\"" } ?? "")/>\n"
        )
    }

    private mutating func curves(_ out: inout some TextOutputStream, id: String) {
        let f = figures.curves
        let groups = FigureGroup.allCases.filter { g in f.curves.contains { $0.group == g } }
        legend(
            &out,
            groups.map { g in (.line(colour: Self.colour(g), dash: Self.dash(g), width: 2), g.label)
            })
        let x = Axis(low: 0, high: f.tMax, from: plotX.0, to: plotX.1)
        let y = Axis(low: 0, high: 1, from: plotY.0, to: plotY.1)
        frame(
            &out, x: x, y: y, xLabel: "time since the first sample (s)", yLabel: "progress p(t)",
            id: id)
        // Dashed curves carry less ink than solid ones: they get more opacity so a figure of
        // dashed (cancel) or dotted (unlabelled) curves stays readable.
        let base = f.curves.count > 100 ? 0.3 : 0.55
        out.write("<g clip-path=\"url(#\(id)-clip)\" fill=\"none\" stroke-width=\"1\">\n")
        for c in f.curves {
            var d = ""
            for (k, pt) in c.points.enumerated() {
                d += (k == 0 ? "M" : "L") + Text.coord(x.map(pt.t)) + " " + Text.coord(y.map(pt.p))
            }
            let dash = Self.dash(c.group)
            let opacity = dash == nil ? base : min(0.9, base * 1.6)
            out.write(
                "<path d=\"\(d)\" stroke=\"\(Self.colour(c.group))\" stroke-opacity=\"\(Text.fixed(opacity, 2))\"\(dash.map { " stroke-dasharray=\"\($0)\"" } ?? "")/>\n"
            )
        }
        out.write("</g>\n")
    }

    static func dash(_ g: FigureGroup) -> String? {
        switch g {
        case .complete: nil
        case .cancel: "4 3"
        case .unlabelled: "2 1.5"
        }
    }

    static func style(_ key: String) -> (colour: String, dash: String?) {
        switch key {
        case "complete": (Colour.blue, nil)
        case "cancel": (Colour.vermillion, "5 3")
        case "unlabelled": (Colour.purple, "1.5 2")
        case "current": (Colour.orange, "5 3")
        case "suggested": (Colour.green, nil)
        default: (Colour.grey, "2 3")
        }
    }

    /// A histogram's vertical line: suggested solid green; current dashed black, as the
    /// scatter's current boundary (not the colour of a series); references dotted black.
    static func markerStyle(_ key: String) -> (colour: String, dash: String?) {
        switch key {
        case "suggested": (Colour.green, nil)
        case "current": (Colour.black, "6 4")
        default: (Colour.black, "1.5 3")
        }
    }

    private mutating func histogram(
        _ h: HistogramFigure, _ out: inout some TextOutputStream, id: String, yLabel: String
    ) {
        let maxCount = max(h.series.flatMap(\.counts).max() ?? 1, 1)
        let yTop = Double(maxCount) * 1.08
        var entries: [(Swatch, String)] = h.series.map { s in
            let st = Self.style(s.style)
            return (.bar(colour: st.colour, dash: st.dash), s.name)
        }
        for m in h.markers {
            let st = Self.markerStyle(m.style)
            entries.append((.line(colour: st.colour, dash: st.dash, width: 2), m.name))
        }
        legend(&out, entries)
        let x = Axis(low: h.edges.first ?? 0, high: h.edges.last ?? 1, from: plotX.0, to: plotX.1)
        let y = Axis(low: 0, high: yTop, from: plotY.0, to: plotY.1)
        frame(&out, x: x, y: y, xLabel: h.xLabel, yLabel: yLabel, id: id)
        out.write("<g clip-path=\"url(#\(id)-clip)\">\n")
        for s in h.series {
            let st = Self.style(s.style)
            // A closed step outline per series: filled lightly, outlined with its dash.
            var d = "M" + Text.coord(x.map(h.edges[0])) + " " + Text.coord(y.map(0))
            for (k, c) in s.counts.enumerated() where k + 1 < h.edges.count {
                let yy = Text.coord(y.map(Double(c)))
                d +=
                    "L" + Text.coord(x.map(h.edges[k])) + " " + yy + "L"
                    + Text.coord(x.map(h.edges[k + 1])) + " " + yy
            }
            d +=
                "L" + Text.coord(x.map(h.edges[h.edges.count - 1])) + " " + Text.coord(y.map(0))
                + "Z"
            out.write(
                "<path class=\"series\" data-series=\"\(Text.xml(s.name))\" d=\"\(d)\" fill=\"\(st.colour)\" fill-opacity=\"0.25\" stroke=\"\(st.colour)\" stroke-width=\"1.8\"\(st.dash.map { " stroke-dasharray=\"\($0)\"" } ?? "")/>\n"
            )
        }
        // Suggested first, then current and references, so dashes stay visible on a solid line.
        for m in h.markers.sorted(by: {
            ($0.style == "suggested" ? 0 : 1) < ($1.style == "suggested" ? 0 : 1)
        }) where m.x.isFinite {
            let st = Self.markerStyle(m.style)
            out.write(
                "<line class=\"marker marker-\(Text.xml(m.style))\" x1=\"\(Text.coord(x.map(m.x)))\" y1=\"\(Text.coord(y.map(0)))\" x2=\"\(Text.coord(x.map(m.x)))\" y2=\"\(Text.coord(y.map(yTop)))\" stroke=\"\(st.colour)\" stroke-width=\"2\"\(st.dash.map { " stroke-dasharray=\"\($0)\"" } ?? "")/>\n"
            )
        }
        out.write("</g>\n")
    }

    // MARK: Groups

    /// Each group's suggested lead parameter (dot) and interval (bar), one row per group, the
    /// pooled one as a dashed line over a shaded band. Groups with too few labels: name only.
    private mutating func groupThresholds(_ out: inout some TextOutputStream, id: String) {
        guard let g = model.groups, let name = g.leadName,
            let pooled = g.analysis.pooledParameters.first(where: { $0.name == name })
        else { return }
        let rows = g.analysis.groups
        let values = rows.compactMap { $0.parameters.first { $0.name == name } } + [pooled]
        var low = values.map(\.lower).filter(\.isFinite).min() ?? 0
        var high = values.map(\.upper).filter(\.isFinite).max() ?? 1
        if high - low < 1e-9 {
            low -= 0.05
            high += 0.05
        }
        let pad = (high - low) * 0.08
        low -= pad
        high += pad
        let shown = Array(rows.prefix(40))
        legend(
            &out,
            [
                (
                    .line(colour: Colour.blue, dash: nil, width: 2),
                    "group: suggestion and 95% interval"
                ), (.line(colour: Colour.green, dash: "6 4", width: 2), "pooled"),
            ])
        let x = Axis(
            low: low, high: high, from: layout.left + (layout.plotHeight == nil ? 60 : 40),
            to: layout.width - layout.right)
        let y = Axis(
            low: -0.5, high: Double(shown.count) - 0.5, from: layout.top + 8,
            to: layout.height - layout.bottom)
        let x0 = x.from, x1 = x.to, y0 = y.to
        out.write(
            "<g class=\"axes\" stroke=\"#333\" stroke-width=\"1\" fill=\"none\"><line x1=\"\(Text.coord(x0))\" y1=\"\(Text.coord(y0))\" x2=\"\(Text.coord(x1))\" y2=\"\(Text.coord(y0))\"/></g>\n"
        )
        let ticks = x.ticks(count: layout.xTicks)
        let step = ticks.count > 1 ? ticks[1] - ticks[0] : 1
        out.write("<g class=\"tick-labels\" fill=\"#333\" font-size=\"11\">\n")
        for t in ticks {
            out.write(
                "<line x1=\"\(Text.coord(x.map(t)))\" y1=\"\(Text.coord(y.from))\" x2=\"\(Text.coord(x.map(t)))\" y2=\"\(Text.coord(y0))\" stroke=\"#e3e3e3\"/>\n"
            )
            out.write(
                "<text x=\"\(Text.coord(x.map(t)))\" y=\"\(Text.coord(y0 + 18))\" text-anchor=\"middle\">\(Axis.label(t, step: step))</text>\n"
            )
        }
        out.write("</g>\n")
        xAxisTitle(&out, name, centre: (x0 + x1) / 2)
        // Pooled: shaded interval and dashed estimate.
        out.write(
            "<rect x=\"\(Text.coord(x.map(pooled.lower)))\" y=\"\(Text.coord(y.from))\" width=\"\(Text.coord(max(0, x.map(pooled.upper) - x.map(pooled.lower))))\" height=\"\(Text.coord(y0 - y.from))\" fill=\"\(Colour.green)\" fill-opacity=\"0.15\"/>\n"
        )
        out.write(
            "<line x1=\"\(Text.coord(x.map(pooled.estimate)))\" y1=\"\(Text.coord(y.from))\" x2=\"\(Text.coord(x.map(pooled.estimate)))\" y2=\"\(Text.coord(y0))\" stroke=\"\(Colour.green)\" stroke-width=\"2\" stroke-dasharray=\"6 4\"/>\n"
        )
        out.write("<g class=\"groups\" font-size=\"11\" fill=\"#111\">\n")
        for (k, group) in shown.enumerated() {
            let cy = y.map(Double(k))
            let label = group.name.isEmpty ? "(none)" : String(group.name.prefix(12))
            out.write(
                "<text x=\"\(Text.coord(x0 - 6))\" y=\"\(Text.coord(cy + 4))\" text-anchor=\"end\">\(Text.xml(label))</text>\n"
            )
            guard let p = group.parameters.first(where: { $0.name == name }) else {
                out.write(
                    "<text x=\"\(Text.coord(x0 + 4))\" y=\"\(Text.coord(cy + 4))\" fill=\"#6b6b6b\">too few (\(group.labelled) labelled)</text>\n"
                )
                continue
            }
            out.write(
                "<line x1=\"\(Text.coord(x.map(p.lower)))\" y1=\"\(Text.coord(cy))\" x2=\"\(Text.coord(x.map(p.upper)))\" y2=\"\(Text.coord(cy))\" stroke=\"\(Colour.blue)\" stroke-width=\"2\"/>\n"
            )
            out.write(
                "<circle cx=\"\(Text.coord(x.map(p.estimate)))\" cy=\"\(Text.coord(cy))\" r=\"4.5\" fill=\"\(Colour.blue)\"/>\n"
            )
        }
        out.write("</g>\n")
    }

    // MARK: Gate

    /// A lock's trade-off curve: colour and dash, two cues (Okabe–Ito; green is the
    /// suggestion's mark).
    static func tradeoffStyle(_ lock: Double) -> (colour: String, dash: String?) {
        switch lock {
        case ..<20: (Colour.sky, "2 2")
        case ..<35: (Colour.blue, nil)
        case ..<50: (Colour.orange, "7 3")
        case ..<75: (Colour.vermillion, "5 2 1.5 2")
        default: (Colour.purple, "1.5 2.5")
        }
    }

    /// A gate's mark centred on (x, y): the suggestion a filled green circle, the current gate
    /// a black square, a reference gate a black diamond (hollow, so marks on one spot show).
    private func gateMark(
        _ out: inout some TextOutputStream, _ key: String, x: Double, y: Double,
        swatch: Bool = false
    ) {
        let at = "translate(\(Text.coord(x)) \(Text.coord(y)))"
        let shape: String
        switch key {
        case "suggested":
            shape =
                "<circle r=\"5\" fill=\"\(Colour.green)\" stroke=\"#ffffff\" stroke-width=\"1\"/>"
        case "current":
            shape =
                "<rect x=\"-6\" y=\"-6\" width=\"12\" height=\"12\" fill=\"none\" stroke=\"\(Colour.black)\" stroke-width=\"1.8\"/>"
        // Each reference gate its own shape, so marks that land close stay apart.
        case "flutter-cupertino":
            shape =
                "<path d=\"M0 -8L7 6L-7 6Z\" fill=\"none\" stroke=\"\(Colour.black)\" stroke-width=\"1.4\"/>"
        case "android-back":
            shape =
                "<path d=\"M-6 -6L6 6M-6 6L6 -6\" fill=\"none\" stroke=\"\(Colour.black)\" stroke-width=\"1.6\"/>"
        default:
            shape =
                "<path d=\"M0 -8L8 0L0 8L-8 0Z\" fill=\"none\" stroke=\"\(Colour.black)\" stroke-width=\"1.4\"/>"
        }
        let role =
            swatch ? "class=\"gate-swatch\"" : "class=\"gate-mark\" data-mark=\"\(Text.xml(key))\""
        out.write("<g \(role) transform=\"\(at)\">\(shape)</g>\n")
    }

    /// False triggers (y) against misses (x), counts, as the edge width grows: one curve per
    /// lock, the reference, current and suggested gates marked and labelled (labels moved off
    /// each other and kept inside the plot).
    private mutating func gateTradeoff(_ out: inout some TextOutputStream, id: String) {
        guard let f = figures.gateTradeoff else { return }
        var entries: [(Swatch, String)] = f.curves.map { c in
            let st = Self.tradeoffStyle(c.lockAngle)
            return (
                .line(colour: st.colour, dash: st.dash, width: 2),
                "lock \(NumberText.parameter(c.lockAngle))°"
            )
        }
        entries += [
            (.gate("suggested"), "tuned"), (.gate("current"), "current"),
            (.gate("full-screen"), "full screen"), (.gate("flutter-cupertino"), "Flutter"),
            (.gate("android-back"), "Android"),
        ]
        legend(&out, entries)
        // Counts from 0 to every gesture of the class on square-root scales (the few misses
        // and false triggers near the corner are what tell gates apart), inset 8 units so
        // marks on an axis show whole.
        let x = Axis(
            low: 0, high: Double(max(f.meant, 1)), from: plotX.0 + 8, to: plotX.1 - 8,
            squareRoot: true)
        let y = Axis(
            low: 0, high: Double(max(f.others, 1)), from: plotY.0 - 8, to: plotY.1 + 8,
            squareRoot: true)
        frame(
            &out, x: x, y: y, xLabel: "misses: meant swipes refused (count of \(f.meant), √ scale)",
            yLabel: "false triggers (count of \(f.others) other, √ scale)", id: id)
        out.write("<g clip-path=\"url(#\(id)-clip)\" fill=\"none\" stroke-width=\"2\">\n")
        for c in f.curves {
            let st = Self.tradeoffStyle(c.lockAngle)
            var d = ""
            for (k, p) in c.points.enumerated() {
                d +=
                    (k == 0 ? "M" : "L") + Text.coord(x.map(Double(p.misses))) + " "
                    + Text.coord(y.map(Double(p.falseTriggers)))
            }
            out.write(
                "<path class=\"tradeoff\" data-lock=\"\(NumberText.parameter(c.lockAngle))\" d=\"\(d)\" stroke=\"\(st.colour)\" stroke-linejoin=\"round\"\(st.dash.map { " stroke-dasharray=\"\($0)\"" } ?? "")/>\n"
            )
        }
        out.write("</g>\n<g class=\"gate-marks\">\n")
        for m in f.marks {
            gateMark(&out, m.key, x: x.map(Double(m.misses)), y: y.map(Double(m.falseTriggers)))
        }
        out.write("</g>\n<g class=\"gate-labels\" font-size=\"11\" fill=\"#111\">\n")
        // Labels: beside the mark, right or left of it, stepping away vertically from labels
        // already placed; the suggestion's first, so it keeps the nearest place.
        var placed: [(x0: Double, x1: Double, y0: Double, y1: Double)] = []
        let (left, right) = plotX
        let (bottom, top) = plotY
        for m in f.marks.reversed() {
            let mx = x.map(Double(m.misses)), my = y.map(Double(m.falseTriggers))
            let width = Double(m.label.count) * 6.1
            var choice: (x: Double, y: Double, end: Bool)?
            search: for dy in [-9.0, 17, -23, 31, -37, 45, -51, 59, -65, 73] {
                let baseline = my + dy
                guard baseline - 11 >= top - 2, baseline <= bottom - 2 else { continue }
                for end in [false, true] {
                    let x0 = end ? mx - 10 - width : mx + 10
                    let x1 = x0 + width
                    guard x0 >= left + 2, x1 <= right - 2 else { continue }
                    if placed.allSatisfy({
                        x1 < $0.x0 || x0 > $0.x1 || baseline < $0.y0 || baseline - 11 > $0.y1
                    }) {
                        choice = (end ? x1 : x0, baseline, end)
                        placed.append((x0, x1, baseline - 11, baseline))
                        break search
                    }
                }
            }
            let c =
                choice
                ?? (
                    mx + 10 + width > right ? mx - 10 : mx + 10, max(my - 9, top + 11),
                    mx + 10 + width > right
                )
            // A leader from the mark to a label moved away from it.
            if abs(c.y - 4 - my) > 12 {
                out.write(
                    "<line x1=\"\(Text.coord(mx))\" y1=\"\(Text.coord(my))\" x2=\"\(Text.coord(c.end ? c.x + 2 : c.x - 2))\" y2=\"\(Text.coord(c.y - 4))\" stroke=\"#6b6b6b\" stroke-width=\"0.8\"/>\n"
                )
            }
            out.write(
                "<text x=\"\(Text.coord(c.x))\" y=\"\(Text.coord(c.y))\"\(c.end ? " text-anchor=\"end\"" : "") data-label=\"\(Text.xml(m.key))\">\(Text.xml(m.label))</text>\n"
            )
        }
        out.write("</g>\n")
    }
}
