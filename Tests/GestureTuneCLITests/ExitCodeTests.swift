import GestureTrace
import Testing

@testable import GestureTuneCLI

@Suite struct ExitCodeTests {
    @Test func statusesAreTheTableOfTraceFormat() {
        #expect(ExitCode.success.rawValue == 0)
        #expect(ExitCode.gateFailed.rawValue == 1)
        #expect(ExitCode.usage.rawValue == 64)
        #expect(ExitCode.dataError.rawValue == 65)
        #expect(ExitCode.noInput.rawValue == 66)
        #expect(ExitCode.software.rawValue == 70)
        #expect(ExitCode.cantCreate.rawValue == 73)
    }

    @Test func gate() {
        #expect(ExitCode.of(.gate(failed: 0, errors: 0)) == .success)
        #expect(ExitCode.of(.gate(failed: 2, errors: 0)) == .gateFailed)
        // A malformed file wins over a failed gate.
        #expect(ExitCode.of(.gate(failed: 2, errors: 1)) == .dataError)
    }

    @Test func validate() {
        #expect(ExitCode.of(.validated(withProblems: 0, unreadable: 0)) == .success)
        #expect(ExitCode.of(.validated(withProblems: 1, unreadable: 0)) == .dataError)
        #expect(ExitCode.of(.validated(withProblems: 1, unreadable: 1)) == .noInput)
    }

    @Test func errors() {
        let bad = TraceError.badField(
            file: "a.csv", line: 3, column: "x", expected: "a number", found: "q")
        #expect(ExitCode.of(.failure(.trace(bad))) == .dataError)
        #expect(
            ExitCode.of(.failure(.trace(.unreadable(file: "a.csv", reason: "gone")))) == .noInput)
        #expect(
            ExitCode.of(
                .failure(.trace(.missingColumn(file: "a", name: "x", found: [], suggestion: nil))))
                == .dataError)
        #expect(ExitCode.of(.failure(.usage(UsageError("x", command: nil)))) == .usage)
        #expect(ExitCode.of(.failure(.missingInput(path: "p", reason: "r"))) == .noInput)
        #expect(ExitCode.of(.failure(.badInput(file: "p", line: 0, message: "m"))) == .dataError)
        #expect(ExitCode.of(.failure(.cannotCreate(path: "p", reason: "r"))) == .cantCreate)
        #expect(ExitCode.of(.failure(.internalError("bug"))) == .software)
    }
}

@Suite struct DiagnosticTests {
    @Test func traceErrorsRenderWithFileAndLine() {
        let bad = TraceError.badField(
            file: "traces/swipe.csv", line: 57, column: "x", expected: "a number", found: "12,5")
        #expect(
            Diagnostic(bad).rendered(colour: false)
                == "traces/swipe.csv:57: error: column \"x\": expected a number, found \"12,5\"")
        let count = TraceError.fieldCount(file: "a.csv", line: 4, expected: 5, found: 6)
        #expect(
            Diagnostic(count).rendered(colour: false)
                == "a.csv:4: error: expected 5 fields as in the header, found 6 (quote fields that contain the delimiter)"
        )
        let missing = TraceError.missingColumn(
            file: "a.csv", line: 1, name: "x", found: ["t", "xx", "y"], suggestion: "xx")
        #expect(
            Diagnostic(missing).rendered(colour: false)
                == "a.csv:1: error: missing column \"x\": expected one named x, found columns \"t\", \"xx\", \"y\"; nearest: \"xx\" (use --map x=xx)"
        )
        #expect(
            Diagnostic(TraceError.unreadable(file: "b.csv", reason: "No such file or directory"))
                .rendered(colour: false) == "b.csv: error: cannot read: No such file or directory")
    }

    @Test func colourOnlyWhenAsked() {
        let d = Diagnostic(location: "a.csv:3", message: "bad")
        #expect(!d.rendered(colour: false).contains("\u{1B}"))
        #expect(
            d.rendered(colour: true) == "\u{1B}[1ma.csv:3:\u{1B}[0m \u{1B}[1;31merror:\u{1B}[0m bad"
        )
    }
}
