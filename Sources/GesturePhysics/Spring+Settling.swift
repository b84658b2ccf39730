import Foundation
internal import GestureNumerics

extension Spring {
    /// Most iterations of the root finder.
    static let maxIterations = SpringMotion.maxIterations

    /// The settling time, s, of the unit step launched with relative velocity `v0` (1/s): the
    /// last time `|x(t) - 1|` crosses `tolerance` (default 0.005, "within 0.5% of the target").
    ///
    /// `|e|` is monotone between the zeros of `e` and of `e'`, which the closed form gives
    /// exactly (for `ζ < 1` the extrema fall at `ω_d t = θ₀ + kπ` and their heights decay as
    /// `exp(-ζω₀t)`, so the last one above the tolerance is found without scanning). The last
    /// crossing lies between the last such point above the tolerance and the next one (or,
    /// after the last one, a bound found by doubling), and is then solved by
    /// `gsl_root_fsolver_brent` to `gsl_root_test_interval(lo, hi, 0, 1e-12)`.
    ///
    /// Throws `nonFinite` for a non-finite `v0`, `invalidParameter` for a tolerance outside
    /// (0, 1), GSL errors, and `notConverged`.
    public func settlingTime(
        initialVelocity v0: Double, tolerance: Double = Spring.settlingTolerance
    ) throws(PhysicsError) -> Double {
        let motion = try motion(finite: v0)
        try Self.check(tolerance: tolerance)
        switch try Self.bracket(motion, tolerance: tolerance) {
        case .exact(let t): return t
        case .between(let lower, let upper):
            return try Self.brent(lower, upper, motion: motion, tolerance: tolerance)
        }
    }

    /// The median settling time of unit steps launched with each of `velocities` (1/s):
    /// `GSL.quantile(times, 0.5)` of every `settlingTime(initialVelocity:)`, the same number bit
    /// for bit, nil for no velocities. Only the steps whose settling time can be one the
    /// median reads are solved.
    ///
    /// Each step's time lies in its bracket of `settlingTime`, where `|e| - tolerance` changes
    /// sign once, so bisecting it keeps the time inside (each end widened by a millionth, which
    /// covers where Brent's solution ends up inside the bracket). The median reads the order
    /// statistics at ranks `lhs` and `lhs + 1` of `n` (`GSL.quantile`'s); the first lies at or
    /// above the `lhs`-th smallest lower end `L`, the second at or below the `(lhs + 1)`-th
    /// smallest upper end `U`. A step whose interval ends below `L` is below both, one that
    /// starts above `U` above both, whatever their exact times: only the others are narrowed
    /// (a few bisection steps each) until few remain, then solved as `settlingTime` solves
    /// them. The median of the solved times, with each step left out standing at its
    /// interval's end on its side, is then the median of all the exact times.
    ///
    /// Throws what `settlingTime` throws: the first failing step in order while bracketing,
    /// then the first that fails among those solved.
    public func medianSettlingTime(
        initialVelocities velocities: [Double], tolerance: Double = Spring.settlingTolerance
    ) throws(PhysicsError) -> Double? {
        guard !velocities.isEmpty else { return nil }
        try Self.check(tolerance: tolerance)
        let n = velocities.count
        let position = 0.5 * Double(n - 1)
        let lhs = Int(position), rhs = min(lhs + 1, n - 1)
        // Steps launched alike settle alike: each velocity is bracketed, narrowed and solved
        // once (`of[i]`: the distinct velocity of step `i`, in order of first appearance).
        var distinct: [UInt64: Int] = [:]
        var unique: [Double] = []
        let of = velocities.map { v in
            if let u = distinct[v.bitPattern] { return u }
            distinct[v.bitPattern] = unique.count
            unique.append(v)
            return unique.count - 1
        }
        let m = unique.count
        // Per distinct velocity: its motion, its bracket (what Brent solves), the part of it
        // bisected so far, the interval its time is known to lie in, and whether that
        // interval is the exact time.
        var motions: [SpringMotion] = []
        motions.reserveCapacity(m)
        var brackets: [(lower: Double, upper: Double)] = []
        brackets.reserveCapacity(m)
        var low = [Double](repeating: 0, count: m), high = low
        var lowBound = low, highBound = low
        var solved = [Bool](repeating: false, count: m)
        for (u, v0) in unique.enumerated() {
            let motion = try motion(finite: v0)
            motions.append(motion)
            switch try Self.bracket(motion, tolerance: tolerance) {
            case .exact(let t):
                brackets.append((t, t))
                (low[u], high[u], lowBound[u], highBound[u]) = (t, t, t, t)
                solved[u] = true
            case .between(let lower, let upper):
                brackets.append((lower, upper))
                (low[u], high[u]) = (lower, upper)
                (lowBound[u], highBound[u]) = (Self.widenedDown(lower), Self.widenedUp(upper))
            }
        }
        var rounds = 0
        while true {
            let lowest = GSL.select(of.map { lowBound[$0] }, lhs)
            let highest = GSL.select(of.map { highBound[$0] }, rhs)
            let open = (0..<m).filter {
                !solved[$0] && highBound[$0] >= lowest && lowBound[$0] <= highest
            }
            if open.isEmpty {
                let standing = of.map { u in
                    solved[u] ? lowBound[u] : highBound[u] < lowest ? highBound[u] : lowBound[u]
                }
                return GSL.quantile(standing, 0.5)
            }
            let solveAll = open.count <= Self.solvedAtOnce || rounds >= Self.narrowingRounds
            for u in open {
                if !solveAll {
                    let motion = motions[u]
                    var (a, b) = (low[u], high[u])
                    var finite = true
                    for _ in 0..<Self.bisectionsPerRound {
                        let mid = 0.5 * (a + b)
                        let excess = abs(motion.error(mid)) - tolerance
                        // Not a number inside the bracket (an absurd velocity): no side is
                        // known, so this step is solved as `settlingTime` solves it.
                        guard excess.isFinite else {
                            finite = false
                            break
                        }
                        if excess > 0 { a = mid } else { b = mid }
                    }
                    if finite {
                        (low[u], high[u]) = (a, b)
                        (lowBound[u], highBound[u]) = (Self.widenedDown(a), Self.widenedUp(b))
                        continue
                    }
                }
                let t = try Self.brent(
                    brackets[u].lower, brackets[u].upper, motion: motions[u], tolerance: tolerance)
                (lowBound[u], highBound[u]) = (t, t)
                solved[u] = true
            }
            rounds += 1
        }
    }

    /// `medianSettlingTime`: open steps solved outright once at most this many remain …
    private static let solvedAtOnce = 8
    /// … or after this many rounds of narrowing, …
    private static let narrowingRounds = 10
    /// … each this many bisection steps.
    private static let bisectionsPerRound = 4

    /// `t` moved down (up) by a millionth of itself: room for where Brent's solution lands
    /// next to the bisected sign change.
    private static func widenedDown(_ t: Double) -> Double { t - 1e-6 * abs(t) }
    private static func widenedUp(_ t: Double) -> Double { t + 1e-6 * abs(t) }

    private static func check(tolerance: Double) throws(PhysicsError) {
        guard tolerance > 0, tolerance < 1 else {
            throw .invalidParameter(
                name: "tolerance", value: tolerance, expected: "between 0 and 1")
        }
    }

    private func motion(finite v0: Double) throws(PhysicsError) -> SpringMotion {
        guard v0.isFinite else { throw .nonFinite(what: "spring initial velocity") }
        return motion(initialVelocity: v0)
    }

    /// Where the last crossing of `|e| = tolerance` lies.
    private enum Crossing {
        /// At this time (the bracket's upper end is on it).
        case exact(Double)
        /// Inside, where `|e| - tolerance` changes sign once.
        case between(Double, Double)
    }

    /// `SpringMotion.lastCrossing`'s bracket, checked finite.
    private static func bracket(_ motion: SpringMotion, tolerance: Double) throws(PhysicsError)
        -> Crossing
    {
        func excess(_ t: Double) -> Double { abs(motion.error(t)) - tolerance }
        let lower: Double
        let upper: Double
        do throws(SpringMotion.Failure) {
            (lower, upper) = try motion.lastCrossing(tolerance: tolerance)
        } catch {
            switch error {
            case .nonFinite: throw .nonFinite(what: "spring position")
            case .notConverged:
                throw .notConverged(
                    function: "settling-time bracket", iterations: SpringMotion.maxIterations)
            }
        }
        let atUpper = excess(upper)
        guard atUpper.isFinite, excess(lower).isFinite else {
            throw .nonFinite(what: "spring position")
        }
        return atUpper == 0 ? .exact(upper) : .between(lower, upper)
    }

    /// The root of `|e(t)| - tolerance` in `[lower, upper]`: `GSL.brentRoot`
    /// (`gsl_root_fsolver_brent`, to `gsl_root_test_interval(lo, hi, 0, 1e-12)`).
    private static func brent(
        _ lower: Double, _ upper: Double, motion: SpringMotion, tolerance: Double
    ) throws(PhysicsError) -> Double {
        let root: Double?
        do {
            root = try GSL.brentRoot(
                lower: lower, upper: upper, xTolerance: 0, relativeTolerance: 1e-12,
                maxIterations: maxIterations
            ) { t in
                abs(motion.error(t)) - tolerance
            }
        } catch let error as GSLError {
            throw .gsl(function: error.context, status: Int32(error.status), reason: error.message)
        } catch {
            throw .nonFinite(what: "spring position")
        }
        guard let root else {
            throw .notConverged(function: "gsl_root_fsolver_brent", iterations: maxIterations)
        }
        return root
    }
}
