import Foundation
import GestureAnalysis
import GestureIO
import GesturePhysics
import GestureReport
import GestureTrace
import GestureTuning

/// `analyze` end to end: the run's settings (options over the parameter file) → read and
/// measure (`Analysis.read`) → tune and build the report model (`Analysis.finish`, `ReportModel(analysis:)`) → report
/// files (atomic) → terminal summary. The engine is GestureAnalysis; this is the command.
///
/// Nothing is written before every input has been read: a malformed file (65) or a missing one
/// (66) stops the run with no report folder created or touched.
enum AnalyzePipeline {
    static var generator: String { GestureTune.generator }

    /// What a run produced, for the command and for tests.
    struct Result {
        var model: ReportModel
        var tuning: Answer
        /// The text of `params.json`.
        var params: String
        /// The report folder, nil with `--no-report`.
        var reportFolder: String?
        /// What reading each file saw (lenient mode: the rows it skipped, with their lines).
        var reads: [ReadSummary] = []
        /// Settings of the parameter file an option overrode.
        var overrides: [SettingOverride] = []
    }

    /// Problems shown per run in lenient mode; the rest are counted in a note.
    static let lenientProblemsShown = 5

    static func run(_ options: AnalyzeOptions, console: Console) throws(CLIError) -> Outcome {
        var options = options
        options.files = distinctFiles(options.files, console: console)
        // On a terminal only: files and gestures read, then the tuning stage; cleared before the summary.
        let progress = ProgressBar(
            total: options.shard.map {
                Corpus.shard(options.files, index: $0.index, count: $0.count).count
            } ?? options.files.count, console: console)
        let run: Run
        do {
            run = try read(options, progress: progress)
        } catch {
            progress.finish()
            throw error
        }
        if let path = options.partial {
            progress.finish()
            for o in run.overrides {
                console.diagnose(Diagnostic(location: nil, severity: .note, message: o.sentence))
            }
            var partial = run.analysis.partial(tool: generator)
            partial.name = options.name
            try writePartial(partial, to: path)
            console.err(
                "shard \(partial.shard.index)/\(partial.shard.count): \(partial.shardFiles.count) of \(partial.files.count) files, \(run.analysis.digest.statistics.gestureCount) gestures → \(TerminalText.escaped(path))"
            )
            return .success
        }
        if options.common.reader.lenient, let file = nothingLeft(run.analysis.digest.reads.values) {
            progress.finish()
            reportSkippedRows(Array(run.analysis.digest.reads.values), console: console)
            throw .badInput(
                file: file, line: 0,
                message:
                    "expected a gesture left to analyse, found none: --lenient skipped every one ('gesturetune validate' lists every problem)"
            )
        }
        let result: Result
        do {
            result = try finish(run.analysis.digest, run.report(options), progress: progress)
            progress.finish()
        } catch {
            progress.finish()
            throw error
        }
        for o in run.overrides {
            console.diagnose(Diagnostic(location: nil, severity: .note, message: o.sentence))
        }
        if let path = options.relabel {
            let changed = run.analysis.digest.reads.values.reduce(0) { $0 + $1.relabelled }
            console.diagnose(
                Diagnostic(
                    location: nil, severity: .note,
                    message:
                        "--relabel \(TerminalText.escaped(path)): changed \(changed) gesture label\(changed == 1 ? "" : "s")"
                ))
        }
        present(result, format: options.common.format, console: console)
        return .success
    }

    /// The partial written as it is encoded and compressed (`AnalysisPartialJSON.write`),
    /// atomically: missing parent folders are made, a failure leaves the previous file or none.
    static func writePartial(_ partial: AnalysisPartial, to path: String) throws(CLIError) {
        let folder = AtomicFile.parentFolder(path)
        if !folder.isEmpty {
            do { try AtomicFile.createFolders(folder) } catch {
                throw .cannotCreate(
                    path: path,
                    reason: "cannot create folder \(folder): \(AtomicFile.describe(error))")
            }
        }
        let stream: AtomicFile.Stream
        do { stream = try AtomicFile.Stream(path: path) } catch { throw CLIError(error) }
        do {
            try AnalysisPartialJSON.write(partial) { try stream.write(bytes: $0) }
            try stream.commit()
        } catch let error as OutputError {
            throw CLIError(error)
        } catch {
            throw .internalError("cannot encode the analysis partial: \(error)")
        }
    }

    /// The first file `--lenient` skipped something in, when no gesture of any file is left:
    /// a report of nothing would pass for an analysis (exit 65, as strict mode would).
    static func nothingLeft(_ reads: some Collection<ReadSummary>) -> String? {
        guard reads.allSatisfy({ $0.gestures == 0 }) else { return nil }
        return reads.filter { $0.skippedRows > 0 || $0.skippedGestures > 0 }.map(\.file).sorted()
            .first
    }

    /// The summary on standard output (the same for `analyze` and `merge`), after the skipped
    /// rows' warnings on standard error.
    static func present(_ result: Result, format: OutputFormat, console: Console) {
        reportSkippedRows(result.reads, console: console)
        let format = SummaryFormat(rawValue: format.rawValue) ?? .text
        switch format {
        case .json:
            // The full report JSON (the very text of report.json), so other tools read every
            // figure, and the sampled gestures, from `analyze FILE --format json --no-report`.
            for w in result.model.summary.warnings {
                console.err(TerminalText.escaped("warning: " + w.sentence))
            }
            var out = console.outStream
            JSONRenderer(model: result.model).render(to: &out)
            // Standard output stays pure JSON; where the files went goes to standard error.
            if let folder = result.reportFolder {
                console.err("report: \(TerminalText.escaped(folder))/report.html")
            }
        case .text, .markdown:
            // File names, ids and the parameter source come from data: each line escaped for the
            // terminal, so a line break inside a name is shown, not a line of its own.
            let renderer = SummaryRenderer(
                model: result.model, reportPath: result.reportFolder,
                escapeLine: { TerminalText.escaped($0) })
            // Standard output holds the answer; warnings go to standard error (first, as a
            // terminal shows them above the answer when both streams share it).
            for line in renderer.warningLines { console.err(line) }
            console.writeOut(renderer.text(format))
        }
    }

    /// `files` with a file named twice (`a.csv a.csv`, `a.csv ./a.csv`, a link to it) kept
    /// once, at its first place, with a warning: read twice, its gestures would count twice.
    static func distinctFiles(_ files: [String], console: Console) -> [String] {
        var kept: [String] = []
        var firstNamed: [String: String] = [:]
        for file in files {
            if file != "-" {
                let identity = AtomicFile.identity(file)
                if let first = firstNamed[identity] {
                    console.diagnose(
                        Diagnostic(
                            location: file, severity: .warning,
                            message: "the same file as \(first): read once"))
                    continue
                }
                firstNamed[identity] = file
            }
            kept.append(file)
        }
        return kept
    }

    /// Everything but printing (tests call it).
    static func analyse(_ options: AnalyzeOptions, progress: ProgressBar? = nil) throws(CLIError)
        -> Result
    {
        let run = try read(options, progress: progress)
        var result = try finish(run.analysis.digest, run.report(options), progress: progress)
        result.overrides = run.overrides
        return result
    }

    /// A run's files read (all, or a shard's), and the parameter file's settings an option
    /// replaced.
    struct Run {
        var analysis: Analysis.Run
        var overrides: [SettingOverride]

        /// What the report is made of besides the digest.
        func report(_ options: AnalyzeOptions) -> ReportRun {
            ReportRun(
                files: analysis.context.files, settings: analysis.settings,
                name: options.reportName, out: options.out,
                noReport: options.noReport)
        }
    }

    /// Everything `finish` needs besides the digest: the settings a partial records (the same
    /// route for `analyze` and `merge`, so both report the same), and where to write.
    struct ReportRun {
        var files: [String]
        var settings: RunSettings
        var name: String
        var out: String
        var noReport: Bool
    }

    /// The files' index order split the way `batch --shard` splits a corpus: every N-th of the
    /// paths sorted by their bytes (`Corpus.precedes`), starting at the K-th; in argument order.
    static func shardIndices(_ files: [String], shard: Shard?) -> [Int] {
        guard let shard else { return Array(files.indices) }
        return shard.indices(in: files)
    }

    /// The report name `analyze` gives files by default.
    static func defaultName(_ files: [String]) -> String {
        AnalyzeOptions(
            files: files, common: CommonOptions(), out: "", name: nil, noReport: true, seed: 1,
            targetDuration: 0
        ).reportName
    }

    /// The run's settings, made once: the options laid over the parameter file.
    static func settings(_ options: AnalyzeOptions) throws(CLIError) -> (
        settings: RunSettings, overrides: [SettingOverride]
    ) {
        let common = options.common
        let paramsArgument = common.params ?? Preset.defaultName
        let current = try loadParameters(paramsArgument, extent: common.physics.extent)
        let tuning = TuningOptions(
            seed: options.seed, bootstrapResamples: options.resamples, projectionTau: options.tau,
            targetDuration: options.targetDuration,
            suggestedFamily: options.rule, chooseFamilyByCrossValidation: options.rule == nil,
            switchCost: options.switchCost)
        return RunSettings.resolve(
            reader: common.reader, physics: common.physics, given: common.givenSettings,
            params: paramsArgument, current: current,
            tuning: tuning,
            labels: options.implicitLabels.map { $0 ? .implicit : .intent } ?? .auto,
            retryWindow: options.retryWindow, sample: options.sampleSize,
            falseTriggerCost: options.falseTriggerCost)
    }

    /// Fixes every setting, reads this run's files into a digest.
    static func read(_ options: AnalyzeOptions, progress: ProgressBar? = nil) throws(CLIError)
        -> Run
    {
        let (settings, overrides) = try settings(options)
        var reader = options.common.reader
        if let path = options.relabel {
            let data: Data
            do { data = try InputFile.read(path) } catch { throw CLIError(error, path: path) }
            do {
                reader.labels = try LabelOverlay(
                    parsing: String(decoding: data, as: UTF8.self), path: path)
            } catch { throw .trace(error) }
        }
        let analysis: Analysis.Run
        do {
            analysis = try Analysis.read(
                files: options.files, reader: reader, settings: settings,
                shard: options.shard.map { .init(index: $0.index, count: $0.count) },
                jobs: min(options.common.jobs, ThreadResources.workers),
                maxGroups: options.maxGroups, progress: progress)
        } catch let error as TraceError {
            throw .trace(error)
        } catch let error as GroupLimitError {
            // A property of the data (65); the location names the option, as `--by person: …`.
            throw .badInput(
                file: "--by " + error.columns.joined(separator: "+"), line: 0,
                message: error.message
                    + "; group by a column with fewer values, or raise --max-groups")
        } catch {
            throw .internalError("\(error)")
        }
        return Run(analysis: analysis, overrides: overrides)
    }

    /// The merged digest of every file → the answer and report model (`Analysis.finish`, `ReportModel(analysis:)`) →
    /// the report files. `analyze` is one partial and this step, `merge` the partials merged
    /// and this step: the same report, byte for byte.
    static func finish(_ digest: AnalysisDigest, _ run: ReportRun, progress: ProgressBar? = nil)
        throws(CLIError) -> Result
    {
        let analysis: Analysis.Result
        do {
            analysis = try Analysis.finish(
                digest, files: run.files, settings: run.settings, progress: progress)
        } catch {
            throw .internalError("cannot encode the suggested parameters: \(error)")
        }
        let model = ReportModel(analysis: analysis, name: run.name, generator: generator)
        var folder: String?
        if !run.noReport {
            progress?.stage("writing the report…")
            folder = try ReportFolderOutput.write(
                model, params: analysis.params, out: run.out, name: run.name,
                inputs: run.files + [run.settings.params])
        }
        return Result(
            model: model, tuning: analysis.answer, params: analysis.params,
            reportFolder: folder, reads: analysis.reads)
    }

    /// `--lenient`: the first skipped rows as warnings on standard error, with where they are,
    /// so the count in the summary can be traced to lines (`validate` lists them all).
    static func reportSkippedRows(_ reads: [ReadSummary], console: Console) {
        var shown = 0
        for read in reads {
            if let trailing = read.trailingDelimiterExample {
                let n = read.trailingDelimiterRows
                console.diagnose(
                    Diagnostic(
                        location: trailing.location, severity: .warning,
                        message:
                            "\(n) row\(n == 1 ? "" : "s") with a trailing delimiter the header does not have (or the reverse), read as if the counts matched (--lenient)"
                    ))
            }
        }
        let problems = reads.flatMap(\.problems)
        let total = reads.map(\.problemCount).reduce(0, +)
        for problem in problems.prefix(lenientProblemsShown) {
            console.diagnose(
                Diagnostic(
                    location: problem.location, severity: .warning,
                    message: problem.message + " (skipped: --lenient)"))
            shown += 1
        }
        if total > shown {
            let rest = total - shown
            console.diagnose(
                Diagnostic(
                    location: nil, severity: .note,
                    message:
                        "\(rest) more row\(rest == 1 ? "" : "s") skipped; 'gesturetune validate' lists every one"
                ))
        }
        if let loss = TuningWarning.readLoss(reads) {
            console.diagnose(Diagnostic(location: nil, severity: .warning, message: loss.sentence))
        }
    }

    /// `--params`: a file, else a preset name. Missing file or unknown preset → 66; a malformed
    /// file → 65.
    static func loadParameters(_ argument: String, extent: Double?) throws(CLIError) -> ParameterSet
    {
        do {
            return try ParameterSet.load(pathOrPresetName: argument, extent: extent)
        } catch {
            switch error {
            case .unreadable(let path, let reason):
                throw .missingInput(path: path, reason: "cannot read parameter file: \(reason)")
            case .unknownPreset(let name, let suggestion):
                throw .missingInput(
                    path: name,
                    reason: "no such parameter file or preset"
                        + (suggestion.map { "; did you mean preset '\($0)'?" } ?? ""))
            case .located(let line, _):
                throw .badInput(file: argument, line: line, message: error.message)
            default:
                var message = error.description
                if message.hasPrefix(argument + ": ") { message.removeFirst(argument.count + 2) }
                throw .badInput(file: argument, line: 0, message: message)
            }
        }
    }

}

/// The progress bar draws the library's progress.
extension ProgressBar: AnalysisProgress {}
