import Foundation
import GestureAnalysis
import GesturePhysics
import GestureTuning
import Testing

@testable import GestureTuneCLI

/// `batch` without `--max-error` (issue 45, item 6): a params.json from `analyze` carries the
/// error it was shipped with (`expectedError`), and a file fails only when its error is above
/// it beyond chance (one-sided binomial tail below 5%).
@Suite struct ShippedErrorGateTests {
    /// Binomial tails by hand: n = 10, p = 1/2.
    @Test func binomialTailsByHand() {
        #expect(EndToEndCount.chanceOfAtLeast(0, of: 10, expected: 0.5) == 1)
        #expect(abs(EndToEndCount.chanceOfAtLeast(10, of: 10, expected: 0.5) - 1.0 / 1024) < 1e-12)
        #expect(abs(EndToEndCount.chanceOfAtLeast(9, of: 10, expected: 0.5) - 11.0 / 1024) < 1e-12)
        // P(X ≥ 8) = (45 + 10 + 1) / 1024.
        #expect(abs(EndToEndCount.chanceOfAtLeast(8, of: 10, expected: 0.5) - 56.0 / 1024) < 1e-12)
        #expect(EndToEndCount.chanceOfAtLeast(11, of: 10, expected: 0.5) == 0)
    }

    /// Shipped with 7%: 25 of 300 (8.3%) is within chance (P(X ≥ 25) ≈ 0.22 for a mean of 21);
    /// 35 of 300 (11.7%) is not (P ≈ 0.002).
    @Test func aFileFailsOnlyBeyondChance() {
        let limits = BatchSummary.Limits(
            maxError: nil, tolerance: 0, baseline: nil, expectedError: 0.07)
        let near = BatchVerdict.apply(
            limits, to: caseResult("a.csv", misdecided: 25, labelled: 300))
        #expect(near.status == .pass, "\(near.failures)")
        let far = BatchVerdict.apply(limits, to: caseResult("b.csv", misdecided: 35, labelled: 300))
        #expect(far.status == .fail)
        #expect(
            far.failures.first?.contains("above the 7.0% the parameters were shipped with") == true,
            "\(far.failures)")
        // An explicit --max-error decides alone.
        let explicit = BatchSummary.Limits(
            maxError: 0.2, tolerance: 0, baseline: nil, expectedError: nil)
        #expect(
            BatchVerdict.apply(explicit, to: caseResult("b.csv", misdecided: 35, labelled: 300))
                .status == .pass)
    }

    /// params.json keeps `expectedError`; its snippets' parameters blocks carry it back.
    @Test func expectedErrorRoundTripsThroughParamsJSON() throws {
        var set = ParameterSet.default
        set.expectedError = 0.0667
        let text = try set.encoded()
        #expect(text.contains("\"expectedError\": 0.0667"))
        #expect(try ParameterSet.decode(Data(text.utf8)).expectedError == 0.0667)
        #expect(throws: ParameterError.self) {
            try ParameterSet.decode(
                Data(text.replacingOccurrences(of: "0.0667", with: "1.5").utf8))
        }
    }
}
