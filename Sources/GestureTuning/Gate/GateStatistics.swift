import Foundation
import GesturePhysics

/// The candidate gates the tuning searches (docs/gate.md): edge widths `w` (pt) and lock
/// angles `θ` (degrees), each gate `(w, θ)` with `w` one of `edgeWidths` or the whole extent.
public enum GateGrid {
    /// 1 to 100 pt by 1, 105 to 300 by 5, 320 to 1400 by 20; the whole extent after them.
    public static let edgeWidths: [Double] =
        stride(from: 1.0, through: 100, by: 1).map { $0 }
        + stride(from: 105.0, through: 300, by: 5).map { $0 }
        + stride(from: 320.0, through: 1400, by: 20).map { $0 }
    /// 1° to 90° by 1°.
    public static let lockAngles: [Double] = stride(from: 1.0, through: 90, by: 1).map { $0 }
    /// Index of the whole extent among the edge bins.
    static var fullExtent: Int { edgeWidths.count }
    /// Index of "no candidate admits it" among the angle bins (no angle, or more than 90°).
    static var noAngle: Int { lockAngles.count }

    /// The smallest candidate edge that admits a start `e` pt from the edge (`fullExtent` when
    /// none of the finite ones does).
    static func edgeBin(_ e: Double) -> Int {
        var low = 0
        var high = edgeWidths.count
        while low < high {
            let mid = (low + high) / 2
            if e <= edgeWidths[mid] { high = mid } else { low = mid + 1 }
        }
        return low
    }

    /// The smallest candidate lock that admits `θ` (`noAngle` for nil or beyond 90°).
    static func angleBin(_ angle: Double?) -> Int {
        guard let angle, angle.isFinite else { return noAngle }
        var low = 0
        var high = lockAngles.count
        while low < high {
            let mid = (low + high) / 2
            if angle <= lockAngles[mid] { high = mid } else { low = mid + 1 }
        }
        return low
    }

    /// The gate of edge bin `i` and angle bin `j` (`i == fullExtent`: no edge width).
    static func gate(edge i: Int, angle j: Int, slop: Double?) -> Gate {
        Gate(
            edgeWidth: i < edgeWidths.count ? edgeWidths[i] : nil, lockAngle: lockAngles[j],
            slop: slop)
    }
}

/// A gate the report compares the suggestion with, counted exactly gesture by gesture.
public struct ReferenceGate: Sendable, Equatable, Codable {
    /// `current`, `full-screen`, or a platform's default edge gesture (docs/gate.md cites them).
    public var name: String
    public var gate: Gate
    /// Meant gestures it refuses and `other` gestures it admits, counted at `add`.
    public var misses = 0
    public var falseTriggers = 0

    public init(name: String, gate: Gate) {
        self.name = name
        self.gate = gate
    }
}

/// What the gate tuning reads, gathered gesture by gesture and mergeable exactly (any
/// partition of the gestures merged in any order gives `==` statistics and the same encoded
/// bytes): per fold, the counts of meant and `other` gestures in each cell (smallest
/// admitting candidate edge, smallest admitting candidate lock), sparse; the reference gates'
/// counts.
///
/// A gesture is *meant* when it has an intent (complete or cancel, said or implicit), *other*
/// when labelled `other`; unlabelled gestures are counted and take no part.
public struct GateStatistics: Sendable, Equatable, Codable {
    public static let schema = "gesturetune-gate-statistics/3"
    public var schema = GateStatistics.schema
    /// Folds and seed of the cross-validation (the tuning's).
    public var folds: Int
    public var seed: UInt64
    /// The slop the features were measured at, pt.
    public var slop: Double
    /// Cell counts by `GateStatistics.key`: a JSON object keyed by the decimal key when encoded
    /// (in the same order every time with `.sortedKeys`).
    public var cells: [Int: Int] = [:]
    public var meant = 0
    public var others = 0
    public var unlabelled = 0
    public var references: [ReferenceGate]

    public init(folds: Int, seed: UInt64, slop: Double, references: [ReferenceGate]) {
        self.folds = Self.folds(tuning: folds)
        self.seed = seed
        self.slop = slop
        self.references = references
    }

    /// The cell's key: edge bin, angle bin, class (0 meant, 1 other), whether the current gate
    /// (`references[0]`) admits the gesture, fold. The last bit lets the tuning count exactly,
    /// for any candidate, the gestures it and the current gate both get wrong (the paired
    /// comparison that decides whether the tuned gate ships).
    static func key(edge: Int, angle: Int, other: Bool, current: Bool, fold: Int, folds: Int)
        -> Int
    {
        (((edge * (GateGrid.noAngle + 1) + angle) * 2 + (other ? 1 : 0)) * 2 + (current ? 1 : 0))
            * folds + fold
    }

    /// Adds one measured gesture in the fold of `key`.
    public mutating func add(_ m: GestureMeasurement, key: GestureKey) {
        let other = m.notMeant
        guard other || m.intent != nil else {
            unlabelled += 1
            return
        }
        if other { others += 1 } else { meant += 1 }
        let cell = Self.key(
            edge: GateGrid.edgeBin(m.gate.edgeDistance), angle: GateGrid.angleBin(m.gate.angle),
            other: other, current: references.first?.gate.admits(m.gate) ?? true,
            fold: key.fold(seed: seed, folds: folds), folds: folds)
        cells[cell, default: 0] += 1
        for k in references.indices {
            let admitted = references[k].gate.admits(m.gate)
            if other && admitted { references[k].falseTriggers += 1 }
            if !other && !admitted { references[k].misses += 1 }
        }
    }

    /// The first setting on which `other` differs, else nil.
    func mismatch(_ other: GateStatistics) -> StatisticsMismatch? {
        if folds != other.folds {
            return StatisticsMismatch(
                setting: "gate.folds", left: "\(folds)", right: "\(other.folds)")
        }
        if seed != other.seed {
            return StatisticsMismatch(setting: "gate.seed", left: "\(seed)", right: "\(other.seed)")
        }
        if slop != other.slop {
            return StatisticsMismatch(setting: "gate.slop", left: "\(slop)", right: "\(other.slop)")
        }
        if references.map(\.gate) != other.references.map(\.gate) {
            return StatisticsMismatch(
                setting: "gate.references", left: "\(references.map(\.name))",
                right: "\(other.references.map(\.name))")
        }
        return nil
    }

    /// Adds `other`'s gestures; refuses statistics made with other settings.
    public mutating func merge(_ other: GateStatistics) throws(StatisticsMismatch) {
        if let mismatch = mismatch(other) { throw mismatch }
        for (k, n) in other.cells { cells[k, default: 0] += n }
        meant += other.meant
        others += other.others
        unlabelled += other.unlabelled
        for k in references.indices {
            references[k].misses += other.references[k].misses
            references[k].falseTriggers += other.references[k].falseTriggers
        }
    }

    /// The gate's folds under the tuning's `folds` (at least one).
    static func folds(tuning folds: Int) -> Int { max(1, folds) }

    /// The first of folds and seed that is not the one a run under `tuning` writes, as
    /// `key: expected …, found …`; nil when both are. The cells are keyed by fold: under other
    /// folds or another seed every cell would be read into another fold.
    public func mismatch(tuning: TuningOptions) -> String? {
        let expected = Self.folds(tuning: tuning.folds)
        if folds != expected {
            return "folds: expected \(expected) (the tuning's folds), found \(folds)"
        }
        if seed != tuning.seed {
            return "seed: expected \(tuning.seed) (the tuning's seed), found \(seed)"
        }
        return nil
    }

    /// The first value no run writes, as `key: expected …, found …` (keys within the
    /// statistics: `schema`, `folds`, `cells`, `cells.K`); nil when there is none. Decoding is
    /// synthesized and checks none of this, so decoded statistics are trusted only once this is
    /// nil (`AnalysisPartialJSON.decode` checks it): another schema, fewer than one fold, a cell
    /// key outside this grid's or a count outside 1…`TuningStatistics.countLimit` is refused,
    /// never tuned on.
    public func violation() -> String? {
        guard schema == Self.schema else {
            return "schema: expected \(Self.schema), found \(schema.prefix(80))"
        }
        guard folds >= 1 else { return "folds: expected at least 1, found \(folds)" }
        // The cells of one fold; the keys of `folds` folds are 0 up to that times `folds`,
        // minus 1, which must not overflow.
        let perFold =
            Self.key(
                edge: GateGrid.fullExtent, angle: GateGrid.noAngle, other: true, current: true,
                fold: 0, folds: 1) + 1
        guard !perFold.multipliedReportingOverflow(by: folds).overflow else {
            return "folds: expected at most \(Int.max / perFold), found \(folds)"
        }
        let limit = Self.key(
            edge: GateGrid.fullExtent, angle: GateGrid.noAngle, other: true, current: true,
            fold: folds - 1, folds: folds)
        let counts = 1...TuningStatistics.countLimit
        // The smallest bad key, so the message does not depend on the dictionary's order.
        guard
            let k = cells.lazy.filter({
                !(0...limit).contains($0.key) || !counts.contains($0.value)
            })
            .map(\.key).min()
        else { return nil }
        guard (0...limit).contains(k) else {
            return "cells: expected keys from 0 to \(limit) (\(folds) folds), found \(k)"
        }
        return
            "cells.\(k): expected a count from 1 to \(TuningStatistics.countLimit), found \(cells[k] ?? 0)"
    }
}
