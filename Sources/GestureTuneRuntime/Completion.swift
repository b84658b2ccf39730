/// The completion animation after release (physics.md, "Completion animation"): how the
/// finger's speed carries into the animation that finishes or reverts the transition.
///
/// Progress is in [0, 1], velocities in progress/s (`v_p`), times in seconds.
public enum Completion {
    /// Finger-speed completion (the iOS system pop, Ionic): the remaining time
    /// `min(D, r / |v_p|)`, s, with `r` the remaining progress (`1 - p_r` completing, `p_r`
    /// cancelling) and `D` the cap. A finger at rest (`v_p = 0`) or a non-finite ratio
    /// takes `D`; nothing remaining takes 0.
    public static func fingerSpeedDuration(remaining r: Double, velocity vp: Double, cap d: Double)
        -> Double
    {
        guard r > 0 else { return 0 }
        let time = r / abs(vp)
        return time.isFinite ? min(d, time) : d
    }

    /// The uncapped finger-speed time `r / |v_p|`, s (the statistic whose 90th percentile
    /// over completing releases suggests `D`); nil when `v_p = 0` or the ratio is not finite.
    public static func fingerSpeedTime(remaining r: Double, velocity vp: Double) -> Double? {
        let time = max(0, r) / abs(vp)
        return time.isFinite ? time : nil
    }

    /// Remaining progress after release: `1 - p_r` when completing, `p_r` when cancelling.
    public static func remaining(progress p: Double, completing: Bool) -> Double {
        completing ? 1 - p : p
    }

    /// Linear completion (`UIPercentDrivenInteractiveTransition`): the velocity ratio
    /// `(s / D) / v_p` of animation speed after release to finger speed, for animation
    /// duration `D` (s) and `completionSpeed` `s`. 1 means no visible jump. nil when
    /// `v_p = 0` or the ratio is not finite.
    public static func linearVelocityRatio(
        completionSpeed s: Double, duration d: Double, velocity vp: Double
    ) -> Double? {
        let ratio = (s / d) / vp
        return ratio.isFinite ? ratio : nil
    }

    /// The spring's initial relative velocity (`UISpringTimingParameters.initialVelocity`:
    /// fraction of the remaining distance per second): `v_p / (1 - p_r)` completing,
    /// `-v_p / p_r` cancelling. nil when nothing remains to animate (`p_r = 1` completing,
    /// `p_r = 0` cancelling) or the value is not finite.
    public static func springInitialVelocity(
        progress p: Double, velocity vp: Double, completing: Bool
    ) -> Double? {
        let v = completing ? vp / (1 - p) : -vp / p
        guard remaining(progress: p, completing: completing) > 0, v.isFinite else { return nil }
        return v
    }

    /// `UIPercentDrivenInteractiveTransition.completionSpeed` that makes a linear animation of
    /// duration `D` (s) cover `remaining` progress in `settle` s: `r D / settle`; 1 when nothing
    /// remains or the settle takes no time.
    public static func linearCompletionSpeed(
        remaining r: Double, settle: Double, duration d: Double
    )
        -> Double
    {
        r > 0 && settle > 0 ? r * d / settle : 1
    }
}
