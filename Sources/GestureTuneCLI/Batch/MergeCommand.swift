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

    static func parse(_ values: OptionValues) throws(UsageError) -> MergeOptions {
        let outputs = try GateOutputs.parse(values)
        try outputs.checkDistinct(inputs: values.parsed.positionals, baseline: values.string("baseline"), values)
        return MergeOptions(
            partials: values.parsed.positionals, outputs: outputs,
            maxError: try values.double("max-error", min: 0, max: 1), baseline: values.string("baseline"),
            tolerance: try values.double("tolerance", min: 0, max: 1), allowEmpty: values.flag("allow-empty"))
    }
}

/// `gesturetune merge`: combines shard summaries into the result of one unsharded run.
enum MergeCommand {
    static func run(_ options: MergeOptions, console: Console) throws(CLIError) -> Outcome {
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
