import Foundation

/// The console examples of `README.md`, parsed for the doc test (`ReadmeExampleTests`).
///
/// A **session** is a code block (indented by four spaces, or fenced) whose first line starts
/// with `$ `. Each `$ ` line is a command (a line ending in `\` continues on the next); the
/// lines up to the next `$ ` are what the command prints (standard output and standard error as
/// a terminal shows them, in order). In the shown output:
///
/// - a line that is only `…` stands for any number of lines (build output, a long listing);
/// - `…` within a line stands for any text on that line (a time, a path, a number that may
///   differ from run to run): these are the only places where the output may differ;
/// - a last line `[exit N]` says the command exits with N (without it: 0);
/// - a command with no lines shown is run and must exit 0; its output is not compared.
///
/// Code blocks that do not start with `$ ` (synopses, YAML, install commands) are not run.
struct ReadmeSession: Sendable {
    struct Step: Sendable {
        /// The README line of the command (1-based).
        var line: Int
        var command: String
        /// nil: output not compared.
        var expected: [String]?
        var exitStatus: Int32
    }

    /// The README line where the block starts (1-based).
    var line: Int
    var steps: [Step]

    static let ellipsis = "…"

    /// Every session of `markdown`, in order.
    static func sessions(in markdown: String) -> [ReadmeSession] {
        let lines = markdown.split(separator: "\n", omittingEmptySubsequences: false).map(
            String.init)
        var sessions: [ReadmeSession] = []
        var k = 0
        while k < lines.count {
            let line = lines[k]
            if line.hasPrefix("```") {
                // A fenced block: its body up to the closing fence.
                var body: [String] = []
                var j = k + 1
                while j < lines.count, !lines[j].hasPrefix("```") {
                    body.append(lines[j])
                    j += 1
                }
                if body.first?.hasPrefix("$ ") == true {
                    sessions.append(session(body, firstLine: k + 2))
                }
                k = j + 1
                continue
            }
            let startsBlock = k == 0 || lines[k - 1].trimmingCharacters(in: .whitespaces).isEmpty
            if startsBlock, line.hasPrefix("    $ ") {
                // An indented block: lines indented by four spaces, blank lines inside it.
                var body: [String] = []
                var j = k
                while j < lines.count {
                    if lines[j].hasPrefix("    ") {
                        body.append(String(lines[j].dropFirst(4)))
                    } else if lines[j].trimmingCharacters(in: .whitespaces).isEmpty,
                        j + 1 < lines.count, lines[j + 1].hasPrefix("    ")
                    {
                        body.append("")
                    } else {
                        break
                    }
                    j += 1
                }
                sessions.append(session(body, firstLine: k + 1))
                k = j
                continue
            }
            k += 1
        }
        return sessions
    }

    private static func session(_ body: [String], firstLine: Int) -> ReadmeSession {
        var steps: [Step] = []
        var k = 0
        while k < body.count {
            guard body[k].hasPrefix("$ ") else {
                k += 1
                continue
            }
            let line = firstLine + k
            var command = String(body[k].dropFirst(2))
            while command.hasSuffix("\\"), k + 1 < body.count {
                k += 1
                command =
                    String(command.dropLast()) + " "
                    + body[k].trimmingCharacters(in: .whitespaces)
            }
            k += 1
            var shown: [String] = []
            while k < body.count, !body[k].hasPrefix("$ ") {
                shown.append(body[k])
                k += 1
            }
            while shown.last?.trimmingCharacters(in: .whitespaces).isEmpty == true {
                shown.removeLast()
            }
            var status: Int32 = 0
            if let last = shown.last, last.hasPrefix("[exit "), last.hasSuffix("]"),
                let n = Int32(last.dropFirst(6).dropLast())
            {
                status = n
                shown.removeLast()
            }
            steps.append(
                Step(
                    line: line, command: command, expected: shown.isEmpty ? nil : shown,
                    exitStatus: status))
        }
        return ReadmeSession(line: firstLine, steps: steps)
    }

    /// Whether `actual` is what `expected` shows, with its `…` marks; trailing spaces ignored.
    static func matches(_ expected: [String], _ actual: [String]) -> Bool {
        let e = expected.map(trimmed)
        let a = actual.map(trimmed)
        // memo[i][j]: e[i...] matches a[j...]
        var memo = [[Bool?]](
            repeating: [Bool?](repeating: nil, count: a.count + 1), count: e.count + 1)
        func match(_ i: Int, _ j: Int) -> Bool {
            if let known = memo[i][j] { return known }
            let result: Bool
            if i == e.count {
                result = j == a.count
            } else if e[i] == ellipsis {
                result = match(i + 1, j) || (j < a.count && match(i, j + 1))
            } else {
                result = j < a.count && lineMatches(e[i], a[j]) && match(i + 1, j + 1)
            }
            memo[i][j] = result
            return result
        }
        return match(0, 0)
    }

    /// One line with `…` standing for any text.
    static func lineMatches(_ expected: String, _ actual: String) -> Bool {
        let parts = expected.components(separatedBy: ellipsis)
        if parts.count == 1 { return expected == actual }
        var rest = Substring(actual)
        guard rest.hasPrefix(parts[0]) else { return false }
        rest = rest.dropFirst(parts[0].count)
        for part in parts.dropFirst().dropLast() where !part.isEmpty {
            guard let r = rest.range(of: part) else { return false }
            rest = rest[r.upperBound...]
        }
        return rest.hasSuffix(parts.last ?? "")
    }

    private static func trimmed(_ s: String) -> String {
        var s = Substring(s)
        while s.last == " " { s.removeLast() }
        return String(s)
    }
}
