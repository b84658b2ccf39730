import GesturePhysics
import GestureTrace
import TestSupport
import Testing

@Suite struct EstimatorTests {
    /// A constant-velocity trace, x = 20 + 600 t, y = 300 - 150 t (pt, t in s), every 8 ms,
    /// with the platform's own report of the same velocity: every estimator gives 600 and
    /// -150 pt/s exactly (up to rounding).
    @Test(arguments: Estimator.allCases)
    func constantVelocity(_ estimator: Estimator) {
        var gesture = Fixtures.gesture(
            (0..<15).map { i in
                let t = Double(i) * 8
                return (t, 20 + 0.6 * t, 300 - 0.15 * t)
            })
        for index in gesture.samples.indices {
            gesture.samples[index].vx = 600
            gesture.samples[index].vy = -150
        }
        let v = PhysicsEngine().velocity(of: gesture, estimator: estimator)
        #expect(TestSupport.isClose(v.vx, 600, relative: 1e-9))
        #expect(TestSupport.isClose(v.vy, -150, relative: 1e-9))
        #expect(TestSupport.isClose(v.axis, 600, relative: 1e-9))
        #expect(v.usedEstimator == estimator)
        #expect(!v.fellBack)
    }

    /// x = 20 + 500 t + 3000 t² sampled every 8 ms from 0 to 96 ms: a degree-2 fit is exact,
    /// so `lsq2`'s slope at the newest sample is dx/dt(0.096) = 500 + 6000 * 0.096 = 1076
    /// pt/s. `lsq1` (a line through a parabola) must differ.
    @Test func quadraticIsFittedExactly() {
        let gesture = Fixtures.along(count: 13) { t in 500 * t + 3000 * t * t }
        let engine = PhysicsEngine()
        let lsq2 = engine.velocity(of: gesture, estimator: .lsq2)
        #expect(TestSupport.isClose(lsq2.vx, 1076, relative: 1e-9))
        #expect(abs(lsq2.vy) < 1e-9)
        #expect(lsq2.windowCount == 13)
        let lsq1 = engine.velocity(of: gesture, estimator: .lsq1)
        #expect(abs(lsq1.vx - 1076) > 100)
    }

    /// Rule 1: the lift-off row's position is never fitted. A line at 1000 pt/s with a stray
    /// lift-off position 80 pt back still gives 1000 pt/s.
    @Test(arguments: [Estimator.lsq2, .lsq1, .impulse, .delta])
    func liftOffPositionIgnored(_ estimator: Estimator) {
        let gesture = Fixtures.gesture(
            [(0, 0, 0), (10, 10, 0), (20, 20, 0), (30, 30, 0)], liftAfter: 5, lift: (-50, 0))
        let v = PhysicsEngine().velocity(of: gesture, estimator: estimator)
        #expect(TestSupport.isClose(v.vx, 1000, relative: 1e-9))
    }

    /// Rule 2: equal timestamps, the later replaces the earlier. Samples (0, 0), (10, 10),
    /// (20, 999), (20, 20), (30, 30) (ms, pt): keeping the later (20, 20) leaves the line
    /// x = t, 1000 pt/s; keeping the stray 999 would not.
    @Test(arguments: [Estimator.lsq2, .lsq1, .impulse, .delta])
    func equalTimestampsLaterWins(_ estimator: Estimator) {
        let gesture = Fixtures.gesture([
            (0, 0, 0), (10, 10, 0), (20, 999, 0), (20, 20, 0), (30, 30, 0),
        ])
        let engine = PhysicsEngine()
        let v = engine.velocity(of: gesture, estimator: estimator)
        #expect(TestSupport.isClose(v.vx, 1000, relative: 1e-9))
        #expect(v.windowCount == 4)
        #expect(engine.measure(gesture).duplicateTimestamps == 1)
    }

    /// Rule 3: `t_r - t_n > G` (40 ms) means the finger rested: 0. At exactly 40 ms, not.
    @Test func restBeforeLiftOff() {
        let points = [(0.0, 0.0, 0.0), (10, 10, 0), (20, 20, 0)]
        let engine = PhysicsEngine()
        let rested = Fixtures.gesture(points, liftAfter: 41)
        for estimator in [Estimator.lsq2, .lsq1, .impulse, .delta] {
            let v = engine.velocity(of: rested, estimator: estimator)
            #expect(v.vx == 0 && v.vy == 0 && v.axis == 0)
            #expect(!v.fellBack)
        }
        #expect(engine.measure(rested).restedBeforeRelease)
        let moving = Fixtures.gesture(points, liftAfter: 40)
        #expect(
            TestSupport.isClose(
                engine.velocity(of: moving, estimator: .lsq2).vx, 1000, relative: 1e-9))
        #expect(!engine.measure(moving).restedBeforeRelease)
    }

    /// Rule 4, horizon: samples every 10 ms, x = t/10 pt until 50 ms, then 1000 pt/s
    /// (x = 5 + (t - 50)) until 200 ms. The window keeps ages <= 100 ms, i.e. 100...200 ms
    /// (11 samples, the one exactly 100 ms old included), all on the fast line: `lsq1` and
    /// `lsq2` give 1000 pt/s exactly.
    @Test func horizon() {
        let gesture = Fixtures.gesture(
            (0...20).map { i in
                let t = Double(i) * 10
                return (t, t <= 50 ? t / 10 : 5 + (t - 50), 0)
            })
        let engine = PhysicsEngine()
        for estimator in [Estimator.lsq1, .lsq2] {
            let v = engine.velocity(of: gesture, estimator: estimator)
            #expect(TestSupport.isClose(v.vx, 1000, relative: 1e-9))
            #expect(v.windowCount == 11)
        }
    }

    /// Rule 4, gap: samples 0...40 ms at 100 pt/s, a 50 ms gap, then 90...130 ms at 2000
    /// pt/s. The walk back stops at the gap: 5 samples, 2000 pt/s.
    @Test func gap() {
        var points: [(Double, Double, Double)] = []
        for i in 0...4 {
            let k = Double(i)
            points.append((k * 10, k, 0))
        }
        for i in 0...4 {
            let k = Double(i)
            points.append((90 + k * 10, 100 + k * 20, 0))
        }
        let v = PhysicsEngine().velocity(of: Fixtures.gesture(points), estimator: .lsq2)
        #expect(v.windowCount == 5)
        #expect(TestSupport.isClose(v.vx, 2000, relative: 1e-9))
    }

    /// Rule 5: all three limits are options. `N = 3` keeps 3 samples; `H = 20 ms` keeps the
    /// samples 0, 10 and 20 ms old; `G = 5 ms` with 10 ms sampling keeps 1 (v = 0) when the
    /// lift-off comes within 5 ms, and none (rested) when it comes 8 ms later.
    @Test func windowOptions() {
        let gesture = Fixtures.along(count: 12, step: 10) { t in 1000 * t }
        func count(_ window: VelocityWindow) -> Int {
            PhysicsEngine(options: PhysicsOptions(window: window)).velocity(
                of: gesture, estimator: .lsq2
            ).windowCount
        }
        #expect(count(VelocityWindow(maxSamples: 3)) == 3)
        #expect(count(VelocityWindow(horizon: 0.020)) == 3)
        let tight = PhysicsEngine(options: PhysicsOptions(window: VelocityWindow(maxGap: 0.005)))
        let quickLift = Fixtures.gesture([(0, 0, 0), (10, 10, 0), (20, 20, 0)], liftAfter: 4)
        let v = tight.velocity(of: quickLift, estimator: .lsq2)
        #expect(v.windowCount == 1)
        #expect(v.vx == 0)
        let rested = tight.velocity(of: gesture, estimator: .lsq2)
        #expect(rested.windowCount == 0)
        #expect(rested.vx == 0)
    }

    /// Two samples: every estimator gives their slope ((30 - 10) pt / 20 ms = 1000 pt/s);
    /// one sample: 0.
    @Test(arguments: [Estimator.lsq2, .lsq1, .impulse, .delta])
    func twoAndOneSamples(_ estimator: Estimator) {
        let engine = PhysicsEngine()
        let two = engine.velocity(
            of: Fixtures.gesture([(0, 10, 5), (20, 30, 5)]), estimator: estimator)
        #expect(TestSupport.isClose(two.vx, 1000, relative: 1e-12))
        #expect(two.vy == 0)
        #expect(two.usedEstimator == estimator && !two.fellBack)
        let one = engine.velocity(of: Fixtures.gesture([(0, 10, 5)]), estimator: estimator)
        #expect(one.vx == 0 && one.vy == 0)
    }

    /// A fit whose design matrix is numerically singular falls back and says so. Three
    /// samples 1 ns apart: the t² column (1e-18 s²) is below the rank tolerance, so `lsq2`
    /// falls back to `lsq1`, exact on collinear points: 1 pt per 1 ns = 1e9 pt/s.
    @Test func singularFitFallsBack() {
        let gesture = Gesture(
            id: "ns",
            samples: [
                Sample(t: 1.0, x: 0, y: 0, phase: .began),
                Sample(t: 1.0 + 1e-9, x: 1, y: 0, phase: .moved),
                Sample(t: 1.0 + 2e-9, x: 2, y: 0, phase: .moved),
                Sample(t: 1.01, x: 2, y: 0, phase: .ended),
            ])
        let v = PhysicsEngine().velocity(of: gesture, estimator: .lsq2)
        #expect(v.fellBack)
        #expect(v.usedEstimator == .lsq1)
        #expect(TestSupport.isClose(v.vx, 1e9, relative: 1e-4))
    }

    /// `platform` reads the `vx`/`vy` columns at the release sample; without them it falls
    /// back to `lsq2` and is absent from `estimates`.
    @Test func platform() {
        var gesture = Fixtures.gesture([(0, 0, 0), (10, 10, 0), (20, 20, 0)])
        let engine = PhysicsEngine(options: PhysicsOptions(estimator: .platform))
        let fallback = engine.measure(gesture)
        #expect(fallback.estimates[.platform] == nil)
        #expect(fallback.velocity.fellBack && fallback.velocity.usedEstimator == .lsq2)
        #expect(TestSupport.isClose(fallback.velocity.vx, 1000, relative: 1e-9))
        gesture.samples[gesture.samples.count - 1].vx = 321
        gesture.samples[gesture.samples.count - 1].vy = -12
        let reported = engine.measure(gesture)
        #expect(reported.velocity == reported.estimates[.platform])
        #expect(
            reported.velocity.vx == 321 && reported.velocity.vy == -12
                && !reported.velocity.fellBack)
    }

    /// Axis velocity per direction: a motion of (+300, -400) pt/s is +300 along `right`,
    /// -300 along `left`, -400 along `down`, +400 along `up`.
    @Test(arguments: [(Direction.right, 300.0), (.left, -300), (.down, -400), (.up, 400)])
    func axisVelocity(_ direction: Direction, _ expected: Double) {
        var points: [(Double, Double, Double)] = []
        for i in 0..<6 {
            let k = Double(i)
            points.append((k * 10, 100 + 3 * k, 500 - 4 * k))
        }
        let gesture = Fixtures.gesture(points)
        let engine = PhysicsEngine(options: PhysicsOptions(direction: direction))
        let v = engine.velocity(of: gesture, estimator: .lsq2)
        #expect(TestSupport.isClose(v.axis, expected, relative: 1e-9))
        #expect(TestSupport.isClose(v.vx, 300, relative: 1e-9))
        #expect(TestSupport.isClose(v.vy, -400, relative: 1e-9))
    }
}

/// `Estimator.ordinal` is written out case by case (a switch, for the hot paths that index by
/// it); it must stay each case's position in `allCases`, and equal cases must hash alike while
/// a dictionary keyed by estimator finds every case.
@Suite struct EstimatorOrdinalTests {
    @Test func ordinalIsThePositionInAllCases() {
        for (position, estimator) in Estimator.allCases.enumerated() {
            #expect(estimator.ordinal == position, "\(estimator)")
        }
        #expect(Set(Estimator.allCases.map(\.ordinal)).count == Estimator.allCases.count)
    }

    @Test func dictionaryFindsEveryCase() {
        var byEstimator: [Estimator: String] = [:]
        for e in Estimator.allCases { byEstimator[e] = e.rawValue }
        #expect(byEstimator.count == Estimator.allCases.count)
        for e in Estimator.allCases {
            #expect(byEstimator[Estimator(rawValue: e.rawValue)!] == e.rawValue)
        }
    }
}
