/// The last three (time, progress) samples of the drag: their mean velocity (progress/s) and
/// acceleration (progress/s², clamped to ±5), as gesturetune's kinematic rule measures them.
/// Only the kinematic rule reads it; the other rules take it and ignore it.
struct RecentProgress {
    private(set) var samples: [(t: TimeInterval, p: CGFloat)] = []
    var count: Int { samples.count }

    mutating func reset() {
        samples.removeAll()
    }

    mutating func add(time: TimeInterval, progress: CGFloat) {
        if let last = samples.last, time <= last.t { samples.removeLast() }
        samples.append((time, progress))
        if samples.count > 3 { samples.removeFirst() }
    }

    /// The mean of the segment velocities (one segment with two samples).
    var meanVelocity: CGFloat {
        guard samples.count >= 2 else { return 0 }
        var sum: CGFloat = 0
        for k in 1..<samples.count {
            let (a, b) = (samples[k - 1], samples[k])
            guard b.t > a.t else { return 0 }
            sum += (b.p - a.p) / CGFloat(b.t - a.t)
        }
        return sum / CGFloat(samples.count - 1)
    }

    var meanAcceleration: CGFloat {
        guard samples.count == 3 else { return 0 }
        let (a, b, c) = (samples[0], samples[1], samples[2])
        guard b.t > a.t, c.t > b.t else { return 0 }
        let v1 = (b.p - a.p) / CGFloat(b.t - a.t), v2 = (c.p - b.p) / CGFloat(c.t - b.t)
        let acceleration = (v2 - v1) / CGFloat((c.t - a.t) / 2)
        return min(max(acceleration, -5), 5)
    }
}
