/// Every constant an app's decision depends on, in one table: the engine, `GestureTuneTracker`
/// and the Kotlin and JavaScript runtimes (`runtimes/`, whose tables `make runtimes` generates
/// from this one) read these values and no literal of their own.
public enum GestureTuneDefaults {
    /// Container extent when none is measured or set, pt (an iPhone's width in portrait).
    public static let extent = 390.0
    /// Velocity window `H`: the oldest sample age kept, s (Android's and Flutter's constant).
    public static let horizon = 0.100
    /// Velocity window `N`: most samples kept.
    public static let maxSamples = 20
    /// Velocity window `G`: largest gap between kept samples, and the rest rule before
    /// lift-off, s.
    public static let maxGap = 0.040
    /// The slop the gate waits for before it reads the direction, pt.
    public static let slop = 10.0
    /// The gate's direction lock when none is set: any heading with a component along the axis.
    public static let lockAngle = 90.0
    /// The linear transition's duration, s.
    public static let transitionDuration = 0.35
    /// The spring's damping ratio when none is set (critically damped, no overshoot).
    public static let dampingRatio = 1.0
    /// A spring has settled within this share of its distance (physics.md: 0.5%).
    public static let settlingTolerance = 0.005
    /// The kinematic rule reads the mean velocity and acceleration of this many newest samples.
    public static let kinematicSamples = 3
    /// The kinematic rule's acceleration is clamped to ± this, progress/s².
    public static let accelerationLimit = 5.0
    /// The window's time comparisons are within `max(timeTolerance, 16 ulp(t))`, s.
    public static let timeTolerance = 1e-9
}
