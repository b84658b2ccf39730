import Foundation
import GestureAnalysis
import GesturePhysics
import Testing

@testable import GestureTuneCLI

/// Colour on standard output only on a terminal without `NO_COLOR` (https://no-color.org), and
/// `batch`'s text: every case with its status, a passing one with its error and counts.
@Suite struct BatchColourTests {
    @Test(arguments: [
        (true, [String: String](), true),
        (true, ["NO_COLOR": ""], true),
        (true, ["NO_COLOR": "1"], false),
        (true, ["NO_COLOR": "0"], false),
        (false, [:], false),
        (false, ["NO_COLOR": "1"], false),
        (false, ["NO_COLOR": ""], false),
        (true, ["TERM": "dumb"], false),
        (true, ["TERM": "xterm-256color"], true),
    ])
    func colourOnlyOnATerminalWithoutNoColor(
        _ terminal: Bool, _ environment: [String: String], _ expected: Bool
    ) {
        #expect(Console.colourAllowed(isTerminal: terminal, environment: environment) == expected)
    }

    /// a.csv: 0 of 6 misdecided (pass); b.csv: 2 of 6 = 33.3% > 5% (fail).
    func summary() -> BatchSummary {
        BatchVerdict.summarise(
            files: [
                caseResult("a.csv", misdecided: 0, labelled: 6),
                caseResult("b.csv", misdecided: 2, labelled: 6),
            ],
            gate: BatchSummary.Limits(maxError: 0.05, tolerance: 0, baseline: nil),
            params: BatchSummary.ParamsInfo(
                source: "ionic", preset: true, rule: "forward", values: [:]),
            settings: BatchCommand.settings(CommonOptions(), PhysicsOptions()), shard: nil)
    }

    @Test func plainTextShowsEveryCaseWithItsErrorAndNoEscapes() {
        let text = BatchText.text(summary())
        #expect(
            text.hasPrefix(
                "PASS   a.csv: error 0.0% (0/6)\nFAIL   b.csv: error 33.3% (2/6) exceeds --max-error 5.0%\n"
            ),
            "\(text)")
        #expect(!text.contains("\u{1B}"))
    }

    @Test func colouredTextPaintsOnlyTheLabels() {
        let text = BatchText.text(summary(), colour: true)
        #expect(text.hasPrefix("\u{1B}[32mPASS\u{1B}[0m   a.csv: error 0.0% (0/6)\n"), "\(text)")
        #expect(text.contains("\u{1B}[31mFAIL\u{1B}[0m   b.csv: error 33.3% (2/6)"), "\(text)")
        // Markdown (a file, a PR comment) is never coloured.
        let markdown = try? BatchText.render(summary(), format: .markdown, colour: true)
        #expect(markdown?.contains("\u{1B}") == false)
    }
}
