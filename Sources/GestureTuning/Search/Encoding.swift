import GesturePhysics

/// Every labelled gesture reduced to what decides it across a whole search grid, so the
/// error of every candidate comes from one sorted sweep instead of grid × gestures rule calls.
///
/// Two shapes cover the families:
/// - **staircase** (`threshold`, `forward`, fixed-`tau` `projection`, `kinematic`): in column
///   `j` a gesture has a fixed decision while `j < c` (decided by velocity alone, e.g.
///   `v_p >= v_th`), and from column `c` on it completes iff row `i < k` (decided by
///   position, e.g. `p_r >= p_th`). Gestures with equal `(c, k, fixed, label)` are
///   interchangeable, so they are pooled into cells with counts: the error grid costs
///   O(cells + rows × columns) and a bootstrap resample adds n uniformly drawn points to their cells.
/// - **per column** (`projection` with `tau` searched): each column has its own `k`.
///   Cost O(columns × gestures) per evaluation.
struct Encoding: Sendable {
    let space: SearchSpace
    let rows: Int
    let columns: Int
    /// Per point: intent is complete.
    let labels: [Bool]
    let kind: Kind

    enum Kind: Sendable {
        case staircase(Staircase)
        case perColumn(PerColumn)
    }

    struct Staircase: Sendable {
        /// Cells sorted by `c`; `columnStart[j]..<columnStart[j+1]` hold `c == j` (j in 0...columns).
        var c: [Int32] = []
        var k: [Int32] = []
        var fixedWrong: [Bool] = []
        var label: [Bool] = []
        var columnStart: [Int] = []
        var cellOfPoint: [Int32] = []
        /// Points per cell over the whole set.
        var counts: [Int] = []
    }

    struct PerColumn: Sendable {
        /// `k[column * n + point]`.
        var k: [UInt8] = []
        var n = 0
    }

    var unitCount: Int {
        switch kind {
        case .staircase(let s): s.c.count
        case .perColumn(let p): p.n
        }
    }

    /// Unit weights with every point counted once.
    var fullWeights: [Int] {
        switch kind {
        case .staircase(let s): s.counts
        case .perColumn(let p): [Int](repeating: 1, count: p.n)
        }
    }

    /// The unit (cell, or the point itself per column) each encoded point counts in: a
    /// bootstrap resample draws n point indices uniformly and adds 1 to their units.
    var unitOfPoint: [Int32] {
        switch kind {
        case .staircase(let s): s.cellOfPoint
        case .perColumn(let p): (0..<p.n).map { Int32($0) }
        }
    }

    /// Unit weights counting only `points` (indices into the encoded points).
    func weights(points: [Int]) -> [Int] {
        var w = [Int](repeating: 0, count: unitCount)
        switch kind {
        case .staircase(let s): for g in points { w[Int(s.cellOfPoint[g])] += 1 }
        case .perColumn: for g in points { w[g] += 1 }
        }
        return w
    }

    /// Encodes labelled points (`intent != nil`) for `space`.
    init(points: [TuningPoint], space: SearchSpace) {
        self.space = space
        let rowAxis = space.rows, columnAxis = space.columns
        rows = rowAxis.values.count
        columns = columnAxis.values.count
        labels = points.map { $0.intent == .complete }
        switch space {
        case .projection(nil):
            let n = points.count
            var table = [UInt8](repeating: 0, count: columns * n)
            // Per point, `p + tau v` is monotone along the columns: `k` walks from the previous
            // column's count instead of being searched afresh (same comparisons, same counts).
            let rowValues = rowAxis.values, taus = columnAxis.values
            let rowCount = rowValues.count
            table.withUnsafeMutableBufferPointer { out in
                for g in 0..<n {
                    let p = points[g].progress, v = points[g].velocity
                    var k = rowAxis.countAtMost(p + taus[0] * v)
                    out[g] = UInt8(k)
                    for t in 1..<taus.count {
                        let x = p + taus[t] * v
                        while k < rowCount && rowValues[k] <= x { k += 1 }
                        while k > 0 && !(rowValues[k - 1] <= x) { k -= 1 }
                        out[t * n + g] = UInt8(k)
                    }
                }
            }
            kind = .perColumn(PerColumn(k: table, n: n))
        default:
            var c = [Int32](repeating: 0, count: points.count)
            var k = [Int32](repeating: 0, count: points.count)
            var fixed = [Bool](repeating: false, count: points.count)
            for (g, point) in points.enumerated() {
                let (cg, kg, fg) = Encoding.staircase(point, space: space, rowAxis: rowAxis, columnAxis: columnAxis)
                c[g] = Int32(cg)
                k[g] = Int32(kg)
                fixed[g] = fg
            }
            kind = .staircase(Encoding.pool(c: c, k: k, fixed: fixed, labels: labels, rows: rows, columns: columns))
        }
    }

    /// `(c, k, fixed)` of one point; mirrors `Rule.completes` comparison by comparison.
    private static func staircase(_ point: TuningPoint, space: SearchSpace, rowAxis: GridAxis, columnAxis: GridAxis) -> (Int, Int, Bool) {
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
            if point.sampleCount < 3 { return (1, 0, point.kinematicVelocity > 0) }
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

    /// Pools points into cells keyed `(c, k, fixed, label)`, cells sorted by `c`.
    private static func pool(c: [Int32], k: [Int32], fixed: [Bool], labels: [Bool], rows: Int, columns: Int) -> Staircase {
        let keyCount = (columns + 1) * (rows + 1) * 4
        var cellOfKey = [Int32](repeating: -1, count: keyCount)
        var keyOfPoint = [Int](repeating: 0, count: c.count)
        var used = [Bool](repeating: false, count: keyCount)
        for g in 0..<c.count {
            let key = ((Int(c[g]) * (rows + 1) + Int(k[g])) * 2 + (fixed[g] ? 1 : 0)) * 2 + (labels[g] ? 1 : 0)
            keyOfPoint[g] = key
            used[key] = true
        }
        var s = Staircase()
        s.columnStart = [Int](repeating: 0, count: columns + 2)
        for key in 0..<keyCount where used[key] {
            cellOfKey[key] = Int32(s.c.count)
            let label = key & 1 == 1, fx = (key >> 1) & 1 == 1
            let ck = key >> 2
            let cc = ck / (rows + 1), kk = ck % (rows + 1)
            s.c.append(Int32(cc))
            s.k.append(Int32(kk))
            s.fixedWrong.append(fx != label)
            s.label.append(label)
            s.columnStart[cc + 1] += 1
        }
        for j in 0...columns { s.columnStart[j + 1] += s.columnStart[j] }
        s.counts = [Int](repeating: 0, count: s.c.count)
        s.cellOfPoint = keyOfPoint.map { cellOfKey[$0] }
        for cell in s.cellOfPoint { s.counts[Int(cell)] += 1 }
        return s
    }

    /// Misdecided weight of every candidate: `errors[column * rows + row]`. For tests and
    /// reports: the search itself (`choose`) keeps only the running minimum and its ties.
    func errorGrid(weights: [Int]) -> [Int] {
        var errors = [Int](repeating: 0, count: rows * columns)
        let workspace = ChoiceWorkspace(self)
        weights.withUnsafeBufferPointer { w in
            errors.withUnsafeMutableBufferPointer { out in
                sweep(w, workspace) { j, i, e in out[j * rows + i] = e }
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
        var best = Int.max, tiedCount = 0, sumRow = 0, sumColumn = 0
        workspace.tied.withUnsafeMutableBufferPointer { tied in
            sweep(weights, workspace) { j, i, e in
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
        return workspace.tied.withUnsafeBufferPointer {
            TiedCandidates(positions: UnsafeBufferPointer(rebasing: $0[0..<tiedCount]), sumRow: sumRow, sumColumn: sumColumn)
                .choose(errors: best, reference: space.reference)
        }
    }

    /// Calls `visit(column, row, errors)` for every candidate in (column, row) order.
    @inline(__always)
    private func sweep(_ w: UnsafeBufferPointer<Int>, _ workspace: ChoiceWorkspace, _ visit: (Int, Int, Int) -> Void) {
        precondition(w.count == unitCount, "one weight per unit")
        let rows = self.rows, columns = self.columns
        workspace.histComplete.withUnsafeMutableBufferPointer { hc in
            workspace.histCancel.withUnsafeMutableBufferPointer { hx in
                switch kind {
                case .staircase(let s):
                    workspace.suffix.withUnsafeMutableBufferPointer { suffix in
                        s.c.withUnsafeBufferPointer { c in
                            s.k.withUnsafeBufferPointer { k in
                                s.label.withUnsafeBufferPointer { label in
                                    s.fixedWrong.withUnsafeBufferPointer { fixedWrong in
                                        s.columnStart.withUnsafeBufferPointer { columnStart in
                                            Encoding.staircaseSweep(
                                                hc, hx, suffix, w, c, k, label, fixedWrong, columnStart, rows: rows, columns: columns, visit)
                                        }
                                    }
                                }
                            }
                        }
                    }
                case .perColumn(let p):
                    p.k.withUnsafeBufferPointer { k in
                        labels.withUnsafeBufferPointer { label in
                            workspace.present.withUnsafeMutableBufferPointer { present in
                                Encoding.perColumnSweep(hc, hx, present, w, k, label, n: p.n, rows: rows, columns: columns, visit)
                            }
                        }
                    }
                }
            }
        }
    }

    @inline(__always)
    private static func staircaseSweep(
        _ hc: UnsafeMutableBufferPointer<Int>, _ hx: UnsafeMutableBufferPointer<Int>, _ suffix: UnsafeMutableBufferPointer<Int>,
        _ w: UnsafeBufferPointer<Int>, _ c: UnsafeBufferPointer<Int32>, _ k: UnsafeBufferPointer<Int32>,
        _ label: UnsafeBufferPointer<Bool>, _ fixedWrong: UnsafeBufferPointer<Bool>, _ columnStart: UnsafeBufferPointer<Int>,
        rows: Int, columns: Int, _ visit: (Int, Int, Int) -> Void
    ) {
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
                if label[cell] { hc[Int(k[cell])] += weight } else {
                    hx[Int(k[cell])] += weight
                    totalCancel += weight
                }
            }
            rowSweep(column: j, rows: rows, base: suffix[j], hc, hx, totalCancel, visit)
        }
    }

    @inline(__always)
    private static func perColumnSweep(
        _ hc: UnsafeMutableBufferPointer<Int>, _ hx: UnsafeMutableBufferPointer<Int>, _ present: UnsafeMutableBufferPointer<Int32>,
        _ w: UnsafeBufferPointer<Int>, _ table: UnsafeBufferPointer<UInt8>, _ label: UnsafeBufferPointer<Bool>,
        n: Int, rows: Int, columns: Int, _ visit: (Int, Int, Int) -> Void
    ) {
        // The points with weight, complete-labelled from the front and cancel-labelled from
        // the back: each column then reads only those, with no branch on the label.
        var front = 0, back = n
        var totalCancel = 0
        for g in 0..<n where w[g] != 0 {
            if label[g] {
                present[front] = Int32(g)
                front += 1
            } else {
                back -= 1
                present[back] = Int32(g)
                totalCancel += w[g]
            }
        }
        // Two histograms per class, filled alternately and then added: consecutive points
        // landing in one bin do not wait on each other's increment.
        let stride = rows + 1
        for j in 0..<columns {
            for i in 0..<(2 * stride) {
                hc[i] = 0
                hx[i] = 0
            }
            let column = UnsafeBufferPointer(rebasing: table[(j * n)..<(j * n + n)])
            var q = 0
            while q + 1 < front {
                let g0 = Int(present[q]), g1 = Int(present[q + 1])
                hc[Int(column[g0])] &+= w[g0]
                hc[stride + Int(column[g1])] &+= w[g1]
                q += 2
            }
            if q < front { hc[Int(column[Int(present[q])])] &+= w[Int(present[q])] }
            q = back
            while q + 1 < n {
                let g0 = Int(present[q]), g1 = Int(present[q + 1])
                hx[Int(column[g0])] &+= w[g0]
                hx[stride + Int(column[g1])] &+= w[g1]
                q += 2
            }
            if q < n { hx[Int(column[Int(present[q])])] &+= w[Int(present[q])] }
            for i in 0..<stride {
                hc[i] &+= hc[stride + i]
                hx[i] &+= hx[stride + i]
            }
            rowSweep(column: j, rows: rows, base: 0, hc, hx, totalCancel, visit)
        }
    }

    /// Row sweep of one column: a complete-labelled unit with `k <= i` is cancelled at row
    /// `i` (wrong); a cancel-labelled unit with `k > i` is completed (wrong).
    @inline(__always)
    private static func rowSweep(
        column j: Int, rows: Int, base: Int, _ hc: UnsafeMutableBufferPointer<Int>, _ hx: UnsafeMutableBufferPointer<Int>,
        _ totalCancel: Int, _ visit: (Int, Int, Int) -> Void
    ) {
        var cumComplete = 0, cumCancel = 0
        for i in 0..<rows {
            cumComplete += hc[i]
            cumCancel += hx[i]
            visit(j, i, base + cumComplete + totalCancel - cumCancel)
        }
    }

    /// Whether the candidate `(row, column)` completes each unit: calls `visit(unit, label,
    /// decidedComplete)` for every unit. Mirrors `Rule.completes` as the sweep does.
    func decisions(row i: Int, column j: Int, _ visit: (Int, Bool, Bool) -> Void) {
        switch kind {
        case .staircase(let s):
            for cell in 0..<s.c.count {
                let label = s.label[cell]
                let decided = j < Int(s.c[cell]) ? (s.fixedWrong[cell] != label) : i < Int(s.k[cell])
                visit(cell, label, decided)
            }
        case .perColumn(let p):
            let base = j * p.n
            for g in 0..<p.n { visit(g, labels[g], i < Int(p.k[base + g])) }
        }
    }
}

/// Buffers of `Encoding.choose` for one encoding, reused across calls by one thread.
final class ChoiceWorkspace {
    /// Two histograms of `rows + 1` bins each (the per-column sweep fills both).
    var histComplete: [Int]
    var histCancel: [Int]
    var suffix: [Int]
    /// The candidates tied at the running minimum (`TiedCandidates.pack`).
    var tied: [UInt32]
    /// Per column: the indices of the points with weight.
    var present: [Int32]
    /// Unit weights, for callers that build them in place.
    var weights: [Int]

    init(_ encoding: Encoding) {
        histComplete = [Int](repeating: 0, count: 2 * (encoding.rows + 1))
        histCancel = [Int](repeating: 0, count: 2 * (encoding.rows + 1))
        suffix = [Int](repeating: 0, count: encoding.columns + 1)
        tied = [UInt32](repeating: 0, count: encoding.rows * encoding.columns)
        if case .perColumn(let p) = encoding.kind { present = [Int32](repeating: 0, count: p.n) } else { present = [] }
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
