@file:JvmName("GestureTuneDecisions")

package dev.gesturetune.runtime

/**
 * What the rule reads at a release, as [GestureTracker] measures it.
 */
data class ReleaseState(
    /** Release progress `p_r` in [0, 1]. */
    val progress: Double,
    /** Release velocity `v_p`, progress/s. */
    val velocity: Double,
    /** Mean velocity over the last [GestureTuneDefaults.kinematicSamples] samples, progress/s (kinematic rule). */
    val kinematicVelocity: Double = 0.0,
    /**
     * Acceleration over the last [GestureTuneDefaults.kinematicSamples] samples, progress/s²,
     * clamped to ±[GestureTuneDefaults.kinematicAccelerationLimit] (kinematic rule).
     */
    val kinematicAcceleration: Double = 0.0,
    /** How many of the last [GestureTuneDefaults.kinematicSamples] samples there were (kinematic rule). */
    val kinematicCount: Int = GestureTuneDefaults.kinematicSamples,
    /** The extent along the axis, pt (kinematic rule). */
    val extent: Double = GestureTuneDefaults.extent
)

/** Why the start-of-gesture gate refused a gesture. */
enum class GateRefusal {
    /** The finger never moved more than the slop from where it landed. */
    SLOP,

    /** The first sample was farther from the leading edge than the edge width. */
    EDGE,

    /** The direction after the slop was farther from the axis than the lock angle. */
    ANGLE
}

/** One touch sample: time, s, and position in the container's frame, pt (dp on Android). */
data class Sample(
    /** Time, s. */
    val t: Double,
    /** x, pt. */
    val x: Double,
    /** y, pt. */
    val y: Double
)

/** A velocity in the container's frame, pt/s. */
data class Velocity(
    /** Along x, pt/s. */
    val x: Double,
    /** Along y, pt/s. */
    val y: Double
)

/** The rule's decision at a release, whatever the gate said: true finishes the transition. */
fun ruleCompletes(parameters: GestureTuneParameters, state: ReleaseState): Boolean =
    decide(
        parameters, state.progress, state.velocity, state.kinematicVelocity,
        state.kinematicAcceleration, state.kinematicCount, state.extent
    )

/**
 * The gate's refusal, the first reason first, or null when it admits the gesture.
 * [edgeDistance]: the first sample's distance from the leading edge, pt (not finite: 0);
 * [angle]: degrees from the axis of the displacement of the first sample beyond the slop, null
 * when the finger never left the slop. (A caught transition is admitted without the gate.)
 */
fun gateRefusal(parameters: GestureTuneParameters, edgeDistance: Double, angle: Double?): GateRefusal? {
    if (angle == null) return GateRefusal.SLOP
    val e = if (edgeDistance.isFinite()) edgeDistance else 0.0
    val width = parameters.gate?.edgeWidth
    if (width != null && !(e <= width)) return GateRefusal.EDGE
    if (!(angle <= (parameters.gate?.lockAngle ?: GestureTuneDefaults.lockAngle))) return GateRefusal.ANGLE
    return null
}

/**
 * The settle at the finger's speed, s: `min(cap, remaining / |velocity|)` (cap when that is not
 * finite), 0 when nothing remains. [remaining]: progress left to cover (1 - p when completing, p
 * when cancelling); [velocity]: progress/s; cap: fingerSpeedCap, else transitionDuration, else 0.35.
 */
fun settleDuration(parameters: GestureTuneParameters, remaining: Double, velocity: Double): Double {
    val duration = parameters.transitionDuration ?: GestureTuneDefaults.transitionDuration
    val cap = parameters.fingerSpeedCap ?: duration
    var settle = 0.0
    if (remaining > 0) {
        val time = remaining / Math.abs(velocity)
        settle = if (time.isFinite()) Math.min(cap, time) else cap
    }
    return settle
}

/**
 * The animation speed that settles [remaining] progress in [settleDuration] s, as a multiple of
 * the transition's own speed: `remaining * transitionDuration / settleDuration` (1 when nothing remains).
 */
fun completionSpeed(parameters: GestureTuneParameters, remaining: Double, settleDuration: Double): Double {
    val duration = parameters.transitionDuration ?: GestureTuneDefaults.transitionDuration
    return if (remaining > 0 && settleDuration > 0) remaining * duration / settleDuration else 1.0
}

/**
 * The spring's initial velocity relative to the distance it covers, 1/s: `v/(1-p)` when
 * completing, `-v/p` when cancelling (0 when nothing remains or not finite).
 */
fun springInitialVelocity(progress: Double, velocity: Double, complete: Boolean): Double {
    val remaining = if (complete) 1 - progress else progress
    return if (remaining > 0) finiteOrZero(if (complete) velocity / (1 - progress) else -velocity / progress) else 0.0
}

/**
 * When the settle spring (ζ = spring.dampingRatio, else 1; response spring.response, else
 * transitionDuration, else 0.35 s) launched with relative velocity [initialVelocity] stays within
 * 0.5% of its target, s: [SpringMotion.settlingTime] of [GestureTuneParameters.springMotion], as
 * the Swift runtime's tracker computes it (the last crossing bracketed from the closed form, then
 * bisected); 0 when [initialVelocity] is not finite or the bracket cannot be found.
 */
fun springSettlingTime(parameters: GestureTuneParameters, initialVelocity: Double): Double =
    try {
        parameters.springMotion(initialVelocity).settlingTime()
    } catch (e: SpringMotion.FailureException) {
        0.0
    }

/**
 * The release velocity, pt/s, under the parameters' estimator, window and fallbacks, from the
 * touch-down and move [points] (kept as [GestureTracker.add] keeps them: non-finite ones skipped,
 * one at or before the previous time replaces it), the lift-off time [releaseTime] (a release
 * more than maxGap after the newest sample has rested: 0) and the platform's velocity [platform]
 * (read only by the `platform` estimator; without it, lsq2).
 */
fun releaseVelocity(
    parameters: GestureTuneParameters,
    points: List<Sample>,
    releaseTime: Double,
    platform: Velocity? = null
): Velocity {
    val samples = Samples()
    for (p in points) samples.add(p.t, p.x, p.y)
    val v = samples.releaseVelocity(parameters, releaseTime, platform?.x, platform?.y)
    return Velocity(v[0], v[1])
}

internal fun finiteOrZero(x: Double): Double = if (x.isFinite()) x else 0.0

/** The kept samples of one gesture and the measurements over them (the Swift runtime's `ReleaseVelocity`). */
internal class Samples {
    val ts = ArrayList<Double>()
    val xs = ArrayList<Double>()
    val ys = ArrayList<Double>()

    val size: Int get() = ts.size

    /** Keeps a finite sample; one at or before the newest kept time replaces it. */
    fun add(t: Double, x: Double, y: Double) {
        if (!t.isFinite() || !x.isFinite() || !y.isFinite()) return
        while (ts.isNotEmpty() && ts[ts.size - 1] >= t) {
            ts.removeAt(ts.size - 1); xs.removeAt(xs.size - 1); ys.removeAt(ys.size - 1)
        }
        ts.add(t); xs.add(x); ys.add(y)
    }

    private fun tolerance(t: Double): Double = Math.max(GestureTuneDefaults.timeTolerance, 16 * Math.ulp(Math.abs(t)))

    /** The velocity window: [start, end) over the samples; start == end when none (rested). */
    fun window(parameters: GestureTuneParameters, releaseTime: Double): IntArray {
        val end = ts.size
        if (end == 0) return intArrayOf(0, 0)
        val horizon = parameters.horizon.let { if (it != null && it.isFinite() && it > 0) it else GestureTuneDefaults.horizon }
        val maxGap = parameters.maxGap.let { if (it != null && it.isFinite() && it > 0) it else GestureTuneDefaults.maxGap }
        val maxSamples = parameters.maxSamples.let { if (it != null && it >= 1) it else GestureTuneDefaults.maxSamples }
        val newest = ts[end - 1]
        val tol = tolerance(newest)
        if (releaseTime.isFinite() && releaseTime - newest > maxGap + tol) return intArrayOf(end, end)
        var start = end - 1
        while (start > 0 && end - start < maxSamples) {
            val older = ts[start - 1]
            if (newest - older > horizon + tol) break
            if (ts[start] - older > maxGap + tol) break
            start -= 1
        }
        return intArrayOf(start, end)
    }

    /** (vx, vy) at release, pt/s, under the parameters' estimator and its fallbacks. */
    fun releaseVelocity(parameters: GestureTuneParameters, releaseTime: Double, pvx: Double?, pvy: Double?): DoubleArray {
        var estimator = parameters.estimator ?: Estimator.LSQ2
        if (estimator == Estimator.PLATFORM) {
            if (pvx != null && pvy != null) return doubleArrayOf(pvx, pvy)
            estimator = Estimator.LSQ2
        }
        val w = window(parameters, releaseTime)
        if (w[1] - w[0] < 2) return doubleArrayOf(0.0, 0.0)
        val chain = estimatorChains.getValue(estimator)
        val direction = parameters.direction
        for (candidate in chain) {
            val c = components(candidate, w[0], w[1]) ?: continue
            if (c[0].isFinite() && c[1].isFinite() && direction.along(c[0], c[1]).isFinite()) return c
        }
        return doubleArrayOf(0.0, 0.0)
    }

    private fun components(estimator: Estimator, start: Int, end: Int): DoubleArray? {
        val count = end - start
        return when (estimator) {
            Estimator.LSQ2, Estimator.LSQ1 -> {
                val degree = if (estimator == Estimator.LSQ2) 2 else 1
                if (count == 2) slope(end) else if (count <= degree) null else fit(start, end, degree)
            }
            Estimator.DELTA -> slope(end)
            else -> if (count == 2) slope(end) else impulse(start, end)
        }
    }

    private fun slope(end: Int): DoubleArray? {
        val dt = ts[end - 1] - ts[end - 2]
        if (!(dt > 0)) return null
        return doubleArrayOf((xs[end - 1] - xs[end - 2]) / dt, (ys[end - 1] - ys[end - 2]) / dt)
    }

    /** Least squares of degree 1 or 2 against time relative to the newest sample: QR (modified
     *  Gram-Schmidt) of 1, tau, tau^2 with tau the time over the window's span; the slope at the newest. */
    private fun fit(start: Int, end: Int, degree: Int): DoubleArray? {
        val n = end - start
        val m = degree + 1
        val t0 = ts[end - 1]
        var span = 0.0
        for (i in start until end) span = Math.max(span, Math.abs(ts[i] - t0))
        if (!(span > 0)) return null
        val q = Array(m) { j -> DoubleArray(n) { i -> Math.pow((ts[start + i] - t0) / span, j.toDouble()) } }
        val r = Array(m) { DoubleArray(m) }
        var largest = 0.0
        for (j in 0 until m) {
            for (k in 0 until j) {
                var d = 0.0
                for (i in 0 until n) d += q[k][i] * q[j][i]
                r[k][j] = d
                for (i in 0 until n) q[j][i] -= d * q[k][i]
            }
            var norm = 0.0
            for (i in 0 until n) norm += q[j][i] * q[j][i]
            norm = Math.sqrt(norm)
            largest = Math.max(largest, norm)
            if (!(norm > 1e-12 * largest) || !norm.isFinite()) return null
            r[j][j] = norm
            for (i in 0 until n) q[j][i] /= norm
        }
        fun slopeOf(values: DoubleArray): Double {
            val c = DoubleArray(m)
            for (j in 0 until m) {
                var d = 0.0
                for (i in 0 until n) d += q[j][i] * values[i]
                c[j] = d
            }
            for (j in m - 1 downTo 0) {
                for (k in j + 1 until m) c[j] -= r[j][k] * c[k]
                c[j] /= r[j][j]
            }
            return c[1] / span
        }
        val x0 = xs[end - 1]
        val y0 = ys[end - 1]
        return doubleArrayOf(
            slopeOf(DoubleArray(n) { xs[start + it] - x0 }), slopeOf(DoubleArray(n) { ys[start + it] - y0 })
        )
    }

    /** Android's impulse strategy on x and y separately. */
    private fun impulse(start: Int, end: Int): DoubleArray {
        fun velocity(work: Double): Double = (if (work < 0) -1.0 else 1.0) * Math.sqrt(2 * Math.abs(work))
        var workX = 0.0
        var workY = 0.0
        for (index in start + 1 until end) {
            val dt = ts[index] - ts[index - 1]
            val vx = (xs[index] - xs[index - 1]) / dt
            val vy = (ys[index] - ys[index - 1]) / dt
            workX += (vx - velocity(workX)) * Math.abs(vx)
            workY += (vy - velocity(workY)) * Math.abs(vy)
            if (index == start + 1) {
                workX *= 0.5
                workY *= 0.5
            }
        }
        return doubleArrayOf(velocity(workX), velocity(workY))
    }

    /** Mean velocity and acceleration over the last [GestureTuneDefaults.kinematicSamples] samples
     *  (progress/s, progress/s^2, the acceleration clamped to
     *  ±[GestureTuneDefaults.kinematicAccelerationLimit]), and how many samples there were, for the
     *  kinematic rule. */
    fun kinematics(direction: Direction, extent: Double): Triple<Double, Double, Int> {
        val count = Math.min(GestureTuneDefaults.kinematicSamples, ts.size)
        if (count < 2) return Triple(0.0, 0.0, count)
        fun segment(k: Int): Double =
            finiteOrZero(direction.along(xs[k] - xs[k - 1], ys[k] - ys[k - 1]) / extent / (ts[k] - ts[k - 1]))
        val newest = ts.size - 1
        val last = segment(newest)
        if (count != GestureTuneDefaults.kinematicSamples) return Triple(last, 0.0, count)
        val previous = segment(newest - 1)
        val span = (ts[newest] - ts[newest - 2]) / 2
        val step = finiteOrZero((last - previous) / span)
        val limit = GestureTuneDefaults.kinematicAccelerationLimit
        return Triple(finiteOrZero((previous + last) / 2), Math.min(limit, Math.max(-limit, step)), count)
    }
}
