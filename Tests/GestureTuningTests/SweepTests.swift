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
