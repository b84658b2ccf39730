import Foundation
import GestureNumerics
import GesturePhysics
import Testing

@testable import GestureTuning

@Suite("The suggested rule's family: --rule, or the lowest cross-validated error")
struct FamilyChoiceTests {
    /// Meant to complete iff p + 0.3·v ≥ 0.5 (a projection with tau 0.3 s), with progress and
    /// velocity spread so that progress alone (threshold at v ≥ −∞) cannot separate them.
    static let projected: [TuningPoint] = {
        let rng = RandomSource(seed: 5)
        return (0..<300).map { n in
            let p = rng.uniform()
            let v = 4 * rng.uniform() - 2
            return TuningPoint(
                id: "g\(n)", progress: p, velocity: v,
                intent: p + 0.3 * v >= 0.5 ? .complete : .cancel)
        }
    }()

    @Test func lowestCrossValidatedErrorWinsOverTheCurrentFamily() throws {
        let current = ParameterSet(preset: Preset.named("uikit-system")!)
        #expect(current.rule.family == .kinematic)
        // Without the choice the current (kinematic) family is kept.
        let kept = Tuner(options: .init(bootstrapResamples: 0)).tune(
            points: Self.projected, current: current)
        #expect(kept.suggested.rule.family == .kinematic)
        // With it: the family whose held-out error is the smallest of threshold/forward/projection.
        let chosen = Tuner(
            options: .init(bootstrapResamples: 0, chooseFamilyByCrossValidation: true)
        ).tune(points: Self.projected, current: current)
        let errors = [RuleFamily.threshold, .forward, .projection].map {
            try! #require(chosen.family($0)?.crossValidation).errorRate
        }
        let suggested = try #require(chosen.family(chosen.suggested.rule.family)?.crossValidation)
        #expect(suggested.errorRate == errors.min()!)
        #expect([.threshold, .forward, .projection].contains(chosen.suggested.rule.family))
        // The truth is a projection boundary: its held-out error is below the progress-only one.
        #expect(errors[2] < errors[0])
    }

    @Test func anExplicitFamilyOverridesTheChoice() {
        let r = Tuner(
            options: .init(
                bootstrapResamples: 0, suggestedFamily: .threshold,
                chooseFamilyByCrossValidation: true)
        )
        .tune(points: Self.projected, current: ParameterSet(preset: Preset.named("uikit-system")!))
        #expect(r.suggested.rule.family == .threshold)
    }

    @Test func tiesGoToTheCurrentFamilyThenToThreshold() {
        // Completes iff p ≥ 0.6 with a wide gap and no velocity: every family separates them
        // with no held-out error, so the tie decides.
        let separated = (0..<40).map { n -> TuningPoint in
            let complete = n % 2 == 0
            return TuningPoint(
                id: "s\(n)", progress: complete ? 0.8 + Double(n) / 400 : 0.3 - Double(n) / 400,
                velocity: 0, intent: complete ? .complete : .cancel)
        }
        let options = TuningOptions(bootstrapResamples: 0, chooseFamilyByCrossValidation: true)
        let cvs = Tuner(options: options).tune(points: separated).families.compactMap(
            \.crossValidation?.errorRate)
        #expect(cvs.allSatisfy { $0 == 0 }, "\(cvs)")
        let forwardCurrent = ParameterSet(preset: Preset.all.first { $0.family == .forward }!)
        #expect(
            Tuner(options: options).tune(points: separated, current: forwardCurrent).suggested.rule
                .family == .forward)
        let kinematicCurrent = ParameterSet(preset: Preset.named("uikit-system")!)
        #expect(
            Tuner(options: options).tune(points: separated, current: kinematicCurrent).suggested
                .rule.family == .threshold)
    }

    @Test func aFixedTauIsKept() throws {
        let r = Tuner(
            options: .init(bootstrapResamples: 0, projectionTau: 0.25, suggestedFamily: .projection)
        ).tune(points: Self.projected)
        guard case .projection(_, let tau) = r.suggested.rule else {
            Issue.record("not a projection: \(r.suggested.rule)")
            return
        }
        #expect(tau == 0.25)
    }

    @Test func writtenSuggestionsCarryFewDigits() throws {
        let points = Self.projected.enumerated().map { k, p -> TuningPoint in
            var q = p
            q.startPosition = 3 + Double(k % 37) * 0.7731
            q.entryAngle = Double(k % 23) * 0.61803
            return q
        }
        let r = Tuner(options: .init(bootstrapResamples: 0)).tune(points: points)
        let text = try r.suggested.encoded()
        // The edge and lock read off the intended swipes are shown, not written (no gesture
        // is labelled other): params.json keeps the current gate.
        #expect(!text.contains("\"edgeWidth\"") && !text.contains("\"lockAngle\""), "\(text)")
        for key in ["completionSpeed", "fingerSpeedCap", "response"] {
            let value = try #require(
                text.components(separatedBy: "\"\(key)\": ").dropFirst().first?.prefix {
                    "0123456789.-e".contains($0)
                })
            let decimals = value.split(separator: ".").dropFirst().first?.count ?? 0
            #expect(decimals <= 3, "\(key): \(value)")
        }
        // The edge width shown is a multiple of 0.5 pt, and everything reads back exactly.
        #expect(r.edgeWidth.value.map { ($0 * 2).rounded() == $0 * 2 } == true)
        // (The file fixes the direction the tuner only showed: the same file, not the same value.)
        #expect(try ParameterSet.decode(Data(text.utf8)).hasSameFileContents(as: r.suggested))
    }
}
