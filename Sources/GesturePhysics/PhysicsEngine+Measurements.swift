import Foundation
import GestureTrace

/// Per-gesture measurements of physics.md beside `p_r` and `v`. Each works on `points`
/// (`began`/`moved` samples, equal timestamps replaced), since the lift-off row's position
/// is not trusted; the release sample contributes its time only.
extension PhysicsEngine {
    /// Movements smaller than this are jitter, pt: for the pause before lift-off and for late
    /// reversals (physics.md: "the last movement of more than 1 pt").
    static let movementThreshold = 1.0
    /// Displacement beyond which the entry angle is taken, pt.
    static let entryDistance = 10.0
    /// Late reversals are looked for this long before the newest sample, s.
    static let reversalHorizon = 0.100
    /// Most points in `progressCurve`.
    static let curveLimit = 200

    /// `v_m`, `a_m` over the last 3 samples, in progress/s and progress/s²: `v_m` the mean of
    /// the segment velocities `Δp/Δt`; `a_m` the mean of the steps between successive segment
    /// velocities, each `Δv / ((t_{k+2} - t_k) / 2)` clamped to ±5 progress/s². With 2
    /// samples `v_m` is their slope and `a_m = 0`; with 1 or none, both 0.
    func kinematics(extent: Double) -> (velocity: Double, acceleration: Double, count: Int) {
        ReleaseVelocity.kinematics(points, direction: options.direction, extent: extent)
    }

    /// Degrees from the axis, in [0, 180], of the displacement from the first sample when its
    /// length first exceeds 10 pt: `atan2(|across|, along)`; nil if it never does.
    func entryAngle(from first: Sample) -> Double? {
        firstBeyond(Self.entryDistance, from: first).angle
    }

    /// Time from the last movement of more than 1 pt to the release, s: with `n` the newest
    /// sample and `j` the newest sample more than 1 pt from it, the finger has rested since
    /// sample `j + 1`, so the pause is `t_r - t_{j+1}` (`t_r - t_0` when no sample is that
    /// far). Distances are Euclidean, so a finger creeping below 1 pt a sample still moves.
    func pauseBeforeRelease(releaseTime: Double) -> Double {
        guard let newest = points.last else { return 0 }
        var restStart = points.startIndex
        for index in points.indices.reversed() {
            let dx = points[index].x - newest.x
            let dy = points[index].y - newest.y
            if dx * dx + dy * dy > Self.movementThreshold * Self.movementThreshold {
                restStart = index + 1
                break
            }
        }
        return finiteOrZero(max(0, releaseTime - points[restStart].t))
    }

    /// `(m - 1) / (t_n - t_0)` over the `m` `began`/`moved` samples with distinct times,
    /// samples/s; 0 with fewer than 2.
    func sampleRate() -> Double {
        guard let first = points.first, let last = points.last, points.count >= 2 else { return 0 }
        return finiteOrZero(Double(points.count - 1) / (last.t - first.t))
    }

    /// Largest `|Δd / Δt|` between successive samples along the axis, pt/s.
    func peakSpeed(from first: Sample) -> Double {
        let direction = options.direction
        var peak = 0.0
        for index in points.indices.dropFirst() {
            let a = points[index - 1]
            let b = points[index]
            let speed = abs(direction.along(x: b.x - a.x, y: b.y - a.y) / (b.t - a.t))
            if speed.isFinite, speed > peak { peak = speed }
        }
        return peak
    }

    /// True when, within the last 100 ms before the newest sample (and the step into that
    /// span), the axis position has a turning point with more than 1 pt of travel on each
    /// side: it rose by more than 1 pt and then fell by more than 1 pt from that peak, or the
    /// reverse.
    func lateReversal(from first: Sample) -> Bool {
        guard let newest = points.last else { return false }
        let horizon = Self.reversalHorizon + ReleaseVelocity.timeTolerance(newest.t)
        var start = points.count - 1
        while start > 0, newest.t - points[start].t <= horizon { start -= 1 }
        let direction = options.direction
        let threshold = Self.movementThreshold
        var lowest = Double.infinity
        var highest = -Double.infinity
        var peak = -Double.infinity
        var trough = Double.infinity
        for point in points[start...] {
            let d = direction.along(x: point.x - first.x, y: point.y - first.y)
            guard d.isFinite else { continue }
            if peak - d > threshold || d - trough > threshold { return true }
            if d - lowest > threshold { peak = max(peak, d) }
            if highest - d > threshold { trough = min(trough, d) }
            lowest = min(lowest, d)
            highest = max(highest, d)
        }
        return false
    }

    /// Progress against time from the first sample to the release sample, s and progress;
    /// more than 200 samples are thinned to 200 evenly spaced ones, first and last kept.
    func progressCurve(
        _ gesture: Gesture, first: Sample, releaseIndex: Int, progress: (Double, Double) -> Double
    ) -> [ProgressPoint] {
        var curve: [ProgressPoint] = []
        curve.reserveCapacity(releaseIndex + 1)
        guard releaseIndex >= 0, releaseIndex < gesture.samples.count else { return curve }
        for sample in gesture.samples[...releaseIndex]
        where sample.t.isFinite && sample.x.isFinite && sample.y.isFinite {
            curve.append(
                ProgressPoint(t: finiteOrZero(sample.t - first.t), p: progress(sample.x, sample.y)))
        }
        guard curve.count > Self.curveLimit else { return curve }
        let last = Double(curve.count - 1)
        let limit = Self.curveLimit
        return (0..<limit).map { k in
            curve[Int((Double(k) * last / Double(limit - 1)).rounded())]
        }
    }
}
