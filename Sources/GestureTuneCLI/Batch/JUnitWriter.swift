import Foundation
import GestureAnalysis
import GestureIO
import GestureReport

/// Renders a batch summary as JUnit XML that CI servers display.
///
/// Shape: `<testsuites>` holding one `<testsuite>` with `<properties>`, one `<testcase>` per
/// file (`name` the path, `classname` its folder), then `<system-out>` (the totals) and
/// `<system-err>` (every file's warnings, one `path: warning: ...` a line).
/// Every file's testcase carries its numbers: `<properties>` (error rate as a fraction, rows,
/// gestures, labelled, misdecided, unlabelled, interrupted, the baseline's rate when there is
/// one, and the gate: `max-error`, `tolerance`), then its result, then `<system-out>` with the
/// case's line of the text summary (`PASS   a.csv: error 0.0% (0/6)`).
/// A failed case holds one `<failure>` whose message names the misdecided gestures and whose
/// text lists each with its line, `p_r` and `v_p`; an error case one `<error>` carrying the
/// reader's message with its line; a case without labelled gestures one `<skipped>`. A run
/// failure (no labelled gesture anywhere) adds one failed testcase named `labelled gestures`, so
/// that CI shows red rather than a column of skipped cases. The suite carries what the
/// Apache Ant schema (windyroad `JUnit.xsd`) requires: `timestamp`, `hostname`, `time`,
/// `classname` and the `package`/`id` pair; properties and `system-out` inside a testcase
/// follow the Jenkins JUnit plugin's reading (and junitparser's), which the project's schema
/// (Tests/EndToEndTests/Fixtures) states. A testcase's `time` is the file's wall seconds
/// reading and deciding it, the suite's the whole evaluation's (`times`; 0 without, as for
/// `merge`); the host is `localhost`, and the timestamp `SOURCE_DATE_EPOCH` when set
/// (reproducible builds), else now: apart from the durations, the file is reproducible.
enum JUnitWriter {
    static func render(
        _ summary: BatchSummary, times: BatchTimes? = nil,
        timestamp: Date = JUnitWriter.timestamp(), show: Int = GateOutputs.defaultShow
    ) -> String {
        let t = summary.totals
        let runFailed = summary.runFailure == nil ? 0 : 1
        let groupCases = summary.files.reduce(0) { $0 + ($1.groups?.count ?? 0) }
        var x = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites>\n"
        x += "  <testsuite name=\"gesturetune batch\" package=\"gesturetune\" id=\"0\""
        x += " timestamp=\"\(iso8601(timestamp))\" hostname=\"localhost\""
        x +=
            " tests=\"\(t.files + runFailed + groupCases)\" failures=\"\(t.failed + runFailed)\" errors=\"\(t.errors)\" skipped=\"\(t.skipped)\" time=\"\(seconds(times?.total))\">\n"
        x += "    <properties>\n"
        var properties: [(String, String)] = [
            ("params", summary.params.source),
            ("rule", summary.params.rule),
        ]
        for (key, value) in summary.params.values.sorted(by: { $0.key < $1.key }) {
            properties.append(("params.\(key)", "\(value)"))
        }
        properties.append(("max-error", summary.gate.maxError.map { "\($0)" } ?? "none"))
        properties.append(("tolerance", "\(summary.gate.tolerance)"))
        if let v = summary.gate.maxFalseTriggers {
            properties.append(("max-false-triggers", "\(v)"))
        }
        if let v = summary.gate.maxMisses { properties.append(("max-misses", "\(v)")) }
        if let baseline = summary.gate.baseline { properties.append(("baseline", baseline)) }
        if let shard = summary.shard {
            properties.append(("shard", "\(shard.index)/\(shard.count)"))
        }
        properties.append(("direction", summary.settings.direction.rawValue))
        properties.append(("estimator", summary.settings.estimator.rawValue))
        for (name, value) in properties {
            x += "      <property name=\"\(escape(name))\" value=\"\(escape(value))\"/>\n"
        }
        x += "    </properties>\n"
        for file in summary.files {
            let classname = classname(for: file.path)
            x +=
                "    <testcase name=\"\(escape(file.path))\" classname=\"\(escape(classname))\" time=\"\(seconds(times?.perFile[file.path]))\">\n"
            x += "      <properties>\n"
            for (name, value) in caseProperties(file, gate: summary.gate) {
                x += "        <property name=\"\(escape(name))\" value=\"\(escape(value))\"/>\n"
            }
            x += "      </properties>\n"
            switch file.status {
            case .pass:
                break
            case .skipped:
                x += "      <skipped message=\"no labelled gestures closed by 'ended'\"/>\n"
            case .fail:
                x +=
                    "      <failure message=\"\(escape(failureMessage(file, show: show)))\" type=\"gate\">"
                x += escape(failureText(file), attribute: false)
                x += "</failure>\n"
            case .error:
                let problem =
                    file.problem ?? .init(kind: "internal", line: 0, message: "unknown error")
                let located =
                    problem.line > 0
                    ? "\(file.path):\(problem.line): \(problem.message)"
                    : "\(file.path): \(problem.message)"
                x +=
                    "      <error message=\"\(escape(located))\" type=\"\(escape(problem.kind))\">"
                x += escape(located, attribute: false)
                x += "</error>\n"
            }
            x +=
                "      <system-out>\(escape(BatchText.caseLine(file), attribute: false))</system-out>\n    </testcase>\n"
            // `--by`: one informational testcase per group (the gate applies to the file).
            for group in file.groups ?? [] {
                let name = group.name.isEmpty ? "(none)" : group.name
                let text =
                    "\(group.misdecided) of \(group.labelled) labelled gestures misdecided (\(NumberText.percent(group.errorRate)))"
                x +=
                    "    <testcase name=\"\(escape(file.path)) [\(escape(name))]\" classname=\"\(escape(classname))\" time=\"0\">\n"
                x +=
                    "      <system-out>\(escape(text, attribute: false))</system-out>\n    </testcase>\n"
            }
        }
        if let failure = summary.runFailure {
            x += "    <testcase name=\"labelled gestures\" classname=\"gesturetune\" time=\"0\">\n"
            x +=
                "      <failure message=\"\(escape(failure))\" type=\"gate\">\(escape(failure, attribute: false))</failure>\n    </testcase>\n"
        }
        x +=
            "    <system-out>\(escape(BatchText.totalsLine(summary), attribute: false))</system-out>\n"
        let warnings = summary.files.flatMap { file in
            (file.warnings ?? []).map { "\(file.path): warning: \($0)" }
        }
        x +=
            "    <system-err>\(escape(warnings.joined(separator: "\n"), attribute: false))</system-err>\n"
        x += "  </testsuite>\n</testsuites>\n"
        return x
    }

    /// A case's numbers as `<property>` pairs: the counts and error rate of the JSON summary's
    /// file entry (a fraction, absent when nothing is labelled), then the gate it was judged by.
    static func caseProperties(_ file: BatchFileResult, gate: BatchSummary.Limits)
        -> [(String, String)]
    {
        var p: [(String, String)] = []
        if let rate = file.errorRate { p.append(("error-rate", "\(rate)")) }
        p += [
            ("rows", "\(file.rows)"), ("gestures", "\(file.gestures)"),
            ("labelled", "\(file.labelled)"), ("misdecided", "\(file.misdecided)"),
            ("unlabelled", "\(file.unlabelled)"), ("interrupted", "\(file.interrupted)"),
        ]
        if let base = file.baselineErrorRate { p.append(("baseline-error-rate", "\(base)")) }
        p.append(("max-error", gate.maxError.map { "\($0)" } ?? "none"))
        p.append(("tolerance", "\(gate.tolerance)"))
        // The gate's counts, when the case has gestures labelled other or a gate limit applies.
        if (file.others ?? 0) > 0 || gate.maxFalseTriggers != nil || gate.maxMisses != nil {
            p.append(("others", "\(file.others ?? 0)"))
            p.append(("false-triggers", "\(file.falseTriggers ?? 0)"))
            if let rate = file.falseTriggerRate { p.append(("false-trigger-rate", "\(rate)")) }
            p.append(("misses", "\(file.misses ?? 0)"))
            if let rate = file.missRate { p.append(("miss-rate", "\(rate)")) }
        }
        return p
    }

    /// Seconds as `xs:decimal` with microseconds (`0.012345`); 0 when not measured.
    static func seconds(_ s: Double?) -> String {
        guard let s, s.isFinite, s > 0 else { return "0" }
        return String(format: "%.6f", s)
    }

    /// The failure's one-line message: the reasons, then up to `show` (`--show`, default 10)
    /// wrong gestures' ids.
    static func failureMessage(_ file: BatchFileResult, show: Int = GateOutputs.defaultShow)
        -> String
    {
        var message = file.failures.joined(separator: "; ")
        let ids = file.misdecidedGestures.prefix(show).map(\.id)
        if !ids.isEmpty {
            message += "; wrong: " + ids.joined(separator: ", ")
            if file.misdecidedGestures.count > ids.count {
                message += ", and \(file.misdecidedGestures.count - ids.count) more"
            }
        }
        return message
    }

    /// The failure's text: every gesture the transition gets wrong, as the terminal names them
    /// (`BatchText.gestureText`), each with its file and line.
    static func failureText(_ file: BatchFileResult) -> String {
        var lines = file.failures
        for g in file.misdecidedGestures {
            lines.append("\(file.path):\(g.line): \(BatchText.gestureText(g, line: false))")
        }
        return lines.joined(separator: "\n")
    }

    /// The file's folder with `/` as `.`, as CI servers group test classes; `gesturetune` at top level.
    static func classname(for path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "gesturetune" }
        let folder = path[..<slash].split(separator: "/").filter { $0 != "." && !$0.isEmpty }
            .joined(separator: ".")
        return folder.isEmpty ? "gesturetune" : folder
    }

    /// `SOURCE_DATE_EPOCH` when set (checked by `sourceDateEpoch()` before the run), else the current time.
    static func timestamp() -> Date {
        if case .success(let seconds?) = sourceDateEpoch() {
            return Date(timeIntervalSince1970: Double(seconds))
        }
        return Date()
    }

    /// `SOURCE_DATE_EPOCH` as the reproducible-builds specification defines it: a whole number
    /// of seconds since 1970 (here up to the end of year 9999, which the timestamp can show);
    /// nil when unset, a failure naming the value when it is anything else.
    static func sourceDateEpoch() -> Result<Int64?, UsageError> {
        guard let text = ProcessInfo.processInfo.environment["SOURCE_DATE_EPOCH"] else {
            return .success(nil)
        }
        guard let seconds = Int64(text), seconds >= 0, seconds <= 253_402_300_799 else {
            return .failure(
                UsageError(
                    "invalid SOURCE_DATE_EPOCH '\(text)': expected a whole number of seconds since 1970-01-01 (up to 253402300799)",
                    command: nil))
        }
        return .success(seconds)
    }

    /// `yyyy-MM-ddTHH:mm:ss` in UTC, without a zone (the Ant schema's pattern).
    static func iso8601(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        return String(
            format: "%04d-%02d-%02dT%02d:%02d:%02d", c.year!, c.month!, c.day!, c.hour!, c.minute!,
            c.second!)
    }

    /// Escapes XML markup; drops characters XML 1.0 cannot hold; in attributes also encodes
    /// tab, newline and carriage return so they survive attribute normalisation.
    static func escape(_ s: String, attribute: Bool = true) -> String {
        var out = ""
        out.reserveCapacity(s.utf8.count)
        for scalar in s.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"" where attribute: out += "&quot;"
            case "\n" where attribute: out += "&#10;"
            case "\r": out += "&#13;"
            case "\t" where attribute: out += "&#9;"
            default:
                let v = scalar.value
                let allowed =
                    v == 0x9 || v == 0xA || (v >= 0x20 && v <= 0xD7FF)
                    || (v >= 0xE000 && v <= 0xFFFD) || v >= 0x10000
                if allowed { out.unicodeScalars.append(scalar) } else { out += "\u{FFFD}" }
            }
        }
        return out
    }
}
