import Testing

@testable import GestureTuneCLI

@Suite struct ArgumentParserTests {
    let parser = GestureTuneCommand.parser

    func parsed(_ arguments: [String]) throws -> ParsedArguments {
        guard case .run(let p) = try parser.parse(arguments) else {
            Issue.record("expected a command to run")
            return ParsedArguments(command: "")
        }
        return p
    }

    func usageError(_ arguments: [String]) -> UsageError? {
        do {
            _ = try parser.parse(arguments)
            return nil
        } catch {
            return error
        }
    }

    @Test func nameSpaceValueAndNameEqualsValueAreTheSame() throws {
        let a = try parsed(["batch", "traces", "--params", "p.json", "--jobs", "3"])
        let b = try parsed(["batch", "traces", "--params=p.json", "--jobs=3"])
        #expect(a == b)
        #expect(a.value("params") == "p.json")
        #expect(a.value("jobs") == "3")
        #expect(a.positionals == ["traces"])
    }

    @Test func equalsValueMayContainEquals() throws {
        let p = try parsed(["analyze", "a.csv", "--map=t_ms=time[ms],phase=action"])
        #expect(p.value("map") == "t_ms=time[ms],phase=action")
    }

    @Test func dashIsAPositionalForStandardInput() throws {
        let p = try parsed(["validate", "-", "b.csv"])
        #expect(p.positionals == ["-", "b.csv"])
    }

    @Test func doubleDashEndsOptions() throws {
        let p = try parsed(["validate", "--", "--odd-name.csv"])
        #expect(p.positionals == ["--odd-name.csv"])
    }

    @Test func negativeNumbersAreValues() throws {
        let p = try parsed(["analyze", "a.csv", "--seed", "-1"])
        #expect(p.value("seed") == "-1")
    }

    @Test func repeatableOptionsAccumulateOthersKeepTheLast() throws {
        let p = try parsed([
            "analyze", "a.csv", "--map", "x=a", "--map", "y=b", "--jobs", "1", "--jobs", "2",
        ])
        #expect(p.all("map") == ["x=a", "y=b"])
        #expect(p.value("jobs") == "2")
    }

    @Test func flags() throws {
        let p = try parsed(["analyze", "a.csv", "--lenient", "--no-report"])
        #expect(p.has("lenient") && p.has("no-report"))
        #expect(
            usageError(["analyze", "a.csv", "--lenient=yes"])?.message
                == "option '--lenient' takes no value")
    }

    @Test func mistypedOptionSuggestsTheNearest() {
        #expect(
            usageError(["batch", "t", "--jbos", "2"])?.message
                == "unknown option '--jbos'; did you mean '--jobs'?")
        #expect(
            usageError(["batch", "t", "--max-eror=0.1"])?.message
                == "unknown option '--max-eror'; did you mean '--max-error'?")
        #expect(
            usageError(["analyze", "a.csv", "--lenent"])?.message
                == "unknown option '--lenent'; did you mean '--lenient'?")
        #expect(usageError(["batch", "t", "--zzzzzz"])?.message == "unknown option '--zzzzzz'")
        #expect(usageError(["batch", "t", "--jbos"])?.command == "batch")
    }

    @Test func mistypedCommandSuggestsTheNearest() {
        #expect(usageError(["bach"])?.message == "unknown command 'bach'; did you mean 'batch'?")
        #expect(
            usageError(["vaildate"])?.message
                == "unknown command 'vaildate'; did you mean 'validate'?")
        #expect(
            usageError(["analyse"])?.message == "unknown command 'analyse'; did you mean 'analyze'?"
        )
        #expect(usageError(["frobnicate"])?.message == "unknown command 'frobnicate'")
        #expect(
            usageError(["help", "mege"])?.message == "unknown command 'mege'; did you mean 'merge'?"
        )
    }

    @Test func missingValue() {
        #expect(
            usageError(["batch", "t", "--params"])?.message
                == "option '--params' needs a value (FILE|PRESET)")
        #expect(
            usageError(["batch", "t", "--params", "--jobs", "2"])?.message
                == "option '--params' needs a value (FILE|PRESET)")
    }

    @Test func missingAndExtraPositionals() {
        #expect(usageError(["validate"])?.message == "missing FILE...")
        #expect(usageError(["simulate", "extra"])?.message == "unexpected argument 'extra'")
        #expect(usageError([])?.message == "missing command")
    }

    @Test func helpAndVersion() throws {
        #expect(try parser.parse(["--help"]) == .help(nil))
        #expect(try parser.parse(["help"]) == .help(nil))
        #expect(try parser.parse(["help", "batch"]) == .help("batch"))
        #expect(try parser.parse(["batch", "--jbos", "--help"]) == .help("batch"))
        #expect(try parser.parse(["validate", "-h"]) == .help("validate"))
        #expect(try parser.parse(["--version"]) == .version)
    }

    @Test(arguments: [
        ("jbos", "jobs", 1), ("jobs", "jobs", 0), ("kitten", "sitting", 3), ("", "abc", 3),
        ("ab", "ba", 1),
    ])
    func editDistance(_ a: String, _ b: String, _ expected: Int) {
        #expect(Suggestion.distance(a, b) == expected)
    }
}

@Suite struct CommandLineStatusTests {
    @Test func unknownCommandIsUsageErrorOnStderr() {
        let c = CapturingConsole()
        #expect(c.run(["bach", "x"]) == .usage)
        #expect(c.stdout == "")
        #expect(
            c.stderr
                == "Error: unknown command 'bach'; did you mean 'batch'?\nUsage: gesturetune <command> [options]\nSee 'gesturetune --help'.\n"
        )
    }

    @Test func mistypedOptionPrintsTheCommandsUsage() {
        let c = CapturingConsole()
        #expect(c.run(["validate", "a.csv", "--max-problem", "3"]) == .usage)
        let lines = c.stderr.split(separator: "\n").map(String.init)
        #expect(
            lines == [
                "Error: unknown option '--max-problem'; did you mean '--max-problems'?",
                "Usage: gesturetune validate FILE... [options]",
                "See 'gesturetune validate --help'.",
            ])
    }

    @Test func badValuesAreUsageErrors() {
        let cases: [([String], String)] = [
            (
                ["batch", "t", "--params", "p", "--jobs", "0"],
                "invalid value '0' for '--jobs': must be at least 1"
            ),
            (
                ["batch", "t", "--params", "p", "--direction", "lef"],
                "invalid value 'lef' for '--direction': expected one of right, left, down, up; did you mean 'left'?"
            ),
            (
                ["batch", "t", "--params", "p", "--shard", "5/4"],
                "invalid value '5/4' for '--shard': expected K/N with 1 <= K <= N, e.g. 2/4"
            ),
            (
                ["batch", "t", "--params", "p", "--max-error", "x"],
                "invalid value 'x' for '--max-error': expected a number"
            ),
            (["batch", "t"], "missing required option '--params FILE|PRESET'"),
            (
                ["analyze", "a.csv", "--map", "tms=time"],
                "invalid --map entry 'tms=time': unknown column 'tms'; expected one of t, t_ms, t_us, t_ns, x, y, phase, gesture, width, height, intent, outcome, vx, vy, dpi; did you mean 't_ms'?"
            ),
            (["simulate", "--files", "3"], "'--files 3' needs '--out DIR'"),
        ]
        for (arguments, message) in cases {
            let c = CapturingConsole()
            #expect(c.run(arguments) == .usage, "\(arguments)")
            #expect(c.stderr.hasPrefix("Error: \(message)\nUsage: "), "\(arguments): \(c.stderr)")
        }
    }

    @Test func versionAndHelpGoToStdoutWithZero() {
        let c = CapturingConsole()
        #expect(c.run(["--version"]) == .success)
        #expect(c.stdout == "0.1.0\n")
        let h = CapturingConsole()
        #expect(h.run(["--help"]) == .success)
        #expect(h.stdout.contains("USAGE: gesturetune <command> [options]"))
        #expect(h.stderr == "")
    }

    /// Every command's help: a usage line, every option with its default, an example.
    @Test(arguments: CommandSpecs.all.map(\.name))
    func helpListsEveryOptionWithItsDefault(_ name: String) throws {
        let c = CapturingConsole()
        #expect(c.run([name, "--help"]) == .success)
        let spec = try #require(GestureTuneCommand.parser.spec(named: name))
        #expect(c.stdout.contains("USAGE: gesturetune \(name)"))
        #expect(c.stdout.contains("EXAMPLE"))
        #expect(c.stdout.contains("  gesturetune \(name)"))
        // Help rows wrap, so join lines before looking for each option's default.
        let flat = c.stdout.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .joined(separator: " ")
        for option in spec.options {
            let label = "--\(option.name)" + (option.valueName.map { " \($0)" } ?? "")
            #expect(flat.contains(label), "\(name): \(label)")
            #expect(
                flat.contains("(default: \(option.defaultText)"),
                "\(name): default of --\(option.name)")
        }
    }

    @Test func analyzeHasEveryCommonOption() throws {
        let names = Set(CommandSpecs.analyze.options.map(\.name))
        let common = [
            "direction", "extent", "time-unit", "map", "preset", "delimiter", "lenient",
            "estimator", "horizon",
            "max-samples", "max-gap", "params", "out", "name", "format", "no-report", "seed",
            "jobs",
            "max-gesture-samples", "target-duration",
        ]
        #expect(common.filter { !names.contains($0) } == [])
    }
}
