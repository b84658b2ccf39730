import Foundation

/// A transition's whole setting as an app runs it: the object of a `params.json` file
/// (`gesturetune.params/1`, cli-and-reports.md "Parameter files") — the rule, direction,
/// velocity estimator and window, the start gate, the completion animation.
///
/// `Codable` to and from `params.json`'s keys: `JSONDecoder().decode(GestureTuneParameters.self,
/// from: data)` reads a file `gesturetune analyze` wrote (or `GestureTuneParameters(json:)`,
/// `load(contentsOf:)` for live values in debug builds). A rule's `"inf"` velocity threshold is
/// +∞. Unknown keys are ignored here: `gesturetune batch --params` is the strict reader that
/// names a bad key and its line.
public struct GestureTuneParameters: Sendable, Equatable {
    public var rule: Rule
    public var direction: Direction
    /// The container's extent when the app has none to give, pt (absent: 390).
    public var extent: Double?
    /// The velocity estimator the thresholds were fitted on (`lsq2` when absent).
    public var estimator: Estimator
    /// The velocity window `H`, `N`, `G` (physics.md's defaults when absent).
    public var window: VelocityWindow
    /// Where a transition may start.
    public var gate: Gate
    /// The linear transition's duration `D`, s (absent: 0.35).
    public var transitionDuration: Double?
    /// The cap on the finger-speed settle `r / |v_p|`, s (absent: `transitionDuration`).
    public var fingerSpeedCap: Double?
    /// The spring's damping ratio and response, s (absent: critically damped, the
    /// transition's duration).
    public var springDampingRatio: Double?
    public var springResponse: Double?
    /// Informational: `UIPercentDrivenInteractiveTransition.completionSpeed` suggested, the
    /// preset the set came from, the cross-validated end-to-end error it shipped with.
    public var completionSpeed: Double?
    public var preset: String?
    public var expectedError: Double?

    public init(
        rule: Rule, direction: Direction = .right, extent: Double? = nil,
        estimator: Estimator = .lsq2, window: VelocityWindow = .init(), gate: Gate = .init(),
        transitionDuration: Double? = nil, fingerSpeedCap: Double? = nil,
        springDampingRatio: Double? = nil, springResponse: Double? = nil,
        completionSpeed: Double? = nil, preset: String? = nil, expectedError: Double? = nil
    ) {
        self.rule = rule
        self.direction = direction
        self.extent = extent
        self.estimator = estimator
        self.window = window
        self.gate = gate
        self.transitionDuration = transitionDuration
        self.fingerSpeedCap = fingerSpeedCap
        self.springDampingRatio = springDampingRatio
        self.springResponse = springResponse
        self.completionSpeed = completionSpeed
        self.preset = preset
        self.expectedError = expectedError
    }

    /// A `params.json` file's contents.
    public init(json data: Data) throws {
        self = try JSONDecoder().decode(GestureTuneParameters.self, from: data)
    }

    /// Live values: a `params.json` read from a file or URL at run time, so a designer tries
    /// new values without recompiling (debug builds; ship compiled-in values).
    public static func load(contentsOf url: URL) throws -> GestureTuneParameters {
        try GestureTuneParameters(json: Data(contentsOf: url))
    }

    // MARK: What the app runs with (absent values resolved)

    /// The extent for a container of `measured` pt: `measured` when positive and finite, else
    /// `extent`, else 390.
    public func effectiveExtent(_ measured: Double?) -> Double {
        if let measured, measured.isFinite, measured > 0 { return measured }
        if let extent, extent.isFinite, extent > 0 { return extent }
        return GestureTuneDefaults.extent
    }

    public var effectiveTransitionDuration: Double {
        transitionDuration ?? GestureTuneDefaults.transitionDuration
    }
    public var effectiveFingerSpeedCap: Double { fingerSpeedCap ?? effectiveTransitionDuration }
    /// The spring as mass 1, stiffness `(2π / R)²` and damping `2ζ (2π / R)`
    /// (`UISpringTimingParameters(mass:stiffness:damping:initialVelocity:)`).
    public var springCoefficients: (stiffness: Double, damping: Double) {
        let omega = 2 * Double.pi / (springResponse ?? effectiveTransitionDuration)
        let zeta = springDampingRatio ?? GestureTuneDefaults.dampingRatio
        return (omega * omega, 2 * zeta * omega)
    }

    /// The spring's motion launched at relative velocity `v0` (absent damping: 1; absent
    /// response: the transition's duration).
    public func springMotion(initialVelocity v0: Double) -> SpringMotion {
        SpringMotion(
            dampingRatio: springDampingRatio ?? GestureTuneDefaults.dampingRatio,
            response: springResponse ?? effectiveTransitionDuration, initialVelocity: v0)
    }
}

extension GestureTuneParameters {
    /// The first setting outside its bounds, the bounds `gesturetune batch --params` reads with:
    /// its key (`spring.response`, `gate.lockAngle`, a rule key), what is expected, the value.
    public var outOfBounds: (key: String, expected: String, value: Double)? {
        if let p = rule.parameterOutOfBounds { return (p.key, p.spec.expected, p.value) }
        let positive = "a positive number"
        let nonNegative = "a number of 0 or more"
        let checks: [(String, Double?, Bool, String)] = [
            ("extent", extent, (extent ?? 1) > 0, positive),
            ("horizon", window.horizon, window.horizon > 0, positive),
            (
                "maxSamples", Double(window.maxSamples), window.maxSamples >= 1,
                "a whole number of 1 or more"
            ),
            ("maxGap", window.maxGap, window.maxGap > 0, positive),
            ("transitionDuration", transitionDuration, (transitionDuration ?? 1) > 0, positive),
            ("fingerSpeedCap", fingerSpeedCap, (fingerSpeedCap ?? 0) >= 0, nonNegative),
            ("spring.dampingRatio", springDampingRatio, (springDampingRatio ?? 1) > 0, positive),
            ("spring.response", springResponse, (springResponse ?? 1) > 0, positive),
            ("gate.edgeWidth", gate.edgeWidth, (gate.edgeWidth ?? 0) >= 0, nonNegative),
            (
                "gate.lockAngle", gate.lockAngle, (0...180).contains(gate.lockAngle ?? 90),
                "a number from 0 to 180"
            ),
            ("gate.slop", gate.slop, (gate.slop ?? 0) >= 0, nonNegative),
        ]
        for (key, value, holds, expected) in checks {
            if let value, !(value.isFinite && holds) { return (key, expected, value) }
        }
        return nil
    }
}

extension VelocityWindow {
    /// This window with a non-positive or non-finite horizon or gap, or a count below 1,
    /// replaced by the default: the window the engine and the tracker use.
    public var effective: VelocityWindow {
        let defaults = VelocityWindow()
        var w = self
        if !(w.horizon.isFinite && w.horizon > 0) { w.horizon = defaults.horizon }
        if !(w.maxGap.isFinite && w.maxGap > 0) { w.maxGap = defaults.maxGap }
        if w.maxSamples < 1 { w.maxSamples = defaults.maxSamples }
        return w
    }
}

extension GestureTuneParameters: Codable {
    struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(_ s: String) { stringValue = s }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    struct SpringKeys: Codable, Equatable {
        var dampingRatio: Double?
        var response: Double?
    }

    /// A rule parameter: a number, or `"inf"` (any case, optional `+`) for +∞ where the
    /// parameter allows it.
    static func ruleValue(
        _ c: KeyedDecodingContainer<Key>, _ spec: RuleParameterSpec
    ) throws -> Double {
        let key = Key(spec.key)
        if let text = try? c.decode(String.self, forKey: key) {
            guard spec.infinityAllowed,
                RuleParameterSpec.infinityTexts.contains(text.lowercased())
            else {
                throw DecodingError.dataCorruptedError(
                    forKey: key, in: c,
                    debugDescription: "expected \(spec.expected), found \"\(text)\"")
            }
            return .infinity
        }
        return try c.decode(Double.self, forKey: key)
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Key.self)
        let family = try c.decode(RuleFamily.self, forKey: Key("rule"))
        rule = try Rule(family: family) { spec in try Self.ruleValue(c, spec) }
        direction = try c.decodeIfPresent(Direction.self, forKey: Key("direction")) ?? .right
        func number(_ key: String) throws -> Double? {
            try c.decodeIfPresent(Double.self, forKey: Key(key))
        }
        extent = try number("extent")
        estimator = try c.decodeIfPresent(Estimator.self, forKey: Key("estimator")) ?? .lsq2
        let defaults = VelocityWindow()
        window = VelocityWindow(
            horizon: try number("horizon") ?? defaults.horizon,
            maxSamples: try c.decodeIfPresent(Int.self, forKey: Key("maxSamples"))
                ?? defaults.maxSamples,
            maxGap: try number("maxGap") ?? defaults.maxGap)
        var gate = try c.decodeIfPresent(Gate.self, forKey: Key("gate")) ?? Gate()
        // Older files: the gate's settings at the top level.
        gate.edgeWidth = try gate.edgeWidth ?? number("edgeWidth")
        gate.lockAngle = try gate.lockAngle ?? number("directionLockAngle")
        self.gate = gate
        transitionDuration = try number("transitionDuration")
        fingerSpeedCap = try number("fingerSpeedCap")
        let spring = try c.decodeIfPresent(SpringKeys.self, forKey: Key("spring"))
        springDampingRatio = spring?.dampingRatio
        springResponse = spring?.response
        completionSpeed = try number("completionSpeed")
        preset = try c.decodeIfPresent(String.self, forKey: Key("preset"))
        expectedError = try number("expectedError")
        if let bad = outOfBounds {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: [Key(bad.key)],
                    debugDescription: "\(bad.key): expected \(bad.expected), found \(bad.value)"))
        }
    }

    /// `params.json`'s keys (the schema first, `"inf"` for an infinite threshold); unset values
    /// left out.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        try c.encode("gesturetune.params/1", forKey: Key("schema"))
        try c.encodeIfPresent(preset, forKey: Key("preset"))
        try c.encode(rule.family, forKey: Key("rule"))
        try c.encode(direction, forKey: Key("direction"))
        for p in rule.parameters {
            if p.value == .infinity {
                try c.encode(RuleParameterSpec.infinityText, forKey: Key(p.key))
            } else {
                try c.encode(p.value, forKey: Key(p.key))
            }
        }
        try c.encodeIfPresent(extent, forKey: Key("extent"))
        try c.encode(estimator, forKey: Key("estimator"))
        try c.encode(window.horizon, forKey: Key("horizon"))
        try c.encode(window.maxSamples, forKey: Key("maxSamples"))
        try c.encode(window.maxGap, forKey: Key("maxGap"))
        try c.encodeIfPresent(completionSpeed, forKey: Key("completionSpeed"))
        try c.encodeIfPresent(transitionDuration, forKey: Key("transitionDuration"))
        try c.encodeIfPresent(fingerSpeedCap, forKey: Key("fingerSpeedCap"))
        if springDampingRatio != nil || springResponse != nil {
            try c.encode(
                SpringKeys(dampingRatio: springDampingRatio, response: springResponse),
                forKey: Key("spring"))
        }
        if gate != Gate() { try c.encode(gate, forKey: Key("gate")) }
        try c.encodeIfPresent(expectedError, forKey: Key("expectedError"))
    }
}

extension GestureTuneParameters {
    /// The names of a snippet's parameters block, besides the rule family's keys
    /// (`RuleFamily.parameterSpecs`), in the order snippets write them: `params.json`'s keys
    /// with the spring's as `springDampingRatio`, `springResponse` and the gate's as
    /// `edgeWidth`, `lockAngle`, `slop`.
    public static let blockNames = [
        "preset", "rule", "direction", "extent", "estimator", "horizon", "maxSamples", "maxGap",
        "completionSpeed", "transitionDuration", "fingerSpeedCap", "springDampingRatio",
        "springResponse", "edgeWidth", "lockAngle", "slop", "expectedError",
    ]

    /// Live values for debug builds: the `params.json` at the path or URL in the environment
    /// variable `variable` (set it in the scheme), nil when unset or unreadable. A designer
    /// tries new values by editing the file and relaunching, without recompiling.
    public static func live(environment variable: String = "GESTURETUNE_PARAMS")
        -> GestureTuneParameters?
    {
        guard let text = ProcessInfo.processInfo.environment[variable], !text.isEmpty else {
            return nil
        }
        let url =
            text.contains("://") ? URL(string: text) : URL(fileURLWithPath: text)
        return url.flatMap { try? load(contentsOf: $0) }
    }
}
