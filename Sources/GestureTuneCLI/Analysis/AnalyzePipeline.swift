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
        let progress = ProgressBar(total: options.files.count, console: console)
        let result: Result
        do {
            result = try analyse(options, progress: progress)
            progress.finish()
        } catch {
            progress.finish()
            throw error
        }
        for o in result.overrides { console.diagnose(Diagnostic(location: nil, severity: .note, message: o.sentence)) }
        reportSkippedRows(result.reads, console: console)
        let format = SummaryFormat(rawValue: options.common.format.rawValue) ?? .text
        switch format {
        case .json:
            // The full report JSON (the very text of report.json), so other tools read every
            // per-gesture figure from `analyze FILE --format json --no-report`.
            console.writeOut(JSONRenderer(model: result.model).json())
            // Standard output stays pure JSON; where the files went goes to standard error.
            if let folder = result.reportFolder { console.err("report: \(TerminalText.escaped(folder))/report.html") }
        case .text, .markdown:
            // File names, ids and the parameter source come from data: escaped for the terminal.
            console.writeOut(TerminalText.escaped(SummaryRenderer(model: result.model, reportPath: result.reportFolder).text(format), keepLineBreaks: true))
        }
        return .success
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

    /// Everything but printing.
    static func analyse(_ options: AnalyzeOptions, progress: ProgressBar? = nil) throws(CLIError) -> Result {
        let common = options.common
        let paramsArgument = common.params ?? Preset.defaultName
        var current = try loadParameters(paramsArgument, extent: common.physics.extent)

        // The parameter file is the whole setting; options given on the command line override it.
        var physics = common.physics
        let overrides = current.apply(to: &physics, keep: common.givenSettings)

        let files: [FileMeasurements]
        do {
            files = try MeasurementCollector.collect(paths: options.files, reader: common.reader, physics: physics, jobs: common.jobs, progress: progress)
        } catch let error as TraceError {
            throw .trace(error)
        } catch {
            throw .internalError("\(error)")
        }
        var measurements = uniqueIDs(files)

        // Labels from what people did next: asked for, or automatic with an outcome column and no intent column.
        var labelling: ImplicitLabels?
        let automatic = options.implicitLabels == nil && files.contains { $0.summary.hasOutcome } && !files.contains { $0.summary.hasIntent }
        if options.implicitLabels == true || automatic {
            let labels = ImplicitLabels(measurements, retryWindow: options.retryWindow)
            measurements = labels.measurements
            labelling = labels
        }

        // A preset with pt/s thresholds is taken at the extent the gestures were measured with.
        if let preset = current.preset.flatMap(Preset.named), current.extent == nil, let extent = columnExtent(measurements) {
            current = ParameterSet(preset: preset, extent: extent, direction: physics.direction)
        }

        let tuner = Tuner(
            options: TuningOptions(
                seed: options.seed, bootstrapResamples: options.resamples, projectionTau: options.tau, targetDuration: options.targetDuration,
                suggestedFamily: options.rule, chooseFamilyByCrossValidation: options.rule == nil))
        progress?.stage("tuning \(measurements.count) gestures…")
        var tuning = tuner.tune(measurements, current: current)
        let groups = common.reader.groupColumns.isEmpty
            ? nil
            : GroupAnalysis(
                columns: common.reader.groupColumns.joined(separator: "+"), measurements: measurements, pooled: tuning, current: current,
                options: { var o = tuner.options; o.compareEstimators = false; return o }())
        // The suggestion carries the setting it was measured under: what `batch --params` reads back.
        tuning.suggested.record(physics)
        // The input's warnings go first: a wrong time unit or direction makes every other figure meaningless.
        var motion = MotionTally()
        for file in files { motion.add(file.motion) }
        tuning.warnings.insert(
            contentsOf: TuningWarning.input(
                measured: measurements, motion: motion, timeUnit: files.first?.summary.timeUnit ?? .s, direction: physics.direction),
            at: 0)
        var model = ReportModel(
            tuning: tuning, measurements: measurements, reads: files.map(\.summary), name: options.reportName,
            generator: generator, currentSource: current.preset ?? paramsArgument, files: options.files)
        if let groups { model.groups = GroupSection(analysis: groups, extent: model.summary.extent) }
        if let labelling {
            let notice = LabelNotice(labelling, automatic: automatic)
            model.labelNotice = notice
            model.summary.warnings.append(notice.sentence)
            let sources = labelling.sourceByID
            for k in model.gestures.indices { model.gestures[k].intentSource = sources[model.gestures[k].id] }
        }

        let params: String
        do {
            params = try tuning.suggested.encoded()
        } catch {
            throw .internalError("cannot encode the suggested parameters: \(error)")
        }
        var folder: String?
        if !options.noReport {
            progress?.stage("writing the report…")
            folder = try ReportOutput.write(model, params: params, out: options.out, name: options.reportName)
        }
        return Result(model: model, tuning: tuning, params: params, reportFolder: folder, reads: files.map(\.summary), overrides: overrides)
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

    /// The gestures of every file in argument order. When several files share a gesture id,
    /// every id is prefixed with its file (`a.csv:g1`) so lists of ids stay unambiguous.
    static func uniqueIDs(_ files: [FileMeasurements]) -> [GestureMeasurement] {
        var all = files.flatMap(\.measurements)
        guard files.count > 1 else { return all }
        var seen = Set<String>()
        var collide = false
        for m in all where !seen.insert(m.id).inserted {
            collide = true
            break
        }
        if collide {
            for k in all.indices { all[k].id = "\(all[k].file):\(all[k].id)" }
        }
        return all
    }

    /// The extent every gesture shares from its `width`/`height` column, if they share one.
    static func columnExtent(_ ms: [GestureMeasurement]) -> Double? {
        guard let first = ms.first?.extent, ms.allSatisfy({ $0.extent == first && $0.extentSource == .column }) else { return nil }
        return first
    }
}

/// Writes the report folder atomically and registers its staging folder with
/// `TemporaryOutputs`, so an interrupt removes it.
///
/// `ReportWriter` writes into a staging folder `<out>/.<name>.staging-XXXXXX` (a unique
/// `mkdtemp` name, so runs in other processes or containers sharing `out` never collide), then
/// the finished report is swapped in: the previous report renamed aside to a unique
/// `.<name>.old-XXXXXX`, the new one renamed into place, the old one removed. The swap runs
/// under the interrupt lock and is retried when a concurrent run put its report in place in
/// between, so of runs finishing together the last one wins and no hidden folder is left.
enum ReportOutput {
    /// Swap attempts before giving up when concurrent runs keep replacing the report.
    static let swapAttempts = 20

    static func write(_ model: ReportModel, params: String, out: String, name: String) throws(CLIError) -> String {
        let fm = FileManager.default
        var isDir: ObjCBool = false
        if fm.fileExists(atPath: out, isDirectory: &isDir), !isDir.boolValue {
            throw .cannotCreate(path: out, reason: "not a folder")
        }
        do {
            try fm.createDirectory(atPath: out, withIntermediateDirectories: true)
        } catch {
            throw .cannotCreate(path: out, reason: AtomicFile.describe(error))
        }
        let finalPath = (out as NSString).appendingPathComponent(name)
        if fm.fileExists(atPath: finalPath, isDirectory: &isDir), !isDir.boolValue {
            throw .cannotCreate(path: finalPath, reason: "a file of that name is in the way")
        }
        let stage: String
        switch TemporaryOutputs.createFolder(in: out, name: name, label: "staging") {
        case .success(let path): stage = path
        case .failure(let failure): throw .cannotCreate(path: finalPath, reason: failure.reason)
        }
        defer {
            try? fm.removeItem(atPath: stage)
            TemporaryOutputs.unregister(stage)
        }
        let written: GestureReport.ReportOutput
        do {
            written = try ReportWriter.write(model, to: stage, name: name, params: params)
        } catch {
            switch error {
            case .invalidName(let n): throw .cannotCreate(path: finalPath, reason: "invalid report name '\(n)': use a plain folder name")
            case .cannotCreate(_, let reason), .cannotWrite(_, let reason), .cannotReplace(_, let reason):
                throw .cannotCreate(path: finalPath, reason: reason)
            }
        }
        var asides: [String] = []
        defer {
            for old in asides {
                try? fm.removeItem(atPath: old)
                TemporaryOutputs.unregister(old)
            }
        }
        for _ in 0..<swapAttempts {
            let placed = try TemporaryOutputs.locked { (set: inout Set<String>) throws(CLIError) -> Bool in
                if rename(written.folder, finalPath) == 0 { return true }
                guard errno == ENOTEMPTY || errno == EEXIST else {
                    throw .cannotCreate(path: finalPath, reason: "cannot move the report into place: \(String(cString: strerror(errno)))")
                }
                // A previous report is in place: rename it aside (onto an empty unique folder,
                // which rename(2) replaces), then try again.
                var template = Array((out + "/.\(String(name.prefix(100))).old-XXXXXX").utf8CString)
                guard template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) != nil else {
                    throw .cannotCreate(path: finalPath, reason: "cannot move the previous report aside: \(String(cString: strerror(errno)))")
                }
                let away = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
                set.insert(away)
                asides.append(away)
                if rename(finalPath, away) != 0, errno != ENOENT {
                    throw .cannotCreate(path: finalPath, reason: "cannot move the previous report aside: \(String(cString: strerror(errno)))")
                }
                return rename(written.folder, finalPath) == 0
            }
            if placed { return finalPath }
        }
        throw .cannotCreate(path: finalPath, reason: "cannot move the report into place: other runs kept replacing it")
    }
}
