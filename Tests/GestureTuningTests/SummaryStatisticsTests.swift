import Foundation
import GestureNumerics
import GesturePhysics
import GestureTrace
import Testing

@testable import GestureTuning

/// Mergeable summaries: the quantile sketch and `SummaryStatistics` merge exactly
/// (any partition, same result), keep today's exact percentiles below the cap, and stay within
/// the stated resolution above it.
@Suite("Summary statistics: quantile sketch, merges, suggestions on statistics")
struct SummaryStatisticsTests {
    /// Splits `count` items into `parts` groups by a seeded random assignment, and returns the
    /// groups in a shuffled order.
    static func randomSplit(count: Int, parts: Int, seed: UInt64) -> [[Int]] {
        let rng = RandomSource(seed: seed)
        var groups = [[Int]](repeating: [], count: parts)
        for i in 0..<count { groups[rng.int(parts)].append(i) }
        var order = Array(0..<parts)
        rng.shuffle(&order)
        return order.map { groups[$0] }
    }

    static func lognormal(_ n: Int, seed: UInt64) -> [Double] {
        let rng = RandomSource(seed: seed)
        return (0..<n).map { _ in rng.lognormal(0, 1) }
    }

    // MARK: Sketch

    @Test("Exact below the cap: GSL's interpolated percentiles of the sorted values, by hand")
    func exactPercentiles() throws {
        let s = QuantileSketch([3, 1, 4, 1, 5, 9, 2, 6])
        #expect(s.isExact && s.count == 8)
        // Sorted 1 1 2 3 4 5 6 9. Index (n−1) f: 0.5 → 3.5 → (3 + 4) / 2; 0.9 → 6.3 → 6 + 0.3 · 3;
        // 0.95 → 6.65 → 6 + 0.65 · 3; 0 → 1; 1 → 9.
        #expect(try #require(s.quantile(0.5)) == 3.5)
        #expect(abs(try #require(s.quantile(0.9)) - 6.9) < 1e-12)
        #expect(abs(try #require(s.quantile(0.95)) - 7.95) < 1e-12)
        #expect(s.quantile(0) == 1 && s.quantile(1) == 9)
        #expect(s.count(atMost: 2) == 3 && s.count(atMost: 0.5) == 0 && s.count(atMost: 9) == 8)
        #expect(s.values(atRanks: [0, 2, 7]) == [1, 2, 9])
        #expect(QuantileSketch().quantile(0.5) == nil)
        // Non-finite values are not kept.
        var t = s
        t.add(.nan)
        t.add(.infinity)
        #expect(t == s)
        // Up to the cap, the same as today's GSL.quantile on the unsorted values.
        let x = Self.lognormal(QuantileSketch.exactLimit, seed: 41)
        let sketch = QuantileSketch(x)
        #expect(sketch.isExact)
        for f in [0.05, 0.25, 0.5, 0.9, 0.95] { #expect(sketch.quantile(f) == GSL.quantile(x, f)) }
    }

    @Test("Every value lies within 2⁻¹² of its bin's midpoint; keys are monotone")
    func binResolution() {
        let rng = RandomSource(seed: 42)
        var previous: (x: Double, key: Int64)?
        var xs = (0..<20_000).map { _ in (rng.bernoulli(0.5) ? -1 : 1) * rng.lognormal(0, 4) }
        xs += [0, 1e-9, -1e-9, 0x1p-20, -0x1p-20, 1, 2, 3.999999, 1e300, -1e300]
        xs.sort()
        for x in xs {
            let key = QuantileSketch.key(x)
            let mid = QuantileSketch.representative(key)
            if abs(x) >= QuantileSketch.zeroLimit {
                #expect(abs(mid - x) <= QuantileSketch.relativeResolution * abs(x), "\(x) → \(mid)")
            } else {
                #expect(mid == 0)
            }
            if let p = previous { #expect(p.key <= key, "\(p.x) \(x)") }
            previous = (x, key)
        }
        // 2⁻¹¹ of a binade: 1 and 1 + 2⁻¹¹ are in neighbouring bins; 1 + 2⁻¹² shares 1's, whose
        // midpoint it is; the bin below 2 is [2 − 2⁻¹¹, 2).
        #expect(QuantileSketch.relativeResolution == 0x1p-12)
        #expect(QuantileSketch.key(1 + 0x1p-11) == QuantileSketch.key(1) + 1)
        #expect(QuantileSketch.key(1 + 0x1p-12) == QuantileSketch.key(1))
        #expect(QuantileSketch.representative(QuantileSketch.key(1)) == 1 + 0x1p-12)
        #expect(QuantileSketch.representative(QuantileSketch.key(2.nextDown)) == 2 - 0x1p-12)
        #expect(
            QuantileSketch.key(-1) == -QuantileSketch.key(1)
                && QuantileSketch.representative(QuantileSketch.key(-1)) == -(1 + 0x1p-12))
    }

    @Test(
        "Merging any partition gives the same sketch, exact or binned",
        arguments: [500, 2048, 2049, 30_000])
    func sketchPartitionInvariance(count: Int) throws {
        let x = Self.lognormal(count, seed: UInt64(count))
        let whole = QuantileSketch(x)
        #expect(whole.isExact == (count <= QuantileSketch.exactLimit))
        for (k, parts) in [2, 3, 7, 16].enumerated() {
            let groups = Self.randomSplit(count: count, parts: parts, seed: UInt64(100 + k))
            var merged = QuantileSketch()
            for g in groups { merged.merge(QuantileSketch(g.map { x[$0] })) }
            #expect(merged == whole, "\(parts) parts")
            // Merged the other way round (a tree of merges), too.
            var right = QuantileSketch()
            for g in groups.reversed() {
                var part = QuantileSketch(g.map { x[$0] })
                part.merge(right)
                right = part
            }
            #expect(right == whole)
        }
        // Codable round trip.
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let data = try encoder.encode(whole)
        #expect(try JSONDecoder().decode(QuantileSketch.self, from: data) == whole)
        if !whole.isExact { #expect(whole.minimum == x.min() && whole.maximum == x.max()) }
    }

    @Test("A corrupt sketch is a decoding error, never a crash")
    func corruptSketches() {
        let bad = [
            #"{"count": 3, "values": [1, 3, 2]}"#,  // not sorted
            #"{"count": 2, "values": [1, 2, 3]}"#,  // count disagrees
            #"{"count": -1, "values": []}"#,
            // counts add up to 2000
            #"{"count": 2049, "bins": "100,2000", "minimum": 1, "maximum": 2}"#,
            // key not increasing
            #"{"count": 2049, "bins": "100,2000,0,49", "minimum": 1, "maximum": 2}"#,
            #"{"count": 2049, "bins": "100,9223372036854775807,1,9223372036854775807", "minimum": 1, "maximum": 2}"#,
            #"{"count": 2049, "bins": "100", "minimum": 1, "maximum": 2}"#,
            // not integers, an empty item, beyond Int, the array of an older version
            #"{"count": 2049, "bins": "100,2000,1,4x", "minimum": 1, "maximum": 2}"#,
            #"{"count": 2049, "bins": "100,2000,,1,49", "minimum": 1, "maximum": 2}"#,
            #"{"count": 2049, "bins": "100,2000,1,99999999999999999999", "minimum": 1, "maximum": 2}"#,
            #"{"count": 2049, "bins": [100, 2000, 1, 49], "minimum": 1, "maximum": 2}"#,
        ]
        for json in bad {
            #expect(throws: DecodingError.self, "\(json)") {
                try JSONDecoder().decode(QuantileSketch.self, from: Data(json.utf8))
            }
        }
        let good = #"{"count": 2049, "bins": "100,2000,1,49", "minimum": 1, "maximum": 2}"#
        #expect(
            (try? JSONDecoder().decode(QuantileSketch.self, from: Data(good.utf8)))?.count == 2049)
        // A negative first key (values below 0) reads back.
        let negative = #"{"count": 2049, "bins": "-100,2000,1,49", "minimum": -2, "maximum": -1}"#
        #expect(
            (try? JSONDecoder().decode(QuantileSketch.self, from: Data(negative.utf8)))?.count
                == 2049)
    }

    /// Values in [1, 16): 4 binades, at most 4 × 2048 bins however many values.
    @Test("The binned size is bounded by the bins in use, not by the count")
    func sizeIsBounded() throws {
        let rng = RandomSource(seed: 46)
        var sketch = QuantileSketch()
        for _ in 0..<200_000 { sketch.add(rng.uniform(1, 16)) }
        #expect(sketch.count == 200_000)
        #expect(sketch.binCount <= 4 * 2048)
        // Dense bins: nearly every bin of the 4 binades is occupied, and the encoding (keys
        // as increments) stays small: under 9 bytes per bin.
        #expect(sketch.binCount > 4 * 2000)
        let data = try JSONEncoder().encode(sketch)
        #expect(data.count < 9 * sketch.binCount, "\(data.count) bytes")
        #expect(try JSONDecoder().decode(QuantileSketch.self, from: data) == sketch)
    }

    @Test("Binned percentiles are within 2⁻¹² of the exact ones (100,000 lognormal values)")
    func binnedPercentiles() throws {
        let x = Self.lognormal(100_000, seed: 43)
        let sketch = QuantileSketch(x)
        #expect(!sketch.isExact)
        var sorted = x
        sorted.sort()
        for f in [0.0, 0.05, 0.25, 0.5, 0.9, 0.95, 1.0] {
            let exact = try #require(GSL.quantile(sorted: sorted, f))
            let binned = try #require(sketch.quantile(f))
            let lhs = Int(f * Double(x.count - 1))
            let bound =
                QuantileSketch.relativeResolution
                * max(abs(sorted[lhs]), abs(sorted[min(lhs + 1, x.count - 1)]))
            #expect(abs(binned - exact) <= bound, "f \(f): \(binned) vs \(exact)")
        }
    }

    // MARK: Mixture

    /// 20,000 landings, 60% N(0.2, 0.08²) and 40% N(0.8, 0.1²): the weighted EM on the bins and
    /// the EM on the exact values agree to 1e-5 in the crossing and the component means,
    /// deviations and weights (every landing moves by at most 2.4e-4 of itself in its bin; the
    /// moves average out: measured, the crossing differs by 6.3e-7, means by ≤ 5.5e-7,
    /// deviations by ≤ 2.4e-7, weights by 6e-8, both in 10 EM iterations).
    @Test("The mixture on bins agrees with the mixture on exact landings (large bimodal sample)")
    func mixtureOnBins() throws {
        let rng = RandomSource(seed: 44)
        let x = (0..<20_000).map { n in
            n % 5 < 3 ? 0.2 + rng.gaussian(0.08) : 0.8 + rng.gaussian(0.1)
        }
        let exact = GaussianMixture.analyse(x, tau: 0.3)
        let sketch = QuantileSketch(x)
        #expect(!sketch.isExact)
        let binned = GaussianMixture.analyse(sketch, tau: 0.3)
        #expect(exact.verdict == .separates && binned.verdict == .separates)
        #expect(binned.count == 20_000)
        let crossing = try #require(binned.crossing), truth = try #require(exact.crossing)
        #expect(abs(crossing - truth) < 1e-5, "crossing \(crossing) vs \(truth)")
        for (b, e) in zip(binned.components, exact.components) {
            #expect(
                abs(b.mean - e.mean) < 1e-5 && abs(b.standardDeviation - e.standardDeviation) < 1e-5
                    && abs(b.weight - e.weight) < 1e-5)
        }
        // Exact below the cap: the sketch's mixture runs on the values themselves.
        let small = Array(x.prefix(1500))
        let onSketch = GaussianMixture.analyse(QuantileSketch(small), tau: 0.3)
        let onValues = GaussianMixture.analyse(small, tau: 0.3)
        #expect(onSketch.verdict == onValues.verdict)
        #expect(abs((onSketch.crossing ?? 0) - (onValues.crossing ?? 1)) < 1e-9)
    }

    // MARK: SummaryStatistics

    /// Mixed gestures: labelled and not, outcomes, entry angles (some across, some none),
    /// start positions (some before the edge), extents.
    static func points(_ n: Int, seed: UInt64) -> [TuningPoint] {
        let rng = RandomSource(seed: seed)
        return (0..<n).map { i in
            let meant = rng.bernoulli(0.6)
            let p = meant ? 0.65 + rng.gaussian(0.12) : 0.25 + rng.gaussian(0.1)
            let v = meant ? 1.2 + rng.gaussian(0.6) : -0.4 + rng.gaussian(0.5)
            let intent: Intent? =
                rng.bernoulli(0.3) ? nil : (meant == !rng.bernoulli(0.05) ? .complete : .cancel)
            let outcome: Intent? = rng.bernoulli(0.5) ? (meant ? .complete : .cancel) : nil
            let angle: Double? =
                rng.bernoulli(0.1) ? nil : (rng.bernoulli(0.05) ? 80 : rng.gaussian(8))
            let start = rng.bernoulli(0.02) ? -20 - rng.uniform(0, 100) : rng.lognormal(2.5, 0.8)
            return TuningPoint(
                id: "g\(i)", progress: p, velocity: v, intent: intent, outcome: outcome,
                kinematicVelocity: v, kinematicAcceleration: 0,
                sampleCount: 10, extent: rng.bernoulli(0.5) ? 390 : 320 + Double(rng.int(100)),
                startPosition: start, entryAngle: angle)
        }
    }

    static let options = TuningOptions(bootstrapResamples: 0)
    static let current = ParameterSet(rule: .threshold(progress: 0.5, velocity: 1.0))

    static func statistics(_ points: some Sequence<TuningPoint>) -> SummaryStatistics {
        var s = SummaryStatistics(options: options, current: current)
        for p in points { s.add(p) }
        return s
    }

    @Test(
        "Statistics of a split merge to the statistics of the whole; the suggestions are equal",
        arguments: [600, 9000])
    func splitEqualsWhole(count: Int) throws {
        let points = Self.points(count, seed: UInt64(count))
        let whole = Self.statistics(points)
        #expect(whole.springVelocities.isExact == (count <= QuantileSketch.exactLimit))
        let parts = whole.summarize(current: Self.current, options: Self.options)
        for (k, n) in [2, 3, 7].enumerated() {
            var merged = SummaryStatistics(options: Self.options, current: Self.current)
            for g in Self.randomSplit(count: count, parts: n, seed: UInt64(7 + k)) {
                try merged.merge(Self.statistics(g.map { points[$0] }))
            }
            #expect(merged == whole, "\(n) parts")
            #expect(merged.summarize(current: Self.current, options: Self.options) == parts)
        }
        // The counts are the gestures', by hand.
        let used = points.filter { $0.intent != .cancel }
        #expect(
            parts.counts.used == count
                && parts.counts.labelled == points.filter { $0.intent != nil }.count)
        #expect(parts.edgeWidth.count == used.filter { $0.startPosition >= 0 }.count)
        #expect(parts.directionLock.count == used.filter { $0.entryAngle != nil }.count)
        #expect(parts.outcomeCheck?.checked == points.filter { $0.outcome != nil }.count)
        #expect(
            parts.ambiguousCount
                == points.filter { Self.current.rule.isAmbiguous($0.state, band: 0.1) }.count)
        // JSON round trip.
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        #expect(
            try JSONDecoder().decode(SummaryStatistics.self, from: encoder.encode(whole)) == whole)
    }

    @Test("Suggestions on binned statistics stay within one rounding step of the exact ones")
    func binnedSuggestions() throws {
        let points = Self.points(9000, seed: 45)
        let binned = Self.statistics(points).summarize(current: Self.current, options: Self.options)
        // The exact figures through today's array functions.
        let completing = points.filter {
            $0.intent.map { $0 == .complete } ?? Self.current.rule.completes($0.state)
        }
        let meant = points.filter { $0.intent != .cancel }
        let speed = Suggestions.completionSpeed(completing: completing, duration: 0.35, current: 1)
        let cap = Suggestions.fingerSpeedCap(completing: completing)
        let edge = Suggestions.edgeWidth(
            starts: meant.map(\.startPosition), container: meant.map(\.extent).min())
        let lock = Suggestions.directionLock(angles: meant.compactMap(\.entryAngle))
        #expect(abs(try #require(binned.completionSpeed.value) - speed.value!) <= 0.001)
        #expect(abs(try #require(binned.fingerSpeedCap.value) - cap.value!) <= 0.001)
        #expect(abs(try #require(binned.edgeWidth.value) - edge.value!) <= 0.5)
        #expect(abs(try #require(binned.directionLock.value) - lock.value!) <= 0.1)
        #expect(binned.edgeWidth.count == edge.count && binned.directionLock.count == lock.count)
    }

    @Test("Statistics made under other settings are refused, naming the setting")
    func mismatch() throws {
        var a = SummaryStatistics(options: Self.options, current: Self.current)
        let b = SummaryStatistics(options: TuningOptions(ambiguityBand: 0.2), current: Self.current)
        #expect(throws: StatisticsMismatch(setting: "ambiguityBand", left: "0.1", right: "0.2")) {
            try a.merge(b)
        }
        let c = SummaryStatistics(
            options: Self.options,
            current: ParameterSet(rule: .threshold(progress: 0.6, velocity: .infinity)))
        let error = #expect(throws: StatisticsMismatch.self) { try a.merge(c) }
        #expect(error?.setting == "currentRule")
        #expect(error?.right.contains("inf") == true)
        // An infinite threshold survives the JSON round trip.
        #expect(
            try JSONDecoder().decode(SummaryStatistics.self, from: JSONEncoder().encode(c)) == c)
    }

    @Test("Measurement warnings from merged tallies: median rate, extents, estimator counts")
    func measurementTally() throws {
        // 7 gestures sampled at about 0.12 Hz as read (a 120 Hz screen's milliseconds read as
        // seconds): the median is the order statistic 7 / 2 = 3 of 0.1 0.11 0.12 0.12 0.12 0.13 0.2.
        var tally = MeasurementTally()
        tally.sampleRates = QuantileSketch([0.1, 0.12, 0.12, 0.13, 0.2, 0.11, 0.125])
        tally.count = 7
        let w = try #require(TimeScaleCheck.warning(tally, unit: .s))
        guard case .timeScale(let median, .s, let likely) = w else {
            Issue.record("\(w)")
            return
        }
        #expect(median == 0.12 && likely != .s)
        // Extents 390 ×3, 320 ×2, 744 ×3 merged from two tallies: differ from 320 to 744, typical 390 (the smaller of the tie).
        var a = MeasurementTally(), b = MeasurementTally()
        for e in [390.0, 390, 320] { MeasurementTally.add(&a.extents, .init(extent: e, count: 1)) }
        for e in [744.0, 744, 744, 390, 320] {
            MeasurementTally.add(&b.extents, .init(extent: e, count: 1))
        }
        a.count = 3
        b.count = 5
        b.disagreements = 2
        a.merge(b)
        #expect(a.extents.map(\.extent) == [320, 390, 744])
        #expect(a.typicalExtent == 390)
        let warnings = TuningWarning.measurements(a, direction: .right)
        #expect(
            warnings == [
                .extentsDiffer(low: 320, high: 744, typical: 390),
                .estimatorDisagreement(count: 2, total: 8),
            ])
    }
}

/// Per-group parameters on statistics: the held-out differences counted from fold
/// cells equal the per-gesture ones, and a group analysis does not depend on how each group's
/// gestures were split before merging.
@Suite("Group analysis on statistics")
struct GroupStatisticsTests {
    /// Per gesture, by `Rule.completes`: each fold decided by the rule chosen on the other folds
    /// (the cell choice, turned into its rule) and by the pooled rule.
    static func bruteForce(
        _ points: [TuningPoint], space: SearchSpace, folds: Int, seed: UInt64, pooled: Rule
    ) -> GroupAnalysis.Differences {
        let encoding = Encoding(points: points, space: space, folds: folds, seed: seed)
        var d = GroupAnalysis.Differences()
        for f in 0..<folds {
            let train = (0..<encoding.unitCount).map {
                encoding.counts[$0] - encoding.foldCounts[$0 * folds + f]
            }
            let choice = encoding.choose(weights: train)
            let own = space.rule(row: choice.row, column: choice.column)
            for p in points where GestureKey(file: "", id: p.id).fold(seed: seed, folds: folds) == f
            {
                let meant = p.intent == .complete
                let pw = pooled.completes(p.state) != meant ? 1 : 0,
                    ow = own.completes(p.state) != meant ? 1 : 0
                d.count += 1
                d.pooledErrors += pw
                d.ownErrors += ow
                d.sum += pw - ow
                d.sumOfSquares += (pw - ow) * (pw - ow)
            }
        }
        return d
    }

    @Test(
        "Held-out differences from cells equal the per-gesture ones",
        arguments: [SearchSpace.threshold, .forward, .projection(tau: 0.3)])
    func heldOutExact(space: SearchSpace) {
        let points = TestData.labelled(
            count: 700, seed: 61, truth: .threshold(progress: 0.55, velocity: 0.8), noise: 0.1,
            snap: true)
        let encoding = Encoding(points: points, space: space, folds: 5, seed: 9)
        let pooled = GridChoice(
            row: 40, column: space.columns.values.count / 3, errors: 0, tiedCandidates: 1)
        let cells = GroupAnalysis.heldOut(encoding, pooled: pooled)
        let truth = Self.bruteForce(
            points, space: space, folds: 5, seed: 9,
            pooled: space.rule(row: pooled.row, column: pooled.column))
        #expect(cells.count == 700)
        let fromCells: [Int] = [cells.pooledErrors, cells.ownErrors, cells.sum, cells.sumOfSquares]
        let perGesture: [Int] = [
            truth.pooledErrors, truth.ownErrors, truth.sum, truth.sumOfSquares,
        ]
        #expect(fromCells == perGesture)
        #expect(truth.sumOfSquares > 0)
    }

    @Test("With tau searched: exact errors, and squares never below the per-gesture ones")
    func heldOutAcrossTauColumns() {
        let space = SearchSpace.projection(tau: nil)
        let points = TestData.labelled(
            count: 500, seed: 62, truth: .projection(progress: 0.6, tau: 0.2), noise: 0.1)
        let encoding = Encoding(points: points, space: space, folds: 5, seed: 9)
        for column in [0, 25, space.columns.values.count - 1] {
            let pooled = GridChoice(row: 50, column: column, errors: 0, tiedCandidates: 1)
            let cells = GroupAnalysis.heldOut(encoding, pooled: pooled)
            let truth = Self.bruteForce(
                points, space: space, folds: 5, seed: 9,
                pooled: space.rule(row: pooled.row, column: pooled.column))
            #expect(
                cells.count == 500 && cells.pooledErrors == truth.pooledErrors
                    && cells.ownErrors == truth.ownErrors && cells.sum == truth.sum)
            #expect(cells.sumOfSquares >= truth.sumOfSquares && cells.sumOfSquares <= 500)
        }
    }

    @Test("Each group's statistics merged from shards: the same analysis")
    func groupsFromShards() throws {
        let options = TuningOptions(seed: 3, bootstrapResamples: 50, suggestedFamily: .threshold)
        let truths: [String: Rule] = [
            "a": .threshold(progress: 0.35, velocity: 1),
            "b": .threshold(progress: 0.65, velocity: 1),
            "c": .threshold(progress: 0.5, velocity: 1),
        ]
        var whole: [String: TuningStatistics] = [:]
        var shards: [[String: TuningStatistics]] = [[:], [:], [:]]
        var all = TuningStatistics(options: options, current: .default)
        for (g, (name, truth)) in truths.sorted(by: { $0.key < $1.key }).enumerated() {
            let points = TestData.labelled(
                count: name == "c" ? 15 : 300, seed: UInt64(70 + g), truth: truth, noise: 0.05)
            for (i, p) in points.enumerated() {
                var q = p
                q.id = "\(name)\(i)"
                let key = GestureKey(file: "", id: q.id)
                whole[name, default: TuningStatistics(options: options, current: .default)].add(
                    q, key: key)
                shards[i % 3][name, default: TuningStatistics(options: options, current: .default)]
                    .add(q, key: key)
                all.add(q, key: key)
            }
        }
        var merged: [String: TuningStatistics] = [:]
        for shard in shards.reversed() {
            for (name, s) in shard {
                if merged[name] == nil { merged[name] = s } else { try merged[name]!.merge(s) }
            }
        }
        #expect(merged == whole)
        let pooled = Tuner(options: options).tune(all)
        let a = GroupAnalysis(columns: "person", groups: whole, pooled: pooled)
        let b = GroupAnalysis(columns: "person", groups: merged, pooled: pooled)
        #expect(a == b)
        // Groups in order of name; c (15 labelled) has too few; a and b differ by 0.3 in p_th.
        #expect(a.groups.map(\.name) == ["a", "b", "c"])
        #expect(a.groups.map(\.enough) == [true, true, false])
        #expect(a.heldOut.map(\.name) == ["a", "b"] && a.heldOut.allSatisfy { $0.gestures == 300 })
        #expect(a.verdict == .perGroupWins)
    }
}
