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
            points.append(TouchPoint(t: sample.t, x: sample.x, y: sample.y))
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

    /// The velocity window over `points` (`ReleaseVelocity.window`, the runtime's): rule 3
    /// (rest) and rule 4 (horizon, gap, count). The lift-off sample is not in `points`: only
    /// its time counts (rule 1).
    func selectWindow(releaseTime: Double?) -> (window: Range<Int>, rested: Bool) {
        let (range, rested) = ReleaseVelocity.window(
            points, releaseTime: releaseTime, limits: window)
        return (range, rested)
    }
}
