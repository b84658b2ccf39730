import GesturePhysics
import GestureTrace
import Testing

@testable import GestureTuning

/// The tuner's answer: an edge width that does not fit the container is clamped with a
/// warning; the suggestion is tuned again under each velocity estimator.
@Suite struct AnswerTests {
    @Test func edgeWidthBeyondTheContainerIsClamped() throws {
        // Starts 0…99 pt give 98 pt (AnalysisTests); a 60 pt container holds at most 60.
        let edge = Suggestions.edgeWidth(starts: (0..<100).map(Double.init), container: 60)
        #expect(edge.value == 60 && edge.clampedFrom == 98)
        #expect(
            Suggestions.edgeWidth(starts: (0..<100).map(Double.init), container: 390).clampedFrom
                == nil)
        // Through the tuner: 20 gestures starting 100 pt from the edge of a 50 pt container:
        // 95th percentile 100 → 104 pt, clamped to 50 pt.
        let points = (0..<20).map { k in
            TuningPoint(
                id: "g\(k)", progress: Double(k) / 20, velocity: 0,
                intent: k < 10 ? .cancel : .complete, extent: 50,
                startPosition: 100)
        }
        let answer = Tuner(options: .init(bootstrapResamples: 0)).tune(points: points)
        #expect(answer.edgeWidth.value == 50)
        #expect(answer.warnings.contains(.edgeWidthClamped(suggested: 104, extent: 50)))
        // Read off the intended swipes alone, it is shown, not shipped: the set keeps its own
        // gate (docs/gate.md, "A change only where it was measured").
        #expect(answer.suggested.edgeWidth == nil && answer.suggested.directionLockAngle == nil)
    }

    /// A measurement at progress `p` whose estimators report `velocities` (pt/s along the axis,
    /// extent 100 pt), measured with lsq2.
    func measurement(_ id: String, p: Double, intent: Intent, velocities: [Estimator: Double])
        -> GestureMeasurement
    {
        let estimates = velocities.mapValues {
            VelocityEstimate(vx: $0, vy: 0, axis: $0, usedEstimator: .lsq2, fellBack: false)
        }
        let v = estimates[.lsq2]!
        return GestureMeasurement(
            id: id, file: "a.csv", sampleCount: 10, intent: intent, outcome: nil,
            interruptedBySystem: false, extent: 100,
            extentSource: .column, releaseProgress: p, velocity: v, progressVelocity: v.axis / 100,
            estimates: estimates,
            kinematicVelocity: v.axis / 100, kinematicAcceleration: 0, startPosition: 5,
            entryAngle: 0, pauseBeforeRelease: 0,
            duration: 0.2, sampleRate: 60, peakVelocity: abs(v.axis), lateReversal: false,
            duplicateTimestamps: 0,
            progressCurve: [])
    }

    @Test func eachEstimatorGetsItsOwnSuggestion() throws {
        // Intent follows the lsq2 velocity alone (complete iff v > 100 pt/s = 1 progress/s);
        // progress alternates without telling the classes apart. lsq1 equals lsq2; impulse reports
        // 0 for every gesture, so under it only progress is left and some gesture is misdecided;
        // delta reports the opposite sign, which a threshold cannot use either.
        let ms = (0..<40).map { k -> GestureMeasurement in
            let v = k % 2 == 0 ? 250.0 : -150.0
            let p = Double(k % 4) * 0.2 + 0.1
            return measurement(
                "g\(k)", p: p, intent: v > 100 ? .complete : .cancel,
                velocities: [.lsq2: v, .lsq1: v, .impulse: 0, .delta: -v])
        }
        let answer = Tuner(options: .init(bootstrapResamples: 0, suggestedFamily: .threshold)).tune(
            ms)
        let rows = Dictionary(uniqueKeysWithValues: answer.byEstimator.map { ($0.estimator, $0) })
        #expect(Set(rows.keys) == [.lsq2, .lsq1, .impulse, .delta])  // no platform estimates
        #expect(
            rows[.lsq2]?.inUse == true && rows[.impulse]?.inUse == false
                && rows[.delta]?.inUse == false)
        // lsq1's velocities are lsq2's: the same rule and error. The comparison's grid is the
        // headline's at twice the step (p_th 0.05, 0.07, …; v_th 0, 0.04, … progress/s), so
        // the row is a rule of that grid, which decides every gesture as the headline does.
        #expect(rows[.lsq1]?.rule == rows[.lsq2]?.rule)
        guard case .threshold(let p, let v)? = rows[.lsq2]?.rule else {
            Issue.record("expected a threshold rule, found \(String(describing: rows[.lsq2]))")
            return
        }
        #expect(Int((p * 100).rounded()) % 2 == 1 && Int((v * 50).rounded()) % 2 == 0)
        #expect(rows[.lsq2]?.misdecided == 0 && rows[.lsq2]?.crossValidatedError == 0)
        // Under impulse every v_p is 0: p at 0.1, 0.3, 0.5, 0.7 holds 10 gestures each, half of
        // each group complete, so any progress threshold misdecides 20 of 40.
        #expect(rows[.impulse]?.misdecided == 20)
        #expect(try #require(rows[.impulse]?.crossValidatedError) > 0.3)
    }
}
