import Dispatch
import Foundation
import GestureIO
import GestureReport
import GestureTuning

/// Handling of the signals whose default is to end the process (`Interrupts.handled`: SIGINT,
/// SIGTERM, SIGHUP, the resource limits' SIGXCPU and SIGXFSZ, SIGUSR1, SIGUSR2, SIGALRM,
/// SIGVTALRM): remove temporary output, then exit with 128 + signal.
///
/// The default action is first turned off (`SIG_IGN`, as libdispatch requires; on Linux it then
/// installs its own handler) so that a signal cannot kill the process in the middle of a
/// rename; it is delivered instead to a `DispatchSource` on a global queue. Its
/// handler removes every file `TemporaryOutputs` still holds (a half-written JUnit or JSON
/// file never survives), clears a progress bar, and calls `exit` given by `main.swift`, which
/// stays the only place that exits. A run interrupted this way exits 128 + the signal: 130
/// (SIGINT), 129 (SIGHUP), 143 (SIGTERM), 152 (SIGXCPU), 153 (SIGXFSZ: a write past
/// `ulimit -f` then fails with EFBIG instead of killing the process), 138 (SIGUSR1), ...;
/// outputs already renamed into place are complete and kept.
public enum Interrupts {
    private static let sources = Locked<[any DispatchSourceSignal]>([])

    /// The signals handled.
    static let handled = [
        SIGINT, SIGTERM, SIGHUP, SIGXCPU, SIGXFSZ, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM,
    ]

    /// Installs the handlers once; `exit` is called with the status and must not return.
    public static func install(exit: @escaping @Sendable (Int32) -> Never) {
        sources.withLock { sources in
            guard sources.isEmpty else { return }
            for signalNumber in handled {
                signal(signalNumber, SIG_IGN)
                let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
                source.setEventHandler {
                    TemporaryOutputs.removeAll(closing: signalNumber)
                    ProgressBar.clearIfShown()
                    exit(128 + signalNumber)
                }
                source.resume()
                sources.append(source)
            }
        }
    }
}
