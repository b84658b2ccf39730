import Foundation
import GesturePhysics
import GestureReport
import Testing

@testable import GestureAnalysis

/// A sample's progress curves in a partial: the integers they were measured from, or the
/// curve as it is when those do not give it back bit for bit.
@Suite struct PartialCurveTests {
    /// A gesture starting at t = 100.5 s, x = 10 pt on a 200 pt extent, with its curve made
    /// as the physics makes it from the trace's numbers: t - t0 and (x - x0) / E.
    func measurement(times: [Double], positions: [Double], startTime: Double? = 100.5)
        -> GestureMeasurement
    {
        var m = GestureMeasurement(
            id: "g", file: "a.csv", sampleCount: times.count, intent: nil, outcome: nil,
            interruptedBySystem: false, extent: 200, extentSource: .column, releaseProgress: 0.5,
            velocity: VelocityEstimate(
                vx: 0, vy: 0, axis: 0, usedEstimator: .lsq2, fellBack: false),
            progressVelocity: 0, estimates: [:], kinematicVelocity: 0, kinematicAcceleration: 0,
            startPosition: 10, entryAngle: nil, pauseBeforeRelease: 0, duration: 0,
            sampleRate: 60, peakVelocity: 0, lateReversal: false, duplicateTimestamps: 0,
            progressCurve: zip(times, positions).map {
                ProgressPoint(t: $0 - 100.5, p: ($1 - 10) / 200)
            })
        m.startTime = startTime
        return m
    }

    @Test func recordedDecimalsBecomeShortIntegers() throws {
        // Times in ms steps of 16 and 17; positions in hundredths of a point.
        let m = measurement(times: [100.5, 100.516, 100.533], positions: [10, 12.25, 15.5])
        let curve = try #require(PartialCurve(m))
        #expect(curve.tDigits == 3)
        #expect(curve.t == [0, 16, 17])
        #expect(curve.xDigits == 2)
        #expect(curve.x == [0, 225, 325])
        let back = try #require(curve.points(m))
        #expect(back.map(\.t.bitPattern) == m.progressCurve.map(\.t.bitPattern))
        #expect(back.map(\.p.bitPattern) == m.progressCurve.map(\.p.bitPattern))
    }

    @Test func aCurveThatDoesNotComeBackExactlyIsKeptAsItIs() throws {
        // 1/3 of a point needs more than nine decimals; no start time, nothing to count from.
        #expect(
            PartialCurve(measurement(times: [100.5, 100.6], positions: [10, 10 + 1.0 / 3])) == nil)
        #expect(
            PartialCurve(measurement(times: [100.5, 100.6], positions: [10, 11], startTime: nil))
                == nil)
        // Either way the sample's entry reads back equal.
        let ms = [
            measurement(times: [100.5, 100.516], positions: [10, 12.25]),
            measurement(times: [100.5, 100.6], positions: [10, 10 + 1.0 / 3]),
        ]
        let sample = GestureSample(
            capacity: 10, offered: 2,
            entries: ms.enumerated().map {
                .init(
                    priority: .other, hash: 7, fileIndex: 0, order: $0.offset,
                    measurement: $0.element)
            })
        let data = try JSONEncoder().encode(PartialSample(sample, files: ["a.csv"], seed: 1))
        let back = try JSONDecoder().decode(PartialSample.self, from: data).sample(
            files: ["a.csv"], seed: 1)
        #expect(back.inInputOrder.map(\.measurement) == ms)
    }

    @Test func integersOutOfRangeAreAnError() throws {
        let m = measurement(times: [100.5, 100.516], positions: [10, 12.25])
        var curve = try #require(PartialCurve(m))
        curve.t[1] = 1 << 60
        #expect(curve.points(m) == nil)
        curve = try #require(PartialCurve(m))
        curve.tDigits = 12
        #expect(curve.points(m) == nil)
    }
}
