import Foundation
internal import GestureNumerics
import GesturePhysics
import GestureTrace

/// What kind of motion a simulated gesture is.
public enum MotionKind: String, Sendable, CaseIterable {
    /// Minimum-jerk drag toward a planned progress 0.4…1, released part-way (75–100% of
    /// the movement time) or after a hesitation: meant to complete.
    case drag
    /// Ballistic flick: a short (0.15–0.35 progress), fast (70–130 ms) minimum-jerk stroke
    /// released near peak speed (45–60% of its time): meant to complete.
    case flick
    /// Peek and return: out to 0.2–0.45, then back toward the edge, released on the way
    /// back: meant to cancel.
    case peekAndReturn
    /// Slow drag to 0.1–0.42, a rest, lift-off: meant to cancel.
    case abandon
    /// Out to 0.45–0.75, then a fast throw back released at speed: meant to cancel.
    case backThrow

    public var meant: Intent {
        switch self {
        case .drag, .flick: .complete
        case .peekAndReturn, .abandon, .backThrow: .cancel
        }
    }
}

/// One simulated gesture, with its ground truth.
public struct SimulatedGesture: Sendable, Equatable {
    public var id: String
    public var kind: MotionKind
    /// What the motion shows.
    public var meant: Intent
    /// What the `intent` column says (flipped for ambiguous gestures).
    public var label: Intent
    public var outcome: Intent?
    public var extent: Double
    /// Samples as written (began … moved … ended).
    public var samples: [Sample]
    /// True release progress and velocity (progress/s) of the motion, before noise.
    public var releaseProgress: Double
    public var releaseVelocity: Double
    /// The person (0-based) who made it.
    public var person: Int = 0
    /// A retry of the gesture before it (the app cancelled what was meant to complete).
    public var isRetry: Bool = false
    /// Not meant for the transition (`simulate --others`): written with intent `other`;
    /// `kind`, `meant` and `label` then mean nothing.
    public var notMeant: Bool = false
    public var otherKind: OtherKind? = nil
}

/// Writes labelled synthetic touch traces (cli-and-reports.md, "simulate").
///
/// Motion model. Each gesture belongs to a person drawn once per file: speed factor
/// (lognormal, log-sd 0.25), hesitation probability U(0.1, 0.4), edge habit (start position
/// `2 + |N(0, 6 pt)| × U(0.5, 1.5)` from the leading edge), off-axis drift (slope N(0, 0.12)),
/// device rate (60/120/240 Hz unless fixed). Half the gestures are meant to complete (70%
/// `drag`, 30% `flick`), half to cancel (60% `peekAndReturn`, 25% `abandon`, 15%
/// `backThrow`); see `MotionKind`. Movement follows the minimum-jerk profile
/// `s(τ) = 10τ³ − 15τ⁴ + 6τ⁵`. A hesitating finger rests 80–300 ms before lift-off and
/// sends no samples meanwhile (a stationary touch reports nothing). Samples fall on the
/// device's frame times with Gaussian timestamp jitter (never going backwards, never below 0) and
/// Gaussian position noise; the `ended` row comes one frame (or the rest) after the last
/// `moved` row and repeats its position, as real recordings do. A fraction `labelNoise`
/// of gestures carries the opposite label.
///
/// Output: `gesture,t,x,y,phase,intent,width` (`height` for up/down) plus `outcome` when
/// asked; times with 6 decimals (s), positions with 2 (pt), formatted by integer
/// arithmetic so the same seed gives the same bytes. Random numbers: GSL `mt19937`.
public struct TraceSimulator: Sendable {
    public var options: SimulationOptions

    public init(options: SimulationOptions = .init()) {
        self.options = options
    }

    struct Person {
        var speed: Double
        var hesitation: Double
        var start: Double
        var drift: Double
        var rate: Double
        var offAxis: Double
    }

    /// The random stream of `peopleSeed` (the same people in every file).
    static let peopleStream: UInt64 = 0x9E0_91E

    /// The gestures of file `fileIndex` (0-based; each file has its own stream of `seed`).
    public func gestures(fileIndex: Int = 0) -> [SimulatedGesture] {
        let rng = RandomSource(seed: options.seed, stream: UInt64(fileIndex))
        let e = options.extent
        let peopleCount = max(1, options.people ?? options.gestures / 25)
        let traits =
            options.peopleSeed.map { RandomSource(seed: $0, stream: Self.peopleStream) } ?? rng
        let people = (0..<peopleCount).map { _ -> Person in
            let rate: Double
            switch options.rate {
            case .fixed(let hz): rate = hz
            case .mixed: rate = [60.0, 120, 240][traits.int(3)]
            }
            return Person(
                speed: traits.lognormal(0, 0.25), hesitation: traits.uniform(0.1, 0.4),
                start: 2 + abs(traits.gaussian(6)) * traits.uniform(0.5, 1.5),
                drift: traits.gaussian(0.12), rate: rate,
                offAxis: traits.uniform(0.3, 0.7))
        }
        var t0 = 0.0
        var out: [SimulatedGesture] = []
        out.reserveCapacity(options.gestures)
        var retryOf: Int?
        for n in 0..<options.gestures {
            let personIndex = retryOf ?? rng.int(peopleCount)
            let person = people[personIndex]
            let kind: MotionKind
            if retryOf != nil {
                kind = .drag
            } else if rng.bernoulli(0.5) {
                kind = rng.bernoulli(0.7) ? .drag : .flick
            } else {
                let u = rng.uniform()
                kind = u < 0.6 ? .peekAndReturn : (u < 0.85 ? .abandon : .backThrow)
            }
            let motion = Motion.make(kind, person: person, rng: rng)
            let releaseProgress = motion.progress(motion.release)
            let releaseVelocity = motion.rest > 0 ? 0 : motion.velocity(motion.release)
            var meant = kind.meant
            if let spread = options.spread, retryOf == nil {
                let threshold = SimulationOptions.threshold(
                    person: personIndex, of: peopleCount, spread: spread)
                meant = releaseProgress >= threshold ? .complete : .cancel
            }
            let isRetry = retryOf != nil
            if isRetry { meant = .complete }
            let flip = rng.bernoulli(options.labelNoise)
            let label: Intent = flip ? (meant == .complete ? .cancel : .complete) : meant
            let start = person.start + abs(rng.gaussian(2))
            let offAxis = person.offAxis * e + rng.gaussian(10)
            let drift = person.drift + rng.gaussian(0.03)
            let dt = 1 / person.rate
            var samples: [Sample] = []
            var k = 0
            var lastT = -Double.infinity
            var last = (x: 0.0, y: 0.0)
            while true {
                let nominal = Double(k) * dt
                if nominal > motion.release + 1e-12 { break }
                // Never below 0: the file's first sample (t0 = 0) would otherwise be jittered
                // to a negative time; the random draws are the same either way.
                let t = max(t0 + nominal + rng.gaussian(options.timestampJitter), lastT + 0.0001, 0)
                let progress = motion.progress(min(nominal, motion.release))
                let d = progress * e
                let along = d + (k == 0 ? 0 : rng.gaussian(options.positionNoise))
                let across = drift * d + (k == 0 ? 0 : rng.gaussian(options.positionNoise))
                last = position(along: along, across: across, start: start, offAxis: offAxis)
                samples.append(Sample(t: t, x: last.x, y: last.y, phase: k == 0 ? .began : .moved))
                lastT = t
                k += 1
            }
            let endT =
                lastT + (motion.rest > 0 ? motion.rest : dt) + rng.gaussian(options.timestampJitter)
            samples.append(
                Sample(t: max(endT, lastT + 0.0001), x: last.x, y: last.y, phase: .ended))
            let outcome = options.outcomeRule.map { rule -> Intent in
                rule.completes(
                    ReleaseState(
                        progress: min(max(releaseProgress, 0), 1), velocity: releaseVelocity,
                        extent: e)) ? .complete : .cancel
            }
            out.append(
                SimulatedGesture(
                    id: options.retries ? "p\(personIndex + 1)" : "g\(n + 1)", kind: kind,
                    meant: meant, label: label, outcome: outcome,
                    extent: e, samples: samples, releaseProgress: releaseProgress,
                    releaseVelocity: releaseVelocity,
                    person: personIndex, isRetry: isRetry))
            if options.retries {
                let retried =
                    outcome == .cancel && label == .complete && !rng.bernoulli(options.giveUpRate)
                retryOf = retried ? personIndex : nil
                t0 = samples.last!.t + (retried ? rng.uniform(0.2, 1.0) : rng.uniform(1.0, 8.0))
            } else {
                t0 = samples.last!.t + rng.uniform(0.4, 1.5)
            }
        }
        out += otherGestures(fileIndex: fileIndex, after: t0, idOffset: 0)
        return out
    }

    /// Screen position for a displacement `along` the transition axis from the start.
    func position(along: Double, across: Double, start: Double, offAxis: Double) -> (
        x: Double, y: Double
    ) {
        let e = options.extent
        switch options.direction {
        case .right: return (start + along, offAxis + across)
        case .left: return (e - start - along, offAxis + across)
        case .down: return (offAxis + across, start + along)
        case .up: return (offAxis + across, e - start - along)
        }
    }

    /// Writes file `fileIndex` as trace CSV.
    public func write(to out: inout some TextOutputStream, fileIndex: Int = 0) {
        let extentColumn =
            options.direction == .down || options.direction == .up ? "height" : "width"
        let withOutcome = options.outcomeRule != nil
        let withPerson = options.personColumn
        // With retries the truth is hidden in a `meant` column (no reader alias): the file
        // reads as an app log (outcome, no intent); `--map intent=meant` reads the truth.
        out.write(
            "gesture,t,x,y,phase,\(options.retries ? "meant" : "intent"),\(extentColumn)\(withOutcome ? ",outcome" : "")\(withPerson ? ",person" : "")\n"
        )
        let extent = Self.fixed(options.extent, 2)
        for g in gestures(fileIndex: fileIndex) {
            let tail =
                ",\(g.notMeant ? "other" : g.label.rawValue),\(extent)\(withOutcome ? ",\(g.outcome!.rawValue)" : "")\(withPerson ? ",p\(g.person + 1)" : "")\n"
            for s in g.samples {
                out.write(
                    "\(g.id),\(Self.fixed(s.t, 6)),\(Self.fixed(s.x, 2)),\(Self.fixed(s.y, 2)),\(s.phase)\(tail)"
                )
            }
        }
    }

    /// `x` rounded to `digits` decimals, written by integer arithmetic (no locale, no
    /// platform formatting), trailing zeros trimmed: "390", "0.5", "-12.25".
    static func fixed(_ x: Double, _ digits: Int) -> String {
        var scale: Int64 = 1
        for _ in 0..<digits { scale *= 10 }
        let r = Int64((x * Double(scale)).rounded())
        let negative = r < 0
        let m = negative ? -r : r
        var whole = "\(m / scale)"
        var fraction = "\(m % scale)"
        while fraction.count < digits { fraction = "0" + fraction }
        while fraction.hasSuffix("0") { fraction.removeLast() }
        if !fraction.isEmpty { whole += "." + fraction }
        return (negative && m != 0 ? "-" : "") + whole
    }
}

/// A planned progress trajectory: `progress(t)` for t in [0, release], a rest before lift-off.
struct Motion {
    /// Segments of minimum-jerk movement: from progress a to b over [t0, t0 + duration].
    var segments: [(t0: Double, duration: Double, from: Double, to: Double)]
    var release: Double
    var rest: Double

    static func minimumJerk(_ tau: Double) -> Double {
        let s = min(max(tau, 0), 1)
        return s * s * s * (10 - 15 * s + 6 * s * s)
    }

    static func minimumJerkSlope(_ tau: Double) -> Double {
        let s = min(max(tau, 0), 1)
        return 30 * s * s * (1 - s) * (1 - s)
    }

    func progress(_ t: Double) -> Double {
        var p = segments[0].from
        for seg in segments where t >= seg.t0 {
            p = seg.from + (seg.to - seg.from) * Motion.minimumJerk((t - seg.t0) / seg.duration)
        }
        return min(max(p, 0), 1)
    }

    func velocity(_ t: Double) -> Double {
        var v = 0.0
        for seg in segments where t >= seg.t0 {
            v =
                (seg.to - seg.from) / seg.duration
                * Motion.minimumJerkSlope((t - seg.t0) / seg.duration)
        }
        return v
    }

    static func make(_ kind: MotionKind, person: TraceSimulator.Person, rng: RandomSource) -> Motion
    {
        let hesitates = rng.bernoulli(person.hesitation)
        let rest = hesitates ? rng.uniform(0.08, 0.3) : 0
        switch kind {
        case .drag:
            let target = rng.uniform(0.4, 1.0), duration = rng.uniform(0.3, 0.6) * person.speed
            let release = duration * (hesitates ? 1 : rng.uniform(0.75, 1.0))
            return Motion(segments: [(0, duration, 0, target)], release: release, rest: rest)
        case .flick:
            let distance = rng.uniform(0.15, 0.35), duration = rng.uniform(0.07, 0.13)
            return Motion(
                segments: [(0, duration, 0, distance)], release: duration * rng.uniform(0.45, 0.6),
                rest: 0)
        case .peekAndReturn:
            let peak = rng.uniform(0.2, 0.45), out = rng.uniform(0.25, 0.5) * person.speed
            let back = rng.uniform(0.2, 0.4) * person.speed, home = peak * rng.uniform(0, 0.4)
            let release = out + back * (hesitates ? 1 : rng.uniform(0.5, 1.0))
            return Motion(
                segments: [(0, out, 0, peak), (out, back, peak, home)], release: release, rest: rest
            )
        case .abandon:
            let target = rng.uniform(0.1, 0.42), duration = rng.uniform(0.4, 0.8) * person.speed
            return Motion(
                segments: [(0, duration, 0, target)], release: duration,
                rest: rng.uniform(0.08, 0.3))
        case .backThrow:
            let peak = rng.uniform(0.45, 0.75), out = rng.uniform(0.3, 0.5) * person.speed
            let throwBack = rng.uniform(0.2, 0.4), duration = rng.uniform(0.08, 0.15)
            return Motion(
                segments: [(0, out, 0, peak), (out, duration, peak, peak - throwBack)],
                release: out + duration * rng.uniform(0.45, 0.6), rest: 0)
        }
    }
}

/// A `TextOutputStream` into a `String`, for tests and small outputs.
public struct StringSink: TextOutputStream, Sendable {
    public var text = ""
    public init() {}
    public mutating func write(_ string: String) { text += string }
}
