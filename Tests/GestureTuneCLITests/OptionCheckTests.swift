import Testing

@testable import GestureTuneCLI

/// Option values that cannot work are usage errors (64) before anything is read or written.
@Suite struct OptionCheckTests {
    func status(_ arguments: [String]) -> (ExitCode, String) {
        let c = CapturingConsole()
        let code = c.run(arguments)
        return (code, c.stderr.split(separator: "\n").first.map(String.init) ?? "")
    }

    @Test(arguments: ["../x", "a/b", "..", ""])
    func reportNameMustBeAPlainFolderName(name: String) {
        let (code, message) = status(["analyze", "a.csv", "--name", name])
        #expect(code == .usage)
        #expect(
            message
                == "Error: invalid value '\(name)' for '--name': expected a plain folder name (no '/'), e.g. swipe-back"
        )
    }

    @Test(arguments: ["analyze", "validate"])
    func standardInputOnlyOnce(command: String) {
        let (code, message) = status([command, "-", "-"])
        #expect(code == .usage)
        #expect(message == "Error: '-' (standard input) can be named only once")
    }

    @Test func jitterMayBeZeroInAnySpelling() throws {
        for zero in ["0", "0.0", "0ms"] {
            guard
                case .run(let p) = try GestureTuneCommand.parser.parse([
                    "simulate", "--jitter", zero,
                ])
            else {
                Issue.record("no run")
                return
            }
            #expect(try SimulateOptions.parse(OptionValues(p)).jitter == 0)
        }
        let (code, message) = status(["simulate", "--jitter", "-1"])
        #expect(code == .usage)
        #expect(
            message
                == "Error: invalid value '-1' for '--jitter': expected a duration of 0 or more, e.g. 0.1 or 100ms"
        )
    }
}
