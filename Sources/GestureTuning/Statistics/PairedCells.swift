import GesturePhysics

/// The exact paired comparisons with the current set: which gestures the current set
/// misdecides, kept apart from the searches' cells so that a suggestion's difference from the
/// current set can use the real share of gestures the two decide differently instead of a
/// bound (`PairedDifference`).
///
/// `families` are the cells (`SearchStatistics.families`' layout, spaces and folds) of the
/// labelled gestures the current set misdecides: a candidate's decisions on them give, per
/// held-out fold, the gestures both misdecide (`CrossValidator.run`). `presetsBothWrong`
/// counts, per preset (`Preset.all` order), the labelled gestures it and the current set both
/// misdecide. Merging adds counts, so sharded statistics equal unsharded ones.
struct PairedCells: Sendable, Equatable, Codable {
    /// Cells of the labelled gestures the current set misdecides, one per searched family.
    var families: [FamilyCells]
    /// Per preset, labelled gestures both it and the current set misdecide.
    var presetsBothWrong: [Int]
    /// Labelled gestures the current set misdecides.
    var count = 0

    init(spaces: [SearchSpace], folds: Int) {
        families = spaces.map { FamilyCells(space: $0, folds: folds) }
        presetsBothWrong = [Int](repeating: 0, count: Preset.all.count)
    }

    /// Adds one labelled gesture the current set misdecides, and which presets misdecide it.
    mutating func add(_ point: TuningPoint, complete: Bool, fold: Int, presetsWrong: [Bool]) {
        count += 1
        for f in families.indices { families[f].add(point, complete: complete, fold: fold) }
        for (i, wrong) in presetsWrong.enumerated() where wrong { presetsBothWrong[i] += 1 }
    }

    mutating func merge(_ other: PairedCells) {
        precondition(families.count == other.families.count)
        count += other.count
        for f in families.indices { families[f].merge(other.families[f]) }
        for i in presetsBothWrong.indices { presetsBothWrong[i] += other.presetsBothWrong[i] }
    }

    /// Every count within `range` and the families' counts equal to `count`.
    func isWithin(_ range: ClosedRange<Int>) -> Bool {
        range.contains(count) && presetsBothWrong.allSatisfy { range.contains($0) && $0 <= count }
            && families.allSatisfy { $0.count == count }
    }
}
