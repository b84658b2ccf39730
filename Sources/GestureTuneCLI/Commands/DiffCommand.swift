import Foundation
import GestureIO
import GestureReport
import GestureTuning

/// Options of `diff`, converted.
struct DiffOptions: Sendable {
    var a: String
    var b: String
    /// `text`, `json` or `html`.
    var format: String
    /// Where the output goes (`-`: standard output).
    var out: String
    /// `--fail-on-increase POINTS`: exit 1 when the current error rose by more than this many
    /// percentage points (0 to 100).
    var failOnIncrease: Double?
    /// `--fail-on-moved`: exit 1 when a suggested parameter left A's 95% interval.
    var failOnMoved = false

    static func parse(_ values: OptionValues) throws(UsageError) -> DiffOptions {
        let p = values.parsed.positionals
        if let out = values.string("out") {
            try InputOutputCheck.refuse(
                outputs: [("out", out)], inputs: [p[0], p[1]], command: "diff")
        }
        return DiffOptions(
            a: p[0], b: p[1],
            format: try values.choice("format", ["text", "json", "html"]) ?? "text",
            out: values.string("out") ?? "-",
            failOnIncrease: try values.double("fail-on-increase", min: 0, max: 100),
            failOnMoved: values.flag("fail-on-moved"))
    }
}

/// `gesturetune diff A B`: what changed between two runs' `report.json` (errors, suggested
/// parameters, gestures decided differently), as text, JSON or an HTML page; with
/// `--fail-on-increase` / `--fail-on-moved`, exit 1 (each reason on standard error) when the
/// error rose or a parameter left its interval (`ReportDiff+Checks`).
enum DiffCommand {
    static func run(_ options: DiffOptions, console: Console) throws(CLIError) -> Outcome {
        let a = try read(options.a), b = try read(options.b)
        let diff = ReportDiff(a, b, nameA: options.a, nameB: options.b)
        let text: String
        switch options.format {
        case "json": text = diff.json()
        case "html": text = diff.html()
        default: text = diff.lines().joined(separator: "\n") + "\n"
        }
        try AtomicFile.write(text, to: options.out, console: console)
        // The checks, after the output: what changed is shown whatever their verdict.
        var failures: [String] = []
        if let points = options.failOnIncrease {
            failures += diff.errorIncreaseFailures(moreThan: points)
        }
        if options.failOnMoved { failures += diff.movedParameterFailures() }
        for failure in failures { console.diagnose(Diagnostic(location: nil, message: failure)) }
        return failures.isEmpty ? .success : .gate(failed: failures.count, errors: 0)
    }

    static func read(_ path: String) throws(CLIError) -> ReportDocument {
        let data: Data
        do { data = try InputFile.read(path) } catch {
            throw CLIError(error, path: path)
        }
        do {
            return try ReportDocument.decode(data)
        } catch {
            throw .badInput(file: path, line: 0, message: error.message)
        }
    }
}
