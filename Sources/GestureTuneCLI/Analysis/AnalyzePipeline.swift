import Foundation
import GesturePhysics
import GestureReport
import GestureTrace
import GestureTuning

/// `analyze` end to end: current parameters → read and measure (parallel, argument order) →
/// tune → report model (built once) → report files (atomic) → terminal summary.
///
/// Nothing is written before every input has been read: a malformed file (65) or a missing one
/// (66) stops the run with no report folder created or touched.
enum AnalyzePipeline {
    static var generator: String { "gesturetune \(CommandSpecs.version)" }

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
        let progress = ProgressBar(total: options.shard.map { Corpus.shard(options.files, index: $0.index, count: $0.count).count } ?? options.files.count, console: console)
        let run: Run
        do {
            run = try read(options, progress: progress)
        } catch {
            progress.finish()
            throw error
        }
        if let path = options.partial {
            progress.finish()
            for o in run.overrides { console.diagnose(Diagnostic(location: nil, severity: .note, message: o.sentence)) }
            let partial = run.partial()
            try AtomicFile.writeAll([(try AnalysisPartialJSON.encode(partial), path)], console: console)
            console.err(
                "shard \(partial.shard.index)/\(partial.shard.count): \(partial.shardFiles.count) of \(partial.files.count) files, \(run.digest.statistics.gestureCount) gestures → \(TerminalText.escaped(path))")
            return .success
        }
        let result: Result
        do {
            result = try finish(run.digest, try run.report(options), progress: progress)
            progress.finish()
        } catch {
            progress.finish()
            throw error
        }
        for o in run.overrides { console.diagnose(Diagnostic(location: nil, severity: .note, message: o.sentence)) }
        present(result, format: options.common.format, console: console)
        return .success
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
            console.writeOut(JSONRenderer(model: result.model).json())
            // Standard output stays pure JSON; where the files went goes to standard error.
            if let folder = result.reportFolder { console.err("report: \(TerminalText.escaped(folder))/report.html") }
        case .text, .markdown:
            // File names, ids and the parameter source come from data: escaped for the terminal.
            console.writeOut(TerminalText.escaped(SummaryRenderer(model: result.model, reportPath: result.reportFolder).text(format), keepLineBreaks: true))
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
                    console.diagnose(Diagnostic(location: file, severity: .warning, message: "the same file as \(first): read once"))
                    continue
                }
                firstNamed[identity] = file
            }
            kept.append(file)
        }
        return kept
    }

    /// Everything but printing (tests call it).
    static func analyse(_ options: AnalyzeOptions, progress: ProgressBar? = nil) throws(CLIError) -> Result {
        let run = try read(options, progress: progress)
        var result = try finish(run.digest, try run.report(options), progress: progress)
        result.overrides = run.overrides
        return result
    }

    /// A run's files read (all, or a shard's): the digest and what the report needs besides.
    struct Run {
        var context: DigestContext
        var settings: AnalysisSettings
        var shard: AnalysisPartial.Shard
        /// This run's files, as indices into `context.files`, ascending.
        var indices: [Int]
        var digest: AnalysisDigest
        var overrides: [SettingOverride]

        /// The partial file of this run.
        func partial() -> AnalysisPartial {
            AnalysisPartial(
                tool: AnalyzePipeline.generator, settings: settings, shard: shard, files: context.files,
                shardFiles: indices.map { context.files[$0] }, reads: indices.compactMap { digest.reads[$0] }.map(PartialRead.init),
                motion: PartialMotion(digest.motion), labels: digest.labels, statistics: digest.statistics, sample: digest.sample, groups: digest.groups)
        }

        /// What the report is made of besides the digest.
        func report(_ options: AnalyzeOptions) throws(CLIError) -> ReportRun {
            try ReportRun(files: context.files, settings: settings, name: options.reportName, out: options.out, noReport: options.noReport)
        }
    }

    /// Everything `finish` needs besides the digest, read from the settings a partial records
    /// (the same route for `analyze` and `merge`, so both report the same), and where to write.
    struct ReportRun {
        var files: [String]
        var settings: AnalysisSettings
        var physics: PhysicsOptions
        var current: ParameterSet
        var tuning: TuningOptions
        var name: String
        var out: String
        var noReport: Bool

        init(files: [String], settings: AnalysisSettings, name: String, out: String, noReport: Bool) throws(CLIError) {
            self.files = files
            self.settings = settings
            physics = settings.physics
            do {
                current = try settings.tuning.currentParameters()
            } catch {
                throw .badInput(file: "settings.tuning.current", line: 0, message: "cannot read the current parameters: \(error)")
            }
            tuning = settings.tuning.options
            self.name = name
            self.out = out
            self.noReport = noReport
        }
    }

    /// The files' index order split the way `batch --shard` splits a corpus: every N-th of the
    /// paths sorted by their bytes (`Corpus.precedes`), starting at the K-th; in argument order.
    static func shardIndices(_ files: [String], shard: BatchSummary.Shard?) -> [Int] {
        guard let shard else { return Array(files.indices) }
        let sorted = files.indices.sorted { Corpus.precedes(files[$0], files[$1]) }
        return Corpus.shard(sorted, index: shard.index, count: shard.count).sorted()
    }

    /// The report name `analyze` gives files by default.
    static func defaultName(_ files: [String]) -> String {
        AnalyzeOptions(files: files, common: CommonOptions(), out: "", name: nil, noReport: true, seed: 1, targetDuration: 0).reportName
    }

    /// Loads the current parameters, fixes every setting, reads this run's files into a digest.
    static func read(_ options: AnalyzeOptions, progress: ProgressBar? = nil) throws(CLIError) -> Run {
        let common = options.common
        let paramsArgument = common.params ?? Preset.defaultName
        let current = try loadParameters(paramsArgument, extent: common.physics.extent)

        // The parameter file is the whole setting; options given on the command line override it.
        var physics = common.physics
        let overrides = current.apply(to: &physics, keep: common.givenSettings)

        let tuning = TuningOptions(
            seed: options.seed, bootstrapResamples: options.resamples, projectionTau: options.tau, targetDuration: options.targetDuration,
            suggestedFamily: options.rule, chooseFamilyByCrossValidation: options.rule == nil)
        let labels: LabelMode = options.implicitLabels.map { $0 ? .implicit : .intent } ?? .auto
        let context = DigestContext(
            files: options.files, reader: common.reader, physics: physics, current: current, tuning: tuning,
            sampleSize: options.sampleSize, labels: labels, retryWindow: options.retryWindow)
        let settings = AnalysisSettings(
            input: BatchCommand.settings(common, physics), by: common.reader.groupColumns, params: paramsArgument,
            tuning: TuningSettings(options: tuning, current: current), labels: labels.rawValue, retryWindow: options.retryWindow,
            sample: options.sampleSize)
        let indices = shardIndices(options.files, shard: options.shard)
        let digest: AnalysisDigest
        do {
            digest = try MeasurementCollector.collect(indices: indices, context: context, jobs: common.jobs, progress: progress)
        } catch let error as TraceError {
            throw .trace(error)
        } catch {
            throw .internalError("\(error)")
        }
        let shard = options.shard.map { AnalysisPartial.Shard(index: $0.index, count: $0.count) } ?? .init(index: 1, count: 1)
        return Run(context: context, settings: settings, shard: shard, indices: indices, digest: digest, overrides: overrides)
    }

    /// The merged digest of every file → the answer (`Tuner.tune` on the statistics) → the
    /// report model (answer + sample) → the report files. `analyze` is one partial and this
    /// step, `merge` the partials merged and this step: the same report, byte for byte.
    static func finish(_ digest: AnalysisDigest, _ run: ReportRun, progress: ProgressBar? = nil) throws(CLIError) -> Result {
        let reads = run.files.indices.compactMap { digest.reads[$0] }
        let tuner = Tuner(options: run.tuning)
        progress?.stage("tuning \(digest.statistics.gestureCount) gestures…")
        var tuning = tuner.tune(digest.statistics)
        // `--by`: each group's statistics against the pooled answer (groups in order of name).
        let groups = digest.groups.map { groups in
            GroupAnalysis(columns: run.settings.by.joined(separator: "+"), groups: groups, pooled: tuning, settlingTime: run.tuning.settlingTime)
        }
        // The suggestion carries the setting it was measured under: what `batch --params` reads back.
        tuning.suggested.record(run.physics)
        let tally = digest.statistics.summaries.measurements
        // A preset with pt/s thresholds is shown at the extent the gestures were measured with,
        // when every one took the same from its width/height column (it decides each gesture
        // at that gesture's own extent in any case).
        if run.current.followsPresetExtent, run.current.extent == nil, let preset = run.current.preset.flatMap(Preset.named),
            let extent = tally.sharedColumnExtent
        {
            tuning.current = ParameterSet(preset: preset, extent: extent, direction: run.physics.direction)
        }
        // The input's warnings go first: a wrong time unit or direction makes every other figure meaningless.
        tuning.warnings.insert(
            contentsOf: TuningWarning.input(tally, motion: digest.motion, timeUnit: reads.first?.timeUnit ?? .s, direction: run.physics.direction),
            at: 0)
        var model = ReportModel(
            tuning: tuning, sample: digest.sample, tally: tally, reads: reads, name: run.name,
            generator: generator, currentSource: run.current.preset ?? run.settings.params, files: run.files)
        if let groups { model.groups = GroupSection(analysis: groups, extent: model.summary.extent) }
        if digest.labels.files > 0 {
            let notice = LabelNotice.implicitLabels(
                intent: digest.labels.intent, retry: digest.labels.retry, outcome: digest.labels.outcome, window: run.settings.retryWindow,
                automatic: run.settings.labels == LabelMode.auto.rawValue)
            model.labelNotice = notice
            model.summary.warnings.append(notice.sentence)
        }

        let params: String
        do {
            params = try tuning.suggested.encoded()
        } catch {
            throw .internalError("cannot encode the suggested parameters: \(error)")
        }
        var folder: String?
        if !run.noReport {
            progress?.stage("writing the report…")
            folder = try ReportOutput.write(
                model, params: params, out: run.out, name: run.name,
                inputs: run.files + [run.settings.params])
        }
        return Result(model: model, tuning: tuning, params: params, reportFolder: folder, reads: reads)
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
                        message: "\(n) row\(n == 1 ? "" : "s") with a trailing delimiter the header does not have (or the reverse), read as if the counts matched (--lenient)"))
            }
        }
        let problems = reads.flatMap(\.problems)
        let total = reads.map(\.problemCount).reduce(0, +)
        for problem in problems.prefix(lenientProblemsShown) {
            console.diagnose(Diagnostic(location: problem.location, severity: .warning, message: problem.message + " (skipped: --lenient)"))
            shown += 1
        }
        if total > shown {
            let rest = total - shown
            console.diagnose(
                Diagnostic(location: nil, severity: .note, message: "\(rest) more row\(rest == 1 ? "" : "s") skipped; 'gesturetune validate' lists every one"))
        }
        if let loss = TuningWarning.readLoss(reads) { console.diagnose(Diagnostic(location: nil, severity: .warning, message: loss.sentence)) }
    }

    /// `--params`: a file, else a preset name. Missing file or unknown preset → 66; a malformed
    /// file → 65.
    static func loadParameters(_ argument: String, extent: Double?) throws(CLIError) -> ParameterSet {
        do {
            return try ParameterSet.load(pathOrPresetName: argument, extent: extent)
        } catch {
            switch error {
            case .unreadable(let path, let reason):
                throw .missingInput(path: path, reason: "cannot read parameter file: \(reason)")
            case .unknownPreset(let name, let suggestion):
                throw .missingInput(
                    path: name, reason: "no such parameter file or preset" + (suggestion.map { "; did you mean preset '\($0)'?" } ?? ""))
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
