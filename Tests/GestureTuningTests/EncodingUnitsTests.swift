import GesturePhysics
import Testing

@testable import GestureTuning

/// `Encoding(cells:)` lays a family's occupied cells out as units in increasing key order;
/// for `projection` with `tau` searched it reads the dense counts in their memory order and
/// scatters them by column. Checked against `FamilyCells.cells()` (the key-by-key
/// enumeration): same cells, same order, same per-fold counts, and column starts that count them.
@Suite struct EncodingUnitsTests {
    static func check(_ cells: FamilyCells) {
        let encoding = Encoding(cells: cells)
        let expected = cells.cells()
        #expect(encoding.unitCount == expected.count)
        let width = cells.rows + 1
        for (u, cell) in expected.enumerated() where u < encoding.unitCount {
            let label = encoding.label[u] ? 1 : 0
            let key =
                cells.isPerColumn
                ? (Int(encoding.c[u]) * width + Int(encoding.k[u])) * 2 + label
                : ((Int(encoding.c[u]) * width + Int(encoding.k[u])) * 2
                    + ((encoding.fixedWrong[u] ? 1 : 0) ^ label)) * 2 + label
            #expect(key == cell.key, "unit \(u)")
            #expect(
                Array(encoding.foldCounts[(u * cells.folds)..<((u + 1) * cells.folds)])
                    == cell.folds, "unit \(u)")
            #expect(encoding.counts[u] == cell.folds.reduce(0, +))
        }
        for j in 0...cells.columns {
            let inColumn = (0..<encoding.unitCount).filter { Int(encoding.c[$0]) < j }.count
            #expect(encoding.columnStart[j] == inColumn, "column \(j)")
        }
        #expect(
            encoding.counts.reduce(0, +) == cells.count * (cells.isPerColumn ? cells.columns : 1))
    }

    @Test(arguments: [
        SearchSpace.projection(tau: nil), .threshold, .forward, .projection(tau: 0.15),
    ])
    func unitsFollowTheCells(space: SearchSpace) {
        let points = TestData.labelled(
            count: 700, seed: 41, truth: .projection(progress: 0.5, tau: 0.2), noise: 0.15,
            snap: true)
        var cells = FamilyCells(space: space, folds: 5)
        for (n, p) in points.enumerated() {
            cells.add(p, complete: p.intent == .complete, fold: n % 5)
        }
        Self.check(cells)
    }

    @Test func emptyFamilyHasNoUnits() {
        let cells = FamilyCells(space: .projection(tau: nil), folds: 5)
        let encoding = Encoding(cells: cells)
        #expect(encoding.unitCount == 0)
        #expect(encoding.columnStart.allSatisfy { $0 == 0 })
    }
}
