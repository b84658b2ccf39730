import Foundation
import GesturePhysics
import GestureTrace
import Testing

@testable import GestureReport

/// What the reader saw, as the report shows it: rows and gestures skipped apart, rows as a
/// share of rows read, and the unit of the coordinates.
@Suite struct ReadFiguresTests {
    /// 1,000 rows, 40 of them left out by --where (960 read), 24 multi-touch rows skipped
    /// (24 / 960 = 2.5%), 2 gestures too short; coordinates from a dpi column. The fixture's
    /// measurements hold one gesture interrupted by the system (a third skipped gesture).
    @Test func rowsAndGesturesApartWithTheUnit() throws {
        var read = ReadSummary(file: "d.csv")
        read.rows = 1000
        read.filteredRows = 40
        read.skipped = [.multiTouch: 24, .tooFewSamples: 2]
        read.coordinateUnit = .dpi
        let (_, model) = TuningInputs.model(TuningInputs.labelled, reads: [read])
        let s = model.summary
        #expect(s.rowsRead == 960)
        #expect(s.skippedTotal(.rows) == 24 && s.skippedTotal(.gestures) == 3)
        #expect(s.rowsSkippedShare == 0.025)
        let line =
            SummaryRenderer(model: model, reportPath: nil).text(.text).split(separator: "\n")
            .dropFirst().first.map(String.init) ?? ""
        #expect(
            line.contains(
                "; 3 skipped (2 too-few-samples, 1 interrupted-by-system); 24 of 960 rows skipped (2.5%: 24 multi-touch)"
            ), "\(line)")
        let facts = Dictionary(
            uniqueKeysWithValues: ReportContent(model: model).summaryFacts.map { ($0.0, $0.1) })
        #expect(facts["Coordinates"]?.hasPrefix("pt from the dpi column") == true)
        let json = try #require(
            JSONSerialization.jsonObject(with: Data(JSONRenderer(model: model).json().utf8))
                as? [String: Any])
        let summary = try #require(json["summary"] as? [String: Any])
        #expect(summary["rowsRead"] as? Int == 960 && summary["rowsSkipped"] as? Int == 24)
        #expect(summary["rowsSkippedShare"] as? Double == 0.025)
        #expect(summary["coordinateUnit"] as? String == "dpi")
        let units = (summary["skipped"] as? [[String: Any]])?.compactMap { $0["unit"] as? String }
        #expect(units == ["gestures", "rows", "gestures"])
    }
}
