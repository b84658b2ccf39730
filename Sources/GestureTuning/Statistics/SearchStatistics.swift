import GesturePhysics
import GestureTrace

/// The searches' half of `TuningStatistics`: per searched family, the labelled gestures'
/// cell counts per fold (`FamilyCells`); the logistic fit's points or bins
/// (`LogisticCells`); the confusions of the current set, every preset and `kinematic` at
/// the `uikit-system` values (their rules are known at `add` time); and, when estimators
/// are compared, the same cells under each velocity estimator. Merging adds counts.
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
    /// Per velocity estimator (`Estimator.allCases` order) when estimators are compared; else empty.
    var estimators: [EstimatorCells]
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

    /// The searched spaces kept per estimator (those of `headlineFamilies`).
    static func estimatorSpaces(_ settings: TuningSettings, current: RuleFamily) -> [SearchSpace] {
        let families = headlineFamilies(settings, current: current)
        return spaces(settings).filter { families.contains($0.family) }
    }

    package init(settings: TuningSettings, current: RuleFamily) {
        folds = settings.foldCount
        families = Self.spaces(settings).map { FamilyCells(space: $0, folds: settings.foldCount) }
        logistic = LogisticCells(folds: settings.foldCount)
        presets = [Confusion](repeating: Confusion(), count: Preset.all.count)
        let withLogistic = Self.headlineFamilies(settings, current: current).contains(.logistic)
        estimators =
            settings.compareEstimators
            ? Estimator.allCases.map { _ in
                EstimatorCells(
                    spaces: Self.estimatorSpaces(settings, current: current),
                    folds: settings.foldCount, logistic: withLogistic)
            } : []
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

    package mutating func merge(_ other: SearchStatistics) {
        precondition(
            folds == other.folds && families.count == other.families.count
                && estimators.count == other.estimators.count)
        labelledCount += other.labelledCount
        for f in families.indices { families[f].merge(other.families[f]) }
        logistic.merge(other.logistic)
        current.add(other.current)
        for i in presets.indices { presets[i].add(other.presets[i]) }
        kinematicAtPreset.add(other.kinematicAtPreset)
        for i in estimators.indices { estimators[i].merge(other.estimators[i]) }
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
            && zip(estimators, other.estimators).allSatisfy { fits($0.count, $1.count) }
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
            && estimators.allSatisfy { e in
                range.contains(e.count) && e.families.allSatisfy { $0.count == e.count }
                    && (e.logistic?.count ?? e.count) == e.count
            }
    }
}

extension SearchStatistics {
    enum CodingKeys: String, CodingKey {
        case folds, families, logistic, labelledCount, current, presets, kinematicAtPreset
        case estimators, requestedEstimator, paired
    }

    enum EstimatorKeys: String, CodingKey { case count, families, logistic, logisticIsHeadline }

    /// An estimator's family whose cells are the headline's on the coarse grid
    /// (`families[sameAs].coarsened()`: those of the estimator asked for, counted twice),
    /// written as that index instead of the cells.
    struct SameCells: Codable {
        var sameAs: Int
        enum CodingKeys: String, CodingKey { case sameAs }
    }

    /// An estimator's family as written: its cells, or `SameCells`.
    enum EstimatorFamily: Decodable {
        case cells(FamilyCells)
        case same(Int)

        init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: SameCells.CodingKeys.self)
            if c.contains(.sameAs) {
                self = .same(try c.decode(Int.self, forKey: .sameAs))
            } else {
                self = .cells(try FamilyCells(from: decoder))
            }
        }
    }

    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        folds = try c.decode(Int.self, forKey: .folds)
        families = try c.decode([FamilyCells].self, forKey: .families)
        logistic = try c.decode(LogisticCells.self, forKey: .logistic)
        labelledCount = try c.decode(Int.self, forKey: .labelledCount)
        current = try c.decode(Confusion.self, forKey: .current)
        presets = try c.decode([Confusion].self, forKey: .presets)
        kinematicAtPreset = try c.decode(Confusion.self, forKey: .kinematicAtPreset)
        requestedEstimator = try c.decode([Int].self, forKey: .requestedEstimator)
        paired = try c.decode(PairedCells.self, forKey: .paired)
        var list = try c.nestedUnkeyedContainer(forKey: .estimators)
        estimators = []
        while !list.isAtEnd {
            let e = try list.nestedContainer(keyedBy: EstimatorKeys.self)
            var cells = EstimatorCells(spaces: [], folds: folds, logistic: false)
            cells.count = try e.decode(Int.self, forKey: .count)
            for f in try e.decode([EstimatorFamily].self, forKey: .families) {
                switch f {
                case .cells(let f): cells.families.append(f)
                case .same(let k):
                    guard families.indices.contains(k) else {
                        throw DecodingError.dataCorruptedError(
                            forKey: .families, in: e,
                            debugDescription: "expected a family index, found \(k)")
                    }
                    cells.families.append(families[k].coarsened())
                }
            }
            if try e.decodeIfPresent(Bool.self, forKey: .logisticIsHeadline) == true {
                cells.logistic = logistic
            } else {
                cells.logistic = try e.decodeIfPresent(LogisticCells.self, forKey: .logistic)
            }
            estimators.append(cells)
        }
    }

    package func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(folds, forKey: .folds)
        try c.encode(families, forKey: .families)
        try c.encode(logistic, forKey: .logistic)
        try c.encode(labelledCount, forKey: .labelledCount)
        try c.encode(current, forKey: .current)
        try c.encode(presets, forKey: .presets)
        try c.encode(kinematicAtPreset, forKey: .kinematicAtPreset)
        try c.encode(requestedEstimator, forKey: .requestedEstimator)
        try c.encode(paired, forKey: .paired)
        var list = c.nestedUnkeyedContainer(forKey: .estimators)
        for cells in estimators {
            var e = list.nestedContainer(keyedBy: EstimatorKeys.self)
            try e.encode(cells.count, forKey: .count)
            var fams = e.nestedUnkeyedContainer(forKey: .families)
            for f in cells.families {
                if let k = families.firstIndex(where: { $0.space == f.space }),
                    families[k].coarsened() == f
                {
                    try fams.encode(SameCells(sameAs: k))
                } else {
                    try fams.encode(f)
                }
            }
            if let l = cells.logistic, l == logistic {
                try e.encode(true, forKey: .logisticIsHeadline)
            } else {
                try e.encodeIfPresent(cells.logistic, forKey: .logistic)
            }
        }
    }
}

/// The labelled gestures under one velocity estimator: the cells of the families the
/// headline can come from (`SearchStatistics.headlineFamilies`), on the coarse grid
/// (`CellGrid.coarse`: the estimators are compared at twice the headline's step, which keeps
/// an analysis partial small), and the logistic points when `logistic` is one of them.
struct EstimatorCells: Sendable, Equatable, Codable {
    var families: [FamilyCells]
    var logistic: LogisticCells?
    var count = 0

    init(spaces: [SearchSpace], folds: Int, logistic: Bool) {
        families = spaces.map { FamilyCells(space: $0, folds: folds, coarse: true) }
        self.logistic = logistic ? LogisticCells(folds: folds) : nil
    }

    mutating func add(_ p: TuningPoint, complete: Bool, fold: Int) {
        count += 1
        for f in families.indices { families[f].add(p, complete: complete, fold: fold) }
        logistic?.add(progress: p.progress, velocity: p.velocity, complete: complete, fold: fold)
    }

    mutating func merge(_ other: EstimatorCells) {
        count += other.count
        for f in families.indices { families[f].merge(other.families[f]) }
        if let o = other.logistic { logistic?.merge(o) }
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
