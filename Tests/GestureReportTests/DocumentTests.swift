import Foundation
import Testing

@testable import GestureReport

@Suite struct HTMLRendererTests {
    @Test func sectionsInOrderWithInlineFiguresAndNoScripts() throws {
        let model = Fixture.model(count: 300, hostile: true)
        let html = HTMLRenderer(model: model).html()
        var last = html.startIndex
        for (id, _) in ReportContent.sections {
            let r = try #require(html.range(of: "<section id=\"\(id)\">"), "section \(id) missing")
            #expect(r.lowerBound > last, "section \(id) out of order")
            last = r.lowerBound
        }
        #expect(html.components(separatedBy: "<svg xmlns=").count - 1 == 5)
        #expect(!html.lowercased().contains("<script"))
        // No network: nothing loaded from elsewhere.
        #expect(!html.contains("src=\"http") && !html.contains("href=\"http") && !html.contains("@import") && !html.contains("url(http"))
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
        let miss = model.gestures.filter { $0.misdecidedBySuggested || $0.misdecidedByCurrent }.count
        let shownMiss = content.gestureTableIndices.filter { model.gestures[$0].misdecidedBySuggested || model.gestures[$0].misdecidedByCurrent }.count
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
        for name in ["release-scatter", "progress-curves", "release-velocity", "start-position", "velocity-ratio"] {
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
            guard line.hasPrefix("|") else { expected = nil; continue }
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
        #expect(lines.count <= 6)
        #expect(lines[0].contains("300 gestures used of 303 read"))
        #expect(lines[0].contains("3 skipped (2 too-few-samples, 1 interrupted-by-system)"))
        #expect(lines[1].contains("current flutter-cupertino \(Text.percent(model.summary.currentError))"))
        #expect(lines[2].hasPrefix("suggest: threshold p_th 0.45"))
        #expect(text.contains("report: notebooks-out/swipe/report.html"))
        let md = SummaryRenderer(model: model, reportPath: nil).text(.markdown)
        #expect(md.contains("- report: not written"))
    }

    @Test func unlabelledSaysNoErrorCanBeMeasured() {
        let model = Fixture.model(count: 120, labelled: false)
        let text = SummaryRenderer(model: model, reportPath: nil).text(.text)
        #expect(text.contains("unlabelled"))
        #expect(text.contains("error: unknown (no intent labels)"))
        #expect(text.contains("inferred: projection"))
        #expect(model.headline.hasPrefix("No intent labels"))
    }
}
