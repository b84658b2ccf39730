import Foundation
import GesturePhysics
import GestureReport
import GestureTuning
import Testing

@testable import GestureAnalysis

/// The report sample in a partial, column by column: every entry reads back equal, values the
/// other fields give are written `=` only when the rule gives them back bit for bit, and a
/// damaged column is an error naming it.
@Suite struct PartialSampleTests {
    /// A swipe to the right on a 200 pt extent released at 300 pt/s: 300 / 200 = 1.5 progress/s.
    func measurement(
        id: String = "g1", direction: Direction = .right, progressVelocity: Double = 1.5,
        vx: Double = 300
    ) -> GestureMeasurement {
        let axis = direction == .left ? -vx : vx
        let lsq2 = VelocityEstimate(
            vx: vx, vy: -20, axis: axis, usedEstimator: .lsq2, fellBack: false, windowCount: 6)
        let delta = VelocityEstimate(
            vx: 250, vy: 4, axis: 7, usedEstimator: nil, fellBack: true, windowCount: 0)
        var m = GestureMeasurement(
            id: id, file: "a.csv", sampleCount: 3, intent: .complete, outcome: nil,
            interruptedBySystem: false, extent: 200, extentSource: .column, releaseProgress: 0.5,
            velocity: lsq2, progressVelocity: progressVelocity,
            estimates: [.lsq2: lsq2, .delta: delta], kinematicVelocity: 1.25,
            kinematicAcceleration: -3, startPosition: 10, entryAngle: 12.5,
            pauseBeforeRelease: 0, duration: 100.533 - 100.5, sampleRate: 60, peakVelocity: 310,
            lateReversal: true, duplicateTimestamps: 1,
            // As the physics makes it from samples at 100.5, 100.516 and 100.533 s and at 10,
            // 60 and 110 pt: t - t0 and (x - x0) / E.
            progressCurve: [
                ProgressPoint(t: 0, p: 0), ProgressPoint(t: 100.516 - 100.5, p: 0.25),
                ProgressPoint(t: 100.533 - 100.5, p: 0.5),
            ], direction: direction, notMeant: false)
        m.startTime = 100.5
        m.group = "p1"
        return m
    }

    func sample(_ ms: [GestureMeasurement]) -> GestureSample {
        GestureSample(
            capacity: 10, offered: ms.count + 3,
            entries: ms.enumerated().map {
                .init(
                    priority: .misdecided, hash: 0xFFFF_0000_0000_0001 &+ UInt64($0.offset),
                    fileIndex: 0, order: $0.offset, measurement: $0.element,
                    intentSource: $0.offset == 0 ? .retry : nil)
            })
    }

    func roundTrip(_ s: GestureSample) throws -> GestureSample {
        let data = try JSONEncoder().encode(PartialSample(s, files: ["a.csv"], seed: 1))
        return try JSONDecoder().decode(PartialSample.self, from: data).sample(
            files: ["a.csv"], seed: 1)
    }

    @Test func entriesReadBackEqual() throws {
        var other = measurement(id: "g2", direction: .left)
        other.entryAngle = nil
        other.gate.angle = nil
        other.startTime = nil
        other.group = nil
        other.intent = nil
        other.notMeant = true
        let s = sample([measurement(), other])
        let back = try roundTrip(s)
        #expect(back == s)
        #expect(back.offered == 5)
        #expect(back.ranked.map(\.hash) == [0xFFFF_0000_0000_0001, 0xFFFF_0000_0000_0002])
    }

    @Test func derivedValuesAreWrittenOnlyWhenTheyComeBackExactly() throws {
        // 300 / 200 = 1.5 is the rule's; 1.25 is not.
        var s = sample([measurement(), measurement(id: "g2", progressVelocity: 1.25)])
        // The second entry ranked by the hash the reader gives it: of its file and id.
        var entries = s.ranked
        entries[1].hash = GestureKey(file: "a.csv", id: "g2").mixed(
            seed: 1, stream: GestureSample.stream)
        s = GestureSample(capacity: 10, offered: 5, entries: entries)
        let partial = PartialSample(s, files: ["a.csv"], seed: 1)
        #expect(try partial.sample(files: ["a.csv"], seed: 1) == s)
        let columns = partial.columns
        let second = s.ranked.firstIndex { $0.measurement.id == "g2" }!
        #expect(
            columns["hash"]?.split(separator: ",", omittingEmptySubsequences: false)[second] == "=")
        #expect(
            columns["progressVelocity"] == (second == 1 ? "=,1.25" : "1.25,="), "\(columns)")
        // The axis velocity is +vx to the right; lsq2 is the velocity, estimator 0.
        #expect(columns["estimates.lsq2.axis"] == "=,=")
        #expect(columns["velocity.same"] == "0,0")
        #expect(columns["velocity.vx"] == ",")
        // delta's axis (7) is not its vx (250): written in full; lsq1 is absent.
        #expect(columns["estimates.delta.axis"] == "7.0,7.0")
        #expect(columns["estimates.lsq1.vx"] == ",")
        #expect(columns["estimates"] == "9,9")
        // The gate's edge distance is the start position; its share 10 / 200.
        #expect(columns["gate.edgeDistance"] == "=,=")
        #expect(columns["gate.edgeShare"] == "=,=")
        // The release is the curve's last point: 0.5 at 0.033 s.
        #expect(columns["releaseProgress"] == "=,=")
        #expect(columns["duration"] == "=,=")
        // 1 sample over 100.516 − 100.5 s is not the 60/s recorded; the finger did not rest
        // (a pause of 0: the last point less itself); no time to the slop.
        #expect(columns["sampleRate"] == "60.0,60.0")
        #expect(columns["pauseBeforeRelease"] == "=,=")
        #expect(columns["pauseBeforeRelease.at"] == "2,2")
        #expect(columns["gate.timeToSlop"] == ",")
        // No end time known.
        #expect(columns["endTime"] == ",")
        // Times in ms from 100.5 s, positions in whole points from 10 pt.
        #expect(columns["curve.tDigits"] == "3,3")
        #expect(columns["curve.t"] == "0,16,17,0,16,17")
        #expect(columns["curve.xDigits"] == "0,0")
        #expect(columns["curve.x"] == "0,50,50,0,50,50")
        #expect(columns["curve.rawT"] == nil)
    }

    @Test func aDamagedColumnIsAnErrorNamingIt() throws {
        let good = PartialSample(
            sample([measurement(), measurement(id: "g2")]), files: ["a.csv"], seed: 1)
        var bad = good
        bad.columns["extent"] = "200.0,200.0,200.0"
        #expect(throws: PartialError("sample.columns.extent: expected 2 values, found 3")) {
            try bad.sample(files: ["a.csv"], seed: 1)
        }
        bad = good
        bad.columns["direction"] = "0,9"
        #expect(
            throws: PartialError("sample.columns.direction: expected a code from 0 to 3, found 9")
        ) { try bad.sample(files: ["a.csv"], seed: 1) }
        bad = good
        bad.columns["startPosition"] = "10.0,ten"
        #expect(
            throws: PartialError("sample.columns.startPosition: expected a number, found \"ten\"")
        ) { try bad.sample(files: ["a.csv"], seed: 1) }
        bad = good
        bad.columns["order"] = "0,1x"
        #expect(throws: PartialError("sample.columns.order: expected a number, found \"1x\"")) {
            try bad.sample(files: ["a.csv"], seed: 1)
        }
        bad = good
        bad.columns["extent"] = nil
        #expect(throws: PartialError("sample.columns: missing column \"extent\"")) {
            try bad.sample(files: ["a.csv"], seed: 1)
        }
        bad = good
        bad.columns["kinematicVelocity"] = "=,1.0"
        #expect(
            throws: PartialError("sample.columns.kinematicVelocity: expected a number, found \"=\"")
        ) { try bad.sample(files: ["a.csv"], seed: 1) }
    }
}
