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
