import Foundation
import GesturePhysics
import GestureTrace
import Testing

@testable import GestureTuning

/// What ships: the paired difference by fold (hand-computed), the floor of labelled gestures,
/// and the choice between the tuned rule, a preset and the current set.
@Suite struct RecommendationTests {
    /// Three folds of 10: tuned errors 1, 2, 0 against the current set's 2, 2, 2.
    /// Δ = −1, 0, −2; D = −3/30 = −0.1; residuals Δ_f − D·n_f = 0, 1, −1, squares 2;
    /// variance k/(k−1)·2/30² = 1.5·2/900 = 1/300; t(0.975, 2) = 4.302653 (tables).
    @Test func pairedDifferenceByFoldIsTheRatioEstimatorsInterval() throws {
        let fixed = try #require(
            PairedDifference.paired(
                gestures: [10, 10, 10], errors: [1, 2, 0], baseline: [2, 2, 2], tuned: false,
                level: 0.95))
        let se = (1.0 / 300).squareRoot()
        #expect(abs(fixed.estimate - -0.1) < 1e-12)
        #expect(abs(fixed.standardError - se) < 1e-12)
        #expect(abs(fixed.lower - (-0.1 - 4.302653 * se)) < 1e-6)
        #expect(abs(fixed.upper - (-0.1 + 4.302653 * se)) < 1e-6)
        #expect(!fixed.isBetter)
        #expect(fixed.gestures == 30)
        // A tuned rule: Nadeau–Bengio's factor 1 + k/(k−1) = 2.5 on the variance.
        let tuned = try #require(
            PairedDifference.paired(
                gestures: [10, 10, 10], errors: [1, 2, 0], baseline: [2, 2, 2], tuned: true,
                level: 0.95))
        #expect(abs(tuned.standardError - (2.5 / 300).squareRoot()) < 1e-12)
        // Settling it: (t·se / |D|)² · 30 = (4.302653 · 0.0577350 / 0.1)² · 30 = 185.1 → 186.
        #expect(fixed.gesturesToResolve == 186)
    }

    @Test func emptyFoldsAreLeftOutAndOneFoldIsNotEnough() {
        #expect(
            PairedDifference.paired(
                gestures: [0, 12, 0], errors: [0, 1, 0], baseline: [0, 3, 0], tuned: false,
                level: 0.95) == nil)
        let d = PairedDifference.paired(
            gestures: [0, 10, 10], errors: [0, 0, 0], baseline: [0, 3, 3], tuned: false,
            level: 0.95)
        // Every fold 3 errors better: no spread, so the interval is the point −0.3.
        #expect(d?.estimate == -0.3 && d?.lower == -0.3 && d?.upper == -0.3 && d?.isBetter == true)
    }

    /// A tally of `folds` folds of `n` gestures where the current set misdecides `current` per
    /// fold and every preset `preset` per fold.
    private func tally(folds: Int, n: Int, current: Int, preset: Int) -> FoldTally {
        var t = FoldTally(folds: folds, presets: Preset.all.count)
        t.gestures = [Int](repeating: n, count: folds)
        t.current = [Int](repeating: current, count: folds)
        t.presets = [Int](repeating: preset, count: folds * Preset.all.count)
        return t
    }

    private func counts(complete: Int, cancel: Int) -> TuningCounts {
        var c = TuningCounts()
        c.total = complete + cancel
        c.used = c.total
        c.labelled = c.total
        c.labelledComplete = complete
        c.labelledCancel = cancel
        return c
    }

    private func crossValidation(_ errors: [Int]) -> CrossValidation {
        CrossValidation(
            folds: errors.count, seed: 1, confusion: Confusion(), foldErrors: errors,
            unfittedFolds: 0)
    }

    private let tuned = ParameterSet(
        rule: .threshold(progress: 0.4, velocity: 0.8), direction: .right)
    private let current = ParameterSet(preset: Preset.all[0])

    @Test func belowTheFloorNothingIsSuggested() {
        for (complete, cancel) in [(10, 9), (16, 4), (4, 30)] {
            let r = Recommendation.choose(
                tuned: tuned, current: current, counts: counts(complete: complete, cancel: cancel),
                crossValidation: crossValidation([0, 0]),
                parameters: [],
                byFold: tally(folds: 2, n: (complete + cancel) / 2, current: 3, preset: 3))
            #expect(r.choice == .tooFew)
            #expect(r.set == current)
            #expect(!r.shipsTuned)
        }
    }

    @Test func theTunedRuleShipsOnlyWhenItBeatsTheCurrentSetWithConfidence() {
        // Ten folds of 10: tuned 1 error per fold against 3: better in every fold.
        let better = Recommendation.choose(
            tuned: tuned, current: current, counts: counts(complete: 50, cancel: 50),
            crossValidation: crossValidation([1, 1, 2, 0, 1, 1, 1, 2, 0, 1]), parameters: [],
            byFold: tally(folds: 10, n: 10, current: 3, preset: 3))
        #expect(better.choice == .tuned)
        #expect(better.set == tuned)
        #expect(better.tunedDifference?.isBetter == true)
        // Better in total (−4 errors of 100) but not in every fold: kept.
        let noisy = Recommendation.choose(
            tuned: tuned, current: current, counts: counts(complete: 50, cancel: 50),
            crossValidation: crossValidation([0, 6, 0, 5, 3, 0, 6, 0, 5, 1]), parameters: [],
            byFold: tally(folds: 10, n: 10, current: 3, preset: 3))
        #expect(noisy.choice == .current)
        #expect(noisy.set == current)
        #expect(noisy.tunedDifference.map { $0.estimate < 0 && !$0.isBetter } == true)
        #expect((noisy.gesturesToResolve ?? 0) > 100)
    }

    @Test func aPresetThatBeatsTheCurrentSetShipsWhenTheTunedRuleDoesNot() {
        let r = Recommendation.choose(
            tuned: tuned, current: current, counts: counts(complete: 50, cancel: 50),
            crossValidation: crossValidation([0, 6, 0, 5, 3, 0, 6, 0, 5, 1]), parameters: [],
            byFold: tally(folds: 10, n: 10, current: 3, preset: 1))
        #expect(r.choice == .preset)
        // Every preset but the current one ties: the first in `Preset.all` order.
        #expect(r.preset == Preset.all[1].name)
        #expect(r.set.rule == Preset.all[1].rule(extent: PhysicsOptions.defaultExtent))
    }

    /// The planned count for ±0.05 on p_th: half-width 0.1 on 100 gestures → 100·(0.1/0.05)² = 400.
    @Test func theProgressPrecisionPlanShrinksAsOneOverRootN() {
        let r = Recommendation.choose(
            tuned: tuned, current: current, counts: counts(complete: 50, cancel: 50),
            crossValidation: nil,
            parameters: [ParameterInterval(name: "p_th", estimate: 0.4, lower: 0.3, upper: 0.5)],
            byFold: tally(folds: 10, n: 10, current: 3, preset: 3))
        #expect(r.gesturesForProgressPrecision == 400)
    }

    /// Through the tuner: a 10-gesture file gets no suggestion, and the answer's set is the
    /// current one.
    @Test func aTinyStudyShipsTheCurrentSet() {
        let points = (0..<10).map { k in
            TuningPoint(
                id: "g\(k)", progress: Double(k) / 10, velocity: 0,
                intent: k < 5 ? .cancel : .complete, extent: 390, startPosition: 0)
        }
        let answer = Tuner(options: .init(bootstrapResamples: 0)).tune(points: points)
        #expect(answer.recommendation.choice == .tooFew)
        #expect(answer.recommendation.set.rule == answer.current.rule)
    }
}
