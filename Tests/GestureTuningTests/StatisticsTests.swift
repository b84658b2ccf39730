import Foundation
import GestureNumerics
import GesturePhysics
import GestureTrace
import Testing

@testable import GestureTuning

/// `TuningStatistics` gathered gesture by gesture merge exactly, so any sharding of
/// the gestures gives the statistics, and the answer, of the whole.
@Suite("Mergeable tuning statistics")
struct StatisticsTests {
    /// Simulated measurements over three files: velocities (pt/s, extent 100 or 390 pt) under
    /// lsq2 (in use), lsq1, impulse and delta; labels from a threshold rule with 5% noise, about
    /// 10% unlabelled, 3% interrupted by the system, some with a recorded outcome.
    static func measurements(count: Int, seed: UInt64) -> [GestureMeasurement] {
        let rng = RandomSource(seed: seed)
        let truth: Rule = .threshold(progress: 0.42, velocity: 1.3)
        return (0..<count).map { n in
            let extent = rng.bernoulli(0.5) ? 390.0 : 100.0
            let p = rng.uniform(), vp = rng.uniform(-3, 4)
            let v = vp * extent
            let estimates: [Estimator: VelocityEstimate] = [
                .lsq2: VelocityEstimate(
                    vx: v, vy: 0, axis: v, usedEstimator: .lsq2, fellBack: false),
                .lsq1: VelocityEstimate(
                    vx: v * 0.95, vy: 0, axis: v * 0.95, usedEstimator: .lsq1, fellBack: false),
                .impulse: VelocityEstimate(
                    vx: v * 1.1 + 20, vy: 0, axis: v * 1.1 + 20, usedEstimator: .impulse,
                    fellBack: false),
                .delta: VelocityEstimate(
                    vx: v + rng.gaussian(0.3 * extent), vy: 0, axis: 0, usedEstimator: .delta,
                    fellBack: false),
            ]
            var meant = truth.completes(
                ReleaseState(
                    progress: p, velocity: vp, kinematicVelocity: vp, kinematicAcceleration: 0,
                    sampleCount: 10, extent: extent))
            if rng.bernoulli(0.05) { meant.toggle() }
            let intent: Intent? = rng.bernoulli(0.1) ? nil : (meant ? .complete : .cancel)
            let outcome: Intent? =
                rng.bernoulli(0.3) ? (rng.bernoulli(0.9) == meant ? .complete : .cancel) : nil
            return GestureMeasurement(
                id: "g\(n)", file: ["a.csv", "b.csv", "c.csv"][n % 3], sampleCount: 10,
                intent: intent, outcome: outcome,
                interruptedBySystem: rng.bernoulli(0.03), extent: extent, extentSource: .column,
                releaseProgress: p,
                velocity: estimates[.lsq2]!, progressVelocity: vp, estimates: estimates,
                kinematicVelocity: vp + rng.gaussian(0.2),
                kinematicAcceleration: rng.gaussian(2), startPosition: abs(rng.gaussian(12)),
                entryAngle: rng.gaussian(10),
                pauseBeforeRelease: 0, duration: 0.2, sampleRate: 60, peakVelocity: abs(v),
                lateReversal: false,
                duplicateTimestamps: 0, progressCurve: [])
        }
    }

    static func statistics(
        _ ms: some Sequence<GestureMeasurement>, options: TuningOptions,
        current: ParameterSet = .default
    ) -> TuningStatistics {
        var s = TuningStatistics(options: options, current: current)
        for m in ms { s.add(m, key: GestureKey(file: m.file, id: m.id)) }
        return s
    }

    static func encoded(_ s: TuningStatistics) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return try encoder.encode(s)
    }

    /// Splits `ms` into `parts` random shards (seeded), returned in a random order.
    static func split(_ ms: [GestureMeasurement], parts: Int, rng: RandomSource)
        -> [[GestureMeasurement]]
    {
        var shards = [[GestureMeasurement]](repeating: [], count: parts)
        for m in ms { shards[rng.int(parts)].append(m) }
        var order = Array(0..<parts)
        rng.shuffle(&order)
        return order.map { shards[$0] }
    }

    @Test(
        "Statistics of any split, merged in any order, equal (==, and byte for byte) the statistics of the whole"
    )
    func mergeEqualsWhole() throws {
        // 3000 gestures: the logistic points go past their exact cap (2048) in the whole but
        // not in every shard, so the merge converts exact lists to bins on the way.
        let ms = Self.measurements(count: 3000, seed: 7)
        let options = TuningOptions(seed: 3, bootstrapResamples: 50)
        let whole = Self.statistics(ms, options: options)
        #expect(whole.search.logistic.binned)
        let bytes = try Self.encoded(whole)
        let rng = RandomSource(seed: 11)
        for parts in [1, 2, 3, 7, 16] {
            let shards = Self.split(ms, parts: parts, rng: rng).map {
                Self.statistics($0, options: options)
            }
            var merged = shards[0]
            for s in shards.dropFirst() { try merged.merge(s) }
            #expect(merged == whole, "\(parts) shards")
            #expect(try Self.encoded(merged) == bytes, "\(parts) shards")
            // Merging is associative: pairwise from the back gives the same.
            var back = shards[shards.count - 1]
            for s in shards.dropLast().reversed() {
                var t = s
                try t.merge(back)
                back = t
            }
            #expect(back == whole, "\(parts) shards, merged from the back")
        }
        // What the search half counts is what the gestures hold.
        let used = ms.filter { !$0.interruptedBySystem && $0.intent != nil }
        #expect(whole.search.labelledCount == used.count && whole.gestureCount == ms.count)
        #expect(
            whole.search.current
                == Evaluation(.rule(ParameterSet.default.rule), measurements: used).confusion)
    }

    @Test(
        "Statistics gathered in parallel runs (what Tuner.tune uses) equal those added one by one")
    func parallelGatheringEqualsSequential() throws {
        let ms = Self.measurements(count: 3000, seed: 5)
        let options = TuningOptions(seed: 3, bootstrapResamples: 50)
        let whole = Self.statistics(ms, options: options)
        // 1, 2, 3 and 7 runs whatever this machine's core count (the last: runs of 428 or 429).
        for runs in [1, 2, 3, 7] {
            let gathered = TuningStatistics.gathered(
                ms.count, options: options, current: .default, minimumRun: 100, maximumRuns: runs
            ) {
                $0.add(ms[$1], key: GestureKey(file: ms[$1].file, id: ms[$1].id))
            }
            #expect(gathered.gestureCount == ms.count, "\(runs) runs")
            #expect(gathered == whole, "\(runs) runs")
            #expect(try Self.encoded(gathered) == Self.encoded(whole), "\(runs) runs")
        }
    }

    @Test("The answer from merged shards equals the answer from the whole")
    func answerFromMergedShards() throws {
        let ms = Self.measurements(count: 1500, seed: 8)
        for options in [
            TuningOptions(seed: 5, bootstrapResamples: 100, chooseFamilyByCrossValidation: true),
            TuningOptions(
                seed: 6, bootstrapResamples: 60, projectionTau: 0.25, suggestedFamily: .logistic),
        ] {
            let tuner = Tuner(options: options)
            let whole = tuner.tune(ms, current: .default)
            let shards = Self.split(ms, parts: 4, rng: RandomSource(seed: 2)).map {
                Self.statistics($0, options: options)
            }
            var merged = shards[0]
            for s in shards.dropFirst() { try merged.merge(s) }
            let answer = tuner.tune(merged)
            #expect(answer == whole)
            // Intervals are bootstrapped for the suggested rule's family only.
            let bootstrapped = answer.families.filter { $0.bootstrap != nil }
            if let f = answer.family(answer.suggested.rule.family), f.rule == answer.suggested.rule
            {
                #expect(
                    bootstrapped.map(\.family) == [f.family]
                        && f.bootstrap?.resamples == options.bootstrapResamples)
            } else {
                #expect(bootstrapped.isEmpty)
            }
            #expect(answer.byEstimator.count == 4)
        }
    }

    /// 10 cancels at p = 0.2 and 10 completes at p = 0.8, all with v = 0, and one complete
    /// labelled at p = 0.2 (the outlier). A `threshold` rule with `v_th > 0` and `p_th` in
    /// (0.2, 0.8] decides every gesture but the outlier right; `v_th = 0` completes every one
    /// (v = 0 ≥ 0). When each fold's training set keeps at least two cancels, every fold fits
    /// such a rule, so held out: the 10 cancels are cancelled, the 10 completes completed, the
    /// outlier cancelled. Cross-validated confusion TP 10, FP 0, TN 10, FN 1: error 1/21.
    @Test("Cross-validation on a hand-computable case")
    func handComputedCrossValidation() throws {
        var points: [TuningPoint] = []
        for n in 0..<10 {
            points.append(TuningPoint(id: "c\(n)", progress: 0.2, velocity: 0, intent: .cancel))
        }
        for n in 0..<10 {
            points.append(TuningPoint(id: "k\(n)", progress: 0.8, velocity: 0, intent: .complete))
        }
        points.append(TuningPoint(id: "o", progress: 0.2, velocity: 0, intent: .complete))
        let seed: UInt64 = 1
        let folds = points.map { GestureKey(file: "", id: $0.id).fold(seed: seed, folds: 5) }
        for f in 0..<5 {
            let cancelsLeft = points.indices.filter {
                points[$0].intent == .cancel && folds[$0] != f
            }.count
            let completesLeft = points.indices.filter {
                points[$0].id.hasPrefix("k") && folds[$0] != f
            }.count
            try #require(cancelsLeft >= 2 && completesLeft >= 1, "fold \(f)")
        }
        let answer = Tuner(options: .init(seed: seed, bootstrapResamples: 0)).tune(points: points)
        let threshold = try #require(answer.family(.threshold))
        let cv = try #require(threshold.crossValidation)
        #expect(cv.folds == 5)
        #expect(
            cv.confusion
                == Confusion(truePositive: 10, falsePositive: 0, trueNegative: 10, falseNegative: 1)
        )
        #expect(cv.errorRate == 1.0 / 21.0)
        #expect(
            threshold.fitted.confusion
                == Confusion(truePositive: 10, falsePositive: 0, trueNegative: 10, falseNegative: 1)
        )
        guard case .threshold(let p, let v) = threshold.rule else {
            Issue.record("not threshold")
            return
        }
        #expect(p > 0.2 && p <= 0.8 && v > 0)
    }

    /// Statistics hold counts over the grids' cells and bins, not gestures: their size is
    /// bounded by the grids (every family's keys are at most its grid's) and levels off as the
    /// occupied cells saturate.
    @Test("Encoded statistics do not grow with the number of gestures")
    func sizeIsFlat() throws {
        let options = TuningOptions(seed: 1, bootstrapResamples: 0)
        var sizes: [Int] = []
        for n in [10_000, 100_000, 300_000] {
            var s = TuningStatistics(options: options, current: .default)
            for p in TuningPoint.syntheticReleases(count: n, seed: 4) {
                s.add(p, key: GestureKey(file: "", id: p.id))
            }
            sizes.append(try Self.encoded(s).count)
        }
        print(
            "tuning statistics of points, JSON (sorted keys): 10,000 gestures \(sizes[0]) bytes, 100,000 \(sizes[1]), 300,000 \(sizes[2])"
        )
        #expect(Double(sizes[2]) < 1.5 * Double(sizes[1]), "\(sizes)")
    }

    @Test("Merging statistics made with other settings is refused, naming the setting")
    func mismatchNamesTheSetting() {
        let ms = Self.measurements(count: 50, seed: 9)
        let base = TuningOptions(seed: 1, bootstrapResamples: 10)
        let a = Self.statistics(ms, options: base)
        func refusal(_ other: TuningStatistics) -> StatisticsMismatch? {
            var s = a
            do { try s.merge(other) } catch { return error }
            return nil
        }
        var seed = base
        seed.seed = 2
        #expect(refusal(Self.statistics(ms, options: seed))?.setting == "options.seed")
        var folds = base
        folds.folds = 10
        #expect(refusal(Self.statistics(ms, options: folds))?.setting == "options.folds")
        var resamples = base
        resamples.bootstrapResamples = 20
        #expect(
            refusal(Self.statistics(ms, options: resamples))
                == StatisticsMismatch(
                    setting: "options.bootstrapResamples", left: "10", right: "20"))
        var tau = base
        tau.projectionTau = 0.3
        #expect(
            refusal(Self.statistics(ms, options: tau))
                == StatisticsMismatch(
                    setting: "options.projectionTau", left: "absent", right: "0.3"))
        #expect(
            refusal(
                Self.statistics(ms, options: base, current: ParameterSet(preset: Preset.all[1])))?
                .setting == "current.preset")
        var down = ParameterSet.default
        down.direction = .down
        #expect(
            refusal(Self.statistics(ms, options: base, current: down))
                == StatisticsMismatch(
                    setting: "current.direction", left: "\"right\"", right: "\"down\""))
        // What params.json leaves out is compared too: a preset's rule against the same
        // numbers fixed.
        var fixed = ParameterSet.default
        fixed.ruleSetting = .fixed(fixed.rule, preset: fixed.preset)
        #expect(
            refusal(Self.statistics(ms, options: base, current: fixed))?.setting
                == "current.followsPresetExtent")
        // The refused merge left the statistics as they were; equal settings merge.
        #expect(refusal(Self.statistics(ms, options: base)) == nil)
    }

    @Test("Statistics round-trip through JSON; other schemas are refused")
    func codableRoundTrip() throws {
        for (count, current) in [
            (300, ParameterSet.default), (2500, ParameterSet(preset: Preset.all[2])),
        ] {
            let s = Self.statistics(
                Self.measurements(count: count, seed: 10),
                options: .init(
                    seed: 4, bootstrapResamples: 30, projectionTau: count == 300 ? nil : 0.2),
                current: current)
            let data = try Self.encoded(s)
            let back = try JSONDecoder().decode(TuningStatistics.self, from: data)
            #expect(back == s)
            #expect(try Self.encoded(back) == data)
            #expect(Tuner().tune(back) == Tuner().tune(s))
        }
        var object = try #require(
            try JSONSerialization.jsonObject(
                with: try Self.encoded(Self.statistics([], options: .init()))) as? [String: Any])
        #expect(object["schema"] as? String == TuningStatistics.schema)
        object["schema"] = "gesturetune-tuning-statistics/0"
        let bad = try JSONSerialization.data(withJSONObject: object)
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(TuningStatistics.self, from: bad)
        }
        // Counts that do not add up, or out of range, are refused rather than tuned on.
        let good = try #require(
            try JSONSerialization.jsonObject(
                with: try Self.encoded(
                    Self.statistics(Self.measurements(count: 40, seed: 1), options: .init())))
                as? [String: Any])
        for (path, value) in [
            (["search", "labelledCount"], 1 << 50), (["search", "current", "truePositive"], -1),
            (["gestureCount"], -5),
        ] as [([String], Int)] {
            func set(_ object: [String: Any], _ path: ArraySlice<String>) -> [String: Any] {
                var o = object
                if path.count == 1 {
                    o[path.first!] = value
                } else {
                    o[path.first!] = set(o[path.first!] as! [String: Any], path.dropFirst())
                }
                return o
            }
            let data = try JSONSerialization.data(withJSONObject: set(good, path[...]))
            #expect(throws: DecodingError.self, "\(path)") {
                try JSONDecoder().decode(TuningStatistics.self, from: data)
            }
        }
    }

    /// Hostile partials: a decoded count outside 0…2^40 anywhere in the summaries (gesture
    /// counts, the measurement tally, the sketches) is refused at decoding; counts at the limit
    /// decode, but merging them with themselves would exceed it: a thrown error naming the
    /// count, never a trap, and the left side unchanged. A `SummaryStatistics` decoded on its
    /// own with a count near Int.max merged with itself throws too (no overflow trap).
    @Test(
        "Huge decoded counts: refused at decoding, or a merge error naming the count, never a trap")
    func hostileCounts() throws {
        let good = try #require(
            try JSONSerialization.jsonObject(
                with: try Self.encoded(
                    Self.statistics(Self.measurements(count: 40, seed: 1), options: .init())))
                as? [String: Any])
        func set(_ object: [String: Any], _ path: ArraySlice<String>, _ value: Any) -> [String: Any]
        {
            var o = object
            if path.count == 1 {
                o[path.first!] = value
            } else {
                o[path.first!] = set(o[path.first!] as! [String: Any], path.dropFirst(), value)
            }
            return o
        }
        let paths: [[String]] = [
            ["summaries", "points"], ["summaries", "outcomeMismatches"],
            ["summaries", "measurements", "fellBack"], ["summaries", "measurements", "count"],
        ]
        for path in paths {
            for value in [1 << 62, -1, (1 << 40) + 1] {
                let data = try JSONSerialization.data(withJSONObject: set(good, path[...], value))
                #expect(throws: DecodingError.self, "\(path) = \(value)") {
                    try JSONDecoder().decode(TuningStatistics.self, from: data)
                }
            }
            // At the limit: decodes; merged with itself it would pass the limit.
            let data = try JSONSerialization.data(withJSONObject: set(good, path[...], 1 << 40))
            var s = try JSONDecoder().decode(TuningStatistics.self, from: data)
            let copy = s
            let field = path.dropFirst().joined(separator: ".")
            #expect(throws: StatisticsMismatch.self, "\(path)") { try s.merge(copy) }
            do { try s.merge(copy) } catch {
                #expect(error.setting == "count \(field)", "\(error)")
            }
            #expect(s == copy)
        }
        let atLimit = try JSONSerialization.data(
            withJSONObject: set(good, ["gestureCount"], 1 << 40))
        var g = try JSONDecoder().decode(TuningStatistics.self, from: atLimit)
        do {
            try g.merge(g)
            Issue.record("merged past the limit")
        } catch { #expect(error.setting == "count gestureCount") }
        // SummaryStatistics decoded on its own (no range check at decoding): near Int.max.
        let summaries = try #require(good["summaries"] as? [String: Any])
        let huge = try JSONSerialization.data(
            withJSONObject: set(summaries, ["still"], Int.max - 1))
        var alone = try JSONDecoder().decode(SummaryStatistics.self, from: huge)
        do {
            try alone.merge(alone)
            Issue.record("merged an Int.max count")
        } catch { #expect(error.setting == "count still") }
    }

    /// Above the cap the logistic fit runs on 1/128 × 1/32 (progress, progress/s) bins with
    /// counts. On 200,000 simulated gestures (uniform p in [0, 1], v in [−3, 4], a threshold
    /// truth with 5% noise) the binned fit's coefficients are within a tenth of a standard error
    /// of the per-gesture fit's (the bins' spread is ~10⁻⁴ of the covariates' variance).
    @Test("Binned logistic fit is within a tenth of a standard error of the per-gesture fit")
    func binnedLogisticAgreesWithPerGesture() throws {
        let points = TuningPoint.syntheticReleases(count: 200_000, seed: 42)
        let exact = LogisticFit.fit(points)
        var cells = LogisticCells(folds: 5)
        for p in points {
            cells.add(
                progress: p.progress, velocity: p.velocity, complete: p.intent == .complete, fold: 0
            )
        }
        #expect(cells.binned)
        let rows = cells.rows()
        #expect(rows.count < 40_000)
        let binned = LogisticFit.fit(
            progress: rows.map(\.progress), velocity: rows.map(\.velocity),
            complete: rows.map(\.complete),
            counts: rows.map { $0.folds.reduce(0, +) })
        let b = try #require(exact.coefficients), c = try #require(binned.coefficients),
            se = try #require(exact.standardErrors)
        #expect(exact.outcome == .converged && binned.outcome == .converged)
        let inSE = (0..<3).map { abs(b[$0] - c[$0]) / se[$0] }
        print(
            "logistic, 200,000 gestures: per-gesture \(b), binned (\(rows.count) rows) \(c); |difference| / SE = \(inSE)"
        )
        #expect(inSE.allSatisfy { $0 < 0.1 }, "\(inSE)")
    }
}
