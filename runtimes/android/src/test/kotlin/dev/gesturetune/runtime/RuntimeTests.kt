package dev.gesturetune.runtime

import java.io.File
import kotlin.system.exitProcess

// The runtime's tests: plain Kotlin with a tiny harness (no JUnit). Each expectation below is
// pinned to ground truth computed by hand or by an independent method, never to the code under
// test. Run with `./run-tests.sh` (or Gradle's `runtimeTests`); the first argument is the path of
// runtimes/conformance/cases.json, which must exist (a missing file fails the run).

/** The assertions of one test; every failed one is recorded with its message. */
private class Checks(private val name: String) {
    val problems = ArrayList<String>()

    fun check(condition: Boolean, what: String) {
        if (!condition) problems.add(what)
    }

    fun equal(actual: Any?, expected: Any?, what: String) {
        if (actual != expected) problems.add("$what: expected $expected, got $actual")
    }

    /** |actual - expected| <= absolute + relative·|expected| (exact equality for non-finite). */
    fun close(actual: Double, expected: Double, what: String, absolute: Double = 1e-12, relative: Double = 1e-12) {
        val ok = if (expected.isFinite()) {
            Math.abs(actual - expected) <= absolute + relative * Math.abs(expected)
        } else {
            actual == expected
        }
        if (!ok) problems.add("$what: expected $expected, got $actual (off by ${actual - expected})")
    }

    /** [block] throws GestureTuneParametersException whose key is [key]. */
    fun throwsKey(key: String?, what: String, block: () -> Unit) {
        try {
            block()
            problems.add("$what: expected GestureTuneParametersException(key=$key), nothing thrown")
        } catch (e: GestureTuneParametersException) {
            if (e.key != key) problems.add("$what: expected key $key, got ${e.key} (${e.message})")
            if (key != null && e.message?.contains(key) != true) problems.add("$what: message does not name $key: ${e.message}")
        }
    }

    override fun toString(): String = name
}

private var passed = 0
private val failed = ArrayList<String>()

private fun test(name: String, body: Checks.() -> Unit) {
    val checks = Checks(name)
    try {
        checks.body()
    } catch (e: Throwable) {
        checks.problems.add("threw $e")
    }
    if (checks.problems.isEmpty()) {
        passed += 1
    } else {
        failed.add(name)
        System.err.println("FAIL $name")
        for (p in checks.problems) System.err.println("    $p")
    }
}

// Helpers ----------------------------------------------------------------------------------------

private fun threshold(pth: Double, vth: Double) =
    GestureTuneParameters(RuleFamily.THRESHOLD, progressThreshold = pth, velocityThreshold = vth)

/** A line-free parameter set (delta estimator unless given) for window and estimator tests. */
private fun withEstimator(
    estimator: Estimator?, horizon: Double? = null, maxGap: Double? = null, maxSamples: Int? = null,
    direction: Direction = Direction.RIGHT
) = threshold(0.5, 1.0).copy(
    estimator = estimator, horizon = horizon, maxGap = maxGap, maxSamples = maxSamples, direction = direction
)

private fun samples(vararg txy: Double): List<Sample> {
    val out = ArrayList<Sample>()
    var i = 0
    while (i < txy.size) {
        out.add(Sample(txy[i], txy[i + 1], txy[i + 2])); i += 3
    }
    return out
}

private fun state(p: Double, v: Double, kv: Double = 0.0, ka: Double = 0.0, count: Int = 3, extent: Double = 390.0) =
    ReleaseState(p, v, kv, ka, count, extent)

/** Bisection of a sign change of [f] on [lo, hi] (f(lo) and f(hi) of opposite signs), 200 halvings. */
private fun bisect(lo0: Double, hi0: Double, f: (Double) -> Double): Double {
    var lo = lo0
    var hi = hi0
    val loSign = f(lo) > 0
    repeat(200) {
        val mid = (lo + hi) / 2
        if ((f(mid) > 0) == loSign) lo = mid else hi = mid
    }
    return (lo + hi) / 2
}

// Rules ------------------------------------------------------------------------------------------

private fun ruleTests() {
    test("threshold: ties, fast backward throws, slow releases by progress") {
        val p = threshold(0.5, 1.0)
        equal(ruleCompletes(p, state(0.0, 1.0)), true, "v == v_th completes (tie)")
        equal(ruleCompletes(p, state(0.5, 0.99)), true, "slow, p == p_th completes (tie)")
        equal(ruleCompletes(p, state(0.49, 0.99)), false, "slow, p < p_th cancels")
        equal(ruleCompletes(p, state(0.9, -1.0)), false, "|v| == v_th backwards cancels whatever p")
        equal(ruleCompletes(p, state(0.6, -0.5)), true, "slow backwards past p_th completes")
        equal(ruleCompletes(p, state(0.4, -0.5)), false, "slow backwards short of p_th cancels")
    }
    test("threshold: velocityThreshold +inf decides by progress alone") {
        val p = threshold(0.5, Double.POSITIVE_INFINITY)
        equal(ruleCompletes(p, state(0.5, 1e300)), true, "p == p_th")
        equal(ruleCompletes(p, state(0.4999, 1e300)), false, "p < p_th, however fast")
        equal(ruleCompletes(p, state(0.5, -1e300)), true, "p == p_th, fast backwards")
    }
    test("forward: strict inequalities, any backward motion cancels") {
        val p = GestureTuneParameters(RuleFamily.FORWARD, progressThreshold = 0.5, velocityThreshold = 1.0)
        equal(ruleCompletes(p, state(0.5, 0.0)), false, "p == p_th, v = 0 (strict)")
        equal(ruleCompletes(p, state(0.5000001, 0.0)), true, "p > p_th, v = 0")
        equal(ruleCompletes(p, state(0.1, 1.0)), false, "v == v_th (strict)")
        equal(ruleCompletes(p, state(0.1, 1.0000001)), true, "v > v_th")
        equal(ruleCompletes(p, state(0.9, -1e-9)), false, "backwards at p = 0.9")
        val inf = p.copy(velocityThreshold = Double.POSITIVE_INFINITY)
        equal(ruleCompletes(inf, state(0.6, 1e300)), true, "inf: p > p_th")
        equal(ruleCompletes(inf, state(0.4, 1e300)), false, "inf: p < p_th, however fast")
    }
    test("projection: p + tau*v >= p_th, ties complete") {
        val p = GestureTuneParameters(RuleFamily.PROJECTION, progressThreshold = 0.5, tau = 0.25)
        equal(ruleCompletes(p, state(0.25, 1.0)), true, "0.25 + 0.25 == 0.5")
        equal(ruleCompletes(p, state(0.25, 0.984375)), false, "0.25 + 0.24609375 < 0.5")
        equal(ruleCompletes(p, state(0.75, -1.0)), true, "0.75 - 0.25 == 0.5")
        equal(ruleCompletes(p, state(0.75, -1.0078125)), false, "0.75 - 0.251953125 < 0.5")
    }
    test("kinematic: carried forward D seconds against min(d_th/E, 0.5); fewer than 3 samples by the sign") {
        val p = GestureTuneParameters(RuleFamily.KINEMATIC, distanceThreshold = 100.0, kinematicDuration = 0.25)
        // target 100/400 = 0.25; 0.125 + 0.25*0.25 + a*0.0625/2
        equal(ruleCompletes(p, state(0.125, 9.0, 0.25, 2.0, 3, 400.0)), true, "0.125 + 0.0625 + 0.0625 == 0.25")
        equal(ruleCompletes(p, state(0.125, 9.0, 0.25, 1.0, 3, 400.0)), false, "0.21875 < 0.25 (v_p ignored)")
        val far = p.copy(distanceThreshold = 300.0)
        equal(ruleCompletes(far, state(0.5, 0.0, 0.0, 0.0, 3, 400.0)), true, "target capped at 0.5")
        equal(ruleCompletes(far, state(0.4921875, 0.0, 0.0, 0.0, 3, 400.0)), false, "below the cap")
        equal(ruleCompletes(p, state(0.0, 0.0, 0.001, 0.0, 2, 400.0)), true, "2 samples, moving forward")
        equal(ruleCompletes(p, state(0.9, 5.0, 0.0, 0.0, 2, 400.0)), false, "2 samples, not moving")
        equal(ruleCompletes(p, state(0.9, 5.0, -0.1, 0.0, 1, 400.0)), false, "1 sample, backwards")
    }
    test("kinematic through a tracker: the last three samples, acceleration clamped to ±5") {
        // Along positions 0, 4, 10, 20 pt at t = k/64, E = 400: the last two steps are 6·64/400 = 0.96
        // and 10·64/400 = 1.6 progress/s, mean 1.28; acceleration (1.6 - 0.96)/(1/64) = 40.96 → 5.
        // p = 20/400 = 0.05; target min(100/400, 0.5) = 0.25.
        // D = 0.125: 0.05 + 0.16 + 5·0.015625/2 = 0.2490625 < 0.25 (unclamped it would be 0.53).
        // D = 0.15: 0.05 + 0.192 + 5·0.0225/2 = 0.29825 >= 0.25.
        for (direction in Direction.values()) {
            for ((d, expected) in listOf(0.125 to false, 0.15 to true)) {
                val p = GestureTuneParameters(
                    RuleFamily.KINEMATIC, direction = direction, distanceThreshold = 100.0, kinematicDuration = d
                )
                val tr = GestureTracker(p, 400.0)
                for ((k, a) in listOf(0.0, 4.0, 10.0, 20.0).withIndex()) {
                    val q = place(direction, 400.0, 0.0, a, 0.0)
                    tr.add(k / 64.0, q[0], q[1])
                }
                val q = place(direction, 400.0, 0.0, 20.0, 0.0)
                equal(tr.release(3 / 64.0, q[0], q[1]).ruleCompletes, expected, "${direction.jsonName}, D = $d")
            }
        }
        // Decelerating hard: steps 1.6 then 0.16 progress/s, mean 0.88, acceleration -92.16 → -5; D = 0.25,
        // target 20/400 = 0.05: 0.0275 + 0.22 - 5·0.0625/2 = 0.09125 >= 0.05 (unclamped: -2.6 < 0.05).
        val p = GestureTuneParameters(RuleFamily.KINEMATIC, distanceThreshold = 20.0, kinematicDuration = 0.25)
        val tr = GestureTracker(p, 400.0)
        for ((k, a) in listOf(0.0, 10.0, 11.0).withIndex()) tr.add(k / 64.0, a, 0.0)
        equal(tr.release(2 / 64.0, 11.0, 0.0).ruleCompletes, true, "clamped deceleration: 0.09125 >= 0.05")
        // Two samples: the sign of the one step decides.
        val two = GestureTracker(p, 400.0)
        two.add(0.0, 0.0, 0.0)
        two.add(1 / 64.0, 0.5, 0.0)
        equal(two.release(1 / 64.0, 0.5, 0.0).ruleCompletes, true, "2 samples, forward")
        val back = GestureTracker(p, 400.0)
        back.add(0.0, 300.0, 0.0)
        back.add(1 / 64.0, 299.5, 0.0)
        equal(back.release(1 / 64.0, 299.5, 0.0).ruleCompletes, false, "2 samples, backward")
    }
    test("logistic: b0 + b1 p + b2 v >= 0, ties complete") {
        val p = GestureTuneParameters(
            RuleFamily.LOGISTIC, intercept = -1.0, progressCoefficient = 2.0, velocityCoefficient = 0.5
        )
        equal(ruleCompletes(p, state(0.5, 0.0)), true, "-1 + 1 == 0")
        equal(ruleCompletes(p, state(0.25, 1.0)), true, "-1 + 0.5 + 0.5 == 0")
        equal(ruleCompletes(p, state(0.25, 0.9921875)), false, "just below")
        equal(ruleCompletes(p, state(0.0, 2.0)), true, "velocity alone")
        equal(ruleCompletes(p, state(0.0, 1.9921875)), false, "velocity alone, just below")
    }
}

// Gate -------------------------------------------------------------------------------------------

/** (x, y) at [along] pt along and [across] pt across the axis from a touch [edge] pt from the leading edge. */
private fun place(direction: Direction, extent: Double, edge: Double, along: Double, across: Double): DoubleArray =
    when (direction) {
        Direction.RIGHT -> doubleArrayOf(edge + along, 200 + across)
        Direction.LEFT -> doubleArrayOf(extent - edge - along, 200 + across)
        Direction.DOWN -> doubleArrayOf(200 + across, edge + along)
        Direction.UP -> doubleArrayOf(200 + across, extent - edge - along)
    }

private fun gateTests() {
    test("gateRefusal: slop first, then edge (ties admitted), then angle") {
        val p = threshold(0.5, 1.0).copy(gate = GestureTuneParameters.Gate(edgeWidth = 20.0))
        equal(gateRefusal(p, 1000.0, null), GateRefusal.SLOP, "no angle: slop, before the edge")
        equal(gateRefusal(p, 20.0, 0.0), null, "e == edgeWidth admitted")
        equal(gateRefusal(p, 20.5, 0.0), GateRefusal.EDGE, "e > edgeWidth")
        equal(gateRefusal(p, 25.0, 100.0), GateRefusal.EDGE, "edge before angle")
        equal(gateRefusal(p, Double.NaN, 0.0), null, "non-finite e reads as 0")
        equal(gateRefusal(p, 0.0, 90.0), null, "default lock 90, tie admitted")
        equal(gateRefusal(p, 0.0, 90.5), GateRefusal.ANGLE, "beyond 90")
        val locked = threshold(0.5, 1.0).copy(gate = GestureTuneParameters.Gate(lockAngle = 30.0))
        equal(gateRefusal(locked, 1e9, 30.0), null, "no edge width: any e; angle == lock admitted")
        equal(gateRefusal(locked, 0.0, 30.5), GateRefusal.ANGLE, "angle > lock")
    }
    for (direction in Direction.values()) {
        test("tracker gate and progress, direction ${direction.jsonName}") {
            val extent = 400.0
            val p = threshold(0.5, 1.0).copy(
                direction = direction,
                gate = GestureTuneParameters.Gate(edgeWidth = 20.0, lockAngle = 45.0, slop = 10.0)
            )
            fun at(edge: Double, along: Double, across: Double) = place(direction, extent, edge, along, across)

            // Admitted: lands 10 pt from the leading edge, moves along.
            var tr = GestureTracker(p, extent)
            var q = at(10.0, 0.0, 0.0)
            tr.add(0.0, q[0], q[1])
            equal(tr.admitted, null, "undecided at touch down")
            close(tr.edgeDistance!!, 10.0, "edge distance")
            q = at(10.0, 30.0, 0.0)
            tr.add(1 / 64.0, q[0], q[1])
            equal(tr.admitted, true, "admitted after moving along")
            close(tr.angleAfterSlop!!, 0.0, "angle along the axis")
            equal(gateRefusal(p, tr.edgeDistance!!, tr.angleAfterSlop), null, "gateRefusal agrees")
            close(tr.progress(q[0], q[1]), 30.0 / 400.0, "progress 30/400")
            q = at(10.0, 100.0, 0.0)
            tr.add(2 / 64.0, q[0], q[1])
            var r = tr.release(2 / 64.0, q[0], q[1])
            equal(r.admitted, true, "release admitted")
            close(r.progress, 0.25, "release progress 100/400")
            // lsq2 over (0, 0), (1/64, 30), (2/64, 100) along: the parabola 640 t + 81920 t², slope
            // 640 + 2·81920/32 = 5760 pt/s at 1/32.
            close(r.velocity, 5760.0 / 400.0, "velocity positive along the direction", 1e-9, 1e-9)

            // Refused at once: lands 30 pt from the edge.
            tr = GestureTracker(p, extent)
            q = at(30.0, 0.0, 0.0)
            tr.add(0.0, q[0], q[1])
            equal(tr.admitted, false, "edge refusal at touch down")
            q = at(30.0, 50.0, 0.0)
            tr.add(1 / 32.0, q[0], q[1])
            equal(gateRefusal(p, tr.edgeDistance!!, tr.angleAfterSlop), GateRefusal.EDGE, "gateRefusal: edge")
            r = tr.release(1 / 32.0, q[0], q[1])
            equal(r.admitted, false, "refused release")
            equal(r.complete, false, "refused never completes")
            equal(r.ruleCompletes, true, "the rule alone: v = 50·32/400 = 4 >= 1")

            // Within the slop: undecided, then refused at release.
            tr = GestureTracker(p, extent)
            q = at(10.0, 0.0, 0.0); tr.add(0.0, q[0], q[1])
            q = at(10.0, 5.0, 5.0); tr.add(0.01, q[0], q[1])
            equal(tr.admitted, null, "7.07 pt < slop: undecided")
            equal(gateRefusal(p, tr.edgeDistance!!, tr.angleAfterSlop), GateRefusal.SLOP, "gateRefusal: slop")
            equal(tr.release(0.02, q[0], q[1]).admitted, false, "never left the slop: refused")

            // Angle: atan2(15, 20) = 36.87 deg admitted; atan2(20, 15) = 53.13 deg refused; backwards 180.
            for ((along, across, expected) in listOf(
                Triple(20.0, 15.0, true), Triple(20.0, -15.0, true), Triple(15.0, 20.0, false), Triple(-30.0, 0.0, false)
            )) {
                tr = GestureTracker(p, extent)
                q = at(10.0, 0.0, 0.0); tr.add(0.0, q[0], q[1])
                q = at(10.0, along, across); tr.add(0.02, q[0], q[1])
                equal(tr.admitted, expected, "move ($along along, $across across)")
                close(tr.angleAfterSlop!!, Math.toDegrees(Math.atan2(Math.abs(across), along)), "angle", 1e-12, 1e-12)
            }

            // A caught transition is admitted at once and starts from its progress.
            tr = GestureTracker(p, extent)
            tr.startProgress = 0.3
            q = at(300.0, 0.0, 0.0); tr.add(0.0, q[0], q[1])
            equal(tr.admitted, true, "caught: admitted without the gate")
            q = at(300.0, 100.0, 0.0)
            close(tr.progress(q[0], q[1]), 0.55, "0.3 + 100/400", 1e-15)
            q = at(300.0, 1000.0, 0.0)
            equal(tr.progress(q[0], q[1]), 1.0, "clamped to 1")
            q = at(300.0, -1000.0, 0.0)
            equal(tr.progress(q[0], q[1]), 0.0, "clamped to 0")
        }
    }
    test("refused gesture: the rule still answers, complete does not") {
        val p = threshold(0.5, 1.0).copy(gate = GestureTuneParameters.Gate(edgeWidth = 20.0), estimator = Estimator.DELTA)
        val tr = GestureTracker(p, 400.0)
        tr.add(0.0, 30.0, 0.0)
        tr.add(1 / 32.0, 130.0, 0.0)
        val r = tr.release(1 / 32.0, 130.0, 0.0)
        equal(r.admitted, false, "edge refusal")
        equal(r.velocity, 8.0, "delta 100 pt / (1/32) s / 400")
        equal(r.ruleCompletes, true, "v = 8 >= 1")
        equal(r.complete, false, "not admitted")
        // Cancelling from p = 0.25 at v = 8: settle 0.25 / 8 s.
        equal(r.settleDuration, 0.03125, "settle back")
    }
}

// Estimators and the window ----------------------------------------------------------------------

private fun estimatorTests() {
    test("lsq2 on an exact quadratic: the derivative at the newest sample") {
        // x = 3 + 40 s + 250 s², y = 7 - 60 s + 120 s², s = t - 10, s = k/128, k = 0..8.
        val pts = (0..8).map { k ->
            val s = k / 128.0
            Sample(10 + s, 3 + 40 * s + 250 * s * s, 7 - 60 * s + 120 * s * s)
        }
        val v = releaseVelocity(withEstimator(Estimator.LSQ2), pts, pts.last().t)
        close(v.x, 40 + 500 * 0.0625, "dx/dt at s = 1/16", 1e-9, 1e-9)
        close(v.y, -60 + 240 * 0.0625, "dy/dt at s = 1/16", 1e-9, 1e-9)
        // The same through a tracker going up: v_p = -vy / E = 45 / 400.
        val tr = GestureTracker(withEstimator(Estimator.LSQ2, direction = Direction.UP), 400.0)
        for (p in pts) tr.add(p.t, p.x, p.y)
        close(tr.release(pts.last().t, pts.last().x, pts.last().y).velocity, 45.0 / 400.0, "v_p going up", 1e-9, 1e-9)
        // Three samples determine the parabola.
        val three = pts.subList(6, 9)
        val v3 = releaseVelocity(withEstimator(Estimator.LSQ2), three, three.last().t)
        close(v3.x, 71.25, "3 samples: dx/dt", 1e-9, 1e-9)
        close(v3.y, -45.0, "3 samples: dy/dt", 1e-9, 1e-9)
    }
    test("lsq1 on a line: its slope, irregular times") {
        val ss = doubleArrayOf(0.0, 0.007, 0.015, 0.02, 0.031, 0.04, 0.046)
        val pts = ss.map { s -> Sample(5.0 + s, 5 + 120 * s, -30 * s) }
        val v = releaseVelocity(withEstimator(Estimator.LSQ1), pts, pts.last().t)
        close(v.x, 120.0, "dx/dt", 1e-9, 1e-9)
        close(v.y, -30.0, "dy/dt", 1e-9, 1e-9)
    }
    test("delta: the last difference") {
        val pts = samples(0.0, 0.0, 0.0, 1 / 128.0, 1.0, 2.0, 3 / 128.0, 4.0, 1.0)
        val v = releaseVelocity(withEstimator(Estimator.DELTA), pts, 3 / 128.0)
        equal(v, Velocity(192.0, -64.0), "(3, -1) over 1/64 s")
    }
    test("impulse: a hand-computed 3-sample case") {
        // x: steps of 64 and 128 pt/s: work = 64·64/2 = 2048, then + (128 - sqrt(4096))·128 = 10240, v = sqrt(20480).
        // y: steps of -128 and 0 pt/s: work = -128·128/2 = -8192, then + 0: v = -sqrt(16384) = -128.
        val pts = samples(0.0, 0.0, 0.0, 1 / 64.0, 1.0, -2.0, 2 / 64.0, 3.0, -2.0)
        val v = releaseVelocity(withEstimator(Estimator.IMPULSE), pts, 2 / 64.0)
        close(v.x, Math.sqrt(20480.0), "vx")
        close(v.y, -128.0, "vy")
    }
    test("window: the horizon (samples exactly at the horizon included)") {
        // Slope 500 pt/s up to k = 6, then 100 pt/s; t = k/64, newest k = 12.
        val pts = (0..12).map { k ->
            val x = if (k <= 6) 500.0 * k / 64 else 500.0 * 6 / 64 + 100.0 * (k - 6) / 64
            Sample(k / 64.0, x, 0.0)
        }
        val v = releaseVelocity(withEstimator(Estimator.LSQ1, horizon = 6 / 64.0), pts, 12 / 64.0)
        close(v.x, 100.0, "window k = 6..12 on the 100 pt/s line", 1e-9, 1e-9)
        val wider = releaseVelocity(withEstimator(Estimator.LSQ1, horizon = 7 / 64.0), pts, 12 / 64.0)
        check(wider.x > 100.5, "a wider horizon reaches the faster segment (got ${wider.x})")
    }
    test("window: a gap longer than maxGap cuts it") {
        // 300 pt/s for t = 0..4/64, nothing for 3/64 s (0.047 s), then 80 pt/s for t = 7/64..12/64.
        val pts = ArrayList<Sample>()
        for (k in 0..4) pts.add(Sample(k / 64.0, 300.0 * k / 64, 0.0))
        for (k in 7..12) pts.add(Sample(k / 64.0, 1000 + 80.0 * k / 64, 0.0))
        // A horizon of 0.2 s would reach back to t = 0: only the gap cuts the window.
        val v = releaseVelocity(withEstimator(Estimator.LSQ1, horizon = 0.2), pts, 12 / 64.0)
        close(v.x, 80.0, "only the samples after the gap", 1e-9, 1e-9)
        val bridged = releaseVelocity(withEstimator(Estimator.LSQ1, horizon = 0.2, maxGap = 0.05), pts, 12 / 64.0)
        check(Math.abs(bridged.x - 80.0) > 1, "maxGap 0.05 (horizon 0.2) bridges the gap (got ${bridged.x})")
    }
    test("window: maxSamples") {
        // The last 4 samples on a 60 pt/s line, the earlier ones at 200 pt/s.
        val pts = (0..9).map { k ->
            val x = if (k <= 6) 200.0 * k / 128 else 200.0 * 6 / 128 + 60.0 * (k - 6) / 128
            Sample(k / 128.0, x, 0.0)
        }
        val v = releaseVelocity(withEstimator(Estimator.LSQ1, maxSamples = 4), pts, 9 / 128.0)
        close(v.x, 60.0, "4 samples", 1e-9, 1e-9)
        val five = releaseVelocity(withEstimator(Estimator.LSQ1, maxSamples = 5), pts, 9 / 128.0)
        check(five.x > 61, "5 samples reach the 200 pt/s line (got ${five.x})")
        val defaulted = releaseVelocity(withEstimator(Estimator.LSQ1, maxSamples = 0), pts, 9 / 128.0)
        check(defaulted.x > 61, "maxSamples 0 reads as 20 (got ${defaulted.x})")
    }
    test("window: a rest longer than maxGap before the release gives velocity 0") {
        val pts = (0..4).map { k -> Sample(k / 64.0, 100.0 * k / 64, 0.0) }
        val newest = 4 / 64.0
        val p = withEstimator(Estimator.LSQ1, maxGap = 1 / 32.0)
        close(releaseVelocity(p, pts, newest + 1 / 32.0).x, 100.0, "rest == maxGap: still moving", 1e-9, 1e-9)
        equal(releaseVelocity(p, pts, newest + 1 / 32.0 + 1 / 256.0), Velocity(0.0, 0.0), "rest > maxGap")
        val defaultGap = withEstimator(Estimator.LSQ1)
        equal(releaseVelocity(defaultGap, pts, newest + 0.05), Velocity(0.0, 0.0), "rest 0.05 > default 0.04")
        close(releaseVelocity(defaultGap, pts, newest + 0.03).x, 100.0, "rest 0.03 < default 0.04", 1e-9, 1e-9)
        // Through a tracker: v = 0; cancelling from p = 0.25 at v = 0 settles over the cap.
        val tr = GestureTracker(p.copy(transitionDuration = 0.4), 400.0)
        for (s in pts) tr.add(s.t, s.x, s.y)
        val r = tr.release(newest + 0.04, 100.0, 0.0)
        equal(r.velocity, 0.0, "rested release velocity")
        close(r.settleDuration, 0.4, "cap = transitionDuration")
    }
    test("fallbacks: platform without a platform velocity is lsq2; with one, that one") {
        val pts = (0..8).map { k ->
            val s = k / 128.0
            Sample(s, 40 * s + 250 * s * s, 0.0)
        }
        val p = withEstimator(Estimator.PLATFORM)
        close(releaseVelocity(p, pts, 0.0625).x, 71.25, "lsq2's closed-form slope", 1e-9, 1e-9)
        equal(releaseVelocity(p, pts, 0.0625, Velocity(300.0, 40.0)), Velocity(300.0, 40.0), "platform's own")
        equal(releaseVelocity(p, pts, 10.0, Velocity(300.0, 40.0)), Velocity(300.0, 40.0), "platform's own even rested")
        // Tracker: the last finite velocity add() got, unless release() gives one.
        val tr = GestureTracker(p, 400.0)
        for (s in pts) tr.add(s.t, s.x, s.y, if (s.t < 0.05) 200.0 else Double.NaN, 0.0)
        close(tr.release(0.0625, pts.last().x, 0.0).velocity, 0.5, "200/400 from add()")
        val tr2 = GestureTracker(p, 400.0)
        for (s in pts) tr2.add(s.t, s.x, s.y, 200.0, 0.0)
        close(tr2.release(0.0625, pts.last().x, 0.0, 100.0, 0.0).velocity, 0.25, "release's 100/400")
        val tr3 = GestureTracker(p, 400.0)
        for (s in pts) tr3.add(s.t, s.x, s.y)
        close(tr3.release(0.0625, pts.last().x, 0.0, Double.NaN, 0.0).velocity, 71.25 / 400, "no finite platform velocity: lsq2", 1e-9, 1e-9)
    }
    test("fallbacks: 2 samples give their slope under every estimator; fewer give 0") {
        val two = samples(1.0, 10.0, 20.0, 1.0 + 1 / 32.0, 14.0, 18.0)
        for (e in listOf(Estimator.LSQ2, Estimator.LSQ1, Estimator.DELTA, Estimator.IMPULSE, Estimator.PLATFORM)) {
            equal(releaseVelocity(withEstimator(e), two, 1.0 + 1 / 32.0), Velocity(128.0, -64.0), "${e.jsonName}")
        }
        equal(releaseVelocity(withEstimator(Estimator.LSQ2), two.subList(0, 1), 1.0), Velocity(0.0, 0.0), "1 sample")
        equal(releaseVelocity(withEstimator(Estimator.LSQ2), emptyList(), 1.0), Velocity(0.0, 0.0), "no sample")
    }
    test("samples: non-finite ignored, a time at or before the newest replaces it") {
        val p = withEstimator(Estimator.DELTA)
        val pts = samples(
            0.0, 0.0, 0.0, 1 / 64.0, 1.0, 0.0, Double.NaN, 50.0, 0.0, 1 / 64.0, 5.0, 0.0
        )
        equal(releaseVelocity(p, pts, 1 / 64.0), Velocity(320.0, 0.0), "the equal time replaced: 5 pt in 1/64 s")
        val back = samples(0.0, 0.0, 0.0, 2 / 64.0, 9.0, 0.0, 3 / 64.0, 9.0, 0.0, 1 / 64.0, 2.0, 0.0)
        equal(releaseVelocity(p, back, 1 / 64.0), Velocity(128.0, 0.0), "an earlier time pops both newer")
        val tr = GestureTracker(p, 400.0)
        tr.add(Double.POSITIVE_INFINITY, 0.0, 0.0)
        equal(tr.edgeDistance, null, "an infinite time is not the first sample")
    }
}

// Spring, settle, completion speed ---------------------------------------------------------------

private fun springTests() {
    test("spring: critically damped from rest settles where (1 + wt)e^-wt = 0.005") {
        val response = 0.3
        val omega = 2 * Math.PI / response
        val expected = bisect(0.0, 10 * response) { t -> (1 + omega * t) * Math.exp(-omega * t) - 0.005 }
        val p = threshold(0.5, 1.0).copy(spring = GestureTuneParameters.Spring(1.0, response))
        close(springSettlingTime(p, 0.0), expected, "settling time", 1e-9, 0.0)
        val byDuration = threshold(0.5, 1.0).copy(transitionDuration = response)
        close(springSettlingTime(byDuration, 0.0), expected, "no spring: zeta 1, response = transitionDuration", 1e-9, 0.0)
        close(expected * omega, 7.4301295003, "x = wt near 7.43 (sanity of the ground truth)", 1e-6, 0.0)
        equal(springSettlingTime(p, Double.NaN), 0.0, "non-finite v0")
    }
    test("spring: underdamped from rest, from the envelope's extrema") {
        // e(t) = -exp(-z w t)(cos(wd t) + (z w / wd) sin(wd t)); e'(t) ∝ sin(wd t): extrema at kπ/wd
        // where |e| = exp(-z w t_k). The settle is the crossing of ±0.005 after the last extremum above it.
        val zeta = 0.5
        val response = 0.4
        val omega = 2 * Math.PI / response
        val wd = omega * Math.sqrt(1 - zeta * zeta)
        fun e(t: Double) = -Math.exp(-zeta * omega * t) * (Math.cos(wd * t) + zeta * omega / wd * Math.sin(wd * t))
        var k = 0
        while (Math.exp(-zeta * omega * (k + 1) * Math.PI / wd) > 0.005) k += 1
        val tk = k * Math.PI / wd
        val sign = if (e(tk) > 0) 1.0 else -1.0
        val expected = bisect(tk, tk + Math.PI / wd) { t -> e(t) - sign * 0.005 }
        val p = threshold(0.5, 1.0).copy(spring = GestureTuneParameters.Spring(zeta, response))
        close(springSettlingTime(p, 0.0), expected, "settling time", 1e-9, 0.0)
        check(k >= 1, "overshoots at least once")
    }
    test("spring: overdamped, from rest and launched") {
        val zeta = 2.0
        val response = 0.25
        val omega = 2 * Math.PI / response
        val rPlus = omega * (-zeta + Math.sqrt(zeta * zeta - 1))
        val rMinus = omega * (-zeta - Math.sqrt(zeta * zeta - 1))
        val p = threshold(0.5, 1.0).copy(spring = GestureTuneParameters.Spring(zeta, response))
        // x = 1 + A e^{r+ t} + B e^{r- t}, x(0) = 0, x'(0) = v0: B = (v0 + r+)/(r- - r+), A = -1 - B;
        // A < 0 for these v0: no overshoot, |x - 1| falls monotonically.
        for (v0 in listOf(0.0, 3.0)) {
            val b = (v0 + rPlus) / (rMinus - rPlus)
            val a = -1 - b
            check(a < 0, "no overshoot at v0 = $v0")
            val expected = bisect(0.0, 20 * response) { t -> Math.abs(a * Math.exp(rPlus * t) + b * Math.exp(rMinus * t)) - 0.005 }
            close(springSettlingTime(p, v0), expected, "settling time, v0 = $v0", 1e-9, 0.0)
        }
    }
    test("spring: critically damped, launched towards the target") {
        // x = 1 - (1 + (w - v0) t) e^{-wt}: for 0 < v0 < w, |x - 1| falls monotonically.
        val response = 0.3
        val omega = 2 * Math.PI / response
        val v0 = 5.0
        val expected = bisect(0.0, 10 * response) { t -> (1 + (omega - v0) * t) * Math.exp(-omega * t) - 0.005 }
        val p = threshold(0.5, 1.0).copy(spring = GestureTuneParameters.Spring(1.0, response))
        close(springSettlingTime(p, v0), expected, "settling time", 1e-9, 0.0)
    }
    test("spring: tiny damping (zeta = 1e-4, 0.01) settles fast, inside the envelope's last period") {
        // e = exp(-z w t)·A·cos(wd t - phi), A = sqrt(1 + ((v0 - z w)/wd)^2): |e| <= tol after
        // T = ln(A/tol)/(z w), and the extremum in the half period before T still exceeds tol
        // (its height is A exp(-z w t)/sqrt(1 + (z w/wd)^2) and exp(z w·pi/wd) > 1.0003 here).
        for (zeta in listOf(1e-4, 0.01)) {
            for (v0 in listOf(0.0, 3.0, -2.0)) {
                val response = 0.35
                val omega = 2 * Math.PI / response
                val wd = omega * Math.sqrt(1 - zeta * zeta)
                val amplitude = Math.hypot(1.0, (v0 - zeta * omega) / wd)
                val envelope = Math.log(amplitude / 0.005) / (zeta * omega)
                val p = threshold(0.5, 1.0).copy(spring = GestureTuneParameters.Spring(zeta, response))
                val start = System.nanoTime()
                val t = springSettlingTime(p, v0)
                val seconds = (System.nanoTime() - start) / 1e9
                check(seconds < 0.25, "zeta $zeta, v0 $v0: took $seconds s")
                check(t.isFinite() && t > 0, "zeta $zeta, v0 $v0: finite positive, got $t")
                check(t <= envelope && t >= envelope - 2 * Math.PI / wd,
                    "zeta $zeta, v0 $v0: $t outside [${envelope - 2 * Math.PI / wd}, $envelope]")
            }
        }
        // No damping (the reader refuses it; a constructed value must still end): bounded steps.
        val undamped = threshold(0.5, 1.0).copy(spring = GestureTuneParameters.Spring(0.0, 0.35))
        val start = System.nanoTime()
        val t = springSettlingTime(undamped, 1.0)
        check((System.nanoTime() - start) / 1e9 < 0.25, "zeta 0 ends at once")
        check(t.isFinite() && t >= 0, "zeta 0: finite, got $t")
    }
    test("spring: the settling time matches a brute-force fine scan within 1e-6 s") {
        // Independent closed forms of e(t) = x(t) - 1 (x(0) = 0, x'(0) = v0), scanned backwards in
        // steps of R/1e5 from a time past which |e| <= 0.005 for good, then the step bisected.
        for ((zeta, v0, response) in listOf(
            Triple(0.01, 0.0, 0.35), Triple(0.3, 5.0, 0.3), Triple(0.7, -3.0, 0.5), Triple(1.0, -10.0, 0.3),
            Triple(1.0, 40.0, 0.3), Triple(2.5, 8.0, 0.25), Triple(1.5, 60.0, 0.4)
        )) {
            val omega = 2 * Math.PI / response
            val e: (Double) -> Double
            val end: Double
            if (zeta < 1) {
                val d = zeta * omega
                val wd = omega * Math.sqrt(1 - zeta * zeta)
                val c = (v0 - d) / wd
                e = { t -> Math.exp(-d * t) * (c * Math.sin(wd * t) - Math.cos(wd * t)) }
                end = Math.log(Math.hypot(1.0, c) / 0.005) / d
            } else if (zeta == 1.0) {
                e = { t -> (-1 + (v0 - omega) * t) * Math.exp(-omega * t) }
                end = 60 * response
            } else {
                val rPlus = omega * (-zeta + Math.sqrt(zeta * zeta - 1))
                val rMinus = omega * (-zeta - Math.sqrt(zeta * zeta - 1))
                val b = (v0 + rPlus) / (rMinus - rPlus)
                e = { t -> (-1 - b) * Math.exp(rPlus * t) + b * Math.exp(rMinus * t) }
                end = 60 * response
            }
            val h = response / 1e5
            var k = Math.ceil(end / h)
            while (k > 0 && Math.abs(e(k * h)) <= 0.005) k -= 1
            val expected = bisect(k * h, (k + 1) * h) { t -> Math.abs(e(t)) - 0.005 }
            val p = threshold(0.5, 1.0).copy(spring = GestureTuneParameters.Spring(zeta, response))
            close(springSettlingTime(p, v0), expected, "zeta $zeta, v0 $v0, R $response", 1e-6, 0.0)
            close(SpringMotion(zeta, response, v0).settlingTime(), expected, "SpringMotion, zeta $zeta, v0 $v0", 1e-6, 0.0)
        }
    }
    test("spring: a bracket that cannot be found settles at 0; a non-finite v0 at 0") {
        // R = 1e-300: w^2 overflows, e(0) is NaN: lastCrossing fails as non-finite.
        try {
            SpringMotion(2.0, 1e-300, 0.0).settlingTime()
            check(false, "expected FailureException")
        } catch (x: SpringMotion.FailureException) {
            equal(x.failure, SpringMotion.Failure.NON_FINITE, "failure")
        }
        val p = threshold(0.5, 1.0).copy(spring = GestureTuneParameters.Spring(2.0, 1e-300))
        equal(springSettlingTime(p, 0.0), 0.0, "failure gives 0")
        equal(SpringMotion(0.5, 0.3, Double.POSITIVE_INFINITY).settlingTime(), 0.0, "infinite v0")
        equal(springSettlingTime(threshold(0.5, 1.0), Double.NEGATIVE_INFINITY), 0.0, "-inf v0")
    }
    test("release: cancelling at the cap tie (settle, completion speed, spring)") {
        // 200 pt/s = 0.5 progress/s over E = 400; released at x = 100 (p = 0.25) after 0.5 s.
        val p = threshold(0.5, 1.0).copy(estimator = Estimator.DELTA, transitionDuration = 0.4, fingerSpeedCap = 0.5)
        val tr = GestureTracker(p, 400.0)
        for (k in 0..32) tr.add(k / 64.0, 3.125 * k, 0.0)
        val r = tr.release(0.5, 100.0, 0.0)
        equal(r.admitted, true, "admitted")
        equal(r.ruleCompletes, false, "v 0.5 < 1, p 0.25 < 0.5")
        equal(r.complete, false, "cancel")
        equal(r.progress, 0.25, "p")
        equal(r.velocity, 0.5, "v")
        equal(r.settleDuration, 0.5, "0.25 / 0.5 = 0.5 = cap")
        close(r.completionSpeed, 0.2, "0.25 * 0.4 / 0.5")
        equal(r.springInitialVelocity, -2.0, "-0.5 / 0.25")
        equal(r.springSettlingTime, springSettlingTime(p, -2.0), "the spring's settling time at -2")
        check(r.springSettlingTime > 0, "positive settling time")
    }
    test("release: completing at the finger's speed") {
        // 800 pt/s = 2 progress/s; released at x = 100 (p = 0.25) after 0.125 s.
        val p = threshold(0.5, 1.0).copy(estimator = Estimator.DELTA, transitionDuration = 0.4, fingerSpeedCap = 0.5)
        val tr = GestureTracker(p, 400.0)
        for (k in 0..8) tr.add(k / 64.0, 12.5 * k, 0.0)
        val r = tr.release(0.125, 100.0, 0.0)
        equal(r.complete, true, "v 2 >= 1")
        equal(r.velocity, 2.0, "v")
        close(r.settleDuration, 0.375, "0.75 / 2")
        close(r.completionSpeed, 0.8, "0.75 * 0.4 / 0.375")
        close(r.springInitialVelocity, 2.0 / 0.75, "2 / 0.75")
    }
    test("release: slow finger settles over the cap; nothing left settles at once") {
        val p = threshold(0.5, 1.0).copy(estimator = Estimator.DELTA, transitionDuration = 0.4, fingerSpeedCap = 0.5)
        val tr = GestureTracker(p, 400.0)
        for (k in 0..64) tr.add(k / 64.0, 0.3125 * k, 0.0)
        val r = tr.release(1.0, 20.0, 0.0) // p = 0.05, v = 20/400 = 0.05: 0.05 / 0.05 = 1 s > cap
        close(r.progress, 0.05, "p")
        close(r.velocity, 0.05, "v")
        equal(r.settleDuration, 0.5, "cap")
        close(r.completionSpeed, 0.04, "0.05 * 0.4 / 0.5")
        val full = GestureTracker(p, 400.0)
        for (k in 0..8) full.add(k / 64.0, 60.0 * k, 0.0)
        val f = full.release(0.125, 480.0, 0.0)
        equal(f.complete, true, "completes")
        equal(f.progress, 1.0, "clamped to 1")
        equal(f.settleDuration, 0.0, "nothing remains")
        equal(f.completionSpeed, 1.0, "speed 1")
        equal(f.springInitialVelocity, 0.0, "spring 0")
        equal(f.springSettlingTime, 0.0, "settled")
        equal(settleDuration(p, 0.0, 3.0), 0.0, "settleDuration of nothing")
        equal(settleDuration(threshold(0.5, 1.0), 0.5, 0.0), 0.35, "v = 0: cap defaults to 0.35")
        equal(completionSpeed(p, 0.5, 0.0), 1.0, "no settle: speed 1")
        equal(springInitialVelocity(0.0, 3.0, false), 0.0, "cancel from 0: nothing remains")
    }
}

// Parameters -------------------------------------------------------------------------------------

private const val paramsJson = """{
  "schema": "gesturetune.params/1",
  "preset": "flutter-cupertino",
  "rule": "threshold",
  "direction": "right",
  "progressThreshold": 0.5,
  "velocityThreshold": 1.0,
  "estimator": "lsq2",
  "horizon": 0.1,
  "maxSamples": 20,
  "maxGap": 0.04,
  "completionSpeed": 0.5,
  "transitionDuration": 0.35,
  "fingerSpeedCap": 0.54,
  "spring": {"dampingRatio": 1.0, "response": 0.298},
  "expectedError": 0.16666666666666666
}
"""

private fun parameterTests() {
    test("fromJson reads a params.json") {
        val p = GestureTuneParameters.fromJson(paramsJson)
        equal(p, GestureTuneParameters(
            rule = RuleFamily.THRESHOLD, direction = Direction.RIGHT, progressThreshold = 0.5,
            velocityThreshold = 1.0, estimator = Estimator.LSQ2, horizon = 0.1, maxSamples = 20, maxGap = 0.04,
            completionSpeed = 0.5, transitionDuration = 0.35, fingerSpeedCap = 0.54,
            spring = GestureTuneParameters.Spring(1.0, 0.298), schema = "gesturetune.params/1",
            preset = "flutter-cupertino", expectedError = 0.16666666666666666
        ), "every key")
        val minimal = GestureTuneParameters.fromJson(
            """{"rule": "projection", "progressThreshold": 0.4, "tau": 0.2, "direction": "up", "estimator": "impulse",
               "future": {"a": [1, 2, {"b": null}]}, "velocityThreshold": "not read by projection", "extent": 600e0}"""
        )
        equal(minimal.direction, Direction.UP, "direction")
        equal(minimal.estimator, Estimator.IMPULSE, "estimator")
        equal(minimal.extent, 600.0, "extent with exponent")
        equal(minimal.velocityThreshold, null, "another family's key is ignored")
        equal(minimal.gate, null, "no gate")
        val defaults = GestureTuneParameters.fromJson("""{"rule":"logistic","intercept":-1,"progressCoefficient":2.5,"velocityCoefficient":-0.25}""")
        equal(defaults.direction, Direction.RIGHT, "direction defaults to right")
        equal(defaults.estimator, null, "estimator absent")
        equal(defaults.velocityCoefficient, -0.25, "negative number")
    }
    test("fromJson: velocityThreshold \"inf\", \"infinity\", \"+inf\" are +inf") {
        for (text in listOf("inf", "infinity", "+inf", "Infinity", "+INF")) {
            val p = GestureTuneParameters.fromJson("""{"rule":"forward","progressThreshold":0.5,"velocityThreshold":"$text"}""")
            equal(p.velocityThreshold, Double.POSITIVE_INFINITY, text)
        }
        throwsKey("velocityThreshold", "-inf") {
            GestureTuneParameters.fromJson("""{"rule":"threshold","progressThreshold":0.5,"velocityThreshold":"-inf"}""")
        }
        throwsKey("progressThreshold", "inf only for v_th") {
            GestureTuneParameters.fromJson("""{"rule":"threshold","progressThreshold":"inf","velocityThreshold":1}""")
        }
    }
    test("fromJson: the gate from gate or from the older top-level keys") {
        val old = GestureTuneParameters.fromJson("""{"rule":"threshold","progressThreshold":0.5,"velocityThreshold":1,"edgeWidth":24,"directionLockAngle":30}""")
        equal(old.gate, GestureTuneParameters.Gate(24.0, 30.0, null), "older keys")
        val new = GestureTuneParameters.fromJson("""{"rule":"threshold","progressThreshold":0.5,"velocityThreshold":1,"gate":{"edgeWidth":16,"lockAngle":40,"slop":8}}""")
        equal(new.gate, GestureTuneParameters.Gate(16.0, 40.0, 8.0), "gate object")
        val both = GestureTuneParameters.fromJson("""{"rule":"threshold","progressThreshold":0.5,"velocityThreshold":1,"edgeWidth":24,"gate":{"slop":8}}""")
        equal(both.gate, GestureTuneParameters.Gate(24.0, null, 8.0), "mixed")
        val spring = GestureTuneParameters.fromJson("""{"rule":"threshold","progressThreshold":0.5,"velocityThreshold":1,"spring":{"response":0.5}}""")
        equal(spring.spring, GestureTuneParameters.Spring(null, 0.5), "a partial spring")
    }
    test("fromBlock reads a snippet's block: flat spring and gate names, an Int, infinity, nulls") {
        val p = GestureTuneParameters.fromBlock(
            mapOf<String, Any?>(
                "preset" to null, "rule" to "threshold", "direction" to "down",
                "progressThreshold" to 0.4, "velocityThreshold" to Double.POSITIVE_INFINITY,
                "maxSamples" to 12, "springDampingRatio" to 0.8, "springResponse" to null,
                "edgeWidth" to 44.0, "lockAngle" to null, "slop" to 12.0
            )
        )
        check(p.rule == RuleFamily.THRESHOLD, "rule")
        check(p.direction == Direction.DOWN, "direction")
        check(p.velocityThreshold == Double.POSITIVE_INFINITY, "infinite threshold")
        check(p.maxSamples == 12, "maxSamples ${p.maxSamples}")
        val spring = p.spring
        check(spring != null && spring.dampingRatio == 0.8 && spring.response == null, "spring $spring")
        val gate = p.gate
        check(gate != null && gate.edgeWidth == 44.0 && gate.lockAngle == null && gate.slop == 12.0, "gate $gate")
        throwsKey("tau", "a projection block without tau") {
            GestureTuneParameters.fromBlock(mapOf<String, Any?>("rule" to "projection", "progressThreshold" to 0.5))
        }
    }

    test("fromJson errors name the key") {
        val base = """"rule":"threshold","progressThreshold":0.5,"velocityThreshold":1"""
        throwsKey("rule", "missing rule") { GestureTuneParameters.fromJson("""{"progressThreshold":0.5}""") }
        throwsKey("velocityThreshold", "missing v_th") { GestureTuneParameters.fromJson("""{"rule":"threshold","progressThreshold":0.5}""") }
        throwsKey("tau", "missing tau") { GestureTuneParameters.fromJson("""{"rule":"projection","progressThreshold":0.5}""") }
        throwsKey("intercept", "null is missing") { GestureTuneParameters.fromJson("""{"rule":"logistic","intercept":null,"progressCoefficient":1,"velocityCoefficient":1}""") }
        throwsKey("progressThreshold", "a string") { GestureTuneParameters.fromJson("""{"rule":"threshold","progressThreshold":"0.5","velocityThreshold":1}""") }
        throwsKey("rule", "unknown rule") { GestureTuneParameters.fromJson("""{"rule":"swipe"}""") }
        throwsKey("rule", "rule not a string") { GestureTuneParameters.fromJson("""{"rule":3}""") }
        throwsKey("direction", "unknown direction") { GestureTuneParameters.fromJson("""{$base,"direction":"sideways"}""") }
        throwsKey("estimator", "unknown estimator") { GestureTuneParameters.fromJson("""{$base,"estimator":"kalman"}""") }
        throwsKey("maxSamples", "fractional maxSamples") { GestureTuneParameters.fromJson("""{$base,"maxSamples":2.5}""") }
        throwsKey("horizon", "boolean horizon") { GestureTuneParameters.fromJson("""{$base,"horizon":true}""") }
        throwsKey("gate.slop", "gate.slop") { GestureTuneParameters.fromJson("""{$base,"gate":{"slop":"x"}}""") }
        throwsKey("gate", "gate not an object") { GestureTuneParameters.fromJson("""{$base,"gate":5}""") }
        throwsKey("spring.response", "spring.response") { GestureTuneParameters.fromJson("""{$base,"spring":{"response":true}}""") }
        throwsKey("edgeWidth", "older edgeWidth") { GestureTuneParameters.fromJson("""{$base,"edgeWidth":"wide"}""") }
        throwsKey("preset", "preset not a string") { GestureTuneParameters.fromJson("""{$base,"preset":1}""") }
        throwsKey("kinematicDuration", "constructor") {
            GestureTuneParameters(RuleFamily.KINEMATIC, distanceThreshold = 40.0)
        }
    }
    test("fromJson rejects what is not a JSON object (key null)") {
        for (text in listOf(
            "", "[]", "{\"rule\": \"threshold\",}", "{\"rule\": 'threshold'}", "{\"a\": 01}", "{\"a\": NaN}",
            "{\"a\": 1} x", "{\"a\": \"tab\there\"}", "{\"a\": 1, \"a\": 2}", "{\"a\": -}", "{\"a\": 1.}", "{\"a\": .5}"
        )) {
            throwsKey(null, "not a params object: $text") { GestureTuneParameters.fromJson(text) }
        }
    }
    test("JSON reader: escapes, nesting, numbers") {
        val v = Json.parse("\uFEFF { \"s\": \"a\\\"b\\\\c\\/d\\n\\u00e9\\ud83d\\ude00\", \"n\": [-0.5e+2, 1E-3, 0, true, false, null], \"o\": {} }")
        check(v is Map<*, *>, "an object")
        val m = v as Map<*, *>
        equal(m["s"], "a\"b\\c/d\n\u00e9\ud83d\ude00", "string escapes")
        equal(m["n"], listOf(-50.0, 0.001, 0.0, true, false, null), "array of scalars")
        equal(m["o"], emptyMap<String, Any?>(), "empty object")
        equal(Json.parse("0.30000000000000004"), 0.30000000000000004, "round-trip digits")
    }
    test("fromJson: out-of-range values are errors naming the key; boundaries accepted") {
        val base = """"rule":"threshold","progressThreshold":0.5,"velocityThreshold":1"""
        fun read(extra: String) = GestureTuneParameters.fromJson("{$base,$extra}")
        val refused = listOf(
            "spring.dampingRatio" to """"spring":{"dampingRatio":0}""",
            "spring.dampingRatio" to """"spring":{"dampingRatio":-0.5}""",
            "spring.response" to """"spring":{"response":0}""",
            "spring.response" to """"spring":{"dampingRatio":1,"response":-0.3}""",
            "transitionDuration" to """"transitionDuration":0""",
            "transitionDuration" to """"transitionDuration":-0.35""",
            "horizon" to """"horizon":0""",
            "horizon" to """"horizon":-0.1""",
            "maxGap" to """"maxGap":0""",
            "maxGap" to """"maxGap":-0.04""",
            "extent" to """"extent":0""",
            "extent" to """"extent":-390""",
            "fingerSpeedCap" to """"fingerSpeedCap":-0.001""",
            "gate.edgeWidth" to """"gate":{"edgeWidth":-1}""",
            "edgeWidth" to """"edgeWidth":-1""",
            "gate.slop" to """"gate":{"slop":-0.5}""",
            "gate.lockAngle" to """"gate":{"lockAngle":-1}""",
            "gate.lockAngle" to """"gate":{"lockAngle":180.5}""",
            "directionLockAngle" to """"directionLockAngle":200""",
            "directionLockAngle" to """"directionLockAngle":-10""",
            "maxSamples" to """"maxSamples":0""",
            "maxSamples" to """"maxSamples":-3""",
            "maxSamples" to """"maxSamples":1.5""",
            "maxSamples" to """"maxSamples":1e12"""
        )
        for ((key, extra) in refused) throwsKey(key, extra) { read(extra) }
        // Not finite (only a block can say so): refused where finite is required.
        fun block(vararg extra: Pair<String, Any?>) = GestureTuneParameters.fromBlock(
            mapOf<String, Any?>("rule" to "threshold", "progressThreshold" to 0.5, "velocityThreshold" to 1.0) + extra
        )
        throwsKey("spring.dampingRatio", "NaN damping") { block("springDampingRatio" to Double.NaN) }
        throwsKey("spring.response", "infinite response") { block("springResponse" to Double.POSITIVE_INFINITY) }
        throwsKey("transitionDuration", "infinite duration") { block("transitionDuration" to Double.POSITIVE_INFINITY) }
        throwsKey("horizon", "NaN horizon") { block("horizon" to Double.NaN) }
        throwsKey("maxGap", "infinite gap") { block("maxGap" to Double.POSITIVE_INFINITY) }
        throwsKey("extent", "infinite extent") { block("extent" to Double.POSITIVE_INFINITY) }
        throwsKey("fingerSpeedCap", "NaN cap") { block("fingerSpeedCap" to Double.NaN) }
        throwsKey("fingerSpeedCap", "infinite cap") { block("fingerSpeedCap" to Double.POSITIVE_INFINITY) }
        throwsKey("gate.edgeWidth", "infinite edge width") { block("edgeWidth" to Double.POSITIVE_INFINITY) }
        throwsKey("gate.slop", "NaN slop") { block("slop" to Double.NaN) }
        throwsKey("gate.lockAngle", "NaN angle") { block("lockAngle" to Double.NaN) }
        throwsKey("gate.slop", "negative slop in a block") { block("slop" to -1.0) }
        throwsKey("maxSamples", "maxSamples 0 in a block") { block("maxSamples" to 0) }
        // Boundaries.
        val edge = read(""""fingerSpeedCap":0,"maxSamples":1,"gate":{"edgeWidth":0,"slop":0,"lockAngle":0}""")
        equal(edge.fingerSpeedCap, 0.0, "fingerSpeedCap 0")
        equal(edge.maxSamples, 1, "maxSamples 1")
        equal(edge.gate, GestureTuneParameters.Gate(0.0, 0.0, 0.0), "gate zeros")
        equal(read(""""gate":{"lockAngle":180}""").gate, GestureTuneParameters.Gate(null, 180.0, null), "lockAngle 180")
        equal(read(""""directionLockAngle":180""").gate, GestureTuneParameters.Gate(null, 180.0, null), "directionLockAngle 180")
        val small = read(""""spring":{"dampingRatio":1e-4,"response":1e-3},"transitionDuration":1e-3,"horizon":1e-3,"maxGap":1e-3,"extent":1e-3""")
        equal(small.spring, GestureTuneParameters.Spring(1e-4, 1e-3), "small positive spring")
        equal(small.extent, 1e-3, "small positive extent")
    }
    test("load(file) and load(url)") {
        val file = File.createTempFile("params", ".json")
        try {
            file.writeText(paramsJson)
            val expected = GestureTuneParameters.fromJson(paramsJson)
            equal(GestureTuneParameters.load(file), expected, "file")
            equal(GestureTuneParameters.load(file.toURI().toURL()), expected, "url")
        } finally {
            file.delete()
        }
    }
}

// Conformance ------------------------------------------------------------------------------------

/** A conformance number: a JSON number, or "inf"/"-inf"/"nan" for non-finite ones. */
private fun caseNumber(v: Any?, what: String): Double = when (v) {
    is Double -> v
    "inf", "+inf", "infinity" -> Double.POSITIVE_INFINITY
    "-inf", "-infinity" -> Double.NEGATIVE_INFINITY
    "nan" -> Double.NaN
    else -> throw IllegalArgumentException("$what: expected a number, found $v")
}

/**
 * Checks every case of cases.json at [path]. The file is in the repository (`make runtimes`
 * writes it from the Swift engine): a missing or unreadable file is a failed test, never a skip.
 */
private fun conformanceTests(path: File) {
    if (!path.isFile) {
        test("conformance: read $path") {
            check(false, "missing: $path does not exist (runtimes/conformance/cases.json is in the repository; " +
                "`make runtimes` writes it; pass another path as the first argument)")
        }
        return
    }
    val root = try {
        Json.parse(path.readText()) as? Map<*, *>
    } catch (e: Exception) {
        null
    }
    val cases = root?.get("cases") as? List<*>
    if (cases == null) {
        test("conformance: read $path") { check(false, "unreadable: not a JSON object with a \"cases\" array") }
        return
    }
    test("conformance: $path holds cases") { check(cases.isNotEmpty(), "no cases") }
    for ((index, item) in cases.withIndex()) {
        val case = item as? Map<*, *>
        val name = (case?.get("name") as? String) ?: "#$index"
        test("conformance case $name") {
            if (case == null) {
                check(false, "not an object"); return@test
            }
            val parameters = GestureTuneParameters.fromJsonValue(case["parameters"])
            val extent = case["extent"]?.let { caseNumber(it, "extent") } ?: Double.NaN
            val tracker = GestureTracker(parameters, extent)
            tracker.startProgress = case["startProgress"]?.let { caseNumber(it, "startProgress") } ?: 0.0
            fun point(v: Any?, what: String): DoubleArray {
                val list = v as? List<*> ?: throw IllegalArgumentException("$what: expected an array")
                if (list.size != 3 && list.size != 5) throw IllegalArgumentException("$what: expected 3 or 5 numbers")
                return DoubleArray(list.size) { caseNumber(list[it], what) }
            }
            val points = case["samples"] as? List<*> ?: throw IllegalArgumentException("samples: expected an array")
            for ((k, s) in points.withIndex()) {
                val q = point(s, "samples[$k]")
                if (q.size == 5) tracker.add(q[0], q[1], q[2], q[3], q[4]) else tracker.add(q[0], q[1], q[2])
            }
            val q = point(case["release"], "release")
            val r = if (q.size == 5) tracker.release(q[0], q[1], q[2], q[3], q[4]) else tracker.release(q[0], q[1], q[2])
            val expect = case["expect"] as? Map<*, *> ?: throw IllegalArgumentException("expect: expected an object")
            val booleans = mapOf("admitted" to r.admitted, "ruleCompletes" to r.ruleCompletes, "complete" to r.complete)
            for ((key, actual) in booleans) {
                val e = expect[key]
                if (e !is Boolean) check(false, "expect.$key: expected a boolean, found $e") else equal(actual, e, key)
            }
            val numbers = mapOf(
                "progress" to r.progress, "velocity" to r.velocity, "settleDuration" to r.settleDuration,
                "completionSpeed" to r.completionSpeed, "springInitialVelocity" to r.springInitialVelocity
            )
            for ((key, actual) in numbers) {
                if (!expect.containsKey(key)) check(false, "expect.$key missing")
                else close(actual, caseNumber(expect[key], "expect.$key"), key, 1e-9, 1e-7)
            }
            if (!expect.containsKey("springSettlingTime")) check(false, "expect.springSettlingTime missing")
            else close(r.springSettlingTime, caseNumber(expect["springSettlingTime"], "expect.springSettlingTime"),
                "springSettlingTime", 1e-6, 1e-4)
        }
    }
}

private fun conformanceHarnessTests() {
    test("conformance: a missing or unreadable cases file fails, it is not skipped") {
        val dir = java.nio.file.Files.createTempDirectory("gesturetune-conformance").toFile()
        try {
            val garbage = File(dir, "garbage.json")
            garbage.writeText("{\"schema\": 1}")
            for (path in listOf(File(dir, "absent/cases.json"), garbage)) {
                val failedBefore = failed.size
                val passedBefore = passed
                val err = System.err
                System.setErr(java.io.PrintStream(java.io.ByteArrayOutputStream()))
                try {
                    conformanceTests(path)
                } finally {
                    System.setErr(err)
                }
                val added = failed.subList(failedBefore, failed.size).toList()
                while (failed.size > failedBefore) failed.removeAt(failed.size - 1)
                val passedAdded = passed - passedBefore
                passed = passedBefore
                equal(added.size, 1, "$path: one failed test")
                equal(passedAdded, 0, "$path: nothing passed")
            }
        } finally {
            dir.deleteRecursively()
        }
    }
}

fun main(args: Array<String>) {
    val casesPath = File(if (args.isNotEmpty()) args[0] else "../conformance/cases.json")
    ruleTests()
    gateTests()
    estimatorTests()
    springTests()
    parameterTests()
    conformanceHarnessTests()
    try {
        conformanceTests(casesPath)
    } catch (e: Exception) {
        test("conformance: read $casesPath") { check(false, "unreadable: ${e.message}") }
    }
    if (failed.isNotEmpty()) {
        System.err.println("${failed.size} of ${failed.size + passed} tests failed: ${failed.joinToString(", ")}")
        exitProcess(1)
    }
    println("$passed tests passed")
}
