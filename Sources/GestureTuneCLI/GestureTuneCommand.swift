/// The command-line entry: parses, runs the command and returns its exit status.
///
/// Nothing here exits: `main.swift` calls `main(_:)` and exits with what it returns.
public enum GestureTuneCommand {
    static let parser = ArgumentParser(commands: CommandSpecs.all)

    /// Runs `arguments` (without the program name) on the process's standard output and error.
    public static func main(_ arguments: [String]) -> Int32 {
        run(arguments, console: .standard).rawValue
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
            case "analyze": return try AnalyzeCommand.run(try AnalyzeOptions.parse(values), console: console)
            case "batch": return try BatchCommand.run(try BatchOptions.parse(values), console: console)
            case "merge": return try MergeCommand.run(try MergeOptions.parse(values), console: console)
            case "validate": return ValidateCommand.run(try ValidateOptions.parse(values), console: console)
            case "simulate": return try SimulateCommand.run(try SimulateOptions.parse(values), console: console)
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
            console.writeErr(Help.usageError(usage, spec: usage.command.flatMap { parser.spec(named: $0) }))
        } else {
            console.diagnose(error)
        }
        return ExitCode.of(.failure(error))
    }
}
