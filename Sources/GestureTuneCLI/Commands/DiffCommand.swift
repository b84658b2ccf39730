import Foundation
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

    static func parse(_ values: OptionValues) throws(UsageError) -> DiffOptions {
        let p = values.parsed.positionals
        if let out = values.string("out") {
            try InputOutputCheck.refuse(
                outputs: [("out", out)], inputs: [p[0], p[1]], command: "diff")
        }
        return DiffOptions(
            a: p[0], b: p[1],
            format: try values.choice("format", ["text", "json", "html"]) ?? "text",
            out: values.string("out") ?? "-")
    }
}

/// `gesturetune diff A B`: what changed between two runs' `report.json` (errors, suggested
/// parameters, gestures decided differently), as text, JSON or an HTML page.
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
        return .success
    }

    static func read(_ path: String) throws(CLIError) -> ReportDocument {
        let data: Data
        do { data = try InputFile.read(path) } catch {
            throw .missingInput(path: path, reason: error.reason)
        }
        do {
            return try ReportDocument.decode(data)
        } catch {
            throw .badInput(file: path, line: 0, message: error.message)
        }
    }
}
