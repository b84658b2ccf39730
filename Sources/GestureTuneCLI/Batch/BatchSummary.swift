import GestureAnalysis

/// The machine summary of a `batch` or `merge` run, schema `gesturetune.batch/1`.
///
/// Every figure is an integer count or computed from integer counts, and the summary holds no
/// timestamps or durations: a run is reproducible byte for byte whatever `--jobs` is, and the
/// merge of shards 1..N equals the unsharded run exactly.
struct BatchSummary: Codable, Sendable, Equatable {
    static let schemaName = "gesturetune.batch/1"

    var schema: String = BatchSummary.schemaName
    /// `gesturetune 0.1.0`.
    var tool: String
    var params: ParamsInfo
    var settings: Settings
    /// The CI limits the cases were judged by (the JSON key `gate`, as written before).
    var gate: Limits
    /// Present in a shard's partial summary only.
    var shard: Shard?
    /// `pass`, `fail` or `error` (any error case), as the exit status.
    var status: String
    /// Why the run as a whole failed beside its cases: `no labelled gestures: nothing was
    /// checked` when no file of an unsharded run (or merge) holds a labelled gesture and
    /// `--allow-empty` was not given. Absent otherwise.
    var runFailure: String?
    var totals: Totals
    /// Per-file results, in the sorted order of their paths.
    var files: [BatchFileResult]

    struct ParamsInfo: Codable, Sendable, Equatable {
        /// The parameter file's path or the preset's name.
        var source: String
        var preset: Bool
        var rule: String
        /// The rule's numbers (a file's; empty for a preset, whose numbers depend on the extent).
        var values: [String: Double]
    }

    /// The reader and physics options in effect; shards must agree on them to merge. The
    /// same value an analysis partial records (`RunSettings.input`).
    typealias Settings = InputSettings

    struct Limits: Codable, Sendable, Equatable {
        var maxError: Double?
        var tolerance: Double
        /// The baseline file's path, when one was used.
        var baseline: String?
        /// `--allow-empty`: a run without any labelled gesture passes. Absent (nil) when not
        /// given, so summaries written before the option existed still read.
        var allowEmpty: Bool? = nil
        /// `--max-false-triggers`, `--max-misses`: the start-of-gesture gate's limits (shares
        /// of the `other` gestures it admits, of the meant ones it refuses). Absent when not given.
        var maxFalseTriggers: Double? = nil
        var maxMisses: Double? = nil
    }

    /// Pooled figures: sums of the per-file counts.
    struct Totals: Codable, Sendable, Equatable {
        var files = 0
        var passed = 0
        var failed = 0
        var errors = 0
        var skipped = 0
        var rows = 0
        var gestures = 0
        var labelled = 0
        var misdecided = 0
        var unlabelled = 0
        var interrupted = 0
        /// End to end (docs/gate.md): `(misses + misdecided + falseTriggers) / (labelled +
        /// others)`; nil when nothing is labelled.
        var errorRate: Double?
        var confusion = BatchConfusion()
        /// Skipped gestures and rows by reason (the reader's `SkipReason` names).
        var skippedByReason: [String: Int] = [:]
        /// The gate's counts (`BatchFileResult.others` …), summed; absent in older summaries.
        var others: Int? = nil
        var falseTriggers: Int? = nil
        var misses: Int? = nil

        init() {}

        /// Sums `files`' counts and recomputes the pooled error.
        init(_ files: [BatchFileResult]) {
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
                if let n = file.others { others = (others ?? 0) + n }
                if let n = file.falseTriggers { falseTriggers = (falseTriggers ?? 0) + n }
                if let n = file.misses { misses = (misses ?? 0) + n }
            }
            let counted = labelled + (others ?? 0)
            errorRate =
                counted > 0
                ? Double(misdecided + (misses ?? 0) + (falseTriggers ?? 0)) / Double(counted) : nil
        }
    }
}

/// Labelled gestures by intent (what the person meant) and decision (what the rule does).
struct BatchConfusion: Codable, Sendable, Equatable {
    var completeDecidedComplete = 0
    var completeDecidedCancel = 0
    var cancelDecidedComplete = 0
    var cancelDecidedCancel = 0

    init() {}

    mutating func add(_ other: BatchConfusion) {
        completeDecidedComplete += other.completeDecidedComplete
        completeDecidedCancel += other.completeDecidedCancel
        cancelDecidedComplete += other.cancelDecidedComplete
        cancelDecidedCancel += other.cancelDecidedCancel
    }
}

/// The result of one case (one file).
/// One `--by` group of one file.
struct BatchGroupRow: Codable, Sendable, Equatable {
    /// The group's value (`tablet`, `phone+left`).
    var name: String
    var labelled: Int
    var misdecided: Int
    var errorRate: Double?
}

struct BatchFileResult: Codable, Sendable, Equatable {
    enum Status: String, Codable, Sendable {
        case pass, fail, error, skipped
    }

    var path: String
    var status: Status
    /// Data rows read.
    var rows = 0
    /// Gestures the reader delivered.
    var gestures = 0
    /// Labelled (complete or cancel) gestures closed by `ended`.
    var labelled = 0
    /// Of `labelled`, those the gate admits and the rule decides against their intent.
    var misdecided = 0
    /// Gestures without an intent label.
    var unlabelled = 0
    /// Gestures closed by `cancelled` (interrupted by the system): never counted.
    var interrupted = 0
    /// End to end, the share of meant and other gestures the transition gets wrong (docs/gate.md):
    /// `(misses + misdecided + falseTriggers) / (labelled + others)`; nil when nothing is
    /// labelled (the case is skipped) or on error.
    var errorRate: Double?
    /// The baseline's error rate for this file, when the baseline has one.
    var baselineErrorRate: Double?
    var confusion = BatchConfusion()
    var skippedByReason: [String: Int] = [:]
    /// Why the case failed (empty unless `fail`).
    var failures: [String] = []
    /// Why the case is an error: the reader's message with its line.
    var problem: Problem?
    /// What `analyze` would warn about in this file (time unit, direction, extent), in that
    /// order; absent when there is nothing to say. Never changes the status.
    var warnings: [String]?
    /// The gestures the transition gets wrong, in file order: meant ones the gate refuses
    /// (`decision` `refused`) or the rule decides against their intent, and `other` ones the
    /// gate admits (`intent` `other`, `decision` what the rule would then do).
    var misdecidedGestures: [MisdecidedGesture] = []
    /// Gestures labelled `other` (not meant for the transition), those the parameters' gate
    /// admits (false triggers), and labelled gestures it refuses (misses); with their shares
    /// of the others and of the labelled. Absent in summaries written before the gate.
    var others: Int?
    var falseTriggers: Int?
    var misses: Int?
    var falseTriggerRate: Double?
    var missRate: Double?
    /// `--by`: the labelled gestures counted per group value, in order of first appearance;
    /// absent without `--by`. Informational: the gate applies to the whole file.
    var groups: [BatchGroupRow]?

    init(path: String, status: Status) {
        self.path = path
        self.status = status
    }

    /// Gestures counted end to end: meant (labelled complete or cancel) and `other`.
    var counted: Int { labelled + (others ?? 0) }
    /// Gestures the transition gets wrong end to end: misses, admitted and misdecided, false
    /// triggers.
    var wrong: Int { misdecided + (misses ?? 0) + (falseTriggers ?? 0) }
    /// `wrong / counted`; nil when nothing is counted.
    var endToEndRate: Double? { counted > 0 ? Double(wrong) / Double(counted) : nil }

    struct Problem: Codable, Sendable, Equatable {
        /// `malformed-trace` or `unreadable`.
        var kind: String
        /// 1-based line; 0 when the problem concerns the whole file.
        var line: Int
        var message: String
    }
}

/// A labelled gesture decided against its intent.
struct MisdecidedGesture: Codable, Sendable, Equatable {
    var id: String
    /// Line of its first sample.
    var line: Int
    var intent: String
    var decision: String
    /// `p_r`.
    var releaseProgress: Double
    /// `v_p`, progress/s.
    var progressVelocity: Double
}
