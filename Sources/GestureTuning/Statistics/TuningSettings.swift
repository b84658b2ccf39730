import Foundation
import GesturePhysics

/// Everything two `TuningStatistics` must agree on to be merged: the tuning options (seed,
/// resamples, folds, grid choices, suggestion settings) and the current parameter set (its
/// rule and direction decide the confusions counted at `add` time). The values themselves,
/// not a copy of their fields: comparing is `==`, and a refusal names the first differing
/// key of their encodings (`SettingsDifference`).
public struct TuningSettings: Sendable, Equatable, Codable {
    public var options: TuningOptions
    public var current: ParameterSet

    public init(options: TuningOptions, current: ParameterSet) {
        self.options = options
        self.current = current
    }

    // What the search spaces are made of (SearchStatistics).
    var seed: UInt64 { options.seed }
    var projectionTau: Double? { options.projectionTau }
    var kinematicDuration: Double { options.kinematicDuration }
    var suggestedFamily: RuleFamily? { options.suggestedFamily }
    var chooseFamilyByCrossValidation: Bool { options.chooseFamilyByCrossValidation }
    var compareEstimators: Bool { options.compareEstimators }
    /// Folds actually used: at least 2.
    var foldCount: Int { max(2, options.folds) }

    /// The first setting on which `self` and `other` differ; nil when equal.
    public func mismatch(_ other: TuningSettings) -> StatisticsMismatch? {
        guard self != other else { return nil }
        let d =
            SettingsDifference.first(self, other) ?? .init(key: "current", left: "?", right: "?")
        return StatisticsMismatch(setting: d.key, left: d.left, right: d.right)
    }
}

/// The first key path at which two settings values differ, found generically: both encoded
/// as JSON with sorted keys and walked in that order, each side's value shown as JSON text.
public struct SettingsDifference: Sendable, Equatable {
    /// A dotted key path (`options.seed`, `current.rule`).
    public var key: String
    public var left: String
    public var right: String

    public init(key: String, left: String, right: String) {
        self.key = key
        self.left = left
        self.right = right
    }

    /// nil when the encodings agree (or either cannot be encoded).
    public static func first<T: Encodable>(_ a: T, _ b: T, path: String = "") -> SettingsDifference?
    {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        guard
            let x = try? JSONSerialization.jsonObject(
                with: encoder.encode(a), options: .fragmentsAllowed),
            let y = try? JSONSerialization.jsonObject(
                with: encoder.encode(b), options: .fragmentsAllowed)
        else { return nil }
        return walk(x, y, path: path)
    }

    private static func walk(_ a: Any, _ b: Any, path: String) -> SettingsDifference? {
        if let x = a as? [String: Any], let y = b as? [String: Any] {
            for key in Set(x.keys).union(y.keys).sorted() {
                let sub = path.isEmpty ? key : path + "." + key
                guard let u = x[key], let v = y[key] else {
                    return .init(
                        key: sub, left: x[key].map(text) ?? "absent",
                        right: y[key].map(text) ?? "absent")
                }
                if let d = walk(u, v, path: sub) { return d }
            }
            return nil
        }
        let (s, t) = (text(a), text(b))
        return s == t ? nil : .init(key: path, left: s, right: t)
    }

    /// A JSON value as compact JSON text (a string with its quotes).
    static func text(_ value: Any) -> String {
        guard
            let data = try? JSONSerialization.data(
                withJSONObject: value,
                options: [.sortedKeys, .fragmentsAllowed, .withoutEscapingSlashes])
        else { return "?" }
        return String(decoding: data, as: UTF8.self)
    }
}
