import Foundation
import GestureNumerics
import GesturePhysics
import GestureTrace
import Testing

@testable import GestureTuning

/// The fused sweep, the bootstrap samplers, cross-validation on the encoding and the
/// BLAS logistic fit, each against an independent computation or the values the previous
/// implementation gave.
@Suite("Tuning at scale: same answers, less work")
struct ScaleTests {
    static let truth: Rule = .threshold(progress: 0.42, velocity: 1.3)
    static let spaces: [SearchSpace] = [
        .threshold, .forward, .projection(tau: nil), .projection(tau: 0.3),
        .kinematic(duration: 0.35),
    ]

    /// The tie-breaks of physics.md written out directly: among the minima, nearest the
    /// centroid (compared as m²·distance², exact), then nearest the reference, then the first
    /// in (column, row) order.
    static func referenceChoice(_ errors: [Int], rows: Int, reference: (row: Int, column: Int))
        -> GridChoice
    {
        let best = errors.min()!
        let tied = errors.indices.filter { errors[$0] == best }.map {
            (row: $0 % rows, column: $0 / rows)
        }
        let m = tied.count
        let sr = tied.reduce(0) { $0 + $1.row }, sc = tied.reduce(0) { $0 + $1.column }
        func key(_ t: (row: Int, column: Int)) -> (Int, Int, Int) {
            let a = m * t.row - sr, b = m * t.column - sc
            let c = t.row - reference.row, d = t.column - reference.column
            return (a * a + b * b, c * c + d * d, t.column * rows + t.row)
        }
        let chosen = tied.min { key($0) < key($1) }!
        return GridChoice(row: chosen.row, column: chosen.column, errors: best, tiedCandidates: m)
    }

    @Test(
        "Weighted sweep equals brute force on the points repeated by their weights; same choice",
        arguments: spaces, [UInt64(5), 6])
    func weightedSweep(space: SearchSpace, seed: UInt64) {
        let points = TestData.labelled(
            count: 80, seed: seed, truth: Self.truth, noise: 0.2, snap: true)
        let rng = RandomSource(seed: seed &+ 100)
        var expanded: [TuningPoint] = []
        for point in points {
            for copy in 0..<rng.int(4) {  // 0…3 copies of each point, each its own gesture
                var p = point
                p.id += "-\(copy)"
                expanded.append(p)
            }
        }
        let encoding = Encoding(points: expanded, space: space)
        let brute = bruteForceErrorGrid(points: expanded, space: space)
        #expect(encoding.errorGrid(weights: encoding.fullWeights) == brute)
        let rows = space.rows.values.count
        #expect(
            encoding.choose(weights: encoding.fullWeights)
                == Self.referenceChoice(brute, rows: rows, reference: space.reference))
    }

    @Test("Tie-break reference agrees with chooseCandidate on grids with many ties")
    func tieBreaks() {
        let rng = RandomSource(seed: 77)
        for _ in 0..<200 {
            let rows = 1 + rng.int(7), columns = 1 + rng.int(7)
            let errors = (0..<(rows * columns)).map { _ in rng.int(3) }
            let reference = (row: rng.int(rows), column: rng.int(columns))
            #expect(
                chooseCandidate(errors: errors, rows: rows, columns: columns, reference: reference)
                    == Self.referenceChoice(errors, rows: rows, reference: reference))
        }
    }

    @Test("Bootstrap intervals do not depend on the number of workers")
    func workersDoNotMatter() {
        let points = TestData.labelled(count: 2000, seed: 31, truth: Self.truth, noise: 0.05)
        for space in Self.spaces {
            let encoding = Encoding(points: points, space: space)
            let choice = encoding.choose(weights: encoding.fullWeights)
            let runs = [1, 2, 3, 8].map {
                Bootstrap.run(
                    encoding: encoding, estimate: choice, resamples: 40, seed: 6, jobs: $0)
            }
            #expect(runs.allSatisfy { $0 == runs[0] }, "\(space)")
        }
    }

    /// Cross-validation from per-fold cell counts against refitting by brute force: for each
    /// hash fold, the grid is searched on the other folds' points (`Rule.completes` on every
    /// candidate, the tie-breaks written out) and the fold's points decided with `Rule.completes`.
    @Test(
        "Cross-validation from fold counts equals refitting and deciding every held-out gesture with Rule.completes",
        arguments: spaces)
    func crossValidationOnEncoding(space: SearchSpace) {
        let points = TestData.labelled(
            count: 700, seed: 19, truth: Self.truth, noise: 0.1, snap: true)
        let encoding = Encoding(points: points, space: space, folds: 5, seed: 44)
        let fast = CrossValidator.run(encoding: encoding, seed: 44)
        let rows = space.rows.values.count
        var slow = Confusion()
        let fold = points.map { GestureKey(file: "", id: $0.id).fold(seed: 44, folds: 5) }
        for f in 0..<5 {
            let training = points.indices.filter { fold[$0] != f }.map { points[$0] }
            let c = Self.referenceChoice(
                bruteForceErrorGrid(points: training, space: space), rows: rows,
                reference: space.reference)
            let rule = space.rule(row: c.row, column: c.column)
            for g in points.indices where fold[g] == f {
                slow.add(
                    meantComplete: points[g].intent == .complete,
                    decidedComplete: rule.completes(points[g].state))
            }
        }
        #expect(fast?.confusion == slow)
        #expect(fast?.folds == 5 && fast?.confusion.total == 700)
    }

    /// The normal-equation IRLS gives the coefficients, standard errors and deviance of the
    /// previous `gsl_multifit_wlinear_tsvd` IRLS (captured from it) to rounding.
    @Test("Logistic fit on BLAS equals the previous SVD fit to rounding")
    func logisticMatchesPrevious() {
        let fit = LogisticFit.fit(TuningPoint.syntheticReleases(count: 3000, seed: 42))
        #expect(fit.outcome == .converged && fit.iterations == 7)
        let b = fit.coefficients ?? [], se = fit.standardErrors ?? []
        for (x, y) in zip(
            b + se + [fit.deviance ?? 0],
            [
                -2.0744929490833948, 4.5866627695474405, 1.1969397500388461, 0.129004978515166,
                0.23805967689119337, 0.043720718584183985, 2078.23349312573,
            ])
        {
            #expect(abs(x - y) <= 1e-9 * abs(y), "\(x) vs \(y)")
        }
        #expect(b.count == 3 && se.count == 3)
    }

    @Test("Quantile by selection equals interpolation between the sorted data's order statistics")
    func quantileBySelection() {
        let rng = RandomSource(seed: 5)
        for n in [1, 2, 3, 10, 101, 1000] {
            // Ties included: values on a coarse grid.
            let values = (0..<n).map { _ in Double(rng.int(50)) / 4 - 3 }
            let sorted = values.sorted()
            for f in [0, 0.025, 0.1, 0.5, (1 - 0.95) / 2, 1 - (1 - 0.95) / 2, 0.9, 1] {
                let index = f * Double(n - 1), lhs = Int(index), delta = index - Double(lhs)
                let expected =
                    lhs == n - 1 ? sorted[lhs] : (1 - delta) * sorted[lhs] + delta * sorted[lhs + 1]
                #expect(GSL.quantile(values, f) == expected, "n=\(n) f=\(f)")
            }
        }
        #expect(GSL.quantile([], 0.5) == nil)
    }
}
