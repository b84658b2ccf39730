import GesturePhysics

/// Grid values are computed as `Double(integer) / denominator` (or `× 2.5`), so the sweep and a
/// brute-force evaluation compare against the very same doubles.
public struct GridAxis: Sendable, Equatable {
    /// Parameter name as printed ("p_th", "v_th", "tau", "d_th").
    public var name: String
    public let values: [Double]
    /// Values per unit from the first to the last (of `values`): where `countAtMost` starts.
    private let inverseStep: Double

    public init(name: String, values: [Double]) {
        precondition(
            !values.isEmpty && zip(values, values.dropFirst()).allSatisfy { $0 < $1 },
            "grid must increase")
        self.name = name
        self.values = values
        inverseStep =
            values.count > 1 ? Double(values.count - 1) / (values[values.count - 1] - values[0]) : 0
    }

    /// `p_th` in [0.05, 0.95] step 0.01: 91 values, `Double(5 + i) / 100`.
    public static let progress = GridAxis(name: "p_th", values: (5...95).map { Double($0) / 100 })
    /// `v_th` in [0, 5] progress/s step 0.02: 251 values, `Double(j) / 50`.
    public static let velocity = GridAxis(name: "v_th", values: (0...250).map { Double($0) / 50 })
    /// `tau` in [0, 1] s step 0.01: 101 values, `Double(t) / 100`.
    public static let tau = GridAxis(name: "tau", values: (0...100).map { Double($0) / 100 })
    /// `d_th` in [0, 300] pt step 2.5: 121 values (the `uikit-system` 187.5 pt is index 75).
    public static let distance = GridAxis(name: "d_th", values: (0...120).map { Double($0) * 2.5 })

    /// `#{i : values[i] <= x}`: exact against the stored doubles (a start from the grid's
    /// step, corrected by comparisons, so any start gives the same count).
    @inline(__always)
    func countAtMost(_ x: Double) -> Int {
        values.withUnsafeBufferPointer { values in
            let n = values.count
            if !(x >= values[0]) { return 0 }
            if x >= values[n - 1] { return n }
            // `x - values[0] >= 0` here, so truncation is the floor (without a call to libm's
            // `floor`, which `rounded(.down)` costs on baseline x86-64).
            var i = min(max(Int((x - values[0]) * inverseStep) + 1, 1), n - 1)
            while i > 0 && values[i - 1] > x { i -= 1 }
            while i < n && values[i] <= x { i += 1 }
            return i
        }
    }

    /// `#{i : values[i] < x}`: exact against the stored doubles.
    func countLess(_ x: Double) -> Int {
        let n = values.count
        if !(x > values[0]) { return 0 }
        if x > values[n - 1] { return n }
        let step = (values[n - 1] - values[0]) / Double(n - 1)
        var i = min(max(Int(((x - values[0]) / step).rounded(.up)), 1), n - 1)
        while i > 0 && values[i - 1] >= x { i -= 1 }
        while i < n && values[i] < x { i += 1 }
        return i
    }
}

/// Which rule family is searched, and over which grid (physics.md, "Tuning").
///
/// Rows are the positional threshold (`p_th`, or `d_th` for `kinematic`); columns are the
/// second parameter (`v_th`, `tau`) or a single fixed value.
public enum SearchSpace: Sendable, Equatable, Hashable {
    /// `threshold`: `p_th` × `v_th` (91 × 251).
    case threshold
    /// `forward`: `p_th` × `v_th` (91 × 251).
    case forward
    /// `projection`: `p_th` × `tau`; `tau` fixed when given, else searched over [0, 1] s step 0.01.
    case projection(tau: Double?)
    /// `kinematic`: `d_th` over [0, 300] pt step 2.5 with `D` fixed (s).
    case kinematic(duration: Double)

    public var family: RuleFamily {
        switch self {
        case .threshold: .threshold
        case .forward: .forward
        case .projection: .projection
        case .kinematic: .kinematic
        }
    }

    public var rows: GridAxis {
        switch self {
        case .threshold, .forward, .projection: .progress
        case .kinematic: .distance
        }
    }

    public var columns: GridAxis {
        switch self {
        case .threshold, .forward: .velocity
        case .projection(let tau): tau.map { GridAxis(name: "tau", values: [$0]) } ?? .tau
        case .kinematic(let d): GridAxis(name: "D", values: [d])
        }
    }

    /// The last tie-break: the candidate nearest this grid point (row, column): `(0.5, 1.0)`
    /// for `threshold` and `forward` (Flutter's), `(0.5, 0.3 s)` for `projection`
    /// (React Navigation's), `187.5 pt` for `kinematic`.
    public var reference: (row: Int, column: Int) {
        switch self {
        case .threshold, .forward: (45, 50)
        case .projection(let tau): (45, tau == nil ? 30 : 0)
        case .kinematic: (75, 0)
        }
    }

    /// The rule at grid candidate (row, column).
    public func rule(row: Int, column: Int) -> Rule {
        let r = rows.values[row], c = columns.values[column]
        switch self {
        case .threshold: return .threshold(progress: r, velocity: c)
        case .forward: return .forward(progress: r, velocity: c)
        case .projection: return .projection(progress: r, tau: c)
        case .kinematic: return .kinematic(distance: r, duration: c)
        }
    }

    /// The parameters of a candidate by name, in display order.
    public func parameters(row: Int, column: Int) -> [(name: String, value: Double)] {
        switch self {
        case .threshold, .forward: [("p_th", rows.values[row]), ("v_th", columns.values[column])]
        case .projection(let tau):
            tau == nil
                ? [("p_th", rows.values[row]), ("tau", columns.values[column])]
                : [("p_th", rows.values[row])]
        case .kinematic: [("d_th", rows.values[row])]
        }
    }
}

/// The chosen grid candidate and how it was chosen.
public struct GridChoice: Sendable, Equatable {
    public var row: Int
    public var column: Int
    /// Misdecided (weighted) gestures at the choice.
    public var errors: Int
    /// How many candidates shared that minimum.
    public var tiedCandidates: Int
}

/// Picks the minimum of an error grid (`errors[column * rows + row]`) with physics.md's
/// tie-breaks: among tied candidates the one nearest (in grid steps, Euclidean) to the tied
/// set's centroid; then the one nearest `reference`; then the lowest (column, row). Exact
/// integer arithmetic (squared distances scaled by the tied count).
func chooseCandidate(errors: [Int], rows: Int, columns: Int, reference: (row: Int, column: Int))
    -> GridChoice
{
    precondition(errors.count == rows * columns && !errors.isEmpty)
    let best = errors.min()!
    var tied: [UInt32] = []
    var sumRow = 0, sumColumn = 0
    for (position, e) in errors.enumerated() where e == best {
        tied.append(TiedCandidates.pack(row: position % rows, column: position / rows))
        sumRow += position % rows
        sumColumn += position / rows
    }
    return tied.withUnsafeBufferPointer {
        TiedCandidates(positions: $0, sumRow: sumRow, sumColumn: sumColumn).choose(
            errors: best, reference: reference)
    }
}

/// A sweep's running minimum and the candidates tied at it, in the order visited: what
/// `Encoding.choose` and `ColumnBlocks.choose` keep while they visit candidates in (column,
/// row) order. Consecutive rows of one column with the same error are kept as one run (two
/// slots of the caller's buffer: `TiedCandidates.pack(row: low, column:)` and the end row), so
/// a row visit costs a comparison and the tie-break looks at a few rows per run
/// (`TiedRuns.choose`) instead of every tied candidate: the same choice (issue 32: on a few
/// gestures most of the grid ties, and the bootstrap spent its time there). Call `flush`
/// after the last visit.
struct RunningMinimum {
    var best = Int.max
    /// Tied candidates (rows of the runs kept), and runs kept (two buffer slots each).
    var tiedCount = 0
    var runCount = 0
    var sumRow = 0
    var sumColumn = 0
    /// The run being visited: rows `runLow..<runHigh` of `runColumn`, error `runErrors`.
    private var runColumn = -1
    private var runLow = 0
    private var runHigh = 0
    private var runErrors = Int.max

    /// Slots the buffer needs for a grid of `candidates` (two per run, at most one run each).
    static func slots(candidates: Int) -> Int { 2 * candidates }

    @inline(__always)
    mutating func visit(
        column j: Int, row i: Int, errors e: Int, tied: UnsafeMutableBufferPointer<UInt32>
    ) {
        if e == runErrors && i == runHigh && j == runColumn {
            runHigh += 1
            return
        }
        flush(tied: tied)
        runColumn = j
        runLow = i
        runHigh = i + 1
        runErrors = e
    }

    /// `visit` of rows `low..<high` of column `j` in turn, all with error `e`.
    @inline(__always)
    mutating func visit(
        column j: Int, rows low: Int, to high: Int, errors e: Int,
        tied: UnsafeMutableBufferPointer<UInt32>
    ) {
        guard high > low else { return }
        if e == runErrors && low == runHigh && j == runColumn {
            runHigh = high
            return
        }
        flush(tied: tied)
        runColumn = j
        runLow = low
        runHigh = high
        runErrors = e
    }

    /// Settles the run being visited: a new minimum drops the runs kept; a tie keeps it.
    @inline(__always)
    mutating func flush(tied: UnsafeMutableBufferPointer<UInt32>) {
        guard runHigh > runLow else { return }
        let e = runErrors, n = runHigh - runLow
        if e < best {
            best = e
            tiedCount = 0
            runCount = 0
            sumRow = 0
            sumColumn = 0
        }
        if e == best {
            tied[2 * runCount] = TiedCandidates.pack(row: runLow, column: runColumn)
            tied[2 * runCount + 1] = UInt32(truncatingIfNeeded: runHigh)
            runCount += 1
            tiedCount += n
            sumRow += (runLow + runHigh - 1) * n / 2
            sumColumn += runColumn * n
        }
        runLow = runHigh
    }

    /// The choice among the candidates tied at the minimum (`TiedRuns.choose`), after `flush`.
    func choose(_ tied: UnsafeBufferPointer<UInt32>, reference: (row: Int, column: Int))
        -> GridChoice
    {
        precondition(runHigh == runLow, "flush before choose")
        return TiedRuns(
            runs: UnsafeBufferPointer(rebasing: tied[0..<(2 * runCount)]), count: tiedCount,
            sumRow: sumRow, sumColumn: sumColumn
        )
        .choose(errors: best, reference: reference)
    }
}

/// `TiedCandidates` kept as runs of rows (`RunningMinimum`): the same choice. Within a run
/// (one column, rows `low..<high`) the column distance to the centroid is fixed and the row
/// distance `|count · i − sumRow|` is least at `sumRow / count` rounded down or up, clamped to
/// the run; any other row of the run is strictly farther from the centroid than one of these
/// two, so it can be neither chosen nor displace the choice. Those at most two rows are taken
/// in row order with `TiedCandidates.choose`'s comparison.
struct TiedRuns {
    /// Pairs: `TiedCandidates.pack(row: low, column:)`, then `high`.
    var runs: UnsafeBufferPointer<UInt32>
    /// Candidates in all the runs.
    var count: Int
    var sumRow: Int
    var sumColumn: Int

    func choose(errors best: Int, reference: (row: Int, column: Int)) -> GridChoice {
        let m = count
        var tie = TieBreak(reference: reference)
        @inline(__always) func consider(_ i: Int, _ j: Int, _ dc: Int) {
            let dr = m * i - sumRow
            tie.consider(row: i, column: j, centroidDistance: dr * dr + dc * dc)
        }
        let nearest = m > 0 ? sumRow / m : 0
        var r = 0
        while r + 1 < runs.count {
            let low = Int(runs[r] & 0xFFFF), j = Int(runs[r] >> 16), high = Int(runs[r + 1])
            r += 2
            let dc = m * j - sumColumn
            let a = min(max(nearest, low), high - 1), b = min(max(nearest + 1, low), high - 1)
            consider(a, j, dc)
            if b != a { consider(b, j, dc) }
        }
        return GridChoice(
            row: tie.chosen.row, column: tie.chosen.column, errors: best, tiedCandidates: m)
    }
}

/// The tie-breaks of `chooseCandidate` over candidates seen one by one: the one nearest the
/// tie's centroid (squared distance scaled by the tie's size), then nearest `reference`; the
/// first seen of equals. Shared by `TiedCandidates` and `TiedRuns`.
struct TieBreak {
    let reference: (row: Int, column: Int)
    private(set) var chosen = (row: 0, column: 0)
    private var bestCentroid = Int.max
    private var bestReference = Int.max

    init(reference: (row: Int, column: Int)) { self.reference = reference }

    @inline(__always)
    mutating func consider(row i: Int, column j: Int, centroidDistance dCentroid: Int) {
        if dCentroid > bestCentroid { return }
        let rr = i - reference.row, rc = j - reference.column
        let dReference = rr * rr + rc * rc
        if dCentroid < bestCentroid || dReference < bestReference {
            bestCentroid = dCentroid
            bestReference = dReference
            chosen = (i, j)
        }
    }
}

/// The candidates at the minimum of an error grid, in (column, row) order, with the sums of
/// their rows and columns: `choose` applies `chooseCandidate`'s tie-breaks.
struct TiedCandidates {
    /// `column << 16 | row` (grids have fewer than 65,536 rows and columns).
    var positions: UnsafeBufferPointer<UInt32>
    var sumRow: Int
    var sumColumn: Int

    @inline(__always)
    static func pack(row: Int, column: Int) -> UInt32 {
        UInt32(truncatingIfNeeded: column << 16 | row)
    }

    func choose(errors best: Int, reference: (row: Int, column: Int)) -> GridChoice {
        let m = positions.count
        var tie = TieBreak(reference: reference)
        for position in positions {
            let i = Int(position & 0xFFFF), j = Int(position >> 16)
            let dr = m * i - sumRow, dc = m * j - sumColumn
            tie.consider(row: i, column: j, centroidDistance: dr * dr + dc * dc)
        }
        return GridChoice(
            row: tie.chosen.row, column: tie.chosen.column, errors: best, tiedCandidates: m)
    }
}
