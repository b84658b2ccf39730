import GestureReport
import GestureTrace
import GestureTuning

/// Options of `validate`, converted.
struct ValidateOptions: Sendable {
    var files: [String]
    var reader: ReaderOptions
    /// Problems printed per file (`--max-problems`, default 50); the rest are counted.
    var maxProblems: Int

    static func parse(_ values: OptionValues) throws(UsageError) -> ValidateOptions {
        try checkStandardInputOnce(values)
        var reader = try CommonOptions.readerOptions(values)
        let maxProblems = try values.int("max-problems", min: 0) ?? 50
        reader.lenient = true
        reader.maxProblems = maxProblems
        return ValidateOptions(
            files: values.parsed.positionals, reader: reader, maxProblems: maxProblems)
    }
}

/// `gesturetune validate`: reads each file fully and reports every problem.
///
/// Files are read leniently so that reading goes on past the first bad row; every row-level
/// problem the strict reader would stop at is reported as a problem (trace-format.md, "Bad
/// input"), as are rows the lenient reader had to drop. File-level errors end that file's
/// reading and are one problem.
enum ValidateCommand {
    /// Skip reasons that exist only because reading was lenient: each is a strict-mode error.
    static let strictViolations: Set<SkipReason> = [
        .malformedRow, .afterRelease, .timeBackwards, .tooManySamples,
    ]

    /// A folder among the files stands for the trace files in it (`Corpus.expandingFolders`).
    static func run(_ options: ValidateOptions, console: Console) throws(CLIError) -> Outcome {
        var withProblems = 0
        var unreadable = 0
        for file in try Corpus.expandingFolders(options.files) {
            switch validate(file, options: options, console: console) {
            case .clean: break
            case .problems: withProblems += 1
            case .unreadable: unreadable += 1
            }
        }
        return .validated(withProblems: withProblems, unreadable: unreadable)
    }

    enum FileVerdict { case clean, problems, unreadable }

    static func validate(_ file: String, options: ValidateOptions, console: Console) -> FileVerdict
    {
        let summary: ReadSummary
        do {
            summary = try TraceReader.read(path: file, options: options.reader) { _ in }
        } catch let error as TraceError {
            console.diagnose(Diagnostic(error))
            if case .unreadable = error {
                console.out("\(displayName(file)): unreadable")
                return .unreadable
            }
            console.out("\(displayName(file)): not a valid trace file (1 problem)")
            return .problems
        } catch {
            console.diagnose(.internalError("\(error)"))
            return .problems
        }
        // Rows with a trailing delimiter the header lacks (or the reverse) stop a strict read:
        // one problem, shown at the first such row, however many rows share it.
        var shownProblems = summary.problems
        var problemCount = summary.problemCount
        if let trailing = summary.trailingDelimiterExample {
            shownProblems.append(trailing)
            shownProblems.sort { ($0.line ?? 0) < ($1.line ?? 0) }
            problemCount += 1
        }
        for problem in shownProblems.prefix(options.maxProblems) {
            console.diagnose(Diagnostic(problem))
        }
        let shown = min(shownProblems.count, options.maxProblems)
        let name = displayName(file)
        if problemCount > shown {
            console.diagnose(
                Diagnostic(
                    location: name, severity: .note,
                    message:
                        "and \(problemCount - shown) more problem\(problemCount - shown == 1 ? "" : "s")"
                ))
        }
        let violations = summary.skipped.filter { strictViolations.contains($0.key) }.values.reduce(
            0, +)
        let problems = max(problemCount, violations)
        var line = summaryLine(summary, file: name, problems: problems)
        if summary.trailingDelimiterRows > 1 {
            line += " (\(summary.trailingDelimiterRows) rows with a trailing delimiter)"
        }
        console.out(line)
        return problems > 0 ? .problems : .clean
    }

    /// The name diagnostics use for `file`: `<stdin>` for `-`, as the reader's messages do.
    static func displayName(_ file: String) -> String {
        file == "-" ? "<stdin>" : TerminalText.escaped(file)
    }

    /// `file: 1200 rows, 34 gestures; skipped rows: 1 multi-touch (0.1%); skipped gestures: 2 not-closed (5.6%); 3 problems`
    /// (or `ok`): rows skipped as a share of rows read (after `--where`), gestures of gestures seen.
    static func summaryLine(_ s: ReadSummary, file: String, problems: Int) -> String {
        var line =
            "\(file): \(s.rows) row\(s.rows == 1 ? "" : "s"), \(s.gestures) gesture\(s.gestures == 1 ? "" : "s")"
        if s.filteredRows > 0 {
            line += "; \(s.filteredRows) row\(s.filteredRows == 1 ? "" : "s") left out by --where"
        }
        let loss = ReadLoss([s])
        for unit in [SkipReason.Unit.rows, .gestures] {
            let skipped = SkipReason.allCases.compactMap { reason -> String? in
                guard let n = s.skipped(unit)[reason] else { return nil }
                return "\(n) \(reason.rawValue)"
            }
            let share = unit == .rows ? loss.rowShare : loss.gestureShare
            if !skipped.isEmpty {
                line +=
                    "; skipped \(unit.rawValue): " + skipped.joined(separator: ", ")
                    + " (\(TuningWarning.percent(share)))"
            }
        }
        switch s.coordinateUnit {
        case .file: break
        case .scaled: line += "; coordinates scaled to pt (--scale)"
        case .dpi: line += "; coordinates in pt from the dpi column"
        }
        line += problems == 0 ? "; ok" : "; \(problems) problem\(problems == 1 ? "" : "s")"
        return line
    }
}
