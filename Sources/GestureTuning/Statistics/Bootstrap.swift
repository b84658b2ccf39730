internal import GestureNumerics
import Dispatch
import Foundation

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

    public func contains(_ x: Double) -> Bool { lower <= x && x <= upper }
}

/// How the bootstrap was run.
public enum BootstrapMethod: Sendable, Equatable, Codable {
    /// Resamples of all gestures with replacement (n uniform draws counted per cell), percentile intervals.
    case exact
    /// Bag of little bootstraps (Kleiner, Talwalkar, Sarkar & Jordan 2014): `subsets` random
    /// subsets of `subsetSize = n^0.7` gestures, each resampled to size n by multinomial
    /// weights; the interval ends are the means of the subsets' percentile ends. Used for
    /// `projection` with `tau` searched above `TuningOptions.exactBootstrapLimit` gestures,
    /// where each resample would otherwise cost 101 × n.
    case bagOfLittleBootstraps(subsets: Int, subsetSize: Int)
}

/// Bootstrap intervals of one search.
public struct BootstrapSummary: Sendable, Equatable {
    public var resamples: Int
    public var level: Double
    public var method: BootstrapMethod
    public var intervals: [ParameterInterval]
}

enum Bootstrap {
    /// Above this many points per occupied cell, a staircase resample draws its cell counts
    /// as one multinomial (`gsl_ran_multinomial`: a binomial per cell) instead of n uniform
    /// indices: the same law, at O(cells) instead of O(n) draws. In profiles of
    /// `tuning-bench` at 1M gestures a binomial cost ~55 ns and a uniform index draw with its
    /// scattered count increment ~15 ns: about 4 to 1.
    static let pointsPerCellForMultinomial = 4

    /// Percentile intervals of the searched parameters of `space`, `resamples` resamples,
    /// each seeded by `(seed, resample index)` so results do not depend on the thread count
    /// (`jobs`; nil: every core). Every refit is the sorted sweep (`Encoding.choose`).
    static func run(
        points: [TuningPoint], encoding: Encoding, estimate: GridChoice, resamples: Int, seed: UInt64,
        level: Double = 0.95, exactLimit: Int, jobs: Int? = nil
    ) -> BootstrapSummary? {
        let n = points.count
        guard resamples > 0, n > 0 else { return nil }
        let space = encoding.space
        let names = space.parameters(row: estimate.row, column: estimate.column)
        let estimates = names.map(\.value)
        let lowF = (1 - level) / 2, highF = 1 - (1 - level) / 2
        if case .perColumn = encoding.kind, n > exactLimit {
            let subsetSize = min(n, Int(pow(Double(n), 0.7).rounded(.up)))
            let subsets = max(1, min(resamples / 50, 20))
            let perSubset = max(1, resamples / subsets)
            let subEncodings: [Encoding] = (0..<subsets).map { s in
                let rng = RandomSource(seed: seed, stream: 0x5B5E_7000 &+ UInt64(s))
                let chosen = rng.choose(subsetSize, of: n)
                return Encoding(points: chosen.map { points[$0] }, space: space)
            }
            let uniform = [Double](repeating: 1, count: subsetSize)
            let choices = resampleChoices(count: subsets * perSubset, seed: seed, jobs: jobs, workspace: { ResampleWorkspace(subEncodings[0]) }) { index, rng, ws in
                let enc = subEncodings[index / perSubset]
                rng.multinomial(total: n, probabilities: uniform, into: &ws.counts)
                for u in 0..<subsetSize { ws.choice.weights[u] = Int(ws.counts[u]) }
                return ws.choice.weights.withUnsafeBufferPointer { enc.choose(weights: $0, workspace: ws.choice) }
            }
            let values = choices.map { space.parameters(row: $0.row, column: $0.column).map(\.value) }
            var intervals: [ParameterInterval] = []
            for (k, name) in names.enumerated() {
                var lo = 0.0, hi = 0.0
                for s in 0..<subsets {
                    let slice = (0..<perSubset).map { values[s * perSubset + $0][k] }
                    lo += GSL.quantile(slice, lowF)!
                    hi += GSL.quantile(slice, highF)!
                }
                intervals.append(ParameterInterval(name: name.name, estimate: estimates[k], lower: lo / Double(subsets), upper: hi / Double(subsets)))
            }
            return BootstrapSummary(
                resamples: subsets * perSubset, level: level,
                method: .bagOfLittleBootstraps(subsets: subsets, subsetSize: subsetSize), intervals: intervals)
        }
        // A resample of n gestures with replacement: counts per unit (pooled cell, or the point
        // itself per column) distributed Multinomial(n, count/n). Drawn as n uniform indices
        // (`gsl_rng_uniform_int`), each adding 1 to its point's unit, unless the units are
        // cells holding many points each: then as one `gsl_ran_multinomial` over the cells
        // (same law, fewer draws). Each resample has its own generator, so the result does not
        // depend on the thread count.
        let units = encoding.unitCount
        let byCells: Bool = { if case .staircase = encoding.kind { return n > pointsPerCellForMultinomial * units } else { return false } }()
        let unitOfPoint = byCells ? [] : encoding.unitOfPoint
        let probabilities = byCells ? encoding.fullWeights.map(Double.init) : []
        let choices = resampleChoices(count: resamples, seed: seed, jobs: jobs, workspace: { ResampleWorkspace(encoding) }) { _, rng, ws in
            ws.choice.weights.withUnsafeMutableBufferPointer { w in
                if byCells {
                    rng.multinomial(total: n, probabilities: probabilities, into: &ws.counts)
                    for u in 0..<units { w[u] = Int(ws.counts[u]) }
                } else {
                    for u in 0..<units { w[u] = 0 }
                    unitOfPoint.withUnsafeBufferPointer { unit in
                        for _ in 0..<n { w[Int(unit[rng.int(n)])] += 1 }
                    }
                }
            }
            return ws.choice.weights.withUnsafeBufferPointer { encoding.choose(weights: $0, workspace: ws.choice) }
        }
        let intervals = names.enumerated().map { k, name in
            let column = choices.map { space.parameters(row: $0.row, column: $0.column)[k].value }
            return ParameterInterval(name: name.name, estimate: estimates[k], lower: GSL.quantile(column, lowF)!, upper: GSL.quantile(column, highF)!)
        }
        return BootstrapSummary(resamples: resamples, level: level, method: .exact, intervals: intervals)
    }

    /// Buffers of one worker: the choice workspace and multinomial counts.
    final class ResampleWorkspace {
        let choice: ChoiceWorkspace
        var counts: [UInt32] = []
        init(_ encoding: Encoding) { choice = ChoiceWorkspace(encoding) }
    }

    /// Runs `body` for resamples 0..<count on `jobs` workers (nil: one per core; resample `b`
    /// on worker `b % workers`), each resample with its own generator seeded from
    /// `(seed, b)` and each worker with one workspace: the choices do not depend on `jobs`.
    static func resampleChoices(
        count: Int, seed: UInt64, jobs: Int?, workspace: @Sendable () -> ResampleWorkspace,
        _ body: @Sendable (Int, RandomSource, ResampleWorkspace) -> GridChoice
    ) -> [GridChoice] {
        var out = [GridChoice](repeating: GridChoice(row: 0, column: 0, errors: 0, tiedCandidates: 0), count: count)
        let workers = max(1, min(count, jobs ?? ProcessInfo.processInfo.activeProcessorCount))
        out.withUnsafeMutableBufferPointer { buffer in
            nonisolated(unsafe) let target = buffer
            DispatchQueue.concurrentPerform(iterations: workers) { worker in
                let ws = workspace()
                for index in stride(from: worker, to: count, by: workers) {
                    target[index] = body(index, RandomSource(seed: seed, stream: UInt64(index)), ws)
                }
            }
        }
        return out
    }
}
