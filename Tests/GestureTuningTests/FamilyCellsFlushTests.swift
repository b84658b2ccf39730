import Foundation
import GestureNumerics
import GesturePhysics
import Testing

@testable import GestureTuning

/// `projection` with `tau` searched counts its gestures in batches (`ColumnCells`): the
/// counts must be those of counting each gesture in every column at once, whenever the
/// batches end, and every read, merge and encoding must see every gesture added.
@Suite struct FamilyCellsFlushTests {
    /// The expected per-fold counts by key, counted the slow way: in column `t`, a gesture of
    /// progress `p` and velocity `v` counts at row `#{i : p_th[i] <= p + tau_t v}`, by a filter
    /// over the grid's stored doubles.
    static func bruteForce(
        _ points: [(p: Double, v: Double, complete: Bool, fold: Int)], folds: Int
    ) -> [Int: [Int]] {
        let rows = GridAxis.progress.values, taus = GridAxis.tau.values
        let keys = taus.count * (rows.count + 1) * 2
        var flat = [Int](repeating: 0, count: keys * folds)
        for point in points {
            for (t, tau) in taus.enumerated() {
                let x = point.p + tau * point.v
                var k = 0
                for value in rows where value <= x { k += 1 }
                let key = (t * (rows.count + 1) + k) * 2 + (point.complete ? 1 : 0)
                flat[key * folds + point.fold] += 1
            }
        }
        var out: [Int: [Int]] = [:]
        for key in 0..<keys {
            let counts = Array(flat[(key * folds)..<((key + 1) * folds)])
            if counts.contains(where: { $0 != 0 }) { out[key] = counts }
        }
        return out
    }

    static func cellsByKey(_ cells: FamilyCells) -> [Int: [Int]] {
        Dictionary(uniqueKeysWithValues: cells.cells().map { ($0.key, $0.folds) })
    }

    /// The first keys (at most 5) whose per-fold counts differ, with both sides: empty when equal.
    static func differences(_ got: [Int: [Int]], _ expected: [Int: [Int]]) -> [String] {
        Set(got.keys).union(expected.keys).sorted().filter { got[$0] != expected[$0] }.prefix(5).map
        {
            "key \($0): \(got[$0].map { "\($0)" } ?? "none") instead of \(expected[$0].map { "\($0)" } ?? "none")"
        }
    }

    /// Points on grid values (`p + tau v` equal to a `p_th` in double arithmetic), far below and
    /// above the grid, with zero, tiny and huge velocities, and random ones: more than two
    /// batches' worth.
    static func points(count: Int) -> [(p: Double, v: Double, complete: Bool, fold: Int)] {
        let rng = RandomSource(seed: 2026)
        var out: [(p: Double, v: Double, complete: Bool, fold: Int)] = [
            (0.5, 0, true, 0), (0.05, 0, false, 1), (0.95, 0, true, 2), (0.0, 0, true, 3),
            (1.0, 0, false, 4),
            (0.3, 1, true, 0), (0.3, -1, false, 1), (0.049999999999999996, 0, true, 2),
            (0.95, 1e-300, true, 3),
            (0.2, 1e300, true, 4), (0.8, -1e300, false, 0), (0.5, 0.01, true, 1),
            (0.42, -0.42, false, 2),
        ]
        while out.count < count {
            var p = rng.uniform()
            var v = rng.uniform(-3, 4)
            // Often on grid values, so that `p + tau v` falls on a `p_th` exactly.
            if rng.bernoulli(0.5) { p = Double(rng.int(101)) / 100 }
            if rng.bernoulli(0.5) { v = Double(rng.int(301) - 100) / 50 }
            out.append((p, v, rng.uniform() < 0.5, out.count % 5))
        }
        return Array(out.prefix(count))
    }

    @Test(arguments: [
        1, 5, ColumnCells.batchSize - 1, ColumnCells.batchSize, 2 * ColumnCells.batchSize + 77,
    ])
    func countsEqualCountingEachGestureAtOnce(count: Int) throws {
        let points = Self.points(count: count)
        var cells = FamilyCells(space: .projection(tau: nil), folds: 5)
        for q in points {
            cells.add(
                TuningPoint(
                    id: "", progress: q.p, velocity: q.v, intent: q.complete ? .complete : .cancel),
                complete: q.complete, fold: q.fold)
        }
        #expect(cells.count == count)
        let expected = Self.bruteForce(points, folds: 5)
        // Every read sees the gestures still waiting counted, the second as the first.
        #expect(Self.differences(Self.cellsByKey(cells), expected) == [])
        #expect(Self.differences(Self.cellsByKey(cells), expected) == [])
        let encoding = Encoding(cells: cells)
        #expect(encoding.counts.reduce(0, +) == count * GridAxis.tau.values.count)
        // So does the encoding: decoded, the cells are the same.
        let decoded = try JSONDecoder().decode(FamilyCells.self, from: JSONEncoder().encode(cells))
        #expect(Self.differences(Self.cellsByKey(decoded), expected) == [])
        #expect(decoded == cells)
    }

    @Test func mergingWaitingAndCountedGesturesAddsThemAll() {
        let points = Self.points(count: 1500)
        func cells(_ range: Range<Int>) -> FamilyCells {
            var c = FamilyCells(space: .projection(tau: nil), folds: 5)
            for q in points[range] {
                c.add(
                    TuningPoint(
                        id: "", progress: q.p, velocity: q.v,
                        intent: q.complete ? .complete : .cancel), complete: q.complete,
                    fold: q.fold)
            }
            return c
        }
        var a = cells(0..<1100)  // two batches counted, 76 waiting
        let b = cells(1100..<1500)  // all waiting
        a.merge(b)
        #expect(a.count == 1500)
        #expect(Self.differences(Self.cellsByKey(a), Self.bruteForce(points, folds: 5)) == [])
        #expect(a == cells(0..<1500))
    }
}
