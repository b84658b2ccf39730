/// Writes `report.ipynb`: an nbformat 4.5 notebook (cell ids) with a markdown cell per section
/// and code cells that load `report.json` with pandas and redraw each figure with matplotlib.
///
/// Every code cell's outputs are pre-filled (the report's own SVG as `image/svg+xml`, tables as
/// `text/html`) with `execution_count` 1, 2, … in order, so the notebook reads on any viewer
/// without running; run top to bottom beside `report.json`, it redraws the same figures.
public struct NotebookRenderer: Sendable {
    public let model: ReportModel
    public let figures: ReportFigures
    /// Gesture rows shown in the notebook's table output.
    public let gestureRows: Int

    public init(model: ReportModel, figures: ReportFigures? = nil, gestureRows: Int = 50) {
        self.model = model
        self.figures = figures ?? ReportFigures(model: model)
        self.gestureRows = gestureRows
    }

    enum Output {
        case stream(String)
        case html(String, plain: String)
        case svg(String, plain: String)
    }

    enum Cell {
        case markdown(String)
        case code(String, [Output])
    }

    static let setupCode = ReportTemplates.files.embedded("report/notebook/setup.py")

    static let summaryCode = ReportTemplates.files.embedded("report/notebook/summary.py")

    static let parametersCode = ReportTemplates.files.embedded("report/notebook/parameters.py")

    static let rulesCode = ReportTemplates.files.embedded("report/notebook/rules.py")

    /// The `--by` figure: each group's lead parameter with its interval beside the pooled one.
    static let groupsCode = ReportTemplates.files.embedded("report/notebook/groups.py")

    static let scatterCode = ReportTemplates.files.embedded("report/notebook/scatter.py")

    /// The gate's trade-off: false triggers against misses, one curve per lock, gates marked.
    static let gateCode = ReportTemplates.files.embedded("report/notebook/gate.py")

    static let curvesCode = ReportTemplates.files.embedded("report/notebook/curves.py")

    static let estimatorsCode = ReportTemplates.files.embedded("report/notebook/estimators.py")

    var gesturesCode: String {
        ReportTemplates.files.embedded(
            "report/notebook/gestures.py", ["gestureRows": String(gestureRows)])
    }

    func cells() -> [Cell] {
        let svg = SVGRenderer(model: model, figures: figures)
        let content = ReportContent(model: model, gestureTableCap: gestureRows)
        let md = MarkdownRenderer(model: model, figures: figures)
        func section(_ id: String) -> String {
            var s = ""
            md.section(ReportContent.index(of: id), to: &s, figureFiles: false)
            return s
        }
        func figure(_ f: FigureInfo, code: String) -> Cell {
            .code(
                code,
                [.svg(svg.svg(f.name, idPrefix: "nb-"), plain: "<Figure size 640x400: \(f.title)>")]
            )
        }
        func tableHTML(_ t: ReportTable) -> String {
            var s = ""
            HTMLRenderer.table(&s, t)
            return s
        }
        var header = ""
        md.header(&header)
        header +=
            "This notebook loads `report.json` (beside it) with pandas and redraws each figure with matplotlib. "
        header += "The outputs are already filled in, so it reads without running.\n"
        let summaryTable = ReportTable(
            headers: ["", ""], rows: ReportContent(model: model).summaryFacts.map { [$0.0, $0.1] })

        var cells: [Cell] = [
            .markdown(header),
            .code(
                Self.setupCode,
                [.stream("\(model.gestures.count) gestures loaded from report.json\n")]),
            .markdown(section("summary")),
            .code(Self.summaryCode, [.html(tableHTML(summaryTable), plain: "summary table")]),
            .markdown(section("parameters")),
            .code(
                Self.parametersCode,
                [.html(tableHTML(content.parameterTable), plain: "parameters table")]),
            .markdown(section("gate")),
        ]
        // The gate's figure in its section, redrawn by its own cell.
        for f in figures.info where f.section == "gate" {
            cells.append(
                .markdown("### \(Text.markdown(f.title))\n\n\(Text.markdown(f.caption))\n"))
            cells.append(figure(f, code: Self.gateCode))
        }
        cells += [
            .markdown(section("rules")),
            .code(Self.rulesCode, [.html(tableHTML(content.ruleTable), plain: "rules table")]),
            .markdown(section("figures")),
        ]
        let codes = [
            "release-scatter": Self.scatterCode, "progress-curves": Self.curvesCode,
            "release-velocity": "draw_histogram(figures[\"releaseVelocity\"], \"gestures\")\n",
            "start-position": "draw_histogram(figures[\"startPosition\"], \"gestures\")\n",
            "velocity-ratio":
                "draw_histogram(figures[\"velocityRatio\"], \"completing gestures\")\n",
            "group-thresholds": Self.groupsCode,
        ]
        for f in figures.info where f.section == "figures" {
            cells.append(
                .markdown("### \(Text.markdown(f.title))\n\n\(Text.markdown(f.caption))\n"))
            cells.append(figure(f, code: codes[f.name] ?? Self.groupsCode))
        }
        cells.append(.markdown(section("estimators")))
        cells.append(
            .code(
                Self.estimatorsCode,
                [.html(tableHTML(content.estimatorTable), plain: "estimators table")]))
        cells.append(.markdown(section("gestures")))
        // The first rows in file order, as `gestures.head(n)` shows them.
        var gt = content.gestureTable(indices: Array(model.gestures.indices.prefix(gestureRows)))
        gt.note =
            model.gestures.count > gestureRows
            ? "First \(gestureRows) of \(model.gestures.count) gestures; all are in report.json."
            : nil
        cells.append(.code(gesturesCode, [.html(tableHTML(gt), plain: "gestures table")]))
        cells += exploreCells
        cells.append(.markdown(section("snippets")))
        return cells
    }

    public func render(to out: inout some TextOutputStream) {
        var w = JSONWriter(compactDepth: 99)
        w.beginObject()
        w.beginArray("cells")
        var count = 0
        for (k, cell) in cells().enumerated() {
            w.beginObject()
            let id = "cell-" + String(k + 1)
            switch cell {
            case .markdown(let text):
                w.string("cell_type", "markdown")
                w.string("id", id)
                w.beginObject("metadata")
                w.endObject()
                writeSource(text, &w)
            case .code(let code, let outputs):
                count += 1
                w.string("cell_type", "code")
                w.int("execution_count", count)
                w.string("id", id)
                w.beginObject("metadata")
                w.endObject()
                w.beginArray("outputs")
                for o in outputs { writeOutput(o, count: count, &w) }
                w.endArray()
                writeSource(code, &w)
            }
            w.endObject()
            w.flush(to: &out)
        }
        w.endArray()
        w.beginObject("metadata")
        w.beginObject("kernelspec")
        w.string("display_name", "Python 3")
        w.string("language", "python")
        w.string("name", "python3")
        w.endObject()
        w.beginObject("language_info")
        w.string("name", "python")
        w.endObject()
        w.beginObject("gesturetune")
        w.string("report", "report.json")
        w.string("schema", JSONRenderer.schema)
        w.endObject()
        w.endObject()
        w.int("nbformat", 4)
        w.int("nbformat_minor", 5)
        w.endObject()
        w.flush(to: &out)
        out.write("\n")
    }

    public func notebook() -> String {
        var s = ""
        render(to: &s)
        return s
    }

    /// Source as a list of lines, each keeping its newline except the last.
    private func writeSource(_ text: String, _ w: inout JSONWriter) {
        writeLines("source", text, &w)
    }

    private func writeLines(_ key: String, _ text: String, _ w: inout JSONWriter) {
        w.beginArray(key)
        var line = ""
        for ch in text {
            line.append(ch)
            if ch == "\n" {
                w.string(nil, line)
                line = ""
            }
        }
        if !line.isEmpty { w.string(nil, line) }
        w.endArray()
    }

    private func writeOutput(_ o: Output, count: Int, _ w: inout JSONWriter) {
        w.beginObject()
        switch o {
        case .stream(let text):
            w.string("output_type", "stream")
            w.string("name", "stdout")
            writeLines("text", text, &w)
        case .html(let html, let plain):
            w.string("output_type", "execute_result")
            w.int("execution_count", count)
            w.beginObject("data")
            writeLines("text/html", html, &w)
            writeLines("text/plain", plain, &w)
            w.endObject()
            w.beginObject("metadata")
            w.endObject()
        case .svg(let svg, let plain):
            w.string("output_type", "display_data")
            w.beginObject("data")
            writeLines("image/svg+xml", svg, &w)
            writeLines("text/plain", plain, &w)
            w.endObject()
            w.beginObject("metadata")
            w.endObject()
        }
        w.endObject()
    }
}
