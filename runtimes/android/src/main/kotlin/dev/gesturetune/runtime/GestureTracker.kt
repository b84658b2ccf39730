package dev.gesturetune.runtime

/**
 * Measures and decides one gesture exactly as gesturetune's analysis does, from the raw touch
 * samples, with no platform API. Feed it every sample of the gesture in order, in the container's
 * frame (a frame that does not move with the finger), in dp and seconds: [add] for the touch down
 * and each move (historical samples included), [release] for the lift-off. It applies the
 * start-of-gesture gate, the release-velocity estimator and window the thresholds were fitted on,
 * the rule, and the settle duration, completion speed and spring. One tracker per gesture.
 *
 * The Kotlin twin of the Swift runtime's `GestureTuneTracker` (same arithmetic, same order of
 * floating-point operations), held to it by `runtimes/conformance/cases.json`; its constants and
 * decisions come from `Tables.kt`, which `make runtimes` generates from the Swift runtime.
 *
 * [extent]: the container's size along the axis, dp (not positive or not finite: the parameters'
 * extent, else 390).
 */
class GestureTracker @JvmOverloads constructor(
    /** The parameters every decision reads. */
    val parameters: GestureTuneParameters,
    extent: Double = Double.NaN
) {
    /** What the tracker decided at lift-off. */
    data class Release(
        /** The gate admitted the gesture: false means the transition never starts. */
        val admitted: Boolean,
        /** What the rule decides at this release, whatever the gate said. */
        val ruleCompletes: Boolean,
        /** admitted && ruleCompletes: finish the transition (else settle back to 0). */
        val complete: Boolean,
        /** Release progress `p_r` in [0, 1]. */
        val progress: Double,
        /** Release velocity `v_p`, progress/s. */
        val velocity: Double,
        /** The settle at the finger's speed: min(cap, remaining / |v_p|), s. */
        val settleDuration: Double,
        /** remaining * transitionDuration / settleDuration: the settle's speed relative to the transition's. */
        val completionSpeed: Double,
        /** The spring's initial relative velocity (fraction of the remaining distance per s). */
        val springInitialVelocity: Double,
        /** When the spring is within 0.5% of its target, s. */
        val springSettlingTime: Double
    )

    /** The extent in use, dp: the one given when positive and finite, else the parameters', else 390. */
    val extent: Double = when {
        extent.isFinite() && extent > 0 -> extent
        parameters.extent.let { it != null && it.isFinite() && it > 0 } -> parameters.extent!!
        else -> GestureTuneDefaults.extent
    }

    private var firstX = 0.0
    private var firstY = 0.0
    private var hasFirst = false
    private val samples = Samples()
    private var platformVx: Double? = null
    private var platformVy: Double? = null

    /** Where a caught transition was when this gesture took it over (0: a new one); the gate does not apply to it. */
    var startProgress: Double = 0.0

    /**
     * A touch-down or move sample: time [t], s, and position ([x], [y]), dp, in the container's
     * frame; [vx], [vy] the platform's velocity, dp/s, when it has one (read by the `platform`
     * estimator only). Non-finite samples are ignored; one at or before the previous time replaces it.
     */
    @JvmOverloads
    fun add(t: Double, x: Double, y: Double, vx: Double? = null, vy: Double? = null) {
        if (!t.isFinite() || !x.isFinite() || !y.isFinite()) return
        if (!hasFirst) {
            firstX = x; firstY = y; hasFirst = true
        }
        if (vx != null && vy != null && vx.isFinite() && vy.isFinite()) {
            platformVx = vx; platformVy = vy
        }
        samples.add(t, x, y)
    }

    /** Progress in [0, 1] at ([x], [y]): [startProgress] plus the distance along the axis from the first sample over the extent. */
    fun progress(x: Double, y: Double): Double {
        if (!hasFirst) return 0.0
        val value = startProgress + parameters.direction.along(x - firstX, y - firstY) / extent
        return if (value.isNaN()) 0.0 else Math.min(1.0, Math.max(0.0, value))
    }

    /**
     * The gate's verdict so far: true once admitted (at once for a caught transition), false once
     * refused (a first sample beyond the edge width is refused at once), null until the finger has
     * moved more than the slop.
     */
    val admitted: Boolean?
        get() {
            if (startProgress > 0) return true
            if (!hasFirst) return null
            val width = parameters.gate?.edgeWidth
            if (width != null && !(leadingEdgeDistance() <= width)) return false
            val angle = angleAfterSlop ?: return null
            return angle <= (parameters.gate?.lockAngle ?: GestureTuneDefaults.lockAngle)
        }

    /** The first sample's distance from the leading edge, dp (not finite: 0); null before the first sample. */
    val edgeDistance: Double?
        get() = if (hasFirst) leadingEdgeDistance() else null

    private fun leadingEdgeDistance(): Double {
        val e = when (parameters.direction) {
            Direction.LEFT -> extent - firstX
            Direction.DOWN -> firstY
            Direction.UP -> extent - firstY
            Direction.RIGHT -> firstX
        }
        return finiteOrZero(e)
    }

    /** Degrees in [0, 180] from the axis of the first sample more than the slop from the first; null while none is. */
    val angleAfterSlop: Double?
        get() {
            if (!hasFirst) return null
            val slop = parameters.gate?.slop.let { if (it != null && it.isFinite() && it >= 0) it else GestureTuneDefaults.slop }
            val direction = parameters.direction
            for (i in 0 until samples.size) {
                val dx = samples.xs[i] - firstX
                val dy = samples.ys[i] - firstY
                val length = Math.sqrt(dx * dx + dy * dy)
                if (!length.isFinite()) return null
                if (length > slop) {
                    val angle = Math.atan2(Math.abs(direction.across(dx, dy)), direction.along(dx, dy)) * 180 / Math.PI
                    return if (angle.isFinite()) angle else null
                }
            }
            return null
        }

    /**
     * The lift-off sample: decides the release. [vx], [vy]: the platform's velocity at lift-off,
     * dp/s, when it has one (else the last one [add] got).
     */
    @JvmOverloads
    fun release(t: Double, x: Double, y: Double, vx: Double? = null, vy: Double? = null): Release {
        if (!hasFirst) {
            firstX = x; firstY = y; hasFirst = true
        }
        var pvx = platformVx
        var pvy = platformVy
        if (vx != null && vy != null && vx.isFinite() && vy.isFinite()) {
            pvx = vx; pvy = vy
        }
        val direction = parameters.direction
        val p = progress(x, y)
        val velocity = samples.releaseVelocity(parameters, t, pvx, pvy)
        val v = finiteOrZero(direction.along(velocity[0], velocity[1]) / extent)
        val k = samples.kinematics(direction, extent)
        val ruleCompletes = ruleCompletes(parameters, ReleaseState(p, v, k.first, k.second, k.third, extent))
        val admitted = admitted ?: false
        val complete = admitted && ruleCompletes
        val remaining = if (complete) 1 - p else p
        val settle = settleDuration(parameters, remaining, v)
        val speed = completionSpeed(parameters, remaining, settle)
        val relative = springInitialVelocity(p, v, complete)
        return Release(
            admitted, ruleCompletes, complete, p, v, settle, speed, relative,
            if (remaining > 0) springSettlingTime(parameters, relative) else 0.0
        )
    }
}
