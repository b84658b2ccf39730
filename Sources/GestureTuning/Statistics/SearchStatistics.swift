import GestureTrace
import GesturePhysics

/// The searches' half of `TuningStatistics`: per searched family, the labelled gestures'
/// cell counts per fold (`FamilyCells`); the logistic fit's points or bins
/// (`LogisticCells`); the confusions of the current set, every preset and `kinematic` at
/// the `uikit-system` values (their rules are known at `add` time); and, when estimators
/// are compared, the same cells under each velocity estimator. Merging adds counts.
public struct SearchStatistics: Sendable, Equatable, Codable {
    /// Hash folds (`TuningSettings.foldCount`).
    public let folds: Int
    /// `threshold`, `forward`, `projection`, `kinematic`, in that order.
    var families: [FamilyCells]
    var logistic: LogisticCells
    /// Labelled gestures (finite figures, closed by `ended`).
    public private(set) var labelledCount = 0
    /// In-sample decisions of the current set on the labelled gestures.
    public private(set) var current = Confusion()
    /// Of every preset (`Preset.all` order), each gesture decided at its own extent.
    public private(set) var presets: [Confusion]
    /// Of `kinematic(187.5 pt, 0.35 s)`.
    public private(set) var kinematicAtPreset = Confusion()
    /// Per velocity estimator (`Estimator.allCases` order) when estimators are compared; else empty.
    var estimators: [EstimatorCells]
    /// Labelled gestures whose estimate did not fall back, by the estimator used (`Estimator.allCases` order).
    var requestedEstimator: [Int]

    /// The kinematic rule at the `uikit-system` values.
    static let kinematicPresetRule: Rule = .kinematic(distance: 187.5, duration: 0.35)

    static func spaces(_ settings: TuningSettings) -> [SearchSpace] {
        [.threshold, .forward, .projection(tau: settings.projectionTau), .kinematic(duration: settings.kinematicDuration)]
    }

    public init(settings: TuningSettings) {
        folds = settings.foldCount
        families = Self.spaces(settings).map { FamilyCells(space: $0, folds: settings.foldCount) }
        logistic = LogisticCells(folds: settings.foldCount)
        presets = [Confusion](repeating: Confusion(), count: Preset.all.count)
        estimators = settings.compareEstimators
            ? Estimator.allCases.map { _ in EstimatorCells(spaces: Self.spaces(settings), folds: settings.foldCount) } : []
        requestedEstimator = [Int](repeating: 0, count: Estimator.allCases.count)
    }

    /// Adds one gesture reduced to `point` (skipped unless labelled with finite figures), in
    /// the fold of `key`; `current` decides the current set's confusion.
    mutating func add(_ point: TuningPoint, key: GestureKey, seed: UInt64, current decider: Decider) {
        guard let intent = point.intent, point.isFinite else { return }
        let complete = intent == .complete
        let fold = key.fold(seed: seed, folds: folds)
        labelledCount += 1
        for f in families.indices { families[f].add(point, complete: complete, fold: fold) }
        logistic.add(progress: point.progress, velocity: point.velocity, complete: complete, fold: fold)
        let state = point.state
        current.add(meantComplete: complete, decidedComplete: decider.decision(state) == .complete)
        for (i, preset) in Preset.all.enumerated() {
            presets[i].add(meantComplete: complete, decidedComplete: preset.rule(extent: state.extent).completes(state))
        }
        kinematicAtPreset.add(meantComplete: complete, decidedComplete: Self.kinematicPresetRule.completes(state))
    }

    /// Adds one measurement: `add(TuningPoint(m))`, and under each velocity estimator it has.
    mutating func add(_ m: GestureMeasurement, key: GestureKey, seed: UInt64, current decider: Decider) {
        guard !m.interruptedBySystem else { return }
        let point = TuningPoint(m)
        guard let intent = point.intent, point.isFinite else { return }
        add(point, key: key, seed: seed, current: decider)
        if !m.velocity.fellBack, let used = m.velocity.usedEstimator, let i = Estimator.allCases.firstIndex(of: used) {
            requestedEstimator[i] += 1
        }
        guard !estimators.isEmpty else { return }
        let fold = key.fold(seed: seed, folds: folds)
        for (i, estimator) in Estimator.allCases.enumerated() {
            guard let estimate = m.estimates[estimator] else { continue }
            var p = point
            let v = estimate.axis / m.extent
            p.velocity = v.isFinite ? v : 0
            estimators[i].add(p, complete: intent == .complete, fold: fold)
        }
    }

    public mutating func merge(_ other: SearchStatistics) {
        precondition(folds == other.folds && families.count == other.families.count && estimators.count == other.estimators.count)
        labelledCount += other.labelledCount
        for f in families.indices { families[f].merge(other.families[f]) }
        logistic.merge(other.logistic)
        current.add(other.current)
        for i in presets.indices { presets[i].add(other.presets[i]) }
        kinematicAtPreset.add(other.kinematicAtPreset)
        for i in estimators.indices { estimators[i].merge(other.estimators[i]) }
        for i in requestedEstimator.indices { requestedEstimator[i] += other.requestedEstimator[i] }
    }
}

/// The searched families and the logistic points of the labelled gestures under one velocity estimator.
struct EstimatorCells: Sendable, Equatable, Codable {
    var families: [FamilyCells]
    var logistic: LogisticCells
    var count = 0

    init(spaces: [SearchSpace], folds: Int) {
        families = spaces.map { FamilyCells(space: $0, folds: folds) }
        logistic = LogisticCells(folds: folds)
    }

    mutating func add(_ p: TuningPoint, complete: Bool, fold: Int) {
        count += 1
        for f in families.indices { families[f].add(p, complete: complete, fold: fold) }
        logistic.add(progress: p.progress, velocity: p.velocity, complete: complete, fold: fold)
    }

    mutating func merge(_ other: EstimatorCells) {
        count += other.count
        for f in families.indices { families[f].merge(other.families[f]) }
        logistic.merge(other.logistic)
    }
}

extension Confusion {
    mutating func add(_ other: Confusion) {
        truePositive += other.truePositive
        falsePositive += other.falsePositive
        trueNegative += other.trueNegative
        falseNegative += other.falseNegative
    }
}
