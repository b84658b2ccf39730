import GesturePhysics

/// The labelled gestures of one searched family reduced to cell counts per fold: what every
/// search, cross-validation and bootstrap of that family reads (`Encoding(cells:)`). Adding
/// a gesture is a few comparisons and a count; merging adds counts; the size is bounded by
/// the grid, not by the number of gestures. One layout per shape of `Encoding`.
enum FamilyCells: Sendable {
    /// `threshold`, `forward`, fixed-`tau` `projection`, `kinematic`.
    case staircase(StaircaseCells)
    /// `projection` with `tau` searched.
    case perColumn(ColumnCells)

    /// `coarse`: every other row and column (`CellGrid.coarse`), for comparisons that need
    /// less resolution than the headline (the velocity estimators').
    init(space: SearchSpace, folds: Int, coarse: Bool = false) {
        let grid = CellGrid(space: space, folds: folds, coarse: coarse)
        if case .projection(nil) = space {
            self = .perColumn(ColumnCells(grid))
        } else {
            self = .staircase(StaircaseCells(grid))
        }
    }

    var grid: CellGrid {
        switch self {
        case .staircase(let cells): cells.grid
        case .perColumn(let cells): cells.grid
        }
    }

    var space: SearchSpace { grid.space }
    var folds: Int { grid.folds }
    var isCoarse: Bool { grid.coarse }
    var rows: Int { grid.rows }
    var columns: Int { grid.columns }
    var isPerColumn: Bool {
        if case .perColumn = self { true } else { false }
    }

    /// Labelled gestures added.
    var count: Int {
        switch self {
        case .staircase(let cells): cells.count
        case .perColumn(let cells): cells.count
        }
    }

    /// Keys a cell can have: `0..<keyCount`.
    var keyCount: Int {
        switch self {
        case .staircase(let cells): cells.keyCount
        case .perColumn(let cells): cells.keyCount
        }
    }

    /// Adds one labelled gesture (progress, velocity and the kinematic inputs as `point`) to
    /// `fold`.
    mutating func add(_ point: TuningPoint, complete: Bool, fold: Int) {
        // `consume`: the payload is the only reference to its counts, so they change in place.
        switch consume self {
        case .staircase(var cells):
            cells.add(point, complete: complete, fold: fold)
            self = .staircase(cells)
        case .perColumn(var cells):
            cells.add(point, complete: complete, fold: fold)
            self = .perColumn(cells)
        }
    }

    /// Counts the gestures still waiting in a batch (`ColumnCells.settle`): for cells read
    /// right after they are built. What any read sees is the same either way.
    mutating func settle() {
        switch consume self {
        case .staircase(let cells): self = .staircase(cells)
        case .perColumn(var cells):
            cells.settle()
            self = .perColumn(cells)
        }
    }

    mutating func merge(_ other: FamilyCells) {
        precondition(space == other.space && folds == other.folds && isCoarse == other.isCoarse)
        switch (consume self, other) {
        case (.staircase(var cells), .staircase(let theirs)):
            cells.merge(theirs)
            self = .staircase(cells)
        case (.perColumn(var cells), .perColumn(let theirs)):
            cells.merge(theirs)
            self = .perColumn(cells)
        default: preconditionFailure("one space has one layout")
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
        switch self {
        case .staircase(let cells): cells.forEachCell(body)
        case .perColumn(let cells): cells.forEachCell(body)
        }
    }
}

/// The grid a family's cells lie on: its space, its folds and its axes, made once.
///
/// A `coarse` grid counts a gesture as if only every other row (and, for the staircase
/// families, every other column) were a candidate: its row count `k` (the rows it completes
/// by position, `i < k`) is rounded up to even, and so is its column count `c`. Every
/// even-indexed candidate then decides every gesture exactly as on the full grid, and an
/// odd-indexed one as its even neighbour below (`Encoding.choose` reports that neighbour), so
/// the search is the full one on a grid of twice the step, in about a quarter of the cells.
struct CellGrid: Sendable {
    let space: SearchSpace
    let folds: Int
    let rowAxis: GridAxis
    let columnAxis: GridAxis
    let coarse: Bool

    init(space: SearchSpace, folds: Int, coarse: Bool = false) {
        self.space = space
        self.folds = folds
        self.coarse = coarse
        rowAxis = space.rows
        columnAxis = space.columns
    }

    var rows: Int { rowAxis.values.count }
    var columns: Int { columnAxis.values.count }

    /// A row count `k` (0...rows) as this grid counts it.
    @inline(__always)
    func row(_ k: Int) -> Int { coarse ? min((k + 1) & ~1, rows) : k }

    /// A staircase column count `c` (0...columns) as this grid counts it.
    @inline(__always)
    func column(_ c: Int) -> Int { coarse ? min((c + 1) & ~1, columns) : c }
}

/// The staircase families' cells: key `((c * (rows + 1) + k) * 2 + fixed) * 2 + label` (see
/// `Encoding`), kept sparse by slot `key * folds + fold`.
struct StaircaseCells: Sendable {
    let grid: CellGrid
    /// Labelled gestures added.
    private(set) var count: Int
    private var counts: CellCounts

    /// Cells holding `count` gestures, `counts` their counts by slot (a decoded file's).
    init(_ grid: CellGrid, count: Int = 0, counts: CellCounts = CellCounts()) {
        self.grid = grid
        self.count = count
        self.counts = counts
    }

    var keyCount: Int { (grid.columns + 1) * (grid.rows + 1) * 4 }
    /// Occupied slots (one per cell and fold holding gestures).
    var occupiedSlots: Int { counts.count }

    mutating func add(_ point: TuningPoint, complete: Bool, fold: Int) {
        count += 1
        let (c, k, fixed) = Encoding.staircase(
            point, space: grid.space, rowAxis: grid.rowAxis, columnAxis: grid.columnAxis)
        counts.add(key(c: c, k: k, fixed: fixed, complete: complete) * grid.folds + fold)
    }

    /// The key of a cell, its counts as the grid counts them (`CellGrid.row`, `.column`).
    func key(c: Int, k: Int, fixed: Bool, complete: Bool) -> Int {
        ((grid.column(c) * (grid.rows + 1) + grid.row(k)) * 2 + (fixed ? 1 : 0)) * 2
            + (complete ? 1 : 0)
    }

    /// The same cells counted on the coarse grid.
    func coarsened() -> StaircaseCells {
        let coarse = CellGrid(space: grid.space, folds: grid.folds, coarse: true)
        var out = StaircaseCells(coarse, count: count)
        let folds = grid.folds, rows = grid.rows
        counts.forEach { slot, n in
            guard n != 0 else { return }
            let key = slot / folds
            let complete = key % 2 == 1, fixed = (key / 2) % 2 == 1
            let k = (key / 4) % (rows + 1), c = (key / 4) / (rows + 1)
            out.counts.add(
                out.key(c: c, k: k, fixed: fixed, complete: complete) * folds + slot % folds, n)
        }
        return out
    }

    mutating func merge(_ other: StaircaseCells) {
        count += other.count
        other.counts.forEach { slot, n in counts.add(slot, n) }
    }

    func forEachCell(_ body: (Int, UnsafeBufferPointer<Int>) -> Void) {
        let folds = grid.folds
        var packed: [(slot: Int, count: Int)] = []
        packed.reserveCapacity(counts.count)
        counts.forEach { slot, n in if n != 0 { packed.append((slot, n)) } }
        packed.sort { $0.slot < $1.slot }
        // Slots `key * folds + fold` in order: a cell's folds are adjacent.
        var perFold = [Int](repeating: 0, count: folds)
        perFold.withUnsafeMutableBufferPointer { out in
            var current = -1
            for (slot, n) in packed {
                let key = slot / folds
                if key != current {
                    if current >= 0 { body(current, UnsafeBufferPointer(out)) }
                    current = key
                    for f in 0..<folds { out[f] = 0 }
                }
                out[slot % folds] += n
            }
            if current >= 0 { body(current, UnsafeBufferPointer(out)) }
        }
    }
}

extension FamilyCells {
    /// The same gestures counted on the coarse grid (`CellGrid.coarse`): what
    /// `FamilyCells(space:folds:coarse: true)` holds after the same `add`s.
    func coarsened() -> FamilyCells {
        switch self {
        case .staircase(let cells): .staircase(cells.coarsened())
        case .perColumn(let cells): .perColumn(cells.coarsened())
        }
    }
}

extension FamilyCells: Equatable {
    static func == (a: FamilyCells, b: FamilyCells) -> Bool {
        guard a.space == b.space, a.folds == b.folds, a.count == b.count,
            a.isCoarse == b.isCoarse
        else { return false }
        let x = a.cells(), y = b.cells()
        return x.count == y.count
            && zip(x, y).allSatisfy { $0.key == $1.key && $0.folds == $1.folds }
    }
}

extension FamilyCells: Codable {
    enum CodingKeys: String, CodingKey { case space, tau, duration, folds, coarse, count, cells }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let name = try c.decode(String.self, forKey: .space)
        let space: SearchSpace
        switch name {
        case "threshold": space = .threshold
        case "forward": space = .forward
        case "projection":
            space = .projection(tau: try c.decodeIfPresent(Double.self, forKey: .tau))
        case "kinematic": space = .kinematic(duration: try c.decode(Double.self, forKey: .duration))
        default:
            throw DecodingError.dataCorruptedError(
                forKey: .space, in: c, debugDescription: "expected a searched family, found \(name)"
            )
        }
        let folds = try c.decode(Int.self, forKey: .folds)
        guard folds >= 1 && folds <= 1000 else {
            throw DecodingError.dataCorruptedError(
                forKey: .folds, in: c, debugDescription: "expected 1 to 1000 folds, found \(folds)")
        }
        let coarse = try c.decodeIfPresent(Bool.self, forKey: .coarse) ?? false
        let empty = FamilyCells(space: space, folds: folds, coarse: coarse)
        let keyCount = empty.keyCount, columns = empty.columns
        let count = try c.decode(Int.self, forKey: .count)
        guard (0...TuningStatistics.countLimit).contains(count) else {
            throw DecodingError.dataCorruptedError(
                forKey: .count, in: c,
                debugDescription:
                    "expected a count from 0 to \(TuningStatistics.countLimit), found \(count)")
        }
        // Flat (a `CountList`): per occupied cell in increasing key order, the key's increase
        // over the previous cell's (the first: the key), then one count per fold.
        guard
            let flat = CountList.parse(
                try c.decode(String.self, forKey: .cells), limit: TuningStatistics.countLimit)
        else {
            throw DecodingError.dataCorruptedError(
                forKey: .cells, in: c,
                debugDescription:
                    "expected counts from 0 to \(TuningStatistics.countLimit) separated by commas")
        }
        guard flat.count % (folds + 1) == 0 else {
            throw DecodingError.dataCorruptedError(
                forKey: .cells, in: c,
                debugDescription: "expected a key step and \(folds) counts per cell")
        }
        // Slots `key * folds + fold` increase: a list of exactly their number.
        var nonZero = 0
        for start in stride(from: 0, to: flat.count, by: folds + 1) {
            for f in 1...folds where flat[start + f] != 0 { nonZero += 1 }
        }
        var table = CellCounts(listCapacity: nonZero)
        var total = 0
        var key = -1
        for start in stride(from: 0, to: flat.count, by: folds + 1) {
            let step = flat[start]
            guard (key < 0 ? step >= 0 : step > 0) && step < keyCount else {
                throw DecodingError.dataCorruptedError(
                    forKey: .cells, in: c,
                    debugDescription: "expected increasing keys below \(keyCount)")
            }
            key = key < 0 ? step : key + step
            guard key < keyCount else {
                throw DecodingError.dataCorruptedError(
                    forKey: .cells, in: c,
                    debugDescription: "expected keys below \(keyCount), found \(key)")
            }
            for f in 0..<folds {
                let n = flat[start + 1 + f]
                guard (0...TuningStatistics.countLimit).contains(n) else {
                    throw DecodingError.dataCorruptedError(
                        forKey: .cells, in: c,
                        debugDescription:
                            "expected a count from 0 to \(TuningStatistics.countLimit), found \(n)")
                }
                guard n != 0 else { continue }
                total += n
                guard total <= TuningStatistics.countLimit * columns else {
                    throw DecodingError.dataCorruptedError(
                        forKey: .cells, in: c,
                        debugDescription: "expected cells adding up to at most \(count) gestures")
                }
                table.append(key * folds + f, n)
            }
        }
        // Per column, every gesture is counted once in each column.
        guard total == count * (empty.isPerColumn ? columns : 1) else {
            throw DecodingError.dataCorruptedError(
                forKey: .count, in: c,
                debugDescription: "expected cells adding up to \(count) gestures, found \(total)")
        }
        switch empty {
        case .staircase(let cells):
            self = .staircase(StaircaseCells(cells.grid, count: count, counts: table))
        case .perColumn(let cells):
            self = .perColumn(ColumnCells(cells.grid, count: count, counts: table))
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
        if isCoarse { try c.encode(true, forKey: .coarse) }
        try c.encode(count, forKey: .count)
        var flat: [Int] = []
        var previous = -1
        forEachCell { key, perFold in
            flat.append(previous < 0 ? key : key - previous)
            flat.append(contentsOf: perFold)
            previous = key
        }
        try c.encode(CountList.text(flat), forKey: .cells)
    }
}

extension FamilyCells {
    /// `projection` with `tau` searched, kept to its first column (`tau = 0`): the cells of
    /// `projection(tau: 0)`, progress alone (`p_r ≥ p_th`), as adding the same gestures to them
    /// would count them. The one-parameter candidate the tuner weighs against the searched
    /// families (`Tuner.bestCandidate`). nil for any other family, a coarse grid, or a first
    /// column that is not `tau = 0`.
    func progressAlone() -> FamilyCells? {
        guard case .perColumn(let cells) = self, !isCoarse,
            cells.grid.columnAxis.values.first == 0
        else { return nil }
        let grid = CellGrid(space: .projection(tau: 0), folds: folds)
        let shape = StaircaseCells(grid)
        let keys = (grid.rows + 1) * 2
        let folds = folds
        var counts = CellCounts()
        // Column 0's keys `k * 2 + label` come first, in increasing order.
        cells.forEachCell { key, perFold in
            guard key < keys else { return }
            let staircase = shape.key(c: 0, k: key / 2, fixed: false, complete: key % 2 == 1)
            for f in 0..<folds where perFold[f] != 0 {
                counts.add(staircase * folds + f, perFold[f])
            }
        }
        return .staircase(StaircaseCells(grid, count: cells.count, counts: counts))
    }
}
