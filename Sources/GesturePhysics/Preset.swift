/// A shipping system's own decision settings, evaluated beside the user's (physics.md, "Presets").
/// Distances in dp and logical px are taken as pt; velocity thresholds given in pt/s are
/// converted to progress/s with the extent in use.
public struct Preset: Sendable, Equatable {
    public var name: String
    /// One line a report can print: where the numbers come from.
    public var source: String
    /// The family this preset uses.
    public var family: RuleFamily
    private var make: @Sendable (Double) -> Rule

    public init(
        name: String, source: String, family: RuleFamily,
        rule: @escaping @Sendable (_ extent: Double) -> Rule
    ) {
        self.name = name
        self.source = source
        self.family = family
        self.make = rule
    }

    /// The rule for a container of `extent` pt.
    public func rule(extent: Double) -> Rule { make(extent) }

    public static func == (a: Preset, b: Preset) -> Bool {
        let extent = PhysicsOptions.defaultExtent
        return a.name == b.name && a.rule(extent: extent) == b.rule(extent: extent)
    }

    /// `uikit-system`'s projected distance `d_th`, pt.
    public static let uikitSystemDistance = 187.5
    /// `uikit-system`'s completion duration `D`, s (assumed).
    public static let uikitSystemDuration = 0.35

    /// The default current parameters: `flutter-cupertino`.
    public static let defaultName = "flutter-cupertino"

    /// Looks a preset up by name.
    public static func named(_ name: String) -> Preset? { all.first { $0.name == name } }

    /// The nine presets of physics.md, in report order.
    public static let all: [Preset] = [
        Preset(
            name: "flutter-cupertino",
            source:
                "Flutter CupertinoPageRoute back gesture: complete at 0.5 progress or a fling of 1.0 width/s",
            family: .threshold
        ) { _ in .threshold(progress: 0.5, velocity: 1.0) },
        Preset(
            name: "android-drawer",
            source:
                "Android DrawerLayout (ViewDragHelper): 0.5 progress or 400 dp/s, dp taken as pt",
            family: .threshold
        ) { e in .threshold(progress: 0.5, velocity: 400 / e) },
        Preset(
            name: "compose-anchored",
            source:
                "Jetpack Compose AnchoredDraggable: positional threshold 0.5, velocity threshold 125 dp/s",
            family: .threshold
        ) { e in .threshold(progress: 0.5, velocity: 125 / e) },
        Preset(
            name: "ionic",
            source: "Ionic swipe-back: forward motion and (velocity > 200 pt/s or progress > 0.5)",
            family: .forward
        ) { e in .forward(progress: 0.5, velocity: 200 / e) },
        Preset(
            name: "react-navigation",
            source: "React Navigation stack: projected progress (p + 0.3 s × v) past 0.5",
            family: .projection
        ) { _ in .projection(progress: 0.5, tau: 0.3) },
        Preset(
            name: "transition-treasury",
            source: "TransitionTreasury: interactivePrecent 0.3, velocity ignored",
            family: .threshold
        ) { _ in .threshold(progress: 0.3, velocity: .infinity) },
        // physics.md: "`forward` with 0 and 1.01: any rightward velocity". SloppySwiper
        // finishes iff the pan's x velocity is > 0. That is `forward` with `v_th = 0` and
        // `p_th = 1.01` (progress never exceeds 1, so position never decides):
        // v_p >= 0 and (v_p > 0 or p_r > 1.01) == v_p > 0. Read the other way round
        // (p_th = 0, v_th = 1.01) it would complete a resting finger at any progress.
        Preset(
            name: "sloppy-swiper",
            source:
                "SloppySwiper: any rightward velocity at release completes (forward, velocity 0, progress 1.01: never)",
            family: .forward
        ) { _ in .forward(progress: 1.01, velocity: 0) },
        Preset(
            name: "wwdc-projection",
            source:
                "WWDC 2018 Designing Fluid Interfaces: project with deceleration 0.998/ms (tau 0.499 s) past 0.5",
            family: .projection
        ) { _ in .projection(progress: 0.5, tau: 0.998 / (1 - 0.998) / 1000) },
        Preset(
            name: "uikit-system",
            source:
                "iOS system pop as observed in recent UIKit builds: 187.5 pt projected over 0.35 s (an approximation; D assumed)",
            family: .kinematic
        ) { _ in .kinematic(distance: uikitSystemDistance, duration: uikitSystemDuration) },
    ]
}
