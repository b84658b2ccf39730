package dev.gesturetune.runtime

/**
 * The closed-form motion of a unit-step spring (physics.md, "Completion animation"), the Kotlin
 * twin of the Swift runtime's `SpringMotion`, operation for operation: damping ratio `ζ`,
 * response `R` (`ω₀ = 2π / R`), launched with relative velocity `v₀` (fraction of the distance
 * per second). The error `e(t) = x(t) - 1` obeys `e'' + 2ζω₀ e' + ω₀² e = 0`, `e(0) = -1`,
 * `e'(0) = v₀`:
 *
 * - `ζ < 1`: `e = exp(-ζω₀t) (-cos ω_d t + (v₀ - ζω₀)/ω_d sin ω_d t)`, `ω_d = ω₀√(1-ζ²)`
 * - `ζ = 1`: `e = (-1 + (v₀ - ω₀) t) exp(-ω₀t)`
 * - `ζ > 1`: `e = C₁ exp(r₁t) + C₂ exp(r₂t)`, `r₂ = -ω₀(ζ + √(ζ²-1))`, `r₁ = ω₀² / r₂`,
 *   `C₁ = (v₀ + r₂) / (r₁ - r₂)`, `C₂ = -1 - C₁`
 *
 * The settling time is the last time `|e|` crosses the tolerance: [lastCrossing] brackets it
 * exactly from the closed form (the zeros of `e` and `e'`, or the decaying extrema), and
 * [settlingTime] bisects that bracket.
 *
 * [dampingRatio] and [response] positive and finite (the caller checks).
 */
class SpringMotion(dampingRatio: Double, response: Double, val initialVelocity: Double) {
    /** The closed form of `e(t)`. */
    sealed class Form {
        /** `exp(-decay t) (a cos ωt + b sin ωt)`. */
        data class Under(val decay: Double, val omega: Double, val a: Double, val b: Double) : Form()

        /** `(a + b t) exp(-ω t)`. */
        data class Critical(val omega: Double, val a: Double, val b: Double) : Form()

        /** `c1 exp(r1 t) + c2 exp(r2 t)`. */
        data class Over(val r1: Double, val r2: Double, val c1: Double, val c2: Double) : Form()
    }

    /** Why a settling time could not be bracketed. */
    enum class Failure {
        /** The position is not a finite number where it was evaluated. */
        NON_FINITE,

        /** No bound past which the spring stays within the tolerance in [MAX_ITERATIONS] doublings. */
        NOT_CONVERGED
    }

    /** Thrown by [lastCrossing] and [settlingTime] when the bracket cannot be found. */
    class FailureException(val failure: Failure) : ArithmeticException("spring: settling time ${failure.name.toLowerCase()}")

    /** The bracket of the last crossing: `|e(lower)| > tolerance >= |e(upper)|`. */
    data class Bracket(val lower: Double, val upper: Double)

    /** The closed form of this spring's error. */
    val form: Form

    init {
        val zeta = dampingRatio
        val v0 = initialVelocity
        val omega = 2 * Math.PI / response
        form = if (zeta < 1) {
            val damped = omega * Math.sqrt(1 - zeta * zeta)
            Form.Under(zeta * omega, damped, -1.0, (v0 - zeta * omega) / damped)
        } else if (zeta == 1.0) {
            Form.Critical(omega, -1.0, v0 - omega)
        } else {
            val r2 = -omega * (zeta + Math.sqrt(zeta * zeta - 1))
            val r1 = omega * omega / r2
            val c1 = (v0 + r2) / (r1 - r2)
            Form.Over(r1, r2, c1, -1 - c1)
        }
    }

    /** `e(t) = x(t) - 1`. */
    fun error(t: Double): Double {
        val f = form
        return when (f) {
            is Form.Under -> Math.exp(-f.decay * t) * (f.a * Math.cos(f.omega * t) + f.b * Math.sin(f.omega * t))
            is Form.Critical -> (f.a + f.b * t) * Math.exp(-f.omega * t)
            is Form.Over -> f.c1 * Math.exp(f.r1 * t) + f.c2 * Math.exp(f.r2 * t)
        }
    }

    private fun excess(t: Double, tolerance: Double): Double = Math.abs(error(t)) - tolerance

    /** For the non-oscillating forms: the times `t > 0` where `e = 0` or `e' = 0`, sorted. */
    internal fun monotonePieces(): List<Double> {
        val points = ArrayList<Double>()
        val f = form
        when (f) {
            is Form.Under -> {
            }
            is Form.Critical -> {
                if (f.b > 0) points.add(-f.a / f.b)
                if (f.b != 0.0) points.add((f.b - f.omega * f.a) / (f.omega * f.b))
            }
            is Form.Over -> {
                if (f.c1 != 0.0) {
                    val zero = -f.c2 / f.c1
                    if (zero > 0) points.add(Math.log(zero) / (f.r1 - f.r2))
                    val turn = -f.c2 * f.r2 / (f.c1 * f.r1)
                    if (turn > 0) points.add(Math.log(turn) / (f.r1 - f.r2))
                }
            }
        }
        return points.filter { it.isFinite() && it > 0 }.sorted()
    }

    /**
     * `[lower, upper]` with `|e(lower)| > tolerance >= |e(upper)|` and `|e|` crossing the
     * tolerance once in between: the last crossing. `|e|` is monotone between the zeros of `e`
     * and `e'`; for `ζ < 1` the extrema fall at `ω_d t = θ₀ + kπ` and their heights decay as
     * `exp(-ζω₀t)`, so the last one above the tolerance is found without scanning; after the
     * last such point the bound is found by doubling.
     * @throws FailureException when the bound is not finite or not found in [MAX_ITERATIONS] doublings.
     */
    fun lastCrossing(tolerance: Double): Bracket {
        val f = form
        if (f is Form.Under) {
            val decay = f.decay
            val omega = f.omega
            val a = f.a
            val b = f.b
            // Extrema of e: (-decay a + omega b) cos θ + (-decay b - omega a) sin θ = 0.
            val p = -decay * a + omega * b
            val q = -decay * b - omega * a
            var theta0 = Math.atan2(-p, q)
            if (theta0 < 0) theta0 += Math.PI
            if (theta0 >= Math.PI) theta0 -= Math.PI
            val first = if (theta0 > 0) 0.0 else 1.0
            fun extremum(k: Double): Double = (theta0 + k * Math.PI) / omega
            val height = Math.abs(a * Math.cos(theta0) + b * Math.sin(theta0))
            var k = first - 1
            if (height > tolerance) {
                val estimate = ((omega * Math.log(height / tolerance) / decay) - theta0) / Math.PI
                if (estimate.isFinite()) {
                    // Swift's max(x, y): y >= x ? y : x.
                    val down = Math.floor(estimate)
                    k = if (down >= first - 1) down else first - 1
                }
            }
            var steps = 0
            while (excess(extremum(k + 1), tolerance) > 0 && steps < MAX_ITERATIONS) {
                k += 1
                steps += 1
            }
            while (k >= first && excess(extremum(k), tolerance) <= 0 && steps < 2 * MAX_ITERATIONS) {
                k -= 1
                steps += 1
            }
            return if (k < first) Bracket(0.0, extremum(first)) else Bracket(extremum(k), extremum(k + 1))
        }
        val points = ArrayList<Double>()
        points.add(0.0)
        points.addAll(monotonePieces())
        var last = 0
        for ((index, t) in points.withIndex()) if (excess(t, tolerance) > 0) last = index
        if (last + 1 < points.size) return Bracket(points[last], points[last + 1])
        val lower = points[last]
        val scale = when (f) {
            is Form.Critical -> 1 / f.omega
            is Form.Over -> 1 / Math.abs(f.r1)
            is Form.Under -> 1 / f.decay
        }
        var width = scale
        repeat(MAX_ITERATIONS) {
            val upper = lower + width
            val value = excess(upper, tolerance)
            if (!value.isFinite()) throw FailureException(Failure.NON_FINITE)
            if (value <= 0) return Bracket(lower, upper)
            width *= 2
        }
        throw FailureException(Failure.NOT_CONVERGED)
    }

    /**
     * The settling time, s: the last time `|e|` crosses [tolerance] (default 0.5%), bisected in
     * [lastCrossing]'s bracket to a relative width of 1e-12 (or until the midpoint no longer
     * moves). 0 for a non-finite initial velocity.
     * @throws FailureException as [lastCrossing], or when `e` is not finite at the bracket's ends.
     */
    @JvmOverloads
    fun settlingTime(tolerance: Double = GestureTuneDefaults.settlingTolerance): Double {
        if (!initialVelocity.isFinite()) return 0.0
        val bracket = lastCrossing(tolerance)
        var lo = bracket.lower
        var hi = bracket.upper
        if (!excess(lo, tolerance).isFinite() || !excess(hi, tolerance).isFinite()) {
            throw FailureException(Failure.NON_FINITE)
        }
        if (excess(hi, tolerance) == 0.0) return hi
        for (i in 0 until MAX_ITERATIONS) {
            if (hi - lo < 1e-12 * Math.min(Math.abs(lo), Math.abs(hi))) break
            val mid = (lo + hi) / 2
            if (mid <= lo || mid >= hi) break
            if (excess(mid, tolerance) > 0) lo = mid else hi = mid
        }
        return (lo + hi) / 2
    }

    /** The bound on the bracket's search and the bisection. */
    companion object {
        /** Most steps of the bracket's search and of the bisection. */
        const val MAX_ITERATIONS: Int = 200
    }
}
