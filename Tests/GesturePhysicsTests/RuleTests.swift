import GesturePhysics
import TestSupport
import Testing

/// Each rule on hand-worked `(p_r, v_p)` points on both sides of its boundary (physics.md,
/// "Decision rules"). Velocities in progress/s.
@Suite struct RuleTests {
    static func completes(_ rule: Rule, _ p: Double, _ v: Double) -> Bool {
        rule.completes(ReleaseState(progress: p, velocity: v))
    }

    /// threshold(0.5, 1.0): v >= 1 completes; |v| < 1 and p >= 0.5 completes; v <= -1 (a
    /// fast backward throw) cancels even at p = 0.9.
    @Test func threshold() {
        let rule = Rule.threshold(progress: 0.5, velocity: 1.0)
        #expect(Self.completes(rule, 0.5, 0))
        #expect(!Self.completes(rule, 0.49, 0))
        #expect(Self.completes(rule, 0.1, 1.0))
        #expect(!Self.completes(rule, 0.1, 0.99))
        #expect(!Self.completes(rule, 0.9, -1.0))
        #expect(Self.completes(rule, 0.9, -0.99))
    }

    /// forward(0.5, 0.5): strict inequalities, any backward motion cancels.
    @Test func forward() {
        let rule = Rule.forward(progress: 0.5, velocity: 0.5)
        #expect(Self.completes(rule, 0.51, 0))
        #expect(!Self.completes(rule, 0.5, 0))
        #expect(Self.completes(rule, 0.1, 0.51))
        #expect(!Self.completes(rule, 0.1, 0.5))
        #expect(!Self.completes(rule, 0.9, -0.01))
    }

    /// projection(0.5, 0.3 s): 0.2 + 0.3 * 1.0 = 0.5 completes, 0.2 + 0.3 * 0.99 = 0.497
    /// cancels; 0.8 - 0.3 * 1.0 = 0.5 completes, 0.8 - 0.3 * 1.01 = 0.497 cancels.
    @Test func projection() {
        let rule = Rule.projection(progress: 0.5, tau: 0.3)
        #expect(Self.completes(rule, 0.2, 1.0))
        #expect(!Self.completes(rule, 0.2, 0.99))
        #expect(Self.completes(rule, 0.8, -1.0))
        #expect(!Self.completes(rule, 0.8, -1.01))
    }

    /// kinematic(187.5 pt, 0.35 s) at E = 390: target min(187.5/390, 0.5) = 0.480769.
    /// p 0.3, v_m 0.5: 0.3 + 0.175 = 0.475 cancels; v_m 0.52: 0.482 completes; v_m 0.5 with
    /// a_m 0.1: 0.475 + 0.1 * 0.35² / 2 = 0.481125 completes. At E = 300 the target is
    /// min(0.625, 0.5) = 0.5: p 0.33, v_m 0.5 lands at 0.505 (complete), p 0.32 at 0.495.
    /// Fewer than 3 samples: complete iff v_m > 0, whatever p.
    @Test func kinematic() {
        let rule = Rule.kinematic(distance: 187.5, duration: 0.35)
        func state(
            _ p: Double, _ vm: Double, _ am: Double = 0, count: Int = 3, extent: Double = 390
        ) -> ReleaseState {
            ReleaseState(
                progress: p, velocity: 99, kinematicVelocity: vm, kinematicAcceleration: am,
                sampleCount: count, extent: extent)
        }
        #expect(!rule.completes(state(0.3, 0.5)))
        #expect(rule.completes(state(0.3, 0.52)))
        #expect(rule.completes(state(0.3, 0.5, 0.1)))
        #expect(rule.completes(state(0.33, 0.5, extent: 300)))
        #expect(!rule.completes(state(0.32, 0.5, extent: 300)))
        #expect(rule.completes(state(0, 0.01, count: 2)))
        #expect(!rule.completes(state(0.9, 0, count: 2)))
    }

    /// logistic(-1, 2, 0.5): -1 + 2 * 0.5 = 0 completes, p 0.49 gives -0.02; -1 + 0.5 * 2 = 0
    /// completes, v 1.99 gives -0.005.
    @Test func logistic() {
        let rule = Rule.logistic(b0: -1, b1: 2, b2: 0.5)
        #expect(Self.completes(rule, 0.5, 0))
        #expect(!Self.completes(rule, 0.49, 0))
        #expect(Self.completes(rule, 0, 2))
        #expect(!Self.completes(rule, 0, 1.99))
    }

    @Test func family() {
        #expect(Rule.projection(progress: 0.5, tau: 0.3).family == .projection)
        #expect(Rule.logistic(b0: 0, b1: 0, b2: 0).family == .logistic)
    }
}

/// The nine presets of physics.md at E = 390 pt, on points either side of their boundaries.
@Suite struct PresetTests {
    static func preset(_ name: String) throws -> Rule {
        try #require(Preset.named(name)).rule(extent: 390)
    }

    static func completes(_ name: String, _ p: Double, _ v: Double) throws -> Bool {
        try preset(name).completes(ReleaseState(progress: p, velocity: v))
    }

    @Test func allNineInOrder() {
        #expect(
            Preset.all.map(\.name) == [
                "flutter-cupertino", "android-drawer", "compose-anchored", "ionic",
                "react-navigation",
                "transition-treasury", "sloppy-swiper", "wwdc-projection", "uikit-system",
            ])
        #expect(Preset.defaultName == "flutter-cupertino")
        #expect(Preset.all.allSatisfy { !$0.source.isEmpty && !$0.source.contains("\n") })
        #expect(Preset.all.allSatisfy { $0.rule(extent: 390).family == $0.family })
        #expect(Preset.named("nope") == nil)
    }

    /// 0.5 progress or 1.0 width/s.
    @Test func flutterCupertino() throws {
        #expect(try Self.completes("flutter-cupertino", 0.5, 0))
        #expect(try !Self.completes("flutter-cupertino", 0.49, 0))
        #expect(try Self.completes("flutter-cupertino", 0.1, 1.0))
        #expect(try !Self.completes("flutter-cupertino", 0.9, -1.0))
    }

    /// 400 dp/s / 390 pt = 1.025641 progress/s.
    @Test func androidDrawer() throws {
        #expect(try Self.completes("android-drawer", 0.1, 1.03))
        #expect(try !Self.completes("android-drawer", 0.1, 1.02))
        #expect(try Self.completes("android-drawer", 0.5, 1.02))
    }

    /// 125 dp/s / 390 pt = 0.320513 progress/s.
    @Test func composeAnchored() throws {
        #expect(try Self.completes("compose-anchored", 0.1, 0.321))
        #expect(try !Self.completes("compose-anchored", 0.1, 0.320))
        #expect(try !Self.completes("compose-anchored", 0.9, -0.321))
    }

    /// Forward, 200 pt/s / 390 = 0.512821 progress/s or progress > 0.5.
    @Test func ionic() throws {
        #expect(try Self.completes("ionic", 0.1, 0.513))
        #expect(try !Self.completes("ionic", 0.1, 0.512))
        #expect(try Self.completes("ionic", 0.51, 0))
        #expect(try !Self.completes("ionic", 0.5, 0))
        #expect(try !Self.completes("ionic", 0.9, -0.001))
    }

    /// p + 0.3 v >= 0.5: 0.2 + 0.3 = 0.5 completes, 0.2 + 0.297 cancels.
    @Test func reactNavigation() throws {
        #expect(try Self.completes("react-navigation", 0.2, 1.0))
        #expect(try !Self.completes("react-navigation", 0.2, 0.99))
    }

    /// 0.3 progress, velocity ignored.
    @Test func transitionTreasury() throws {
        #expect(try Self.completes("transition-treasury", 0.3, -100))
        #expect(try !Self.completes("transition-treasury", 0.29, 100))
    }

    /// Any rightward velocity completes; a resting finger cancels even at 0.99.
    @Test func sloppySwiper() throws {
        #expect(try Self.completes("sloppy-swiper", 0, 0.001))
        #expect(try !Self.completes("sloppy-swiper", 0.99, 0))
        #expect(try !Self.completes("sloppy-swiper", 0.5, -0.001))
    }

    /// tau = 0.998 / 0.002 / 1000 = 0.499 s: 0.2 + 0.499 * 0.61 = 0.504 completes,
    /// 0.2 + 0.499 * 0.59 = 0.494 cancels.
    @Test func wwdcProjection() throws {
        guard case .projection(let p, let tau) = try Self.preset("wwdc-projection") else {
            Issue.record("not a projection rule")
            return
        }
        #expect(p == 0.5)
        #expect(TestSupport.isClose(tau, 0.499, relative: 1e-12))
        #expect(try Self.completes("wwdc-projection", 0.2, 0.61))
        #expect(try !Self.completes("wwdc-projection", 0.2, 0.59))
    }

    /// kinematic(187.5 pt, 0.35 s): target 0.480769 at E = 390 (see RuleTests.kinematic).
    @Test func uikitSystem() throws {
        let rule = try Self.preset("uikit-system")
        #expect(rule == .kinematic(distance: 187.5, duration: 0.35))
        #expect(
            !rule.completes(
                ReleaseState(
                    progress: 0.3, velocity: 0, kinematicVelocity: 0.5, sampleCount: 3, extent: 390)
            ))
        #expect(
            rule.completes(
                ReleaseState(
                    progress: 0.3, velocity: 0, kinematicVelocity: 0.52, sampleCount: 3, extent: 390
                )))
    }
}
