internal import GestureNumerics
import GesturePhysics
import GestureTrace

/// Does one parameter set fit everyone? (`--by`, issue 16.)
///
/// Per group: the gestures, the labelled ones, the current set's error, and, when the group
/// has enough labelled gestures (`minimumLabelled`, both outcomes among them), the suggested
/// parameters with their bootstrap intervals, from the one `Tuner` run on the group's
/// measurements alone, in the pooled suggestion's family.
///
/// The comparison is out of sample, on the same held-out gestures: each eligible group in
/// turn is left out of the pooled fit (the pooled set as a new group would get it) and split
/// into `folds` folds; each fold is decided by the group's own parameters fitted on its other
/// folds, and by the pooled parameters fitted on the other groups. The gain is the mean of the
/// per-gesture differences (pooled wrong − own wrong), in points of error; per-group
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

    /// Groups `measurements` by `group` and compares per-group with pooled parameters.
    /// `pooled` is the tuning of all the measurements (the headline run); `options` are its
    /// options (the seed and resamples carry over).
    public init(columns: String, measurements: [GestureMeasurement], pooled: Answer, current: ParameterSet, options: TuningOptions) {
        self.columns = columns
        let searched: Set<RuleFamily> = [.threshold, .forward, .projection, .kinematic]
        let family = searched.contains(pooled.suggested.rule.family) ? pooled.suggested.rule.family : .threshold
        self.family = family
        self.pooledRule = pooled.family(family)?.rule ?? pooled.suggested.rule
        self.pooledParameters = pooled.family(family)?.parameters ?? []

        let (names, members) = Self.partition(measurements)
        let groupOptions = Self.groupOptions(options, family: family)
        var fastOptions = groupOptions
        fastOptions.bootstrapResamples = 0
        fastOptions.folds = 2
        fastOptions.settlingTime = nil
        let fast = fastOptions

        let tunedGroups: [Group] = Parallel.map(names.count) { index in
            let name = names[index]
            let ms = members[name] ?? []
            let used = ms.filter { !$0.interruptedBySystem }
            let labelled = used.filter { $0.intent != nil }
            let enough = Self.isEnough(labelled)
            var group = Group(
                name: name, gestures: used.count, labelled: labelled.count,
                current: labelled.isEmpty ? nil : Evaluation(current.decider, measurements: labelled).confusion,
                enough: enough, rule: nil, parameters: [], fitted: nil)
            if enough {
                var o = groupOptions
                o.seed = RandomSource.mix(options.seed, UInt64(0x6120 + index))
                let tuning = Tuner(options: o).tune(ms, current: current)
                group.rule = tuning.family(family)?.rule
                group.parameters = tuning.family(family)?.parameters ?? []
                group.fitted = tuning.family(family)?.fitted.confusion
            }
            return group
        }
        self.groups = tunedGroups

        // Leave one group out, fold by fold within it.
        let eligible = tunedGroups.filter(\.enough).map(\.name)
        var held: [HeldOut] = []
        var differences: [Double] = []
        if eligible.count >= 2 {
            let results: [(HeldOut, [Double])] = Parallel.map(eligible.count) { index in
                let name = eligible[index]
                let labelled = (members[name] ?? []).filter { !$0.interruptedBySystem && $0.intent != nil }
                let others = eligible.filter { $0 != name }.flatMap { members[$0] ?? [] }
                let tuner = Tuner(options: fast)
                let pooledRule = tuner.tune(others, current: current).suggested.rule
                let pooledWrong = Set(Evaluation(.rule(pooledRule), measurements: labelled).misdecided)
                var ownWrong = Set<String>()
                for fold in 0..<Self.folds {
                    let test = labelled.indices.filter { $0 % Self.folds == fold }.map { labelled[$0] }
                    let train = labelled.indices.filter { $0 % Self.folds != fold }.map { labelled[$0] }
                    guard !test.isEmpty else { continue }
                    let own = tuner.tune(train, current: current).suggested.rule
                    ownWrong.formUnion(Evaluation(.rule(own), measurements: test).misdecided)
                }
                let d = labelled.map { m in (pooledWrong.contains(m.id) ? 1.0 : 0) - (ownWrong.contains(m.id) ? 1.0 : 0) }
                return (HeldOut(name: name, gestures: labelled.count, pooledErrors: pooledWrong.count, ownErrors: ownWrong.count), d)
            }
            for (h, d) in results {
                held.append(h)
                differences += d
            }
        }
        self.heldOut = held
        if differences.count >= 2 {
            let n = Double(differences.count)
            let mean = differences.reduce(0, +) / n
            let variance = differences.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / (n - 1)
            let se = (variance / n).squareRoot()
            gain = 100 * mean
            gainStandardError = 100 * se
            verdict = mean > 0 && mean > 2 * se ? .perGroupWins : .oneSetFitsAll
        } else {
            gain = nil
            gainStandardError = nil
            verdict = .tooFewGroups
        }
    }

    static func partition(_ measurements: [GestureMeasurement]) -> ([String], [String: [GestureMeasurement]]) {
        var names: [String] = []
        var members: [String: [GestureMeasurement]] = [:]
        for m in measurements {
            let name = m.group ?? ""
            if members[name] == nil { names.append(name) }
            members[name, default: []].append(m)
        }
        return (names, members)
    }

    static func groupOptions(_ options: TuningOptions, family: RuleFamily) -> TuningOptions {
        var o = options
        o.suggestedFamily = family
        o.chooseFamilyByCrossValidation = false
        return o
    }

    static func isEnough(_ labelled: [GestureMeasurement]) -> Bool {
        let complete = labelled.filter { $0.intent == .complete }.count
        return labelled.count >= minimumLabelled && complete >= minimumPerClass && labelled.count - complete >= minimumPerClass
    }
}
