import GesturePhysics
import GestureTrace
import Testing

@testable import GestureTuning

@Suite("Sorted sweep against brute force")
struct SweepTests {
    static let spaces: [SearchSpace] = [
        .threshold, .forward, .projection(tau: nil), .projection(tau: 0.3),
        .kinematic(duration: 0.35),
    ]

    @Test(
        "Sweep error grid equals the brute-force grid, and the same candidate is chosen",
        arguments: spaces, [UInt64(1), 2, 3])
    func sweepEqualsBruteForce(space: SearchSpace, seed: UInt64) {
        let truth: Rule = .threshold(progress: 0.42, velocity: 1.3)
        let points = TestData.labelled(count: 60, seed: seed, truth: truth, noise: 0.15, snap: true)
        let encoding = Encoding(points: points, space: space)
        let sweep = encoding.errorGrid(weights: encoding.fullWeights)
        let brute = bruteForceErrorGrid(points: points, space: space)
        #expect(sweep == brute)
        let a = encoding.choose(weights: encoding.fullWeights)
        let rows = space.rows.values.count, columns = space.columns.values.count
        let b = chooseCandidate(
            errors: brute, rows: rows, columns: columns, reference: space.reference)
        #expect(a == b)
    }

    /// A few gestures (issue 32): the sweep visits the runs of rows between the gestures' rows
    /// and keeps tied candidates as runs; the grid and the choice must stay the brute-force
    /// ones, under the full counts and under bootstrap-like weights (zeros and repeats).
    @Test(
        "Few gestures: runs between their rows give the brute-force grid and choice",
        arguments: spaces, [5, 12, 20])
    func fewGesturesSweepEqualsBruteForce(space: SearchSpace, count: Int) {
        let truth: Rule = .threshold(progress: 0.42, velocity: 1.3)
        let rows = space.rows.values.count, columns = space.columns.values.count
        for seed in UInt64(1)...4 {
            let points = TestData.labelled(
                count: count, seed: seed, truth: truth, noise: 0.15, snap: true)
            let encoding = Encoding(points: points, space: space)
            if !encoding.perColumn {
                #expect(encoding.rowBreaks.count * 4 <= encoding.rows, "the sparse sweep runs")
            }
            let brute = bruteForceErrorGrid(points: points, space: space)
            #expect(encoding.errorGrid(weights: encoding.fullWeights) == brute)
            #expect(
                encoding.choose(weights: encoding.fullWeights)
                    == chooseCandidate(
                        errors: brute, rows: rows, columns: columns, reference: space.reference))
            var x = seed &* 0x9E37_79B9_7F4A_7C15
            for _ in 0..<25 {
                let weights = encoding.counts.map { n -> Int in
                    x = x &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                    return Int((x >> 33) % UInt64(2 * n + 2))
                }
                let grid = encoding.errorGrid(weights: weights)
                // The grid of the weights, point by point (the dense sweep's rule), then the
                // tie-break over every tied candidate.
                var dense = [Int](repeating: 0, count: rows * columns)
                for j in 0..<columns {
                    for i in 0..<rows {
                        var e = 0
                        encoding.decisions(row: i, column: j) { unit, label, decided in
                            if label != decided { e += weights[unit] }
                        }
                        dense[j * rows + i] = e
                    }
                }
                #expect(grid == dense)
                #expect(
                    encoding.choose(weights: weights)
                        == chooseCandidate(
                            errors: dense, rows: rows, columns: columns,
                            reference: space.reference))
            }
        }
    }

    @Test("Grid counts are exact at grid values")
    func gridCounts() {
        let axis = GridAxis.progress
        #expect(axis.countAtMost(0.5) == 46)  // 0.05…0.50 inclusive
        #expect(axis.countLess(0.5) == 45)
        #expect(axis.countAtMost(0.04) == 0)
        #expect(axis.countAtMost(0.95) == 91)
        #expect(axis.countLess(0.95) == 90)
        #expect(GridAxis.velocity.countAtMost(1.0) == 51)
        #expect(GridAxis.velocity.countAtMost(-0.0) == 1)
        #expect(GridAxis.velocity.countLess(0) == 0)
        for x in stride(from: -0.1, through: 1.1, by: 0.001) {
            #expect(axis.countAtMost(x) == axis.values.filter { $0 <= x }.count)
            #expect(axis.countLess(x) == axis.values.filter { $0 < x }.count)
        }
    }

    @Test("Tie-break: middle of the gap, then nearest the reference")
    func tieBreak() {
        // 1 column, 5 rows, errors 3 1 1 1 2 → tied rows 1,2,3, centroid 2.
        #expect(
            chooseCandidate(errors: [3, 1, 1, 1, 2], rows: 5, columns: 1, reference: (0, 0)).row
                == 2)
        // tied rows 1,2 → centroid 1.5, both at distance 0.5: nearest reference row 4 → row 2.
        #expect(
            chooseCandidate(errors: [3, 1, 1, 2, 2], rows: 5, columns: 1, reference: (4, 0)).row
                == 2)
        #expect(
            chooseCandidate(errors: [3, 1, 1, 2, 2], rows: 5, columns: 1, reference: (0, 0)).row
                == 1)
    }
}
