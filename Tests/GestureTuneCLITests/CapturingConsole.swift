import Foundation

@testable import GestureTuneCLI

/// A console that keeps what a command writes, for assertions.
final class CapturingConsole: @unchecked Sendable {
    private let lock = NSLock()
    private var outText = ""
    private var errText = ""

    var stdout: String { lock.withLock { outText } }
    var stderr: String { lock.withLock { errText } }

    var console: Console {
        Console(
            writeOut: { text in self.lock.withLock { self.outText += text } },
            writeErr: { text in self.lock.withLock { self.errText += text } })
    }

    /// Runs the command line and returns its status.
    func run(_ arguments: [String]) -> ExitCode {
        GestureTuneCommand.run(arguments, console: console)
    }
}
