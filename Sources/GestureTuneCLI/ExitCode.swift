import GestureTrace

/// The exit statuses of trace-format.md ("Exit status"), BSD sysexits where one fits.
enum ExitCode: Int32, Sendable, Equatable, CaseIterable {
    /// Success.
    case success = 0
    /// A gate in `batch`/`merge` failed: the tool worked, the traces did not pass.
    case gateFailed = 1
    /// Command-line usage error (`EX_USAGE`).
    case usage = 64
    /// Input data error: a malformed trace or parameter file (`EX_DATAERR`).
    case dataError = 65
    /// An input file is missing or unreadable (`EX_NOINPUT`).
    case noInput = 66
    /// Internal error: a bug, please report (`EX_SOFTWARE`).
    case software = 70
    /// The system ran out of a resource the run needs, such as file descriptors (`EX_OSERR`):
    /// not a fault of the input, so no file is marked bad for it.
    case osError = 71
    /// An output file could not be created (`EX_CANTCREAT`).
    case cantCreate = 73
    /// Standard output or error could not be written: a full disk, a closed descriptor (`EX_IOERR`).
    case ioError = 74
    /// Interrupted by SIGINT (128 + 2), after removing temporary output.
    case interrupted = 130
}

/// What a command came to; `ExitCode.of(_:)` turns it into the status, in one place.
enum Outcome: Sendable, Equatable {
    case success
    /// `batch` and `merge`: cases that failed their gate, and error cases (malformed or unreadable files).
    case gate(failed: Int, errors: Int)
    /// `validate`: files with problems, and files missing or unreadable.
    case validated(withProblems: Int, unreadable: Int)
    /// The command stopped on an error.
    case failure(CLIError)
}

extension ExitCode {
    /// The exit status for an outcome.
    ///
    /// - `gate`: 65 when any case is an error (a malformed file wins over a failed gate: the
    ///   corpus itself needs fixing before its figures mean anything), else 1 when any case
    ///   failed, else 0.
    /// - `validated`: 66 when any file is missing or unreadable, else 65 when any has problems.
    /// - `failure`: by the error, see `of(_ error:)`.
    static func of(_ outcome: Outcome) -> ExitCode {
        switch outcome {
        case .success:
            return .success
        case .gate(let failed, let errors):
            return errors > 0 ? .dataError : failed > 0 ? .gateFailed : .success
        case .validated(let withProblems, let unreadable):
            return unreadable > 0 ? .noInput : withProblems > 0 ? .dataError : .success
        case .failure(let error):
            return of(error)
        }
    }

    /// The exit status for an error: usage 64; trace and parameter-file errors 65, except an
    /// unreadable file 66; an output that cannot be written 73; anything else 70.
    static func of(_ error: CLIError) -> ExitCode {
        switch error {
        case .usage: .usage
        case .trace(.unreadable): .noInput
        case .trace: .dataError
        case .missingInput: .noInput
        case .badInput: .dataError
        case .cannotCreate: .cantCreate
        case .systemResource: .osError
        case .interrupted: .interrupted
        case .internalError: .software
        }
    }
}

/// Errors of the command layer, each with what a person needs to act on it.
enum CLIError: Error, Sendable, Equatable {
    case usage(UsageError)
    /// A trace file could not be read (malformed, or unreadable).
    case trace(TraceError)
    /// A path named on the command line does not exist or holds no trace files.
    case missingInput(path: String, reason: String)
    /// A non-trace input (parameter file, baseline, partial summary) is malformed;
    /// `line` is 0 when unknown.
    case badInput(file: String, line: Int, message: String)
    /// An output file or folder could not be created.
    case cannotCreate(path: String, reason: String)
    /// The system refused a resource (out of file descriptors) while opening `path`.
    case systemResource(path: String, reason: String)
    case interrupted
    /// A bug, or an unfinished part of the tool.
    case internalError(String)
}
