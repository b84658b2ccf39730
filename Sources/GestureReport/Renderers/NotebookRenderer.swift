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

    static let setupCode = #"""
        import json
        from pathlib import Path

        import matplotlib.pyplot as plt
        import pandas as pd

        report = json.loads(Path("report.json").read_text(encoding="utf-8"))
        assert report["schema"] == "gesturetune.report/1", report["schema"]
        gestures = pd.DataFrame(report["gestures"])
        figures = report["figures"]

        # Okabe-Ito colours; marker shape and dash are the second cue.
        COLOURS = {"complete": "#0072B2", "cancel": "#D55E00", "unlabelled": "#CC79A7",
                   "current": "#E69F00", "suggested": "#009E73", "reference": "#000000"}
        MARKERS = {"complete": "o", "cancel": "^", "unlabelled": "D"}
        DASHES = {"complete": "-", "cancel": "--", "unlabelled": ":",
                  "current": "--", "suggested": "-", "reference": ":"}
        LABELS = {"complete": "meant complete", "cancel": "meant cancel", "unlabelled": "unlabelled"}


        def draw_histogram(h, ylabel):
            fig, ax = plt.subplots(figsize=(6.4, 4))
            for s in h["series"]:
                ax.stairs(s["counts"], h["edges"], fill=True, alpha=0.25, color=COLOURS[s["style"]])
                ax.stairs(s["counts"], h["edges"], color=COLOURS[s["style"]],
                          linestyle=DASHES[s["style"]], linewidth=1.8, label=s["name"])
            # Current and reference lines in black (as the scatter's current boundary), drawn last.
            for m in sorted(h["markers"], key=lambda m: m["style"] != "suggested"):
                if m["x"] is not None:
                    colour = COLOURS["suggested"] if m["style"] == "suggested" else "#000000"
                    ax.axvline(m["x"], color=colour, linestyle=DASHES[m["style"]], linewidth=2, label=m["name"])
            ax.set_xlabel(h["xLabel"])
            ax.set_ylabel(ylabel)
            ax.legend(fontsize=8)
            plt.show()


        print(f"{len(gestures)} gestures loaded from report.json")
        """#

    static let summaryCode = #"""
        summary = report["summary"]
        keys = ["gesturesRead", "gesturesUsed", "skippedTotal", "labelled", "currentSource",
                "currentError", "suggestedError", "errorChange", "currentMisdecided", "suggestedMisdecided"]
        pd.DataFrame({"value": [summary[k] for k in keys]}, index=keys)
        """#

    static let parametersCode = #"""
        parameters = pd.DataFrame(report["parameters"]["rows"])
        parameters[["name", "symbol", "unit", "suggested", "interval", "current", "defaults"]]
        """#

    static let rulesCode = #"""
        rules = pd.DataFrame([
            {"rule": r["family"], "crossValidatedError": r["crossValidatedError"],
             "inSampleError": r["inSampleError"], "misclassified": len(r["misclassified"]),
             **(r["confusion"] or {}), "note": r["note"]}
            for r in report["rules"]
        ])
        presets = pd.DataFrame(report["presets"])[["name", "error", "misdecided", "completes"]]
        rules
        """#

    /// The `--by` figure: each group's lead parameter with its interval beside the pooled one.
    static let groupsCode = """
        g = report["groups"]
        name = next(iter(g["pooledParameters"]), None)
        if name:
            rows = [x for x in g["groups"] if x["enough"]]
            fig, ax = plt.subplots(figsize=(6.4, 0.5 + 0.4 * (len(rows) + 1)))
            for i, x in enumerate(rows):
                p = x["parameters"][name]
                ax.errorbar(p["estimate"], i, xerr=[[p["estimate"] - p["lower"]], [p["upper"] - p["estimate"]]], fmt="o", color="#0072B2")
            pooled = g["pooledParameters"][name]
            ax.axvline(pooled["estimate"], color="#009E73", linestyle="--")
            ax.axvspan(pooled["lower"], pooled["upper"], color="#009E73", alpha=0.15)
            ax.set_yticks(range(len(rows)), [x["name"] for x in rows])
            ax.set_xlabel(name)
            plt.show()

        """

    static let scatterCode = #"""
        sc = figures["releaseScatter"]
        vlo, vhi = sc["vRange"]
        fig, ax = plt.subplots(figsize=(6.4, 4))
        if not gestures.empty:
            groups = gestures["intent"].fillna("unlabelled")
            for group, rows in gestures.groupby(groups):
                ax.scatter(rows["p_r"].clip(0, 1), rows["v_p"].clip(vlo, vhi), s=10, alpha=0.6,
                           color=COLOURS[group], marker=MARKERS[group], label=LABELS[group])
            miss = gestures[gestures["misdecidedBySuggested"]]
            ax.scatter(miss["p_r"].clip(0, 1), miss["v_p"].clip(vlo, vhi), s=70, facecolors="none",
                       edgecolors="black", label="misdecided (suggested)")
            only = gestures[gestures["misdecidedByCurrent"] & ~gestures["misdecidedBySuggested"]]
            ax.scatter(only["p_r"].clip(0, 1), only["v_p"].clip(vlo, vhi), s=70, facecolors="none",
                       edgecolors="black", linestyle=":", label="misdecided (current only)")
        # The current boundary last: its dashes stay visible where the two coincide.
        for key, colour, dash in [("suggestedBoundary", COLOURS["suggested"], "-"), ("currentBoundary", "black", "--")]:
            for k, line in enumerate(sc[key]):
                ax.plot([pt[0] for pt in line], [pt[1] for pt in line], color=colour, linestyle=dash,
                        linewidth=2, label=key.replace("Boundary", " boundary") if k == 0 else None)
        ax.set_xlim(*sc["pRange"])
        ax.set_ylim(vlo, vhi)
        ax.set_xlabel("release progress p_r")
        ax.set_ylabel("release velocity v_p (progress/s)")
        ax.legend(fontsize=8)
        plt.show()
        """#

    static let curvesCode = #"""
        pc = figures["progressCurves"]
        fig, ax = plt.subplots(figsize=(6.4, 4))
        seen = set()
        for c in pc["curves"]:
            g = c["group"]
            ax.plot(c["t"], c["p"], color=COLOURS[g], linestyle=DASHES[g], linewidth=0.8, alpha=0.4,
                    label=None if g in seen else LABELS[g])
            seen.add(g)
        ax.set_xlim(0, pc["tMax"])
        ax.set_ylim(0, 1)
        ax.set_xlabel("time since the first sample (s)")
        ax.set_ylabel("progress p(t)")
        ax.set_title(f"showing {pc['shown']} of {pc['total']} gestures", fontsize=9)
        ax.legend(fontsize=8)
        plt.show()
        """#

    static let estimatorsCode = #"""
        pd.DataFrame(report["estimators"])
        """#

    var gesturesCode: String {
        #"""
        columns = ["id", "samples", "duration", "p_r", "v", "v_p", "intent", "currentDecision", "suggestedDecision", "flags"]
        gestures[[c for c in columns if c in gestures.columns]].head(\#(gestureRows))
        """#
    }

    func cells() -> [Cell] {
        let svg = SVGRenderer(model: model, figures: figures)
        let content = ReportContent(model: model, gestureTableCap: gestureRows)
        let md = MarkdownRenderer(model: model, figures: figures)
        func section(_ k: Int) -> String {
            var s = ""
            md.section(k, to: &s, figureFiles: false)
            return s
        }
        func tableHTML(_ t: ReportTable) -> String {
            var s = ""
            HTMLRenderer.table(&s, t)
            return s
        }
        var header = ""
        md.header(&header)
        header += "This notebook loads `report.json` (beside it) with pandas and redraws each figure with matplotlib. "
        header += "The outputs are already filled in, so it reads without running.\n"
        let summaryTable = ReportTable(headers: ["", ""], rows: ReportContent(model: model).summaryFacts.map { [$0.0, $0.1] })

        var cells: [Cell] = [
            .markdown(header),
            .code(Self.setupCode, [.stream("\(model.gestures.count) gestures loaded from report.json\n")]),
            .markdown(section(0)),
            .code(Self.summaryCode, [.html(tableHTML(summaryTable), plain: "summary table")]),
            .markdown(section(1)),
            .code(Self.parametersCode, [.html(tableHTML(content.parameterTable), plain: "parameters table")]),
            .markdown(section(2)),
            .code(Self.rulesCode, [.html(tableHTML(content.ruleTable), plain: "rules table")]),
            .markdown(section(3)),
        ]
        let codes = [Self.scatterCode, Self.curvesCode,
                     "draw_histogram(figures[\"releaseVelocity\"], \"gestures\")\n",
                     "draw_histogram(figures[\"startPosition\"], \"gestures\")\n",
                     "draw_histogram(figures[\"velocityRatio\"], \"completing gestures\")\n"]
        for (k, f) in figures.info.enumerated() {
            cells.append(.markdown("### \(Text.markdown(f.title))\n\n\(Text.markdown(f.caption))\n"))
            cells.append(.code(k < codes.count ? codes[k] : Self.groupsCode, [.svg(svg.svg(f.name, idPrefix: "nb-"), plain: "<Figure size 640x400: \(f.title)>")]))
        }
        cells.append(.markdown(section(4)))
        cells.append(.code(Self.estimatorsCode, [.html(tableHTML(content.estimatorTable), plain: "estimators table")]))
        cells.append(.markdown(section(5)))
        // The first rows in file order, as `gestures.head(n)` shows them.
        var gt = content.gestureTable(indices: Array(model.gestures.indices.prefix(gestureRows)))
        gt.note = model.gestures.count > gestureRows ? "First \(gestureRows) of \(model.gestures.count) gestures; all are in report.json." : nil
        cells.append(.code(gesturesCode, [.html(tableHTML(gt), plain: "gestures table")]))
        cells += exploreCells
        cells.append(.markdown(section(6)))
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
