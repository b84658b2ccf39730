import Foundation
import GestureAnalysis
import GestureIO
import GesturePhysics
import GestureReport
import GestureTrace

/// Options of `batch`, converted.
struct BatchOptions: Sendable {
    var paths: [String]
    var common: CommonOptions
    var outputs: GateOutputs
    var maxError: Double?
    var maxFalseTriggers: Double?
    var maxMisses: Double?
    var baseline: String?
    var tolerance: Double
    var shard: Shard?
    /// `--allow-empty`: a run without any labelled gesture passes.
    var allowEmpty = false

    static func parse(_ values: OptionValues) throws(UsageError) -> BatchOptions {
        let common = try CommonOptions.parse(values)
        guard common.params != nil else {
            throw values.error("missing required option '--params FILE|PRESET'")
        }
        var shard: Shard?
        if let text = values.string("shard") { shard = try parseShard(text, values) }
        let outputs = try GateOutputs.parse(values)
        try outputs.checkDistinct(
            inputs: values.parsed.positionals + [common.params!],
            baseline: values.string("baseline"), values)
        return BatchOptions(
            paths: values.parsed.positionals, common: common, outputs: outputs,
            maxError: try values.double("max-error", min: 0, max: 1),
            maxFalseTriggers: try values.double("max-false-triggers", min: 0, max: 1),
            maxMisses: try values.double("max-misses", min: 0, max: 1),
            baseline: values.string("baseline"),
            tolerance: try values.double("tolerance", min: 0, max: 1) ?? 0, shard: shard,
            allowEmpty: values.flag("allow-empty"))
    }

    /// `K/N` with 1 <= K <= N.
    static func parseShard(_ text: String, _ values: OptionValues) throws(UsageError)
        -> Shard
    {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let k = Int(parts[0]), let n = Int(parts[1]), n >= 1, k >= 1, k <= n
        else {
            throw values.error(
                "invalid value '\(text)' for '--shard': expected K/N with 1 <= K <= N, e.g. 2/4")
        }
        return .init(index: k, count: n, corpusFiles: 0)
    }
}

/// The files `batch` and `merge` write.
struct GateOutputs: Sendable {
    var junit: String?
    var json: String?
    var writeBaseline: String?
    var format: OutputFormat
    /// `--show N`: the gestures a failing file names, in the terminal and the JUnit failure
    /// message (the JSON summary and the JUnit failure text hold every one).
    var show = GateOutputs.defaultShow

    static let defaultShow = 10

    static func parse(_ values: OptionValues) throws(UsageError) -> GateOutputs {
        if values.string("junit") != nil, case .failure(let error) = JUnitWriter.sourceDateEpoch() {
            throw values.error(error.message)
        }
        return GateOutputs(
            junit: values.string("junit"), json: values.string("json"),
            writeBaseline: values.string("write-baseline"),
            format: try values.enumValue("format", OutputFormat.self) ?? .text,
            show: try values.int("show", min: 0, max: 1_000_000) ?? defaultShow)
    }

    /// Refuses (usage error) two outputs naming one file, and an output naming an input (a
    /// trace, the parameter file, a partial summary, the baseline): the run would destroy what
    /// it reads. The one exception is `--write-baseline` naming the `--baseline` file, which is
    /// read whole before anything is written: refreshing a baseline in place is a CI routine.
    func checkDistinct(inputs: [String], baseline: String?, _ values: OptionValues)
        throws(UsageError)
    {
        let outputs = [("junit", junit), ("json", json), ("write-baseline", writeBaseline)]
            .compactMap { name, path in path.flatMap { $0 == "-" ? nil : (name, $0) } }
        for (k, (name, path)) in outputs.enumerated() {
            if path.isEmpty {
                throw values.error("invalid value '' for '--\(name)': expected a file path or '-'")
            }
            for (other, otherPath) in outputs[..<k] where AtomicFile.sameFile(path, otherPath) {
                throw values.error(
                    "'--\(other) \(otherPath)' and '--\(name) \(path)' name the same file")
            }
            var read = inputs.filter { $0 != "-" }
            if let baseline, name != "write-baseline" { read.append(baseline) }
            if let input = read.first(where: { AtomicFile.sameFile(path, $0) }) {
                throw values.error(
                    "'--\(name) \(path)' names the input \(input): the output would replace it")
            }
        }
    }

    /// Refuses (64) an output that is a file the run reads, the traces found by walking the
    /// folders included (`checkDistinct` sees only the paths typed). `--write-baseline` may name
    /// the `--baseline` file, read whole before anything is written.
    func refuseWalkedInputs(_ inputs: [String], baseline: String?) throws(CLIError) {
        let outputs = [("junit", junit), ("json", json)]
            .compactMap { name, path in path.map { (name, $0) } }
        do {
            try InputOutputCheck.refuse(
                outputs: outputs, inputs: inputs + [baseline].compactMap { $0 }, command: "batch")
            if let writeBaseline {
                try InputOutputCheck.refuse(
                    outputs: [("write-baseline", writeBaseline)], inputs: inputs, command: "batch")
            }
        } catch {
            throw .usage(error)
        }
    }

    /// Writes the requested files (each atomically), then prints the summary and the error
    /// cases' diagnostics. `times` go into the JUnit file only (`merge` has none).
    func emit(_ summary: BatchSummary, times: BatchTimes? = nil, console: Console)
        throws(CLIError)
    {
        for file in summary.files where file.status == .error {
            let p = file.problem!
            console.diagnose(
                Diagnostic(location: Diagnostic.location(file.path, p.line), message: p.message))
        }
        reportWarnings(summary, console: console)
        if let failure = summary.runFailure {
            console.diagnose(Diagnostic(location: nil, message: failure))
        }
        // Encoded only when a file wants it: JSONEncoder is the costliest serial step of a
        // large batch (about 0.1 s for 2,000 files), which would cap the --jobs speed-up.
        let json = self.json != nil || writeBaseline != nil ? try BatchJSON.encode(summary) : ""
        // One output set: staged first, renamed together, so an interrupt leaves all or none.
        var outputs: [(contents: String, path: String)] = []
        if let path = junit {
            outputs.append((JUnitWriter.render(summary, times: times, show: show), path))
        }
        if let path = self.json { outputs.append((json, path)) }
        if let path = writeBaseline { outputs.append((json, path)) }
        try AtomicFile.writeAll(outputs, console: console)
        // `--json -` or `--junit -` make standard output the machine file: it must parse, so
        // the text summary goes to standard error then (uncoloured, as a pipe gets it).
        let text = try BatchText.render(
            summary, format: format,
            colour: outputs.contains { $0.path == "-" } ? false : console.stdoutColour, show: show)
        if outputs.contains(where: { $0.path == "-" }) {
            console.writeErr(text)
        } else {
            console.writeOut(text)
        }
    }

    /// Per-file warnings shown on standard error before the rest are counted; the JSON
    /// summary (`warnings` per file) and the JUnit `<system-err>` hold every one.
    static let warningsShown = 10

    /// The files' warnings on standard error as `path: warning: ...`, in corpus order, the
    /// first `warningsShown`, then a note counting the rest.
    func reportWarnings(_ summary: BatchSummary, console: Console) {
        let all = summary.files.flatMap { file in (file.warnings ?? []).map { (file.path, $0) } }
        for (path, message) in all.prefix(Self.warningsShown) {
            console.diagnose(Diagnostic(location: path, severity: .warning, message: message))
        }
        if all.count > Self.warningsShown {
            let rest = all.count - Self.warningsShown
            let files = Set(
                summary.files.filter { ($0.warnings ?? []).isEmpty == false }.map(\.path)
            ).count
            console.diagnose(
                Diagnostic(
                    location: nil, severity: .note,
                    message:
                        "\(rest) more warning\(rest == 1 ? "" : "s") (\(files) file\(files == 1 ? "" : "s") warned in all); the --json summary lists every one"
                ))
        }
    }
}

/// `gesturetune batch`: evaluates a parameter set over a corpus (cli-and-reports.md, "batch: the CI gate").
enum BatchCommand {
    static func run(_ options: BatchOptions, console: Console) throws(CLIError) -> Outcome {
        let parameters = try DecisionParameters.load(options.common.params!)
        let baseline = try options.baseline.map { path throws(CLIError) in
            try BatchVerdict.loadBaseline(path)
        }
        // What the walk could not read is a case too: an ERROR naming it, never left out.
        let walked = try Corpus.walk(options.paths)
        let unreadable = Dictionary(
            walked.unreadable.map { ($0.path, $0.reason) }, uniquingKeysWith: { a, _ in a })
        let corpus = (walked.files + unreadable.keys).sorted(by: Corpus.precedes)
        guard !corpus.isEmpty else {
            throw .missingInput(
                path: options.paths.joined(separator: " "),
                reason: "no *.csv, *.csv.gz or *.csv.zst trace files found")
        }
        try options.outputs.refuseWalkedInputs(
            corpus + [options.common.params!], baseline: options.baseline)
        var shard = options.shard
        var files = corpus
        if let s = shard {
            files = Corpus.shard(corpus, index: s.index, count: s.count)
            shard?.corpusFiles = corpus.count
        }

        // The file is the whole setting; options given on the command line override it, and say so.
        let (settings, overrides) = InputSettings.resolve(
            reader: options.common.reader, physics: options.common.physics,
            given: options.common.givenSettings, current: parameters.set)
        for o in overrides {
            console.diagnose(Diagnostic(location: nil, severity: .note, message: o.sentence))
        }
        let physics = settings.physics

        let progress = ProgressBar(total: files.count, console: console)
        let run = BatchRunner.run(
            files: files, jobs: options.common.jobs, reader: options.common.reader,
            physics: physics,
            parameters: parameters, progress: progress)
        var results = run.results.map { result in
            guard let reason = unreadable[result.path] else { return result }
            var unread = BatchFileResult(path: result.path, status: .error)
            unread.problem = .init(kind: "unreadable", line: 0, message: reason)
            return unread
        }
        progress.finish()
        if let starved = results.first(where: {
            $0.problem?.kind == BatchFileResult.systemResourceKind
        }) {
            throw .systemResource(path: starved.path, reason: starved.problem?.message ?? "")
        }
        if let baseline {
            for i in results.indices { results[i].baselineErrorRate = baseline[results[i].path] }
        }

        let rule = parameters.ruleDescription
        let params = BatchSummary.ParamsInfo(
            source: parameters.name,
            preset: { if case .preset = parameters.source { true } else { false } }(),
            rule: rule.family, values: rule.values)
        let gate = BatchSummary.Limits(
            // Without --max-error: against what the parameters were shipped with when the file
            // says (params.json's expectedError), else the fixed default.
            maxError: options.maxError
                ?? (parameters.set.expectedError == nil ? CommandSpecs.defaultMaxError : nil),
            tolerance: options.tolerance, baseline: options.baseline,
            allowEmpty: options.allowEmpty ? true : nil,
            maxFalseTriggers: options.maxFalseTriggers, maxMisses: options.maxMisses,
            expectedError: options.maxError == nil ? parameters.set.expectedError : nil)
        let summary = BatchVerdict.summarise(
            files: results, gate: gate, params: params, settings: settings,
            shard: shard)
        try options.outputs.emit(summary, times: run.times, console: console)
        return BatchVerdict.outcome(of: summary)
    }

    static func settings(_ common: CommonOptions, _ physics: PhysicsOptions)
        -> BatchSummary.Settings
    {
        InputSettings(reader: common.reader, physics: physics)
    }
}
