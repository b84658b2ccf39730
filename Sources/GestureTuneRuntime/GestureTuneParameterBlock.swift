/// A snippet's parameters block: an enum of `static let` values named as `params.json`'s keys
/// (the spring's as `springDampingRatio`, `springResponse`, the gate's as `edgeWidth`,
/// `lockAngle`, `slop`), which `gesturetune batch --params Snippet.swift` reads in CI. Declare
/// the conformance (`extension SwipeBackTuning: GestureTuneParameterBlock {}`) and the block's
/// values are `SwipeBackTuning.blockParameters`. The rule's keys other families use need not be
/// declared.
public protocol GestureTuneParameterBlock {
    static var preset: String? { get }
    static var rule: String { get }
    static var direction: String { get }
    static var progressThreshold: Double { get }
    static var velocityThreshold: Double { get }
    static var tau: Double { get }
    static var distanceThreshold: Double { get }
    static var kinematicDuration: Double { get }
    static var intercept: Double { get }
    static var progressCoefficient: Double { get }
    static var velocityCoefficient: Double { get }
    static var extent: Double? { get }
    static var estimator: String? { get }
    static var horizon: Double? { get }
    static var maxSamples: Int? { get }
    static var maxGap: Double? { get }
    static var completionSpeed: Double? { get }
    static var transitionDuration: Double? { get }
    static var fingerSpeedCap: Double? { get }
    static var springDampingRatio: Double? { get }
    static var springResponse: Double? { get }
    static var edgeWidth: Double? { get }
    static var lockAngle: Double? { get }
    static var slop: Double? { get }
    static var expectedError: Double? { get }
}

extension GestureTuneParameterBlock {
    // A family's keys are declared by the blocks of that family only: NaN for the others.
    public static var progressThreshold: Double { .nan }
    public static var velocityThreshold: Double { .nan }
    public static var tau: Double { .nan }
    public static var distanceThreshold: Double { .nan }
    public static var kinematicDuration: Double { .nan }
    public static var intercept: Double { .nan }
    public static var progressCoefficient: Double { .nan }
    public static var velocityCoefficient: Double { .nan }

    /// The block's values as the runtime reads them. Stops the app with a message naming the
    /// value when the block is not a parameter set (an unknown rule, direction or estimator, a
    /// rule key missing): `gesturetune batch --params` catches that in CI.
    public static var blockParameters: GestureTuneParameters {
        do {
            return try GestureTuneParameters(block: Self.self)
        } catch {
            preconditionFailure("\(Self.self): \(error)")
        }
    }
}

/// Why a parameters block is not a parameter set.
public struct GestureTuneBlockError: Error, Sendable, Equatable, CustomStringConvertible {
    public var name: String
    public var expected: String
    public var found: String
    public var description: String { "\(name): expected \(expected), found \(found)" }
}

extension GestureTuneParameters {
    /// The values of the parameters block `block`.
    public init<Block: GestureTuneParameterBlock>(block: Block.Type) throws(GestureTuneBlockError) {
        func named<T: RawRepresentable>(_ name: String, _ text: String, _: T.Type)
            throws(GestureTuneBlockError) -> T where T.RawValue == String, T: CaseIterable
        {
            guard let value = T(rawValue: text) else {
                throw GestureTuneBlockError(
                    name: name,
                    expected: T.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", "),
                    found: "\"\(text)\"")
            }
            return value
        }
        let family = try named("rule", Block.rule, RuleFamily.self)
        let values: [String: Double] = [
            "progressThreshold": Block.progressThreshold,
            "velocityThreshold": Block.velocityThreshold, "tau": Block.tau,
            "distanceThreshold": Block.distanceThreshold,
            "kinematicDuration": Block.kinematicDuration, "intercept": Block.intercept,
            "progressCoefficient": Block.progressCoefficient,
            "velocityCoefficient": Block.velocityCoefficient,
        ]
        let rule = try Rule(family: family) { spec throws(GestureTuneBlockError) in
            let value = values[spec.key] ?? .nan
            guard spec.allows(value) else {
                throw GestureTuneBlockError(
                    name: spec.key, expected: spec.expected,
                    found: value.isNaN ? "none" : "\(value)")
            }
            return value
        }
        self.init(
            rule: rule, direction: try named("direction", Block.direction, Direction.self),
            extent: Block.extent,
            estimator: try Block.estimator.map { text throws(GestureTuneBlockError) in
                try named("estimator", text, Estimator.self)
            } ?? .lsq2,
            window: VelocityWindow(
                horizon: Block.horizon ?? GestureTuneDefaults.horizon,
                maxSamples: Block.maxSamples ?? GestureTuneDefaults.maxSamples,
                maxGap: Block.maxGap ?? GestureTuneDefaults.maxGap),
            gate: Gate(edgeWidth: Block.edgeWidth, lockAngle: Block.lockAngle, slop: Block.slop),
            transitionDuration: Block.transitionDuration, fingerSpeedCap: Block.fingerSpeedCap,
            springDampingRatio: Block.springDampingRatio, springResponse: Block.springResponse,
            completionSpeed: Block.completionSpeed, preset: Block.preset,
            expectedError: Block.expectedError)
        if let bad = outOfBounds {
            throw GestureTuneBlockError(
                name: bad.key, expected: bad.expected, found: "\(bad.value)")
        }
    }
}
