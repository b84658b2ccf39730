import GestureTrace

extension PhysicsEngine {
    /// Fills `points` from `gesture` and selects the velocity window (physics.md, "Velocity
    /// estimators", rules 1 to 5).
    func prepare(_ gesture: Gesture) -> ReleaseTrack {
        points.removeAll(keepingCapacity: true)
        var first: Sample?
        var last: Sample?
        var release: Sample?
        var releaseIndex = gesture.samples.count - 1
        var duplicates = 0
        var platform: (vx: Double, vy: Double)?
        for (index, sample) in gesture.samples.enumerated() {
            guard sample.t.isFinite, sample.x.isFinite, sample.y.isFinite else { continue }
            if first == nil { first = sample }
            last = sample
            if let vx = sample.vx, let vy = sample.vy, vx.isFinite, vy.isFinite {
                platform = (vx, vy)
            }
            if sample.phase == .ended || sample.phase == .cancelled {
                release = sample
                releaseIndex = index
                break
            }
            // Rule 2: a sample at the same time as its predecessor replaces it. A time going
            // backwards (which the reader rejects) is treated the same way, so `points` stays
            // strictly increasing.
            while let previous = points.last, previous.t >= sample.t {
                points.removeLast()
                duplicates += 1
            }
            points.append(TrackPoint(t: sample.t, x: sample.x, y: sample.y))
        }
        let interrupted = release?.phase != .ended
        if release == nil { release = last }
        if let release, let vx = release.vx, let vy = release.vy, vx.isFinite, vy.isFinite {
            platform = (vx, vy)
        }
        let (window, rested) = selectWindow(releaseTime: release?.t)
        return ReleaseTrack(
            first: first, release: release, releaseIndex: releaseIndex, interrupted: interrupted,
            duplicates: duplicates, platform: platform, rested: rested, window: window)
    }

    /// Tolerance of the window's time comparisons, s: 1 ns, or 16 ulp of `t` when times are
    /// so large that a nanosecond is below their resolution. Recorders store milliseconds,
    /// and `0.803 - 0.703 > 0.100` in binary floating point: Flutter compares integer
    /// microseconds, so a sample exactly 100 ms old is kept.
    static func timeTolerance(_ t: Double) -> Double {
        max(1e-9, 16 * t.magnitude.ulp)
    }

    /// The velocity window over `points`: rule 3 (rest: `t_r - t_n > G` gives no window) and
    /// rule 4 (walk back from the newest sample while age `<= H`, gap `<= G`, fewer than `N`
    /// kept). The lift-off sample is not in `points`: only its time counts (rule 1).
    func selectWindow(releaseTime: Double?) -> (window: Range<Int>, rested: Bool) {
        guard let newest = points.last else { return (0..<0, false) }
        let end = points.count
        let tolerance = Self.timeTolerance(newest.t)
        if let releaseTime, releaseTime - newest.t > window.maxGap + tolerance {
            return (end..<end, true)
        }
        var start = end - 1
        while start > 0, end - start < window.maxSamples {
            let older = points[start - 1]
            if newest.t - older.t > window.horizon + tolerance { break }
            if points[start].t - older.t > window.maxGap + tolerance { break }
            start -= 1
        }
        return (start..<end, false)
    }
}
