import Foundation
import GestureIO
import GestureReport
import GestureTuning

extension CLIError {
    /// An input that could not be read: missing or unreadable 66; beyond the size limit 65.
    init(_ failure: InputFile.Failure, path: String) {
        if case .tooLarge = failure {
            self = .badInput(file: path, line: 0, message: failure.reason)
        } else {
            self = .missingInput(path: path, reason: failure.reason)
        }
    }

    /// An output that could not be written: 73; refused after an interrupt: `interrupted`
    /// (the process exits with 128 + the signal).
    init(_ error: OutputError) {
        self =
            error.signal == nil
            ? .cannotCreate(path: error.path, reason: error.reason) : .interrupted
    }
}

/// The command layer's door to `GestureReport`'s one atomic writer: `-` goes to the console,
/// a failure becomes a `CLIError`.
extension AtomicFile {
    /// Writes `contents` to `path` atomically, creating missing parent folders; `-` writes to
    /// `console`'s standard output.
    static func write(_ contents: String, to path: String, console: Console? = nil) throws(CLIError)
    {
        try writeAll([(contents, path)], console: console)
    }

    /// Writes several files as one output set (all or none); `-` writes to `console`'s
    /// standard output.
    static func writeAll(_ items: [(contents: String, path: String)], console: Console? = nil)
        throws(CLIError)
    {
        do {
            try writeAll(items, standardOutput: console.map { console in { console.writeOut($0) } })
        } catch {
            throw CLIError(error)
        }
    }

    /// Whether two paths name the same file (`FileIdentity.sameFile`).
    static func sameFile(_ a: String, _ b: String) -> Bool { FileIdentity.sameFile(a, b) }

    /// What `sameFile` compares (`FileIdentity.key`).
    static func identity(_ path: String) -> String { FileIdentity.key(path) }
}
