/// Per cross-validation fold: the labelled gestures, and how many of them the current set and
/// each preset misdecide. Fixed rules are decided when a gesture is added, so these counts are
/// exact and merge by adding; with the tuned rule's held-out errors per fold
/// (`CrossValidation.foldErrors`) they pair every comparison on the same gestures.
public struct FoldTally: Sendable, Equatable, Codable {
    /// Labelled gestures per fold.
    public internal(set) var gestures: [Int]
    /// Misdecided by the current set, per fold.
    public internal(set) var current: [Int]
    /// Misdecided by preset `i` (`Preset.all` order) in fold `f`, at `i * folds + f`.
    var presets: [Int]

    init(folds: Int, presets: Int) {
        gestures = [Int](repeating: 0, count: folds)
        current = gestures
        self.presets = [Int](repeating: 0, count: folds * presets)
    }

    public var folds: Int { gestures.count }

    /// Misdecided by preset `index` (`Preset.all` order), per fold.
    public func preset(_ index: Int) -> [Int] {
        Array(presets[(index * folds)..<((index + 1) * folds)])
    }

    mutating func merge(_ other: FoldTally) {
        for i in gestures.indices { gestures[i] += other.gestures[i] }
        for i in current.indices { current[i] += other.current[i] }
        for i in presets.indices { presets[i] += other.presets[i] }
    }

    /// The shape `folds` and `Preset.all` ask for, counts that add up to the labelled count and
    /// to each rule's misdecisions, and no fold with more errors than gestures (a decoded
    /// file's consistency).
    func isConsistent(folds: Int, labelled: Int, current errors: Int, presets presetErrors: [Int])
        -> Bool
    {
        guard gestures.count == folds, current.count == folds,
            presets.count == folds * presetErrors.count
        else { return false }
        let all = gestures + current + presets
        guard all.allSatisfy({ $0 >= 0 && $0 <= TuningStatistics.countLimit }) else { return false }
        guard gestures.reduce(0, +) == labelled, current.reduce(0, +) == errors else {
            return false
        }
        for f in 0..<folds where current[f] > gestures[f] { return false }
        for (i, e) in presetErrors.enumerated() {
            let tally = preset(i)
            guard tally.reduce(0, +) == e else { return false }
            for f in 0..<folds where tally[f] > gestures[f] { return false }
        }
        return true
    }
}
