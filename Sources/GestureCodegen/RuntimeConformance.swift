import Foundation
internal import GestureNumerics
import GesturePhysics
import GestureTrace

/// The cases every runtime must decide as the analysis does (`runtimes/conformance/cases.json`,
/// runtimes/SPEC.md): gestures and parameter sets drawn from a fixed seed over every rule
/// family, direction and estimator, with the gate's edge, angle and slop, rests, equal times
/// and platform velocities, each with what the engine (GSL's fits and root finder) decides.
/// `make runtimes` writes the file; the Swift, Kotlin and JavaScript runtimes' tests read it.
package enum RuntimeConformance {
    package static let schema = "gesturetune.conformance/1"
    package static let seed: UInt64 = 44

    /// What the engine decides for one case.
    package struct Expectation: Equatable {
        package var admitted: Bool
        package var ruleCompletes: Bool
        package var complete: Bool
        package var progress: Double
        package var velocity: Double
        package var settleDuration: Double
        package var completionSpeed: Double
        package var springInitialVelocity: Double
        package var springSettlingTime: Double
    }

    package struct Case {
        package var name: String
        package var parameters: GestureTuneParameters
        package var extent: Double
        /// Touch-down and moves: `t, x, y` and the platform's `vx, vy` when it has them.
        package var samples: [[Double]]
        package var release: [Double]
        package var expect: Expectation
    }

    /// The engine's decision of `samples` then `release` under `parameters` in a container of
    /// `extent` pt: the measurement of `PhysicsEngine`, the gate and the rule, the completion
    /// figures, the spring's settling time by `Spring.settlingTime` (GSL's Brent solver).
    package static func expectation(
        parameters: GestureTuneParameters, extent: Double, samples: [[Double]],
        release: [Double]
    ) -> Expectation {
        func sample(_ v: [Double], _ phase: Phase) -> Sample {
            Sample(
                t: v[0], x: v[1], y: v[2], phase: phase, vx: v.count > 4 ? v[3] : nil,
                vy: v.count > 4 ? v[4] : nil)
        }
        var all = samples.enumerated().map { sample($1, $0 == 0 ? .began : .moved) }
        all.append(sample(release, .ended))
        let horizontal = parameters.direction.isHorizontal
        let gesture = Gesture(
            id: "case", samples: all, width: horizontal ? extent : nil,
            height: horizontal ? nil : extent)
        let options = PhysicsOptions(
            direction: parameters.direction, extent: parameters.extent,
            estimator: parameters.estimator, window: parameters.window,
            slop: parameters.gate.effectiveSlop)
        let m = PhysicsEngine(options: options).measure(gesture)
        let admitted = parameters.gate.admits(m.gate)
        let ruleCompletes = parameters.rule.completes(m.releaseState)
        let complete = admitted && ruleCompletes
        let p = m.releaseProgress
        let v = m.progressVelocity
        let remaining = Completion.remaining(progress: p, completing: complete)
        let settle = Completion.fingerSpeedDuration(
            remaining: remaining, velocity: v, cap: parameters.effectiveFingerSpeedCap)
        let relative =
            Completion.springInitialVelocity(progress: p, velocity: v, completing: complete) ?? 0
        var settling = 0.0
        if remaining > 0,
            let spring = try? Spring(
                dampingRatio: parameters.springDampingRatio ?? GestureTuneDefaults.dampingRatio,
                response: parameters.springResponse ?? parameters.effectiveTransitionDuration)
        {
            settling = (try? spring.settlingTime(initialVelocity: relative)) ?? 0
        }
        return Expectation(
            admitted: admitted, ruleCompletes: ruleCompletes, complete: complete, progress: p,
            velocity: v, settleDuration: settle,
            completionSpeed: Completion.linearCompletionSpeed(
                remaining: remaining, settle: settle,
                duration: parameters.effectiveTransitionDuration),
            springInitialVelocity: relative, springSettlingTime: settling)
    }

    /// Every case, in a fixed order: for each family, direction and estimator, gestures drawn
    /// from `seed` under drawn parameters; then the hand-made edge cases.
    package static func cases(perCombination: Int = 2) -> [Case] {
        let random = RandomSource(seed: seed)
        var out: [Case] = []
        for family in RuleFamily.allCases {
            for direction in Direction.allCases {
                for estimator in Estimator.allCases {
                    for index in 0..<perCombination {
                        let parameters = drawParameters(
                            family, direction, estimator, random, plain: index == 0)
                        let extent = [390.0, 428, 834, 1024][random.int(4)]
                        let (samples, release) = drawGesture(
                            direction: direction, extent: extent, platform: estimator == .platform,
                            random)
                        out.append(
                            make(
                                "\(family.rawValue)-\(direction.rawValue)-\(estimator.rawValue)-\(index)",
                                parameters, extent, samples, release))
                    }
                }
            }
        }
        return out + edgeCases()
    }

    static func make(
        _ name: String, _ parameters: GestureTuneParameters, _ extent: Double,
        _ samples: [[Double]], _ release: [Double]
    ) -> Case {
        Case(
            name: name, parameters: parameters, extent: extent, samples: samples,
            release: release,
            expect: expectation(
                parameters: parameters, extent: extent, samples: samples, release: release))
    }

    /// `x` to the decimals of `step` (0.01: two), so the file's numbers are short.
    static func rounded(_ x: Double, _ step: Double) -> Double {
        var scale = 1.0
        while scale * step < 0.999 { scale *= 10 }
        return (x * scale).rounded() / scale
    }

    static func drawParameters(
        _ family: RuleFamily, _ direction: Direction, _ estimator: Estimator,
        _ random: RandomSource, plain: Bool
    ) -> GestureTuneParameters {
        let rule: Rule
        switch family {
        case .threshold:
            rule = .threshold(
                progress: rounded(random.uniform(0.3, 0.7), 0.01),
                velocity: random.uniform() < 0.15
                    ? .infinity : rounded(random.uniform(0.5, 3), 0.01))
        case .forward:
            rule = .forward(
                progress: rounded(random.uniform(0.3, 0.7), 0.01),
                velocity: rounded(random.uniform(0.5, 3), 0.01))
        case .projection:
            rule = .projection(
                progress: rounded(random.uniform(0.3, 0.7), 0.01),
                tau: rounded(random.uniform(0.05, 0.3), 0.001))
        case .kinematic:
            rule = .kinematic(
                distance: rounded(random.uniform(50, 250), 1),
                duration: rounded(random.uniform(0.1, 0.4), 0.01))
        case .logistic:
            let b1 = random.uniform(4, 12)
            rule = .logistic(b0: -b1 * random.uniform(0.3, 0.6), b1: b1, b2: random.uniform(0.5, 3))
        }
        var p = GestureTuneParameters(rule: rule, direction: direction, estimator: estimator)
        if plain { return p }
        if random.uniform() < 0.5 { p.gate.edgeWidth = rounded(random.uniform(20, 120), 1) }
        if random.uniform() < 0.5 { p.gate.lockAngle = rounded(random.uniform(20, 80), 1) }
        if random.uniform() < 0.3 { p.gate.slop = rounded(random.uniform(4, 16), 0.5) }
        if random.uniform() < 0.3 {
            p.window = VelocityWindow(
                horizon: rounded(random.uniform(0.05, 0.15), 0.001),
                maxSamples: 3 + random.int(20), maxGap: rounded(random.uniform(0.02, 0.06), 0.001))
        }
        if random.uniform() < 0.5 { p.transitionDuration = rounded(random.uniform(0.2, 0.5), 0.01) }
        if random.uniform() < 0.3 { p.fingerSpeedCap = rounded(random.uniform(0.1, 0.4), 0.01) }
        if random.uniform() < 0.5 {
            p.springDampingRatio = [0.6, 0.85, 1, 1.3][random.int(4)]
            p.springResponse = rounded(random.uniform(0.2, 0.6), 0.01)
        }
        return p
    }

    /// A drag in `direction` from a drawn start: a speed that rises and falls, a drift across,
    /// 8–17 ms between samples with jitter, sometimes a repeated time, a rest before lift-off
    /// or a flick back; platform velocities when `platform` (not always).
    static func drawGesture(
        direction: Direction, extent: Double, platform: Bool, _ random: RandomSource
    ) -> ([[Double]], [Double]) {
        let along0 =
            random.uniform() < 0.5 ? random.uniform(0, 40) : random.uniform(0, extent * 0.8)
        let across0 = random.uniform(50, 700)
        let count = 2 + random.int(30)
        let step = random.uniform(0.008, 0.017)
        let peak = random.uniform(100, 2500)
        let drift = random.gaussian(0.4)
        let reverse = random.uniform() < 0.2
        var t = random.uniform(0, 1000).rounded() / 1000
        var along = along0
        var across = across0
        var samples: [[Double]] = []
        func point(_ a: Double, _ c: Double) -> (Double, Double) {
            switch direction {
            case .right: (a, c)
            case .left: (extent - a, c)
            case .down: (c, a)
            case .up: (c, extent - a)
            }
        }
        func velocity(_ a: Double, _ c: Double) -> (Double, Double) {
            switch direction {
            case .right: (a, c)
            case .left: (-a, c)
            case .down: (c, a)
            case .up: (c, -a)
            }
        }
        for i in 0..<count {
            let phase = Double(i) / Double(max(1, count - 1))
            var speed = peak * sin(.pi * min(1, phase * 1.2 + 0.1))
            if reverse, phase > 0.8 { speed = -peak * 0.5 }
            let (x, y) = point(along, across)
            var s = [t, rounded(x, 0.01), rounded(y, 0.01)]
            if platform, random.uniform() < 0.8 {
                let (vx, vy) = velocity(speed, speed * drift)
                s += [rounded(vx, 0.1), rounded(vy, 0.1)]
            }
            samples.append(s)
            let dt = random.uniform() < 0.05 ? 0 : max(0.001, step + random.gaussian(0.001))
            t = rounded(t + dt, 0.001)
            along += speed * max(0.004, dt)
            across += speed * drift * max(0.004, dt)
        }
        let rest = random.uniform() < 0.15 ? random.uniform(0.05, 0.2) : random.uniform(0, 0.012)
        let last = samples[samples.count - 1]
        return (samples, [rounded(last[0] + rest, 0.001), last[1], last[2]])
    }

    /// Hand-made cases: a tap, a start beyond the edge, a steep start, ties at a threshold,
    /// two samples, equal times.
    static func edgeCases() -> [Case] {
        let threshold = GestureTuneParameters(rule: .threshold(progress: 0.5, velocity: 1))
        var edge = threshold
        edge.gate.edgeWidth = 30
        var lock = threshold
        lock.gate.lockAngle = 30
        let projection = GestureTuneParameters(rule: .projection(progress: 0.5, tau: 0.25))
        return [
            make("tap", threshold, 390, [[0, 10, 300], [0.016, 12, 301]], [0.03, 12, 301]),
            make(
                "beyond-edge", edge, 390, [[0, 40, 300], [0.016, 60, 300], [0.032, 100, 300]],
                [0.04, 100, 300]),
            make(
                "steep-start", lock, 390, [[0, 5, 300], [0.016, 12, 320], [0.032, 40, 340]],
                [0.04, 40, 340]),
            // 195 pt of 390 at rest: p = 0.5 exactly, v = 0: the threshold completes (>=).
            make(
                "tie-progress", threshold, 390,
                [[0, 0, 300], [0.016, 100, 300], [0.032, 195, 300], [0.048, 195, 300]],
                [0.2, 195, 300]),
            make(
                "two-samples", projection, 390, [[0, 0, 300], [0.016, 30, 300]], [0.02, 30, 300]),
            make(
                "equal-times", projection, 390,
                [[0, 0, 300], [0.016, 40, 300], [0.016, 44, 300], [0.032, 90, 300]],
                [0.036, 90, 300]),
        ] + ties() + [platformAtRelease()]
    }

    /// Each family exactly on its boundary, in numbers binary floating point holds exactly: two
    /// samples 1/32 s apart (within the 40 ms gap), 12.5 pt of a 400 pt extent, under `delta`:
    /// `p_r = 0.03125`, `v_p = 1`. Threshold (`v >= v_th`) and projection and logistic (`>= 0`) complete; forward
    /// (`v > v_th`, `p > p_th`) cancels; kinematic with two samples completes on `v_m > 0`.
    static func ties() -> [Case] {
        let rules: [(String, Rule)] = [
            ("threshold", .threshold(progress: 0.5, velocity: 1)),
            ("forward", .forward(progress: 0.03125, velocity: 1)),
            ("projection", .projection(progress: 0.5, tau: 0.46875)),
            ("logistic", .logistic(b0: -1, b1: 16, b2: 0.5)),
            ("kinematic", .kinematic(distance: 300, duration: 0.25)),
        ]
        return rules.map { name, rule in
            make(
                "tie-\(name)", GestureTuneParameters(rule: rule, estimator: .delta), 400,
                [[0, 0, 300], [0.03125, 12.5, 300]], [0.03125, 12.5, 300])
        }
    }

    /// The platform's velocity on the lift-off row itself (as every glue passes it), under
    /// `platform`: the release's, not the last move's.
    static func platformAtRelease() -> Case {
        make(
            "platform-at-release",
            GestureTuneParameters(
                rule: .threshold(progress: 0.9, velocity: 2), estimator: .platform),
            390, [[0, 10, 300, 100, 0], [0.016, 30, 300, 400, 0], [0.032, 60, 300, 500, 0]],
            [0.04, 70, 300, 900, 0])
    }

    // MARK: The file

    /// `runtimes/conformance/cases.json`: one case a line, numbers in Swift's shortest
    /// round-trip form, keys in a fixed order.
    package static func json(_ cases: [Case] = cases()) -> String {
        var lines: [String] = []
        for c in cases {
            let e = c.expect
            let expect =
                "{\"admitted\": \(e.admitted), \"ruleCompletes\": \(e.ruleCompletes), \"complete\": \(e.complete), "
                + [
                    ("progress", e.progress), ("velocity", e.velocity),
                    ("settleDuration", e.settleDuration), ("completionSpeed", e.completionSpeed),
                    ("springInitialVelocity", e.springInitialVelocity),
                    ("springSettlingTime", e.springSettlingTime),
                ].map { "\"\($0.0)\": \(number($0.1))" }.joined(separator: ", ") + "}"
            lines.append(
                "{\"name\": \"\(c.name)\", \"parameters\": \(parametersJSON(c.parameters)), \"extent\": \(number(c.extent)), \"startProgress\": 0, "
                    + "\"samples\": [\(c.samples.map(array).joined(separator: ", "))], \"release\": \(array(c.release)), \"expect\": \(expect)}"
            )
        }
        return "{\"schema\": \"\(schema)\",\n \"cases\": [\n" + lines.joined(separator: ",\n")
            + "\n]}\n"
    }

    static func number(_ x: Double) -> String {
        x == x.rounded() && abs(x) < 1e15 ? String(Int(x)) : "\(x)"
    }

    static func array(_ v: [Double]) -> String { "[" + v.map(number).joined(separator: ", ") + "]" }

    /// The parameters as `params.json`'s object on one line (`"inf"` for an infinite threshold).
    static func parametersJSON(_ p: GestureTuneParameters) -> String {
        var parts: [String] = [
            "\"rule\": \"\(p.rule.family.rawValue)\"", "\"direction\": \"\(p.direction.rawValue)\"",
        ]
        for q in p.rule.parameters {
            parts.append(
                "\"\(q.key)\": "
                    + (q.value == .infinity
                        ? "\"\(RuleParameterSpec.infinityText)\"" : number(q.value)))
        }
        parts.append("\"estimator\": \"\(p.estimator.rawValue)\"")
        if p.window != VelocityWindow() {
            parts += [
                "\"horizon\": \(number(p.window.horizon))",
                "\"maxSamples\": \(p.window.maxSamples)",
                "\"maxGap\": \(number(p.window.maxGap))",
            ]
        }
        if let d = p.transitionDuration { parts.append("\"transitionDuration\": \(number(d))") }
        if let c = p.fingerSpeedCap { parts.append("\"fingerSpeedCap\": \(number(c))") }
        if let z = p.springDampingRatio, let r = p.springResponse {
            parts.append("\"spring\": {\"dampingRatio\": \(number(z)), \"response\": \(number(r))}")
        }
        var gate: [String] = []
        if let w = p.gate.edgeWidth { gate.append("\"edgeWidth\": \(number(w))") }
        if let a = p.gate.lockAngle { gate.append("\"lockAngle\": \(number(a))") }
        if let s = p.gate.slop { gate.append("\"slop\": \(number(s))") }
        if !gate.isEmpty { parts.append("\"gate\": {\(gate.joined(separator: ", "))}") }
        return "{" + parts.joined(separator: ", ") + "}"
    }
}
