internal import GestureNumerics
import GestureTrace

extension PhysicsEngine {
    /// The release velocity of `gesture` under `estimator` (physics.md, "Velocity
    /// estimators"), with its fallbacks: `lsq2` → `lsq1` → `delta` → 0; `platform` without
    /// platform velocities → `lsq2`'s chain. pt/s.
    public func velocity(of gesture: Gesture, estimator: Estimator) -> VelocityEstimate {
        estimate(estimator, track: prepare(gesture))
    }

    func estimate(_ estimator: Estimator, track: ReleaseTrack) -> VelocityEstimate {
        if estimator == .platform {
            if let platform = track.platform {
                return make(platform.vx, platform.vy, .platform, fellBack: false, count: 0)
            }
            var fallback = estimate(.lsq2, track: track)
            fallback.fellBack = true
            return fallback
        }
        let window = track.window
        let count = window.count
        if track.rested || count == 0 { return .zero(estimator) }
        if count == 1 { return .zero(estimator, windowCount: 1) }
        for (step, candidate) in ReleaseVelocity.chain(estimator).enumerated() {
            if let (vx, vy) = components(candidate, window: window), vx.isFinite, vy.isFinite {
                let estimate = make(vx, vy, candidate, fellBack: step > 0, count: count)
                if estimate.axis.isFinite { return estimate }
            }
        }
        return .zero(nil, fellBack: true, windowCount: count)
    }

    private func make(_ vx: Double, _ vy: Double, _ used: Estimator, fellBack: Bool, count: Int)
        -> VelocityEstimate
    {
        VelocityEstimate(
            vx: vx, vy: vy, axis: options.direction.along(x: vx, y: vy), usedEstimator: used,
            fellBack: fellBack, windowCount: count)
    }

    /// `(vx, vy)` of one estimator over a window of at least 2 samples, or nil when it
    /// failed (a GSL error, a singular fit, a non-finite value).
    private func components(_ estimator: Estimator, window: Range<Int>) -> (Double, Double)? {
        switch estimator {
        case .lsq2, .lsq1:
            let degree = estimator == .lsq2 ? 2 : 1
            // Two samples: their slope, for every estimator (physics.md).
            if window.count == 2 { return slope(window) }
            guard window.count > degree else { return nil }
            return fit(window, degree: degree)
        case .delta:
            return slope(window.upperBound - 2..<window.upperBound)
        case .impulse:
            if window.count == 2 { return slope(window) }
            return impulse(window)
        case .platform:
            return nil
        }
    }

    private func slope(_ range: Range<Int>) -> (Double, Double)? {
        ReleaseVelocity.slope(points, range)
    }

    /// Least-squares slope at the newest sample, time relative to `t_n` (s) and positions
    /// relative to the newest sample (pt), through `PolynomialFitter` (GSL). nil on failure.
    private func fit(_ window: Range<Int>, degree: Int) -> (Double, Double)? {
        let newest = points[window.upperBound - 1]
        fitT.removeAll(keepingCapacity: true)
        fitX.removeAll(keepingCapacity: true)
        fitY.removeAll(keepingCapacity: true)
        for point in points[window] {
            fitT.append(point.t - newest.t)
            fitX.append(point.x - newest.x)
            fitY.append(point.y - newest.y)
        }
        let fitter = self.fitter
        return fitT.withUnsafeBufferPointer { t in
            fitX.withUnsafeBufferPointer { x in
                fitY.withUnsafeBufferPointer { y in
                    guard let slopes = try? fitter.slopes(t: t, x: x, y: y, degree: degree) else {
                        return nil
                    }
                    return (slopes.x, slopes.y)
                }
            }
        }
    }

    private func impulse(_ window: Range<Int>) -> (Double, Double) {
        ReleaseVelocity.impulse(points, window)
    }
}
