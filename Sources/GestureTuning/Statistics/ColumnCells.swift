import GesturePhysics

/// The cells of `projection` with `tau` searched: per tau column `t`, key
/// `(t * (rows + 1) + k) * 2 + label`, kept dense (slot `key * folds + fold`, so key order is
/// memory order) once a full batch has been counted.
///
/// A gesture counts once in every column, at a row that moves with its velocity. Counting
/// gestures one by one would touch every column per gesture; instead they wait in a batch
/// and are counted column by column, so that a column's counts stay in cache while the whole
/// batch is counted in it. The batch is this type's own business: every read, `merge` and
/// encoding sees the waiting gestures counted (a read that cannot change the value counts
/// them on a copy), so nobody outside has to flush it.
///
/// The dense table is the size of the grid (every column × row × label × fold), far more
/// than a few gestures need: until a batch is full the gestures only wait, and a merge of
/// two such cells joins their batches; counts read from a file stay sparse (`sparse`) while
/// they would fill less than a quarter of the table. Many small cells (`--by` on a column of
/// many values, or their partials merged) then cost their gestures, not the grid.
struct ColumnCells: Sendable {
    let grid: CellGrid
    /// Labelled gestures added.
    private(set) var count: Int
    /// Per slot, its count; empty until a batch is counted or `sparse` grows too big.
    private var dense: [Int] = []
    /// Counts by slot not in `dense` (only while `dense` is empty): a decoded cell's, or
    /// merged from one.
    private var sparse: CellCounts?
    /// Gestures added but not yet counted in `dense`.
    private var waiting = WaitingPoints()
    /// Gestures waiting at most before they are counted.
    static let batchSize = 512

    /// Cells holding `count` gestures, `counts` their counts by slot (a decoded file's).
    init(_ grid: CellGrid, count: Int = 0, counts: CellCounts = CellCounts()) {
        self.grid = grid
        self.count = count
        if !counts.isEmpty {
            sparse = counts
            settleSparse()
        }
    }

    var keyCount: Int { grid.columns * (grid.rows + 1) * 2 }

    mutating func add(_ point: TuningPoint, complete: Bool, fold: Int) {
        count += 1
        let slot = (complete ? 1 : 0) * grid.folds + fold
        // A full batch's room only once the table exists: small cells grow as they fill.
        waiting.append(
            progress: point.progress, velocity: point.velocity, slot: slot, reserve: !dense.isEmpty)
        if waiting.count >= Self.batchSize { countWaiting() }
    }

    /// Adds `other`'s counts; its waiting gestures join this batch (counted once it is full),
    /// so merging cells that never filled a batch makes no table.
    mutating func merge(_ other: ColumnCells) {
        count += other.count
        if !other.dense.isEmpty {
            if dense.isEmpty {
                dense = other.dense
            } else {
                for i in dense.indices { dense[i] += other.dense[i] }
            }
        }
        if let theirs = other.sparse {
            // Taken out of `sparse` first, so the table is changed in place, not copied.
            var mine = sparse ?? CellCounts()
            sparse = nil
            theirs.forEach { slot, n in mine.add(slot, n) }
            sparse = mine
        }
        settleSparse()
        waiting.append(contentsOf: other.waiting)
        if waiting.count >= Self.batchSize { countWaiting() }
    }

    /// Calls `body` with the count of every slot, the waiting gestures counted: an empty
    /// buffer when nothing was added.
    func withCounts<R>(_ body: (UnsafeBufferPointer<Int>) -> R) -> R {
        counted.withUnsafeBufferPointer(body)
    }

    /// The same cells counted on the coarse grid (`CellGrid.row`: rows rounded up to even).
    func coarsened() -> ColumnCells {
        let coarse = CellGrid(space: grid.space, folds: grid.folds, coarse: true)
        var counts = CellCounts()
        let folds = grid.folds, rows = grid.rows
        forEachCell { key, perFold in
            let label = key % 2, k = (key / 2) % (rows + 1), t = (key / 2) / (rows + 1)
            let coarseKey = (t * (rows + 1) + coarse.row(k)) * 2 + label
            for f in 0..<folds where perFold[f] != 0 {
                counts.add(coarseKey * folds + f, perFold[f])
            }
        }
        return ColumnCells(coarse, count: count, counts: counts)
    }

    func forEachCell(_ body: (Int, UnsafeBufferPointer<Int>) -> Void) {
        let folds = grid.folds, keys = keyCount
        withCounts { d in
            guard !d.isEmpty else { return }
            for key in 0..<keys {
                // A key's folds are adjacent: slots `key * folds ..< (key + 1) * folds`.
                let counts = UnsafeBufferPointer(rebasing: d[(key * folds)..<((key + 1) * folds)])
                if counts.contains(where: { $0 != 0 }) { body(key, counts) }
            }
        }
    }

    /// Counts the waiting gestures now, so that cells built to be read at once (the
    /// estimator table's) are read without a copy. What any read sees is the same either way.
    mutating func settle() { countWaiting() }

    /// `dense` with the waiting gestures counted (a copy only when some wait).
    private var counted: [Int] {
        guard waiting.count > 0 || sparse != nil else { return dense }
        var copy = self
        copy.countWaiting()
        return copy.dense
    }

    /// Counts the waiting gestures into `dense`, column by column: in column `t` a gesture
    /// counts at row `rowAxis.countAtMost(p + tau_t v)`.
    private mutating func countWaiting() {
        guard waiting.count > 0 || sparse != nil else { return }
        if dense.isEmpty { dense = [Int](repeating: 0, count: keyCount * grid.folds) }
        settleSparse()
        guard waiting.count > 0 else { return }
        let n = waiting.count, rowAxis = grid.rowAxis, taus = grid.columnAxis.values
        let columnSize = (grid.rows + 1) * 2 * grid.folds, rowSize = 2 * grid.folds
        let grid = self.grid
        waiting.withBuffers { p, v, slot in
            dense.withUnsafeMutableBufferPointer { d in
                for (t, tau) in taus.enumerated() {
                    let base = t * columnSize
                    if grid.coarse {
                        for i in 0..<n {
                            let k = grid.row(rowAxis.countAtMost(p[i] + tau * v[i]))
                            d[base + k * rowSize + slot[i]] += 1
                        }
                    } else {
                        for i in 0..<n {
                            let k = rowAxis.countAtMost(p[i] + tau * v[i])
                            d[base + k * rowSize + slot[i]] += 1
                        }
                    }
                }
            }
        }
        waiting.removeAll()
    }
}

extension ColumnCells {
    /// Moves `sparse` into `dense` when the table exists, or is made now because `sparse`
    /// would fill a quarter of it (a slot there costs about twice a dense one).
    fileprivate mutating func settleSparse() {
        guard let counts = sparse else { return }
        let size = keyCount * grid.folds
        if dense.isEmpty {
            guard 4 * counts.count > size else { return }
            dense = [Int](repeating: 0, count: size)
        }
        dense.withUnsafeMutableBufferPointer { d in counts.forEach { slot, n in d[slot] += n } }
        sparse = nil
    }
}

/// Gestures waiting to be counted: progress, velocity and the slot of their label and fold
/// within a row (`label * folds + fold`).
private struct WaitingPoints: Sendable {
    private var progress: [Double] = []
    private var velocity: [Double] = []
    private var slot: [Int] = []

    var count: Int { slot.count }

    mutating func append(progress p: Double, velocity v: Double, slot s: Int, reserve: Bool) {
        if reserve && slot.isEmpty {
            progress.reserveCapacity(ColumnCells.batchSize)
            velocity.reserveCapacity(ColumnCells.batchSize)
            slot.reserveCapacity(ColumnCells.batchSize)
        }
        progress.append(p)
        velocity.append(v)
        slot.append(s)
    }

    mutating func append(contentsOf other: WaitingPoints) {
        progress.append(contentsOf: other.progress)
        velocity.append(contentsOf: other.velocity)
        slot.append(contentsOf: other.slot)
    }

    mutating func removeAll() {
        progress.removeAll(keepingCapacity: true)
        velocity.removeAll(keepingCapacity: true)
        slot.removeAll(keepingCapacity: true)
    }

    func withBuffers<R>(
        _ body: (UnsafeBufferPointer<Double>, UnsafeBufferPointer<Double>, UnsafeBufferPointer<Int>)
            -> R
    ) -> R {
        progress.withUnsafeBufferPointer { p in
            velocity.withUnsafeBufferPointer { v in
                slot.withUnsafeBufferPointer { s in body(p, v, s) }
            }
        }
    }
}
