import GestureCodegen

/// Writes `report.md`: the same content as the HTML, figures linked from `figures/*.svg`.
/// User text is XML-escaped and Markdown punctuation backslash-escaped.
public struct MarkdownRenderer: Sendable {
    public let model: ReportModel
    public let figures: ReportFigures
    public let content: ReportContent

    public init(model: ReportModel, figures: ReportFigures? = nil, gestureTableCap: Int = 500) {
        self.model = model
        self.figures = figures ?? ReportFigures(model: model)
        self.content = ReportContent(model: model, gestureTableCap: gestureTableCap)
    }

    public func render(to out: inout some TextOutputStream) {
        header(&out)
        for (k, s) in ReportContent.sections.enumerated() {
            out.write(
                "\(k + 1). [\(s.title)](#\(k + 1)-\(s.title.lowercased().replacingOccurrences(of: " ", with: "-")))\n"
            )
        }
        out.write("\n")
        for k in ReportContent.sections.indices { section(k, to: &out) }
    }

    /// Title line and provenance.
    func header(_ out: inout some TextOutputStream) {
        let m = Text.markdown
        out.write("# Gesture tuning report: \(m(model.name))\n\n")
        out.write(
            "\(m(model.generator)) · \(model.gesturesUsedInAll) gestures · \(m(model.summary.files.joined(separator: ", ")))\n\n"
        )
    }

    /// Section `k` (0-based, `ReportContent.sections` order). With `figureFiles` false the
    /// figures section lists titles and captions only (the notebook shows the figures itself).
    func section(_ k: Int, to out: inout some TextOutputStream, figureFiles: Bool = true) {
        let m = Text.markdown
        heading(&out, k)
        switch ReportContent.sections[k].id {
        case "summary":
            out.write("> **\(m(model.headline))**\n\n")
            for w in model.summary.warnings { out.write("> ⚠️ \(m(w.sentence))\n\n") }
            Self.table(
                &out,
                ReportTable(headers: ["", ""], rows: content.summaryFacts.map { [$0.0, $0.1] }))
        case "parameters":
            out.write("\(m(content.parameterIntro))\n\n")
            Self.table(&out, content.parameterTable)
            out.write("### Completion animation and edge\n\n")
            Self.table(&out, content.animationTable)
        case "gate":
            for p in content.gateParagraphs { out.write("\(m(p))\n\n") }
            if let g = model.gate { Self.table(&out, g.table) }
            if figureFiles { figures(&out, in: "gate") }
        case "rules":
            Self.table(&out, content.ruleTable)
            if let c = content.coefficientTable {
                out.write("### Coefficients\n\n")
                Self.table(&out, c)
            }
            for line in content.unlabelledLines { out.write("\(m(line))\n\n") }
            if let o = content.outcomeTable {
                out.write("### Recorded outcomes that disagree with the current parameters\n\n")
                Self.table(&out, o)
            }
            out.write("### Shipping systems' presets on these gestures\n\n")
            Self.table(&out, content.presetTable)
            if let g = model.groups {
                out.write(
                    "### Per-group parameters (--by \(m(g.analysis.columns)))\n\n**\(m(g.headline))**\n\n"
                )
                Self.table(&out, g.table)
                if let h = g.heldOutTable {
                    out.write(
                        "Leave one group out: each group's gestures decided by the pooled set fitted on the other groups, and by the group's own set fitted on its other folds.\n\n"
                    )
                    Self.table(&out, h)
                }
            }
        case "figures":
            if figureFiles {
                figures(&out, in: "figures")
            } else {
                out.write(
                    "Each figure is redrawn below from report.json with matplotlib; the stored output is the report's own SVG.\n\n"
                )
            }
        case "estimators":
            out.write(
                "Median absolute difference of each estimator's release velocity to lsq2's (and to the platform's own report, when the trace has vx/vy).\n\n"
            )
            Self.table(&out, content.estimatorTable)
        case "gestures":
            out.write("✗ marks a decision that differs from the intent.\n\n")
            Self.table(&out, content.gestureTable)
        default:
            out.write(Text.markdown(Self.snippetsIntro(model)) + "\n\n")
            for name in SnippetTemplates.names(for: model.snippetValues.direction) {
                out.write(
                    "- [snippets/\(m(name))](snippets/\(name)): \(m(SnippetTemplates.summary(of: name)))\n"
                )
            }
            let page = ReportModel.playgroundPath
            out.write("- [snippets/\(m(page))](snippets/\(page)): \(m(Self.playgroundSummary))\n")
            out.write("\n")
        }
    }

    /// The figures section `id` shows (`FigureInfo.section`), linked from `figures/`.
    private func figures(_ out: inout some TextOutputStream, in id: String) {
        let m = Text.markdown
        for f in figures.info where f.section == id {
            out.write(
                "### \(m(f.title))\n\n![\(m(f.title))](figures/\(f.name).svg)\n\n*\(m(f.caption))*\n\n"
            )
        }
    }

    /// What `snippets/web/playground.html` is, in the lists of snippet files.
    static let playgroundSummary =
        "a page to feel the suggestion before shipping it: the web snippet drives a sheet under the suggested parameters (or the current ones), the web recorder records; open it on a phone"

    /// The sentence above the list of snippet files (HTML, Markdown, notebook).
    static func snippetsIntro(_ model: ReportModel) -> String {
        let v = model.snippetValues
        let transition = v.direction == .right || v.direction == .left ? "pop" : "dismiss"
        return
            "The suggestion as code for a \(transition) \(SnippetTemplates.directionWord(v.direction)), per platform, in snippets/: the decision function of the \(v.family.rawValue) rule with params.json's numbers, the direction lock and the finger-speed cap, each file saying which velocity estimator the thresholds were fitted on ('\(v.estimator)'). gesturetune's tests type-check the Swift files against stubs of UIKit and SwiftUI, compile the Kotlin one against stubs of Android (where kotlinc is installed) and load the JavaScript one in headless Chromium; none was built for a device."
    }

    public func markdown() -> String {
        var s = ""
        render(to: &s)
        return s
    }

    private func heading(_ out: inout some TextOutputStream, _ k: Int) {
        out.write("## \(k + 1). \(ReportContent.sections[k].title)\n\n")
    }

    static func table(_ out: inout some TextOutputStream, _ t: ReportTable) {
        out.write("| " + t.headers.map(Text.markdown).joined(separator: " | ") + " |\n")
        out.write("|" + t.headers.map { _ in "---|" }.joined() + "\n")
        for row in t.rows {
            out.write(
                "| " + row.map { $0.isEmpty ? " " : Text.markdown($0) }.joined(separator: " | ")
                    + " |\n")
        }
        out.write("\n")
        if let note = t.note { out.write("*\(Text.markdown(note))*\n\n") }
    }
}
