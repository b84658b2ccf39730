import Foundation
import GestureTrace

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

    public init(
        writeOut: @escaping @Sendable (String) -> Void, writeErr: @escaping @Sendable (String) -> Void,
        stderrIsTerminal: Bool = false, colour: Bool = false
    ) {
        self.writeOut = writeOut
        self.writeErr = writeErr
        self.stderrIsTerminal = stderrIsTerminal
        self.colour = colour
    }

    /// The process's own standard output and error.
    public static var standard: Console {
        let tty = isatty(STDERR_FILENO) == 1
        let noColor = ProcessInfo.processInfo.environment["NO_COLOR"].map { !$0.isEmpty } ?? false
        let dumb = ProcessInfo.processInfo.environment["TERM"] == "dumb"
        return Console(
            writeOut: { FileHandle.standardOutput.write(Data($0.utf8)) },
            writeErr: { FileHandle.standardError.write(Data($0.utf8)) },
            stderrIsTerminal: tty && !dumb,
            colour: tty && !noColor && !dumb)
    }

    public func out(_ line: String) { writeOut(line + "\n") }
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

    /// The line; ANSI bold for the location and red for `error:` when `colour`.
    public func rendered(colour: Bool) -> String {
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
