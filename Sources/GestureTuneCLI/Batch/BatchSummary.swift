/// The machine summary of a `batch` or `merge` run, schema `gesturetune.batch/1`.
///
/// Every figure is an integer count or computed from integer counts, and the summary holds no
/// timestamps or durations: a run is reproducible byte for byte whatever `--jobs` is, and the
/// merge of shards 1..N equals the unsharded run exactly.
public struct BatchSummary: Codable, Sendable, Equatable {
    public static let schemaName = "gesturetune.batch/1"

    public var schema: String = BatchSummary.schemaName
    /// `gesturetune 0.1.0`.
    public var tool: String
    public var params: ParamsInfo
    public var settings: Settings
    public var gate: Gate
    /// Present in a shard's partial summary only.
    public var shard: Shard?
    /// `pass`, `fail` or `error` (any error case), as the exit status.
    public var status: String
    /// Why the run as a whole failed beside its cases: `no labelled gestures: nothing was
    /// checked` when no file of an unsharded run (or merge) holds a labelled gesture and
    /// `--allow-empty` was not given. Absent otherwise.
    public var runFailure: String?
    public var totals: Totals
    /// Per-file results, in the sorted order of their paths.
    public var files: [BatchFileResult]

    public struct ParamsInfo: Codable, Sendable, Equatable {
        /// The parameter file's path or the preset's name.
        public var source: String
        public var preset: Bool
        public var rule: String
        /// The rule's numbers (a file's; empty for a preset, whose numbers depend on the extent).
        public var values: [String: Double]
    }

    /// The reader and physics options in effect; shards must agree on them to merge.
    public struct Settings: Codable, Sendable, Equatable {
        public var direction: String
        public var extent: Double?
        public var estimator: String
        public var horizon: Double
        public var maxSamples: Int
        public var maxGap: Double
        public var lenient: Bool
        public var timeUnit: String?
        public var delimiter: String?
        public var layoutPreset: String?
        public var map: [String: [String]]
        public var maxGestureSamples: Int
        /// `--where`, `--phase-map`, `--scale`, `--columns`, `--max-open-gestures`; absent when
        /// not given (and in summaries written before they existed).
        public var filters: [String]? = nil
        public var phaseMap: [String: String]? = nil
        public var scale: Double? = nil
        public var columns: [String]? = nil
        public var maxOpenGestures: Int? = nil
    }

    public struct Gate: Codable, Sendable, Equatable {
        public var maxError: Double?
        public var tolerance: Double
        /// The baseline file's path, when one was used.
        public var baseline: String?
        /// `--allow-empty`: a run without any labelled gesture passes. Absent (nil) when not
        /// given, so summaries written before the option existed still read.
        public var allowEmpty: Bool? = nil
    }

    public struct Shard: Codable, Sendable, Equatable {
        /// 1-based.
        public var index: Int
        public var count: Int
        /// Files in the whole corpus before sharding.
        public var corpusFiles: Int
    }

    /// Pooled figures: sums of the per-file counts.
    public struct Totals: Codable, Sendable, Equatable {
        public var files = 0
        public var passed = 0
        public var failed = 0
        public var errors = 0
        public var skipped = 0
        public var rows = 0
        public var gestures = 0
        public var labelled = 0
        public var misdecided = 0
        public var unlabelled = 0
        public var interrupted = 0
        /// `misdecided / labelled`; nil when nothing is labelled.
        public var errorRate: Double?
        public var confusion = BatchConfusion()
        /// Skipped gestures and rows by reason (the reader's `SkipReason` names).
        public var skippedByReason: [String: Int] = [:]

        public init() {}

        /// Sums `files`' counts and recomputes the pooled error.
        public init(_ files: [BatchFileResult]) {
            for file in files {
                self.files += 1
                switch file.status {
                case .pass: passed += 1
                case .fail: failed += 1
                case .error: errors += 1
                case .skipped: skipped += 1
                }
                rows += file.rows
                gestures += file.gestures
                labelled += file.labelled
                misdecided += file.misdecided
                unlabelled += file.unlabelled
                interrupted += file.interrupted
                confusion.add(file.confusion)
                for (reason, n) in file.skippedByReason { skippedByReason[reason, default: 0] += n }
            }
            errorRate = labelled > 0 ? Double(misdecided) / Double(labelled) : nil
        }
    }
}

/// Labelled gestures by intent (what the person meant) and decision (what the rule does).
public struct BatchConfusion: Codable, Sendable, Equatable {
    public var completeDecidedComplete = 0
    public var completeDecidedCancel = 0
    public var cancelDecidedComplete = 0
    public var cancelDecidedCancel = 0

    public init() {}

    mutating func add(_ other: BatchConfusion) {
        completeDecidedComplete += other.completeDecidedComplete
        completeDecidedCancel += other.completeDecidedCancel
        cancelDecidedComplete += other.cancelDecidedComplete
        cancelDecidedCancel += other.cancelDecidedCancel
    }
}

/// The result of one case (one file).
public struct BatchFileResult: Codable, Sendable, Equatable {
    public enum Status: String, Codable, Sendable {
        case pass, fail, error, skipped
    }

    public var path: String
    public var status: Status
    /// Data rows read.
    public var rows = 0
    /// Gestures the reader delivered.
    public var gestures = 0
    /// Labelled gestures closed by `ended`: the ones the error is computed over.
    public var labelled = 0
    public var misdecided = 0
    /// Gestures without an intent label.
    public var unlabelled = 0
    /// Gestures closed by `cancelled` (interrupted by the system): never counted.
    public var interrupted = 0
    /// `misdecided / labelled`; nil when nothing is labelled (the case is skipped) or on error.
    public var errorRate: Double?
    /// The baseline's error rate for this file, when the baseline has one.
    public var baselineErrorRate: Double?
    public var confusion = BatchConfusion()
    public var skippedByReason: [String: Int] = [:]
    /// Why the case failed (empty unless `fail`).
    public var failures: [String] = []
    /// Why the case is an error: the reader's message with its line.
    public var problem: Problem?
    /// What `analyze` would warn about in this file (time unit, direction, extent), in that
    /// order; absent when there is nothing to say. Never changes the status.
    public var warnings: [String]?
    /// The labelled gestures the rule decided against their intent, in file order of release.
    public var misdecidedGestures: [MisdecidedGesture] = []

    public init(path: String, status: Status) {
        self.path = path
        self.status = status
    }

    public struct Problem: Codable, Sendable, Equatable {
        /// `malformed-trace` or `unreadable`.
        public var kind: String
        /// 1-based line; 0 when the problem concerns the whole file.
        public var line: Int
        public var message: String
    }
}

/// A labelled gesture decided against its intent.
public struct MisdecidedGesture: Codable, Sendable, Equatable {
    public var id: String
    /// Line of its first sample.
    public var line: Int
    public var intent: String
    public var decision: String
    /// `p_r`.
    public var releaseProgress: Double
    /// `v_p`, progress/s.
    public var progressVelocity: Double
}
