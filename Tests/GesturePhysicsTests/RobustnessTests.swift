import GesturePhysics
import GestureTrace
import TestSupport
import Testing

/// Hostile and degenerate input: `measure` never traps and every figure is finite.
@Suite struct RobustnessTests {
    static func expectFinite(_ m: GestureMeasurement, _ label: String = "") {
        var figures = [
            m.extent, m.releaseProgress, m.progressVelocity, m.kinematicVelocity,
            m.kinematicAcceleration,
            m.startPosition, m.pauseBeforeRelease, m.duration, m.sampleRate, m.peakVelocity,
        ]
        figures += [m.velocity.vx, m.velocity.vy, m.velocity.axis]
        for estimate in m.estimates.values { figures += [estimate.vx, estimate.vy, estimate.axis] }
        for point in m.progressCurve { figures += [point.t, point.p] }
        if let angle = m.entryAngle { figures.append(angle) }
        #expect(figures.allSatisfy { $0.isFinite }, "\(label): \(figures)")
        #expect(m.releaseProgress >= 0 && m.releaseProgress <= 1, "\(label)")
        #expect(m.extent > 0, "\(label)")
        #expect(m.estimates[.lsq2] != nil && m.estimates[.impulse] != nil, "\(label)")
    }

    /// Every `began`/`moved` sample at one timestamp: the later replace the earlier, one
    /// sample is left, so every estimator gives 0 (not a fallback), sample rate 0.
    @Test func windowAtOneTimestamp() {
        let g = Gesture(
            id: "same",
            samples: [
                Sample(t: 2, x: 10, y: 0, phase: .began),
                Sample(t: 2, x: 20, y: 0, phase: .moved),
                Sample(t: 2, x: 30, y: 0, phase: .moved),
                Sample(t: 2.008, x: 30, y: 0, phase: .ended),
            ])
        let m = PhysicsEngine().measure(g)
        Self.expectFinite(m)
        #expect(
            m.estimates.values.allSatisfy {
                $0.vx == 0 && $0.vy == 0 && !$0.fellBack && $0.windowCount == 1
            })
        #expect(m.duplicateTimestamps == 2)
        #expect(m.sampleRate == 0)
        #expect(TestSupport.isClose(m.duration, 0.008, relative: 1e-9))
        // x moved 20 pt from the first sample: p_r = 20 / 390.
        #expect(TestSupport.isClose(m.releaseProgress, 20.0 / 390, relative: 1e-12))
    }

    /// Every sample, the release included, at one timestamp.
    @Test func everythingAtOneTimestamp() {
        let g = Gesture(
            id: "frozen",
            samples: [
                Sample(t: 0, x: 10, y: 0, phase: .began),
                Sample(t: 0, x: 20, y: 0, phase: .moved),
                Sample(t: 0, x: 20, y: 0, phase: .ended),
            ])
        let m = PhysicsEngine().measure(g)
        Self.expectFinite(m)
        #expect(m.duration == 0 && m.sampleRate == 0 && m.velocity.vx == 0)
    }

    /// Two samples: their slope, (50 - 20) pt / 25 ms = 1200 pt/s, for every estimator.
    @Test func twoSamples() {
        let m = PhysicsEngine().measure(Fixtures.gesture([(0, 20, 0), (25, 50, 0)]))
        Self.expectFinite(m)
        for estimator in [Estimator.lsq2, .lsq1, .impulse, .delta] {
            #expect(TestSupport.isClose(m.estimates[estimator]?.vx ?? 0, 1200, relative: 1e-12))
        }
    }

    /// A 3 s pause before lift-off: the finger rested, v = 0 under every fitted estimator,
    /// and the pause is reported (3 s from the last sample, which followed the last move).
    @Test func threeSecondPause() {
        let m = PhysicsEngine().measure(
            Fixtures.gesture([(0, 0, 0), (10, 30, 0), (20, 60, 0)], liftAfter: 3000))
        Self.expectFinite(m)
        #expect(m.restedBeforeRelease)
        #expect(m.velocity.axis == 0 && m.progressVelocity == 0)
        #expect(TestSupport.isClose(m.pauseBeforeRelease, 3.0, relative: 1e-9))
        #expect(TestSupport.isClose(m.duration, 3.02, relative: 1e-9))
    }

    static let hostile: [(String, Gesture)] = [
        ("empty", Gesture(id: "empty", samples: [])),
        ("only ended", Gesture(id: "e", samples: [Sample(t: 1, x: 5, y: 5, phase: .ended)])),
        (
            "no closing sample",
            Gesture(
                id: "open",
                samples: [
                    Sample(t: 0, x: 0, y: 0, phase: .began),
                    Sample(t: 0.01, x: 10, y: 0, phase: .moved),
                ])
        ),
        (
            "huge coordinates",
            Fixtures.gesture([
                (0, -1e300, 1e300), (10, 1e300, -1e300), (20, -1e300, 1e300), (30, 1e300, 1e300),
            ])
        ),
        (
            "overflowing coordinates",
            Fixtures.gesture([
                (0, -1.7e308, 0), (10, 1.7e308, 0), (20, -1.7e308, 1.7e308),
                (30, 1.7e308, -1.7e308),
            ])
        ),
        (
            "NaN and infinities",
            Gesture(
                id: "nan",
                samples: [
                    Sample(t: 0, x: .nan, y: 0, phase: .began),
                    Sample(t: 0.01, x: 10, y: .infinity, phase: .moved),
                    Sample(t: .nan, x: 10, y: 0, phase: .moved),
                    Sample(t: 0.02, x: 20, y: 0, phase: .moved),
                    Sample(t: 0.03, x: 30, y: 0, phase: .moved),
                    Sample(t: 0.04, x: .nan, y: .nan, phase: .ended),
                ])
        ),
        (
            "backwards only",
            Fixtures.gesture((0..<10).map { i in (Double(i) * 8, 300 - Double(i) * 12, 100) })
        ),
        (
            "time going backwards",
            Gesture(
                id: "back",
                samples: [
                    Sample(t: 1, x: 0, y: 0, phase: .began),
                    Sample(t: 0.99, x: 10, y: 0, phase: .moved),
                    Sample(t: 0.5, x: 20, y: 0, phase: .moved),
                    Sample(t: 1.01, x: 30, y: 0, phase: .moved),
                    Sample(t: 0.2, x: 40, y: 0, phase: .ended),
                ])
        ),
        ("huge times", Fixtures.gesture([(1e15, 0, 0), (1e15 + 10, 10, 0), (1e15 + 20, 20, 0)])),
        (
            "tiny time steps",
            Gesture(
                id: "tiny",
                samples: (0..<5).map { i in
                    Sample(
                        t: 1 + Double(i) * 1e-15, x: Double(i) * 100, y: 0,
                        phase: i == 0 ? .began : .moved)
                } + [Sample(t: 1.001, x: 400, y: 0, phase: .ended)])
        ),
        ("many samples", Fixtures.along(count: 20_000, step: 1) { t in 50 * t * t }),
    ]

    @Test(arguments: 0..<hostile.count)
    func hostileInput(_ index: Int) {
        let (label, gesture) = Self.hostile[index]
        for direction in Direction.allCases {
            for estimator in Estimator.allCases {
                let m = PhysicsEngine(
                    options: PhysicsOptions(direction: direction, estimator: estimator)
                ).measure(gesture)
                Self.expectFinite(m, "\(label) \(direction) \(estimator)")
            }
        }
    }

    /// Invalid options are reported by `validate()` with the setting's key (not a command-line flag); the engine
    /// itself still measures, ignoring a bad extent and using default window limits.
    @Test func invalidOptions() {
        #expect(
            throws: PhysicsError.invalidParameter(
                name: "extent", value: 0, expected: "a positive number of points")
        ) {
            try PhysicsOptions(extent: 0).validate()
        }
        #expect(throws: PhysicsError.self) { try PhysicsOptions(extent: -390).validate() }
        #expect(throws: PhysicsError.self) { try PhysicsOptions(extent: .nan).validate() }
        #expect(throws: PhysicsError.self) {
            try PhysicsOptions(window: VelocityWindow(horizon: 0)).validate()
        }
        #expect(throws: PhysicsError.self) {
            try PhysicsOptions(window: VelocityWindow(maxSamples: 0)).validate()
        }
        #expect(throws: PhysicsError.self) {
            try PhysicsOptions(window: VelocityWindow(maxGap: -1)).validate()
        }
        #expect(throws: PhysicsError.self) {
            try PhysicsEngine(validating: PhysicsOptions(extent: -1))
        }
        #expect(throws: Never.self) { try PhysicsOptions(extent: 320).validate() }
        let bad = PhysicsOptions(
            extent: -5, window: VelocityWindow(horizon: -1, maxSamples: -3, maxGap: .nan))
        let m = PhysicsEngine(options: bad).measure(Fixtures.along(count: 10) { t in 390 * t })
        Self.expectFinite(m)
        #expect(m.extent == 390 && m.extentSource == .defaultValue)
        #expect(TestSupport.isClose(m.velocity.vx, 390, relative: 1e-9))
        #expect(
            PhysicsError.invalidParameter(
                name: "--extent", value: 0, expected: "a positive number of points"
            ).description
                == "--extent must be a positive number of points, got 0.0")
    }

    /// One engine measuring many gestures of different lengths reuses and grows its
    /// workspace without changing results.
    @Test func engineReuse() {
        let engine = PhysicsEngine(
            options: PhysicsOptions(window: VelocityWindow(horizon: 10, maxSamples: 500, maxGap: 1))
        )
        let short = Fixtures.along(count: 5) { t in 100 * t + 400 * t * t }
        let long = Fixtures.along(count: 300) { t in 100 * t + 400 * t * t }
        let before = engine.velocity(of: short, estimator: .lsq2)
        let longV = engine.velocity(of: long, estimator: .lsq2)
        let after = engine.velocity(of: short, estimator: .lsq2)
        #expect(before == after)
        // Exact parabola: slope at t_n = 100 + 800 t_n; t_n = 299 * 8 ms = 2.392 s.
        #expect(longV.windowCount == 300)
        #expect(TestSupport.isClose(longV.vx, 100 + 800 * 2.392, relative: 1e-8))
    }
}
