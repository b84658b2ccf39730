internal import GestureNumerics

/// The cells of a per-column encoding (`projection` with `tau` searched) grouped, in each tau
/// column and for each label, into blocks of consecutive `k`, so that a bootstrap resample
/// draws only what can decide its minimum (`choose(rng:…)`).
///
/// **Why it is exact.** At row `i` of column `j` the error is
/// `Σ_{k ≤ i} complete(k) + Σ_{k > i} cancel(k)`. For the rows of the block `[lo, hi)` it is at
/// least `bound = complete(k < lo) + cancel(k ≥ hi)`, and at the block's last row `hi − 1` it is
/// exactly `bound + complete(block)`: both need only the blocks' weights. Independent
/// Poisson(n) cell weights sum to a Poisson(Σ n) block weight, and given that sum the cells
/// are Multinomial(sum; n / Σ n), which halving the rows one binomial at a time draws. So a
/// resample draws every block's weight first (one `poissonCounts` over the blocks; each
/// column's first-block cancels and last-block completes, which enter no bound, only when
/// their block is split), takes the least exact block-end error as the upper bound, and
/// splits only the blocks, and within them the halves, whose bound does not exceed the least
/// error seen so far: the others cannot hold a candidate at the minimum, nor one tied with
/// it. The cell weights drawn have the law of one Poisson(n) per cell; only the order of the
/// draws differs from drawing every cell. Any partition of a column into blocks of
/// consecutive `k` keeps this exact.
///
/// **The partition** (fixed by the counts, so sharded and unsharded runs draw alike): near
/// where a column's errors come close to the least error of the whole search, blocks of
/// `blockRows`; below and above, where even the full counts put the bound far above that
/// least error (`far`), one block each, which a resample almost never needs to split. Fewer
/// blocks, fewer draws.
struct ColumnBlocks: Sendable {
    /// Rows of `k` per block near the minimum.
    static let blockRows = 8

    let rows: Int
    let columns: Int
    /// The blocks of column `j`: `columnStart[j]..<columnStart[j + 1]`.
    let columnStart: [Int]
    /// Per block, its `k` range `lo..<hi` (`hi` up to `rows + 1`).
    let blockLow: [Int32]
    let blockHigh: [Int32]
    /// Group `g = block * 2 + label` (label 1: complete).
    let groupCounts: [Int]
    /// `groupCounts` with 0 for each column's first block's cancels and last block's
    /// completes: no bound reads them (a block's bound is the completes before it and the
    /// cancels after it, and the last block ends past the last row), so `choose` draws them
    /// only when it splits their block.
    let eagerCounts: [Int]
    /// The cells of group `g`: `groupStart[g]..<groupStart[g + 1]` of the member arrays.
    let groupStart: [Int]
    /// Per member cell: its `k` and its encoding unit.
    let memberK: [Int32]
    let memberUnit: [Int32]
    /// `memberCumulative[m]`: the counts of members before `m` (a range's count is a
    /// difference).
    let memberCumulative: [Double]
    let reference: (row: Int, column: Int)

    var groupCount: Int { groupCounts.count }
    var blockCount: Int { blockLow.count }

    /// The blocks of `encoding`'s cells weighted by `weights` (one per unit; nil: the full
    /// counts), e.g. a cross-validation fold's training set.
    init(_ encoding: Encoding, weights: [Int]? = nil) {
        precondition(encoding.perColumn, "blocks are per tau column")
        let unitCounts = weights ?? encoding.counts
        precondition(unitCounts.count == encoding.unitCount, "one weight per unit")
        let rows = encoding.rows, columns = encoding.columns, width = rows + 1
        self.rows = rows
        self.columns = columns
        reference = encoding.space.reference
        // Full counts per (column, k) and label.
        var complete = [Int](repeating: 0, count: columns * width), cancel = complete
        for unit in 0..<encoding.unitCount {
            let slot = Int(encoding.c[unit]) * width + Int(encoding.k[unit])
            if encoding.label[unit] {
                complete[slot] += unitCounts[unit]
            } else {
                cancel[slot] += unitCounts[unit]
            }
        }
        let far = Self.far(complete: complete, cancel: cancel, rows: rows, columns: columns)
        var columnStart = [0], low: [Int32] = [], high: [Int32] = []
        var blockOf = [Int32](repeating: 0, count: columns * width)
        for j in 0..<columns {
            let base = j * width
            // b: the most k below which a block's bound, the cancel weight from b on, is still far.
            var cancelFrom = 0, b = 0
            for k in stride(from: rows, through: 0, by: -1) {
                cancelFrom += cancel[base + k]
                if cancelFrom > far {
                    b = k
                    break
                }
            }
            // a: the least k from which a block's bound, the complete weight below a, is far.
            var completeBelow = 0, a = width
            for k in 0..<width {
                if completeBelow > far {
                    a = k
                    break
                }
                completeBelow += complete[base + k]
            }
            var cuts: [Int] = [0]
            if b >= a {
                cuts.append(a)
            } else {
                if b > 0 { cuts.append(b) }
                var k = b + Self.blockRows
                while k < a {
                    cuts.append(k)
                    k += Self.blockRows
                }
                if a < width && cuts.last! != a { cuts.append(a) }
            }
            cuts.append(width)
            for c in 0..<(cuts.count - 1) {
                for k in cuts[c]..<cuts[c + 1] { blockOf[base + k] = Int32(low.count) }
                low.append(Int32(cuts[c]))
                high.append(Int32(cuts[c + 1]))
            }
            columnStart.append(low.count)
        }
        let groups = low.count * 2
        func group(_ unit: Int) -> Int {
            Int(blockOf[Int(encoding.c[unit]) * width + Int(encoding.k[unit])]) * 2
                + (encoding.label[unit] ? 1 : 0)
        }
        var counts = [Int](repeating: 0, count: groups)
        var start = [Int](repeating: 0, count: groups + 1)
        for unit in 0..<encoding.unitCount {
            let g = group(unit)
            counts[g] += unitCounts[unit]
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
            memberP[m] = Double(unitCounts[unit])
            memberUnit[m] = Int32(unit)
        }
        (self.columnStart, blockLow, blockHigh) = (columnStart, low, high)
        (groupCounts, groupStart, self.memberK, self.memberUnit) = (
            counts, start, memberK, memberUnit
        )
        var cumulative = [0.0]
        cumulative.reserveCapacity(memberP.count + 1)
        for p in memberP { cumulative.append(cumulative.last! + p) }
        memberCumulative = cumulative
        var eager = counts
        for j in 0..<columns {
            eager[columnStart[j] * 2] = 0
            eager[(columnStart[j + 1] - 1) * 2 + 1] = 0
        }
        eagerCounts = eager
    }

    /// A bound far enough above the least full-count error `e` that a resample's bound, drawn
    /// around a full-count bound beyond it, almost never falls to the resample's minimum
    /// (both move by a few square roots of themselves): `e + 8√e + 16`. Only the speed
    /// depends on it, never the choice.
    static func far(complete: [Int], cancel: [Int], rows: Int, columns: Int) -> Int {
        let width = rows + 1
        var least = Int.max
        for j in 0..<columns {
            let base = j * width
            var cancelAbove = 0
            for k in 0..<width { cancelAbove += cancel[base + k] }
            var completeUpTo = 0
            for i in 0..<rows {
                completeUpTo += complete[base + i]
                cancelAbove -= cancel[base + i]
                least = min(least, completeUpTo + cancelAbove)
            }
        }
        guard least < Int.max else { return 0 }
        return least + Int((8 * Double(least).squareRoot()).rounded(.up)) + 16
    }

    /// The candidate chosen in one resample, with the tie-breaks of `Encoding.choose`: block
    /// weights from `tables` (`PoissonTables(counts: groupCounts)`), then the splits the bound
    /// needs, each split block halved row range by row range (one binomial per label) only
    /// where its bound lets it hold the minimum. `refineAll` splits everything (tests: the full
    /// cell weights). With `realized` (one slot per encoding unit), the weights of the cells
    /// resolved are written there and the others are left as they were; `unresolved` hears of
    /// every member range left whole, with its weight (undrawn ones 0: they enter no bound).
    func choose(
        rng: RandomSource, tables: PoissonTables, workspace ws: BlockWorkspace,
        refineAll: Bool = false, realized: UnsafeMutableBufferPointer<Int>? = nil,
        unresolved: ((_ group: Int, _ members: Range<Int>, _ weight: Int) -> Void)? = nil
    ) -> GridChoice {
        let rows = self.rows
        // Every group but each column's first-block cancels and last-block completes
        // (`eagerCounts`): those enter no bound, so they are drawn when their block is split.
        ws.groupWeights.withUnsafeMutableBufferPointer { w in
            eagerCounts.withUnsafeBufferPointer { n in
                rng.poissonCounts(n, tables: tables, into: w, scratch: &ws.draws)
            }
        }
        var minimum = RunningMinimum()
        ws.groupWeights.withUnsafeMutableBufferPointer { w in
            ws.bounds.withUnsafeMutableBufferPointer { bound in
                columnStart.withUnsafeBufferPointer { columnStart in
                    blockLow.withUnsafeBufferPointer { blockLow in
                        blockHigh.withUnsafeBufferPointer { blockHigh in
                            // Every block's bound, and the least exact block-end error.
                            var upper = Int.max
                            for j in 0..<columns {
                                var cancelAfter = 0
                                for b in columnStart[j]..<columnStart[j + 1] {
                                    cancelAfter += w[b * 2]
                                }
                                var completeBefore = 0
                                for b in columnStart[j]..<columnStart[j + 1] {
                                    let complete = w[b * 2 + 1]
                                    cancelAfter -= w[b * 2]
                                    let lb = completeBefore + cancelAfter
                                    bound[b] = lb
                                    if Int(blockHigh[b]) <= rows {
                                        upper = min(upper, lb + complete)
                                    }
                                    completeBefore += complete
                                }
                            }
                            // Split the blocks that can hold the minimum, in (column, row) order,
                            // keeping the running minimum and the candidates tied at it.
                            ws.tied.withUnsafeMutableBufferPointer { tied in
                                // Rows `a..<end` of block `b` of column `j`: `cw`, `xw` the
                                // complete and cancel weights of members `cm`, `xm` (in k
                                // order), `before` the block's completes below `a`, `after`
                                // its cancels from `end` on. Every row's error is at least
                                // `lb + before + after`: a range that cannot hold the least
                                // error, nor one tied with it, is left unsplit; else it is
                                // halved (one binomial per label: given their sum,
                                // independent Poissons split binomially) down to rows.
                                // (The running minimum passed in, not captured: a captured
                                // `var` is checked for exclusive access at run time.)
                                let upper = upper
                                func resolve(
                                    _ j: Int, _ b: Int, lb: Int, _ a: Int, _ end: Int,
                                    _ cm: Range<Int>, _ xm: Range<Int>, _ cw: Int, _ xw: Int,
                                    before: Int, after: Int, _ minimum: inout RunningMinimum
                                ) {
                                    let floor = lb + before + after
                                    if !refineAll && (a >= rows || floor > min(upper, minimum.best))
                                    {
                                        unresolved?(b * 2 + 1, cm, cw)
                                        unresolved?(b * 2, xm, xw)
                                        return
                                    }
                                    if end - a == 1 || (cm.count <= 1 && xm.count <= 1) {
                                        for m in cm { realized?[Int(memberUnit[m])] = cw }
                                        for m in xm { realized?[Int(memberUnit[m])] = xw }
                                        let kc = cm.isEmpty ? Int.max : Int(memberK[cm.lowerBound])
                                        let kx = xm.isEmpty ? Int.min : Int(memberK[xm.lowerBound])
                                        for i in a..<max(a, min(end, rows)) {
                                            minimum.visit(
                                                column: j, row: i,
                                                errors: floor + (kc <= i ? cw : 0)
                                                    + (kx > i ? xw : 0), tied: tied)
                                        }
                                        return
                                    }
                                    let mid = (a + end) / 2
                                    let cs = cm.first { Int(memberK[$0]) >= mid } ?? cm.upperBound
                                    let xs = xm.first { Int(memberK[$0]) >= mid } ?? xm.upperBound
                                    let cwLow = share(cw, of: cm, below: cs, rng: rng)
                                    let xwLow = share(xw, of: xm, below: xs, rng: rng)
                                    resolve(
                                        j, b, lb: lb, a, mid, cm.lowerBound..<cs,
                                        xm.lowerBound..<xs, cwLow, xwLow, before: before,
                                        after: after + xw - xwLow, &minimum)
                                    resolve(
                                        j, b, lb: lb, mid, end, cs..<cm.upperBound,
                                        xs..<xm.upperBound, cw - cwLow, xw - xwLow,
                                        before: before + cwLow, after: after, &minimum)
                                }
                                for j in 0..<columns {
                                    for b in columnStart[j]..<columnStart[j + 1] {
                                        let lb = bound[b]
                                        let cm = groupStart[b * 2 + 1]..<groupStart[b * 2 + 2]
                                        let xm = groupStart[b * 2]..<groupStart[b * 2 + 1]
                                        if !refineAll && lb > min(upper, minimum.best) {
                                            unresolved?(b * 2 + 1, cm, w[b * 2 + 1])
                                            unresolved?(b * 2, xm, w[b * 2])
                                            continue
                                        }
                                        if b == columnStart[j] {
                                            w[b * 2] = drawn(
                                                group: b * 2, rng: rng, tables: tables, ws: ws)
                                        }
                                        if b == columnStart[j + 1] - 1 {
                                            w[b * 2 + 1] = drawn(
                                                group: b * 2 + 1, rng: rng, tables: tables, ws: ws)
                                        }
                                        resolve(
                                            j, b, lb: lb, Int(blockLow[b]), Int(blockHigh[b]), cm,
                                            xm, w[b * 2 + 1], w[b * 2], before: 0, after: 0,
                                            &minimum)
                                    }
                                }
                                minimum.flush(tied: tied)
                            }
                        }
                    }
                }
            }
        }
        return ws.tied.withUnsafeBufferPointer { minimum.choose($0, reference: reference) }
    }

    /// The weight of a group drawn only when its block is split: Poisson(its count), from
    /// the same tables.
    private func drawn(group g: Int, rng: RandomSource, tables: PoissonTables, ws: BlockWorkspace)
        -> Int
    {
        var weight = 0
        withUnsafeMutablePointer(to: &weight) { out in
            groupCounts.withUnsafeBufferPointer { n in
                rng.poissonCounts(
                    UnsafeBufferPointer(rebasing: n[g..<(g + 1)]), tables: tables,
                    into: UnsafeMutableBufferPointer(start: out, count: 1), scratch: &ws.lone)
            }
        }
        return weight
    }

    /// Of `weight` drawn over members `range` (in proportion to their counts), the part on
    /// members before `split`: Binomial(weight, their share), `gsl_ran_binomial`.
    @inline(__always)
    private func share(_ weight: Int, of range: Range<Int>, below split: Int, rng: RandomSource)
        -> Int
    {
        guard weight > 0, split > range.lowerBound else { return 0 }
        guard split < range.upperBound else { return weight }
        let low = memberCumulative[split] - memberCumulative[range.lowerBound]
        let all = memberCumulative[range.upperBound] - memberCumulative[range.lowerBound]
        return rng.binomial(low / all, trials: UInt32(weight))
    }

    /// Whether the block weights stay within the binomial's `unsigned int` trials whatever
    /// is drawn (a Poisson draw beyond 2^32 from counts under 2^30 is impossible in practice:
    /// more than 30,000 standard deviations).
    static func fits(_ encoding: Encoding) -> Bool { encoding.gestureCount < 1 << 30 }
}

/// Buffers of `ColumnBlocks.choose` for one thread.
final class BlockWorkspace {
    var groupWeights: [Int]
    var bounds: [Int]
    var tied: [UInt32]
    var draws = PoissonScratch()
    /// `drawn`'s, for one group at a time.
    var lone = PoissonScratch()

    init(_ blocks: ColumnBlocks) {
        groupWeights = [Int](repeating: 0, count: blocks.groupCount)
        bounds = [Int](repeating: 0, count: blocks.blockCount)
        tied = [UInt32](
            repeating: 0, count: RunningMinimum.slots(candidates: blocks.rows * blocks.columns))
    }
}
