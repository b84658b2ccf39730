import Foundation
import GestureIO
internal import GestureNumerics
import GesturePhysics

/// `completionSpeed` for a linear `UIPercentDrivenInteractiveTransition` (physics.md,
/// "Completion animation"): after release the progress speed is `s / D`; a gesture's
/// velocity ratio is `(s / D) / v_p`. The suggestion makes the median ratio 1 over completing
/// gestures with `v_p > 0`: `s = D / median(1 / v_p)`, clamped to [0.5, 3].
public struct CompletionSpeedSuggestion: Sendable, Equatable {
    /// Suggested `s`, rounded to 0.001 (nil when no completing gesture moved forward).
    public var value: Double?
    /// Unclamped `D / median(1 / v_p)`.
    public var unclamped: Double?
    /// Animation duration `D`, s.
    public var transitionDuration: Double
    /// Median velocity ratio with the current `completionSpeed` (1.0 when unset).
    public var currentMedianRatio: Double?
    public var currentCompletionSpeed: Double
    /// Completing gestures with `v_p > 0` the figure rests on.
    public var count: Int
    /// `median(1 / v_p)` over them, s (nil when no completing gesture moved forward).
    public var medianInverseVelocity: Double?
}

/// Finger-speed completion (iOS system pop, Ionic): remaining time `min(D, r / abs(v_p))`.
/// The cap `D` suggested is the 90th percentile of `r / abs(v_p)` over completing releases
/// (`r = 1 - p_r`, `v_p != 0`), clamped to [0.2, 0.54] s.
public struct FingerSpeedCapSuggestion: Sendable, Equatable {
    /// Suggested cap, s, rounded to 0.001.
    public var value: Double?
    /// The 90th percentile before clamping, s.
    public var percentile90: Double?
    public var count: Int
    /// The range the cap is clamped to, s.
    public static let bounds: ClosedRange<Double> = 0.2...0.54
}

/// Spring completion (`UISpringTimingParameters`): the response whose median settling time
/// over the gestures equals the target duration, damping ratio fixed.
public struct SpringSuggestion: Sendable, Equatable {
    public enum Status: Sendable, Equatable {
        case found
        /// The median settling time does not reach the target within responses [0.02, 3] s.
        case noBracket
        /// No settling-time function was given (`TuningOptions.settlingTime`).
        case unavailable
        /// No gesture with a usable initial velocity.
        case noGestures
        case failed(String)
    }

    public var status: Status
    /// Suggested response, s, rounded to 0.001 s (the root itself is within 1e-5 s).
    public var response: Double?
    public var dampingRatio: Double
    /// Target median settling time, s (default 0.35).
    public var targetDuration: Double
    /// Gestures used (initial relative velocity `v_p / (1 - p_r)` completing, `-v_p / p_r` cancelling).
    public var count: Int
    /// Median initial relative velocity, 1/s.
    public var medianInitialVelocity: Double?
    /// The responses searched, s.
    public static let responseRange: ClosedRange<Double> = 0.02...3
}

/// Edge region: start positions (pt from the leading edge) of gestures meant to complete.
/// Suggested width: 95th percentile + 4 pt, rounded to 0.5 pt (never negative; starts before the leading edge are
/// left out, and with none inside the value is nil), beside 20 pt (Flutter, ViewDragHelper) and 50 pt
/// (React Navigation, Ionic).
public struct EdgeWidthSuggestion: Sendable, Equatable {
    public var value: Double?
    public var percentile95: Double?
    public var count: Int
    /// Share of the start positions inside 20 pt, 50 pt and the suggested width.
    public var coverage20: Double?
    public var coverage50: Double?
    public var coverageSuggested: Double?
    /// Starts before the leading edge (negative distance), left out.
    public var beforeEdge: Int
    /// The width before clamping, when it exceeded the smallest container and `value` was
    /// clamped to that container (pt).
    public var clampedFrom: Double?
}

/// Direction lock: the entry angle (degrees from the axis) that keeps 95% of intended
/// swipes: the 95th percentile of `abs(entry angle)`, rounded to 0.1°.
public struct DirectionLockSuggestion: Sendable, Equatable {
    /// What the angles are of.
    public enum Population: Sendable, Equatable {
        /// Gestures labelled `complete` (or unlabelled among labelled ones).
        case intendedSwipes
        /// Every gesture: nothing is labelled.
        case unlabelledGestures
    }

    public var value: Double?
    public var median: Double?
    /// The 95th percentile of `|entry angle|`, degrees, before rounding and the floor.
    public var percentile95: Double?
    public var count: Int
    public var population: Population
    /// The floor `value` was raised to (`Suggestions.minimumDirectionLock`), when it was.
    public var raisedToFloor: Double?
}

enum Suggestions {
    /// `x` rounded to the nearest multiple of `step` (half away from zero), so the written
    /// `params.json` carries sensible digits and reads back to exactly the reported value:
    /// completionSpeed, fingerSpeedCap and the spring response to 0.001, edge width to 0.5 pt,
    /// direction lock to 0.1°.
    static func rounded(_ x: Double, step: Double) -> Double {
        guard x.isFinite else { return x }
        let r = (x / step).rounded() * step
        // 0.1 × 181 is 18.100000000000001: the shortest decimal is taken back through text.
        return Double(String(format: "%.\(max(0, Int((-log10(step)).rounded(.up))))f", r)) ?? r
    }

    /// From completing points (tests, small data): the sketch of their `1 / v_p`.
    static func completionSpeed(completing: [TuningPoint], duration d: Double, current: Double)
        -> CompletionSpeedSuggestion
    {
        completionSpeed(
            inverseVelocities: QuantileSketch(
                completing.filter { $0.velocity > 0 }.map { 1 / $0.velocity }), duration: d,
            current: current)
    }

    /// `inverseVelocities`: `1 / v_p` of the completing gestures with `v_p > 0`.
    static func completionSpeed(
        inverseVelocities: QuantileSketch, duration d: Double, current: Double
    ) -> CompletionSpeedSuggestion {
        guard let medianInverse = inverseVelocities.quantile(0.5) else {
            return CompletionSpeedSuggestion(
                value: nil, unclamped: nil, transitionDuration: d, currentMedianRatio: nil,
                currentCompletionSpeed: current,
                count: 0, medianInverseVelocity: nil)
        }
        let count = inverseVelocities.count
        let raw = d / medianInverse
        let value = rounded(min(max(raw, 0.5), 3), step: 0.001)
        let currentRatio = (current / d) * medianInverse
        return CompletionSpeedSuggestion(
            value: value, unclamped: raw, transitionDuration: d, currentMedianRatio: currentRatio,
            currentCompletionSpeed: current,
            count: count, medianInverseVelocity: medianInverse)
    }

    static func fingerSpeedCap(completing: [TuningPoint]) -> FingerSpeedCapSuggestion {
        fingerSpeedCap(
            times: QuantileSketch(
                completing.compactMap {
                    Completion.fingerSpeedTime(
                        remaining: Completion.remaining(progress: $0.progress, completing: true),
                        velocity: $0.velocity)
                }))
    }

    /// `times`: `r / |v_p|` of the completing gestures.
    static func fingerSpeedCap(times: QuantileSketch) -> FingerSpeedCapSuggestion {
        guard let p90 = times.quantile(0.9) else {
            return FingerSpeedCapSuggestion(value: nil, percentile90: nil, count: 0)
        }
        let bounds = FingerSpeedCapSuggestion.bounds
        return FingerSpeedCapSuggestion(
            value: rounded(min(max(p90, bounds.lowerBound), bounds.upperBound), step: 0.001),
            percentile90: p90, count: times.count)
    }

    static func spring(
        _ gestures: [(TuningPoint, Bool)], dampingRatio: Double, target: Double,
        medianSettlingTime: (@Sendable (Double, Double, [Double]) throws -> Double)?
    ) -> SpringSuggestion {
        let velocities = gestures.compactMap {
            Completion.springInitialVelocity(
                progress: $0.0.progress, velocity: $0.0.velocity, completing: $0.1)
        }
        return spring(
            initialVelocities: QuantileSketch(velocities), dampingRatio: dampingRatio,
            target: target, medianSettlingTime: medianSettlingTime)
    }

    /// `initialVelocities`: each used gesture's spring initial relative velocity.
    static func spring(
        initialVelocities velocities: QuantileSketch, dampingRatio: Double, target: Double,
        medianSettlingTime: (@Sendable (Double, Double, [Double]) throws -> Double)?
    ) -> SpringSuggestion {
        var result = SpringSuggestion(
            status: .noGestures, response: nil, dampingRatio: dampingRatio, targetDuration: target,
            count: velocities.count,
            medianInitialVelocity: velocities.quantile(0.5))
        guard !velocities.isEmpty else { return result }
        guard let medianSettlingTime else {
            result.status = .unavailable
            return result
        }
        // The median over at most 2,000 evenly spaced gestures (in order of velocity) keeps the
        // root search cheap on large sets; each evaluation is the median of their settling
        // times (`Spring.medianSettlingTime` solves only the gestures near it).
        let stride = max(1, velocities.count / 2000)
        let sample = velocities.values(
            atRanks: Array(Swift.stride(from: 0, to: velocities.count, by: stride)))
        let medianSettling: (Double) throws -> Double = { response in
            try medianSettlingTime(dampingRatio, response, sample)
        }
        do {
            let range = SpringSuggestion.responseRange
            // The response is reported to 0.001 s: once both ends of the bracket round alike,
            // so does the root the search would end on (it stays inside the bracket).
            let step = 0.001
            guard
                let response = try GSL.brentRoot(
                    lower: range.lowerBound, upper: range.upperBound, xTolerance: 1e-5,
                    relativeTolerance: 1e-6,
                    enough: { rounded($0, step: step) == rounded($1, step: step) },
                    { try medianSettling($0) - target })
            else {
                result.status = .noBracket
                return result
            }
            result.status = .found
            result.response = rounded(response, step: step)
        } catch {
            result.status = .failed("\(error)")
        }
        return result
    }

    /// From every start position (tests, small data): those `>= 0` in the sketch, the others counted.
    static func edgeWidth(starts allStarts: [Double], container: Double? = nil)
        -> EdgeWidthSuggestion
    {
        let inside = allStarts.filter { $0 >= 0 && $0.isFinite }
        return edgeWidth(
            starts: QuantileSketch(inside), beforeEdge: allStarts.count - inside.count,
            container: container)
    }

    /// Edge width from start positions (pt from the leading edge): `max(0, p95 + 4)` over the
    /// starts inside the container (`>= 0`, the sketch `starts`); starts before the leading edge
    /// (negative: a wrong `--direction` or `--extent`, or a touch that began off the view) are
    /// left out and counted (`beforeEdge`), and when every start is off-container
    /// the value is nil with that reason. `container`: the smallest extent of the gestures
    /// (pt); a width beyond it is clamped to it.
    static func edgeWidth(starts: QuantileSketch, beforeEdge off: Int, container: Double? = nil)
        -> EdgeWidthSuggestion
    {
        guard let p95 = starts.quantile(0.95) else {
            return EdgeWidthSuggestion(value: nil, percentile95: nil, count: 0, beforeEdge: off)
        }
        var width = rounded(max(0, p95 + 4), step: 0.5)
        var clampedFrom: Double?
        if let c = container, c.isFinite, c > 0, width > c {
            clampedFrom = width
            width = c
        }
        func share(_ w: Double) -> Double { Double(starts.count(atMost: w)) / Double(starts.count) }
        return EdgeWidthSuggestion(
            value: width, percentile95: p95, count: starts.count, coverage20: share(20),
            coverage50: share(50), coverageSuggested: share(width),
            beforeEdge: off, clampedFrom: clampedFrom)
    }

    static func directionLock(
        angles: [Double], population: DirectionLockSuggestion.Population = .intendedSwipes
    ) -> DirectionLockSuggestion {
        directionLock(angles: QuantileSketch(angles.map { abs($0) }), population: population)
    }

    /// `angles`: `|entry angle|` (degrees). `population`: what the angles are of (intended
    /// swipes when labelled, every gesture otherwise).
    ///
    /// The suggestion is never below `minimumDirectionLock` (6°): the entry angle is read when the
    /// displacement first exceeds 10 pt, where 1 pt of sideways jitter is already 5.7°, so a
    /// smaller lock fitted on very straight (or synthetic) strokes would refuse real fingers.
    static func directionLock(
        angles a: QuantileSketch, population: DirectionLockSuggestion.Population = .intendedSwipes
    ) -> DirectionLockSuggestion {
        guard let p95 = a.quantile(0.95) else {
            return DirectionLockSuggestion(
                value: nil, median: nil, percentile95: nil, count: 0, population: population,
                raisedToFloor: nil)
        }
        let value = max(minimumDirectionLock, rounded(p95, step: 0.1))
        return DirectionLockSuggestion(
            value: value, median: a.quantile(0.5), percentile95: p95, count: a.count,
            population: population,
            raisedToFloor: value > rounded(p95, step: 0.1) ? minimumDirectionLock : nil)
    }

    /// The smallest direction lock suggested (degrees).
    static let minimumDirectionLock = 6.0
}
