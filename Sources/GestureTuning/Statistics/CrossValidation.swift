internal import GestureNumerics
import GesturePhysics

/// Stratified k-fold cross-validation of one rule family: the honest error.
public struct CrossValidation: Sendable, Equatable {
    /// Folds actually used (`min(5, smaller class size)`, at least 2).
    public var folds: Int
    public var seed: UInt64
    /// Held-out decisions pooled over the folds.
    public var confusion: Confusion
    /// `confusion.errorRate`.
    public var errorRate: Double { confusion.errorRate }
    /// Folds whose training set could not be fitted (their gestures were decided by the
    /// fallback the fitter returned, or counted wrong when none): should be 0.
    public var unfittedFolds: Int
}

enum CrossValidator {
    /// Fold of each point: the points of each class are shuffled (seeded `gsl_ran_shuffle`)
    /// and dealt round-robin, the cancels continuing where the completes stopped, so each
    /// fold holds each class in proportion. nil when fewer than 2 points.
    static func stratifiedFolds(labels: [Bool], folds requested: Int, seed: UInt64) -> (folds: Int, assignment: [Int])? {
        let n = labels.count
        guard n >= 2 else { return nil }
        let folds = max(2, min(requested, n))
        let rng = RandomSource(seed: seed, stream: 0xC5F0_1D)
        var complete = (0..<n).filter { labels[$0] }
        var cancel = (0..<n).filter { !labels[$0] }
        rng.shuffle(&complete)
        rng.shuffle(&cancel)
        var assignment = [Int](repeating: 0, count: n)
        var position = 0
        for g in complete + cancel {
            assignment[g] = position % folds
            position += 1
        }
        return (folds, assignment)
    }

    /// Fits on each fold's complement with `fit` (training point indices → rule, nil when
    /// it cannot; the folds are fitted concurrently) and decides the held-out fold with
    /// `Rule.completes`.
    static func run(
        points: [TuningPoint], folds requested: Int, seed: UInt64, fit: @Sendable ([Int]) -> Rule?
    ) -> CrossValidation? {
        let labels = points.map { $0.intent == .complete }
        guard let (folds, assignment) = stratifiedFolds(labels: labels, folds: requested, seed: seed) else { return nil }
        var confusion = Confusion()
        var unfitted = 0
        let rules = Parallel.map(folds) { f in fit((0..<assignment.count).filter { assignment[$0] != f }) }
        for f in 0..<folds {
            let rule = rules[f]
            if rule == nil { unfitted += 1 }
            for g in 0..<points.count where assignment[g] == f {
                let decided = rule.map { $0.completes(points[g].state) } ?? !labels[g]
                confusion.add(meantComplete: labels[g], decidedComplete: decided)
            }
        }
        return CrossValidation(folds: folds, seed: seed, confusion: confusion, unfittedFolds: unfitted)
    }
    /// Cross-validation of a grid search: the same folds as `run(points:folds:seed:fit:)` with
    /// `encoding.choose` as the fitter, computed on the encoding's units. Each fold's unit
    /// weights are counted once; training weights are the full weights minus the fold's; the
    /// held-out fold is decided by the encoding (which mirrors `Rule.completes`). One
    /// workspace for every fold: nothing is allocated per candidate or per fold.
    static func run(encoding: Encoding, folds requested: Int, seed: UInt64) -> CrossValidation? {
        let labels = encoding.labels
        guard let (folds, assignment) = stratifiedFolds(labels: labels, folds: requested, seed: seed) else { return nil }
        let units = encoding.unitCount
        var foldWeights = [Int](repeating: 0, count: folds * units)
        switch encoding.kind {
        case .staircase(let s):
            for (g, cell) in s.cellOfPoint.enumerated() { foldWeights[assignment[g] * units + Int(cell)] += 1 }
        case .perColumn:
            for g in 0..<labels.count { foldWeights[assignment[g] * units + g] += 1 }
        }
        let full = encoding.fullWeights
        let workspace = ChoiceWorkspace(encoding)
        var confusion = Confusion()
        for f in 0..<folds {
            let offset = f * units
            for u in 0..<units { workspace.weights[u] = full[u] - foldWeights[offset + u] }
            let choice = workspace.weights.withUnsafeBufferPointer { encoding.choose(weights: $0, workspace: workspace) }
            foldWeights.withUnsafeBufferPointer { held in
                encoding.decisions(row: choice.row, column: choice.column) { unit, label, decided in
                    let w = held[offset + unit]
                    if w != 0 { confusion.add(meantComplete: label, decidedComplete: decided, count: w) }
                }
            }
        }
        return CrossValidation(folds: folds, seed: seed, confusion: confusion, unfittedFolds: 0)
    }
}
