import Foundation
import GestureIO
import GesturePhysics
import GestureTrace

/// Everything `Tuner.tune` reads, gathered gesture by gesture, of a size that does not grow
/// with the number of gestures, and mergeable: statistics of any partition of the gestures,
/// merged in any order, equal the statistics of the whole (`==`), so the answer is the same
/// whether the gestures were processed in one run or in shards.
///
/// `search` holds the searches' cell counts and confusions; `summaries` the percentiles,
/// counts and tallies of the suggestions, unlabelled analysis and warnings.
public struct TuningStatistics: Sendable, Equatable, Codable {
    public static let schema = "gesturetune-tuning-statistics/4"
    /// The largest count a decoded statistics may hold (2^40, as batch partials): sums of a
    /// few such counts cannot overflow.
    static let countLimit = 1 << 40

    public let settings: TuningSettings
    package var search: SearchStatistics
    package var summaries: SummaryStatistics
    /// Gestures added (every measurement given, interrupted ones included).
    public internal(set) var gestureCount = 0
    /// The current set (`settings.current`), at hand.
    public let current: ParameterSet
    let decider: Decider

    public init(options: TuningOptions, current: ParameterSet) {
        let settings = TuningSettings(options: options, current: current)
        self.settings = settings
        self.current = current
        decider = current.decider
        search = SearchStatistics(settings: settings, current: current.rule.family)
        summaries = SummaryStatistics(options: options, current: current)
    }

    /// Adds one measurement: everything tuning reads of it, in the fold of `key`.
    public mutating func add(_ m: GestureMeasurement, key: GestureKey) {
        gestureCount += 1
        search.add(m, key: key, seed: settings.seed, current: decider)
        summaries.add(m)
    }

    /// Adds one point (no other velocity estimators), in the fold of `key`.
    public mutating func add(_ p: TuningPoint, key: GestureKey) {
        gestureCount += 1
        search.add(p, key: key, seed: settings.seed, current: decider)
        summaries.add(p)
    }

    /// Statistics of `count` items (`add(&statistics, i)` adds item `i`), gathered in parallel:
    /// at most `maximumRuns` (default: one per core) contiguous runs of at least `minimumRun`
    /// items, merged in order. Merging is exact, so this equals adding the items one by one,
    /// whatever the number of runs.
    static func gathered(
        _ count: Int, options: TuningOptions, current: ParameterSet, minimumRun: Int = 50_000,
        maximumRuns: Int = ProcessInfo.processInfo.activeProcessorCount,
        _ add: @Sendable (inout TuningStatistics, Int) -> Void
    ) -> TuningStatistics {
        let runs = max(1, min(maximumRuns, count / max(1, minimumRun)))
        let parts = Parallel.map(runs) { run in
            var part = TuningStatistics(options: options, current: current)
            for i in (count * run / runs)..<(count * (run + 1) / runs) { add(&part, i) }
            return part
        }
        var whole = parts[0]
        for part in parts.dropFirst() {
            // Same settings and counts far below 2^40: a merge cannot be refused; if one were,
            // gather one by one instead.
            do throws(StatisticsMismatch) { try whole.merge(part) } catch {
                whole = TuningStatistics(options: options, current: current)
                for i in 0..<count { add(&whole, i) }
                return whole
            }
        }
        return whole
    }

    /// Adds `other`'s gestures; refuses statistics made with other settings, naming the first
    /// setting that differs.
    public mutating func merge(_ other: TuningStatistics) throws(StatisticsMismatch) {
        if let mismatch = settings.mismatch(other.settings) { throw mismatch }
        // Hostile inputs: every count in range on both sides (so no sum below can overflow),
        // and every merged count too, else a thrown error naming it; `self` is left unchanged.
        let range = 0...Self.countLimit
        for (side, s) in [("left", self), ("right", other)] {
            if !range.contains(s.gestureCount) {
                throw StatisticsMismatch(
                    setting: "count gestureCount", left: side,
                    right: "\(s.gestureCount) (outside 0…2^40)")
            }
            if !s.search.isWithinLimits {
                throw StatisticsMismatch(
                    setting: "count search", left: side,
                    right: "a count outside 0…2^40 or inconsistent")
            }
        }
        let (total, overflow) = gestureCount.addingReportingOverflow(other.gestureCount)
        guard !overflow, range.contains(total) else {
            throw StatisticsMismatch(
                setting: "count gestureCount", left: "\(gestureCount) + \(other.gestureCount)",
                right: "more than 2^40")
        }
        guard search.mergedCountsWithinLimits(other.search) else {
            throw StatisticsMismatch(
                setting: "count search", left: "merged", right: "a count more than 2^40")
        }
        // Every refusal is above (the summaries' merge refuses before it changes anything), so
        // the cells merge in place: no copy of them is made, which would double a merge's
        // memory.
        try summaries.merge(other.summaries)
        gestureCount = total
        search.merge(other.search)
    }

    /// Counts `count` gestures closed by the system given without their measurements.
    mutating func addInterrupted(_ count: Int) {
        guard count > 0 else { return }
        gestureCount += count
        summaries.addInterrupted(count)
    }

    public static func == (a: TuningStatistics, b: TuningStatistics) -> Bool {
        a.settings == b.settings && a.gestureCount == b.gestureCount && a.search == b.search
            && a.summaries == b.summaries
    }

    enum CodingKeys: String, CodingKey { case schema, settings, gestureCount, search, summaries }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let schema = try c.decode(String.self, forKey: .schema)
        guard schema == Self.schema else {
            throw DecodingError.dataCorruptedError(
                forKey: .schema, in: c, debugDescription: "expected \(Self.schema), found \(schema)"
            )
        }
        settings = try c.decode(TuningSettings.self, forKey: .settings)
        current = settings.current
        decider = current.decider
        gestureCount = try c.decode(Int.self, forKey: .gestureCount)
        search = try c.decode(SearchStatistics.self, forKey: .search)
        summaries = try c.decode(SummaryStatistics.self, forKey: .summaries)
        summaries.settings.decider = decider
        guard search.folds == settings.foldCount,
            search.families.map(\.space) == SearchStatistics.spaces(settings),
            (search.estimators != nil) == settings.compareEstimators,
            search.estimators.map({
                $0.kinematic
                    == SearchStatistics.headlineFamilies(settings, current: current.rule.family)
                    .contains(.kinematic)
            }) ?? true,
            search.families.allSatisfy({ !$0.isCoarse }),
            search.paired.families.allSatisfy({ !$0.isCoarse }),
            search.presets.count == Preset.all.count,
            search.requestedEstimator.count == Estimator.allCases.count,
            search.isWithinLimits, (0...Self.countLimit).contains(gestureCount)
        else {
            throw DecodingError.dataCorruptedError(
                forKey: .search, in: c,
                debugDescription: "expected search statistics made with these settings")
        }
        if let (field, value) = summaries.countOutOfRange {
            throw DecodingError.dataCorruptedError(
                forKey: .summaries, in: c,
                debugDescription: "expected \(field) from 0 to \(Self.countLimit), found \(value)")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(Self.schema, forKey: .schema)
        try c.encode(settings, forKey: .settings)
        try c.encode(gestureCount, forKey: .gestureCount)
        try c.encode(search, forKey: .search)
        try c.encode(summaries, forKey: .summaries)
    }
}
