import GesturePhysics

/// The cells of `projection` with `tau` searched: per tau column `t`, key
/// `(t * (rows + 1) + k) * 2 + label`, kept dense (slot `key * folds + fold`, so key order is
/// memory order) once anything is added.
///
/// A gesture counts once in every column, at a row that moves with its velocity. Counting
/// gestures one by one would touch every column per gesture; instead they wait in a batch
/// and are counted column by column, so that a column's counts stay in cache while the whole
/// batch is counted in it. The batch is this type's own business: every read, `merge` and
/// encoding sees the waiting gestures counted (a read that cannot change the value counts
/// them on a copy), so nobody outside has to flush it.
struct ColumnCells: Sendable {
    let grid: CellGrid
    /// Labelled gestures added.
    private(set) var count: Int
    /// Per slot, its count; empty until the first gesture is counted.
    private var dense: [Int] = []
    /// Gestures added but not yet counted in `dense`.
    private var waiting = WaitingPoints()
    /// Gestures waiting at most before they are counted.
    static let batchSize = 512

    /// Cells holding `count` gestures, `slots` their counts by slot (a decoded file's).
    init(_ grid: CellGrid, count: Int = 0, slots: [(slot: Int, count: Int)] = []) {
        self.grid = grid
        self.count = count
        for (slot, n) in slots {
            if dense.isEmpty { dense = [Int](repeating: 0, count: keyCount * grid.folds) }
            dense[slot] += n
        }
    }

    var keyCount: Int { grid.columns * (grid.rows + 1) * 2 }

    mutating func add(_ point: TuningPoint, complete: Bool, fold: Int) {
        count += 1
        let slot = (complete ? 1 : 0) * grid.folds + fold
        waiting.append(progress: point.progress, velocity: point.velocity, slot: slot)
        if waiting.count >= Self.batchSize { countWaiting() }
    }

    mutating func merge(_ other: ColumnCells) {
        countWaiting()
        count += other.count
        let theirs = other.counted
        guard !theirs.isEmpty else { return }
        if dense.isEmpty {
            dense = theirs
        } else {
            for i in dense.indices { dense[i] += theirs[i] }
        }
    }

    /// Calls `body` with the count of every slot, the waiting gestures counted: an empty
    /// buffer when nothing was added.
    func withCounts<R>(_ body: (UnsafeBufferPointer<Int>) -> R) -> R {
        counted.withUnsafeBufferPointer(body)
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

    /// `dense` with the waiting gestures counted (a copy only when some wait).
    private var counted: [Int] {
        guard waiting.count > 0 else { return dense }
        var copy = self
        copy.countWaiting()
        return copy.dense
    }

    /// Counts the waiting gestures into `dense`, column by column: in column `t` a gesture
    /// counts at row `rowAxis.countAtMost(p + tau_t v)`.
    private mutating func countWaiting() {
        guard waiting.count > 0 else { return }
        if dense.isEmpty { dense = [Int](repeating: 0, count: keyCount * grid.folds) }
        let n = waiting.count, rowAxis = grid.rowAxis, taus = grid.columnAxis.values
        let columnSize = (grid.rows + 1) * 2 * grid.folds, rowSize = 2 * grid.folds
        waiting.withBuffers { p, v, slot in
            dense.withUnsafeMutableBufferPointer { d in
                for (t, tau) in taus.enumerated() {
                    let base = t * columnSize
                    for i in 0..<n {
                        d[base + rowAxis.countAtMost(p[i] + tau * v[i]) * rowSize + slot[i]] += 1
                    }
                }
            }
        }
        waiting.removeAll()
    }
}

/// Gestures waiting to be counted: progress, velocity and the slot of their label and fold
/// within a row (`label * folds + fold`).
private struct WaitingPoints: Sendable {
    private var progress: [Double] = []
    private var velocity: [Double] = []
    private var slot: [Int] = []

    var count: Int { slot.count }

    mutating func append(progress p: Double, velocity v: Double, slot s: Int) {
        if slot.isEmpty {
            progress.reserveCapacity(ColumnCells.batchSize)
            velocity.reserveCapacity(ColumnCells.batchSize)
            slot.reserveCapacity(ColumnCells.batchSize)
        }
        progress.append(p)
        velocity.append(v)
        slot.append(s)
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
