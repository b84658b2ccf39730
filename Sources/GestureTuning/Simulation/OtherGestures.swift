import Foundation
internal import GestureNumerics
import GesturePhysics
import GestureTrace

/// Gestures not meant for the transition that `simulate --others` adds (intent `other`).
public enum OtherKind: String, Sendable, CaseIterable {
    /// A scroll across the axis: starts anywhere, heads `90° − φ` from the axis with
    /// `φ ~ N(0, spread)` (horizontal drift), 60–250 pt.
    case scroll
    /// A carousel swipe along the axis (either way) starting mid-container (25–75% of the
    /// extent from the leading edge), `N(0, 8°)` off the axis, 80–200 pt.
    case carousel
    /// A diagonal thumb: starts within half the extent, heads 30–70° from the axis, 60–150 pt.
    case diagonal
    /// A tap: at most 4 pt of motion, anywhere.
    case tap
}

/// How `simulate --others` draws its gestures.
public struct OtherGestureOptions: Sendable, Equatable {
    /// Others per meant gesture (`--others FRACTION`): `round(FRACTION × gestures)` are added.
    public var fraction: Double
    /// Weights of the kinds, in `OtherKind.allCases` order (`--others-mix`, default 4:3:2:1).
    public var mix: [Double]
    /// Standard deviation of a scroll's drift from the cross axis, degrees (`--others-spread`, 15).
    public var spread: Double

    public init(fraction: Double, mix: [Double] = [4, 3, 2, 1], spread: Double = 15) {
        self.fraction = fraction
        self.mix = mix
        self.spread = spread
    }
}

extension TraceSimulator {
    /// The not-meant gestures of file `fileIndex`, from their own generator stream (so the
    /// meant gestures are the same bytes with and without them), starting after `t0`.
    func otherGestures(fileIndex: Int, after t0: Double, idOffset: Int) -> [SimulatedGesture] {
        guard let others = options.others, others.fraction > 0 else { return [] }
        let count = Int((Double(options.gestures) * others.fraction).rounded())
        let rng = RandomSource(seed: options.seed, stream: 0x07E5_0000_0000 &+ UInt64(fileIndex))
        let e = options.extent
        let rate: Double
        switch options.rate {
        case .fixed(let hz): rate = hz
        case .mixed: rate = 120
        }
        let total = max(1e-12, others.mix.reduce(0, +))
        var t = t0
        var out: [SimulatedGesture] = []
        for n in 0..<count {
            var u = rng.uniform() * total
            var kind = OtherKind.tap
            for (k, w) in zip(OtherKind.allCases, others.mix) {
                if u < w {
                    kind = k
                    break
                }
                u -= w
            }
            let sign: Double = rng.bernoulli(0.5) ? 1 : -1
            let start: Double
            let angle: Double  // degrees from the +axis
            let length: Double
            var duration = rng.uniform(0.15, 0.4)
            switch kind {
            case .scroll:
                start = rng.uniform(0, e)
                angle = 90 - rng.gaussian(others.spread)
                length = rng.uniform(60, 250)
            case .carousel:
                start = rng.uniform(0.25 * e, 0.75 * e)
                angle = (sign > 0 ? 0 : 180) + rng.gaussian(8)
                length = rng.uniform(80, 200)
            case .diagonal:
                start = rng.uniform(0, 0.5 * e)
                angle = rng.uniform(30, 70)
                length = rng.uniform(60, 150)
            case .tap:
                start = rng.uniform(0, e)
                angle = rng.uniform(0, 180)
                length = rng.uniform(0, 4)
                duration = rng.uniform(0.05, 0.15)
            }
            let radians = angle * .pi / 180
            let across = rng.bernoulli(0.5) ? 1.0 : -1.0
            let offAxis = rng.uniform(100, 600)
            let dt = 1 / rate
            var samples: [Sample] = []
            var k = 0
            var last = (x: 0.0, y: 0.0)
            var lastT = t
            while Double(k) * dt <= duration + 1e-12 {
                let s = Motion.minimumJerk(min(1, Double(k) * dt / duration)) * length
                let along = s * cos(radians) + (k == 0 ? 0 : rng.gaussian(options.positionNoise))
                let side =
                    across * s * sin(radians) + (k == 0 ? 0 : rng.gaussian(options.positionNoise))
                last = position(along: along, across: side, start: start, offAxis: offAxis)
                lastT = t + Double(k) * dt
                samples.append(
                    Sample(t: lastT, x: last.x, y: last.y, phase: k == 0 ? .began : .moved))
                k += 1
            }
            samples.append(Sample(t: lastT + dt, x: last.x, y: last.y, phase: .ended))
            out.append(
                SimulatedGesture(
                    id: "o\(idOffset + n + 1)", kind: .abandon, meant: .cancel, label: .cancel,
                    outcome: options.outcomeRule == nil ? nil : .cancel, extent: e,
                    samples: samples, releaseProgress: 0, releaseVelocity: 0,
                    notMeant: true, otherKind: kind))
            t = lastT + dt + rng.uniform(0.4, 1.5)
        }
        return out
    }
}
