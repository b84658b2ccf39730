internal import GestureNumerics

/// The cells of a per-column encoding (`projection` with `tau` searched) grouped, in each tau
/// column and for each label, into blocks of `blockRows` consecutive `k`, so that a bootstrap
/// resample draws only what can decide its minimum (`choose(rng:…)`).
///
/// **Why it is exact.** At row `i` of column `j` the error is
/// `Σ_{k ≤ i} complete(k) + Σ_{k > i} cancel(k)`. For the rows of the block `[lo, hi)` it is at
/// least `bound = complete(k < lo) + cancel(k ≥ hi)`, and at the block's last row `hi − 1` it is
/// exactly `bound + complete(block)`: both need only the blocks' weights. Independent
/// Poisson(n) cell weights sum to a Poisson(Σ n) block weight, and given that sum the cells
/// are Multinomial(sum; n / Σ n). So a resample draws every block's weight first (one
/// `poissonCounts` over the blocks), takes the least exact block-end error as the
/// upper bound, and splits (`multinomial`) only the blocks whose bound does not exceed the
/// least error seen so far: the others cannot hold a candidate at the minimum, nor one tied
/// with it. The cell weights drawn have the law of one Poisson(n) per cell; only the order of
/// the draws differs from drawing every cell.
struct ColumnBlocks: Sendable {
    /// Rows of `k` per block.
    static let blockRows = 8

    let rows: Int
    let columns: Int
    let blocksPerColumn: Int
    /// Group `g = (column * blocksPerColumn + block) * 2 + label` (label 1: complete).
    let groupCounts: [Int]
    /// The cells of group `g`: `groupStart[g]..<groupStart[g + 1]` of the member arrays.
    let groupStart: [Int]
    /// Per member cell: its `k`, its count as a probability weight, its encoding unit.
    let memberK: [Int32]
    let memberP: [Double]
    let memberUnit: [Int32]
    /// The most cells of one group.
    let widestGroup: Int
    let reference: (row: Int, column: Int)

    var groupCount: Int { groupCounts.count }

    init(_ encoding: Encoding) {
        precondition(encoding.perColumn, "blocks are per tau column")
        rows = encoding.rows
        columns = encoding.columns
        reference = encoding.space.reference
        let blocks = (encoding.rows + 1 + Self.blockRows - 1) / Self.blockRows
        blocksPerColumn = blocks
        let groups = encoding.columns * blocks * 2
        func group(_ unit: Int) -> Int {
            (Int(encoding.c[unit]) * blocks + Int(encoding.k[unit]) / Self.blockRows) * 2 + (encoding.label[unit] ? 1 : 0)
        }
        var counts = [Int](repeating: 0, count: groups)
        var start = [Int](repeating: 0, count: groups + 1)
        for unit in 0..<encoding.unitCount {
            let g = group(unit)
            counts[g] += encoding.counts[unit]
            start[g + 1] += 1
        }
        for g in 0..<groups { start[g + 1] += start[g] }
        var next = Array(start.dropLast())
        var memberK = [Int32](repeating: 0, count: encoding.unitCount)
        var memberP = [Double](repeating: 0, count: encoding.unitCount)
        var memberUnit = [Int32](repeating: 0, count: encoding.unitCount)
        // Units are in increasing key order, so each group's members are in increasing k.
        for unit in 0..<encoding.unitCount {
            let g = group(unit)
            let m = next[g]
            next[g] += 1
            memberK[m] = encoding.k[unit]
            memberP[m] = Double(encoding.counts[unit])
            memberUnit[m] = Int32(unit)
        }
        widestGroup = (0..<groups).map { start[$0 + 1] - start[$0] }.max() ?? 0
        (groupCounts, groupStart, self.memberK, self.memberP, self.memberUnit) = (counts, start, memberK, memberP, memberUnit)
    }

    /// The candidate chosen in one resample, with the tie-breaks of `Encoding.choose`: block
    /// weights from `tables` (`PoissonTables(counts: groupCounts)`), then the splits the bound
    /// needs. `refineAll` splits every block (tests: the full cell weights). With `realized`
    /// (one slot per encoding unit), the weights of the split blocks' cells are written there
    /// and the other blocks' cells are left as they were.
    func choose(
        rng: RandomSource, tables: PoissonTables, workspace ws: BlockWorkspace,
        refineAll: Bool = false, realized: UnsafeMutableBufferPointer<Int>? = nil
    ) -> GridChoice {
        let rows = self.rows, blocks = blocksPerColumn, width = Self.blockRows
        ws.groupWeights.withUnsafeMutableBufferPointer { w in
            groupCounts.withUnsafeBufferPointer { n in rng.poissonCounts(n, tables: tables, into: w, scratch: &ws.draws) }
        }
        var best = Int.max, tiedCount = 0, sumRow = 0, sumColumn = 0
        ws.groupWeights.withUnsafeBufferPointer { w in
            ws.bounds.withUnsafeMutableBufferPointer { bound in
                // Every block's bound, and the least exact block-end error.
                var upper = Int.max
                for j in 0..<columns {
                    let base = j * blocks
                    var cancelAfter = 0
                    for b in 0..<blocks { cancelAfter += w[(base + b) * 2] }
                    var completeBefore = 0
                    for b in 0..<blocks {
                        let complete = w[(base + b) * 2 + 1]
                        cancelAfter -= w[(base + b) * 2]
                        let lb = completeBefore + cancelAfter
                        bound[base + b] = lb
                        if (b + 1) * width <= rows { upper = min(upper, lb + complete) }
                        completeBefore += complete
                    }
                }
                // Split the blocks that can hold the minimum, in (column, row) order, keeping
                // the running minimum and the candidates tied at it.
                ws.tied.withUnsafeMutableBufferPointer { tied in
                    ws.histComplete.withUnsafeMutableBufferPointer { hc in
                        ws.histCancel.withUnsafeMutableBufferPointer { hx in
                            for j in 0..<columns {
                                for b in 0..<blocks {
                                    let lb = bound[j * blocks + b]
                                    if !refineAll && lb > min(upper, best) { continue }
                                    let g = (j * blocks + b) * 2
                                    let lo = b * width
                                    for i in 0..<width {
                                        hc[i] = 0
                                        hx[i] = 0
                                    }
                                    split(group: g + 1, weight: w[g + 1], lo: lo, rng: rng, ws: ws, into: hc, realized: realized)
                                    split(group: g, weight: w[g], lo: lo, rng: rng, ws: ws, into: hx, realized: realized)
                                    var cumComplete = 0, cumCancel = 0
                                    let cancel = w[g]
                                    for i in lo..<min(lo + width, rows) {
                                        cumComplete += hc[i - lo]
                                        cumCancel += hx[i - lo]
                                        let e = lb + cumComplete + cancel - cumCancel
                                        if e < best {
                                            best = e
                                            tiedCount = 0
                                            sumRow = 0
                                            sumColumn = 0
                                        }
                                        if e == best {
                                            tied[tiedCount] = TiedCandidates.pack(row: i, column: j)
                                            tiedCount += 1
                                            sumRow += i
                                            sumColumn += j
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        return ws.tied.withUnsafeBufferPointer {
            TiedCandidates(positions: UnsafeBufferPointer(rebasing: $0[0..<tiedCount]), sumRow: sumRow, sumColumn: sumColumn)
                .choose(errors: best, reference: reference)
        }
    }

    /// Splits a group's drawn `weight` over its cells into `hist[k - lo]`.
    @inline(__always)
    private func split(
        group g: Int, weight: Int, lo: Int, rng: RandomSource, ws: BlockWorkspace,
        into hist: UnsafeMutableBufferPointer<Int>, realized: UnsafeMutableBufferPointer<Int>?
    ) {
        let start = groupStart[g], end = groupStart[g + 1]
        let m = end - start
        guard m > 0 else { return }
        if m == 1 || weight == 0 {
            for member in start..<end {
                let share = member == start ? weight : 0
                hist[Int(memberK[member]) - lo] += share
                realized?[Int(memberUnit[member])] = share
            }
            return
        }
        memberP.withUnsafeBufferPointer { p in
            ws.split.withUnsafeMutableBufferPointer { out in
                rng.multinomial(
                    total: UInt32(weight), probabilities: UnsafeBufferPointer(rebasing: p[start..<end]),
                    into: UnsafeMutableBufferPointer(rebasing: out[0..<m]))
                for x in 0..<m {
                    let share = Int(out[x])
                    hist[Int(memberK[start + x]) - lo] += share
                    realized?[Int(memberUnit[start + x])] = share
                }
            }
        }
    }

    /// Whether the block weights stay within the multinomial's `unsigned int` totals whatever
    /// is drawn (a Poisson draw beyond 2^32 from counts under 2^30 is impossible in practice:
    /// more than 30,000 standard deviations).
    static func fits(_ encoding: Encoding) -> Bool { encoding.gestureCount < 1 << 30 }
}

/// Buffers of `ColumnBlocks.choose` for one thread.
final class BlockWorkspace {
    var groupWeights: [Int]
    var bounds: [Int]
    var histComplete: [Int]
    var histCancel: [Int]
    var split: [UInt32]
    var tied: [UInt32]
    var draws = PoissonScratch()

    init(_ blocks: ColumnBlocks) {
        groupWeights = [Int](repeating: 0, count: blocks.groupCount)
        bounds = [Int](repeating: 0, count: blocks.columns * blocks.blocksPerColumn)
        histComplete = [Int](repeating: 0, count: ColumnBlocks.blockRows)
        histCancel = [Int](repeating: 0, count: ColumnBlocks.blockRows)
        split = [UInt32](repeating: 0, count: max(1, blocks.widestGroup))
        tied = [UInt32](repeating: 0, count: blocks.rows * blocks.columns)
    }
}
