import Foundation
import Testing

@testable import GestureTuning

/// `CellCounts`, the sparse counts under every family's cells: 32-bit counts with the rare
/// larger one kept whole, and a decoded file's list that becomes a table when added to.
@Suite("Cell counts")
struct CellCountsTests {
    static func contents(_ c: CellCounts) -> [Int: Int] {
        var out: [Int: Int] = [:]
        c.forEach { key, n in out[key, default: 0] += n }
        return out
    }

    @Test("A list keeps its counts, and added to becomes a table holding them all")
    func listBecomesTable() {
        var c = CellCounts(listCapacity: 3)
        c.append(3, 1)
        c.append(10, 5_000_000_000)
        c.append(70_000, 2)
        #expect(c.count == 3)
        #expect(Self.contents(c) == [3: 1, 10: 5_000_000_000, 70_000: 2])
        c.add(10)
        c.add(5, 7)
        #expect(c.count == 4)
        #expect(Self.contents(c) == [3: 1, 5: 7, 10: 5_000_000_001, 70_000: 2])
    }

    @Test("Counts across 2^32 stay exact, through growth")
    func countsBeyondThirtyTwoBits() {
        let wrapAt = Int(UInt32.max)
        var c = CellCounts()
        c.add(42, wrapAt - 2)
        c.add(42)  // 2^32 − 2: still 32 bits
        c.add(42)  // 2^32 − 1: kept whole
        c.add(42, 10)
        c.add(7, wrapAt + 5)  // a new key beyond 32 bits at once
        // 5,000 more keys: the table doubles many times, the large counts move with it.
        var expected: [Int: Int] = [42: wrapAt + 10, 7: wrapAt + 5]
        for k in 0..<5_000 {
            let key = 100 + 3 * k
            c.add(key, k % 4 + 1)
            expected[key] = k % 4 + 1
        }
        c.add(7, 1)
        expected[7]! += 1
        #expect(c.count == expected.count)
        #expect(Self.contents(c) == expected)
    }
}

/// The logistic fit's bins (one `CellCounts` per fold) merge to the bins of the whole, in any
/// order, and read back as they were written.
@Suite("Logistic bins")
struct LogisticBinsTests {
    static func cells(_ points: ArraySlice<TuningPoint>, folds: Int) -> LogisticCells {
        var c = LogisticCells(folds: folds)
        for (i, p) in zip(points.indices, points) {
            c.add(
                progress: p.progress, velocity: p.velocity, complete: p.intent == .complete,
                fold: i % folds)
        }
        return c
    }

    @Test("Shards' bins merge to the whole's, in any order, and survive encoding")
    func binsMergeAndRoundTrip() throws {
        let points = TuningPoint.syntheticReleases(count: 6_000, seed: 7)
        let whole = Self.cells(points[...], folds: 5)
        #expect(whole.binned)
        // Three shards of 2,000 (each under the cap of 2,048: exact points until merged).
        let parts = [0, 2_000, 4_000].map { Self.cells(points[$0..<($0 + 2_000)], folds: 5) }
        #expect(parts.allSatisfy { !$0.binned })
        var forward = parts[0]
        forward.merge(parts[1])
        forward.merge(parts[2])
        var backward = parts[2]
        backward.merge(parts[1])
        backward.merge(parts[0])
        #expect(forward == whole)
        #expect(backward == whole)
        #expect(forward.rows().count == whole.rows().count)
        // Counts per fold: the 6,000 gestures, 1,200 in each fold.
        let perFold = whole.rows().reduce(into: [Int](repeating: 0, count: 5)) { sum, row in
            for f in 0..<5 { sum[f] += row.folds[f] }
        }
        #expect(perFold == [1_200, 1_200, 1_200, 1_200, 1_200])
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data = try encoder.encode(whole)
        let decoded = try JSONDecoder().decode(LogisticCells.self, from: data)
        #expect(decoded == whole)
        #expect(try encoder.encode(decoded) == data)
        // Added to after decoding: the lists become tables and count on.
        var grown = decoded
        grown.merge(parts[0])
        var expected = whole
        expected.merge(parts[0])
        #expect(grown == expected)
    }
}
