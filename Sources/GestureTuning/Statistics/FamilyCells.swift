import GesturePhysics

/// The labelled gestures of one searched family reduced to cell counts per fold: what every
/// search, cross-validation and bootstrap of that family reads (`Encoding(cells:)`). Adding
/// a gesture is a few comparisons and one count; merging adds counts; the size is bounded by
/// the grid, not by the number of gestures.
///
/// - Staircase families (`threshold`, `forward`, fixed-`tau` `projection`, `kinematic`): key
///   `((c * (rows + 1) + k) * 2 + fixed) * 2 + label` (see `Encoding`), kept sparse.
/// - `projection` with `tau` searched: per tau column `t`, key `(t * (rows + 1) + k) * 2 + label`,
///   kept dense (columns × (rows + 1) × 2 × folds counts, slot `key * folds + fold`: key order
///   is memory order) once anything is added. A gesture counts once in every column, at a row
///   that moves with its velocity, so one gesture's counts fall on a cache line per column.
///   Gestures wait in `pending` (at most `pendingLimit`) and are counted column by column
///   (`flush`): a column's counts (7 KB) stay in cache while every waiting gesture is counted
///   in it. Every read (`forEachCell`, `merge`, coding, `Encoding`) sees the waiting gestures
///   counted (`flushed`); producers call `flush()` once they are done adding, so reads
///   need no copy.
struct FamilyCells: Sendable {
    let space: SearchSpace
    let folds: Int
    /// Staircase: `key * folds + fold` → count.
    var sparse = CellCounts()
    /// Per column: `key * folds + fold` → count; empty until the first gesture is counted.
    var dense: [Int] = []
    /// Per column: gestures added but not yet counted in `dense` (`flush`).
    var pending = PendingPoints()
    /// Gestures waiting at most before they are counted.
    static let pendingLimit = 512
    /// Labelled gestures added.
    var count = 0
    /// The grid's axes (`space.rows`, `space.columns`), made once.
    let rowAxis: GridAxis
    let columnAxis: GridAxis
    let isPerColumn: Bool

    init(space: SearchSpace, folds: Int) {
        self.space = space
        self.folds = folds
        rowAxis = space.rows
        columnAxis = space.columns
        if case .projection(nil) = space { isPerColumn = true } else { isPerColumn = false }
    }

    var rows: Int { rowAxis.values.count }
    var columns: Int { columnAxis.values.count }
    var keyCount: Int {
        isPerColumn ? columns * (rows + 1) * 2 : (columns + 1) * (rows + 1) * 4
    }

    /// Adds one labelled gesture (progress, velocity and the kinematic inputs as `point`) to `fold`.
    mutating func add(_ point: TuningPoint, complete: Bool, fold: Int) {
        count += 1
        let label = complete ? 1 : 0
        if isPerColumn {
            pending.append(progress: point.progress, velocity: point.velocity, slot: label * folds + fold)
            if pending.count >= Self.pendingLimit { flush() }
        } else {
            let (c, k, fixed) = Encoding.staircase(point, space: space, rowAxis: rowAxis, columnAxis: columnAxis)
            let key = ((c * (rows + 1) + k) * 2 + (fixed ? 1 : 0)) * 2 + label
            sparse.add(key * folds + fold)
        }
    }

    /// Counts the waiting gestures into `dense`, column by column: in column `t` a gesture
    /// counts at row `rowAxis.countAtMost(p + tau_t v)`.
    mutating func flush() {
        guard isPerColumn, pending.count > 0 else { return }
        if dense.isEmpty { dense = [Int](repeating: 0, count: keyCount * folds) }
        let n = pending.count, rowAxis = self.rowAxis
        let columnSize = (rowAxis.values.count + 1) * 2 * folds, rowSize = 2 * folds
        pending.withBuffers { p, v, slot in
            dense.withUnsafeMutableBufferPointer { d in
                for (t, tau) in columnAxis.values.enumerated() {
                    let base = t * columnSize
                    for i in 0..<n { d[base + rowAxis.countAtMost(p[i] + tau * v[i]) * rowSize + slot[i]] += 1 }
                }
            }
        }
        pending.removeAll()
    }

    /// Cells taken out of their place (which keeps empty cells of the same space), so that
    /// the box holds the only reference to the counts and `flush` on another thread mutates
    /// them in place; each box is used by one thread at a time.
    final class Box: @unchecked Sendable {
        var cells: FamilyCells

        init(taking place: inout FamilyCells) {
            cells = place
            place = FamilyCells(space: cells.space, folds: cells.folds)
        }
    }

    /// These cells with every waiting gesture counted (`self` when none waits).
    var flushed: FamilyCells {
        guard pending.count > 0 else { return self }
        var copy = self
        copy.flush()
        return copy
    }

    mutating func merge(_ other: FamilyCells) {
        precondition(space == other.space && folds == other.folds)
        flush()
        let other = other.flushed
        count += other.count
        other.sparse.forEach { key, n in sparse.add(key, n) }
        if !other.dense.isEmpty {
            if dense.isEmpty { dense = other.dense } else { for i in dense.indices { dense[i] += other.dense[i] } }
        }
    }

    /// Occupied cells in increasing key order with their per-fold counts.
    func cells() -> [(key: Int, folds: [Int])] {
        var out: [(key: Int, folds: [Int])] = []
        forEachCell { key, perFold in out.append((key, Array(perFold))) }
        return out
    }

    /// Calls `body(key, perFold)` for every occupied cell in increasing key order, `perFold`
    /// holding its `folds` counts (valid during the call only): `cells()` without an array per cell.
    func forEachCell(_ body: (Int, UnsafeBufferPointer<Int>) -> Void) {
        var perFold = [Int](repeating: 0, count: folds)
        let folds = self.folds
        if isPerColumn {
            let cells = flushed
            guard !cells.dense.isEmpty else { return }
            cells.dense.withUnsafeBufferPointer { d in
                for key in 0..<keyCount {
                    // A key's folds are adjacent: slots `key * folds ..< (key + 1) * folds`.
                    let counts = UnsafeBufferPointer(rebasing: d[(key * folds)..<((key + 1) * folds)])
                    if counts.contains(where: { $0 != 0 }) { body(key, counts) }
                }
            }
        } else {
            var packed: [(key: Int, count: Int)] = []
            packed.reserveCapacity(sparse.count)
            sparse.forEach { key, n in if n != 0 { packed.append((key, n)) } }
            packed.sort { $0.key < $1.key }
            // Packed keys `key * folds + fold` in order: a cell's folds are adjacent.
            perFold.withUnsafeMutableBufferPointer { out in
                var current = -1
                for (p, n) in packed {
                    let key = p / folds
                    if key != current {
                        if current >= 0 { body(current, UnsafeBufferPointer(out)) }
                        current = key
                        for f in 0..<folds { out[f] = 0 }
                    }
                    out[p % folds] += n
                }
                if current >= 0 { body(current, UnsafeBufferPointer(out)) }
            }
        }
    }
}

extension FamilyCells: Equatable {
    static func == (a: FamilyCells, b: FamilyCells) -> Bool {
        guard a.space == b.space, a.folds == b.folds, a.count == b.count else { return false }
        let x = a.cells(), y = b.cells()
        return x.count == y.count && zip(x, y).allSatisfy { $0.key == $1.key && $0.folds == $1.folds }
    }
}

extension FamilyCells: Codable {
    enum CodingKeys: String, CodingKey { case space, tau, duration, folds, count, cells }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let name = try c.decode(String.self, forKey: .space)
        let space: SearchSpace
        switch name {
        case "threshold": space = .threshold
        case "forward": space = .forward
        case "projection": space = .projection(tau: try c.decodeIfPresent(Double.self, forKey: .tau))
        case "kinematic": space = .kinematic(duration: try c.decode(Double.self, forKey: .duration))
        default:
            throw DecodingError.dataCorruptedError(forKey: .space, in: c, debugDescription: "expected a searched family, found \(name)")
        }
        let folds = try c.decode(Int.self, forKey: .folds)
        guard folds >= 1 && folds <= 1000 else {
            throw DecodingError.dataCorruptedError(forKey: .folds, in: c, debugDescription: "expected 1 to 1000 folds, found \(folds)")
        }
        self.init(space: space, folds: folds)
        count = try c.decode(Int.self, forKey: .count)
        guard (0...TuningStatistics.countLimit).contains(count) else {
            throw DecodingError.dataCorruptedError(forKey: .count, in: c, debugDescription: "expected a count from 0 to \(TuningStatistics.countLimit), found \(count)")
        }
        // Flat: per occupied cell in increasing key order, the key's increase over the previous
        // cell's (the first: the key), then one count per fold.
        let flat = try c.decode([Int].self, forKey: .cells)
        guard flat.count % (folds + 1) == 0 else {
            throw DecodingError.dataCorruptedError(forKey: .cells, in: c, debugDescription: "expected a key step and \(folds) counts per cell")
        }
        var total = 0
        var key = -1
        for start in stride(from: 0, to: flat.count, by: folds + 1) {
            let step = flat[start]
            guard (key < 0 ? step >= 0 : step > 0) && step < keyCount else {
                throw DecodingError.dataCorruptedError(forKey: .cells, in: c, debugDescription: "expected increasing keys below \(keyCount)")
            }
            key = key < 0 ? step : key + step
            guard key < keyCount else {
                throw DecodingError.dataCorruptedError(forKey: .cells, in: c, debugDescription: "expected keys below \(keyCount), found \(key)")
            }
            for f in 0..<folds {
                let n = flat[start + 1 + f]
                guard (0...TuningStatistics.countLimit).contains(n) else {
                    throw DecodingError.dataCorruptedError(forKey: .cells, in: c, debugDescription: "expected a count from 0 to \(TuningStatistics.countLimit), found \(n)")
                }
                guard n != 0 else { continue }
                total += n
                guard total <= TuningStatistics.countLimit * columns else {
                    throw DecodingError.dataCorruptedError(forKey: .cells, in: c, debugDescription: "expected cells adding up to at most \(count) gestures")
                }
                if isPerColumn {
                    if dense.isEmpty { dense = [Int](repeating: 0, count: keyCount * folds) }
                    dense[key * folds + f] += n
                } else {
                    sparse.add(key * folds + f, n)
                }
            }
        }
        // Per column, every gesture is counted once in each column.
        guard total == count * (isPerColumn ? columns : 1) else {
            throw DecodingError.dataCorruptedError(forKey: .count, in: c, debugDescription: "expected cells adding up to \(count) gestures, found \(total)")
        }
    }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        switch space {
        case .threshold: try c.encode("threshold", forKey: .space)
        case .forward: try c.encode("forward", forKey: .space)
        case .projection(let tau):
            try c.encode("projection", forKey: .space)
            try c.encodeIfPresent(tau, forKey: .tau)
        case .kinematic(let d):
            try c.encode("kinematic", forKey: .space)
            try c.encode(d, forKey: .duration)
        }
        try c.encode(folds, forKey: .folds)
        try c.encode(count, forKey: .count)
        var flat: [Int] = []
        var previous = -1
        forEachCell { key, perFold in
            flat.append(previous < 0 ? key : key - previous)
            flat.append(contentsOf: perFold)
            previous = key
        }
        try c.encode(flat, forKey: .cells)
    }
}

/// Gestures of a per-column family waiting to be counted (`FamilyCells.flush`): progress,
/// velocity and the slot of their label and fold within a row (`label * folds + fold`).
struct PendingPoints: Sendable {
    private var progress: [Double] = []
    private var velocity: [Double] = []
    private var slot: [Int] = []

    var count: Int { slot.count }

    mutating func append(progress p: Double, velocity v: Double, slot s: Int) {
        if slot.isEmpty {
            progress.reserveCapacity(FamilyCells.pendingLimit)
            velocity.reserveCapacity(FamilyCells.pendingLimit)
            slot.reserveCapacity(FamilyCells.pendingLimit)
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

    func withBuffers<R>(_ body: (UnsafeBufferPointer<Double>, UnsafeBufferPointer<Double>, UnsafeBufferPointer<Int>) -> R) -> R {
        progress.withUnsafeBufferPointer { p in velocity.withUnsafeBufferPointer { v in slot.withUnsafeBufferPointer { s in body(p, v, s) } } }
    }
}
