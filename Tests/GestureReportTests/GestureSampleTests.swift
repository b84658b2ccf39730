import Foundation
import GesturePhysics
import GestureTrace
import GestureTuning
import Testing

@testable import GestureAnalysis
@testable import GestureReport

/// `GestureSample`: the gestures shown one by one, bounded, the same under any
/// partition of the gestures into merged parts.
@Suite struct ReportSampleTests {
    /// Gesture `k` of file `f` as an entry: priority by `k % 4`, hash a fixed scramble of (f, k)
    /// so ranks and input order differ.
    static func entry(_ f: Int, _ k: Int) -> GestureSample.Entry {
        let priority = GestureSample.Priority(rawValue: k % 4)!
        let hash =
            UInt64(truncatingIfNeeded: (f &* 7919 &+ k &* 104_729) &* 2_654_435_761) % 1_000_003
        return GestureSample.Entry(
            priority: priority, hash: hash, fileIndex: f, order: k,
            measurement: TuningInputs.gesture("f\(f)g\(k)", 0.5, 1, .complete))
    }

    static let all: [GestureSample.Entry] = (0..<5).flatMap { f in (0..<40).map { entry(f, $0) } }

    /// The expected sample by brute force: the `capacity` best by (priority, hash, file, order),
    /// shown in (file, order) order.
    static func expected(_ capacity: Int) -> [String] {
        all.sorted {
            ($0.priority.rawValue, $0.hash, $0.fileIndex, $0.order) < (
                $1.priority.rawValue, $1.hash, $1.fileIndex, $1.order
            )
        }
        .prefix(capacity).sorted { ($0.fileIndex, $0.order) < ($1.fileIndex, $1.order) }.map(
            \.measurement.id)
    }

    @Test(arguments: [0, 1, 17, 50, 199, 200, 500])
    func keepsTheBestRankedInInputOrder(capacity: Int) {
        var sample = GestureSample(capacity: capacity)
        for e in Self.all { sample.offer(e) }
        #expect(sample.inInputOrder.map(\.measurement.id) == Self.expected(capacity))
        #expect(sample.offered == 200)
        #expect(sample.count == min(capacity, 200))
        #expect(sample.isComplete == (capacity >= 200))
    }

    /// Any split into parts, merged in any order, gives the sample of the whole.
    @Test(arguments: [2, 3, 7])
    func mergeIsPartitionInvariant(parts: Int) {
        let capacity = 37
        var whole = GestureSample(capacity: capacity)
        for e in Self.all { whole.offer(e) }
        var pieces = [GestureSample](repeating: GestureSample(capacity: capacity), count: parts)
        for (i, e) in Self.all.enumerated() { pieces[(i * 31 + i / 3) % parts].offer(e) }
        var merged = GestureSample(capacity: capacity)
        for p in pieces.reversed() { merged.merge(p) }
        #expect(merged == whole)
        #expect(merged.inInputOrder.map(\.measurement.id) == Self.expected(capacity))
        // Merged in another grouping: (a + b) + (c + ...) = a + (b + (c + ...)).
        var right = pieces.last!
        for p in pieces.dropLast().reversed() {
            var q = p
            q.merge(right)
            right = q
        }
        #expect(right == whole)
    }

    /// Misdecided, then ambiguous, then outcome-mismatched gestures are kept before the rest.
    @Test func priorityClassesComeFirst() {
        // flutter-cupertino: complete at v_p >= 1, or |v_p| < 1 and p_r >= 0.5
        let current = ParameterSet.default
        let band = 0.10
        // Meant cancel, completed (v_p = 2): misdecided.
        #expect(
            GestureSample.priority(
                of: TuningInputs.gesture("a", 0.2, 2, .cancel), current: current, band: band)
                == .misdecided)
        // p_r = 0.52, within 10% of 0.5: ambiguous, decided complete as meant.
        #expect(
            GestureSample.priority(
                of: TuningInputs.gesture("b", 0.52, 0.1, .complete), current: current, band: band)
                == .ambiguous)
        // Far from the boundary, recorded outcome complete but decided cancel.
        #expect(
            GestureSample.priority(
                of: TuningInputs.gesture("c", 0.1, 0.2, .cancel, outcome: .complete),
                current: current, band: band) == .outcomeMismatch)
        #expect(
            GestureSample.priority(
                of: TuningInputs.gesture("d", 0.1, 0.2, .cancel), current: current, band: band)
                == .other)
        // Interrupted by the system: never tuned, never misdecided.
        #expect(
            GestureSample.priority(
                of: TuningInputs.gesture("e", 0.2, 2, .cancel, interrupted: true), current: current,
                band: band) == .other)
    }

    /// A model from a sample smaller than the gestures: counts stay the answer's, rows the sample's.
    @Test func modelCountsAreTheAnswersRowsTheSamples() {
        let ms = TuningInputs.labelled
        let tuning = Tuner(options: TuningInputs.options).tune(ms, current: .default)
        var sample = GestureSample(capacity: 4)
        for (k, m) in ms.enumerated() {
            sample.offer(
                GestureSample.Entry(
                    priority: GestureSample.priority(of: m, current: tuning.current, band: 0.1),
                    hash: UInt64(k), fileIndex: 0, order: k,
                    measurement: m))
        }
        let model = ReportModel(
            tuning: tuning, sample: sample, tally: MeasurementTally(ms), reads: TuningInputs.reads,
            name: "t", generator: "test")
        #expect(model.summary.gesturesRead == 12)
        #expect(model.summary.currentMisdecided == 3)
        // The three misdecided (c6, x4, x5) rank first; no other gesture lies within 10% of
        // flutter-cupertino's boundary and none has a mismatched outcome, so the fourth is the
        // lowest hash among the rest: c1 (hash 0). Shown in input order.
        #expect(model.gestures.map(\.id) == ["c1", "c6", "x4", "x5"])
        #expect(model.rules.first { $0.suggested }?.confusion?.total == 11)
    }
}
