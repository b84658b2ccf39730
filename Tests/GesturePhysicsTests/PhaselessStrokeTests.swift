import Foundation
import GesturePhysics
import GestureTrace
import TestSupport
import Testing

/// Strokes from files without a phase column (research datasets): the last row is a moving
/// sample, so it is fitted and the release is at its time, never "rested".
@Suite struct PhaselessStrokeTests {
    func measure(_ csv: String, _ options: PhysicsOptions = .init(extent: 400)) throws
        -> GestureMeasurement
    {
        let path = try TestSupport.writeTemporaryFile(csv, name: "phaseless.csv")
        var gestures: [Gesture] = []
        _ = try TraceReader.read(path: path) { gestures.append($0) }
        let gesture = try #require(gestures.first)
        return PhysicsEngine(options: options).measure(gesture)
    }

    /// x = 0, 10, 20, 30, 80 pt at 100 Hz: the last step is 50 pt in 10 ms. `delta` is the
    /// last two samples' difference, 50 / 0.01 = 5000 pt/s (ignoring the last row would give
    /// 1000); `p_r` = 80 / 400 = 0.2; release at t = 0.04 s, the last row's time.
    @Test func fastLastSampleIsFitted() throws {
        let m = try measure(
            "stroke,t_ms,x,y\n1,0,0,0\n1,10,10,0\n1,20,20,0\n1,30,30,0\n1,40,80,0\n")
        #expect(abs((m.estimates[.delta]?.axis ?? 0) - 5000) < 1e-6)
        #expect(abs(m.releaseProgress - 0.2) < 1e-12)
        #expect(abs(m.duration - 0.04) < 1e-12)
        #expect(!m.restedBeforeRelease)
        #expect(!m.interruptedBySystem)
        #expect(m.velocity.axis > 1000)
    }

    /// A 30 Hz device: x = 10 k pt at t = k / 30 s (300 pt/s), 6 rows. The gap between rows
    /// (33 ms) is within the 40 ms window gap; `lsq2` fits a straight line exactly: 300 pt/s,
    /// and `p_r` = 50 / 400 = 0.125.
    @Test func thirtyHertzDevice() throws {
        var csv = "id,t,x,y\n"
        for k in 0...5 { csv += "s,\(Double(k) / 30),\(10 * k),0\n" }
        let m = try measure(csv)
        #expect(abs(m.velocity.axis - 300) < 1e-6)
        #expect(abs(m.releaseProgress - 0.125) < 1e-12)
        #expect(!m.restedBeforeRelease)
    }
}
