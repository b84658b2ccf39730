import Foundation
import TestSupport
import Testing

@testable import GestureTrace

/// Every trace of the shared velocity ground truth (Android and Flutter test suites) is one
/// gesture: `t_ms,x,y,phase`, `down` ... `up`.
@Suite struct SharedVelocityDataTests {
    static var traceFiles: [URL] {
        guard let root = TestSupport.sharedVelocityData else { return [] }
        var files: [URL] = []
        for folder in ["android", "flutter"] {
            let dir = root.appendingPathComponent(folder)
            let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
            for name in names.sorted()
            where name.hasSuffix(".csv") && name != "expected.csv"
                && name != "reference_impulse.csv"
            {
                files.append(dir.appendingPathComponent(name))
            }
        }
        return files
    }

    @Test(.enabled(if: TestSupport.sharedVelocityData != nil, "\(TestSupport.sharedAbsentMessage)"))
    func everyFileIsExactlyOneGesture() throws {
        let files = Self.traceFiles
        #expect(files.count >= 30)
        for file in files {
            let f = TraceFixture(unchecked: file.path)
            let (gestures, summary) = try f.read()
            #expect(gestures.count == 1, "\(file.lastPathComponent)")
            #expect(summary.skipped.isEmpty, "\(file.lastPathComponent)")
            let g = try #require(gestures.first)
            #expect(g.samples.first?.phase == .began, "\(file.lastPathComponent)")
            #expect(g.closingPhase == .ended, "\(file.lastPathComponent)")
            #expect(summary.timeUnit == .ms)
            // Each file has a header and one row per sample.
            let lines = try String(contentsOf: file, encoding: .utf8).split(
                whereSeparator: \.isNewline
            ).count
            #expect(g.samples.count == lines - 1, "\(file.lastPathComponent)")
        }
    }
}
