import Foundation
import GesturePhysics

/// Everything two `TuningStatistics` must agree on to be merged: `TuningOptions`' settings
/// (seed, resamples, folds, grid choices, suggestion settings) and the current parameter set
/// (its rule and direction decide the confusions counted at `add` time).
public struct TuningSettings: Sendable, Equatable, Codable {
    public var seed: UInt64
    public var resamples: Int
    public var folds: Int
    public var projectionTau: Double?
    public var kinematicDuration: Double
    public var targetDuration: Double
    public var dampingRatio: Double
    public var transitionDuration: Double
    public var ambiguityBand: Double
    public var suggestedFamily: RuleFamily?
    public var chooseFamilyByCrossValidation: Bool
    public var compareEstimators: Bool
    /// The current rule, as Swift prints it (`threshold(progress: 0.5, velocity: 1.0)`).
    public var rule: String
    public var direction: Direction
    /// The current set as `params.json` holds it (`ParameterSet.encoded()`).
    public var current: String
    /// `ParameterSet.followsPresetExtent` / `fixesDirection` of the current set (not in the file).
    public var currentFollowsPresetExtent: Bool
    public var currentFixesDirection: Bool

    /// Folds actually used: at least 2.
    var foldCount: Int { max(2, folds) }

    public init(options: TuningOptions, current: ParameterSet) {
        seed = options.seed
        resamples = options.bootstrapResamples
        folds = options.folds
        projectionTau = options.projectionTau
        kinematicDuration = options.kinematicDuration
        targetDuration = options.targetDuration
        dampingRatio = options.dampingRatio
        transitionDuration = options.transitionDuration
        ambiguityBand = options.ambiguityBand
        suggestedFamily = options.suggestedFamily
        chooseFamilyByCrossValidation = options.chooseFamilyByCrossValidation
        compareEstimators = options.compareEstimators
        rule = String(describing: current.rule)
        direction = current.direction
        self.current = (try? current.encoded()) ?? String(describing: current)
        currentFollowsPresetExtent = current.followsPresetExtent
        currentFixesDirection = current.fixesDirection
    }

    /// The options these settings hold (the spring settling time is the default one).
    public var options: TuningOptions {
        var o = TuningOptions(
            seed: seed, bootstrapResamples: resamples, folds: folds, projectionTau: projectionTau,
            kinematicDuration: kinematicDuration, targetDuration: targetDuration, dampingRatio: dampingRatio,
            transitionDuration: transitionDuration, ambiguityBand: ambiguityBand, suggestedFamily: suggestedFamily,
            chooseFamilyByCrossValidation: chooseFamilyByCrossValidation)
        o.compareEstimators = compareEstimators
        return o
    }

    /// The current parameter set these settings were made with, read back from `current`.
    public func currentParameters() throws -> ParameterSet {
        var p = try ParameterSet.decode(Data(current.utf8), path: "statistics current parameters")
        p.followsPresetExtent = currentFollowsPresetExtent
        p.fixesDirection = currentFixesDirection
        return p
    }

    /// The first setting on which `self` and `other` differ, in declaration order; nil when equal.
    public func mismatch(_ other: TuningSettings) -> StatisticsMismatch? {
        func s<T>(_ x: T) -> String { String(describing: x) }
        func opt<T>(_ x: T?) -> String { x.map { String(describing: $0) } ?? "none" }
        let pairs: [(String, String, String)] = [
            ("seed", s(seed), s(other.seed)),
            ("resamples", s(resamples), s(other.resamples)),
            ("folds", s(folds), s(other.folds)),
            ("projectionTau", opt(projectionTau), opt(other.projectionTau)),
            ("kinematicDuration", s(kinematicDuration), s(other.kinematicDuration)),
            ("targetDuration", s(targetDuration), s(other.targetDuration)),
            ("dampingRatio", s(dampingRatio), s(other.dampingRatio)),
            ("transitionDuration", s(transitionDuration), s(other.transitionDuration)),
            ("ambiguityBand", s(ambiguityBand), s(other.ambiguityBand)),
            ("suggestedFamily", opt(suggestedFamily?.rawValue), opt(other.suggestedFamily?.rawValue)),
            ("chooseFamilyByCrossValidation", s(chooseFamilyByCrossValidation), s(other.chooseFamilyByCrossValidation)),
            ("compareEstimators", s(compareEstimators), s(other.compareEstimators)),
            ("rule", rule, other.rule),
            ("direction", direction.rawValue, other.direction.rawValue),
            ("current", current, other.current),
            ("currentFollowsPresetExtent", s(currentFollowsPresetExtent), s(other.currentFollowsPresetExtent)),
            ("currentFixesDirection", s(currentFixesDirection), s(other.currentFixesDirection)),
        ]
        return pairs.first { $0.1 != $0.2 }.map { StatisticsMismatch(setting: $0.0, left: $0.1, right: $0.2) }
    }
}

