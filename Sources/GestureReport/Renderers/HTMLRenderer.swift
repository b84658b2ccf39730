import GestureCodegen
import GestureIO

/// Writes `report.html`: one self-contained page (no network), summary first, tables, inline
/// SVG figures, a light stylesheet with print and phone rules, and one small inline script
/// (`HTMLRenderer+Script.swift`): what-if controls, drill-down timelines, a sortable, filterable,
/// paged gesture table. Without the script the page reads as before.
public struct HTMLRenderer: Sendable {
    public let model: ReportModel
    public let figures: ReportFigures
    public let content: ReportContent

    public init(model: ReportModel, figures: ReportFigures? = nil, gestureTableCap: Int = 500) {
        self.model = model
        self.figures = figures ?? ReportFigures(model: model)
        self.content = ReportContent(model: model, gestureTableCap: gestureTableCap)
    }

    static let stylesheet = """
        :root { color-scheme: light; --ink: #1b1b1b; --muted: #5a5a5a; --rule: #d9d9d9; --accent: #0072B2; --bg-soft: #f5f7f9; }
        * { box-sizing: border-box; }
        body { margin: 0; color: var(--ink); background: #fff; font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, Helvetica, Arial, sans-serif; }
        main { max-width: 1100px; margin: 0 auto; padding: 24px 28px 64px; }
        h1 { font-size: 26px; margin: 0 0 4px; }
        h2 { font-size: 20px; margin: 36px 0 10px; padding-bottom: 4px; border-bottom: 2px solid var(--rule); }
        h3 { font-size: 16px; margin: 22px 0 8px; }
        .meta { color: var(--muted); margin: 0 0 16px; }
        .headline { background: var(--bg-soft); border-left: 4px solid var(--accent); padding: 12px 16px; font-size: 16px; margin: 12px 0; }
        .warning { background: #fff6e0; border-left: 4px solid #E69F00; padding: 8px 14px; margin: 8px 0; }
        .warning p { margin: 0; }
        .warning details { margin-top: 4px; font-size: 13px; color: var(--muted); }
        .warning summary { cursor: pointer; color: var(--ink); }
        .warning details p { margin-top: 4px; }
        nav ol { margin: 6px 0 0; padding-left: 22px; columns: 2; }
        table { border-collapse: collapse; margin: 8px 0 12px; font-size: 13px; width: 100%; }
        th, td { border: 1px solid var(--rule); padding: 4px 8px; text-align: left; vertical-align: top; }
        th { background: var(--bg-soft); font-weight: 600; }
        td.num { text-align: right; font-variant-numeric: tabular-nums; }
        table.facts th { width: 200px; }
        tr.suggested td, tr.current td { background: #eef7f3; }
        tr.miss td { background: #fdece6; }
        tr.miss-current td { background: #fff8e6; }
        .table-wrap { overflow-x: auto; }
        .note { color: var(--muted); font-size: 13px; }
        figure { margin: 18px 0 26px; }
        figure svg { max-width: 100%; height: auto; border: 1px solid var(--rule); }
        figcaption { color: var(--muted); font-size: 13px; margin-top: 6px; max-width: 640px; }
        pre { background: #f6f8fa; border: 1px solid var(--rule); padding: 12px; overflow: auto; max-width: 100%; max-height: 36em; font-size: 12px; line-height: 1.4; }
        code { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
        @media print {
          body { font-size: 11px; }
          main { max-width: none; padding: 0; }
          nav { display: none; }
          h2 { break-after: avoid; }
          figure, table, pre { break-inside: avoid; }
          figure svg { border: none; }
          tr.miss td, tr.miss-current td, tr.suggested td, tr.current td, th { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
          pre { white-space: pre-wrap; }
        }
        """

    public func render(to out: inout some TextOutputStream) {
        let h = Text.xml
        out.write("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
        out.write("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
        out.write("<meta name=\"generator\" content=\"\(h(model.generator))\">\n")
        out.write(
            "<title>gesturetune report: \(h(model.name))</title>\n<style>\n\(Self.stylesheet)\n\(Self.interactiveStylesheet)\n</style>\n</head>\n<body>\n<main>\n"
        )
        out.write(
            "<header>\n<h1>Gesture tuning report: \(h(model.name))</h1>\n<p class=\"meta\">\(h(model.generator)) · \(model.gesturesUsedInAll) gestures · \(h(model.summary.files.joined(separator: ", ")))</p>\n</header>\n"
        )
        out.write("<nav aria-label=\"Contents\"><ol>")
        for (id, title) in ReportContent.sections {
            out.write("<li><a href=\"#\(id)\">\(h(title))</a></li>")
        }
        out.write("</ol></nav>\n")

        section(&out, "summary")
        out.write("<p class=\"headline\">\(h(model.headline))</p>\n")
        // Warnings for a designer: a plain sentence, the warning's own text one click away.
        for w in model.summary.warnings {
            out.write(
                "<div class=\"warning\" role=\"note\"><p>\(h(w.plain))</p><details><summary>details</summary><p>\(h(w.sentence))</p></details></div>\n"
            )
        }
        out.write("<div class=\"table-wrap\"><table class=\"facts\">\n")
        for (k, v) in content.summaryFacts {
            out.write("<tr><th scope=\"row\">\(h(k))</th><td>\(h(v))</td></tr>\n")
        }
        out.write("</table></div>\n</section>\n")

        section(&out, "parameters")
        out.write("<p>\(h(content.parameterIntro))</p>\n")
        table(&out, content.parameterTable)
        out.write("<h3>Completion animation and edge</h3>\n")
        table(&out, content.animationTable)
        out.write("</section>\n")

        section(&out, "gate")
        for p in content.gateParagraphs { out.write("<p>\(h(p))</p>\n") }
        if let g = model.gate { table(&out, g.table) }
        figures(&out, in: "gate")
        out.write("</section>\n")

        section(&out, "rules")
        table(&out, content.ruleTable)
        if let c = content.coefficientTable {
            out.write("<h3>Coefficients</h3>\n")
            table(&out, c)
        }
        for line in content.unlabelledLines { out.write("<p>\(h(line))</p>\n") }
        if let o = content.outcomeTable {
            out.write("<h3>Recorded outcomes that disagree with the current parameters</h3>\n")
            table(&out, o)
        }
        out.write("<h3>Shipping systems' presets on these gestures</h3>\n")
        table(&out, content.presetTable)
        if let g = model.groups {
            out.write(
                "<h3>Per-group parameters (--by \(h(g.analysis.columns)))</h3>\n<p><strong>\(h(g.headline))</strong></p>\n"
            )
            table(&out, g.table)
            if let held = g.heldOutTable {
                out.write(
                    "<p>Leave one group out: each group's gestures decided by the pooled set fitted on the other groups, and by the group's own set fitted on its other folds.</p>\n"
                )
                table(&out, held)
            }
        }
        out.write("</section>\n")

        section(&out, "figures")
        whatIf(&out)
        figures(&out, in: "figures")
        out.write("</section>\n")

        section(&out, "estimators")
        out.write(
            "<p>Median absolute difference of each estimator's release velocity to lsq2's (and to the platform's own report, when the trace has vx/vy).</p>\n"
        )
        table(&out, content.estimatorTable)
        out.write("</section>\n")

        section(&out, "gestures")
        out.write(
            "<p>✗ marks a decision that differs from the intent. Flags: ambiguous (near the boundary), fallback (estimator fell back), duplicates (equal timestamps), reversal (direction reversed in the last 100 ms), interrupted (closed by the system), outcome-mismatch.</p>\n"
        )
        gestureTable(&out)
        out.write("</section>\n")

        section(&out, "snippets")
        out.write("<p>\(h(MarkdownRenderer.snippetsIntro(model)))</p>\n")
        do {
            let snippets = try model.snippetFiles()
            out.write("<ul>\n")
            for s in snippets {
                out.write(
                    "<li><a href=\"snippets/\(h(s.name))\"><code>snippets/\(h(s.name))</code></a>: \(h(SnippetTemplates.summary(of: s.name)))</li>\n"
                )
            }
            let page = ReportModel.playgroundPath
            out.write(
                "<li><a href=\"snippets/\(h(page))\"><code>snippets/\(h(page))</code></a>: \(h(MarkdownRenderer.playgroundSummary))</li>\n"
            )
            out.write("</ul>\n")
            for s in snippets {
                out.write(
                    "<details>\n<summary><code>snippets/\(h(s.name))</code></summary>\n<pre><code class=\"language-\(SnippetTemplates.codeLanguage(of: s.name))\">"
                )
                out.write(h(s.contents))
                out.write("</code></pre>\n</details>\n")
            }
        } catch {
            out.write("<p>The snippets could not be written: \(h("\(error)")).</p>\n")
        }
        out.write("</section>\n</main>\n")
        let data = ReportInteractiveData(
            model: model, figures: figures, timelineIndices: content.gestureTableIndices)
        out.write("<script type=\"application/json\" id=\"gt-data\">\(data.json())</script>\n")
        out.write("<script>\n\(Self.script)\n</script>\n</body>\n</html>\n")
    }

    /// The what-if controls: one set of sliders per rule (current, suggested), each with its
    /// misdecided count, error and confusion matrix; the script fills them in.
    private func whatIf(_ out: inout some TextOutputStream) {
        out.write(
            "<h3 id=\"what-if\">What if</h3>\n<p>Move a parameter to see, on these gestures, what the rule would decide: the error, the confusion matrix and the boundary in the release scatter follow. Velocity thresholds in progress/s; type <code>inf</code> for an infinite one.</p>\n"
        )
        if model.summary.labelled {
            out.write(
                "<p>The error here is <strong>in-sample</strong>: each rule is scored on the gestures it was tuned on, so a tuned rule looks better here than it will on new gestures. The honest figure is the cross-validated error\(model.summary.suggestedError.map { " (\(NumberText.percent($0)) for the tuned rule)" } ?? ""), which the recommendation rests on.</p>\n"
            )
        }
        out.write("<div class=\"whatif\">\n")
        for (role, title, rule) in [
            ("current", "Current (\(model.summary.currentSource))", model.summary.currentRule),
            (
                "suggested",
                model.summary.suggestionInferred
                    ? "Inferred split"
                    : model.recommendationChoice == .tuned ? "Suggested" : "Tuned",
                model.summary.suggestedRule
            ),
        ] {
            out.write(
                "<fieldset id=\"wi-\(role)\"><legend>\(Text.xml(title)): \(Text.xml(rule.family.rawValue))</legend>\n"
            )
            out.write(
                "<p>error <output id=\"wi-\(role)-error\">(needs the page's script)</output> <button type=\"button\" id=\"wi-\(role)-reset\">reset</button></p>\n"
            )
            if model.summary.labelled {
                out.write(
                    "<div class=\"table-wrap\"><table aria-label=\"confusion matrix\"><tr><th>intent \\ decided</th><th>complete</th><th>cancel</th></tr>"
                )
                out.write(
                    "<tr><th>complete</th><td class=\"num\" id=\"wi-\(role)-cc\"></td><td class=\"num\" id=\"wi-\(role)-cx\"></td></tr>"
                )
                out.write(
                    "<tr><th>cancel</th><td class=\"num\" id=\"wi-\(role)-xc\"></td><td class=\"num\" id=\"wi-\(role)-xx\"></td></tr></table></div>\n"
                )
            }
            out.write("</fieldset>\n")
        }
        out.write("</div>\n")
        // Take the values away: the set on the sliders as params.json and as the snippets'
        // parameters block, with its end-to-end error (the script fills it in).
        out.write(
            "<div class=\"whatif-take\" id=\"what-if-take\" hidden><h4>Take these values away</h4>"
                + "<p class=\"take-tools\"><label>set <select id=\"take-role\"><option value=\"suggested\">suggested</option><option value=\"current\">current</option></select></label> "
                + "<label>language <select id=\"take-language\"><option value=\"swift\">Swift</option><option value=\"kt\">Kotlin</option><option value=\"js\">JavaScript</option></select></label> "
                + "<button type=\"button\" id=\"take-download\">Download params.json</button></p>"
                + "<p>error end to end (gate, then release, as <code>batch</code> counts): <output id=\"take-error\"></output></p>"
                + "<pre><code id=\"take-block\"></code></pre></div>\n")
    }

    /// The gesture table with its tools (filter, pages) and the drill-down panel; rows carry
    /// their gesture id.
    private func gestureTable(_ out: inout some TextOutputStream) {
        let indices = content.gestureTableIndices
        out.write(
            "<div id=\"timeline\" role=\"dialog\" aria-labelledby=\"timeline-title\" hidden><button type=\"button\" id=\"timeline-close\" aria-label=\"close the timeline (Escape)\">close</button><h3 id=\"timeline-title\"></h3><div id=\"timeline-body\"></div></div>\n"
        )
        out.write("<div class=\"table-tools\" id=\"gesture-tools\" hidden>")
        out.write(
            "<label>show <select id=\"filter-miss\"><option value=\"\">all</option><option value=\"suggested\">misdecided (suggested)</option><option value=\"current\">misdecided (current)</option></select></label>"
        )
        out.write(
            "<label>intent <select id=\"filter-intent\"><option value=\"\">any</option><option>complete</option><option>cancel</option><option>unlabelled</option></select></label>"
        )
        out.write("<label>id <input type=\"text\" id=\"filter-id\" size=\"8\"></label>")
        out.write(
            "<button type=\"button\" id=\"sort-doubt\">doubtful first</button><button type=\"button\" id=\"page-prev\">‹ previous</button><span id=\"gesture-page\"></span><button type=\"button\" id=\"page-next\">next ›</button></div>\n"
        )
        // Relabel: what a person meant, set here or in the drill-down, kept in the browser's
        // local storage, exported as a labels file for `analyze --relabel`.
        out.write(
            "<div class=\"table-tools\" id=\"relabel-tools\" hidden><span>Relabel in the last column or the drill-down; changes stay in this browser. <output id=\"relabel-count\">0 changed</output></span>"
                + "<button type=\"button\" id=\"relabel-export\">Export labels CSV</button><button type=\"button\" id=\"relabel-forget\">forget changes</button></div>\n"
        )
        Self.table(
            &out, content.gestureTable(indices: indices), id: "gesture-table",
            rowIDs: indices.map { model.gestures[$0].id })
    }

    public func html() -> String {
        var s = ""
        render(to: &s)
        return s
    }

    /// The figures a section shows (`FigureInfo.section`), each in both layouts, one shown
    /// at a time by width (the stylesheet's `fig-wide`, `fig-narrow`): a phone gets one drawn
    /// for its width, text unscaled.
    private func figures(_ out: inout some TextOutputStream, in section: String) {
        let svg = SVGRenderer(model: model, figures: figures)
        for f in figures.info where f.section == section {
            out.write("<figure id=\"fig-\(f.name)\">\n<div class=\"fig-wrap fig-wide\">\n")
            svg.render(f.name, to: &out, idPrefix: "fig-")
            out.write("</div>\n<div class=\"fig-wrap fig-narrow\">\n")
            svg.render(f.name, to: &out, idPrefix: "fign-", layout: .narrow)
            out.write(
                "</div>\n<figcaption><strong>\(Text.xml(f.title)).</strong> \(Text.xml(f.caption))</figcaption>\n</figure>\n"
            )
        }
    }

    private func section(_ out: inout some TextOutputStream, _ id: String) {
        let k = ReportContent.index(of: id)
        let title = ReportContent.sections[k].title
        out.write("<section id=\"\(id)\">\n<h2>\(k + 1). \(Text.xml(title))</h2>\n")
    }

    /// A table; cells that look numeric are right-aligned.
    static func table(
        _ out: inout some TextOutputStream, _ t: ReportTable, id: String? = nil,
        rowIDs: [String] = []
    ) {
        out.write(
            "<div class=\"table-wrap\"><table\(id.map { " id=\"\($0)\"" } ?? "")>\n<thead><tr>")
        for hd in t.headers { out.write("<th scope=\"col\">\(Text.xml(hd))</th>") }
        out.write("</tr></thead>\n<tbody>\n")
        // A column is right-aligned when every filled cell in it is a number.
        let numericColumn = t.headers.indices.map { c in
            guard t.alignNumbers else { return false }
            var any = false
            for row in t.rows
            where c < row.count && !row[c].isEmpty && row[c] != "—" && row[c] != "n/a" {
                if !isNumeric(row[c]) { return false }
                any = true
            }
            return any
        }
        for (k, row) in t.rows.enumerated() {
            var cls =
                k < t.rowClasses.count && !t.rowClasses[k].isEmpty
                ? " class=\"\(t.rowClasses[k])\"" : ""
            if k < rowIDs.count { cls += " data-gesture=\"\(Text.xml(rowIDs[k]))\"" }
            out.write("<tr\(cls)>")
            for (c, cell) in row.enumerated() {
                out.write(
                    c < numericColumn.count && numericColumn[c] ? "<td class=\"num\">" : "<td>")
                out.write(Text.xml(cell))
                out.write("</td>")
            }
            out.write("</tr>\n")
        }
        out.write("</tbody>\n</table></div>\n")
        if let note = t.note { out.write("<p class=\"note\">\(Text.xml(note))</p>\n") }
    }

    private func table(_ out: inout some TextOutputStream, _ t: ReportTable) { Self.table(&out, t) }

    static func isNumeric(_ s: String) -> Bool {
        guard let f = s.utf8.first else { return false }
        return (f >= 48 && f <= 57) || (f == 45 && s.utf8.count > 1)
            ? s.utf8.allSatisfy { ($0 >= 48 && $0 <= 57) || $0 == 46 || $0 == 45 || $0 == 37 }
            : false
    }
}
