import Foundation
import GestureIO

/// The command-line entry: parses, runs the command and returns its exit status.
///
/// Nothing here exits: `main.swift` calls `main(_:)` and exits with what it returns.
public enum GestureTuneCommand {
    static let parser = ArgumentParser(commands: CommandSpecs.all)

    /// Runs `arguments` (without the program name) on the process's standard output and error.
    /// A failed write to standard output or error (a full disk, a closed descriptor) makes the
    /// run fail with one line on standard error (when it still works) and exit 74.
    public static func main(_ arguments: [String]) -> Int32 {
        StandardStreams.reserve()
        let console = Console.standard
        let status: ExitCode
        if let bad = nonUTF8Argument() {
            // Swift decodes arguments as UTF-8, repairing bad bytes: the repaired name names no
            // file, and "No such file or directory" would mislead.
            status = report(
                .missingInput(
                    path: bad,
                    reason: "the name is not UTF-8 text, which gesturetune cannot open; rename it"),
                console: console)
        } else {
            status = run(arguments, console: console)
        }
        if let signal = TemporaryOutputs.interruptedBy {
            // An interrupt cleaned up while the command ran (whatever it then failed with, a
            // file gone from under it, say): once its clean-up is done, exit with its status
            // (the handler exits with it too, whichever comes first).
            TemporaryOutputs.awaitCleanUp()
            return 128 + signal
        }
        guard let failure = StandardStreams.failure, status != .interrupted else {
            return status.rawValue
        }
        if !StandardStreams.standardErrorFailed {
            StandardStreams.write(
                Diagnostic(location: nil, message: "cannot write to \(failure)").rendered(
                    colour: false) + "\n", to: STDERR_FILENO)
        }
        return ExitCode.ioError.rawValue
    }

    /// The first command-line argument that is not valid UTF-8, its bad bytes as `\xE8`.
    static func nonUTF8Argument() -> String? {
        for k in 1..<Int(CommandLine.argc) {
            guard let raw = CommandLine.unsafeArgv[k] else { continue }
            let bytes = UnsafeBufferPointer(
                start: UnsafeRawPointer(raw).assumingMemoryBound(to: UInt8.self), count: strlen(raw)
            )
            if String(validating: bytes, as: UTF8.self) != nil { continue }
            var shown = ""
            for b in bytes {
                shown +=
                    b >= 0x20 && b < 0x7F
                    ? String(UnicodeScalar(b)) : "\\x" + String(b, radix: 16, uppercase: true)
            }
            return shown
        }
        return nil
    }

    /// Runs `arguments` on `console`; the status comes from `ExitCode.of(_:)` only.
    static func run(_ arguments: [String], console: Console) -> ExitCode {
        let invocation: Invocation
        do {
            invocation = try parser.parse(arguments)
        } catch {
            return report(.usage(error), console: console)
        }
        switch invocation {
        case .version:
            console.out(CommandSpecs.version)
            return .success
        case .help(nil):
            console.writeOut(Help.overview(parser.commands))
            return .success
        case .help(let name?):
            console.writeOut(Help.command(parser.spec(named: name)!))
            return .success
        case .run(let parsed):
            do {
                let outcome = try execute(parsed, console: console)
                return ExitCode.of(outcome)
            } catch {
                return report(error, console: console)
            }
        }
    }

    static func execute(_ parsed: ParsedArguments, console: Console) throws(CLIError) -> Outcome {
        let values = OptionValues(parsed)
        do {
            switch parsed.command {
            case "analyze":
                return try AnalyzeCommand.run(try AnalyzeOptions.parse(values), console: console)
            case "batch":
                return try BatchCommand.run(try BatchOptions.parse(values), console: console)
            case "merge":
                return try MergeCommand.run(try MergeOptions.parse(values), console: console)
            case "validate":
                return try ValidateCommand.run(try ValidateOptions.parse(values), console: console)
            case "measure":
                return try MeasureCommand.run(try MeasureOptions.parse(values), console: console)
            case "simulate":
                return try SimulateCommand.run(try SimulateOptions.parse(values), console: console)
            case "recorder":
                return try RecorderCommand.run(try RecorderOptions.parse(values), console: console)
            case "diff": return try DiffCommand.run(try DiffOptions.parse(values), console: console)
            default: throw CLIError.internalError("no command '\(parsed.command)'")
            }
        } catch let error as UsageError {
            throw .usage(error)
        } catch let error as CLIError {
            throw error
        } catch {
            throw .internalError("\(error)")
        }
    }

    /// Prints an error (a usage error with its usage line and help hint) and returns its status.
    static func report(_ error: CLIError, console: Console) -> ExitCode {
        if case .usage(let usage) = error {
            console.writeErr(
                Help.usageError(usage, spec: usage.command.flatMap { parser.spec(named: $0) }))
        } else {
            console.diagnose(error)
        }
        return ExitCode.of(.failure(error))
    }
}
