import Foundation
import GesturePhysics

/// A parameter set as a value inside other documents (the analysis partial's settings): enums
/// as enums, the rule as its family and its numbers by `RuleFamily.parameterSpecs` key, and
/// what `params.json` leaves out (whether the rule follows a preset's extent and the set fixes
/// its direction: `followsPresetExtent`, `fixesDirection`), so it reads back equal.
/// `params.json` itself is `encoded()` / `decode(_:path:)`.
extension ParameterSet: Codable {
    enum CodingKeys: String, CodingKey {
        case rule, values, direction, preset, extent, estimator, horizon, maxSamples, maxGap
        case completionSpeed, transitionDuration, fingerSpeedCap, spring, edgeWidth,
            directionLockAngle, slop
        case followsPresetExtent, fixesDirection
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let family = try c.decode(RuleFamily.self, forKey: .rule)
        let values = try c.decode([String: Double].self, forKey: .values)
        let rule = try Rule(family: family) {
            (spec: RuleParameterSpec) throws(DecodingError) -> Double in
            guard let v = values[spec.key] else {
                throw DecodingError.dataCorruptedError(
                    forKey: .values, in: c,
                    debugDescription: "expected \(spec.key), a parameter of \(family.rawValue)")
            }
            return v
        }
        let direction = try c.decode(Direction.self, forKey: .direction)
        let preset = try c.decodeIfPresent(String.self, forKey: .preset)
        self.init(
            rule: rule, direction: direction, preset: preset,
            extent: try c.decodeIfPresent(Double.self, forKey: .extent),
            completionSpeed: try c.decodeIfPresent(Double.self, forKey: .completionSpeed),
            transitionDuration: try c.decodeIfPresent(Double.self, forKey: .transitionDuration),
            fingerSpeedCap: try c.decodeIfPresent(Double.self, forKey: .fingerSpeedCap),
            spring: try c.decodeIfPresent(SpringSetting.self, forKey: .spring),
            edgeWidth: try c.decodeIfPresent(Double.self, forKey: .edgeWidth),
            directionLockAngle: try c.decodeIfPresent(Double.self, forKey: .directionLockAngle))
        estimator = try c.decodeIfPresent(Estimator.self, forKey: .estimator)
        horizon = try c.decodeIfPresent(Double.self, forKey: .horizon)
        maxSamples = try c.decodeIfPresent(Int.self, forKey: .maxSamples)
        maxGap = try c.decodeIfPresent(Double.self, forKey: .maxGap)
        slop = try c.decodeIfPresent(Double.self, forKey: .slop)
        if try c.decode(Bool.self, forKey: .followsPresetExtent) {
            guard let found = preset.flatMap(Preset.named) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .preset, in: c, debugDescription: "expected a preset's name")
            }
            ruleSetting = .preset(found)
        }
        if try !c.decode(Bool.self, forKey: .fixesDirection) {
            directionSetting = .shown(direction)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(rule.family, forKey: .rule)
        var values: [String: Double] = [:]
        for p in rule.parameters { values[p.key] = p.value }
        try c.encode(values, forKey: .values)
        try c.encode(direction, forKey: .direction)
        try c.encodeIfPresent(preset, forKey: .preset)
        try c.encodeIfPresent(extent, forKey: .extent)
        try c.encodeIfPresent(estimator, forKey: .estimator)
        try c.encodeIfPresent(horizon, forKey: .horizon)
        try c.encodeIfPresent(maxSamples, forKey: .maxSamples)
        try c.encodeIfPresent(maxGap, forKey: .maxGap)
        try c.encodeIfPresent(completionSpeed, forKey: .completionSpeed)
        try c.encodeIfPresent(transitionDuration, forKey: .transitionDuration)
        try c.encodeIfPresent(fingerSpeedCap, forKey: .fingerSpeedCap)
        try c.encodeIfPresent(spring, forKey: .spring)
        try c.encodeIfPresent(edgeWidth, forKey: .edgeWidth)
        try c.encodeIfPresent(directionLockAngle, forKey: .directionLockAngle)
        try c.encodeIfPresent(slop, forKey: .slop)
        if case .preset = ruleSetting {
            try c.encode(true, forKey: .followsPresetExtent)
        } else {
            try c.encode(false, forKey: .followsPresetExtent)
        }
        try c.encode(fixedDirection != nil, forKey: .fixesDirection)
    }
}
