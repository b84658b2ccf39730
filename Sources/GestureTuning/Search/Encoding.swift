internal import GestureNumerics
import GesturePhysics

/// The cells of one family (`FamilyCells`, merged counts per fold) laid out for sweeps, so
/// the error of every candidate comes from one pass over the cells instead of
/// grid × gestures rule calls.
///
/// Two shapes cover the families:
/// - **staircase** (`threshold`, `forward`, fixed-`tau` `projection`, `kinematic`): in column
///   `j` a gesture has a fixed decision while `j < c` (decided by velocity alone, e.g.
///   `v_p >= v_th`), and from column `c` on it completes iff row `i < k` (decided by
///   position, e.g. `p_r >= p_th`). Gestures with equal `(c, k, fixed, label)` are
///   interchangeable, so they are pooled into cells with counts: the error grid costs
///   O(cells + rows × columns).
/// - **per column** (`projection` with `tau` searched): each tau column `t` has its own
///   cells `(t, k, label)`; column `t` reads only its own. Cost O(cells + rows × columns).
///
/// Units are the cells in increasing key order (`c`, resp. `t`, major); a weight vector holds
/// one weight per unit (the full counts, a training set's, a bootstrap resample's).
struct Encoding: Sendable {
    let space: SearchSpace
    let rows: Int
    let columns: Int
    let folds: Int
    let perColumn: Bool
    /// Counted on the coarse grid (`CellGrid.coarse`): `choose` reports even rows (and, for a
    /// staircase, even columns) only.
    let coarse: Bool
    /// Per unit: staircase `c` (0...columns), or the tau column.
    let c: [Int32]
    let k: [Int32]
    let label: [Bool]
    /// Staircase: the fixed decision is wrong for the label (false per column).
    let fixedWrong: [Bool]
    /// `columnStart[j]..<columnStart[j+1]` hold the units with `c == j` (j in 0...columns).
    let columnStart: [Int]
    /// Per unit, every fold.
    let counts: [Int]
    /// `foldCounts[unit * folds + fold]`.
    let foldCounts: [Int]
    /// Staircase: every row `k < rows` some unit has, increasing; the rows where a column's
    /// error can change (`staircaseSweep` visits the runs between them when they are few).
    let rowBreaks: [Int32]

    var unitCount: Int { c.count }
    /// Labelled gestures encoded.
    let gestureCount: Int

    /// Unit weights with every gesture counted once.
    var fullWeights: [Int] { counts }

    init(cells family: FamilyCells) {
        space = family.space
        rows = family.rows
        columns = family.columns
        folds = family.folds
        perColumn = family.isPerColumn
        coarse = family.isCoarse
        gestureCount = family.count
        let capacity: Int
        switch family {
        case .perColumn(let cells):
            (c, k, label, fixedWrong, counts, foldCounts, columnStart) = Self.perColumnUnits(cells)
            rowBreaks = []
            return
        case .staircase(let cells):
            // At most one unit per occupied (key, fold) slot.
            capacity = cells.occupiedSlots
        }
        var c: [Int32] = [], k: [Int32] = [], label: [Bool] = [], fixedWrong: [Bool] = []
        var counts: [Int] = [], foldCounts: [Int] = []
        c.reserveCapacity(capacity)
        k.reserveCapacity(capacity)
        label.reserveCapacity(capacity)
        fixedWrong.reserveCapacity(capacity)
        counts.reserveCapacity(capacity)
        foldCounts.reserveCapacity(capacity * family.folds)
        var columnStart = [Int](repeating: 0, count: columns + 2)
        let rows = family.rows
        family.forEachCell { key, perFold in
            let l = key & 1 == 1
            let fx = (key >> 1) & 1 == 1
            let ck = key >> 2
            let column = ck / (rows + 1)
            c.append(Int32(column))
            k.append(Int32(ck % (rows + 1)))
            label.append(l)
            fixedWrong.append(fx != l)
            var total = 0
            for n in perFold { total += n }
            counts.append(total)
            foldCounts.append(contentsOf: perFold)
            columnStart[column + 1] += 1
        }
        for j in 0...columns { columnStart[j + 1] += columnStart[j] }
        (
            self.c, self.k, self.label, self.fixedWrong, self.counts, self.foldCounts,
            self.columnStart
        ) =
            (c, k, label, fixedWrong, counts, foldCounts, columnStart)
        var hasRow = [Bool](repeating: false, count: rows)
        for unitK in k where Int(unitK) < rows { hasRow[Int(unitK)] = true }
        rowBreaks = (0..<rows).filter { hasRow[$0] }.map { Int32($0) }
    }

    /// The units of a per-column family, in the order `FamilyCells.forEachCell` gives them
    /// (tau column major, then `k`, then label), read from the dense counts in their memory
    /// order, which is that order (slot `key * folds + fold`): one pass counts each column's
    /// occupied cells, a second writes each cell at its unit.
    private static func perColumnUnits(
        _ family: ColumnCells
    ) -> (
        c: [Int32], k: [Int32], label: [Bool], fixedWrong: [Bool], counts: [Int], foldCounts: [Int],
        columnStart: [Int]
    ) {
        let columns = family.grid.columns, folds = family.grid.folds, keys = family.keyCount
        let perColumn = (family.grid.rows + 1) * 2
        return family.withCounts { d in
            var columnStart = [Int](repeating: 0, count: columns + 2)
            guard !d.isEmpty else { return ([], [], [], [], [], [], columnStart) }
            for key in 0..<keys
            where d[(key * folds)..<((key + 1) * folds)].contains(where: { $0 != 0 }) {
                columnStart[key / perColumn + 1] += 1
            }
            for j in 0...columns { columnStart[j + 1] += columnStart[j] }
            let units = columnStart[columns]
            var c = [Int32](repeating: 0, count: units), k = c
            var label = [Bool](repeating: false, count: units)
            var counts = [Int](repeating: 0, count: units)
            var foldCounts = [Int](repeating: 0, count: units * folds)
            var u = 0
            for key in 0..<keys {
                let first = key * folds
                var total = 0
                for f in 0..<folds { total += d[first + f] }
                guard total != 0 else { continue }
                let kl = key % perColumn
                c[u] = Int32(key / perColumn)
                k[u] = Int32(kl / 2)
                label[u] = kl % 2 == 1
                counts[u] = total
                for f in 0..<folds { foldCounts[u * folds + f] = d[first + f] }
                u += 1
            }
            return (
                c, k, label, [Bool](repeating: false, count: units), counts, foldCounts, columnStart
            )
        }
    }

    /// Encodes labelled points (`intent != nil`) for `space`, every point in fold
    /// `GestureKey(file: "", id:).fold(seed:folds:)` (for tests and small sets).
    init(points: [TuningPoint], space: SearchSpace, folds: Int = 1, seed: UInt64 = 1) {
        var cells = FamilyCells(space: space, folds: folds)
        for p in points {
            guard let intent = p.intent else { continue }
            cells.add(
                p, complete: intent == .complete,
                fold: GestureKey(file: "", id: p.id).fold(seed: seed, folds: folds))
        }
        self.init(cells: cells)
    }

    /// Weights of one fold's gestures.
    func weights(fold: Int) -> [Int] { (0..<unitCount).map { foldCounts[$0 * folds + fold] } }

    /// `(c, k, fixed)` of one point: the grid search's private form of `Rule.completes` (the
    /// runtime's decision), comparison by comparison; the sweep tests hold it to `Rule.completes`
    /// by brute force over the same grid.
    static func staircase(
        _ point: TuningPoint, space: SearchSpace, rowAxis: GridAxis, columnAxis: GridAxis
    ) -> (Int, Int, Bool) {
        let p = point.progress, v = point.velocity
        switch space {
        case .threshold:
            // complete: v >= v_th; cancel: v <= -v_th; else p >= p_th. The mode switches at
            // the first column with v_th > |v|.
            return (columnAxis.countAtMost(abs(v)), rowAxis.countAtMost(p), v >= 0)
        case .forward:
            // v < 0 cancels in every column; else v > v_th completes; else p > p_th.
            guard v >= 0 else { return (columnAxis.values.count, 0, false) }
            return (columnAxis.countLess(v), rowAxis.countLess(p), true)
        case .projection(let tau):
            return (0, rowAxis.countAtMost(p + tau! * v), false)
        case .kinematic(let d):
            if point.sampleCount < GestureTuneDefaults.kinematicSamples {
                return (1, 0, point.kinematicVelocity > 0)
            }
            let e = point.extent
            let landing = p + point.kinematicVelocity * d + point.kinematicAcceleration * d * d / 2
            // Targets min(d_th / E, 0.5) never decrease along the rows: binary search.
            var lo = 0, hi = rowAxis.values.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if landing >= min(rowAxis.values[mid] / e, 0.5) { lo = mid + 1 } else { hi = mid }
            }
            return (0, lo, false)
        }
    }

    /// Misdecided weight of every candidate: `errors[column * rows + row]`. For tests and
    /// reports: the search itself (`choose`) keeps only the running minimum and its ties.
    func errorGrid(weights: [Int]) -> [Int] {
        var errors = [Int](repeating: 0, count: rows * columns)
        let workspace = ChoiceWorkspace(self)
        weights.withUnsafeBufferPointer { w in
            errors.withUnsafeMutableBufferPointer { out in
                sweep(w, workspace) { j, low, high, e in
                    for i in low..<high { out[j * rows + i] = e }
                }
            }
        }
        return errors
    }

    /// The candidate chosen for `weights`, with physics.md's tie-breaks.
    func choose(weights: [Int]) -> GridChoice {
        weights.withUnsafeBufferPointer { choose(weights: $0, workspace: ChoiceWorkspace(self)) }
    }

    /// The candidate chosen for unit `weights`: one column-by-column sweep that keeps the
    /// running minimum and the candidates tied at it (in (column, row) order), then
    /// `chooseAmongTied`. No error grid is materialised; `workspace` (one per thread) holds
    /// every buffer, so a call allocates nothing.
    func choose(weights: UnsafeBufferPointer<Int>, workspace: ChoiceWorkspace) -> GridChoice {
        var minimum = RunningMinimum()
        workspace.tied.withUnsafeMutableBufferPointer { tied in
            sweep(weights, workspace) { j, low, high, e in
                minimum.visit(column: j, rows: low, to: high, errors: e, tied: tied)
            }
            minimum.flush(tied: tied)
        }
        let choice = workspace.tied.withUnsafeBufferPointer {
            minimum.choose($0, reference: space.reference)
        }
        return coarse ? snapped(choice) : choice
    }

    /// On the coarse grid, an odd row (or staircase column) decides every gesture as the even
    /// one below it: that one, the same errors, a value the counts hold exactly.
    private func snapped(_ choice: GridChoice) -> GridChoice {
        var out = choice
        out.row -= out.row % 2
        if !perColumn { out.column -= out.column % 2 }
        return out
    }

    /// Calls `visit(column, low, high, errors)` for runs of rows `low..<high` of one column
    /// with the same error, covering every candidate once in (column, row) order (a run may
    /// be one row; two consecutive runs may have the same error).
    @inline(__always)
    private func sweep(
        _ w: UnsafeBufferPointer<Int>, _ workspace: ChoiceWorkspace,
        _ visit: (Int, Int, Int, Int) -> Void
    ) {
        precondition(w.count == unitCount, "one weight per unit")
        let rows = self.rows, columns = self.columns, perColumn = self.perColumn
        workspace.histComplete.withUnsafeMutableBufferPointer { hc in
            workspace.histCancel.withUnsafeMutableBufferPointer { hx in
                workspace.suffix.withUnsafeMutableBufferPointer { suffix in
                    c.withUnsafeBufferPointer { c in
                        k.withUnsafeBufferPointer { k in
                            label.withUnsafeBufferPointer { label in
                                fixedWrong.withUnsafeBufferPointer { fixedWrong in
                                    columnStart.withUnsafeBufferPointer { columnStart in
                                        rowBreaks.withUnsafeBufferPointer { rowBreaks in
                                            if perColumn {
                                                Encoding.perColumnSweep(
                                                    hc, hx, w, k, label, columnStart, rows: rows,
                                                    columns: columns, visit)
                                            } else {
                                                Encoding.staircaseSweep(
                                                    hc, hx, suffix, w, c, k, label, fixedWrong,
                                                    columnStart, rowBreaks, rows: rows,
                                                    columns: columns, visit)
                                            }
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    @inline(__always)
    private static func staircaseSweep(
        _ hc: UnsafeMutableBufferPointer<Int>, _ hx: UnsafeMutableBufferPointer<Int>,
        _ suffix: UnsafeMutableBufferPointer<Int>,
        _ w: UnsafeBufferPointer<Int>, _ c: UnsafeBufferPointer<Int32>,
        _ k: UnsafeBufferPointer<Int32>,
        _ label: UnsafeBufferPointer<Bool>, _ fixedWrong: UnsafeBufferPointer<Bool>,
        _ columnStart: UnsafeBufferPointer<Int>, _ rowBreaks: UnsafeBufferPointer<Int32>,
        rows: Int, columns: Int, _ visit: (Int, Int, Int, Int) -> Void
    ) {
        // Few rows where the error can change (a few gestures): runs between them.
        let sparse = rowBreaks.count * 4 <= rows
        // suffix[j]: weight whose fixed decision is wrong and still fixed in column j (c > j).
        for j in 0...columns { suffix[j] = 0 }
        for i in 0...rows {
            hc[i] = 0
            hx[i] = 0
        }
        for cell in 0..<c.count where fixedWrong[cell] { suffix[Int(c[cell])] += w[cell] }
        var acc = suffix[columns]
        for j in stride(from: columns - 1, through: 0, by: -1) {
            let own = suffix[j]
            suffix[j] = acc
            acc += own
        }
        var totalCancel = 0
        for j in 0..<columns {
            for cell in columnStart[j]..<columnStart[j + 1] {
                let weight = w[cell]
                if label[cell] {
                    hc[Int(k[cell])] += weight
                } else {
                    hx[Int(k[cell])] += weight
                    totalCancel += weight
                }
            }
            if sparse {
                var cumComplete = 0, cumCancel = 0, low = 0
                for b in rowBreaks {
                    let i = Int(b)
                    visit(j, low, i, suffix[j] + cumComplete + totalCancel - cumCancel)
                    cumComplete += hc[i]
                    cumCancel += hx[i]
                    low = i
                }
                visit(j, low, rows, suffix[j] + cumComplete + totalCancel - cumCancel)
            } else {
                rowSweep(column: j, rows: rows, base: suffix[j], hc, hx, totalCancel, visit)
            }
        }
    }

    /// Each tau column on its own cells: histograms by `k` per class, then the row sweep.
    @inline(__always)
    private static func perColumnSweep(
        _ hc: UnsafeMutableBufferPointer<Int>, _ hx: UnsafeMutableBufferPointer<Int>,
        _ w: UnsafeBufferPointer<Int>, _ k: UnsafeBufferPointer<Int32>,
        _ label: UnsafeBufferPointer<Bool>,
        _ columnStart: UnsafeBufferPointer<Int>, rows: Int, columns: Int,
        _ visit: (Int, Int, Int, Int) -> Void
    ) {
        for j in 0..<columns {
            // Few units in the column (a few gestures): its units are in increasing k, so
            // the runs between their rows, without the histograms.
            if (columnStart[j + 1] - columnStart[j]) * 4 <= rows {
                var total = 0
                for cell in columnStart[j]..<columnStart[j + 1] where !label[cell] {
                    total += w[cell]
                }
                var cumComplete = 0, cumCancel = 0, low = 0
                for cell in columnStart[j]..<columnStart[j + 1] {
                    let i = Int(k[cell])
                    guard i < rows else { break }
                    visit(j, low, i, cumComplete + total - cumCancel)
                    if label[cell] {
                        cumComplete += w[cell]
                    } else {
                        cumCancel += w[cell]
                    }
                    low = i
                }
                visit(j, low, rows, cumComplete + total - cumCancel)
                continue
            }
            for i in 0...rows {
                hc[i] = 0
                hx[i] = 0
            }
            var totalCancel = 0
            for cell in columnStart[j]..<columnStart[j + 1] {
                let weight = w[cell]
                if label[cell] {
                    hc[Int(k[cell])] += weight
                } else {
                    hx[Int(k[cell])] += weight
                    totalCancel += weight
                }
            }
            rowSweep(column: j, rows: rows, base: 0, hc, hx, totalCancel, visit)
        }
    }

    /// Row sweep of one column: a complete-labelled unit with `k <= i` is cancelled at row
    /// `i` (wrong); a cancel-labelled unit with `k > i` is completed (wrong).
    @inline(__always)
    private static func rowSweep(
        column j: Int, rows: Int, base: Int, _ hc: UnsafeMutableBufferPointer<Int>,
        _ hx: UnsafeMutableBufferPointer<Int>,
        _ totalCancel: Int, _ visit: (Int, Int, Int, Int) -> Void
    ) {
        var cumComplete = 0, cumCancel = 0
        for i in 0..<rows {
            cumComplete += hc[i]
            cumCancel += hx[i]
            visit(j, i, i + 1, base + cumComplete + totalCancel - cumCancel)
        }
    }

    /// Whether the candidate `(row, column)` completes the gestures of each unit: calls
    /// `visit(unit, label, decidedComplete)` for every unit that stands for gestures at this
    /// candidate (per column: the units of column `column` only). Mirrors `Rule.completes` as
    /// the sweep does.
    func decisions(row i: Int, column j: Int, _ visit: (Int, Bool, Bool) -> Void) {
        if perColumn {
            for cell in columnStart[j]..<columnStart[j + 1] {
                visit(cell, label[cell], i < Int(k[cell]))
            }
        } else {
            for cell in 0..<c.count {
                let l = label[cell]
                let decided = j < Int(c[cell]) ? (fixedWrong[cell] != l) : i < Int(k[cell])
                visit(cell, l, decided)
            }
        }
    }

    /// The confusion of candidate `(row, column)` on unit weights `weights`.
    func confusion(row: Int, column: Int, weights: [Int]) -> Confusion {
        var confusion = Confusion()
        decisions(row: row, column: column) { unit, label, decided in
            let w = weights[unit]
            if w != 0 { confusion.add(meantComplete: label, decidedComplete: decided, count: w) }
        }
        return confusion
    }
}

/// Buffers of `Encoding.choose` for one encoding, reused across calls by one thread.
final class ChoiceWorkspace {
    /// Histograms of `rows + 1` bins per class.
    var histComplete: [Int]
    var histCancel: [Int]
    var suffix: [Int]
    /// The runs of candidates tied at the running minimum (`RunningMinimum`).
    var tied: [UInt32]
    /// Unit weights, for callers that build them in place.
    var weights: [Int]
    /// Scratch of `RandomSource.poissonCounts`.
    var draws = PoissonScratch()

    init(_ encoding: Encoding) {
        histComplete = [Int](repeating: 0, count: encoding.rows + 1)
        histCancel = [Int](repeating: 0, count: encoding.rows + 1)
        suffix = [Int](repeating: 0, count: encoding.columns + 1)
        tied = [UInt32](
            repeating: 0,
            count: RunningMinimum.slots(candidates: encoding.rows * encoding.columns))
        weights = [Int](repeating: 0, count: encoding.unitCount)
    }
}

/// Brute force: every grid candidate's rule evaluated on every labelled point with
/// `Rule.completes`. O(grid × gestures); for tests and tiny sets.
func bruteForceErrorGrid(points: [TuningPoint], space: SearchSpace) -> [Int] {
    let rows = space.rows.values.count, columns = space.columns.values.count
    var errors = [Int](repeating: 0, count: rows * columns)
    for j in 0..<columns {
        for i in 0..<rows {
            let rule = space.rule(row: i, column: j)
            var e = 0
            for point in points where point.intent != nil {
                if rule.completes(point.state) != (point.intent == .complete) { e += 1 }
            }
            errors[j * rows + i] = e
        }
    }
    return errors
}
