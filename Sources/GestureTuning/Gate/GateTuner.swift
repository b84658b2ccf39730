import Foundation
internal import GestureNumerics
import GesturePhysics

/// The start-of-gesture gate tuned on `GateStatistics` (docs/gate.md): the candidate gate
/// `(w, θ)` (`GateGrid`) with the fewest `misses + λ · false triggers`, cross-validated on the
/// tuning's hash folds, with Poisson-bootstrap intervals of the gates that are optimal (each
/// resample's whole flat optimum, not only its middle).
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
    /// The flat optimum through the suggestion: the lowest and highest edge width (pt;
    /// `.infinity` is the whole extent) of least cost at the suggested lock, and the lowest and
    /// highest lock (degrees) of least cost at the suggested edge (nil when nothing is tuned).
    public var optimum: GateRegion?
    /// Bootstrap intervals of `w` (pt; an upper end of `.infinity` is the whole extent) and `θ`:
    /// in each resample, the edges of least cost at the suggested lock and the locks of least
    /// cost at the suggested edge (`optimum` on the resample); the interval runs from the lower
    /// percentile (2.5% at 95%) of their lowest to the upper percentile of their highest, so it
    /// holds the values that are best in most resamples. The estimate is `suggested`'s.
    public var edgeInterval: ParameterInterval?
    public var angleInterval: ParameterInterval?
    public var resamples = 0
    /// The tuned gate's cross-validated errors (misses + false triggers) − the current gate's,
    /// paired on the same meant and `other` gestures (the gestures both get wrong counted
    /// exactly): the same comparison that decides whether a tuned release rule ships.
    public var currentDifference: PairedDifference?
    /// The tuned gate ships: it was measured (some gesture is labelled `other`) and beats the
    /// current gate with confidence end to end. Otherwise the current gate ships.
    public var ships: Bool { suggested != nil && currentDifference?.isBetter == true }
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

/// A box of candidate gates: edge widths from `lowestEdge` to `highestEdge` pt (`.infinity`: the
/// whole extent) and locks from `lowestLock` to `highestLock` degrees.
public struct GateRegion: Sendable, Equatable {
    public var lowestEdge: Double
    public var highestEdge: Double
    public var lowestLock: Double
    public var highestLock: Double

    public init(lowestEdge: Double, highestEdge: Double, lowestLock: Double, highestLock: Double) {
        self.lowestEdge = lowestEdge
        self.highestEdge = highestEdge
        self.lowestLock = lowestLock
        self.highestLock = highestLock
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
        let flat = slices(total, edge: choice.edge, angle: choice.angle, cost: falseTriggerCost)
        answer.optimum = GateRegion(
            lowestEdge: edgeValue(flat.edges.lowerBound),
            highestEdge: edgeValue(flat.edges.upperBound),
            lowestLock: GateGrid.lockAngles[flat.angles.lowerBound],
            highestLock: GateGrid.lockAngles[flat.angles.upperBound])
        let counts = total.counts(edge: choice.edge, angle: choice.angle)
        answer.misses = Int(counts.misses.rounded())
        answer.falseTriggers = Int(counts.falseTriggers.rounded())
        var bothWrong = 0.0
        for f in 0..<folds {
            let training = table.sum(excluding: f)
            let held = table.fold(f)
            let c = choose(training, cost: falseTriggerCost)
            let e = held.counts(edge: c.edge, angle: c.angle)
            answer.crossValidatedMisses += Int(e.misses.rounded())
            answer.crossValidatedFalseTriggers += Int(e.falseTriggers.rounded())
            bothWrong += held.bothWrong(edge: c.edge, angle: c.angle)
        }
        if let current = s.references.first {
            answer.currentDifference = PairedDifference.paired(
                errors: answer.crossValidatedMisses + answer.crossValidatedFalseTriggers,
                baseline: current.misses + current.falseTriggers,
                bothWrong: Int(bothWrong.rounded()), gestures: s.meant + s.others,
                level: Recommendation.level)
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
            // Each resample's whole flat optimum through the suggestion counts: the interval
            // of its middle alone is narrower than the region of equally good gates when the
            // classes are separable. Through the suggestion, not the resample's own middle,
            // which can land where only a small edge width is optimal and any lock is.
            let cells = s.cells.keys.sorted().map { ($0, Double(s.cells[$0]!)) }
            let base = RandomSource.mix(s.seed, stream)
            var lowEdges: [Double] = []
            var highEdges: [Double] = []
            var lowAngles: [Double] = []
            var highAngles: [Double] = []
            for r in 0..<resamples {
                let rng = RandomSource(seed: base, stream: UInt64(r), generator: .taus2)
                let weighted = cells.map { ($0.0, Double(rng.poisson(mean: $0.1))) }
                let c = slices(
                    Cumulative(weighted: weighted, folds: folds), edge: choice.edge,
                    angle: choice.angle, cost: falseTriggerCost)
                lowEdges.append(Double(c.edges.lowerBound))
                highEdges.append(Double(c.edges.upperBound))
                lowAngles.append(Double(c.angles.lowerBound))
                highAngles.append(Double(c.angles.upperBound))
            }
            let low = (1 - level) / 2
            let high = 1 - low
            let eLow = Int((GSL.quantile(lowEdges, low) ?? 0).rounded(.down))
            let eHigh = Int((GSL.quantile(highEdges, high) ?? 0).rounded(.up))
            let aLow = Int((GSL.quantile(lowAngles, low) ?? 0).rounded(.down))
            let aHigh = Int((GSL.quantile(highAngles, high) ?? 0).rounded(.up))
            answer.edgeInterval = ParameterInterval(
                name: "w", estimate: answer.suggested?.edgeWidth ?? .infinity,
                lower: edgeValue(eLow), upper: edgeValue(eHigh))
            answer.angleInterval = ParameterInterval(
                name: "θ", estimate: GateGrid.lockAngles[choice.angle],
                lower: GateGrid.lockAngles[aLow], upper: GateGrid.lockAngles[aHigh])
            answer.resamples = resamples
        }
        return answer
    }

    /// The edge width of bin `i`, pt (`.infinity`: the whole extent).
    static func edgeValue(_ i: Int) -> Double {
        i < GateGrid.edgeWidths.count ? GateGrid.edgeWidths[i] : .infinity
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

    /// The flat optimum through the gate `(edge, angle)`: the range of edge bins of least cost
    /// at lock bin `angle`, and of lock bins of least cost at edge bin `edge`. Through a
    /// minimiser these are slices of the flat optimum. Not its bounding box: the optimum is
    /// seldom a box, as at a small edge width few other gestures start near the edge and any
    /// lock is optimal there, so the box would hold gates far from optimal at the suggestion.
    static func slices(_ c: Cumulative, edge: Int, angle: Int, cost lambda: Double) -> (
        edges: ClosedRange<Int>, angles: ClosedRange<Int>
    ) {
        func range(_ count: Int, _ cost: (Int) -> Double) -> ClosedRange<Int> {
            let costs = (0..<count).map(cost)
            let best = costs.min()!
            let at = costs.indices.filter { costs[$0] <= best + 1e-9 }
            return at.first!...at.last!
        }
        let edges = range(GateGrid.fullExtent + 1) {
            let k = c.counts(edge: $0, angle: angle)
            return k.misses + lambda * k.falseTriggers
        }
        let angles = range(GateGrid.lockAngles.count) {
            let k = c.counts(edge: edge, angle: $0)
            return k.misses + lambda * k.falseTriggers
        }
        return (edges, angles)
    }

    /// Cell counts by (edge bin, angle bin, class), per fold; the class is `other + 2 ·
    /// current` (other: labelled `other`; current: the current gate admits it).
    struct Table {
        let folds: Int
        /// `[fold][class][edge][angle]`, flattened.
        var counts: [Double]
        static var edgeBins: Int { GateGrid.fullExtent + 1 }
        static var angleBins: Int { GateGrid.noAngle + 1 }
        static let classes = 4

        init(_ cells: [(Int, Double)], folds: Int) {
            self.folds = folds
            counts = Array(
                repeating: 0, count: folds * Self.classes * Self.edgeBins * Self.angleBins)
            for (key, n) in cells {
                let fold = key % folds
                var rest = key / folds
                let current = rest % 2
                rest /= 2
                let other = rest % 2
                let cell = rest / 2
                let angle = cell % Self.angleBins
                let edge = cell / Self.angleBins
                counts[Self.index(fold, other + 2 * current, edge, angle)] += n
            }
        }

        static func index(_ fold: Int, _ cls: Int, _ edge: Int, _ angle: Int) -> Int {
            ((fold * classes + cls) * edgeBins + edge) * angleBins + angle
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
        /// Meant gestures the current gate refuses, and `other` ones it admits.
        var meantCurrentRefused = Array(repeating: 0.0, count: Table.edgeBins * Table.angleBins)
        var meantCurrentRefusedTotal = 0.0
        var otherCurrentAdmitted = Array(repeating: 0.0, count: Table.edgeBins * Table.angleBins)

        mutating func add(_ t: Table, fold f: Int) {
            for e in 0..<Table.edgeBins {
                for a in 0..<Table.angleBins {
                    let k = e * Table.angleBins + a
                    let refused = t.counts[Table.index(f, 0, e, a)]
                    let m = refused + t.counts[Table.index(f, 2, e, a)]
                    meant[k] += m
                    meantTotal += m
                    meantCurrentRefused[k] += refused
                    meantCurrentRefusedTotal += refused
                    let admitted = t.counts[Table.index(f, 3, e, a)]
                    other[k] += t.counts[Table.index(f, 1, e, a)] + admitted
                    otherCurrentAdmitted[k] += admitted
                }
            }
        }

        mutating func accumulate() {
            Self.prefixSums(&meant)
            Self.prefixSums(&other)
            Self.prefixSums(&meantCurrentRefused)
            Self.prefixSums(&otherCurrentAdmitted)
        }

        /// The pooled cells of every fold, weighted (a bootstrap resample), as cumulative counts
        /// of the two classes: no per-fold table, and no current-gate arrays (a resample only
        /// looks for the flat optimum).
        init(weighted cells: [(Int, Double)], folds: Int) {
            for (key, n) in cells where n != 0 {
                let rest = key / folds / 2
                let other = rest % 2
                // The cell index is the arrays' index: edge bin × angle bins + angle bin.
                let k = rest / 2
                if other == 1 {
                    self.other[k] += n
                } else {
                    meant[k] += n
                    meantTotal += n
                }
            }
            Self.prefixSums(&meant)
            Self.prefixSums(&other)
        }

        init() {}

        /// 2-D prefix sums in place over `edgeBins × angleBins`.
        static func prefixSums(_ array: inout [Double]) {
            let width = Table.angleBins
            array.withUnsafeMutableBufferPointer { p in
                for e in 0..<Table.edgeBins {
                    for a in 0..<width {
                        let k = e * width + a
                        var v = p[k]
                        if e > 0 { v += p[k - width] }
                        if a > 0 { v += p[k - 1] }
                        if e > 0 && a > 0 { v -= p[k - width - 1] }
                        p[k] = v
                    }
                }
            }
        }

        /// Misses and false triggers of candidate `(edge, angle)`.
        func counts(edge i: Int, angle j: Int) -> (misses: Double, falseTriggers: Double) {
            let k = i * Table.angleBins + j
            return (meantTotal - meant[k], other[k])
        }

        /// Gestures both candidate `(edge, angle)` and the current gate get wrong: meant ones
        /// both refuse, `other` ones both admit.
        func bothWrong(edge i: Int, angle j: Int) -> Double {
            let k = i * Table.angleBins + j
            return meantCurrentRefusedTotal - meantCurrentRefused[k] + otherCurrentAdmitted[k]
        }
    }
}
