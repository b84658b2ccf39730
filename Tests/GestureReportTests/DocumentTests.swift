import Foundation
import GestureIO
import Testing

@testable import GestureReport

@Suite struct HTMLRendererTests {
    @Test func sectionsInOrderWithInlineFiguresAndOnlyInlineScripts() throws {
        let model = Fixture.model(count: 300, hostile: true)
        let html = HTMLRenderer(model: model).html()
        var last = html.startIndex
        for (id, _) in ReportContent.sections {
            let r = try #require(html.range(of: "<section id=\"\(id)\">"), "section \(id) missing")
            #expect(r.lowerBound > last, "section \(id) out of order")
            last = r.lowerBound
        }
        // Five figures, each in its wide and its narrow (phone) layout.
        #expect(html.components(separatedBy: "<svg xmlns=").count - 1 == 10)
        #expect(html.components(separatedBy: "data-layout=\"narrow\"").count - 1 == 5)
        // Two inline scripts (the page's data and its code), nothing loaded from a file or the network.
        #expect(html.components(separatedBy: "<script").count - 1 == 2)
        #expect(html.contains("<script type=\"application/json\" id=\"gt-data\">"))
        #expect(!html.lowercased().contains("<script src") && !html.contains("import("))
        // No network: nothing loaded from elsewhere.
        #expect(
            !html.contains("src=\"http") && !html.contains("href=\"http")
                && !html.contains("@import") && !html.contains("url(http"))
        #expect(!html.contains("<link"))
        #expect(html.contains("@media print"))
        // Summary first: the headline precedes every table.
        let headline = try #require(html.range(of: "class=\"headline\""))
        let table = try #require(html.range(of: "<table"))
        #expect(headline.lowerBound < table.lowerBound)
    }

    @Test func hostileIDsAreEscaped() {
        let html = HTMLRenderer(model: Fixture.model(count: 50, hostile: true)).html()
        #expect(!html.contains("<script>alert"))
        #expect(html.contains("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;"))
        #expect(html.contains("a&quot;b&#39;c&amp;d"))
        #expect(!html.contains("<svg onload"))
        #expect(html.contains("&amp;amp; already"))
        #expect(!html.contains("<b>markup</b>"))
    }

    @Test func largeReportCapsTheTable() {
        let model = Fixture.model(count: 5_000)
        let content = ReportContent(model: model, gestureTableCap: 200)
        let t = content.gestureTable
        #expect(t.rows.count == 200)
        #expect(t.note?.contains("Showing 200 of 5000") == true)
        // Misdecided first: every shown row up to their count is misdecided.
        let miss = model.gestures.filter { $0.misdecidedBySuggested || $0.misdecidedByCurrent }
            .count
        let shownMiss = content.gestureTableIndices.filter {
            model.gestures[$0].misdecidedBySuggested || model.gestures[$0].misdecidedByCurrent
        }.count
        #expect(shownMiss == min(miss, 200))
    }
}

@Suite struct MarkdownRendererTests {
    @Test func sameSectionsWithFigureLinksAndEscapedTables() throws {
        let md = MarkdownRenderer(model: Fixture.model(count: 100, hostile: true)).markdown()
        var last = md.startIndex
        for (k, s) in ReportContent.sections.enumerated() {
            let r = try #require(md.range(of: "\n## \(k + 1). \(s.title)\n"))
            #expect(r.lowerBound > last)
            last = r.lowerBound
        }
        for name in [
            "release-scatter", "progress-curves", "release-velocity", "start-position",
            "velocity-ratio",
        ] {
            #expect(md.contains("](figures/\(name).svg)"))
        }
        #expect(!md.contains("<script>"))
        #expect(md.contains("&lt;script&gt;"))
        #expect(md.contains("\\|pipe\\|\\*star\\*\\_under\\_"))
        // Every table row has as many unescaped pipes as its table's header row.
        func pipes(_ line: Substring) -> Int {
            var n = 0
            var escaped = false
            for ch in line {
                if ch == "|" && !escaped { n += 1 }
                escaped = ch == "\\" && !escaped
            }
            return n
        }
        var expected: Int?
        var rows = 0
        for line in md.split(separator: "\n", omittingEmptySubsequences: false) {
            guard line.hasPrefix("|") else {
                expected = nil
                continue
            }
            if let e = expected {
                #expect(pipes(line) == e, "\(line)")
                rows += 1
            } else {
                expected = pipes(line)
            }
        }
        #expect(rows > 100)
    }
}

@Suite struct SummaryRendererTests {
    @Test func textSummaryIsShortAndComplete() {
        let model = Fixture.model(count: 300)
        let text = SummaryRenderer(model: model, reportPath: "notebooks-out/swipe").text(.text)
        let lines = text.split(separator: "\n")
        #expect(lines.count <= 7)
        // What to ship, in words, first.
        #expect(lines[0] == Substring(model.headline))
        #expect(lines[0].hasPrefix("Ship: complete when the finger lets go "))
        #expect(lines[0].contains(" (threshold p_th 0.45"))
        #expect(lines[1].contains("300 gestures used of 303 read"))
        #expect(lines[1].contains("3 skipped (2 too-few-samples, 1 interrupted-by-system)"))
        #expect(
            lines[2].contains(
                "current flutter-cupertino \(NumberText.percent(model.summary.currentError))"))
        #expect(lines[3].hasPrefix("suggest: threshold p_th 0.45"))
        #expect(text.contains("report: notebooks-out/swipe/report.html"))
        let md = SummaryRenderer(model: model, reportPath: nil).text(.markdown)
        #expect(md.contains("- report: not written"))
    }

    /// Current 7.0%, suggestion 7.3% cross-validated: +0.3 points, so the headline, the
    /// terminal summary and report.json all say to keep the current parameters.
    @Test func noBetterOutOfSampleSaysKeepTheCurrentParameters() throws {
        var model = Fixture.model(count: 100)
        model.summary.currentRule = .threshold(progress: 0.42, velocity: 1.35)
        model.summary.suggestedRule = .threshold(progress: 0.43, velocity: 1.02)
        model.summary.currentSource = "params.json"
        model.summary.currentError = 0.070
        model.summary.suggestedError = 0.073
        #expect(model.keepCurrent)
        #expect(
            model.headline.hasPrefix(
                "Keep the current params.json parameters: complete when the finger lets go moving forward at 527 pt/s or faster, or at or past 42% of the way unless moving back at 527 pt/s or faster (threshold p_th 0.42, v_th 1.35 progress/s (527 pt/s)). It misreads 7.0% of these swipes; the best tuned rule, threshold p_th 0.43"
            ))
        #expect(
            model.headline.contains(
                "is not expected to misread fewer out of sample (cross-validated error 7.3%, +0.3 points)"
            ))
        #expect(!model.headline.contains("Suggested"))
        let lines = SummaryRenderer(model: model, reportPath: nil).text(.text).split(
            separator: "\n")
        #expect(
            lines.contains {
                $0.hasPrefix("suggest: keep the current params.json rule (threshold p_th 0.42")
                    && $0.contains("is not expected to misread fewer out of sample")
            })
        #expect(lines.contains { $0.hasSuffix("(+0.3 points)") })
        let json = try #require(
            JSONSerialization.jsonObject(with: Data(JSONRenderer(model: model).json().utf8))
                as? [String: Any])
        #expect((json["summary"] as? [String: Any])?["keepCurrent"] as? Bool == true)
        for file in try model.snippetFiles() {
            #expect(
                file.contents.contains(
                    "// Rule: the current params.json parameters, threshold p_th 0.42, v_th 1.35 progress/s (527 pt/s), kept: the tuned threshold p_th 0.43, v_th 1.02 progress/s (398 pt/s) is not expected to misread fewer out of sample."
                ), "\(file.name)")
        }

        // An equal error is "no change" and still keeps the current parameters.
        model.summary.suggestedError = 0.070
        #expect(model.keepCurrent)
        #expect(model.headline.contains("(cross-validated error 7.0%, no change)"))
        #expect(SummaryRenderer(model: model, reportPath: nil).text(.text).contains("(no change)"))

        // The same rule as the current one: keep it, whatever the error figures.
        model.summary.suggestedRule = model.summary.currentRule
        model.summary.suggestedError = 0.05
        #expect(model.keepCurrent)
        #expect(
            model.headline.contains(
                "Tuning arrives at the same rule (cross-validated error 5.0%; 7.0% on these gestures)"
            ))

        // Better out of sample: the suggestion is the headline.
        model.summary.suggestedRule = .threshold(progress: 0.43, velocity: 1.02)
        #expect(!model.keepCurrent)
        #expect(
            model.headline.hasPrefix(
                "Ship: complete when the finger lets go moving forward at 398 pt/s"))
        #expect(
            model.headline.contains(
                " of the way unless moving back at 398 pt/s or faster (threshold p_th 0.43"))
        #expect(model.headline.hasSuffix("current params.json parameters: −2.0 points)."))
    }

    @Test func unlabelledSaysNoErrorCanBeMeasured() {
        let model = Fixture.model(count: 120, labelled: false)
        let text = SummaryRenderer(model: model, reportPath: nil).text(.text)
        #expect(text.contains("unlabelled"))
        #expect(text.contains("misdecided: unknown (no intent labels)"))
        #expect(
            !text.split(separator: "\n").contains { $0.hasPrefix("error:") },
            "a summary line reads as a diagnostic")
        #expect(text.contains("inferred: projection"))
        #expect(model.headline.hasPrefix("No intent labels"))
    }
}
