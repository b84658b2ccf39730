import GesturePhysics
import GestureTrace
import GestureTuning
import Testing

@testable import GestureReport

@Suite struct GestureRowTests {
    /// A constant-velocity drag of 600 pt/s for 0.2 s from x = 10 at 120 Hz, released at the
    /// last moved position: p_r = 120 / 390 ≈ 0.308, v = 600 pt/s, v_p = 600 / 390 ≈ 1.54.
    @Test func rowFromAMeasurement() {
        var samples: [Sample] = []
        for k in 0...24 {
            let t = Double(k) / 120
            samples.append(Sample(t: t, x: 10 + 600 * t, y: 300, phase: k == 0 ? .began : .moved))
        }
        samples.append(Sample(t: 24.0 / 120 + 0.001, x: 10 + 600 * 0.2, y: 300, phase: .ended))
        let gesture = Gesture(id: "drag<1>", samples: samples, intent: .complete, file: "a.csv")
        let m = PhysicsEngine(options: PhysicsOptions(extent: 390)).measure(gesture)
        let current = Rule.threshold(progress: 0.5, velocity: 2.0)
        let suggested = Rule.threshold(progress: 0.45, velocity: 0.85)
        // The row shows the decisions it is given; they come from the one decider.
        let row = GestureRow(
            measurement: m, currentDecision: Decider.rule(current).decision(m.releaseState),
            suggestedDecision: Decider.rule(suggested).decision(m.releaseState))
        #expect(row.id == "drag<1>")
        #expect(abs(row.releaseProgress - 120.0 / 390) < 1e-9)
        #expect(abs(row.velocity - 600) < 1e-6)
        #expect(abs(row.progressVelocity - 600.0 / 390) < 1e-9)
        // v_p ≈ 1.54 < 2 and p_r < 0.5: the current rule cancels; v_p ≥ 0.85: the suggested completes.
        #expect(row.currentDecision == .cancel)
        #expect(row.suggestedDecision == .complete)
        #expect(row.misdecidedByCurrent && !row.misdecidedBySuggested)
        #expect(row.estimate(.lsq2) != nil)
        #expect(row.curve.count == m.progressCurve.count)
    }
}
