import Foundation
import GestureAnalysis
import GestureIO

/// The short summaries `batch` and `merge` print on standard output.
enum BatchText {
    /// `colour`: the text's PASS/FAIL/ERROR labels in ANSI green and red (`Console.stdoutColour`:
    /// standard output is a terminal and `NO_COLOR` is unset); the other formats never are.
    static func render(
        _ summary: BatchSummary, format: OutputFormat, colour: Bool = false,
        show: Int = GateOutputs.defaultShow
    ) throws(CLIError) -> String {
        switch format {
        case .json: return try BatchJSON.encode(summary)
        case .text: return text(summary, colour: colour, show: show)
        case .markdown: return markdown(summary)
        }
    }

    /// One line per case with its status (a passing one with its error and counts), under a
    /// failing one the first `show` gestures it gets wrong (as a test runner names failing
    /// assertions), then the totals.
    static func text(
        _ summary: BatchSummary, colour: Bool = false, show: Int = GateOutputs.defaultShow
    ) -> String {
        var lines: [String] = []
        let fail = label("FAIL", colour ? "31" : nil)
        for file in summary.files {
            lines.append(caseLine(file, colour: colour))
            if file.status == .fail { lines += wrongLines(file, show: show) }
        }
        if let failure = summary.runFailure { lines.append("\(fail)   \(failure)") }
        lines.append(totalsLine(summary))
        return lines.joined(separator: "\n") + "\n"
    }

    /// One case's line: `PASS   a.csv: error 0.0% (0/6)`, `FAIL   b.csv: <reasons>`,
    /// `SKIP   …`, `ERROR  c.csv:4: <message>`; also each JUnit testcase's `<system-out>`.
    static func caseLine(_ file: BatchFileResult, colour: Bool = false) -> String {
        let path = TerminalText.escaped(file.path)
        switch file.status {
        case .pass:
            return
                "\(label("PASS", colour ? "32" : nil))   \(path): \(BatchVerdict.errorText(file))"
        case .fail:
            let reasons = TerminalText.safe(file.failures.joined(separator: "; "))
            return "\(label("FAIL", colour ? "31" : nil))   \(path): \(reasons)"
        case .skipped:
            return "SKIP   \(path): no labelled gestures"
        case .error:
            let p = file.problem
            let location = (p?.line ?? 0) > 0 ? "\(file.path):\(p!.line)" : file.path
            let message = TerminalText.safe(p?.message ?? "unknown error")
            return
                "\(label("ERROR", colour ? "31" : nil))  \(TerminalText.escaped(location)): \(message)"
        }
    }

    /// The first `show` gestures a failing case gets wrong, one a line:
    /// `  g17 (line 342): meant complete, refused by the gate at p_r 0.12, v_p 0.3/s`, then how
    /// many more and where they all are.
    static func wrongLines(_ file: BatchFileResult, show: Int) -> [String] {
        let wrong = file.misdecidedGestures
        var lines = wrong.prefix(show).map { "       " + gestureText($0) }
        if wrong.count > show {
            lines.append(
                "       … and \(wrong.count - show) more (--show N, or every one in --json and --junit)"
            )
        }
        return lines
    }

    /// One gesture the transition gets wrong, in words: its id and line, what was meant, what
    /// the gate and the rule did, and where it was released.
    /// `line`: with its line (the JUnit text puts `file:line:` before it instead).
    static func gestureText(_ g: MisdecidedGesture, line: Bool = true) -> String {
        let what: String
        switch (g.intent, g.decision) {
        case (_, "refused"): what = "meant \(g.intent), refused by the gate"
        case ("other", let decision): what = "not meant, admitted by the gate: decided \(decision)"
        case (let intent, let decision): what = "meant \(intent), decided \(decision)"
        }
        return TerminalText.safe(
            "\(g.id)\(line ? " (line \(g.line))" : ""): \(what) at p_r \(NumberText.parameter(g.releaseProgress)), v_p \(NumberText.parameter(g.progressVelocity))/s"
        )
    }

    /// `text` in the ANSI colour `code` (`32` green, `31` red), or plain when `code` is nil.
    static func label(_ text: String, _ code: String?) -> String {
        guard let code else { return text }
        return "\u{1B}[\(code)m\(text)\u{1B}[0m"
    }

    static func totalsLine(_ summary: BatchSummary) -> String {
        let t = summary.totals
        var line =
            "\(t.files) file\(t.files == 1 ? "" : "s"): \(t.passed) passed, \(t.failed) failed, \(t.errors) error\(t.errors == 1 ? "" : "s"), \(t.skipped) skipped; "
        line +=
            "\(t.gestures) gesture\(t.gestures == 1 ? "" : "s"), \(t.labelled) labelled, \(t.misdecided) misdecided"
        if (t.misses ?? 0) > 0 || (t.others ?? 0) > 0 {
            line +=
                ", \(t.misses ?? 0) refused by the gate, \(t.falseTriggers ?? 0) of \(t.others ?? 0) other started it"
        }
        if let rate = t.errorRate { line += " (pooled error \(BatchVerdict.percent(rate)))" }
        line += " under \(TerminalText.safe(summary.params.source)); \(summary.status.uppercased())"
        if let shard = summary.shard { line += " (shard \(shard.index)/\(shard.count))" }
        return line
    }

    static func markdown(_ summary: BatchSummary) -> String {
        var lines = [
            "| file | status | error end to end | wrong / counted | notes |",
            "|---|---|---|---|---|",
        ]
        for file in summary.files {
            let rate = file.errorRate.map(BatchVerdict.percent) ?? ""
            var notes = file.failures.joined(separator: "; ")
            if let p = file.problem {
                notes = p.line > 0 ? "line \(p.line): \(p.message)" : p.message
            }
            if let warnings = file.warnings {
                notes = ([notes].filter { !$0.isEmpty } + warnings.map { "warning: \($0)" }).joined(
                    separator: "; ")
            }
            notes = TerminalText.safe(notes).replacingOccurrences(of: "|", with: "\\|")
            lines.append(
                "| \(TerminalText.markdownCode(file.path)) | \(file.status.rawValue) | \(rate) | \(file.wrong) / \(file.counted) | \(notes) |"
            )
        }
        lines.append("")
        if let failure = summary.runFailure {
            lines.append("**FAIL: \(failure)**")
            lines.append("")
        }
        lines.append("**\(totalsLine(summary))**")
        return lines.joined(separator: "\n") + "\n"
    }
}
