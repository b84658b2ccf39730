/**
 * GestureTuneCore: measures and decides a release exactly as gesturetune's analysis does, from
 * the raw touch samples, with no platform API. Feed it every sample of one gesture in order, in
 * the container's frame (a frame that does not move with the finger), in dp and seconds: [add]
 * for each touch down and move, [release] for the lift-off. It applies the start-of-gesture gate
 * (edge width, direction after the slop), the release-velocity estimator and window the
 * thresholds were fitted on, the rule, and the completion speed and spring.
 *
 * [extent]: the container's size along the axis, dp (else the parameters' extent, else 390).
 */
class GestureTuneCore(extent: Double) {
    /** What the core decided at lift-off (see the Swift core for each field). */
    data class Release(
        /** The gate admitted the gesture: false means the transition never starts. */
        val admitted: Boolean,
        /** What the rule decides at this release, whatever the gate said. */
        val ruleCompletes: Boolean,
        /** admitted && ruleCompletes: finish the transition. */
        val complete: Boolean,
        /** Release progress p_r in [0, 1]. */
        val progress: Double,
        /** Release velocity v_p, progress/s. */
        val velocity: Double,
        /** The settle at the finger's speed: min(cap, remaining / |v_p|), s. */
        val settleDuration: Double,
        val completionSpeed: Double,
        /** The spring's initial relative velocity (fraction of the remaining distance per s). */
        val springInitialVelocity: Double,
        /** When the spring is within 0.5% of its target, s. */
        val springSettlingTime: Double
    )

    val extent: Double = when {
        extent.isFinite() && extent > 0 -> extent
        GestureTuneParameters.extent.let { it != null && it.isFinite() && it > 0 } -> GestureTuneParameters.extent!!
        else -> 390.0
    }
    private var firstT = 0.0
    private var firstX = 0.0
    private var firstY = 0.0
    var hasFirst = false
        private set
    private val ts = ArrayList<Double>()
    private val xs = ArrayList<Double>()
    private val ys = ArrayList<Double>()
    private var platformVx: Double? = null
    private var platformVy: Double? = null
    /** Where a caught transition was when this gesture took it over (0: a new one); the gate does not apply to it. */
    var startProgress = 0.0

    companion object {
        val horizontal: Boolean get() = GestureTuneParameters.direction == "right" || GestureTuneParameters.direction == "left"
        val sense: Double get() = if (GestureTuneParameters.direction == "right" || GestureTuneParameters.direction == "down") 1.0 else -1.0
        /** The component along the transition's direction (dp or dp/s). */
        fun along(x: Double, y: Double): Double = sense * (if (horizontal) x else y)
        fun across(x: Double, y: Double): Double = if (horizontal) y else x
        fun tolerance(t: Double): Double = Math.max(1e-9, 16 * Math.ulp(Math.abs(t)))

        /** x(t) - 1 of the unit-step spring launched with relative velocity v0, closed form. */
        fun springError(t: Double, v0: Double): Double {
            val zeta = GestureTuneParameters.springDampingRatio ?: 1.0
            val omega = 2 * Math.PI / (GestureTuneParameters.springResponse ?: GestureTuneParameters.transitionDuration ?: 0.35)
            if (zeta < 1) {
                val damped = omega * Math.sqrt(1 - zeta * zeta)
                val b = (v0 - zeta * omega) / damped
                return Math.exp(-zeta * omega * t) * (-Math.cos(damped * t) + b * Math.sin(damped * t))
            }
            if (zeta == 1.0) return (-1 + (v0 - omega) * t) * Math.exp(-omega * t)
            val r2 = -omega * (zeta + Math.sqrt(zeta * zeta - 1))
            val r1 = omega * omega / r2
            val c1 = (v0 + r2) / (r1 - r2)
            return c1 * Math.exp(r1 * t) + (-1 - c1) * Math.exp(r2 * t)
        }

        /** The last time the spring is 0.5% or more from its target, s (scan, then bisection). */
        fun springSettlingTime(v0: Double): Double {
            if (!v0.isFinite()) return 0.0
            val zeta = GestureTuneParameters.springDampingRatio ?: 1.0
            val response = GestureTuneParameters.springResponse ?: GestureTuneParameters.transitionDuration ?: 0.35
            val tolerance = 0.005
            val step = response / 400
            val bound = response * (4 * (1 / zeta + zeta) + Math.log(2 + Math.abs(v0) * response)) * 4
            var last = 0.0
            var t = 0.0
            while (t < bound) {
                t += step
                if (Math.abs(springError(t, v0)) > tolerance) last = t
            }
            var lo = last
            var hi = last + step
            if (Math.abs(springError(lo, v0)) <= tolerance) return lo
            repeat(60) {
                val mid = (lo + hi) / 2
                if (Math.abs(springError(mid, v0)) > tolerance) lo = mid else hi = mid
            }
            return hi
        }
    }

    private fun finite(x: Double): Double = if (x.isFinite()) x else 0.0

    /** A touch-down or move sample; vx, vy the platform's velocity (dp/s) when it has one. */
    fun add(t: Double, x: Double, y: Double, vx: Double? = null, vy: Double? = null) {
        if (!t.isFinite() || !x.isFinite() || !y.isFinite()) return
        if (!hasFirst) {
            firstT = t; firstX = x; firstY = y; hasFirst = true
        }
        if (vx != null && vy != null && vx.isFinite() && vy.isFinite()) {
            platformVx = vx; platformVy = vy
        }
        while (ts.isNotEmpty() && ts[ts.size - 1] >= t) {
            ts.removeAt(ts.size - 1); xs.removeAt(xs.size - 1); ys.removeAt(ys.size - 1)
        }
        ts.add(t); xs.add(x); ys.add(y)
    }

    /** Progress in [0, 1] at (x, y): the distance along the axis from the first sample over the extent. */
    fun progress(x: Double, y: Double): Double {
        if (!hasFirst) return 0.0
        val value = startProgress + along(x - firstX, y - firstY) / extent
        return if (value.isNaN()) 0.0 else Math.min(1.0, Math.max(0.0, value))
    }

    /** The gate's verdict so far: null until the finger has moved more than the slop. */
    val admitted: Boolean?
        get() {
            if (startProgress > 0) return true
            if (!hasFirst) return null
            val width = GestureTuneParameters.edgeWidth
            if (width != null && !(leadingEdgeDistance(firstX, firstY) <= width)) return false
            val angle = angleAfterSlop() ?: return null
            return angle <= (GestureTuneParameters.lockAngle ?: 90.0)
        }

    fun leadingEdgeDistance(x: Double, y: Double): Double {
        val e = when (GestureTuneParameters.direction) {
            "left" -> extent - x
            "down" -> y
            "up" -> extent - y
            else -> x
        }
        return finite(e)
    }

    /** Degrees in [0, 180] from the axis of the first sample more than the slop from the first. */
    fun angleAfterSlop(): Double? {
        if (!hasFirst) return null
        val slop = GestureTuneParameters.slop.let { if (it != null && it.isFinite() && it >= 0) it else 10.0 }
        for (i in ts.indices) {
            val dx = xs[i] - firstX
            val dy = ys[i] - firstY
            val length = Math.sqrt(dx * dx + dy * dy)
            if (!length.isFinite()) return null
            if (length > slop) {
                val angle = Math.atan2(Math.abs(across(dx, dy)), along(dx, dy)) * 180 / Math.PI
                return if (angle.isFinite()) angle else null
            }
        }
        return null
    }

    /** The lift-off sample: decides the release. */
    fun release(t: Double, x: Double, y: Double, vx: Double? = null, vy: Double? = null): Release {
        if (!hasFirst) {
            firstT = t; firstX = x; firstY = y; hasFirst = true
        }
        var pvx = platformVx
        var pvy = platformVy
        if (vx != null && vy != null && vx.isFinite() && vy.isFinite()) {
            pvx = vx; pvy = vy
        }
        val p = progress(x, y)
        val velocity = releaseVelocity(t, pvx, pvy)
        val v = finite(along(velocity[0], velocity[1]) / extent)
        val k = kinematics()
        val ruleCompletes = gestureTuneRuleCompletes(p, v, k.first, k.second, k.third, extent)
        val admitted = admitted ?: false
        val complete = admitted && ruleCompletes
        val remaining = if (complete) 1 - p else p
        val duration = GestureTuneParameters.transitionDuration ?: 0.35
        val cap = GestureTuneParameters.fingerSpeedCap ?: duration
        var settle = 0.0
        if (remaining > 0) {
            val time = remaining / Math.abs(v)
            settle = if (time.isFinite()) Math.min(cap, time) else cap
        }
        val speed = if (remaining > 0 && settle > 0) remaining * duration / settle else 1.0
        val relative = if (remaining > 0) finite(if (complete) v / (1 - p) else -v / p) else 0.0
        return Release(
            admitted, ruleCompletes, complete, p, v, settle, speed, relative,
            if (remaining > 0) springSettlingTime(relative) else 0.0
        )
    }

    /** The velocity window: [start, end) over the samples; start == end when none (rested). */
    fun window(releaseTime: Double): IntArray {
        val end = ts.size
        if (end == 0) return intArrayOf(0, 0)
        val horizon = GestureTuneParameters.horizon.let { if (it != null && it.isFinite() && it > 0) it else 0.1 }
        val maxGap = GestureTuneParameters.maxGap.let { if (it != null && it.isFinite() && it > 0) it else 0.04 }
        val maxSamples = GestureTuneParameters.maxSamples.let { if (it != null && it >= 1) it else 20 }
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

    /** (vx, vy) at release, dp/s, under the parameters' estimator and its fallbacks. */
    fun releaseVelocity(releaseTime: Double, pvx: Double?, pvy: Double?): DoubleArray {
        var estimator = GestureTuneParameters.estimator ?: "lsq2"
        if (estimator == "platform") {
            if (pvx != null && pvy != null) return doubleArrayOf(pvx, pvy)
            estimator = "lsq2"
        }
        val w = window(releaseTime)
        if (w[1] - w[0] < 2) return doubleArrayOf(0.0, 0.0)
        val chain = when (estimator) {
            "lsq1" -> listOf("lsq1", "delta")
            "delta" -> listOf("delta")
            "impulse" -> listOf("impulse")
            else -> listOf("lsq2", "lsq1", "delta")
        }
        for (candidate in chain) {
            val c = components(candidate, w[0], w[1]) ?: continue
            if (c[0].isFinite() && c[1].isFinite() && along(c[0], c[1]).isFinite()) return c
        }
        return doubleArrayOf(0.0, 0.0)
    }

    private fun components(estimator: String, start: Int, end: Int): DoubleArray? {
        val count = end - start
        return when (estimator) {
            "lsq2", "lsq1" -> {
                val degree = if (estimator == "lsq2") 2 else 1
                if (count == 2) slope(end) else if (count <= degree) null else fit(start, end, degree)
            }
            "delta" -> slope(end)
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

    /** Mean velocity and acceleration over the last 3 samples (progress/s, progress/s^2, each
     *  step clamped to +-5), and how many samples there were, for the kinematic rule. */
    fun kinematics(): Triple<Double, Double, Int> {
        val count = Math.min(3, ts.size)
        if (count < 2) return Triple(0.0, 0.0, count)
        fun segment(k: Int): Double =
            finite(along(xs[k] - xs[k - 1], ys[k] - ys[k - 1]) / extent / (ts[k] - ts[k - 1]))
        val newest = ts.size - 1
        val last = segment(newest)
        if (count != 3) return Triple(last, 0.0, count)
        val previous = segment(newest - 1)
        val span = (ts[newest] - ts[newest - 2]) / 2
        val step = finite((last - previous) / span)
        return Triple(finite((previous + last) / 2), Math.min(5.0, Math.max(-5.0, step)), count)
    }
}
