import Foundation

/// The short summaries `batch` and `merge` print on standard output.
enum BatchText {
    static func render(_ summary: BatchSummary, format: OutputFormat) throws(CLIError) -> String {
        switch format {
        case .json: return try BatchJSON.encode(summary)
        case .text: return text(summary)
        case .markdown: return markdown(summary)
        }
    }

    /// One line per case that did not pass, then the totals.
    static func text(_ summary: BatchSummary) -> String {
        var lines: [String] = []
        for file in summary.files {
            switch file.status {
            case .pass: continue
            case .fail:
                lines.append(
                    "FAIL   \(TerminalText.escaped(file.path)): \(TerminalText.safe(file.failures.joined(separator: "; ")))"
                )
            case .skipped:
                lines.append("SKIP   \(TerminalText.escaped(file.path)): no labelled gestures")
            case .error:
                let p = file.problem
                let location = (p?.line ?? 0) > 0 ? "\(file.path):\(p!.line)" : file.path
                lines.append(
                    "ERROR  \(TerminalText.escaped(location)): \(TerminalText.safe(p?.message ?? "unknown error"))"
                )
            }
        }
        if let failure = summary.runFailure { lines.append("FAIL   \(failure)") }
        lines.append(totalsLine(summary))
        return lines.joined(separator: "\n") + "\n"
    }

    static func totalsLine(_ summary: BatchSummary) -> String {
        let t = summary.totals
        var line =
            "\(t.files) file\(t.files == 1 ? "" : "s"): \(t.passed) passed, \(t.failed) failed, \(t.errors) error\(t.errors == 1 ? "" : "s"), \(t.skipped) skipped; "
        line +=
            "\(t.gestures) gesture\(t.gestures == 1 ? "" : "s"), \(t.labelled) labelled, \(t.misdecided) misdecided"
        if let rate = t.errorRate { line += " (pooled error \(BatchGate.percent(rate)))" }
        line += " under \(TerminalText.safe(summary.params.source)); \(summary.status.uppercased())"
        if let shard = summary.shard { line += " (shard \(shard.index)/\(shard.count))" }
        return line
    }

    static func markdown(_ summary: BatchSummary) -> String {
        var lines = [
            "| file | status | error | misdecided / labelled | notes |", "|---|---|---|---|---|",
        ]
        for file in summary.files {
            let rate = file.errorRate.map(BatchGate.percent) ?? ""
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
                "| \(TerminalText.markdownCode(file.path)) | \(file.status.rawValue) | \(rate) | \(file.misdecided) / \(file.labelled) | \(notes) |"
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
