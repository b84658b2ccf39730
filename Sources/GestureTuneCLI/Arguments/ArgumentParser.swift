/// One option a command accepts: `--name VALUE` (or `--name=VALUE`), or a flag `--name`.
struct OptionSpec: Sendable, Equatable {
    /// The name without dashes, e.g. `max-error`.
    var name: String
    /// The value's placeholder in help (`N`, `FILE`); nil for a flag.
    var valueName: String?
    /// One line of help.
    var help: String
    /// The default as shown in help; `--help` prints one for every option.
    var defaultText: String
    /// Whether the option may be given several times (values accumulate).
    var repeatable: Bool

    init(
        _ name: String, value: String? = nil, help: String, default defaultText: String,
        repeatable: Bool = false
    ) {
        self.name = name
        self.valueName = value
        self.help = help
        self.defaultText = defaultText
        self.repeatable = repeatable
    }

    var isFlag: Bool { valueName == nil }
}

/// A subcommand: its name, usage line, positional arguments, options and examples.
struct CommandSpec: Sendable, Equatable {
    var name: String
    var summary: String
    /// The usage line without the leading `Usage: `.
    var usage: String
    /// Positional arguments' name and help (`FILE...`), if any.
    var positionalName: String?
    var positionalHelp: String?
    var minPositionals: Int
    var maxPositionals: Int?
    var options: [OptionSpec]
    var examples: [String]
    /// A few lines after the options (exit status, notes).
    var discussion: String?

    init(
        name: String, summary: String, usage: String, positionalName: String? = nil,
        positionalHelp: String? = nil, minPositionals: Int = 0, maxPositionals: Int? = nil,
        options: [OptionSpec], examples: [String], discussion: String? = nil
    ) {
        self.name = name
        self.summary = summary
        self.usage = usage
        self.positionalName = positionalName
        self.positionalHelp = positionalHelp
        self.minPositionals = minPositionals
        self.maxPositionals = maxPositionals
        self.options = options
        self.examples = examples
        self.discussion = discussion
    }

    func option(named name: String) -> OptionSpec? { options.first { $0.name == name } }
}

/// A command line split into options, flags and positional arguments, not yet converted.
struct ParsedArguments: Sendable, Equatable {
    var command: String
    /// Values of options, in command-line order.
    var values: [String: [String]] = [:]
    var flags: Set<String> = []
    var positionals: [String] = []

    init(
        command: String, values: [String: [String]] = [:], flags: Set<String> = [],
        positionals: [String] = []
    ) {
        self.command = command
        self.values = values
        self.flags = flags
        self.positionals = positionals
    }

    /// The last value given for `name`, or nil.
    func value(_ name: String) -> String? { values[name]?.last }
    /// Every value given for `name`, in order.
    func all(_ name: String) -> [String] { values[name] ?? [] }
    func has(_ flag: String) -> Bool { flags.contains(flag) }
}

/// What the command line asks for.
enum Invocation: Sendable, Equatable {
    /// `--help`, `-h`, `help [COMMAND]`: help for a command, or the overview (nil).
    case help(String?)
    case version
    case run(ParsedArguments)
}

/// A command-line usage error: printed as `Error: …`, `Usage: …`, `See '… --help'.`, status 64.
struct UsageError: Error, Equatable, Sendable, CustomStringConvertible {
    var message: String
    /// The command whose usage to print, or nil for the top level.
    var command: String?

    init(_ message: String, command: String?) {
        self.message = message
        self.command = command
    }

    var description: String { message }
}

/// Splits a command line by the command specs. No conversion of values happens here.
struct ArgumentParser: Sendable {
    var commands: [CommandSpec]

    init(commands: [CommandSpec]) { self.commands = commands }

    func spec(named name: String) -> CommandSpec? { commands.first { $0.name == name } }

    /// Parses `arguments` (without the program name).
    func parse(_ arguments: [String]) throws(UsageError) -> Invocation {
        guard let first = arguments.first else {
            throw UsageError("missing command", command: nil)
        }
        switch first {
        case "--help", "-h":
            return .help(nil)
        case "--version":
            return .version
        case "help":
            let rest = arguments.dropFirst()
            guard let name = rest.first, !name.hasPrefix("-") else { return .help(nil) }
            guard spec(named: name) != nil else { throw unknownCommand(name) }
            if rest.count > 1 {
                throw UsageError(
                    "unexpected argument '\(rest[rest.startIndex + 1])' after 'help \(name)'",
                    command: nil)
            }
            return .help(name)
        default:
            break
        }
        if first.hasPrefix("-") && first != "-" {
            let names = ["--help", "--version"]
            var message = "unknown option '\(first)' (a command must come first)"
            if let s = Suggestion.nearest(to: first, in: names) {
                message += "; did you mean '\(s)'?"
            }
            throw UsageError(message, command: nil)
        }
        guard let command = spec(named: first) else { throw unknownCommand(first) }
        return try parse(Array(arguments.dropFirst()), for: command)
    }

    private func unknownCommand(_ name: String) -> UsageError {
        var message = "unknown command '\(name)'"
        if let s = Suggestion.nearest(to: name, in: commands.map(\.name) + ["help"]) {
            message += "; did you mean '\(s)'?"
        }
        return UsageError(message, command: nil)
    }

    /// Parses the arguments after the command name.
    func parse(_ arguments: [String], for command: CommandSpec) throws(UsageError) -> Invocation {
        // Help wins over any other error on the line, as in swift-argument-parser.
        for argument in arguments {
            if argument == "--" { break }
            if argument == "--help" || argument == "-h" { return .help(command.name) }
            if argument == "--version" { return .version }
        }
        var parsed = ParsedArguments(command: command.name)
        var index = 0
        var onlyPositionals = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if onlyPositionals || argument == "-" || !argument.hasPrefix("-") {
                parsed.positionals.append(argument)
                continue
            }
            if argument == "--" {
                onlyPositionals = true
                continue
            }
            guard argument.hasPrefix("--") else {
                throw unknownOption(argument, in: command)
            }
            var name = String(argument.dropFirst(2))
            var inlineValue: String?
            if let eq = name.firstIndex(of: "=") {
                inlineValue = String(name[name.index(after: eq)...])
                name = String(name[..<eq])
            }
            guard let option = command.option(named: name) else {
                throw unknownOption("--" + name, in: command)
            }
            if option.isFlag {
                if inlineValue != nil {
                    throw UsageError("option '--\(name)' takes no value", command: command.name)
                }
                parsed.flags.insert(name)
                continue
            }
            let value: String
            if let inlineValue {
                value = inlineValue
            } else {
                guard index < arguments.count, !looksLikeOption(arguments[index], in: command)
                else {
                    throw UsageError(
                        "option '--\(name)' needs a value (\(option.valueName ?? "VALUE"))",
                        command: command.name)
                }
                value = arguments[index]
                index += 1
            }
            if option.repeatable {
                parsed.values[name, default: []].append(value)
            } else {
                parsed.values[name] = [value]
            }
        }
        if parsed.positionals.count < command.minPositionals {
            throw UsageError(
                "missing \(command.positionalName ?? "argument")", command: command.name)
        }
        if let max = command.maxPositionals, parsed.positionals.count > max {
            let extra = parsed.positionals[max]
            throw UsageError("unexpected argument '\(extra)'", command: command.name)
        }
        return .run(parsed)
    }

    /// A following argument is taken as a missing value when it is `--something`: values that
    /// start with one dash (negative numbers, `-` for stdin) are accepted.
    private func looksLikeOption(_ argument: String, in command: CommandSpec) -> Bool {
        argument.hasPrefix("--") && argument.count > 2
    }

    private func unknownOption(_ argument: String, in command: CommandSpec) -> UsageError {
        var message = "unknown option '\(argument)'"
        let candidates = command.options.map { "--" + $0.name } + ["--help"]
        if let s = Suggestion.nearest(to: argument, in: candidates) {
            message += "; did you mean '\(s)'?"
        }
        return UsageError(message, command: command.name)
    }
}
