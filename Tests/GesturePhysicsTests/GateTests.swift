import Foundation
import GestureTrace
import TestSupport
import Testing

@testable import GesturePhysics

/// The start-of-gesture gate (docs/gate.md): features measured once per gesture, and
/// `admits = θ != nil && e <= edgeWidth && θ <= lockAngle`. Every number below is worked by
/// hand from the samples.
@Suite("Start-of-gesture gate")
struct GateTests {
    /// Starts at x = 12 in a 400 pt container. Displacements from (12, 100): (-2, 0) at 8 ms
    /// (2 pt against the transition), (4, 3) at 16 ms (length 5), (8, 6) at 24 ms (length 10,
    /// not more than the 10 pt slop), (12, 5) at 32 ms (length 13): θ = atan2(5, 12) =
    /// 22.619864948 degrees, 32 ms and 13 pt to the slop point.
    @Test func featuresRight() throws {
        let g = Fixtures.gesture(
            [
                (0, 12, 100), (8, 10, 100), (16, 16, 103), (24, 20, 106), (32, 24, 105),
                (40, 60, 105),
            ],
            width: 400)
        let f = PhysicsEngine().measure(g).gate
        #expect(f.edgeDistance == 12)
        #expect(f.edgeShare == 0.03)
        #expect(f.slop == 10)
        #expect(TestSupport.isClose(try #require(f.angle), 22.619864948040426, relative: 1e-9))
        #expect(TestSupport.isClose(try #require(f.timeToSlop), 0.032, relative: 1e-9))
        #expect(f.distanceToSlop == 13)
        #expect(f.movedAgainst)
    }

    /// Direction `left` in a 400 pt container, start x = 390: e = 400 - 390 = 10, share
    /// 0.025. With a slop of 4 pt the first point beyond it is (-3, -4) from the start at
    /// 8 ms (5 pt): along = 3, across = 4, θ = atan2(4, 3) = 53.130102354 degrees. The 0.5 pt
    /// rightward wiggle before it is against `left`, but within the 1 pt jitter: not "moved
    /// against".
    @Test func featuresLeftCustomSlop() throws {
        var options = PhysicsOptions(direction: .left)
        options.slop = 4
        let g = Fixtures.gesture(
            [(0, 390, 50), (4, 390.5, 50), (8, 387, 46), (16, 350, 40)], width: 400)
        let f = PhysicsEngine(options: options).measure(g).gate
        #expect(f.edgeDistance == 10)
        #expect(f.edgeShare == 0.025)
        #expect(f.slop == 4)
        #expect(TestSupport.isClose(try #require(f.angle), 53.13010235415598, relative: 1e-9))
        #expect(f.distanceToSlop == 5)
        #expect(TestSupport.isClose(try #require(f.timeToSlop), 0.008, relative: 1e-9))
        #expect(!f.movedAgainst)
    }

    /// A tap (3 pt of motion) never passes the slop: no angle, no time, no distance, and no
    /// gate admits it, whatever its edge.
    @Test func tapHasNoDirection() {
        let g = Fixtures.gesture([(0, 5, 5), (50, 7, 6), (90, 8, 5)], width: 390)
        let f = PhysicsEngine().measure(g).gate
        #expect(f.angle == nil && f.timeToSlop == nil && f.distanceToSlop == nil)
        #expect(!Gate().admits(f))
        #expect(!Gate(edgeWidth: 390, lockAngle: 180).admits(f))
    }

    /// Direction `up` in an 800 pt tall container: start y = 700, e = 800 - 700 = 100. The
    /// finger moves straight up 20 pt: θ = 0.
    @Test func featuresUp() throws {
        let g = Fixtures.gesture([(0, 40, 700), (10, 40, 680)], height: 800)
        let f = PhysicsEngine(options: PhysicsOptions(direction: .up)).measure(g).gate
        #expect(f.edgeDistance == 100)
        #expect(f.edgeShare == 0.125)
        #expect(try #require(f.angle) == 0)
    }

    /// `admits` at its boundaries: e <= w and θ <= lock are inclusive; an absent edge width is
    /// the whole extent, an absent lock 90°.
    @Test func admitsBoundaries() {
        func features(_ e: Double, _ angle: Double?) -> GateFeatures {
            GateFeatures(
                edgeDistance: e, edgeShare: e / 390, slop: 10, angle: angle, timeToSlop: nil,
                distanceToSlop: nil, movedAgainst: false)
        }
        let gate = Gate(edgeWidth: 24, lockAngle: 30)
        #expect(gate.admits(features(24, 30)))
        #expect(!gate.admits(features(24.001, 30)))
        #expect(!gate.admits(features(24, 30.001)))
        #expect(gate.admits(features(0, 0)))
        #expect(!gate.admits(features(0, nil)))
        // Full screen: any start; the lock defaults to 90°.
        let fullScreen = Gate(lockAngle: nil)
        #expect(fullScreen.admits(features(380, 90)))
        #expect(!fullScreen.admits(features(380, 90.5)))
        #expect(fullScreen.effectiveSlop == Gate.defaultSlop && Gate.defaultSlop == 10)
    }

    /// The slop decides θ: a gesture that goes 6 pt up then sideways right. At slop 5 the
    /// first point beyond is (0, -6): θ = 90°. At slop 10 it is (8, -6) (length 10 is not
    /// beyond), then (12, -6): length 13.416, θ = atan2(6, 12) = 26.565051177 degrees.
    @Test func slopChangesAngle() throws {
        let g = Fixtures.gesture([(0, 0, 50), (8, 0, 44), (16, 8, 44), (24, 12, 44)], width: 390)
        var options = PhysicsOptions()
        options.slop = 5
        let near = PhysicsEngine(options: options).measure(g).gate
        #expect(TestSupport.isClose(try #require(near.angle), 90, relative: 1e-12))
        let far = PhysicsEngine().measure(g).gate
        #expect(TestSupport.isClose(try #require(far.angle), 26.56505117707799, relative: 1e-9))
        #expect(Gate(lockAngle: 30).admits(far) && !Gate(lockAngle: 30, slop: 5).admits(near))
    }

    @Test func slopValidation() {
        var options = PhysicsOptions()
        options.slop = -1
        #expect(throws: PhysicsError.self) { try options.validate() }
        options.slop = 0
        #expect((try? options.validate()) != nil)
    }
}
