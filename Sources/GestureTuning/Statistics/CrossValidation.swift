internal import GestureNumerics
import GesturePhysics

/// k-fold cross-validation of one rule family on hash folds: the honest error.
public struct CrossValidation: Sendable, Equatable {
    /// Folds (`TuningOptions.folds`, at least 2). A gesture's fold is
    /// `GestureKey.fold(seed:folds:)`: a seeded hash of its file and id, so it does not depend
    /// on where the gesture was processed. Folds are not stratified; a fold may be empty.
    public var folds: Int
    /// The seed the folds were dealt with (`TuningOptions.seed`).
    public var seed: UInt64
    /// Held-out decisions pooled over the folds.
    public var confusion: Confusion
    /// `confusion.errorRate`.
    public var errorRate: Double { confusion.errorRate }
    /// Folds whose training set could not be fitted (their gestures were decided by the
    /// fallback the fitter returned, or counted wrong when none): should be 0.
    public var unfittedFolds: Int
    /// Held-out gestures misdecided both by their fold's rule and by the current set: what
    /// makes the paired difference from the current set exact (`PairedDifference`); nil when
    /// not counted (the logistic fit).
    public var bothWrong: Int? = nil
}

enum CrossValidator {
    /// Cross-validation of a grid search from per-fold cell counts: training weights are the
    /// full counts minus the fold's; the held-out fold's counts are decided by the encoding
    /// (which mirrors `Rule.completes`). One workspace for every fold. nil with fewer than 2
    /// gestures. `currentWrong`, the same family's encoding of the gestures the current set
    /// misdecides (`PairedCells`), is decided by each fold's rule too, for `bothWrong`.
    /// With `foldChoices` (one per fold: the bagged choice on its training weights, as the
    /// rule that ships is on every gesture), each fold is decided by its own instead of the
    /// grid minimum of its training weights.
    /// The training weights of fold `fold`: every unit's count less the fold's.
    static func trainingWeights(_ encoding: Encoding, fold: Int) -> [Int] {
        let folds = encoding.folds
        return encoding.counts.indices.map {
            encoding.counts[$0] - encoding.foldCounts[$0 * folds + fold]
        }
    }

    static func run(
        encoding: Encoding, seed: UInt64, currentWrong: Encoding? = nil,
        foldChoices: [(row: Int, column: Int)]? = nil
    ) -> CrossValidation? {
        guard encoding.gestureCount >= 2 else { return nil }
        let folds = encoding.folds, units = encoding.unitCount
        let full = encoding.counts
        let workspace = ChoiceWorkspace(encoding)
        var confusion = Confusion()
        var bothWrong = 0
        for f in 0..<folds {
            let choice: (row: Int, column: Int)
            if let foldChoices {
                choice = foldChoices[f]
            } else {
                for u in 0..<units {
                    workspace.weights[u] = full[u] - encoding.foldCounts[u * folds + f]
                }
                let c = workspace.weights.withUnsafeBufferPointer {
                    encoding.choose(weights: $0, workspace: workspace)
                }
                choice = (c.row, c.column)
            }
            encoding.decisions(row: choice.row, column: choice.column) { unit, label, decided in
                let w = encoding.foldCounts[unit * folds + f]
                if w != 0 {
                    confusion.add(meantComplete: label, decidedComplete: decided, count: w)
                }
            }
            if let shared = currentWrong {
                shared.decisions(row: choice.row, column: choice.column) { unit, label, decided in
                    if decided != label { bothWrong += shared.foldCounts[unit * folds + f] }
                }
            }
        }
        return CrossValidation(
            folds: folds, seed: seed, confusion: confusion, unfittedFolds: 0,
            bothWrong: currentWrong == nil ? nil : bothWrong)
    }
}
