import Foundation
import GestureTrace

extension Gate {
    /// `admits(measurement.gate)`.
    public func admits(_ measurement: GestureMeasurement) -> Bool {
        admits(measurement.gate)
    }
}

extension PhysicsEngine {
    /// Gate features of the gesture starting at `first`, over `points`, at `options.slop`
    /// (`Gate.defaultSlop` when it is not a finite number of 0 or more).
    func gateFeatures(from first: Sample, extent: Double) -> GateFeatures {
        let slop = Gate(slop: options.slop).effectiveSlop
        let edge = finiteOrZero(
            options.direction.distanceFromLeadingEdge(x: first.x, y: first.y, extent: extent))
        let beyond = firstBeyond(slop, from: first)
        return GateFeatures(
            edgeDistance: edge, edgeShare: finiteOrZero(edge / extent), slop: slop,
            angle: beyond.angle, timeToSlop: beyond.time, distanceToSlop: beyond.distance,
            movedAgainst: beyond.movedAgainst)
    }

    /// The first of `points` more than `distance` pt (Euclidean) from `first`: the angle of
    /// its displacement from the axis, `atan2(|across|, along)` in degrees in [0, 180], its
    /// time after `first` (s) and its distance (pt), all nil when no point gets that far; and
    /// whether a point before it lies more than 1 pt against the transition's direction.
    func firstBeyond(_ distance: Double, from first: Sample) -> (
        angle: Double?, time: Double?, distance: Double?, movedAgainst: Bool
    ) {
        let direction = options.direction
        var movedAgainst = false
        for point in points {
            let dx = point.x - first.x
            let dy = point.y - first.y
            let length = (dx * dx + dy * dy).squareRoot()
            guard length.isFinite else { break }
            let along = direction.along(x: dx, y: dy)
            if length > distance {
                let angle = atan2(abs(direction.across(x: dx, y: dy)), along) * 180 / .pi
                guard angle.isFinite else { break }
                return (angle, finiteOrZero(max(0, point.t - first.t)), length, movedAgainst)
            }
            if along < -Self.movementThreshold { movedAgainst = true }
        }
        return (nil, nil, nil, movedAgainst)
    }
}
