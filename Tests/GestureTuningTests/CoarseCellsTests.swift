import Foundation
import GesturePhysics
import Testing

@testable import GestureTuning

/// The velocity estimators are compared on the coarse grid (`CellGrid.coarse`: every other
/// row and staircase column). Checked against the rules themselves (`Rule.completes`, one
/// gesture at a time), not against the cells: at every even candidate the coarse counts give
/// the rule's exact errors; an odd one errs as its even neighbour below; the search reports
/// even candidates only; coarsening the headline's cells gives the cells counted coarse.
@Suite struct CoarseCellsTests {
    static let spaces: [SearchSpace] = [
        .threshold, .forward, .projection(tau: nil), .projection(tau: 0.15),
        .kinematic(duration: 0.35),
    ]

    static func points(seed: UInt64) -> [TuningPoint] {
        TestData.labelled(
            count: 900, seed: seed, truth: .threshold(progress: 0.45, velocity: 0.8),
            noise: 0.2, snap: true)
    }

    static func cells(_ points: [TuningPoint], _ space: SearchSpace, coarse: Bool) -> FamilyCells {
        var cells = FamilyCells(space: space, folds: 5, coarse: coarse)
        for (n, p) in points.enumerated() {
            cells.add(p, complete: p.intent == .complete, fold: n % 5)
        }
        return cells
    }

    /// Misdecided points of the candidate, decided by the rule itself.
    static func bruteForce(_ points: [TuningPoint], _ rule: Rule) -> Int {
        points.filter { ($0.intent == .complete) != rule.completes($0.state) }.count
    }

    @Test(arguments: spaces)
    func evenCandidatesAreExactAndOddOnesCopyTheirNeighbour(space: SearchSpace) {
        let points = Self.points(seed: 7)
        let coarse = Self.cells(points, space, coarse: true)
        let encoding = Encoding(cells: coarse)
        let errors = encoding.errorGrid(weights: encoding.fullWeights)
        let rows = encoding.rows, columns = encoding.columns
        let perColumn = coarse.isPerColumn
        var checked = 0
        for j in 0..<columns {
            for i in 0..<rows {
                let e = errors[j * rows + i]
                let evenColumn = perColumn || j % 2 == 0
                if i % 2 == 0 && evenColumn {
                    // Exact, against the rule (every other candidate of a large grid: enough).
                    guard (i / 2 + j) % 3 == 0 else { continue }
                    #expect(
                        e == Self.bruteForce(points, space.rule(row: i, column: j)),
                        "\(space) row \(i) column \(j)")
                    checked += 1
                } else {
                    let below = errors[(evenColumn ? j : j - 1) * rows + (i - i % 2)]
                    #expect(e == below, "\(space) row \(i) column \(j)")
                }
            }
        }
        #expect(checked > 10)
    }

    @Test(arguments: spaces)
    func theSearchReportsAnEvenCandidateWithItsExactErrors(space: SearchSpace) {
        for seed: UInt64 in [3, 11, 29] {
            let points = Self.points(seed: seed)
            let coarse = Self.cells(points, space, coarse: true)
            let result = Tuner.search(coarse, foldSeed: 1)
            #expect(result.choice.row % 2 == 0, "\(space) seed \(seed)")
            if !coarse.isPerColumn { #expect(result.choice.column % 2 == 0) }
            #expect(
                result.fitted.confusion.errors == Self.bruteForce(points, result.rule),
                "\(space) seed \(seed)")
            // No worse in-sample than the fine grid by more than its finer steps can win, and
            // never better: the coarse grid is a subset of the fine one.
            let fine = Tuner.search(Self.cells(points, space, coarse: false), foldSeed: 1)
            #expect(fine.fitted.confusion.errors <= result.fitted.confusion.errors)
        }
    }

    @Test(arguments: spaces)
    func coarseningTheHeadlineCellsCountsThemCoarse(space: SearchSpace) throws {
        let points = Self.points(seed: 5)
        let fine = Self.cells(points, space, coarse: false)
        let coarse = Self.cells(points, space, coarse: true)
        #expect(fine.coarsened() == coarse)
        #expect(fine != coarse)
        #expect(coarse.cells().count < fine.cells().count)
        // The flag travels with the cells.
        let back = try JSONDecoder().decode(
            FamilyCells.self, from: try JSONEncoder().encode(coarse))
        #expect(back == coarse && back.isCoarse)
        let fineBack = try JSONDecoder().decode(
            FamilyCells.self, from: try JSONEncoder().encode(fine))
        #expect(fineBack == fine && !fineBack.isCoarse)
    }

    /// A file whose headline cells are coarse was not made by this version: refused at
    /// decoding, never merged with cells of the other grid.
    @Test func statisticsOfTheOtherGridAreRefused() throws {
        let s = StatisticsTests.statistics(
            StatisticsTests.measurements(count: 60, seed: 3), options: .init())
        let data = try StatisticsTests.encoded(s)
        #expect(try JSONDecoder().decode(TuningStatistics.self, from: data) == s)
        // The headline's first family marked coarse.
        var object = try #require(
            try JSONSerialization.jsonObject(with: data) as? [String: Any])
        var search = try #require(object["search"] as? [String: Any])
        var families = try #require(search["families"] as? [[String: Any]])
        families[0]["coarse"] = true
        search["families"] = families
        object["search"] = search
        let coarseHeadline = try JSONSerialization.data(withJSONObject: object)
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(TuningStatistics.self, from: coarseHeadline)
        }
    }
}
