import Dispatch
import Foundation
import GestureIO
internal import GestureNumerics

/// A 95% (by default) bootstrap interval for one suggested parameter.
public struct ParameterInterval: Sendable, Equatable, Codable {
    /// "p_th", "v_th", "tau", "d_th".
    public var name: String
    /// The suggestion from all the gestures.
    public var estimate: Double
    public var lower: Double
    public var upper: Double

    public init(name: String, estimate: Double, lower: Double, upper: Double) {
        self.name = name
        self.estimate = estimate
        self.lower = lower
        self.upper = upper
    }

    /// A value without an interval (estimate = lower = upper).
    public static func point(_ name: String, _ value: Double) -> ParameterInterval {
        ParameterInterval(name: name, estimate: value, lower: value, upper: value)
    }

    public func contains(_ x: Double) -> Bool { lower <= x && x <= upper }
}

/// How the bootstrap was run.
public enum BootstrapMethod: Sendable, Equatable, Codable {
    /// Poisson bootstrap on the merged cell counts: in resample `r`, every occupied cell of
    /// count `n` gets an independent weight Poisson(n), the cells of the search taken in
    /// increasing key order, from the resample's own generator (`RandomSource.poissonCounts`:
    /// alias-table draws for cells of count up to 4096, the larger cells jointly as
    /// N ~ Poisson(Σ n) then Multinomial(N; n / Σ n); the same law, much faster). The same law as giving each gesture a Poisson(1) weight and summing
    /// per cell, so it depends only on the merged counts: sharded and unsharded runs give the
    /// same intervals. Percentile intervals.
    case poisson
}

/// Bootstrap intervals of one search.
public struct BootstrapSummary: Sendable, Equatable {
    public var resamples: Int
    public var level: Double
    public var method: BootstrapMethod
    /// Percentile intervals of the resamples' grid minima; `estimate` is the grid minimum on
    /// every gesture (the tuner replaces it with the bagged value it ships).
    public var intervals: [ParameterInterval]
    /// The bagged candidate: the median row and the median column of the resamples' minima
    /// (`Bootstrap.median`).
    public var bagged: (row: Int, column: Int)

    public static func == (a: BootstrapSummary, b: BootstrapSummary) -> Bool {
        a.resamples == b.resamples && a.level == b.level && a.method == b.method
            && a.intervals == b.intervals && a.bagged == b.bagged
    }
}

enum Bootstrap {
    /// Stream of the bootstrap generators under a family's seed.
    static let stream: UInt64 = 0xB007

    /// Percentile intervals of the searched parameters of `encoding.space` over `resamples`
    /// Poisson resamples of the cells. Resample `r` draws from its own generator
    /// (`generator(mix(seed, 0xB007), resample: r)`: GSL's `taus2`), so the result depends on
    /// neither the thread count (`jobs`; nil: every core) nor on how the counts were gathered.
    ///
    /// The cell weights of a resample are independent Poisson(count) draws:
    /// - staircase families: `RandomSource.poissonCounts` over all the search's cells in key
    ///   order (cells of count up to 4096 from alias tables, `PoissonTables`, built once per
    ///   run; the others jointly by one Poisson total and one multinomial: conditioned on
    ///   their sum, independent Poissons are multinomial), then the sorted sweep
    ///   (`Encoding.choose`);
    /// - `projection` with `tau` searched: `ColumnBlocks.choose`, the cells of each tau column
    ///   and label drawn as block totals (one `poissonCounts` over the blocks) and split (by
    ///   halving, one binomial per label) only where the lower bound can hold the minimum:
    ///   the same law, and exactly the choice of the sorted sweep over all the cells.
    ///
    /// Each tau column has its own cells, every one an independent Poisson, so the columns are
    /// resampled independently of each other (each with the right law, not jointly as the
    /// same gestures would be). The per-column counts cannot tell which gestures a column's
    /// cell shares with the next column's; independent columns let the chosen `tau` move more
    /// than a per-gesture resample would, so its interval errs on the wide side.
    static func run(
        encoding: Encoding, estimate: GridChoice, resamples: Int, seed: UInt64,
        level: Double = 0.95, jobs: Int? = nil
    ) -> BootstrapSummary? {
        guard resamples > 0, encoding.gestureCount > 0 else { return nil }
        let choices = resampledChoices(
            encoding: encoding, weights: encoding.counts, resamples: resamples,
            base: RandomSource.mix(seed, stream), jobs: jobs)
        return summary(space: encoding.space, estimate: estimate, choices: choices, level: level)
    }

    /// Percentile intervals and the bagged candidate of the resamples' `choices`.
    static func summary(
        space: SearchSpace, estimate: GridChoice, choices: [GridChoice], level: Double = 0.95
    ) -> BootstrapSummary {
        let names = space.parameters(row: estimate.row, column: estimate.column)
        let lowF = (1 - level) / 2, highF = 1 - (1 - level) / 2
        let intervals = names.enumerated().map { k, name in
            let column = choices.map { space.parameters(row: $0.row, column: $0.column)[k].value }
            return ParameterInterval(
                name: name.name, estimate: name.value, lower: GSL.quantile(column, lowF)!,
                upper: GSL.quantile(column, highF)!)
        }
        return BootstrapSummary(
            resamples: choices.count, level: level, method: .poisson, intervals: intervals,
            bagged: median(choices))
    }

    /// Bagging (Breiman 1996) of the grid minimum: the lower median of the choices' rows and,
    /// apart, of their columns. The least error on a few gestures is a step function's
    /// minimum, which jumps between distant candidates from one sample to the next; the
    /// median of the minima over resamples moves far less.
    static func median(_ choices: [GridChoice]) -> (row: Int, column: Int) {
        precondition(!choices.isEmpty)
        let rows = choices.map(\.row).sorted(), columns = choices.map(\.column).sorted()
        return (rows[(rows.count - 1) / 2], columns[(columns.count - 1) / 2])
    }

    /// Resamples per fold when the cross-validation bags (each fold's training weights, from
    /// `foldBase`): fewer than the intervals' 1000, as five folds need them.
    static let foldResamples = 100

    /// Resamples of the bagged rule that ships: fixed, so that `--resamples` (the intervals'
    /// precision) never changes the verdict; the default `--resamples`, so the default run
    /// draws them once for both.
    static let baggingResamples = 1000

    /// One set of resamples: `count` Poisson resamples of the unit `weights` (the full counts,
    /// or a training set's), resample `r` drawn from `generator(base, resample: r)`.
    struct ResampleJob: Sendable {
        var weights: [Int]
        var base: UInt64
        var count: Int
    }

    /// The generator base of fold `fold`'s bagging under `seed`:
    /// `mix(mix(seed, fold), 0xBA66)`.
    static func foldBase(_ seed: UInt64, fold: Int) -> UInt64 {
        RandomSource.mix(RandomSource.mix(seed, UInt64(fold)), 0xBA66)
    }

    /// The grid minima of `resamples` Poisson resamples of the unit `weights`, resample `r`
    /// drawn from `generator(base, resample: r)`.
    static func resampledChoices(
        encoding: Encoding, weights: [Int], resamples: Int, base: UInt64, jobs: Int?
    ) -> [GridChoice] {
        resampledChoices(
            encoding: encoding, [ResampleJob(weights: weights, base: base, count: resamples)],
            jobs: jobs)[0]
    }

    /// The grid minima of every job's resamples, per job in order, all drawn in one pool of
    /// workers (`jobs`; nil: every core), so short jobs (the folds' baggings) keep every core
    /// busy. Each resample seeds its own generator, so the choices depend on neither `jobs`
    /// nor which other jobs share the pool. For `projection` with `tau` searched, block totals
    /// split where the minimum can be (`ColumnBlocks.choose`); else every unit's weight, then
    /// the sorted sweep (`Encoding.choose`). The same law either way.
    static func resampledChoices(encoding: Encoding, _ work: [ResampleJob], jobs: Int?)
        -> [[GridChoice]]
    {
        // Each job's groups on its own thread, then one set of Poisson tables for every job
        // (a table depends only on its count, so the draws are those of a set per job).
        let sources = Parallel.map(work.count) {
            Sampler.Source(encoding: encoding, weights: work[$0].weights)
        }
        let tables = PoissonTables(
            counts: sources.flatMap(\.counts), workers: jobs ?? Parallel.workers)
        let samplers = sources.map { Sampler($0, tables: tables) }
        let starts = work.reduce(into: [0]) { $0.append($0.last! + $1.count) }
        let flat = resampleChoices(
            count: starts.last!, jobs: jobs, workspace: { Workspaces(encoding) }
        ) { i, ws in
            var j = 0
            while starts[j + 1] <= i { j += 1 }
            let rng = generator(work[j].base, resample: i - starts[j])
            return samplers[j].choose(rng: rng, workspace: ws, job: j)
        }
        return work.indices.map { Array(flat[starts[$0]..<starts[$0 + 1]]) }
    }

    /// How one job's resamples are drawn and searched.
    private enum Sampler: Sendable {
        case blocks(ColumnBlocks, PoissonTables)
        case units(Encoding, weights: [Int], PoissonTables)

        /// What a job's resamples draw from: its block totals, or every unit's weight.
        enum Source: Sendable {
            case blocks(ColumnBlocks)
            case units(Encoding, weights: [Int])

            init(encoding: Encoding, weights: [Int]) {
                if encoding.perColumn && ColumnBlocks.fits(encoding) {
                    self = .blocks(ColumnBlocks(encoding, weights: weights))
                } else {
                    self = .units(encoding, weights: weights)
                }
            }

            /// The counts whose Poisson weights each resample draws.
            var counts: [Int] {
                switch self {
                case .blocks(let blocks): blocks.groupCounts
                case .units(_, let weights): weights
                }
            }
        }

        /// `tables`: `PoissonTables` holding at least every table `source.counts` needs.
        init(_ source: Source, tables: PoissonTables) {
            switch source {
            case .blocks(let blocks): self = .blocks(blocks, tables)
            case .units(let encoding, let weights):
                self = .units(encoding, weights: weights, tables)
            }
        }

        func choose(rng: RandomSource, workspace ws: Workspaces, job: Int) -> GridChoice {
            switch self {
            case .blocks(let blocks, let tables):
                return blocks.choose(rng: rng, tables: tables, workspace: ws.blocks(job, blocks))
            case .units(let encoding, let weights, let tables):
                let w = ws.units
                w.weights.withUnsafeMutableBufferPointer { out in
                    weights.withUnsafeBufferPointer { n in
                        rng.poissonCounts(n, tables: tables, into: out, scratch: &w.draws)
                    }
                }
                return w.weights.withUnsafeBufferPointer {
                    encoding.choose(weights: $0, workspace: w)
                }
            }
        }
    }

    /// One worker's buffers: the sweep's, and each job's blocks' (made when first needed).
    private final class Workspaces {
        private let encoding: Encoding
        private(set) lazy var units = ChoiceWorkspace(encoding)
        private var byJob: [Int: BlockWorkspace] = [:]

        init(_ encoding: Encoding) { self.encoding = encoding }

        func blocks(_ job: Int, _ blocks: ColumnBlocks) -> BlockWorkspace {
            if let ws = byJob[job] { return ws }
            let ws = BlockWorkspace(blocks)
            byJob[job] = ws
            return ws
        }
    }

    /// The generator of resample `r` under `base` (`mix(seed, stream)`): GSL's `taus2`, seeded
    /// from the resample's index alone.
    static func generator(_ base: UInt64, resample r: Int) -> RandomSource {
        RandomSource(seed: base, stream: UInt64(r), generator: .taus2)
    }

    /// Resamples per chunk of work handed to a worker (each chunk makes its own workspace).
    static let chunk = 25

    /// Runs `body` for resamples 0..<count on `jobs` workers (nil: one per core), in chunks
    /// taken as workers free up (`Parallel.chunkedMap`); `body` seeds its own generator from
    /// the resample index, so the choices do not depend on `jobs`.
    static func resampleChoices<Workspace>(
        count: Int, jobs: Int?, workspace: @Sendable () -> Workspace,
        _ body: @Sendable (Int, Workspace) -> GridChoice
    ) -> [GridChoice] {
        Parallel.chunkedMap(count, chunk: chunk, jobs: jobs, workspace: workspace, body)
    }
}
