import GesturePhysics
import GestureTrace

/// The searches' half of `TuningStatistics`: per searched family, the labelled gestures'
/// cell counts per fold (`FamilyCells`); the logistic fit's points or bins
/// (`LogisticCells`); the confusions of the current set, every preset and `kinematic` at
/// the `uikit-system` values (their rules are known at `add` time); and, when estimators
/// are compared, a sample of the gestures under every velocity estimator
/// (`EstimatorSample`). Merging adds counts.
package struct SearchStatistics: Sendable, Equatable, Codable {
    /// Hash folds (`TuningSettings.foldCount`).
    package let folds: Int
    /// `threshold`, `forward`, `projection`, `kinematic`, in that order.
    var families: [FamilyCells]
    var logistic: LogisticCells
    /// Labelled gestures (finite figures, closed by `ended`).
    package private(set) var labelledCount = 0
    /// In-sample decisions of the current set on the labelled gestures.
    package private(set) var current = Confusion()
    /// Of every preset (`Preset.all` order), each gesture decided at its own extent.
    package private(set) var presets: [Confusion]
    /// Of `kinematic(187.5 pt, 0.35 s)`.
    package private(set) var kinematicAtPreset = Confusion()
    /// The gestures the estimator table is tuned on, when estimators are compared; else nil.
    var estimators: EstimatorSample?
    /// Labelled gestures whose estimate did not fall back, by the estimator used (`Estimator.allCases` order).
    var requestedEstimator: [Int]
    /// The gestures the current set misdecides, for exact paired comparisons with it.
    var paired: PairedCells

    /// The kinematic rule at the `uikit-system` values.
    static let kinematicPresetRule: Rule = .kinematic(
        distance: Preset.uikitSystemDistance, duration: Preset.uikitSystemDuration)

    static func spaces(_ settings: TuningSettings) -> [SearchSpace] {
        [
            .threshold, .forward, .projection(tau: settings.projectionTau),
            .kinematic(duration: settings.kinematicDuration),
        ]
    }

    /// The families the headline suggestion can come from (so the only ones `byEstimator`
    /// tunes again): the one asked for (`logistic` falls back to `threshold`); else, when the
    /// family is chosen by cross-validation, `threshold`, `forward`, `projection` and the
    /// current one; else the current one.
    static func headlineFamilies(_ settings: TuningSettings, current: RuleFamily) -> Set<RuleFamily>
    {
        var families: Set<RuleFamily>
        if let f = settings.suggestedFamily {
            families = [f]
        } else if settings.chooseFamilyByCrossValidation {
            families = [.threshold, .forward, .projection, current]
        } else {
            families = [current]
        }
        if families.contains(.logistic) { families.insert(.threshold) }
        return families
    }

    package init(settings: TuningSettings, current: RuleFamily) {
        folds = settings.foldCount
        families = Self.spaces(settings).map { FamilyCells(space: $0, folds: settings.foldCount) }
        logistic = LogisticCells(folds: settings.foldCount)
        presets = [Confusion](repeating: Confusion(), count: Preset.all.count)
        estimators =
            settings.compareEstimators
            ? EstimatorSample(
                kinematic: Self.headlineFamilies(settings, current: current).contains(.kinematic))
            : nil
        requestedEstimator = [Int](repeating: 0, count: Estimator.allCases.count)
        paired = PairedCells(spaces: Self.spaces(settings), folds: settings.foldCount)
    }

    /// Adds one gesture reduced to `point` (skipped unless labelled with finite figures), in
    /// the fold of `key`; `current` decides the current set's confusion.
    mutating func add(_ point: TuningPoint, key: GestureKey, seed: UInt64, current decider: Decider)
    {
        guard let intent = point.intent, point.isFinite else { return }
        let complete = intent == .complete
        let fold = key.fold(seed: seed, folds: folds)
        labelledCount += 1
        for f in families.indices { families[f].add(point, complete: complete, fold: fold) }
        logistic.add(
            progress: point.progress, velocity: point.velocity, complete: complete, fold: fold)
        let state = point.state
        let currentWrong = current.add(decider, state, meant: intent) != intent
        let presetsWrong = Preset.all.indices.map { i in
            presets[i].add(.preset(Preset.all[i]), state, meant: intent) != intent
        }
        kinematicAtPreset.add(.rule(Self.kinematicPresetRule), state, meant: intent)
        if currentWrong {
            paired.add(point, complete: complete, fold: fold, presetsWrong: presetsWrong)
        }
    }

    /// Adds one measurement: `add(TuningPoint(m))`, and under each velocity estimator it has.
    mutating func add(
        _ m: GestureMeasurement, key: GestureKey, seed: UInt64, current decider: Decider
    ) {
        guard !m.interruptedBySystem else { return }
        let point = TuningPoint(m)
        guard let intent = point.intent, point.isFinite else { return }
        add(point, key: key, seed: seed, current: decider)
        if !m.velocity.fellBack, let used = m.velocity.usedEstimator,
            let i = Estimator.allCases.firstIndex(of: used)
        {
            requestedEstimator[i] += 1
        }
        guard estimators != nil else { return }
        let hash = key.mixed(seed: seed, stream: EstimatorSample.stream)
        guard estimators!.admits(hash) else {
            estimators!.count { m.estimates[EstimatorSample.estimators[$0]] != nil }
            return
        }
        let velocities = EstimatorSample.estimators.map { estimator -> Double? in
            guard let estimate = m.estimates[estimator] else { return nil }
            let v = estimate.axis / m.extent
            return v.isFinite ? v : 0
        }
        estimators!.add(
            point, velocities: velocities, complete: intent == .complete,
            fold: key.fold(seed: seed, folds: folds), hash: hash)
    }

    package mutating func merge(_ other: SearchStatistics) {
        precondition(
            folds == other.folds && families.count == other.families.count
                && (estimators == nil) == (other.estimators == nil))
        labelledCount += other.labelledCount
        for f in families.indices { families[f].merge(other.families[f]) }
        logistic.merge(other.logistic)
        current.add(other.current)
        for i in presets.indices { presets[i].add(other.presets[i]) }
        kinematicAtPreset.add(other.kinematicAtPreset)
        if let theirs = other.estimators { estimators?.merge(theirs) }
        for i in requestedEstimator.indices { requestedEstimator[i] += other.requestedEstimator[i] }
        paired.merge(other.paired)
    }
}

extension SearchStatistics {
    /// Whether `merge(other)` keeps every count within `TuningStatistics.countLimit`, both
    /// sides being within it (`isWithinLimits`): every other count is bounded by one of these
    /// (a confusion's and the paired cells' by the labelled count, a family's equals its
    /// estimator's), so this is `isWithinLimits` of the merge, known before it is made.
    func mergedCountsWithinLimits(_ other: SearchStatistics) -> Bool {
        let limit = TuningStatistics.countLimit
        func fits(_ a: Int, _ b: Int) -> Bool { a <= limit - b }
        return fits(labelledCount, other.labelledCount)
            && fits(estimators?.count ?? 0, other.estimators?.count ?? 0)
            && zip(requestedEstimator, other.requestedEstimator).allSatisfy(fits)
    }
}

extension SearchStatistics {
    /// Every count in 0…`TuningStatistics.countLimit` and the families' counts equal to the
    /// labelled count (a decoded file's consistency).
    var isWithinLimits: Bool {
        let range = 0...TuningStatistics.countLimit
        let confusions = [current, kinematicAtPreset] + presets
        return range.contains(labelledCount)
            && confusions.allSatisfy {
                [$0.truePositive, $0.falsePositive, $0.trueNegative, $0.falseNegative].allSatisfy(
                    range.contains) && $0.total == labelledCount
            }
            && requestedEstimator.allSatisfy(range.contains)
            && paired.isWithin(range) && paired.count == current.errors
            && paired.families.map(\.space) == families.map(\.space)
            && paired.families.allSatisfy { $0.folds == folds }
            && families.allSatisfy { $0.count == labelledCount } && logistic.count == labelledCount
            && (estimators.map { $0.isWithin(range, folds: folds) && $0.count <= labelledCount }
                ?? true)
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
