/// The unit of a parameter, as printed and as written in reports.
public enum ParameterUnit: String, Sendable, Equatable {
    case progress
    case progressPerSecond = "progress/s"
    case seconds = "s"
    case points = "pt"
    case degrees = "deg"
    case ratio
    case coefficient
}

/// One parameter of a rule family: the one table every encoder and decoder of rules reads
/// (`params.json`, `report.json`, batch JSON, summaries, snippets).
public struct RuleParameterSpec: Sendable, Equatable {
    /// The key in every file (`params.json` names: `progressThreshold`, `kinematicDuration`, …).
    public var key: String
    /// The symbol of physics.md (`p_th`, `v_th`, `tau`, `d_th`, `D`, `b0`…).
    public var symbol: String
    public var unit: ParameterUnit
    /// Smallest and largest allowed finite value (inclusive).
    public var lowest: Double
    public var highest: Double
    /// `+∞` is allowed (written `"inf"`): a velocity threshold that ignores velocity.
    public var infinityAllowed: Bool

    /// True when `value` is allowed for this parameter.
    public func allows(_ value: Double) -> Bool {
        if value == .infinity { return infinityAllowed }
        return value.isFinite && value >= lowest && value <= highest
    }

    /// What an allowed value is, for error messages: `a number from 0 to 1`, `a number of 0 or more or "inf"`.
    public var expected: String {
        var text: String
        switch (lowest.isFinite, highest.isFinite) {
        case (true, true):
            text =
                "a number from \(RuleParameterSpec.plain(lowest)) to \(RuleParameterSpec.plain(highest))"
        case (true, false): text = "a number of \(RuleParameterSpec.plain(lowest)) or more"
        case (false, true): text = "a number of at most \(RuleParameterSpec.plain(highest))"
        case (false, false): text = "a finite number"
        }
        if infinityAllowed { text += " or \"\(RuleParameterSpec.infinityText)\"" }
        return text
    }

    /// How `+∞` is written in every file JSON can't hold it in (`params.json`, `report.json`,
    /// batch JSON): the established parameter-file encoding.
    public static let infinityText = "inf"
    public static let negativeInfinityText = "-inf"
    /// Texts read back as `+∞`.
    public static let infinityTexts: Set<String> = ["inf", "+inf", "infinity", "+infinity"]

    public static func plain(_ x: Double) -> String {
        x == x.rounded() && abs(x) < 1e15 ? String(Int(x)) : String(x)
    }

    // `p_th` above 1 never completes by position alone (sloppy-swiper's 1.01): allowed.
    static let progressThreshold = RuleParameterSpec(
        key: "progressThreshold", symbol: "p_th", unit: .progress, lowest: 0, highest: .infinity,
        infinityAllowed: false)
    static let velocityThreshold = RuleParameterSpec(
        key: "velocityThreshold", symbol: "v_th", unit: .progressPerSecond, lowest: 0,
        highest: .infinity, infinityAllowed: true)
    static let tau = RuleParameterSpec(
        key: "tau", symbol: "tau", unit: .seconds, lowest: 0, highest: .infinity,
        infinityAllowed: false)
    static let distanceThreshold = RuleParameterSpec(
        key: "distanceThreshold", symbol: "d_th", unit: .points, lowest: 0, highest: .infinity,
        infinityAllowed: false)
    static let kinematicDuration = RuleParameterSpec(
        key: "kinematicDuration", symbol: "D", unit: .seconds, lowest: 0, highest: .infinity,
        infinityAllowed: false)
    static func coefficient(_ key: String, _ symbol: String) -> RuleParameterSpec {
        RuleParameterSpec(
            key: key, symbol: symbol, unit: .coefficient, lowest: -.infinity, highest: .infinity,
            infinityAllowed: false)
    }
}

/// A rule parameter with its value.
public struct RuleParameter: Sendable, Equatable {
    public var spec: RuleParameterSpec
    public var value: Double
    public var key: String { spec.key }
    public var symbol: String { spec.symbol }
    public var unit: ParameterUnit { spec.unit }
}

extension RuleFamily {
    /// The family's parameters, in the order they are written.
    public var parameterSpecs: [RuleParameterSpec] {
        switch self {
        case .threshold, .forward: [.progressThreshold, .velocityThreshold]
        case .projection: [.progressThreshold, .tau]
        case .kinematic: [.distanceThreshold, .kinematicDuration]
        case .logistic:
            [
                .coefficient("intercept", "b0"), .coefficient("progressCoefficient", "b1"),
                .coefficient("velocityCoefficient", "b2"),
            ]
        }
    }
}

extension Rule {
    /// The parameters in the family's order, with their values.
    public var parameters: [RuleParameter] {
        let values: [Double]
        switch self {
        case .threshold(let p, let v), .forward(let p, let v): values = [p, v]
        case .projection(let p, let tau): values = [p, tau]
        case .kinematic(let d, let duration): values = [d, duration]
        case .logistic(let b0, let b1, let b2): values = [b0, b1, b2]
        }
        return zip(family.parameterSpecs, values).map { RuleParameter(spec: $0, value: $1) }
    }

    /// The rule of `family` whose parameter values `value(spec)` gives, in the family's order.
    public init<E: Error>(family: RuleFamily, value: (RuleParameterSpec) throws(E) -> Double)
        throws(E)
    {
        var v: [Double] = []
        for spec in family.parameterSpecs { v.append(try value(spec)) }
        switch family {
        case .threshold: self = .threshold(progress: v[0], velocity: v[1])
        case .forward: self = .forward(progress: v[0], velocity: v[1])
        case .projection: self = .projection(progress: v[0], tau: v[1])
        case .kinematic: self = .kinematic(distance: v[0], duration: v[1])
        case .logistic: self = .logistic(b0: v[0], b1: v[1], b2: v[2])
        }
    }

    /// The first parameter whose value is out of its bounds, if any.
    public var parameterOutOfBounds: RuleParameter? {
        parameters.first { !$0.spec.allows($0.value) }
    }
}
