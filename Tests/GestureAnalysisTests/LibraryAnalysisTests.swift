import Foundation
import GestureAnalysis
import GesturePhysics
import GestureTrace
import GestureTuning
import TestSupport
import Testing

/// A library user runs an analysis without the executable: settings, read, finish.
@Suite struct LibraryAnalysisTests {
    static let swipe = TestSupport.packageRoot.appendingPathComponent("traces/swipe.csv").path

    static func settings(direction: Direction = .right, sample: Int = 20) -> RunSettings {
        var physics = PhysicsOptions()
        physics.direction = direction
        return RunSettings.resolve(
            reader: ReaderOptions(), physics: physics, given: [.direction],
            params: Preset.defaultName,
            current: ParameterSet.default, tuning: TuningOptions(bootstrapResamples: 0),
            labels: .auto,
            retryWindow: 1.5, sample: sample
        ).settings
    }

    @Test("read + finish of a trace file gives the complete answer, gate included")
    func analysesATraceFile() throws {
        let settings = Self.settings(direction: .left)
        let run = try Analysis.read(
            files: [Self.swipe], reader: ReaderOptions(), settings: settings, jobs: 2)
        let result = try Analysis.finish(run.digest, files: [Self.swipe], settings: settings)
        let read = try #require(result.reads.first)
        #expect(read.gestures > 0)
        #expect(run.digest.statistics.gestureCount == read.gestures)
        #expect(result.sample.offered == read.gestures && result.tally.direction == .left)
        #expect(result.answer.gate != nil)
        // The suggestion records the physics it was measured under, in params.json too.
        #expect(result.answer.suggested.directionSetting == .fixed(.left))
        #expect(try ParameterSet.decode(Data(result.params.utf8)).direction == .left)
        // The input's warnings lead: swipe.csv moves right, read as `left`.
        guard
            case .otherDirection(moving: .right, _, _, given: .left) = result.answer.warnings.first
        else {
            Issue.record(
                "expected the direction warning first, found \(String(describing: result.answer.warnings.first))"
            )
            return
        }
    }

    @Test("gestures labelled other take no part in the complete/cancel tuning")
    func otherGesturesAreLeftOut() throws {
        let text = try String(contentsOfFile: Self.swipe, encoding: .utf8)
        // A vertical scroll and a tap, labelled `other` (two spellings).
        let others = """
            s1,100,200,100,began,other,390
            s1,100.016,203,140,moved,other,390
            s1,100.033,206,190,moved,other,390
            s1,100.041,206,190,ended,other,390
            s2,101,30,500,began,scroll,390
            s2,101.05,31,501,ended,scroll,390

            """
        // One path for both, so the gestures' keys are the same.
        let path = try TestSupport.writeTemporaryFile(text, name: "trace.csv")
        let settings = Self.settings()
        func digest() throws -> AnalysisDigest {
            try Analysis.read(files: [path], reader: ReaderOptions(), settings: settings, jobs: 1)
                .digest
        }
        let plain = try digest()
        try Data((text + others).utf8).write(to: URL(fileURLWithPath: path))
        let mixed = try digest()
        #expect(mixed.reads[0]!.gestures == plain.reads[0]!.gestures + 2)
        #expect(mixed.statistics == plain.statistics)
    }

    @Test(
        "a partial round-trips; other settings are refused naming the key; a bad enum is an error")
    func partials() throws {
        let settings = Self.settings()
        let run = try Analysis.read(
            files: [Self.swipe], reader: ReaderOptions(), settings: settings, jobs: 1)
        let text = try AnalysisPartialJSON.encode(run.partial(tool: "test"))
        let back = try AnalysisPartialJSON.decode(Data(text.utf8), path: "p.json")
        #expect(back.settings == settings)
        var other = settings
        other.sample = 7
        #expect(
            settings.difference(other)
                == SettingsDifference(key: "settings.sample", left: "20", right: "7"))
        #expect(settings.difference(settings) == nil)
        let bad = text.replacingOccurrences(
            of: "\"direction\":\"right\"", with: "\"direction\":\"sideways\"")
        #expect(bad != text)
        #expect(throws: PartialError.self) {
            try AnalysisPartialJSON.decode(Data(bad.utf8), path: "p.json")
        }
    }
}
