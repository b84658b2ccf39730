import Foundation
import GestureNumerics
import GesturePhysics
import GestureTrace
import Testing

@testable import GestureTuning

@Suite("Tuner: recovery, intervals, edge cases")
struct TunerTests {
    static let truth: Rule = .threshold(progress: 0.42, velocity: 1.3)

    @Test("Gestures on both sides of a known threshold boundary tune back to it")
    func recoversThreshold() {
        // 2,000 gestures, 3% label noise. Tolerance: p_th within 0.02 (2 grid steps), v_th within 0.1 progress/s (5 steps).
        let points = TestData.labelled(count: 2000, seed: 11, truth: Self.truth, noise: 0.03)
        let result = Tuner(options: .init(seed: 5, bootstrapResamples: 200)).tune(points: points)
        let threshold = try! #require(result.family(.threshold))
        guard case .threshold(let p, let v) = threshold.rule else {
            Issue.record("not threshold")
            return
        }
        #expect(abs(p - 0.42) <= 0.02)
        #expect(abs(v - 1.3) <= 0.1)
        // The in-sample and cross-validated error sit near the noise rate.
        #expect(abs(threshold.fitted.errorRate - 0.03) < 0.015)
        let cv = try! #require(threshold.crossValidation)
        #expect(cv.folds == 5)
        #expect(cv.confusion.total == 2000)
        #expect(abs(cv.errorRate - 0.03) < 0.02)
        #expect(threshold.parameters.map(\.name) == ["p_th", "v_th"])
        #expect(
            threshold.parameters.allSatisfy { $0.lower <= $0.estimate && $0.estimate <= $0.upper })
        // The flutter default (0.5, 1.0) is worse than the suggestion on the same gestures.
        let current = try! #require(result.currentEvaluation)
        let suggested = try! #require(result.suggestedEvaluation)
        #expect(suggested.errors < current.errors)
        // The suggestion's confusion (from the cells) is what `Rule.completes` decides on every point.
        #expect(suggested.confusion == Evaluation(.rule(suggested.rule), points: points).confusion)
        #expect(
            current.confusion
                == Evaluation(.rule(ParameterSet.default.rule), points: points).confusion)
        #expect(result.comparisons.count == 2 + Preset.all.count)
    }

    /// Coverage of the 95% Poisson-bootstrap percentile intervals over 100 seeded repetitions
    /// (the demand the multinomial bootstrap met before: at least 90 of 100).
    ///
    /// The estimator is an argmin over a grid, and the true (0.42, 1.3) lies on the grid. With
    /// 400 gestures the argmin is often set-valued over a gap between data points; the
    /// tie-break puts the estimate mid-gap and resamples spread over the gap, so intervals
    /// are wide enough. 200 resamples a repetition keep the test fast; the percentile ends are
    /// grid values.
    @Test(
        "Poisson bootstrap intervals contain the true threshold in at least 90 of 100 repetitions")
    func bootstrapCoverage() {
        var coveredP = 0, coveredV = 0
        for rep in 0..<100 {
            let points = TestData.labelled(
                count: 400, seed: 1000 + UInt64(rep), truth: Self.truth, noise: 0.03)
            let encoding = Encoding(points: points, space: .threshold)
            let choice = encoding.choose(weights: encoding.fullWeights)
            let summary = Bootstrap.run(
                encoding: encoding, estimate: choice, resamples: 200, seed: UInt64(rep))!
            if summary.intervals[0].contains(0.42) { coveredP += 1 }
            if summary.intervals[1].contains(1.3) { coveredV += 1 }
        }
        #expect(coveredP >= 90, "p_th covered \(coveredP)/100")
        #expect(coveredV >= 90, "v_th covered \(coveredV)/100")
    }

    /// The same demand for `projection` with `tau` searched, whose tau columns are resampled
    /// independently of each other (`Bootstrap.run`): truth (0.5, 0.3) on the grid.
    @Test(
        "Poisson bootstrap intervals of projection (tau searched) contain the truth in at least 90 of 100 repetitions"
    )
    func projectionCoverage() {
        let truth: Rule = .projection(progress: 0.5, tau: 0.3)
        var coveredP = 0, coveredTau = 0
        for rep in 0..<100 {
            let points = TestData.labelled(
                count: 400, seed: 3000 + UInt64(rep), truth: truth, noise: 0.03)
            let encoding = Encoding(points: points, space: .projection(tau: nil))
            let choice = encoding.choose(weights: encoding.fullWeights)
            let summary = Bootstrap.run(
                encoding: encoding, estimate: choice, resamples: 200, seed: UInt64(rep))!
            if summary.intervals[0].contains(0.5) { coveredP += 1 }
            if summary.intervals[1].contains(0.3) { coveredTau += 1 }
        }
        #expect(coveredP >= 90, "p_th covered \(coveredP)/100")
        #expect(coveredTau >= 90, "tau covered \(coveredTau)/100")
    }

    @Test("Bootstrap results do not depend on scheduling: same seed, same intervals")
    func bootstrapDeterministic() {
        let points = TestData.labelled(count: 300, seed: 3, truth: Self.truth, noise: 0.05)
        for space in [SearchSpace.threshold, .projection(tau: nil)] {
            let encoding = Encoding(points: points, space: space)
            let choice = encoding.choose(weights: encoding.fullWeights)
            let a = Bootstrap.run(encoding: encoding, estimate: choice, resamples: 100, seed: 9)
            let b = Bootstrap.run(
                encoding: encoding, estimate: choice, resamples: 100, seed: 9, jobs: 1)
            #expect(a == b)
            #expect(a?.method == .poisson)
        }
    }

    /// A resample gives each occupied cell of count n a Poisson(n) weight: redone here one
    /// resample after another (no threads, GSL's taus2 seeded per resample), all cells in key order in one `poissonCounts`, each resample's minimum picked
    /// with the tie-breaks written out (`ScaleTests.referenceChoice`).
    @Test("Poisson bootstrap equals a sequential redo: poissonCounts over the cells in key order")
    func bootstrapIsPoissonPerCell() {
        let points = TestData.labelled(count: 500, seed: 8, truth: Self.truth, noise: 0.05)
        let encoding = Encoding(points: points, space: .threshold)
        let choice = encoding.choose(weights: encoding.fullWeights)
        let summary = Bootstrap.run(encoding: encoding, estimate: choice, resamples: 60, seed: 4)!
        var p: [Double] = [], v: [Double] = []
        for b in 0..<60 {
            let rng = RandomSource(
                seed: RandomSource.mix(4, Bootstrap.stream), stream: UInt64(b), generator: .taus2)
            let counts = encoding.counts
            var weights = [Int](repeating: 0, count: counts.count), scratch = PoissonScratch()
            counts.withUnsafeBufferPointer { n in
                weights.withUnsafeMutableBufferPointer {
                    rng.poissonCounts(
                        n, tables: PoissonTables(counts: counts), into: $0, scratch: &scratch)
                }
            }
            let c = ScaleTests.referenceChoice(
                encoding.errorGrid(weights: weights), rows: encoding.rows,
                reference: SearchSpace.threshold.reference)
            let values = SearchSpace.threshold.parameters(row: c.row, column: c.column).map(\.value)
            p.append(values[0])
            v.append(values[1])
        }
        // The percentiles as `Bootstrap.run` computes them from the level (0.025 and 0.975 up to rounding).
        let (low, high) = ((1 - 0.95) / 2, 1 - (1 - 0.95) / 2)
        #expect(
            summary.intervals[0].lower == GSL.quantile(p, low)
                && summary.intervals[0].upper == GSL.quantile(p, high))
        #expect(
            summary.intervals[1].lower == GSL.quantile(v, low)
                && summary.intervals[1].upper == GSL.quantile(v, high))
    }

    /// The law of the cell draws: Poisson(n) per cell is the sum of n independent Poisson(1)
    /// gesture weights, so over many resamples a cell's weight has mean n and variance n.
    @Test("Poisson cell weights have the mean and variance of summed Poisson(1) gesture weights")
    func poissonLaw() {
        let rng = RandomSource(seed: 99)
        for n in [1, 7, 40, 900] {
            let draws = (0..<20000).map { _ in Double(rng.poisson(mean: Double(n))) }
            let mean = draws.reduce(0, +) / 20000
            let variance = draws.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / 19999
            // Standard error of the mean sqrt(n / 20000); of the variance about n sqrt(2 / 20000).
            #expect(
                abs(mean - Double(n)) < 5 * (Double(n) / 20000).squareRoot(), "n=\(n) mean \(mean)")
            #expect(
                abs(variance - Double(n)) < 5 * Double(n) * (2.0 / 20000).squareRoot() + 0.05,
                "n=\(n) variance \(variance)")
        }
        #expect(rng.poisson(mean: 0) == 0)
    }

    /// Only the suggested rule's family is bootstrapped (the only intervals the report shows),
    /// with the seed it always had: `Bootstrap.run` on its cells under `mix(seed, index + 1)`.
    /// The other families keep point parameters and no bootstrap.
    @Test("Only the suggested family is bootstrapped, with its own seed")
    func bootstrapsTheSuggestedFamily() {
        let points = TestData.labelled(count: 600, seed: 12, truth: Self.truth, noise: 0.05)
        for family in [RuleFamily.threshold, .projection] {
            let options = TuningOptions(seed: 9, bootstrapResamples: 40, suggestedFamily: family)
            let answer = Tuner(options: options).tune(points: points)
            var statistics = TuningStatistics(options: options, current: .default)
            for p in points { statistics.add(p, key: GestureKey(file: "", id: p.id)) }
            let index = statistics.search.families.firstIndex { $0.space.family == family }!
            let encoding = Encoding(cells: statistics.search.families[index])
            let expected = Bootstrap.run(
                encoding: encoding, estimate: encoding.choose(weights: encoding.fullWeights),
                resamples: 40, seed: RandomSource.mix(9, UInt64(index + 1)))
            #expect(answer.family(family)?.bootstrap == expected)
            // The intervals are the resamples'; the estimate is the bagged rule's (the median
            // row and column of the minima of a fixed 1,000 resamples, whatever --resamples
            // is), which is the suggestion.
            let bagging = Bootstrap.run(
                encoding: encoding, estimate: encoding.choose(weights: encoding.fullWeights),
                resamples: Bootstrap.baggingResamples, seed: RandomSource.mix(9, UInt64(index + 1)))
            let bagged = bagging.map {
                encoding.space.parameters(row: $0.bagged.row, column: $0.bagged.column)
            }
            #expect(
                answer.family(family)?.parameters
                    == expected.map { e in
                        zip(e.intervals, bagged!).map {
                            ParameterInterval(
                                name: $0.name, estimate: $1.value, lower: $0.lower, upper: $0.upper)
                        }
                    })
            #expect(
                answer.family(family)?.rule
                    == bagging.map {
                        encoding.space.rule(row: $0.bagged.row, column: $0.bagged.column)
                    })
            for other in answer.families where other.family != family {
                #expect(
                    other.bootstrap == nil
                        && other.parameters.allSatisfy {
                            $0.lower == $0.estimate && $0.upper == $0.estimate
                        })
            }
        }
    }

    /// The alias tables draw Poisson(n): the frequency of each value k over many draws lies
    /// within 5 standard errors of the Poisson probability (closed form n^k e^-n / k!).
    @Test("Alias-table cell weights have Poisson(n) frequencies")
    func poissonTableFrequencies() {
        let rng = RandomSource(seed: 7)
        let r = 100_000
        for n in [1, 4, 30] {
            let tables = PoissonTables(counts: [n])
            var scratch = PoissonScratch()
            var frequency = [Int](repeating: 0, count: 200)
            var out = [0]
            for _ in 0..<r {
                [n].withUnsafeBufferPointer { c in
                    out.withUnsafeMutableBufferPointer {
                        rng.poissonCounts(c, tables: tables, into: $0, scratch: &scratch)
                    }
                }
                frequency[min(out[0], 199)] += 1
            }
            var logFactorial = 0.0
            for k in 0..<(n * 3 + 10) {
                if k > 0 { logFactorial += log(Double(k)) }
                let p = exp(Double(k) * log(Double(n)) - Double(n) - logFactorial)
                let observed = Double(frequency[k]) / Double(r)
                #expect(
                    abs(observed - p) < 5 * (p * (1 - p) / Double(r)).squareRoot() + 1e-5,
                    "n=\(n) k=\(k): \(observed) vs \(p)")
            }
        }
    }

    /// The joint draw (Poisson total, then multinomial split) must have the law of one
    /// independent Poisson per cell: per cell mean = variance = the count, and zero covariance
    /// between cells (a multinomial alone would make them negative: −N p_i p_j). Standard
    /// errors over R draws: mean sqrt(n/R), variance about n sqrt(2/R), covariance
    /// sqrt(n_i n_j / R).
    @Test("poissonCounts: per-cell mean and variance n, zero covariance between cells")
    func poissonCountsLaw() {
        let rng = RandomSource(seed: 2024)
        // Table-drawn counts (up to 256), summed table draws (to 4096) and joint ones (above), mixed.
        let cells = [3, 0, 40, 900, 1, 250, 256, 512, 4096, 4097, 9000, 16]
        let means = cells.map(Double.init)
        let tables = PoissonTables(counts: cells)
        let r = 40000
        var sums = [Double](repeating: 0, count: means.count)
        var products = [Double](repeating: 0, count: means.count * means.count)
        var counts = [Int](repeating: 0, count: means.count), scratch = PoissonScratch()
        for _ in 0..<r {
            cells.withUnsafeBufferPointer { m in
                counts.withUnsafeMutableBufferPointer {
                    rng.poissonCounts(m, tables: tables, into: $0, scratch: &scratch)
                }
            }
            #expect(counts[1] == 0)
            for i in 0..<means.count {
                sums[i] += Double(counts[i])
                for j in 0..<means.count {
                    products[i * means.count + j] += Double(counts[i] * counts[j])
                }
            }
        }
        let R = Double(r)
        for i in 0..<means.count {
            let n = means[i], mean = sums[i] / R
            let variance = (products[i * means.count + i] - R * mean * mean) / (R - 1)
            #expect(abs(mean - n) < 5 * (n / R).squareRoot() + 1e-12, "cell \(i) mean \(mean)")
            #expect(
                abs(variance - n) < 5 * n * (2 / R).squareRoot() + 5 * (n / R).squareRoot() + 1e-12,
                "cell \(i) variance \(variance)")
            for j in (i + 1)..<means.count where means[i] > 0 && means[j] > 0 {
                let cov = (products[i * means.count + j] - R * mean * (sums[j] / R)) / (R - 1)
                #expect(
                    abs(cov) < 5 * (means[i] * means[j] / R).squareRoot(),
                    "cells \(i),\(j) covariance \(cov)")
            }
        }
        // All-zero means give zeros.
        let zeros = [0, 0]
        var out = [7, 7]
        zeros.withUnsafeBufferPointer { m in
            out.withUnsafeMutableBufferPointer {
                rng.poissonCounts(m, tables: tables, into: $0, scratch: &scratch)
            }
        }
        #expect(out == [0, 0])
        // Counts without a table (none built) are drawn jointly: the same law.
        let bare = PoissonTables(counts: [Int]())
        var sum = 0.0
        for _ in 0..<r {
            cells.withUnsafeBufferPointer { m in
                counts.withUnsafeMutableBufferPointer {
                    rng.poissonCounts(m, tables: bare, into: $0, scratch: &scratch)
                }
            }
            sum += Double(counts[4])
        }
        #expect(abs(sum / Double(r) - 1) < 5 * (1 / Double(r)).squareRoot())
    }

    /// Above the old exact limit (10,000), `projection` with `tau` searched is resampled like
    /// every family (Poisson on its per-column cells): the truth (0.5, 0.3) must lie in the
    /// intervals of 20,000 gestures with 2% label noise.
    @Test("Projection with tau searched on 20,000 gestures: intervals bracket the truth")
    func largeProjection() {
        let truth: Rule = .projection(progress: 0.5, tau: 0.3)
        let points = TestData.labelled(count: 20000, seed: 4, truth: truth, noise: 0.02)
        let encoding = Encoding(points: points, space: .projection(tau: nil))
        let choice = encoding.choose(weights: encoding.fullWeights)
        let s = Bootstrap.run(encoding: encoding, estimate: choice, resamples: 200, seed: 2)!
        #expect(s.intervals[0].contains(0.5), "\(s.intervals)")
        #expect(s.intervals[1].contains(0.3), "\(s.intervals)")
        // Narrow: the estimate is pinned by 20,000 gestures to within a few grid steps.
        #expect(
            s.intervals[0].upper - s.intervals[0].lower <= 0.05
                && s.intervals[1].upper - s.intervals[1].lower <= 0.1, "\(s.intervals)")
    }

    /// Folds are a seeded hash of (file, id): each of k folds holds about 1/k of the gestures
    /// (binomial: 10,000 gestures, 5 folds, 2000 ± 5 × 40), the same id in the same file always
    /// lands in the same fold, and another seed deals them differently.
    @Test("Hash folds: balanced, stable per gesture, seeded")
    func hashFolds() {
        let keys = (0..<10000).map { GestureKey(file: "a.csv", id: "g\($0)") }
        let folds = keys.map { $0.fold(seed: 1, folds: 5) }
        for f in 0..<5 {
            let n = folds.filter { $0 == f }.count
            #expect(abs(n - 2000) < 200, "fold \(f): \(n)")
        }
        #expect(keys.map { GestureKey(file: "a.csv", id: $0.id).fold(seed: 1, folds: 5) } == folds)
        let other = keys.map { $0.fold(seed: 2, folds: 5) }
        #expect(zip(folds, other).filter { $0 != $1 }.count > 7000)  // 80% expected to move
        // The file is part of the identity.
        #expect(
            GestureKey(file: "a.csv", id: "g1").value != GestureKey(file: "b.csv", id: "g1").value)
        #expect(GestureKey(file: "a", id: "bc").value != GestureKey(file: "ab", id: "c").value)
    }

    /// The key hashes the file's name, not how its path is spelt: the same recording analysed
    /// as `traces/a.csv`, `./traces/a.csv` or from another checkout folder (a CI runner) gets the
    /// same folds and resamples, so the same answer.
    @Test("Gesture keys do not depend on the folder the file is read from")
    func keysIgnoreTheFolder() {
        let spellings = [
            "a.csv", "traces/a.csv", "./traces/a.csv", "/home/ci/build/traces/a.csv",
            "traces//a.csv",
        ]
        let values = Set(spellings.map { GestureKey(file: $0, id: "g7").value })
        #expect(values.count == 1)
        #expect(
            GestureKey(file: "-", id: "g1").value == GestureKey(file: "<stdin>", id: "g1").value)
        #expect(
            GestureKey(file: "traces/a.csv", id: "g1").value
                != GestureKey(file: "traces/b.csv", id: "g1").value)
        // The spelling given is kept for display.
        #expect(GestureKey(file: "./traces/a.csv", id: "g1").file == "./traces/a.csv")
        // The name hashed: the last path component; trailing slashes dropped; "/" stays "/".
        let names = ["traces/a.csv/", "a.csv", "traces//a.csv", "/", "-", "/x/y.csv"].map {
            String(GestureKey.name($0))
        }
        #expect(names == ["a.csv", "a.csv", "a.csv", "/", "<stdin>", "y.csv"])
        // A compressed trace is keyed as its text: the same folds when a corpus is gzipped.
        let compressed = ["t/a.csv.gz", "a.csv.ZST", "a.csv", ".gz", "x.gz.zst", "a.csv.gzip"].map {
            String(GestureKey.name($0))
        }
        #expect(compressed == ["a.csv", "a.csv", "a.csv", ".gz", "x.gz", "a.csv.gzip"])
        #expect(
            GestureKey(file: "traces/a.csv.gz", id: "g1").value
                == GestureKey(file: "a.csv", id: "g1").value)
    }

    @Test("Perfect separation, one class, a single gesture and no labels give clear results")
    func edgeCases() {
        // Perfectly separated: complete iff p_r >= 0.6, no noise, gap between 0.55 and 0.65.
        let separated = (0..<40).map { n -> TuningPoint in
            let complete = n % 2 == 0
            let p = complete ? 0.65 + Double(n) / 200 : 0.55 - Double(n) / 200
            return TuningPoint(
                id: "s\(n)", progress: p, velocity: Double(n % 5) * 0.1,
                intent: complete ? .complete : .cancel)
        }
        let r1 = Tuner(options: .init(bootstrapResamples: 50)).tune(points: separated)
        let logistic = try! #require(r1.logistic)
        #expect(logistic.fit.outcome == .separated)
        #expect(logistic.usesFallback)
        #expect(logistic.boundary == r1.family(.threshold)?.rule)
        #expect(r1.family(.threshold)?.fitted.errors == 0)
        // The tie-break puts p_th in the middle of the gap [0.56, 0.65]: 0.60 or 0.61.
        if case .threshold(let p, _) = r1.family(.threshold)!.rule {
            #expect(p >= 0.60 && p <= 0.61)
        } else {
            Issue.record("threshold family without a threshold rule")
        }

        // One class only.
        let oneClass = (0..<10).map {
            TuningPoint(id: "c\($0)", progress: 0.7, velocity: 0.5, intent: .complete)
        }
        let r2 = Tuner(options: .init(bootstrapResamples: 20)).tune(points: oneClass)
        #expect(r2.logistic?.fit.outcome == .oneClass)
        #expect(r2.family(.threshold)?.fitted.errors == 0)
        #expect(
            r2.warnings.contains(
                .oneClass(complete: r2.counts.labelledComplete, cancel: r2.counts.labelledCancel)))

        // A single gesture.
        let r3 = Tuner(options: .init(bootstrapResamples: 20)).tune(points: [
            TuningPoint(id: "x", progress: 0.3, velocity: 0.1, intent: .cancel)
        ])
        #expect(r3.counts.labelled == 1)
        #expect(r3.family(.threshold)?.crossValidation == nil)
        #expect(r3.family(.threshold)?.fitted.errors == 0)
        #expect(r3.logistic?.fit.outcome == .oneClass)

        // No labels at all.
        let unlabelled = (0..<30).map {
            TuningPoint(id: "u\($0)", progress: Double($0) / 30, velocity: 0.2)
        }
        let r4 = Tuner().tune(points: unlabelled)
        #expect(r4.families.isEmpty)
        #expect(r4.logistic == nil)
        #expect(r4.comparisons.isEmpty)
        #expect(r4.suggested.rule == ParameterSet.default.rule)
        #expect(r4.unlabelled?.count == 30)
        #expect(r4.warnings.contains(.noLabels))

        // Nothing at all.
        let r5 = Tuner().tune(points: [])
        #expect(r5.counts.used == 0)
        #expect(r5.edgeWidth.value == nil)
    }
}
