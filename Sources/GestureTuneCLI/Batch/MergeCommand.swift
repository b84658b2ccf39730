import Foundation

/// Options of `merge`, converted. Gate options left out keep the values the shards recorded.
struct MergeOptions: Sendable {
    var partials: [String]
    var outputs: GateOutputs
    var maxError: Double?
    var baseline: String?
    var tolerance: Double?
    /// `--allow-empty`; when not given, the shards' recorded setting holds.
    var allowEmpty = false
    /// Analyze partials: `--out`, `--name`, `--no-report`, `--jobs`.
    var out: String?
    var name: String?
    var noReport = false
    var jobs: Int = ProcessInfo.processInfo.activeProcessorCount
    /// The options given that apply to batch summaries only, and to analyze partials only.
    var batchOnly: [String] = []
    var analysisOnly: [String] = []

    static func parse(_ values: OptionValues) throws(UsageError) -> MergeOptions {
        let outputs = try GateOutputs.parse(values)
        try outputs.checkDistinct(inputs: values.parsed.positionals, baseline: values.string("baseline"), values)
        if let name = values.string("name"), name.isEmpty || name == "." || name == ".." || name.contains("/") || name.contains("\0") {
            throw values.error("invalid value '\(name)' for '--name': expected a plain folder name (no '/'), e.g. swipe-back")
        }
        if values.string("out") == "" { throw values.error("invalid value '' for '--out': expected a folder path") }
        let given = { (name: String) in values.string(name) != nil || values.flag(name) }
        return MergeOptions(
            partials: values.parsed.positionals, outputs: outputs,
            maxError: try values.double("max-error", min: 0, max: 1), baseline: values.string("baseline"),
            tolerance: try values.double("tolerance", min: 0, max: 1), allowEmpty: values.flag("allow-empty"),
            out: values.string("out"), name: values.string("name"), noReport: values.flag("no-report"),
            jobs: try values.int("jobs", min: 1, max: 1_024) ?? ProcessInfo.processInfo.activeProcessorCount,
            batchOnly: ["max-error", "baseline", "tolerance", "allow-empty", "write-baseline", "junit", "json"].filter(given),
            analysisOnly: ["out", "name", "no-report"].filter(given))
    }
}

/// `gesturetune merge`: combines shard summaries into the result of one unsharded run.
enum MergeCommand {
    static func run(_ options: MergeOptions, console: Console) throws(CLIError) -> Outcome {
        // Analyze partials and batch summaries are told apart by their schema, and never mixed.
        var kinds: [(path: String, kind: AnalysisPartialJSON.Kind)] = []
        for path in options.partials { kinds.append((path, try AnalysisPartialJSON.kind(of: path))) }
        if let analysis = kinds.first(where: { if case .analysis = $0.kind { true } else { false } }) {
            if let other = kinds.first(where: { if case .analysis = $0.kind { false } else { true } }) {
                let what: String
                switch other.kind {
                case .batch: what = "a batch summary (\(BatchSummary.schemaName))"
                case .other(let schema?): what = "of schema \"\(schema)\""
                default: what = "not an analyze partial"
                }
                throw .badInput(
                    file: other.path, line: 0,
                    message: "\(what): cannot be merged with analyze partials (\(AnalysisPartial.schemaName)) such as \(analysis.path)")
            }
            if let option = options.batchOnly.first {
                throw .usage(UsageError("'--\(option)' applies to batch summaries, not to analyze partials", command: "merge"))
            }
            return try AnalysisMerge.run(options.partials, options: options, console: console)
        }
        if let option = options.analysisOnly.first {
            throw .usage(UsageError("'--\(option)' applies to analyze partials, not to batch summaries", command: "merge"))
        }
        var partials: [(path: String, summary: BatchSummary)] = []
        for path in options.partials { partials.append((path, try BatchJSON.read(path))) }
        let merged = try merge(
            partials, maxError: options.maxError, tolerance: options.tolerance, baseline: options.baseline,
            allowEmpty: options.allowEmpty)
        try options.outputs.emit(merged, console: console)
        return BatchGate.outcome(of: merged)
    }

    /// Checks that the partials are shards 1..N of one corpus run with one set of options, each
    /// once, and combines them; then applies the gate (recorded, or overridden).
    static func merge(
        _ partials: [(path: String, summary: BatchSummary)], maxError: Double?, tolerance: Double?, baseline: String?,
        allowEmpty: Bool = false
    ) throws(CLIError) -> BatchSummary {
        guard let first = partials.first else { throw .internalError("merge without partial summaries") }
        func bad(_ path: String, _ message: String) -> CLIError { .badInput(file: path, line: 0, message: message) }
        guard let shard0 = first.summary.shard else {
            throw bad(first.path, "not a shard's summary (run batch with --shard K/N)")
        }
        var seen = Set<Int>()
        for (path, s) in partials {
            guard let shard = s.shard else { throw bad(path, "not a shard's summary (run batch with --shard K/N)") }
            guard shard.count == shard0.count, shard.corpusFiles == shard0.corpusFiles else {
                throw bad(path, "shard \(shard.index)/\(shard.count) of \(shard.corpusFiles) files does not belong with \(first.path) (shard \(shard0.index)/\(shard0.count) of \(shard0.corpusFiles) files)")
            }
            guard seen.insert(shard.index).inserted else {
                throw bad(path, "shard \(shard.index)/\(shard.count) is given twice")
            }
            guard s.params == first.summary.params else { throw bad(path, "parameters differ from \(first.path)'s") }
            guard s.settings == first.summary.settings else { throw bad(path, "reader or physics options differ from \(first.path)'s") }
            guard s.gate == first.summary.gate else { throw bad(path, "gate options differ from \(first.path)'s") }
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
            throw bad(first.path, "the shards hold \(files.count) files, the corpus \(shard0.corpusFiles)")
        }
        var gate = first.summary.gate
        if let maxError { gate.maxError = maxError }
        if let tolerance { gate.tolerance = tolerance }
        if allowEmpty { gate.allowEmpty = true }
        if let baseline {
            gate.baseline = baseline
            let rates = try BatchGate.loadBaseline(baseline)
            for i in files.indices { files[i].baselineErrorRate = rates[files[i].path] }
        }
        return BatchGate.summarise(files: files, gate: gate, params: first.summary.params, settings: first.summary.settings, shard: nil)
    }
}

/// `gesturetune merge` on analyze partials (issue 17): checks that they are shards 1..N of one
/// run with one set of settings, each once, merges their digests and writes the report and
/// summary `analyze` writes on all the files.
enum AnalysisMerge {
    static func run(_ paths: [String], options: MergeOptions, console: Console) throws(CLIError) -> Outcome {
        let (digest, first) = try merge(paths) { path throws(CLIError) in
            try AnalysisPartialJSON.decode(try AnalysisPartialJSON.contents(path), path: path)
        }
        let run = try AnalyzePipeline.ReportRun(
            files: first.files, settings: first.settings, name: options.name ?? AnalyzePipeline.defaultName(first.files),
            out: options.out ?? "notebooks-out", noReport: options.noReport)
        if !run.noReport {
            try ReportOutput.check(
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

    /// What the first partial said about the run, for the checks of the others.
    struct Header {
        var tool: String
        var settings: AnalysisSettings
        var shard: AnalysisPartial.Shard
        var files: [String]
    }

    /// The partials read one at a time (`load`), each checked against the first and merged
    /// into the running digest before the next is read, so memory holds one partial and the
    /// digest; then the shards counted. Every refusal is a data error (65) naming the file and
    /// what is wrong. Returns the digest and the first partial's header.
    static func merge(_ paths: [String], load: (String) throws(CLIError) -> AnalysisPartial) throws(CLIError) -> (AnalysisDigest, Header) {
        guard let firstPath = paths.first else { throw .internalError("merge without partials") }
        func bad(_ path: String, _ message: String) -> CLIError { .badInput(file: path, line: 0, message: message) }
        var first: Header?
        var seen = Set<Int>()
        var digest: AnalysisDigest?
        for path in paths {
            let p = try load(path)
            let h = first ?? Header(tool: p.tool, settings: p.settings, shard: p.shard, files: p.files)
            first = h
            guard p.tool == h.tool else { throw bad(path, "made by \(p.tool), \(firstPath) by \(h.tool)") }
            if let d = h.settings.difference(p.settings) {
                throw bad(path, "setting \(d.key) is \(d.theirs) here but \(d.mine) in \(firstPath): partials made with different settings do not merge")
            }
            guard p.shard.count == h.shard.count, p.files == h.files else {
                throw bad(
                    path,
                    "shard \(p.shard.index)/\(p.shard.count) of \(p.files.count) files does not belong with \(firstPath) (shard \(h.shard.index)/\(h.shard.count) of \(h.files.count) files)")
            }
            guard seen.insert(p.shard.index).inserted else { throw bad(path, "shard \(p.shard.index)/\(p.shard.count) is given twice") }
            let indices = AnalyzePipeline.shardIndices(p.files, shard: .init(index: p.shard.index, count: p.shard.count, corpusFiles: 0))
            guard p.shardFiles == indices.map({ p.files[$0] }), p.reads.map(\.file).count == p.shardFiles.count else {
                throw bad(path, "shard \(p.shard.index)/\(p.shard.count) does not hold that shard's files")
            }
            var part = AnalysisDigest(statistics: p.statistics, sample: p.sample, groups: p.groups)
            part.motion = p.motion.tally
            part.labels = p.labels
            for (index, read) in zip(indices, p.reads) {
                switch read.summary() {
                case .success(let summary): part.reads[index] = summary
                case .failure(let error): throw bad(path, error.message)
                }
            }
            // Any order merges to the same digest.
            if digest == nil {
                digest = part
            } else {
                do {
                    try digest!.merge(part)
                } catch {
                    throw bad(path, "statistics differ in \(error.setting): \(error.right) here but \(error.left) in \(firstPath)")
                }
            }
        }
        let count = first!.shard.count
        let missing = (1...count).filter { !seen.contains($0) }
        guard missing.isEmpty else {
            let list = missing.map { "\($0)/\(count)" }.joined(separator: ", ")
            throw bad(firstPath, "missing shard\(missing.count == 1 ? "" : "s") \(list)")
        }
        return (digest!, first!)
    }
}
