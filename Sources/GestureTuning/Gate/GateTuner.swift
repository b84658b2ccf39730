import Foundation
internal import GestureNumerics
import GesturePhysics

/// The start-of-gesture gate tuned on `GateStatistics` (docs/gate.md): the candidate gate
/// `(w, θ)` (`GateGrid`) with the fewest `misses + λ · false triggers`, cross-validated on the
/// tuning's hash folds, with Poisson-bootstrap percentile intervals of `w` and `θ` as the
/// release rule's.
public struct GateAnswer: Sendable, Equatable {
    /// Meant gestures (complete or cancel), `other` gestures, unlabelled (not counted).
    public var meant: Int
    public var others: Int
    public var unlabelled: Int
    /// `λ`, the cost of a false trigger in misses (`--false-trigger-cost`).
    public var falseTriggerCost: Double
    /// False triggers were measured: some gesture is labelled `other`. Without any, the gate
    /// is not tuned here (the edge and lock come from the intended swipes, as before).
    public var measured: Bool { others > 0 }
    /// The tuned gate (nil when not measured or nothing is meant).
    public var suggested: Gate?
    /// In-sample misses and false triggers of `suggested`.
    public var misses = 0
    public var falseTriggers = 0
    /// Held-out misses and false triggers over the folds (each fold decided by the gate tuned
    /// on the others).
    public var crossValidatedMisses = 0
    public var crossValidatedFalseTriggers = 0
    /// Bootstrap intervals of `w` (pt; an upper end of `.infinity` is the whole extent) and `θ`.
    public var edgeInterval: ParameterInterval?
    public var angleInterval: ParameterInterval?
    public var resamples = 0
    /// The reference gates (current, full screen, platforms' defaults) with their counts.
    public var references: [ReferenceGate]
    /// The trade-off: for each candidate lock in `tradeoffAngles`, misses and false triggers
    /// as `w` runs over the grid (the whole extent last).
    public var tradeoff: [TradeoffCurve] = []

    public struct TradeoffCurve: Sendable, Equatable {
        public var lockAngle: Double
        /// `(w, misses, falseTriggers)`; `w` nil: the whole extent.
        public var points: [(edgeWidth: Double?, misses: Int, falseTriggers: Int)]

        public static func == (a: TradeoffCurve, b: TradeoffCurve) -> Bool {
            a.lockAngle == b.lockAngle && a.points.count == b.points.count
                && zip(a.points, b.points).allSatisfy {
                    $0.edgeWidth == $1.edgeWidth && $0.misses == $1.misses
                        && $0.falseTriggers == $1.falseTriggers
                }
        }
    }

    /// Misses and false triggers as shares of the meant and the other gestures.
    public var missRate: Double? { meant > 0 ? Double(misses) / Double(meant) : nil }
    public var falseTriggerRate: Double? {
        others > 0 ? Double(falseTriggers) / Double(others) : nil
    }
}

public enum GateTuner {
    /// Locks drawn in the trade-off figure.
    public static let tradeoffAngles: [Double] = [15, 30, 45, 60, 90]
    /// Stream of the gate bootstrap's generators under the seed.
    static let stream: UInt64 = 0x6A7E

    /// Tunes the gate: `λ` = `falseTriggerCost`, `resamples` bootstrap resamples (0: none).
    public static func tune(
        _ s: GateStatistics, falseTriggerCost: Double = 1, resamples: Int = 0,
        level: Double = 0.95
    ) -> GateAnswer {
        var answer = GateAnswer(
            meant: s.meant, others: s.others, unlabelled: s.unlabelled,
            falseTriggerCost: falseTriggerCost, references: s.references)
        guard s.others > 0, s.meant > 0 else { return answer }
        let folds = s.folds
        // Dense per-fold counts of each class.
        let table = Table(s.cells.map { ($0.key, Double($0.value)) }, folds: folds)
        let total = table.sum(excluding: nil)
        let choice = choose(total, cost: falseTriggerCost)
        answer.suggested = GateGrid.gate(edge: choice.edge, angle: choice.angle, slop: s.slop)
        let counts = total.counts(edge: choice.edge, angle: choice.angle)
        answer.misses = Int(counts.misses.rounded())
        answer.falseTriggers = Int(counts.falseTriggers.rounded())
        for f in 0..<folds {
            let training = table.sum(excluding: f)
            let held = table.fold(f)
            let c = choose(training, cost: falseTriggerCost)
            let e = held.counts(edge: c.edge, angle: c.angle)
            answer.crossValidatedMisses += Int(e.misses.rounded())
            answer.crossValidatedFalseTriggers += Int(e.falseTriggers.rounded())
        }
        for lock in tradeoffAngles {
            let j = GateGrid.angleBin(lock)
            let points = (0...GateGrid.fullExtent).map { i in
                let c = total.counts(edge: i, angle: j)
                return (
                    edgeWidth: i < GateGrid.edgeWidths.count ? GateGrid.edgeWidths[i] : nil,
                    misses: Int(c.misses.rounded()), falseTriggers: Int(c.falseTriggers.rounded())
                )
            }
            answer.tradeoff.append(.init(lockAngle: lock, points: points))
        }
        if resamples > 0 {
            let cells = s.cells.keys.sorted().map { ($0, Double(s.cells[$0]!)) }
            let base = RandomSource.mix(s.seed, stream)
            var edges: [Double] = []
            var angles: [Double] = []
            for r in 0..<resamples {
                let rng = RandomSource(seed: base, stream: UInt64(r), generator: .taus2)
                let weighted = cells.map { ($0.0, Double(rng.poisson(mean: $0.1))) }
                let c = choose(
                    Table(weighted, folds: folds).sum(excluding: nil), cost: falseTriggerCost)
                edges.append(Double(c.edge))
                angles.append(Double(c.angle))
            }
            let low = (1 - level) / 2
            let high = 1 - low
            func edgeValue(_ i: Double) -> Double {
                let k = Int(i)
                return k < GateGrid.edgeWidths.count ? GateGrid.edgeWidths[k] : .infinity
            }
            let eLow = (GSL.quantile(edges, low) ?? 0).rounded(.down)
            let eHigh = (GSL.quantile(edges, high) ?? 0).rounded(.up)
            let aLow = (GSL.quantile(angles, low) ?? 0).rounded(.down)
            let aHigh = (GSL.quantile(angles, high) ?? 0).rounded(.up)
            answer.edgeInterval = ParameterInterval(
                name: "w", estimate: answer.suggested?.edgeWidth ?? .infinity,
                lower: edgeValue(eLow), upper: edgeValue(eHigh))
            answer.angleInterval = ParameterInterval(
                name: "θ", estimate: GateGrid.lockAngles[choice.angle],
                lower: GateGrid.lockAngles[Int(aLow)], upper: GateGrid.lockAngles[Int(aHigh)])
            answer.resamples = resamples
        }
        return answer
    }

    /// The candidate of least cost; among equals, the middle one: the median lock of the
    /// minimisers, then the median edge of those at that lock (a flat optimum is usually a
    /// gap between where meant and other gestures start, and its middle sits farthest from both).
    static func choose(_ c: Cumulative, cost lambda: Double) -> (edge: Int, angle: Int) {
        var best = Double.infinity
        var minimisers: [(Int, Int)] = []
        for j in 0..<GateGrid.lockAngles.count {
            for i in 0...GateGrid.fullExtent {
                let counts = c.counts(edge: i, angle: j)
                let cost = counts.misses + lambda * counts.falseTriggers
                if cost < best - 1e-9 {
                    best = cost
                    minimisers = [(i, j)]
                } else if abs(cost - best) <= 1e-9 {
                    minimisers.append((i, j))
                }
            }
        }
        let angles = minimisers.map(\.1).sorted()
        let angle = angles[(angles.count - 1) / 2]
        let edges = minimisers.filter { $0.1 == angle }.map(\.0).sorted()
        return (edges[(edges.count - 1) / 2], angle)
    }

    /// Cell counts by (edge bin, angle bin, class), per fold.
    struct Table {
        let folds: Int
        /// `[fold][class][edge][angle]`, flattened.
        var counts: [Double]
        static var edgeBins: Int { GateGrid.fullExtent + 1 }
        static var angleBins: Int { GateGrid.noAngle + 1 }

        init(_ cells: [(Int, Double)], folds: Int) {
            self.folds = folds
            counts = Array(repeating: 0, count: folds * 2 * Self.edgeBins * Self.angleBins)
            for (key, n) in cells {
                let fold = key % folds
                let rest = key / folds
                let other = rest % 2
                let cell = rest / 2
                let angle = cell % Self.angleBins
                let edge = cell / Self.angleBins
                counts[Self.index(fold, other, edge, angle)] += n
            }
        }

        static func index(_ fold: Int, _ other: Int, _ edge: Int, _ angle: Int) -> Int {
            ((fold * 2 + other) * edgeBins + edge) * angleBins + angle
        }

        /// Every fold but `excluded` (nil: all), as cumulative counts.
        func sum(excluding excluded: Int?) -> Cumulative {
            var c = Cumulative()
            for f in 0..<folds where f != excluded { c.add(self, fold: f) }
            c.accumulate()
            return c
        }

        func fold(_ f: Int) -> Cumulative {
            var c = Cumulative()
            c.add(self, fold: f)
            c.accumulate()
            return c
        }
    }

    /// 2-D prefix sums: gestures of each class in cells with edge bin ≤ i and angle bin ≤ j,
    /// that is, admitted by candidate `(i, j)`.
    struct Cumulative {
        var meant = Array(repeating: 0.0, count: Table.edgeBins * Table.angleBins)
        var other = Array(repeating: 0.0, count: Table.edgeBins * Table.angleBins)
        var meantTotal = 0.0

        mutating func add(_ t: Table, fold f: Int) {
            for e in 0..<Table.edgeBins {
                for a in 0..<Table.angleBins {
                    let k = e * Table.angleBins + a
                    let m = t.counts[Table.index(f, 0, e, a)]
                    meant[k] += m
                    meantTotal += m
                    other[k] += t.counts[Table.index(f, 1, e, a)]
                }
            }
        }

        mutating func accumulate() {
            for array in [\Cumulative.meant, \Cumulative.other] {
                for e in 0..<Table.edgeBins {
                    for a in 0..<Table.angleBins {
                        let k = e * Table.angleBins + a
                        var v = self[keyPath: array][k]
                        if e > 0 { v += self[keyPath: array][k - Table.angleBins] }
                        if a > 0 { v += self[keyPath: array][k - 1] }
                        if e > 0 && a > 0 { v -= self[keyPath: array][k - Table.angleBins - 1] }
                        self[keyPath: array][k] = v
                    }
                }
            }
        }

        /// Misses and false triggers of candidate `(edge, angle)`.
        func counts(edge i: Int, angle j: Int) -> (misses: Double, falseTriggers: Double) {
            let k = i * Table.angleBins + j
            return (meantTotal - meant[k], other[k])
        }
    }
}
