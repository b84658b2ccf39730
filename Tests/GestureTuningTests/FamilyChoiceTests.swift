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
        // With it: the family whose held-out error is the smallest of threshold, forward,
        // projection and the logistic fit (shipped as the projection rule it is).
        let chosen = Tuner(
            options: .init(bootstrapResamples: 0, chooseFamilyByCrossValidation: true)
        ).tune(points: Self.projected, current: current)
        var errors = [RuleFamily.threshold, .forward, .projection].map {
            try! #require(chosen.family($0)?.crossValidation).errorRate
        }
        let logistic = try #require(chosen.logistic?.crossValidation).errorRate
        errors.append(logistic)
        let fromLogistic = chosen.logistic?.boundary?.asProjection == chosen.suggested.rule
        let suggested =
            fromLogistic
            ? logistic
            : try #require(chosen.family(chosen.suggested.rule.family)?.crossValidation).errorRate
        #expect(suggested == errors.min()!)
        #expect([.threshold, .forward, .projection].contains(chosen.suggested.rule.family))
        // The truth is a projection boundary: its held-out error is below the progress-only one.
        #expect(errors[2] < errors[0])
    }

    /// Intent from a person's own threshold on a smooth boundary with label noise: the logistic
    /// fit's held-out error is the lowest, and what ships is its boundary as a projection rule
    /// (`p_th = −b0/b1`, `tau = b2/b1`) deciding every gesture as the fit does.
    @Test func theLogisticFitShipsAsTheProjectionRuleItIs() throws {
        let rng = RandomSource(seed: 11)
        let noisy = (0..<400).map { n -> TuningPoint in
            let p = rng.uniform()
            let v = 4 * rng.uniform() - 2
            // P(complete) = logistic(12 (p + 0.1 v − 0.45)): a smooth boundary, no sharp edge.
            let chance = 1 / (1 + exp(-12 * (p + 0.1 * v - 0.45)))
            return TuningPoint(
                id: "n\(n)", progress: p, velocity: v,
                intent: rng.uniform() < chance ? .complete : .cancel)
        }
        let r = Tuner(options: .init(bootstrapResamples: 0, chooseFamilyByCrossValidation: true))
            .tune(points: noisy)
        let fit = try #require(r.logistic?.fit.coefficients)
        let cvs = [RuleFamily.threshold, .forward, .projection].compactMap {
            r.family($0)?.crossValidation?.errorRate
        }
        let logisticCV = try #require(r.logistic?.crossValidation?.errorRate)
        try #require(logisticCV < cvs.min()!, "logistic \(logisticCV), searched \(cvs)")
        guard case .projection(let pth, let tau) = r.suggested.rule else {
            Issue.record("not a projection: \(r.suggested.rule)")
            return
        }
        #expect(abs(pth - -fit[0] / fit[1]) < 1e-12)
        #expect(abs(tau - fit[2] / fit[1]) < 1e-12)
        // Near the truth's 0.45 and 0.1 s.
        #expect(abs(pth - 0.45) < 0.06)
        #expect(abs(tau - 0.1) < 0.06)
    }

    /// `b0 + b1 p + b2 v ≥ 0` with b1 > 0 is `p + (b2/b1) v ≥ −b0/b1`: −2 + 4p + v ≥ 0 is
    /// p + 0.25 v ≥ 0.5; no projection when b1 ≤ 0 or the look-ahead would be negative.
    @Test func aLogisticBoundaryAsAProjection() {
        let rule = Rule.logistic(b0: -2, b1: 4, b2: 1)
        #expect(rule.asProjection == .projection(progress: 0.5, tau: 0.25))
        #expect(Rule.logistic(b0: -2, b1: -4, b2: 1).asProjection == nil)
        #expect(Rule.logistic(b0: -2, b1: 4, b2: -1).asProjection == nil)
        #expect(Rule.threshold(progress: 0.5, velocity: 1).asProjection == nil)
        let projection = rule.asProjection!
        for p in stride(from: 0.0, through: 1.0, by: 0.0625) {
            for v in stride(from: -3.0, through: 3.0, by: 0.25) {
                let state = ReleaseState(
                    progress: p, velocity: v, kinematicVelocity: 0, kinematicAcceleration: 0,
                    sampleCount: 3, extent: 390)
                #expect(rule.completes(state) == projection.completes(state), "p \(p) v \(v)")
            }
        }
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
