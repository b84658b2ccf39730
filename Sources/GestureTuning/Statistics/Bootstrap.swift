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
    /// Percentile intervals of the searched parameters of `space`, `resamples` resamples,
    /// each seeded by `(seed, resample index)` so results do not depend on the thread count.
    /// Every refit is the sorted sweep (`Encoding.choose`).
    static func run(
        points: [TuningPoint], encoding: Encoding, estimate: GridChoice, resamples: Int, seed: UInt64,
        level: Double = 0.95, exactLimit: Int
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
            let values = resampleParameters(count: subsets * perSubset, seed: seed) { index, rng in
                let enc = subEncodings[index / perSubset]
                var counts: [UInt32] = []
                rng.multinomial(total: n, weights: [Double](repeating: 1, count: subsetSize), into: &counts)
                let c = enc.choose(weights: counts.map { Int($0) })
                return space.parameters(row: c.row, column: c.column).map(\.value)
            }
            var intervals: [ParameterInterval] = []
            for (k, name) in names.enumerated() {
                var lo = 0.0, hi = 0.0
                for s in 0..<subsets {
                    let slice = (0..<perSubset).map { values[(s * perSubset + $0) * names.count + k] }
                    lo += GSL.quantile(slice, lowF)!
                    hi += GSL.quantile(slice, highF)!
                }
                intervals.append(ParameterInterval(name: name.name, estimate: estimates[k], lower: lo / Double(subsets), upper: hi / Double(subsets)))
            }
            return BootstrapSummary(
                resamples: subsets * perSubset, level: level,
                method: .bagOfLittleBootstraps(subsets: subsets, subsetSize: subsetSize), intervals: intervals)
        }
        // A resample of n gestures with replacement: n uniform indices (`gsl_rng_uniform_int`),
        // each adding 1 to its point's unit (its pooled cell, or itself per column). Same law as
        // a multinomial over the cells with probabilities count/n, at n cheap draws instead of
        // one binomial per cell; each resample has its own generator, so the result does not
        // depend on the thread count.
        let unitOfPoint = encoding.unitOfPoint
        let units = encoding.unitCount
        let values = resampleParameters(count: resamples, seed: seed) { _, rng in
            var weights = [Int](repeating: 0, count: units)
            weights.withUnsafeMutableBufferPointer { w in
                unitOfPoint.withUnsafeBufferPointer { unit in
                    for _ in 0..<n { w[Int(unit[rng.int(n)])] += 1 }
                }
            }
            let c = encoding.choose(weights: weights)
            return space.parameters(row: c.row, column: c.column).map(\.value)
        }
        let intervals = names.enumerated().map { k, name in
            let column = (0..<resamples).map { values[$0 * names.count + k] }
            return ParameterInterval(name: name.name, estimate: estimates[k], lower: GSL.quantile(column, lowF)!, upper: GSL.quantile(column, highF)!)
        }
        return BootstrapSummary(resamples: resamples, level: level, method: .exact, intervals: intervals)
    }

    /// Runs `body` for indices 0..<count in parallel (`DispatchQueue.concurrentPerform`),
    /// each with its own generator seeded from `(seed, index)`; returns the concatenated rows.
    static func resampleParameters(count: Int, seed: UInt64, _ body: @Sendable (Int, RandomSource) -> [Double]) -> [Double] {
        let first = body(0, RandomSource(seed: seed, stream: 0))
        let width = first.count
        var out = [Double](repeating: 0, count: count * width)
        for k in 0..<width { out[k] = first[k] }
        guard count > 1 else { return out }
        out.withUnsafeMutableBufferPointer { buffer in
            nonisolated(unsafe) let target = buffer
            DispatchQueue.concurrentPerform(iterations: count - 1) { j in
                let index = j + 1
                let row = body(index, RandomSource(seed: seed, stream: UInt64(index)))
                for k in 0..<width { target[index * width + k] = row[k] }
            }
        }
        return out
    }
}
