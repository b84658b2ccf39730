import GestureIO
internal import GestureNumerics
import GesturePhysics
import GestureTrace

/// Does one parameter set fit everyone? (`--by`, issue 16.)
///
/// Per group: the gestures, the labelled ones, the current set's error, and, when the group
/// has enough labelled gestures (`minimumLabelled`, both outcomes among them), the suggested
/// parameters with their bootstrap intervals, from the one `Tuner` run on the group's
/// statistics alone, in the pooled suggestion's family.
///
/// The comparison is out of sample, on the same held-out gestures: each eligible group in
/// turn is left out of the pooled fit (the pooled set as a new group would get it: the
/// statistics of the other eligible groups merged) and split into its hash folds
/// (`GestureKey.fold`); each fold is decided by the group's own parameters fitted on its
/// other folds (the family's cross-validation choice), and by the pooled parameters fitted on
/// the other groups. Both rules are grid candidates of the family, so each cell of the fold
/// is decided by both at once: the per-gesture differences (pooled wrong − own wrong) are
/// counted exactly from cell counts. The gain is their mean, in points of error; per-group
/// parameters win when it exceeds twice its standard error.
public struct GroupAnalysis: Sendable, Equatable {
    /// Labelled gestures a group needs for its own suggestion and interval (with at least
    /// `minimumPerClass` of each outcome).
    public static let minimumLabelled = 20
    public static let minimumPerClass = 3
    /// Folds of the within-group out-of-sample fit.
    public static let folds = 5

    public struct Group: Sendable, Equatable {
        /// The group's value (`tablet`, `phone+left`).
        public var name: String
        /// Gestures used (closed by `ended`).
        public var gestures: Int
        public var labelled: Int
        /// The current set on the group's labelled gestures (nil: none labelled).
        public var current: Confusion?
        /// Enough labelled gestures for a suggestion.
        public var enough: Bool
        /// The group's own suggestion and intervals (nil when too few).
        public var rule: Rule?
        public var parameters: [ParameterInterval]
        /// Its in-sample error on its labelled gestures.
        public var fitted: Confusion?
    }

    /// Out-of-sample errors of one group's held-out gestures.
    public struct HeldOut: Sendable, Equatable {
        public var name: String
        public var gestures: Int
        /// Misdecided by the pooled parameters fitted on the other groups.
        public var pooledErrors: Int
        /// Misdecided by the group's own parameters fitted on its other folds.
        public var ownErrors: Int
    }

    public enum Verdict: Sendable, Equatable {
        /// Per-group parameters make fewer errors out of sample, beyond the noise.
        case perGroupWins
        /// Within the noise (or worse): one set fits all.
        case oneSetFitsAll
        /// Fewer than two groups have enough labelled gestures.
        case tooFewGroups
    }

    /// The `--by` columns, joined by `+`.
    public var columns: String
    /// The family every group is tuned in (the pooled suggestion's searched family).
    public var family: RuleFamily
    /// The pooled suggestion and its intervals (all groups together).
    public var pooledRule: Rule
    public var pooledParameters: [ParameterInterval]
    /// Groups in order of first appearance; gestures without a group value are `""`.
    public var groups: [Group]
    public var heldOut: [HeldOut]
    /// Out-of-sample gain of per-group parameters over the pooled set, points of error
    /// (positive: per-group better), and its standard error; nil without a comparison.
    public var gain: Double?
    public var gainStandardError: Double?
    public var verdict: Verdict

    /// Groups `measurements` by `group` (gestures without one are the group `""`), makes each
    /// group's statistics under `options` and `current` (keys `GestureKey(file:id:)`), and
    /// compares per-group with pooled parameters. `pooled` is the tuning of all the
    /// measurements (the headline run).
    public init(
        columns: String, measurements: [GestureMeasurement], pooled: Answer, current: ParameterSet,
        options: TuningOptions
    ) {
        var groups: [String: TuningStatistics] = [:]
        for m in measurements {
            groups[m.group ?? "", default: TuningStatistics(options: options, current: current)]
                .add(m, key: GestureKey(file: m.file, id: m.id))
        }
        self.init(
            columns: columns, groups: groups, pooled: pooled,
            medianSettlingTime: options.medianSettlingTime)
    }

    /// Compares per-group with pooled parameters from each group's statistics (made with the
    /// same settings: the pooled run's statistics are their merge). `pooled` is the tuning of
    /// all groups together (the headline run). Groups are in order of name. `medianSettlingTime` is
    /// the spring function the group tunings use (only their suggestions read it).
    public init(
        columns: String, groups: [String: TuningStatistics], pooled: Answer,
        medianSettlingTime: (@Sendable (Double, Double, [Double]) throws -> Double)? = nil
    ) {
        self.columns = columns
        let searched: Set<RuleFamily> = [.threshold, .forward, .projection, .kinematic]
        let family =
            searched.contains(pooled.suggested.rule.family)
            ? pooled.suggested.rule.family : .threshold
        self.family = family
        self.pooledRule = pooled.family(family)?.rule ?? pooled.suggested.rule
        self.pooledParameters = pooled.family(family)?.parameters ?? []

        let names = groups.keys.sorted()
        let statistics = names.map { groups[$0]! }
        let tuner = Tuner(options: TuningOptions(medianSettlingTime: medianSettlingTime))
        let tunedGroups: [Group] = Parallel.map(names.count) { index in
            let s = statistics[index]
            let summaries = s.summaries
            let enough =
                summaries.labelled >= Self.minimumLabelled
                && summaries.labelledComplete >= Self.minimumPerClass
                && summaries.labelledCancel >= Self.minimumPerClass
            var group = Group(
                name: names[index], gestures: summaries.used, labelled: summaries.labelled,
                current: summaries.labelled == 0 ? nil : s.search.current, enough: enough,
                rule: nil, parameters: [], fitted: nil)
            if enough {
                let tuning = tuner.tune(
                    s,
                    options: Self.groupOptions(
                        s.settings.options, family: family, medianSettlingTime: medianSettlingTime))
                group.rule = tuning.family(family)?.rule
                group.parameters = tuning.family(family)?.parameters ?? []
                group.fitted = tuning.family(family)?.fitted.confusion
            }
            return group
        }
        self.groups = tunedGroups

        // Leave one group out, fold by fold within it.
        let eligible = tunedGroups.indices.filter { tunedGroups[$0].enough }
        var held: [HeldOut] = []
        var tally = Differences()
        if eligible.count >= 2,
            let familyIndex = SearchStatistics.spaces(statistics[eligible[0]].settings).firstIndex(
                where: { $0.family == family })
        {
            let results: [(HeldOut, Differences)] = Parallel.map(eligible.count) { e in
                let index = eligible[e]
                var others: TuningStatistics?
                for o in eligible where o != index {
                    if others == nil {
                        others = statistics[o]
                    } else {
                        try? others!.merge(statistics[o])
                    }
                }
                var fast = Self.groupOptions(
                    others!.settings.options, family: family, medianSettlingTime: nil)
                fast.bootstrapResamples = 0
                let pooledChoice = tuner.tune(others!, options: fast).family(family)?.choice
                let d = Self.heldOut(
                    Encoding(cells: statistics[index].search.families[familyIndex]),
                    pooled: pooledChoice)
                return (
                    HeldOut(
                        name: names[index], gestures: d.count, pooledErrors: d.pooledErrors,
                        ownErrors: d.ownErrors), d
                )
            }
            for (h, d) in results {
                held.append(h)
                tally.add(d)
            }
        }
        self.heldOut = held
        if tally.count >= 2 {
            // Mean and variance of the differences d ∈ {−1, 0, 1} from their integer sums.
            let n = Double(tally.count)
            let mean = Double(tally.sum) / n
            let variance =
                (Double(tally.sumOfSquares) - Double(tally.sum) * Double(tally.sum) / n) / (n - 1)
            let se = (max(0, variance) / n).squareRoot()
            gain = 100 * mean
            gainStandardError = 100 * se
            verdict = mean > 0 && mean > 2 * se ? .perGroupWins : .oneSetFitsAll
        } else {
            gain = nil
            gainStandardError = nil
            verdict = .tooFewGroups
        }
    }

    /// Held-out differences of one group, as integer sums over its labelled gestures.
    struct Differences: Sendable {
        var count = 0
        var pooledErrors = 0
        var ownErrors = 0
        /// Σ (pooled wrong − own wrong) and Σ of its squares (the gestures exactly one gets wrong).
        var sum = 0
        var sumOfSquares = 0

        mutating func add(_ other: Differences) {
            count += other.count
            pooledErrors += other.pooledErrors
            ownErrors += other.ownErrors
            sum += other.sum
            sumOfSquares += other.sumOfSquares
        }
    }

    /// Each fold of `encoding` (one group's cells of the family) decided by the pooled choice
    /// and by the choice on the group's other folds. In a staircase family every cell's
    /// gestures share both decisions, so the differences are counted exactly. With `tau`
    /// searched (`projection`), each tau column holds every gesture in cells of its own: when
    /// the two choices take the same column the count is exact; otherwise the errors of each
    /// are exact but which gestures both get wrong is not known, and the squares are counted
    /// as the most they can be (`min(p + o, 2n − p − o)` gestures wrong for exactly one): a
    /// standard error on the safe side. Without a pooled choice (nothing labelled elsewhere)
    /// the pooled rule counts every gesture wrong.
    static func heldOut(_ encoding: Encoding, pooled: GridChoice?) -> Differences {
        let units = encoding.unitCount, folds = encoding.folds
        // Per unit: the pooled decision is wrong (nil: the unit is not in the pooled column).
        var pooledWrong = [Bool?](repeating: pooled == nil ? true : nil, count: units)
        if let pooled {
            encoding.decisions(row: pooled.row, column: pooled.column) { unit, label, decided in
                pooledWrong[unit] = decided != label
            }
        }
        var d = Differences()
        let workspace = ChoiceWorkspace(encoding)
        for f in 0..<folds {
            var test = 0
            for u in 0..<units {
                workspace.weights[u] = encoding.counts[u] - encoding.foldCounts[u * folds + f]
                test += encoding.foldCounts[u * folds + f]
            }
            guard test > 0 else { continue }
            let own = workspace.weights.withUnsafeBufferPointer {
                encoding.choose(weights: $0, workspace: workspace)
            }
            let joint = !encoding.perColumn || pooled == nil || pooled?.column == own.column
            var n = 0, pooledErrors = 0, ownErrors = 0, sum = 0, squares = 0
            encoding.decisions(row: own.row, column: own.column) { unit, label, decided in
                let w = encoding.foldCounts[unit * folds + f]
                guard w != 0 else { return }
                let o = decided != label ? 1 : 0
                n += w
                ownErrors += w * o
                if joint {
                    let p = pooledWrong[unit]! ? 1 : 0
                    pooledErrors += w * p
                    sum += w * (p - o)
                    squares += w * (p - o) * (p - o)
                }
            }
            if !joint {
                for u in 0..<units where pooledWrong[u] == true {
                    pooledErrors += encoding.foldCounts[u * folds + f]
                }
                sum = pooledErrors - ownErrors
                squares = min(pooledErrors + ownErrors, 2 * n - pooledErrors - ownErrors)
            }
            d.count += n
            d.pooledErrors += pooledErrors
            d.ownErrors += ownErrors
            d.sum += sum
            d.sumOfSquares += squares
        }
        return d
    }

    /// A group's tuning: the pooled family, no family choice, no estimator comparison.
    static func groupOptions(
        _ options: TuningOptions, family: RuleFamily,
        medianSettlingTime: (@Sendable (Double, Double, [Double]) throws -> Double)?
    ) -> TuningOptions {
        var o = options
        o.suggestedFamily = family
        o.chooseFamilyByCrossValidation = false
        o.compareEstimators = false
        o.medianSettlingTime = medianSettlingTime
        return o
    }
}
