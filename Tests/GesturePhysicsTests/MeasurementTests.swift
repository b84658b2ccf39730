import Foundation
import GesturePhysics
import GestureTrace
import TestSupport
import Testing

@Suite struct MeasurementTests {
    /// Release progress per direction, from a 195 pt move in a 390 pt container: 0.5. Start
    /// position from the leading edge: `right` x0 = 50; `left` 390 - 340 = 50; `down`
    /// y0 = 60; `up` 390 - 330 = 60.
    @Test(arguments: [
        (Direction.right, (50.0, 200.0), (245.0, 200.0), 50.0),
        (.left, (340, 200), (145, 200), 50),
        (.down, (200, 60), (200, 255), 60),
        (.up, (200, 330), (200, 135), 60),
    ])
    func progressAndStartPosition(
        _ direction: Direction, _ start: (Double, Double), _ end: (Double, Double), _ edge: Double
    ) {
        var points: [(Double, Double, Double)] = []
        for i in 0...10 {
            let f = Double(i) / 10
            points.append(
                (Double(i) * 10, start.0 + f * (end.0 - start.0), start.1 + f * (end.1 - start.1)))
        }
        let m = PhysicsEngine(options: PhysicsOptions(direction: direction)).measure(
            Fixtures.gesture(points))
        #expect(m.extent == 390 && m.extentSource == .defaultValue)
        #expect(TestSupport.isClose(m.releaseProgress, 0.5, relative: 1e-12))
        #expect(TestSupport.isClose(m.startPosition, edge, relative: 1e-12))
        // 195 pt in 100 ms: 1950 pt/s along the axis, 5 progress/s.
        #expect(TestSupport.isClose(m.velocity.axis, 1950, relative: 1e-9))
        #expect(TestSupport.isClose(m.progressVelocity, 5, relative: 1e-9))
        #expect(m.direction == direction)
    }

    /// Extent: the `width` column (horizontal) or `height` column (vertical) wins, then the
    /// option, then 390 pt; a non-positive column is ignored.
    @Test func extentSources() {
        let points = [(0.0, 0.0, 0.0), (10, 60, 60)]
        let option = PhysicsOptions(extent: 240)
        let withColumns = Fixtures.gesture(points, width: 300, height: 600)
        #expect(PhysicsEngine(options: option).measure(withColumns).extent == 300)
        #expect(PhysicsEngine(options: option).measure(withColumns).extentSource == .column)
        #expect(
            TestSupport.isClose(
                PhysicsEngine(options: option).measure(withColumns).releaseProgress, 0.2))
        let down = PhysicsEngine(options: PhysicsOptions(direction: .down, extent: 240)).measure(
            withColumns)
        #expect(down.extent == 600 && TestSupport.isClose(down.releaseProgress, 0.1))
        let plain = Fixtures.gesture(points, width: 0)
        let fromOption = PhysicsEngine(options: option).measure(plain)
        #expect(fromOption.extent == 240 && fromOption.extentSource == .option)
        #expect(TestSupport.isClose(fromOption.releaseProgress, 0.25))
        #expect(PhysicsEngine().measure(plain).extentSource == .defaultValue)
    }

    /// Progress is clamped to [0, 1]: a backward move gives 0, one past the extent 1.
    @Test func progressClamped() {
        let back = PhysicsEngine().measure(
            Fixtures.gesture([(0, 200, 0), (10, 150, 0), (20, 100, 0)]))
        #expect(back.releaseProgress == 0)
        #expect(back.velocity.axis < 0 && back.progressVelocity < 0)
        let past = PhysicsEngine().measure(
            Fixtures.gesture([(0, 0, 0), (10, 300, 0), (20, 600, 0)]))
        #expect(past.releaseProgress == 1)
    }

    /// The release progress comes from the `ended` sample's position (what the app sees),
    /// even though the velocity ignores it: 39 pt of 390 is 0.1.
    @Test func releaseProgressFromEndedSample() {
        let m = PhysicsEngine().measure(
            Fixtures.gesture([(0, 0, 0), (10, 10, 0), (20, 20, 0)], lift: (39, 0)))
        #expect(TestSupport.isClose(m.releaseProgress, 0.1, relative: 1e-12))
        #expect(TestSupport.isClose(m.velocity.vx, 1000, relative: 1e-9))
    }

    /// Entry angle: the displacement first exceeds 10 pt at (12, 5) (length 13), so
    /// atan2(5, 12) = 22.619865 degrees; a move that never exceeds 10 pt has none; a backward
    /// entry (-12, 5) is 180 - 22.619865 = 157.380135 degrees.
    @Test func entryAngle() throws {
        let m = PhysicsEngine().measure(
            Fixtures.gesture([(0, 0, 0), (10, 6, 2.5), (20, 12, 5), (30, 40, 5)]))
        #expect(TestSupport.isClose(try #require(m.entryAngle), 22.619864948040426, relative: 1e-9))
        let small = PhysicsEngine().measure(Fixtures.gesture([(0, 0, 0), (10, 6, 2), (20, 8, 5)]))
        #expect(small.entryAngle == nil)
        let backward = PhysicsEngine().measure(
            Fixtures.gesture([(0, 100, 0), (10, 94, 2.5), (20, 88, 5)]))
        #expect(
            TestSupport.isClose(
                try #require(backward.entryAngle), 157.38013505195957, relative: 1e-9))
    }

    /// Pause, duration, sample rate: x = t (1 pt/ms) from 0 to 100 ms, then resting at 100
    /// pt with 0.3 pt jitter every 10 ms until 300 ms, lift-off at 310 ms. The newest sample
    /// more than 1 pt from the last position is the one at 90 ms, so the finger rested from
    /// 100 ms: pause = 310 - 100 = 210 ms. Duration 310 ms. 31 samples over 300 ms: 100/s.
    @Test func pauseDurationRate() {
        var points: [(Double, Double, Double)] = []
        for i in 0...30 {
            let t = Double(i) * 10
            points.append((t, t <= 100 ? t : 100 + (i % 2 == 0 ? 0 : 0.3), 50))
        }
        let m = PhysicsEngine().measure(Fixtures.gesture(points, liftAfter: 10))
        #expect(TestSupport.isClose(m.pauseBeforeRelease, 0.210, relative: 1e-9))
        #expect(TestSupport.isClose(m.duration, 0.310, relative: 1e-9))
        #expect(TestSupport.isClose(m.sampleRate, 100, relative: 1e-9))
        // A finger moving until lift-off: the pause is the 8 ms to the ended sample.
        let moving = PhysicsEngine().measure(Fixtures.along(count: 10) { t in 1000 * t })
        #expect(TestSupport.isClose(moving.pauseBeforeRelease, 0.008, relative: 1e-9))
    }

    /// Peak velocity: segments of 10, 30, 10 pt per 10 ms: 3000 pt/s.
    @Test func peakVelocity() {
        let m = PhysicsEngine().measure(
            Fixtures.gesture([(0, 0, 0), (10, 10, 0), (20, 40, 0), (30, 50, 0)]))
        #expect(TestSupport.isClose(m.peakVelocity, 3000, relative: 1e-12))
    }

    /// Late reversal: forward then 5 pt back within the last 100 ms: yes. Monotone motion,
    /// or 0.5 pt jitter: no. A reversal 200 ms before the newest sample: no.
    @Test func lateReversal() {
        let engine = PhysicsEngine()
        let back = [(0.0, 0.0, 0.0), (20, 20, 0), (40, 40, 0), (60, 50, 0), (80, 45, 0)]
        #expect(engine.measure(Fixtures.gesture(back)).lateReversal)
        #expect(!engine.measure(Fixtures.along(count: 20) { t in 500 * t }).lateReversal)
        let jitter = [
            (0.0, 0.0, 0.0), (20, 20, 0), (40, 40, 0), (60, 40.5, 0), (80, 40, 0), (100, 40.5, 0),
        ]
        #expect(!engine.measure(Fixtures.gesture(jitter)).lateReversal)
        var early: [(Double, Double, Double)] = [(0, 0, 0), (20, 30, 0), (40, 20, 0)]
        for i in 1...15 { early.append((40 + Double(i) * 20, 20 + Double(i) * 10, 0)) }
        #expect(!engine.measure(Fixtures.gesture(early)).lateReversal)
    }

    /// Kinematic inputs over the last 3 samples at E = 100 pt: (0 ms, 0), (100, 10), (200, 22)
    /// pt give segment velocities 1.0 and 1.2 progress/s: v_m = 1.1, and one acceleration
    /// step (1.2 - 1.0) / (0.2 s / 2) = 2 progress/s². Steeper: (0, 0), (10, 10), (20, 30):
    /// 10 and 20 progress/s, step 1000 clamped to 5.
    @Test func kinematicInputs() {
        let gentle = PhysicsEngine().measure(
            Fixtures.gesture([(0, 0, 0), (100, 10, 0), (200, 22, 0)], width: 100))
        #expect(TestSupport.isClose(gentle.kinematicVelocity, 1.1, relative: 1e-12))
        #expect(TestSupport.isClose(gentle.kinematicAcceleration, 2, relative: 1e-9))
        #expect(gentle.kinematicSampleCount == 3)
        let steep = PhysicsEngine().measure(
            Fixtures.gesture([(-50, -30, 0), (0, 0, 0), (10, 10, 0), (20, 30, 0)], width: 100))
        #expect(TestSupport.isClose(steep.kinematicVelocity, 15, relative: 1e-12))
        #expect(steep.kinematicAcceleration == 5)
        let two = PhysicsEngine().measure(Fixtures.gesture([(0, 0, 0), (100, 10, 0)], width: 100))
        #expect(two.kinematicSampleCount == 2 && TestSupport.isClose(two.kinematicVelocity, 1.0))
        #expect(two.releaseState.sampleCount == 2)
    }

    /// The progress curve holds every sample up to the release (t from the first sample),
    /// thinned to 200 points, first and last kept, beyond 200.
    @Test func progressCurve() throws {
        let short = PhysicsEngine().measure(Fixtures.along(count: 50) { t in 1000 * t })
        #expect(short.progressCurve.count == 51)
        let long = PhysicsEngine().measure(Fixtures.along(count: 500, step: 4) { t in 100 * t })
        #expect(long.progressCurve.count == 200)
        let first = try #require(long.progressCurve.first)
        let last = try #require(long.progressCurve.last)
        #expect(first.t == 0 && first.p == 0)
        // The ended sample: 499 * 4 + 8 = 2004 ms; x - x0 = 100 * 1.996 = 199.6 pt of 390.
        #expect(TestSupport.isClose(last.t, 2.004, relative: 1e-9))
        #expect(TestSupport.isClose(last.p, 199.6 / 390, relative: 1e-9))
        #expect(zip(long.progressCurve, long.progressCurve.dropFirst()).allSatisfy { $0.t < $1.t })
    }

    /// A `cancelled` gesture: released at its last sample, marked interrupted by the system.
    @Test func cancelledGesture() {
        let g = Fixtures.gesture([(0, 0, 0), (10, 39, 0)], closing: .cancelled)
        let m = PhysicsEngine().measure(g)
        #expect(m.interruptedBySystem && !m.isReleasedByPerson)
        #expect(TestSupport.isClose(m.releaseProgress, 0.1))
        #expect(
            !PhysicsEngine().measure(Fixtures.gesture([(0, 0, 0), (10, 39, 0)])).interruptedBySystem
        )
    }

    /// Every estimator is in `estimates`; `platform` only with `vx`/`vy`; `releaseState` and
    /// `decision(under:)` carry the figures a rule needs.
    @Test func estimatesAndDecision() {
        let g = Fixtures.along(count: 12, step: 10) { t in 1000 * t }
        let m = PhysicsEngine().measure(g)
        #expect(Set(m.estimates.keys) == [.lsq2, .lsq1, .impulse, .delta])
        #expect(m.velocity == m.estimates[.lsq2])
        // p_r = 110 / 390 = 0.282, v_p = 1000 / 390 = 2.56: a fling completes under
        // flutter-cupertino; the same gesture at rest does not.
        #expect(m.decision(under: .threshold(progress: 0.5, velocity: 1.0)) == .complete)
        #expect(
            m.releaseState.extent == 390
                && TestSupport.isClose(m.releaseState.velocity, 1000.0 / 390, relative: 1e-9))
        let rested = PhysicsEngine().measure(
            Fixtures.gesture([(0, 0, 0), (10, 10, 0), (20, 20, 0)], liftAfter: 500))
        #expect(rested.decision(under: .threshold(progress: 0.5, velocity: 1.0)) == .cancel)
    }
}

@Suite struct MeasurementCodingTests {
    /// The measurement encodes as JSON with estimates keyed by estimator name and decodes
    /// back to an equal value.
    @Test func jsonRoundTrip() throws {
        let m = PhysicsEngine().measure(Fixtures.along(count: 12, step: 10) { t in 1000 * t })
        let data = try JSONEncoder().encode(m)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let estimates = try #require(object["estimates"] as? [String: Any])
        #expect(Set(estimates.keys) == ["lsq2", "lsq1", "impulse", "delta"])
        #expect(object["extentSource"] as? String == "default")
        #expect(try JSONDecoder().decode(GestureMeasurement.self, from: data) == m)
    }
}
