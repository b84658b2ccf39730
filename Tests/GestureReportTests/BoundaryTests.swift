import GesturePhysics
import Testing

@testable import GestureReport

@Suite struct RuleBoundaryTests {
    @Test func thresholdBoundaryVertices() {
        // physics.md: completes when v ≥ 0.85 or (|v| < 0.85 and p ≥ 0.45): the boundary runs
        // (0, 0.85) → (0.45, 0.85) → (0.45, −0.85) → (1, −0.85).
        let lines = Rule.threshold(progress: 0.45, velocity: 0.85).boundary(
            extent: 390, vRange: -3...3)
        #expect(
            lines == [
                [
                    PlanePoint(p: 0, v: 0.85), PlanePoint(p: 0.45, v: 0.85),
                    PlanePoint(p: 0.45, v: -0.85), PlanePoint(p: 1, v: -0.85),
                ]
            ])
    }

    @Test func projectionBoundaryIsClipped() {
        // p + 0.5 v = 0.5 → v = 1 − 2p; in v ∈ [−0.5, 0.5] it runs from p = 0.25 to p = 0.75.
        let lines = Rule.projection(progress: 0.5, tau: 0.5).boundary(
            extent: 390, vRange: -0.5...0.5)
        #expect(lines.count == 1)
        let a = lines[0][0], b = lines[0][1]
        #expect(abs(a.p - 0.25) < 1e-12 && abs(a.v - 0.5) < 1e-12)
        #expect(abs(b.p - 0.75) < 1e-12 && abs(b.v + 0.5) < 1e-12)
    }

    @Test func infiniteVelocityThresholdIsAVerticalLine() {
        let lines = Rule.threshold(progress: 0.3, velocity: .infinity).boundary(
            extent: 390, vRange: -2...2)
        #expect(lines == [[PlanePoint(p: 0.3, v: -2), PlanePoint(p: 0.3, v: 2)]])
    }

    /// Points just either side of every drawn boundary decide differently under `Rule.completes`
    /// (the physics module's decision, independent of the drawing code).
    @Test(arguments: [
        Rule.threshold(progress: 0.45, velocity: 0.85), .forward(progress: 0.5, velocity: 0.51),
        .projection(progress: 0.5, tau: 0.3), .logistic(b0: -4.1, b1: 8.9, b2: 2.2),
        .kinematic(distance: 187.5, duration: 0.35),
    ])
    func boundarySeparatesDecisions(_ rule: Rule) {
        let lines = rule.boundary(extent: 390, vRange: -3...3)
        #expect(!lines.isEmpty)
        var checked = 0
        for line in lines {
            for k in 1..<line.count {
                let a = line[k - 1], b = line[k]
                let mid = PlanePoint(p: (a.p + b.p) / 2, v: (a.v + b.v) / 2)
                // Normal to the segment.
                let dp = b.p - a.p, dv = b.v - a.v
                let len = (dp * dp + dv * dv).squareRoot()
                guard len > 1e-9 else { continue }
                let eps = 1e-4
                let n = (p: -dv / len * eps, v: dp / len * eps)
                func decide(_ p: Double, _ v: Double) -> Bool {
                    rule.completes(
                        ReleaseState(
                            progress: p, velocity: v, kinematicVelocity: v,
                            kinematicAcceleration: 0, sampleCount: 3, extent: 390))
                }
                #expect(
                    decide(mid.p + n.p, mid.v + n.v) != decide(mid.p - n.p, mid.v - n.v),
                    "\(rule) segment \(a) → \(b)")
                checked += 1
            }
        }
        #expect(checked > 0)
    }
}
