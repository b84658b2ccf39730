import Foundation
import GestureIO
import GestureReport
import GestureTrace
import GestureTuning

/// Where a command writes: data to standard output, diagnostics to standard error.
///
/// The real console writes to file descriptors 1 and 2; tests build one that captures.
public struct Console: Sendable {
    public var writeOut: @Sendable (String) -> Void
    public var writeErr: @Sendable (String) -> Void
    /// Standard error is a terminal: progress bars allowed.
    public var stderrIsTerminal: Bool
    /// Colour diagnostics: stderr is a terminal and `NO_COLOR` is unset or empty.
    public var colour: Bool
    /// Colour the summary on standard output (`batch`'s PASS/FAIL): stdout is a terminal and
    /// `NO_COLOR` is unset or empty. Never in a file or a pipe.
    public var stdoutColour: Bool

    public init(
        writeOut: @escaping @Sendable (String) -> Void,
        writeErr: @escaping @Sendable (String) -> Void,
        stderrIsTerminal: Bool = false, colour: Bool = false, stdoutColour: Bool = false
    ) {
        self.writeOut = writeOut
        self.writeErr = writeErr
        self.stderrIsTerminal = stderrIsTerminal
        self.colour = colour
        self.stdoutColour = stdoutColour
    }

    /// The process's own standard output and error, written with `write(2)`: a failed write
    /// (a full disk, a closed descriptor) is remembered by `StandardStreams`, never a trap.
    public static var standard: Console {
        // The two variables read, with `getenv`: `ProcessInfo.environment` builds a dictionary
        // of every variable, a first use of the type that cost every run 0.8 ms of start-up.
        var environment: [String: String] = [:]
        for name in ["NO_COLOR", "TERM"] {
            if let value = getenv(name) { environment[name] = String(cString: value) }
        }
        let tty = isatty(STDERR_FILENO) == 1
        let dumb = environment["TERM"] == "dumb"
        return Console(
            writeOut: { StandardStreams.write($0, to: STDOUT_FILENO) },
            writeErr: { StandardStreams.write($0, to: STDERR_FILENO) },
            stderrIsTerminal: tty && !dumb,
            colour: colourAllowed(isTerminal: tty, environment: environment),
            stdoutColour: colourAllowed(
                isTerminal: isatty(STDOUT_FILENO) == 1, environment: environment))
    }

    /// Whether a stream may carry ANSI colour: it is a terminal, `NO_COLOR` is unset or empty
    /// (https://no-color.org) and `TERM` is not `dumb`.
    static func colourAllowed(isTerminal: Bool, environment: [String: String]) -> Bool {
        let noColor = environment["NO_COLOR"].map { !$0.isEmpty } ?? false
        return isTerminal && !noColor && environment["TERM"] != "dumb"
    }

    public func out(_ line: String) { writeOut(line + "\n") }

    /// Standard output as a stream: each piece written as it comes (a long document, such as
    /// the report JSON, is never held whole).
    public struct Out: TextOutputStream {
        let console: Console
        public mutating func write(_ string: String) {
            if !string.isEmpty { console.writeOut(string) }
        }
    }

    public var outStream: Out { Out(console: self) }
    public func err(_ line: String) { writeErr(line + "\n") }

    /// Prints `location: error: message` to stderr, `error:` in bold red on a colour terminal.
    public func diagnose(_ diagnostic: Diagnostic) {
        err(diagnostic.rendered(colour: colour))
    }

    func diagnose(_ error: CLIError) {
        diagnose(Diagnostic(error))
    }
}

/// One diagnostic line: `path:line: error: message` (compiler style, so editors link it).
public struct Diagnostic: Sendable, Equatable {
    public enum Severity: String, Sendable { case error, warning, note }

    /// `path:line` or `path`, or nil for a message about no file.
    public var location: String?
    public var severity: Severity
    public var message: String

    public init(location: String?, severity: Severity = .error, message: String) {
        self.location = location
        self.severity = severity
        self.message = message
    }

    init(_ error: CLIError) {
        switch error {
        case .trace(let e): self = Diagnostic(e)
        case .usage(let u): self = Diagnostic(location: nil, message: u.message)
        case .missingInput(let path, let reason): self = Diagnostic(location: path, message: reason)
        case .badInput(let file, let line, let message):
            self = Diagnostic(location: Diagnostic.location(file, line), message: message)
        case .cannotCreate(let path, let reason):
            self = Diagnostic(location: path, message: "cannot create output: \(reason)")
        case .systemResource(let path, let reason):
            self = Diagnostic(
                location: path,
                message: "\(reason): the system is out of file descriptors (see ulimit -n); "
                    + "no file was judged")
        case .interrupted: self = Diagnostic(location: nil, message: "interrupted")
        case .internalError(let message):
            self = Diagnostic(location: nil, message: "internal error: \(message)")
        }
    }

    /// The diagnostic for a trace error: the reader's `location` (`file:line`) and `message`.
    public init(_ error: TraceError) {
        self.init(location: error.location, message: error.message)
    }

    static func location(_ file: String, _ line: Int) -> String {
        line > 0 ? "\(file):\(line)" : file
    }

    /// The line; ANSI bold for the location and red for `error:` when `colour`. The location
    /// and message come from data, so they are capped and their control characters escaped
    /// (`TerminalText`) here, where they meet the terminal.
    public func rendered(colour: Bool) -> String {
        let message = TerminalText.safe(message)
        let location = location.map { TerminalText.escaped(TerminalText.capped($0, limit: 1_000)) }
        let label: String
        if colour {
            let code = severity == .error ? "31" : severity == .warning ? "33" : "36"
            label = "\u{1B}[1;\(code)m\(severity.rawValue):\u{1B}[0m"
        } else {
            label = "\(severity.rawValue):"
        }
        guard let location else { return "\(label) \(message)" }
        let where_ = colour ? "\u{1B}[1m\(location):\u{1B}[0m" : "\(location):"
        return "\(where_) \(label) \(message)"
    }
}

/// Failures writing the process's standard output and error.
///
/// Writes go through `write(2)`; the first failure is kept (`failure`) and later writes to that
/// stream are skipped, so a full disk or a closed descriptor becomes an ordinary error that
/// `GestureTuneCommand.main` turns into one line and exit 74 (`EX_IOERR`).
public enum StandardStreams {
    private static let failures = Locked<[Int32: String]>([:])

    /// The first failed stream and its reason, if any: `standard output: No space left on device`.
    public static var failure: String? {
        failures.withLock { f in
            if let r = f[STDOUT_FILENO] { return "standard output: \(r)" }
            if let r = f[STDERR_FILENO] { return "standard error: \(r)" }
            return nil
        }
    }

    /// Whether standard error failed (then the failure cannot be reported there).
    public static var standardErrorFailed: Bool { failures.withLock { $0[STDERR_FILENO] != nil } }

    static func write(_ text: String, to fd: Int32) {
        guard failures.withLock({ $0[fd] == nil }) else { return }
        var text = text
        if let reason = text.withUTF8({ AtomicFile.writeAllBytes(fd, UnsafeRawBufferPointer($0)) })
        {
            failures.withLock { f in if f[fd] == nil { f[fd] = reason } }
        }
    }

    /// Makes sure descriptors 0, 1 and 2 are open: a closed one is opened read-only on
    /// `/dev/null`, so no file the tool opens later takes its number (output meant for the
    /// terminal would land in it), and a write to it fails with `EBADF` like the closed one.
    public static func reserve() {
        for fd in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO]
        where fcntl(fd, F_GETFD) == -1 && errno == EBADF {
            let opened = open("/dev/null", O_RDONLY)
            if opened >= 0, opened != fd {
                _ = dup2(opened, fd)
                _ = close(opened)
            }
        }
    }
}
