import Dispatch
import Foundation
import GestureReport

/// SIGINT, SIGTERM and SIGHUP handling: remove temporary output, then exit with 128 + signal.
///
/// The default action is first turned off (`SIG_IGN`, as libdispatch requires; on Linux it then
/// installs its own handler) so that a signal cannot kill the process in the middle of a
/// rename; it is delivered instead to a `DispatchSource` on a global queue. Its
/// handler removes every file `TemporaryOutputs` still holds (a half-written JUnit or JSON
/// file never survives), clears a progress bar, and calls `exit` given by `main.swift`, which
/// stays the only place that exits. A run interrupted this way exits 130 (SIGINT), 129 (SIGHUP) or 143
/// (SIGTERM); outputs already renamed into place are complete and kept.
public enum Interrupts {
    private static let sources = Locked<[any DispatchSourceSignal]>([])

    /// Installs the handlers once; `exit` is called with the status and must not return.
    public static func install(exit: @escaping @Sendable (Int32) -> Never) {
        sources.withLock { sources in
            guard sources.isEmpty else { return }
            for signalNumber in [SIGINT, SIGTERM, SIGHUP] {
                signal(signalNumber, SIG_IGN)
                let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
                source.setEventHandler {
                    TemporaryOutputs.removeAll(closing: true)
                    ProgressBar.clearIfShown()
                    exit(128 + signalNumber)
                }
                source.resume()
                sources.append(source)
            }
        }
    }
}
