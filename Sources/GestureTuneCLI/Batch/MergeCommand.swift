import Foundation
import GestureAnalysis
import GestureIO
import GestureTrace
import GestureTuning

/// Options of `merge`, converted. Gate options left out keep the values the shards recorded.
struct MergeOptions: Sendable {
    var partials: [String]
    var outputs: GateOutputs
    var maxError: Double?
    var baseline: String?
    var tolerance: Double?
    /// `--allow-empty`; when not given, the shards' recorded setting holds.
    var allowEmpty = false
    /// `--max-false-triggers`, `--max-misses`; when not given, the shards' recorded ones hold.
    var maxFalseTriggers: Double? = nil
    var maxMisses: Double? = nil
    /// Analyze partials: `--out`, `--name`, `--no-report`, `--jobs`.
    var out: String?
    var name: String?
    var noReport = false
    var jobs: Int = ProcessInfo.processInfo.activeProcessorCount
    /// `--max-groups`: analyze partials' `--by` groups in all, as the unsharded run caps them.
    var maxGroups: Int = AnalyzeOptions.defaultMaxGroups
    /// The options given that apply to batch summaries only, and to analyze partials only.
    var batchOnly: [String] = []
    var analysisOnly: [String] = []

    static func parse(_ values: OptionValues) throws(UsageError) -> MergeOptions {
        let outputs = try GateOutputs.parse(values)
        try outputs.checkDistinct(
            inputs: values.parsed.positionals, baseline: values.string("baseline"), values)
        if let name = values.string("name"),
            name.isEmpty || name == "." || name == ".." || name.contains("/") || name.contains("\0")
        {
            throw values.error(
                "invalid value '\(name)' for '--name': expected a plain folder name (no '/'), e.g. swipe-back"
            )
        }
        if values.string("out") == "" {
            throw values.error("invalid value '' for '--out': expected a folder path")
        }
        let given = { (name: String) in values.string(name) != nil || values.flag(name) }
        return MergeOptions(
            partials: values.parsed.positionals, outputs: outputs,
            maxError: try values.double("max-error", min: 0, max: 1),
            baseline: values.string("baseline"),
            tolerance: try values.double("tolerance", min: 0, max: 1),
            allowEmpty: values.flag("allow-empty"),
            maxFalseTriggers: try values.double("max-false-triggers", min: 0, max: 1),
            maxMisses: try values.double("max-misses", min: 0, max: 1),
            out: values.string("out"), name: values.string("name"),
            noReport: values.flag("no-report"),
            jobs: try values.int("jobs", min: 1, max: 1_024)
                ?? ProcessInfo.processInfo.activeProcessorCount,
            maxGroups: try values.int("max-groups", min: 1, max: 1_000_000)
                ?? AnalyzeOptions.defaultMaxGroups,
            batchOnly: [
                "max-error", "max-false-triggers", "max-misses", "baseline", "tolerance",
                "allow-empty", "write-baseline", "junit",
                "json", "show",
            ].filter(given),
            analysisOnly: ["out", "name", "no-report", "max-groups"].filter(given))
    }
}

/// `gesturetune merge`: combines shard summaries into the result of one unsharded run.
enum MergeCommand {
    static func run(_ options: MergeOptions, console: Console) throws(CLIError) -> Outcome {
        // Analyze partials and batch summaries are told apart by their schema, and never mixed.
        // A pipe or FIFO (`merge <(...)`) can be read only once: its bytes are kept; a regular
        // file is read again when its turn comes, so merging holds one partial at a time.
        var kinds: [(path: String, kind: AnalysisMerge.Kind)] = []
        var readOnce: [String: Data] = [:]
        for path in options.partials {
            let data = try AnalysisMerge.contents(path)
            kinds.append((path, try AnalysisMerge.kind(of: data, path: path)))
            if !AnalysisMerge.isRegularFile(path) { readOnce[path] = data }
        }
        if let analysis = kinds.first(where: { if case .analysis = $0.kind { true } else { false } }
        ) {
            if let other = kinds.first(where: {
                if case .analysis = $0.kind { false } else { true }
            }) {
                let what: String
                switch other.kind {
                case .batch: what = "a batch summary (\(BatchSummary.schemaName))"
                case .other(let schema?): what = "of schema \"\(schema)\""
                default: what = "not an analyze partial"
                }
                throw .badInput(
                    file: other.path, line: 0,
                    message:
                        "\(what): cannot be merged with analyze partials (\(AnalysisPartial.schemaName)) such as \(analysis.path)"
                )
            }
            if let option = options.batchOnly.first {
                throw .usage(
                    UsageError(
                        "'--\(option)' applies to batch summaries, not to analyze partials",
                        command: "merge"))
            }
            return try AnalysisMerge.run(
                options.partials, readOnce: readOnce, options: options, console: console)
        }
        if let option = options.analysisOnly.first {
            throw .usage(
                UsageError(
                    "'--\(option)' applies to analyze partials, not to batch summaries",
                    command: "merge"))
        }
        var partials: [(path: String, summary: BatchSummary)] = []
        for path in options.partials {
            partials.append((path, try BatchJSON.read(path, data: readOnce[path])))
        }
        let merged = try merge(
            partials, maxError: options.maxError, tolerance: options.tolerance,
            baseline: options.baseline,
            allowEmpty: options.allowEmpty, maxFalseTriggers: options.maxFalseTriggers,
            maxMisses: options.maxMisses)
        try options.outputs.emit(merged, console: console)
        return BatchVerdict.outcome(of: merged)
    }

    /// Checks that the partials are shards 1..N of one corpus run with one set of options, each
    /// once, and combines them; then applies the gate (recorded, or overridden).
    static func merge(
        _ partials: [(path: String, summary: BatchSummary)], maxError: Double?, tolerance: Double?,
        baseline: String?,
        allowEmpty: Bool = false, maxFalseTriggers: Double? = nil, maxMisses: Double? = nil
    ) throws(CLIError) -> BatchSummary {
        guard let first = partials.first else {
            throw .internalError("merge without partial summaries")
        }
        func bad(_ path: String, _ message: String) -> CLIError {
            .badInput(file: path, line: 0, message: message)
        }
        guard let shard0 = first.summary.shard else {
            throw bad(first.path, "not a shard's summary (run batch with --shard K/N)")
        }
        var seen = Set<Int>()
        for (path, s) in partials {
            guard let shard = s.shard else {
                throw bad(path, "not a shard's summary (run batch with --shard K/N)")
            }
            guard shard.count == shard0.count, shard.corpusFiles == shard0.corpusFiles else {
                throw bad(
                    path,
                    "shard \(shard.index)/\(shard.count) of \(shard.corpusFiles ?? 0) files does not belong with \(first.path) (shard \(shard0.index)/\(shard0.count) of \(shard0.corpusFiles ?? 0) files)"
                )
            }
            guard seen.insert(shard.index).inserted else {
                throw bad(path, "shard \(shard.index)/\(shard.count) is given twice")
            }
            guard s.params == first.summary.params else {
                throw bad(path, "parameters differ from \(first.path)'s")
            }
            guard s.settings == first.summary.settings else {
                throw bad(path, "reader or physics options differ from \(first.path)'s")
            }
            guard s.gate == first.summary.gate else {
                throw bad(path, "gate options differ from \(first.path)'s")
            }
        }
        let missing = (1...shard0.count).filter { !seen.contains($0) }
        guard missing.isEmpty else {
            let list = missing.map { "\($0)/\(shard0.count)" }.joined(separator: ", ")
            throw bad(first.path, "missing shard\(missing.count == 1 ? "" : "s") \(list)")
        }
        var files = partials.flatMap(\.summary.files)
        files.sort { Corpus.precedes($0.path, $1.path) }
        for i in files.indices.dropFirst() where files[i].path == files[i - 1].path {
            throw bad(first.path, "file \(files[i].path) appears in two shards")
        }
        guard files.count == shard0.corpusFiles else {
            throw bad(
                first.path,
                "the shards hold \(files.count) files, the corpus \(shard0.corpusFiles ?? 0)"
            )
        }
        var gate = first.summary.gate
        if let maxError { gate.maxError = maxError }
        if let tolerance { gate.tolerance = tolerance }
        if allowEmpty { gate.allowEmpty = true }
        if let maxFalseTriggers { gate.maxFalseTriggers = maxFalseTriggers }
        if let maxMisses { gate.maxMisses = maxMisses }
        if let baseline {
            gate.baseline = baseline
            let rates = try BatchVerdict.loadBaseline(baseline)
            for i in files.indices { files[i].baselineErrorRate = rates[files[i].path] }
        }
        return BatchVerdict.summarise(
            files: files, gate: gate, params: first.summary.params,
            settings: first.summary.settings, shard: nil)
    }
}

/// `gesturetune merge` on analyze partials: GestureAnalysis checks that they are shards 1..N
/// of one run with one set of settings, each once, and merges their digests; this writes the
/// report and summary `analyze` writes on all the files.
enum AnalysisMerge {
    static func run(
        _ paths: [String], readOnce: [String: Data] = [:], options: MergeOptions,
        console: Console
    ) throws(CLIError) -> Outcome {
        let (digest, first) = try merge(paths, readOnce: readOnce)
        if let groups = digest.groups, groups.count > options.maxGroups {
            // The unsharded run's limit, over the shards' groups together.
            throw .badInput(
                file: "--by " + first.settings.by.joined(separator: "+"), line: 0,
                message:
                    "\(groups.count) groups, more than --max-groups \(options.maxGroups); group by a column with fewer values, or raise --max-groups"
            )
        }
        let run = AnalyzePipeline.ReportRun(
            files: first.files, settings: first.settings,
            name: options.name ?? first.name ?? AnalyzePipeline.defaultName(first.files),
            out: options.out ?? "notebooks-out", noReport: options.noReport)
        if !run.noReport {
            try ReportFolderOutput.check(
                out: run.out, name: run.name, inputs: paths + run.files + [run.settings.params])
        }
        let progress = ProgressBar(total: paths.count, console: console)
        let result: AnalyzePipeline.Result
        do {
            result = try AnalyzePipeline.finish(digest, run, progress: progress)
            progress.finish()
        } catch {
            progress.finish()
            throw error
        }
        AnalyzePipeline.present(result, format: options.outputs.format, console: console)
        return .success
    }

    /// The partials at `paths` read and merged (`Analysis.merge`); a missing file is 66, any
    /// refusal a data error (65) naming the file and what is wrong.
    static func merge(_ paths: [String], readOnce: [String: Data] = [:]) throws(CLIError) -> (
        AnalysisDigest, Analysis.Header
    ) {
        do {
            return try Analysis.merge(paths) { path throws(CLIError) in
                do {
                    return try AnalysisPartialJSON.decode(
                        try readOnce[path] ?? contents(path), path: path)
                } catch let e as PartialError {
                    throw .badInput(file: e.file ?? path, line: 0, message: e.message)
                } catch let e as CLIError { throw e } catch { throw .internalError("\(error)") }
            }
        } catch let error as CLIError {
            throw error
        } catch let error as PartialError {
            throw .badInput(file: error.file ?? paths.first ?? "", line: 0, message: error.message)
        } catch {
            throw .internalError("\(error)")
        }
    }

    /// What a partial file holds: an analyze partial, or a batch summary.
    enum Kind {
        case analysis
        case batch
        /// Another schema, or none.
        case other(String?)
    }

    /// The file's bytes, whatever the file is (a pipe or FIFO too). Missing or unreadable → 66.
    static func contents(_ path: String) throws(CLIError) -> Data {
        do { return try InputFile.read(path) } catch {
            throw CLIError(error, path: path)
        }
    }

    /// Whether `path` leads to a regular file (one that can be read again).
    static func isRegularFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
    }

    /// What a file holds, by its schema: a partial this version wrote is known by its first
    /// bytes; anything else is parsed (batch summaries are small).
    static func kind(of data: Data, path: String) throws(CLIError) -> Kind {
        // Partials are zstd frames (batch summaries never are); one decompressed reads too.
        if ZstdFrames.isCompressed(data) || data.starts(with: AnalysisPartialJSON.prefix) {
            return .analysis
        }
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw .badInput(
                file: path, line: 0,
                message: "not a JSON object: expected a batch summary or an analyze partial")
        }
        let schema = object["schema"] as? String
        switch schema {
        case AnalysisPartial.schemaName: return .analysis
        case BatchSummary.schemaName: return .batch
        // Another version's partial: decoding names the schema expected and found.
        case let s? where s.hasPrefix("gesturetune-analysis-partial/"): return .analysis
        default: return .other(schema)
        }
    }
}
