// Physics cost per gesture: `swift run -c release --package-path bench physics-bench [count]`.
// Synthesises gestures in memory (30 samples at 120 Hz each, deterministic shapes, a few
// with a rest before lift-off), then times PhysicsEngine.measure (every estimator, every
// measurement) and each estimator alone.
import Foundation
import GesturePhysics
import GestureTrace

let count = CommandLine.arguments.dropFirst().first.flatMap(Int.init) ?? 100_000
let samplesPerGesture = 30

func synthesise(_ index: Int) -> Gesture {
    let k = Double(index)
    let speed = 150 + Double(index % 97) * 12  // pt/s
    let curve = Double(index % 13 - 6) * 40  // pt/s²
    let drift = Double(index % 7 - 3) * 9  // pt/s across the axis
    let x0 = Double(index % 23)
    let y0 = 200 + Double(index % 300)
    let restBeforeLift = index % 10 == 0 ? 0.06 : 0.008
    var samples: [Sample] = []
    samples.reserveCapacity(samplesPerGesture + 1)
    for i in 0..<samplesPerGesture {
        let t = Double(i) / 120
        let wobble = 0.3 * ((k + Double(i)).truncatingRemainder(dividingBy: 3) - 1)
        samples.append(
            Sample(
                t: 10 + t, x: x0 + speed * t + curve * t * t / 2 + wobble, y: y0 + drift * t,
                phase: i == 0 ? .began : .moved))
    }
    let last = samples[samples.count - 1]
    samples.append(Sample(t: last.t + restBeforeLift, x: last.x, y: last.y, phase: .ended))
    return Gesture(
        id: "#\(index + 1)", samples: samples, intent: index % 3 == 0 ? .cancel : .complete,
        width: 390)
}

let gestures = (0..<count).map(synthesise)
let clock = ContinuousClock()

func microseconds(_ duration: Duration) -> Double {
    let parts = duration.components
    return (Double(parts.seconds) * 1e6 + Double(parts.attoseconds) / 1e12) / Double(count)
}

print("physics-bench: \(count) gestures, \(samplesPerGesture + 1) samples each")
var checksum = 0.0
for estimator in Estimator.allCases {
    let engine = PhysicsEngine(options: PhysicsOptions(estimator: estimator))
    let elapsed = clock.measure {
        for gesture in gestures { checksum += engine.measure(gesture).progressVelocity }
    }
    print(
        "measure (all estimators, all measurements), chosen \(estimator.rawValue): \(String(format: "%.2f", microseconds(elapsed))) µs/gesture"
    )
}
let engine = PhysicsEngine()
for estimator in Estimator.allCases {
    let elapsed = clock.measure {
        for gesture in gestures {
            checksum += engine.velocity(of: gesture, estimator: estimator).axis
        }
    }
    print(
        "velocity only, \(estimator.rawValue): \(String(format: "%.2f", microseconds(elapsed))) µs/gesture"
    )
}
print("checksum \(checksum)")
