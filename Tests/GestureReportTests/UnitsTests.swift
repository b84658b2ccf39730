import GestureIO
import GesturePhysics
import GestureTrace
import Testing

@testable import GestureReport

/// With a dpi column the physical size of a point is known (160 dpi = 1 pt per px, so
/// 1 pt = 25.4 / 160 = 0.15875 mm) and speeds print in mm/s beside pt/s.
@Suite struct UnitsTests {
    @Test func speedsInMillimetresPerSecondWithADpiColumn() {
        // 1.35 progress/s × 390 pt = 526.5 pt/s, printed whole (half away from zero) 527;
        // × 0.15875 = 83.581875 mm/s, printed 84 (NumberText: conversions into pt/s, mm/s whole).
        let mm = CoordinateUnit.dpi.millimetresPerPoint
        #expect(
            ParameterFormat.value(
                1.35, unit: .progressPerSecond, extent: 390, millimetresPerPoint: mm)
                == "1.35 progress/s (527 pt/s, 84 mm/s)")
        #expect(
            ParameterFormat.value(1.35, unit: .progressPerSecond, extent: 390)
                == "1.35 progress/s (527 pt/s)")
        // An interval [0.5, 1.35]: 195 pt/s is 30.95625 mm/s, printed 31.
        #expect(
            ParameterFormat.interval(
                Interval(low: 0.5, high: 1.35), unit: .progressPerSecond, extent: 390,
                millimetresPerPoint: mm)
                == "[0.5, 1.35] progress/s ([195, 527] pt/s, [31, 84] mm/s)")
        // Without a physical size (--scale, or the file's own unit) no mm/s.
        #expect(
            CoordinateUnit.scaled.millimetresPerPoint == nil
                && CoordinateUnit.file.millimetresPerPoint == nil)
    }

    @Test func summaryAndParameterTableShowMillimetres() {
        var model = Fixture.model(count: 40)
        model.summary.coordinateUnit = .dpi
        let content = ReportContent(model: model)
        #expect(model.tunedRuleShips)
        let suggested = content.summaryFacts.first { $0.0 == "Suggested" }?.1 ?? ""
        #expect(suggested.contains(" mm/s)"), "\(suggested)")
        #expect(content.parameterTable.rows.contains { $0.contains { $0.contains(" mm/s") } })
        model.summary.coordinateUnit = .file
        #expect(
            !ReportContent(model: model).parameterTable.rows.contains {
                $0.contains { $0.contains("mm/s") }
            })
    }
}
