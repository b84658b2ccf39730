/// Renders `--help` text and usage errors.
enum Help {
    /// The overview printed by `gesturetune --help`.
    static func overview(_ commands: [CommandSpec]) -> String {
        var lines = [
            "OVERVIEW: gesturetune \(CommandSpecs.version): tune complete/cancel decisions of interactive transitions from touch traces",
            "",
            "USAGE: gesturetune <command> [options]",
            "",
            "COMMANDS:",
        ]
        let width = (commands.map(\.name.count) + [4]).max()! + 2
        for command in commands {
            lines.append("  " + pad(command.name, width) + command.summary)
        }
        lines.append("  " + pad("help", width) + "show help for a command")
        lines += [
            "",
            "OPTIONS:",
            "  --help, -h      show this help",
            "  --version       print the version (\(CommandSpecs.version))",
            "",
            "EXAMPLE:",
            "  gesturetune analyze traces/swipe.csv",
            "",
            "See 'gesturetune <command> --help' for a command's options.",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    /// The help of one command: overview, usage, arguments, every option with its default, examples.
    static func command(_ spec: CommandSpec) -> String {
        var lines = ["OVERVIEW: \(spec.summary)", "", "USAGE: \(spec.usage)", ""]
        var rows: [(String, String)] = spec.options.map { option in
            let left = "--" + option.name + (option.valueName.map { " " + $0 } ?? "")
            let repeatNote = option.repeatable ? "; may be repeated" : ""
            return (left, "\(option.help) (default: \(option.defaultText)\(repeatNote))")
        }
        rows.append(("--help, -h", "show this help"))
        let labels = rows.map(\.0) + [spec.positionalName ?? ""]
        let width = min(labels.map(\.count).max()! + 2, 30)
        if let name = spec.positionalName {
            lines.append("ARGUMENTS:")
            lines.append(row(name, spec.positionalHelp ?? "", width))
            lines.append("")
        }
        lines.append("OPTIONS:")
        for (left, right) in rows { lines.append(row(left, right, width)) }
        lines.append("")
        lines.append(spec.examples.count > 1 ? "EXAMPLES:" : "EXAMPLE:")
        for example in spec.examples { lines.append("  " + example) }
        if let discussion = spec.discussion {
            lines.append("")
            lines.append(discussion)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `Error: …`, `Usage: …`, `See 'gesturetune <cmd> --help'.` for standard error.
    static func usageError(_ error: UsageError, spec: CommandSpec?) -> String {
        let usage = spec?.usage ?? "gesturetune <command> [options]"
        let see = spec.map { "gesturetune \($0.name) --help" } ?? "gesturetune --help"
        return "Error: \(TerminalText.safe(error.message))\nUsage: \(usage)\nSee '\(see)'.\n"
    }

    private static func pad(_ s: String, _ width: Int) -> String {
        s.count >= width ? s + " " : s + String(repeating: " ", count: width - s.count)
    }

    /// Lines are wrapped at this many columns.
    static let lineWidth = 100

    private static func row(_ left: String, _ right: String, _ width: Int) -> String {
        let indent = String(repeating: " ", count: width + 2)
        let wrapped = wrap(right, width: max(30, lineWidth - width - 2)).joined(
            separator: "\n" + indent)
        if left.count + 2 > width {
            return "  " + left + "\n" + indent + wrapped
        }
        return "  " + pad(left, width) + wrapped
    }

    /// Splits `text` at spaces into lines of at most `width` characters (longer words stand alone).
    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var current = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: false) {
            if current.isEmpty {
                current = String(word)
            } else if current.count + 1 + word.count <= width {
                current += " " + word
            } else {
                lines.append(current)
                current = String(word)
            }
        }
        lines.append(current)
        return lines
    }
}
