import Foundation
import GesturePhysics
import GestureTrace
import GestureTuning

/// The analysis of trace files, as a library: read and measure them into a digest (`read`),
/// or merge shards' partials into one (`merge`), then tune and build the report model
/// (`finish`). `analyze` is `read` + `finish`, `merge` is `merge` + `finish`: the same
/// figures, byte for byte, however the files were split.
public enum Analysis {
    /// A run's files read (all, or a shard's): the digest and what the partial needs besides.
    public struct Run: Sendable {
        public var context: DigestContext
        public var settings: RunSettings
        public var shard: Shard
        /// This run's files, as indices into `context.files`, ascending.
        public var indices: [Int]
        public var digest: AnalysisDigest

        /// The partial file of this run; `tool` names the program (partials of different
        /// versions do not merge).
        public func partial(tool: String) -> AnalysisPartial {
            AnalysisPartial(
                tool: tool, settings: settings, shard: shard, files: context.files,
                shardFiles: indices.map { context.files[$0] },
                reads: indices.compactMap { digest.reads[$0] }.map(PartialRead.init),
                motion: PartialMotion(digest.motion), labels: digest.labels,
                statistics: digest.statistics, sample: digest.sample,
                groups: digest.groups, gate: digest.gate)
        }
    }

    /// What `finish` made: the whole answer (gate included) and what a report is built from
    /// besides (`ReportModel(analysis:)` in GestureReport), and the text of `params.json`.
    public struct Result: Sendable {
        public var answer: Answer
        /// The suggested parameters as `params.json` holds them.
        public var params: String
        /// What reading each file saw, in file order.
        public var reads: [ReadSummary]
        /// The run's files, in argument order.
        public var files: [String]
        /// Where the current set came from: its preset's name, or the params file.
        public var currentSource: String?
        /// The gestures shown one by one.
        public var sample: GestureSample
        /// Every measurement's warning tallies (extents, sources, count).
        public var tally: MeasurementTally
        /// `--by`: each group against the pooled answer.
        public var groups: GroupAnalysis?
        /// The app's decision, gate then release, counted over the labelled gestures (nil
        /// without labels).
        public var endToEnd: EndToEndSummary?
        /// Set when the labels were worked out from the recording.
        public var labelNotice: LabelNotice?

        /// The start-of-gesture gate's tuning (`measured` false without `other` gestures).
        public var gate: GateAnswer { answer.gate! }
    }

    /// Reads and measures the files of `shard` (every file when nil) of `files` under
    /// `settings`, `jobs` files at a time. Throws the first file's error in argument order
    /// (a `TraceError` for a malformed file), or `GroupLimitError` for more `--by` groups
    /// than `maxGroups` (nil: no cap).
    public static func read(
        files: [String], reader: ReaderOptions, settings: RunSettings,
        shard: Shard? = nil, jobs: Int,
        maxGroups: Int? = nil, progress: (any AnalysisProgress)? = nil
    ) throws -> Run {
        let tuning = settings.tuning
        let context = DigestContext(
            files: files, reader: reader, physics: settings.physics, current: tuning.current,
            tuning: tuning.options,
            sampleSize: settings.sample, labels: settings.labels, retryWindow: settings.retryWindow,
            maxGroups: maxGroups)
        let indices = shard.map { $0.indices(in: files) } ?? Array(files.indices)
        let digest = try MeasurementCollector.collect(
            indices: indices, context: context, jobs: jobs, progress: progress)
        return Run(
            context: context, settings: settings, shard: shard ?? .init(index: 1, count: 1),
            indices: indices, digest: digest)
    }

    /// The merged digest of every file → the whole answer (`Tuner.answer`: the release rule,
    /// the physics it was measured under, the input's warnings and the gate), the groups, the
    /// end-to-end count and the label notice. The report is built from it, not here.
    public static func finish(
        _ digest: AnalysisDigest, files: [String], settings: RunSettings,
        progress: (any AnalysisProgress)? = nil
    ) throws(ParameterError) -> Result {
        let reads = files.indices.compactMap { digest.reads[$0] }
        let current = settings.current
        let options = settings.tuning.options
        progress?.stage("tuning \(digest.statistics.gestureCount) gestures…")
        var answer = Tuner(options: options).answer(
            digest.statistics, gate: digest.gate, physics: settings.physics, current: current,
            motion: digest.motion, timeUnit: reads.first?.timeUnit ?? .s,
            falseTriggerCost: settings.effectiveFalseTriggerCost)
        // `--by`: each group's statistics against the pooled answer (groups in order of name).
        let groups = digest.groups.map { groups in
            GroupAnalysis(
                columns: settings.by.joined(separator: "+"), groups: groups, pooled: answer,
                medianSettlingTime: options.medianSettlingTime)
        }
        let endToEnd = EndToEndFigures.summary(
            answer: answer, gate: answer.gate!,
            sample: digest.sample.ranked.map(\.measurement))
        // What ships carries what it was shipped with: `batch` without `--max-error` gates
        // each file against it.
        answer.recommendation.set.expectedError = endToEnd?.shippedCrossValidatedError
        let notice =
            digest.labels.files > 0
            ? LabelNotice.implicitLabels(
                intent: digest.labels.intent, retry: digest.labels.retry,
                outcome: digest.labels.outcome,
                window: settings.retryWindow, automatic: settings.labels == .auto) : nil
        return Result(
            answer: answer, params: try answer.recommendation.set.encoded(), reads: reads,
            files: files, currentSource: current.preset ?? settings.params, sample: digest.sample,
            tally: digest.statistics.summaries.measurements, groups: groups, endToEnd: endToEnd,
            labelNotice: notice)
    }

    /// What the first partial said about the run, for the checks of the others.
    public struct Header: Sendable {
        public var tool: String
        public var settings: RunSettings
        public var shard: Shard
        public var files: [String]
        /// The report name the run's arguments gave (`AnalysisPartial.name`).
        public var name: String?
    }

    /// The partials read one at a time (`load`), each checked against the first and merged
    /// into the running digest before the next is read, so memory holds one partial and the
    /// digest; then the shards counted. Every refusal names the file and what is wrong.
    /// Returns the digest and the first partial's header.
    public static func merge<E: Error>(
        _ paths: [String], load: (String) throws(E) -> AnalysisPartial
    ) throws -> (AnalysisDigest, Header) {
        guard let firstPath = paths.first else { throw PartialError("merge without partials") }
        func bad(_ path: String, _ message: String) -> PartialError {
            PartialError(message, file: path)
        }
        var first: Header?
        var seen = Set<Int>()
        var digest: AnalysisDigest?
        for path in paths {
            let p = try load(path)
            let h =
                first
                ?? Header(
                    tool: p.tool, settings: p.settings, shard: p.shard, files: p.files,
                    name: p.name)
            first = h
            guard p.tool == h.tool else {
                throw bad(path, "made by \(p.tool), \(firstPath) by \(h.tool)")
            }
            if let d = h.settings.difference(p.settings) {
                throw bad(
                    path,
                    "setting \(d.key) is \(d.right) here but \(d.left) in \(firstPath): partials made with different settings do not merge"
                )
            }
            guard p.shard.count == h.shard.count, p.files == h.files else {
                throw bad(
                    path,
                    "shard \(p.shard.index)/\(p.shard.count) of \(p.files.count) files does not belong with \(firstPath) (shard \(h.shard.index)/\(h.shard.count) of \(h.files.count) files)"
                )
            }
            guard seen.insert(p.shard.index).inserted else {
                throw bad(path, "shard \(p.shard.index)/\(p.shard.count) is given twice")
            }
            let indices = p.shard.indices(in: p.files)
            guard p.shardFiles == indices.map({ p.files[$0] }),
                p.reads.map(\.file).count == p.shardFiles.count
            else {
                throw bad(
                    path, "shard \(p.shard.index)/\(p.shard.count) does not hold that shard's files"
                )
            }
            let sample: GestureSample
            do { sample = try p.gestureSample() } catch { throw bad(path, error.message) }
            var part = AnalysisDigest(
                statistics: p.statistics, sample: sample, groups: p.groups, gate: p.gate)
            do { part.motion = try p.motion.tally() } catch { throw bad(path, error.message) }
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
                    throw bad(
                        path,
                        "statistics differ in \(error.setting): \(error.right) here but \(error.left) in \(firstPath)"
                    )
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
