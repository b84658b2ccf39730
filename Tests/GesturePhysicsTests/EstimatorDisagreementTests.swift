import Foundation
import GesturePhysics
import GestureTrace
import TestSupport
import Testing

/// `estimator-disagreement`: lsq2 against the sign lsq1, impulse and delta agree on.
@Suite struct EstimatorDisagreementTests {
    func measure(_ xs: [Double]) throws -> GestureMeasurement {
        var csv = "t_ms,x,y,phase\n"
        for (k, x) in xs.enumerated() { csv += "\(10 * k),\(x),0,\(k == 0 ? "began" : "moved")\n" }
        csv += "\(10 * xs.count - 9),\(xs.last!),0,ended\n"
        let path = try TestSupport.writeTemporaryFile(csv, name: "decelerating.csv")
        var gestures: [Gesture] = []
        _ = try TraceReader.read(path: path) { gestures.append($0) }
        return PhysicsEngine(options: .init(extent: 400)).measure(try #require(gestures.first))
    }

    /// x = 0, 40, 70, 80, 80.5 pt every 10 ms: the finger stops sharply. numpy.polyfit of
    /// degree 2 against t − t_n gives slope −818.57 pt/s; degree 1 gives 2010 pt/s; delta is
    /// 0.5 / 0.01 = 50 pt/s; every segment is forward, so impulse is positive.
    @Test func sharpStopIsFlagged() throws {
        let m = try measure([0, 40, 70, 80, 80.5])
        #expect(abs((m.estimates[.lsq2]?.axis ?? 0) + 818.5714285714) < 1e-6)
        #expect(abs((m.estimates[.lsq1]?.axis ?? 0) - 2010) < 1e-6)
        #expect(abs((m.estimates[.delta]?.axis ?? 0) - 50) < 1e-9)
        #expect((m.estimates[.impulse]?.axis ?? 0) > 0)
        #expect(m.estimatorDisagreement)
    }

    /// A constant-velocity stroke: every estimator gives 1000 pt/s.
    @Test func steadyStrokeIsNotFlagged() throws {
        #expect(try !measure([0, 10, 20, 30, 40]).estimatorDisagreement)
    }
}
