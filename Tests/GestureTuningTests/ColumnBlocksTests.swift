import GestureNumerics
import GesturePhysics
import Testing

@testable import GestureTuning

/// The bounded bootstrap choice of `projection` with `tau` searched (`ColumnBlocks`): block
/// weights first, cells split only where the bound lets a block hold the minimum. Checked
/// against the full sweep (`Encoding.choose`, itself checked against brute force in
/// `ScaleTests`) on complete weight vectors, and for the law of the cell weights.
@Suite("Bounded bootstrap of tau columns")
struct ColumnBlocksTests {
    static let truth: Rule = .projection(progress: 0.5, tau: 0.3)

    /// Encodings with few and many gestures, and one snapped onto grid values (many ties).
    static func encodings() -> [Encoding] {
        [
            Encoding(
                points: TestData.labelled(count: 25, seed: 5, truth: truth, noise: 0.05),
                space: .projection(tau: nil)),
            Encoding(
                points: TestData.labelled(count: 400, seed: 6, truth: truth, noise: 0.03),
                space: .projection(tau: nil)),
            Encoding(
                points: TestData.labelled(
                    count: 3000, seed: 7, truth: truth, noise: 0.08, snap: true),
                space: .projection(tau: nil)),
        ]
    }

    /// Whatever the row ranges left unsplit hold (whole blocks, or parts of a block halved
    /// down to where the bound rules them out), the full sweep of the completed weights picks
    /// the same candidate: each such range is filled the way that brings its errors lowest
    /// (complete weight on its highest `k`, cancel weight on its lowest), the opposite way, and
    /// as drawn had it been split (`refineAll` in another resample's stream), its total kept.
    @Test("The pruned choice is the full sweep's, however the unsplit ranges are filled")
    func prunedIsExact() {
        for encoding in Self.encodings() {
            let blocks = ColumnBlocks(encoding)
            let tables = PoissonTables(counts: blocks.groupCounts)
            let ws = BlockWorkspace(blocks)
            var splitSome = 0, prunedSome = 0
            for r in 0..<60 {
                var realized = [Int](repeating: -1, count: encoding.unitCount)
                var pieces: [(group: Int, members: Range<Int>, weight: Int)] = []
                let choice = realized.withUnsafeMutableBufferPointer {
                    blocks.choose(
                        rng: RandomSource(seed: 11, stream: UInt64(r)), tables: tables,
                        workspace: ws, realized: $0, unresolved: { pieces.append(($0, $1, $2)) })
                }
                var other = [Int](repeating: -1, count: encoding.unitCount)
                _ = other.withUnsafeMutableBufferPointer {
                    blocks.choose(
                        rng: RandomSource(seed: 12, stream: UInt64(r)), tables: tables,
                        workspace: BlockWorkspace(blocks), refineAll: true, realized: $0)
                }
                // Every cell is resolved or in exactly one piece left whole.
                var covered = realized.map { $0 >= 0 ? 1 : 0 }
                for piece in pieces {
                    for m in piece.members { covered[Int(blocks.memberUnit[m])] += 1 }
                }
                #expect(covered.allSatisfy { $0 == 1 }, "resample \(r)")
                pieces.removeAll { $0.members.isEmpty }
                if pieces.isEmpty { continue }
                prunedSome += 1
                if realized.contains(where: { $0 >= 0 }) { splitSome += 1 }
                for fill in 0..<3 {
                    var full = realized
                    for (g, range, weight) in pieces {
                        let members = Array(range)
                        let complete = g % 2 == 1
                        for m in members { full[Int(blocks.memberUnit[m])] = 0 }
                        switch fill {
                        case 0:
                            full[
                                Int(blocks.memberUnit[complete ? members.last! : members.first!])] =
                                weight
                        case 1:
                            full[
                                Int(blocks.memberUnit[complete ? members.first! : members.last!])] =
                                weight
                        default:
                            // Another split of the same total: only the total may matter.
                            for m in members {
                                full[Int(blocks.memberUnit[m])] = other[Int(blocks.memberUnit[m])]
                            }
                            let sum = members.reduce(0) { $0 + full[Int(blocks.memberUnit[$1])] }
                            if sum < weight {
                                full[Int(blocks.memberUnit[members[0]])] += weight - sum
                            }
                            while members.reduce(0, { $0 + full[Int(blocks.memberUnit[$1])] })
                                > weight
                            {
                                let m = members.first { full[Int(blocks.memberUnit[$0])] > 0 }!
                                full[Int(blocks.memberUnit[m])] -= 1
                            }
                        }
                    }
                    #expect(encoding.choose(weights: full) == choice, "resample \(r), fill \(fill)")
                }
            }
            #expect(
                prunedSome > 0 && splitSome > 0, "the bound prunes some blocks and splits others")
        }
    }

    /// Each column's blocks cover `k` from 0 to `rows` in order, blocks of `blockRows` or fewer
    /// near the minimum and wider ones only where even the full counts bound them far above it.
    @Test("Blocks tile every column; the wide ones are bounded far above the least error")
    func partition() {
        for encoding in Self.encodings() {
            let blocks = ColumnBlocks(encoding)
            let width = encoding.rows + 1
            var complete = [Int](repeating: 0, count: encoding.columns * width), cancel = complete
            for u in 0..<encoding.unitCount {
                let slot = Int(encoding.c[u]) * width + Int(encoding.k[u])
                if encoding.label[u] {
                    complete[slot] += encoding.counts[u]
                } else {
                    cancel[slot] += encoding.counts[u]
                }
            }
            let least = encoding.choose(weights: encoding.fullWeights).errors
            let far = ColumnBlocks.far(
                complete: complete, cancel: cancel, rows: encoding.rows, columns: encoding.columns)
            #expect(far > least)
            var wide = 0
            for j in 0..<encoding.columns {
                var next = 0
                for b in blocks.columnStart[j]..<blocks.columnStart[j + 1] {
                    let lo = Int(blocks.blockLow[b]), hi = Int(blocks.blockHigh[b])
                    #expect(lo == next && hi > lo)
                    next = hi
                    if hi - lo > ColumnBlocks.blockRows {
                        wide += 1
                        // The block's bound under the full counts.
                        let bound =
                            complete[(j * width)..<(j * width + lo)].reduce(0, +)
                            + cancel[(j * width + hi)..<(j * width + width)].reduce(0, +)
                        #expect(
                            bound > far,
                            "column \(j) block \(lo)..<\(hi): bound \(bound), far \(far)")
                    }
                }
                #expect(next == width)
            }
            if encoding.gestureCount >= 400 { #expect(wide > 0) }
        }
    }

    /// Splitting every block gives every cell's weight: the full sweep of those is the choice.
    @Test("Splitting every block gives the full sweep's choice of the drawn cell weights")
    func refineAllIsTheSweep() {
        for encoding in Self.encodings() {
            let blocks = ColumnBlocks(encoding)
            let tables = PoissonTables(counts: blocks.groupCounts)
            let ws = BlockWorkspace(blocks)
            for r in 0..<40 {
                var realized = [Int](repeating: -1, count: encoding.unitCount)
                let choice = realized.withUnsafeMutableBufferPointer {
                    blocks.choose(
                        rng: RandomSource(seed: 3, stream: UInt64(r)), tables: tables,
                        workspace: ws, refineAll: true, realized: $0)
                }
                #expect(!realized.contains { $0 < 0 })
                #expect(encoding.choose(weights: realized) == choice)
                // Each group's cells add up to its drawn weight.
                for g in 0..<blocks.groupCount {
                    let sum = (blocks.groupStart[g]..<blocks.groupStart[g + 1]).reduce(0) {
                        $0 + realized[Int(blocks.memberUnit[$1])]
                    }
                    #expect(sum == ws.groupWeights[g])
                }
            }
        }
    }

    /// The law: a block weight Poisson(Σ n) split Multinomial(·; n / Σ n) gives independent
    /// Poisson(n) cells. Over 6000 resamples, every cell's weight has mean n and variance n
    /// (within 5 standard errors), and two cells of one block are uncorrelated.
    @Test(
        "Split cell weights are independent Poisson(n): mean, variance, no correlation within a block"
    )
    func cellLaw() {
        let encoding = Encoding(
            points: TestData.labelled(count: 60, seed: 9, truth: Self.truth, noise: 0.05),
            space: .projection(tau: nil))
        let blocks = ColumnBlocks(encoding)
        let tables = PoissonTables(counts: blocks.groupCounts)
        let ws = BlockWorkspace(blocks)
        let draws = 6000
        var sum = [Double](repeating: 0, count: encoding.unitCount), sq = sum
        // Pairs of cells sharing a group.
        let pairs: [(Int, Int)] = (0..<blocks.groupCount).compactMap { g in
            let s = blocks.groupStart[g], e = blocks.groupStart[g + 1]
            return e - s >= 2 ? (Int(blocks.memberUnit[s]), Int(blocks.memberUnit[s + 1])) : nil
        }
        #expect(pairs.count > 10)
        var cross = [Double](repeating: 0, count: pairs.count)
        var realized = [Int](repeating: 0, count: encoding.unitCount)
        for r in 0..<draws {
            _ = realized.withUnsafeMutableBufferPointer {
                blocks.choose(
                    rng: RandomSource(seed: 21, stream: UInt64(r)), tables: tables, workspace: ws,
                    refineAll: true, realized: $0)
            }
            for u in 0..<encoding.unitCount {
                sum[u] += Double(realized[u])
                sq[u] += Double(realized[u] * realized[u])
            }
            for (x, (a, b)) in pairs.enumerated() { cross[x] += Double(realized[a] * realized[b]) }
        }
        let d: Double = Double(draws)
        for u in 0..<encoding.unitCount {
            let n: Double = Double(encoding.counts[u])
            let mean: Double = sum[u] / d
            let variance: Double = sq[u] / d - mean * mean
            let meanError: Double = (n / d).squareRoot()
            let varianceError: Double = (n * (2 * n + 1) / d).squareRoot()
            #expect(abs(mean - n) < 5 * meanError, "unit \(u): n \(n), mean \(mean)")
            #expect(
                abs(variance - n) < 5 * varianceError, "unit \(u): n \(n), variance \(variance)")
        }
        for (x, (a, b)) in pairs.enumerated() {
            let na: Double = Double(encoding.counts[a]), nb: Double = Double(encoding.counts[b])
            let covariance: Double = cross[x] / d - (sum[a] / d) * (sum[b] / d)
            // Independent: covariance 0, standard error about sqrt(na nb / d).
            #expect(
                abs(covariance) < 5 * (na * nb / d).squareRoot(),
                "cells \(a), \(b): covariance \(covariance)")
        }
    }
}
