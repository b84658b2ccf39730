import Foundation
import GesturePhysics
import GestureTrace
import Testing

@testable import GestureTuning

/// `simulate --others`: gestures not meant for the transition, added from their own stream.
@Suite("Simulated gestures not meant for the transition")
struct OtherGestureSimulationTests {
    @Test func addedAfterTheSameMeantGestures() {
        var options = SimulationOptions(gestures: 40, seed: 3)
        let plain = TraceSimulator(options: options).gestures()
        options.others = OtherGestureOptions(fraction: 0.5)
        let mixed = TraceSimulator(options: options).gestures()
        // round(0.5 × 40) = 20 others, after the 40 meant gestures, which are unchanged.
        #expect(mixed.count == 60)
        #expect(Array(mixed.prefix(40)) == plain)
        #expect(mixed.dropFirst(40).allSatisfy { $0.notMeant && $0.otherKind != nil })
        #expect(mixed.prefix(40).allSatisfy { !$0.notMeant })
    }

    /// Each kind's geometry, read back through physics: a carousel swipe starts 25–75% of the
    /// extent from the edge; a tap never passes the 10 pt slop; a diagonal thumb heads 30–70°
    /// from the axis, give or take the position noise.
    @Test func kindsHaveTheirGeometry() throws {
        var options = SimulationOptions(gestures: 200, seed: 9, positionNoise: 0)
        options.others = OtherGestureOptions(fraction: 1)
        let engine = PhysicsEngine()
        var seen = Set<OtherKind>()
        for g in TraceSimulator(options: options).gestures() where g.notMeant {
            let kind = try #require(g.otherKind)
            seen.insert(kind)
            let f = engine.measure(Gesture(id: g.id, samples: g.samples, width: g.extent)).gate
            switch kind {
            case .carousel:
                #expect(f.edgeShare >= 0.25 && f.edgeShare <= 0.75)
            case .tap:
                #expect(f.angle == nil)
            case .diagonal:
                let angle = try #require(f.angle)
                #expect(angle >= 29 && angle <= 71)
            case .scroll:
                break
            }
        }
        #expect(seen == Set(OtherKind.allCases))
    }
}
