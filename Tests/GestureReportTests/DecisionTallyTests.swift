import GesturePhysics
import GestureTrace
import GestureTuning
import Testing

@testable import GestureReport

/// Every count of the current set's decisions agrees when the current set is a preset whose
/// velocity threshold is in pt/s and the gestures come from containers of different widths:
/// the search statistics' confusion (the answer's `current` row), the preset's own row, the
/// summary statistics' outcome check, `Evaluation`, and the report's rows and outcome table.
@Suite struct DecisionTallyTests {
    /// `android-drawer`: `threshold(0.5, 400 pt/s ÷ extent)`, so `v_th` is 2.0 progress/s at
    /// 200 pt, 1.0256 at 390 pt and 0.5 at 800 pt. It completes when `v_p ≥ v_th`, or
    /// `|v_p| < v_th` and `p_r ≥ 0.5`. By hand (pt/s = `v_p` × extent):
    ///
    /// | id | p_r | v_p | extent | pt/s | preset | at 390 pt | intent | outcome |
    /// |----|-----|-----|--------|------|--------|-----------|--------|---------|
    /// | a1 | 0.3 | 1.5 | 200 | 300 | cancel | complete | complete (FN) | complete ✗ |
    /// | a2 | 0.3 | 0.8 | 800 | 640 | complete | cancel | complete (TP) | cancel ✗ |
    /// | a3 | 0.6 | 0.2 | 390 | 78 | complete | complete | cancel (FP) | complete |
    /// | a4 | 0.2 | 0.1 | 200 | 20 | cancel | cancel | cancel (TN) | cancel |
    /// | a5 | 0.7 | −0.6 | 800 | −480 | cancel | complete | cancel (TN) | complete ✗ |
    /// | a6 | 0.1 | 1.8 | 200 | 360 | cancel | complete | complete (FN) | — |
    /// | a7 | 0.4 | 0.7 | 800 | 560 | complete | cancel | — | complete |
    ///
    /// Confusion over the six labelled: TP 1, FP 1, TN 2, FN 2 (misdecided a1, a3, a6).
    /// Outcomes: 6 checked, 3 disagree (a1, a2, a5); the 390 pt rule would instead flag only a7.
    /// The one unlabelled gesture (a7) is decided complete.
    static var gestures: [GestureMeasurement] {
        let rows: [(String, Double, Double, Double, Intent?, Intent?)] = [
            ("a1", 0.3, 1.5, 200, .complete, .complete), ("a2", 0.3, 0.8, 800, .complete, .cancel),
            ("a3", 0.6, 0.2, 390, .cancel, .complete), ("a4", 0.2, 0.1, 200, .cancel, .cancel),
            ("a5", 0.7, -0.6, 800, .cancel, .complete), ("a6", 0.1, 1.8, 200, .complete, nil),
            ("a7", 0.4, 0.7, 800, nil, .complete),
        ]
        return rows.map { id, p, v, extent, intent, outcome in
            var m = TuningInputs.gesture(id, p, v, intent, outcome: outcome)
            m.extent = extent
            m.velocity.axis = v * extent
            m.velocity.vx = v * extent
            return m
        }
    }

    static let expected = Confusion(
        truePositive: 1, falsePositive: 1, trueNegative: 2, falseNegative: 2)

    @Test func everyCountOfThePresetsDecisionsAgrees() throws {
        let preset = try #require(Preset.named("android-drawer"))
        let current = ParameterSet(preset: preset)
        #expect(current.decider == .preset(preset))
        let ms = Self.gestures
        let tuning = Tuner(options: TuningInputs.options).tune(ms, current: current)

        // The search statistics: the current set's row and the preset's own.
        #expect(tuning.currentEvaluation?.confusion == Self.expected)
        #expect(tuning.comparisons.first { $0.name == preset.name }?.confusion == Self.expected)

        // The summary statistics: the outcome check and the unlabelled decisions.
        #expect(tuning.outcomeCheck?.checked == 6)
        #expect(tuning.outcomeCheck?.mismatchCount == 3)
        var statistics = TuningStatistics(options: TuningInputs.options, current: current)
        for m in ms { statistics.add(m, key: GestureKey(file: m.file, id: m.id)) }
        #expect(statistics.summaries.unlabelledDecidedComplete == 1)
        #expect(statistics.summaries.outcomeMismatches == 3)

        // `Evaluation` of the decider.
        let evaluation = Evaluation(current.decider, measurements: ms)
        #expect(evaluation.confusion == Self.expected)
        #expect(evaluation.misdecided == ["a1", "a3", "a6"])
        let decided: [Intent] = [
            .cancel, .complete, .complete, .cancel, .cancel, .cancel, .complete,
        ]
        #expect(evaluation.decisions.map(\.decided) == decided)

        // The report: the rows, their flags and the outcome table.
        let model = ReportModel(
            tuning: tuning, measurements: ms, reads: TuningInputs.reads, name: "t",
            generator: "test")
        #expect(model.summary.currentMisdecided == 3)
        let flagged = model.gestures.filter(\.flags.outcomeMismatch).map(\.id)
        #expect(flagged == ["a1", "a2", "a5"])
        #expect(
            model.outcomeMismatches == [
                OutcomeMismatchRow(id: "a1", recorded: .complete, decided: .cancel),
                OutcomeMismatchRow(id: "a2", recorded: .cancel, decided: .complete),
                OutcomeMismatchRow(id: "a5", recorded: .complete, decided: .cancel),
            ])
    }
}
