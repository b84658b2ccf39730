import GestureTuning

/// The machine summary of a `batch` or `merge` run, schema `gesturetune.batch/1`.
///
/// Every figure is an integer count or computed from integer counts, and the summary holds no
/// timestamps or durations: a run is reproducible byte for byte whatever `--jobs` is, and the
/// merge of shards 1..N equals the unsharded run exactly.
package struct BatchSummary: Codable, Sendable, Equatable {
    package static let schemaName = "gesturetune.batch/1"

    package var schema: String = BatchSummary.schemaName
    /// `gesturetune 0.1.0`.
    package var tool: String
    package var params: ParamsInfo
    package var settings: Settings
    /// The CI limits the cases were judged by (the JSON key `gate`, as written before).
    package var gate: Limits
    /// Present in a shard's partial summary only.
    package var shard: Shard?
    /// `pass`, `fail` or `error` (any error case), as the exit status.
    package var status: String
    /// Why the run as a whole failed beside its cases: `no labelled gestures: nothing was
    /// checked` when no file of an unsharded run (or merge) holds a labelled gesture and
    /// `--allow-empty` was not given. Absent otherwise.
    package var runFailure: String?
    package var totals: Totals
    /// Per-file results, in the sorted order of their paths.
    package var files: [BatchFileResult]

    package struct ParamsInfo: Codable, Sendable, Equatable {
        /// The parameter file's path or the preset's name.
        package var source: String
        package var preset: Bool
        package var rule: String
        /// The rule's numbers (a file's; empty for a preset, whose numbers depend on the extent).
        package var values: [String: Double]

        package init(source: String, preset: Bool, rule: String, values: [String: Double]) {
            self.source = source
            self.preset = preset
            self.rule = rule
            self.values = values
        }
    }

    /// The reader and physics options in effect; shards must agree on them to merge. The
    /// same value an analysis partial records (`RunSettings.input`).
    package typealias Settings = InputSettings

    package struct Limits: Codable, Sendable, Equatable {
        package var maxError: Double?
        package var tolerance: Double
        /// The baseline file's path, when one was used.
        package var baseline: String?
        /// `--allow-empty`: a run without any labelled gesture passes. Absent (nil) when not
        /// given, so summaries written before the option existed still read.
        package var allowEmpty: Bool? = nil
        /// `--max-false-triggers`, `--max-misses`: the start-of-gesture gate's limits (shares
        /// of the `other` gestures it admits, of the meant ones it refuses). Absent when not given.
        package var maxFalseTriggers: Double? = nil
        package var maxMisses: Double? = nil
        /// Without `--max-error`, the error the parameters were shipped with (params.json's
        /// `expectedError`): a case fails when its error is above it beyond chance (one-sided
        /// binomial, below 5%). Absent otherwise.
        package var expectedError: Double? = nil

        /// The chance below which an error above `expectedError` fails a case.
        package static let beyondChance = 0.05

        package init(
            maxError: Double?, tolerance: Double, baseline: String?, allowEmpty: Bool? = nil,
            maxFalseTriggers: Double? = nil, maxMisses: Double? = nil, expectedError: Double? = nil
        ) {
            self.expectedError = expectedError
            self.maxError = maxError
            self.tolerance = tolerance
            self.baseline = baseline
            self.allowEmpty = allowEmpty
            self.maxFalseTriggers = maxFalseTriggers
            self.maxMisses = maxMisses
        }
    }

    /// Pooled figures: sums of the per-file counts.
    package struct Totals: Codable, Sendable, Equatable {
        package var files = 0
        package var passed = 0
        package var failed = 0
        package var errors = 0
        package var skipped = 0
        package var rows = 0
        package var gestures = 0
        package var labelled = 0
        package var misdecided = 0
        package var unlabelled = 0
        package var interrupted = 0
        /// End to end (docs/gate.md): `(misses + misdecided + falseTriggers) / (labelled +
        /// others)`; nil when nothing is labelled.
        package var errorRate: Double?
        package var confusion = BatchConfusion()
        /// Skipped gestures and rows by reason (the reader's `SkipReason` names).
        package var skippedByReason: [String: Int] = [:]
        /// The gate's counts (`BatchFileResult.others` …), summed; absent in older summaries.
        package var others: Int? = nil
        package var falseTriggers: Int? = nil
        package var misses: Int? = nil

        package init() {}

        /// Sums `files`' counts and recomputes the pooled error.
        package init(_ files: [BatchFileResult]) {
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
            errorRate =
                EndToEndCount(
                    meant: labelled, others: others ?? 0, refused: misses ?? 0,
                    misdecided: misdecided, falseTriggers: falseTriggers ?? 0
                ).errorRate
        }
    }
}

/// Labelled gestures by intent (what the person meant) and decision (what the rule does).
package struct BatchConfusion: Codable, Sendable, Equatable {
    package var completeDecidedComplete = 0
    package var completeDecidedCancel = 0
    package var cancelDecidedComplete = 0
    package var cancelDecidedCancel = 0

    package init() {}

    package mutating func add(_ other: BatchConfusion) {
        completeDecidedComplete += other.completeDecidedComplete
        completeDecidedCancel += other.completeDecidedCancel
        cancelDecidedComplete += other.cancelDecidedComplete
        cancelDecidedCancel += other.cancelDecidedCancel
    }
}

/// The result of one case (one file).
/// One `--by` group of one file.
package struct BatchGroupRow: Codable, Sendable, Equatable {
    /// The group's value (`tablet`, `phone+left`).
    package var name: String
    package var labelled: Int
    package var misdecided: Int
    package var errorRate: Double?

    package init(name: String, labelled: Int, misdecided: Int, errorRate: Double?) {
        self.name = name
        self.labelled = labelled
        self.misdecided = misdecided
        self.errorRate = errorRate
    }
}

package struct BatchFileResult: Codable, Sendable, Equatable {
    package enum Status: String, Codable, Sendable {
        case pass, fail, error, skipped
    }

    package var path: String
    package var status: Status
    /// Data rows read.
    package var rows = 0
    /// Gestures the reader delivered.
    package var gestures = 0
    /// Labelled (complete or cancel) gestures closed by `ended`.
    package var labelled = 0
    /// Of `labelled`, those the gate admits and the rule decides against their intent.
    package var misdecided = 0
    /// Gestures without an intent label.
    package var unlabelled = 0
    /// Gestures closed by `cancelled` (interrupted by the system): never counted.
    package var interrupted = 0
    /// End to end, the share of meant and other gestures the transition gets wrong (docs/gate.md):
    /// `(misses + misdecided + falseTriggers) / (labelled + others)`; nil when nothing is
    /// labelled (the case is skipped) or on error.
    package var errorRate: Double?
    /// The baseline's error rate for this file, when the baseline has one.
    package var baselineErrorRate: Double?
    package var confusion = BatchConfusion()
    package var skippedByReason: [String: Int] = [:]
    /// Why the case failed (empty unless `fail`).
    package var failures: [String] = []
    /// Why the case is an error: the reader's message with its line.
    package var problem: Problem?
    /// What `analyze` would warn about in this file (time unit, direction, extent), in that
    /// order; absent when there is nothing to say. Never changes the status.
    package var warnings: [String]?
    /// The gestures the transition gets wrong, in file order: meant ones the gate refuses
    /// (`decision` `refused`) or the rule decides against their intent, and `other` ones the
    /// gate admits (`intent` `other`, `decision` what the rule would then do).
    package var misdecidedGestures: [MisdecidedGesture] = []
    /// Gestures labelled `other` (not meant for the transition), those the parameters' gate
    /// admits (false triggers), and labelled gestures it refuses (misses); with their shares
    /// of the others and of the labelled. Absent in summaries written before the gate.
    package var others: Int?
    package var falseTriggers: Int?
    package var misses: Int?
    package var falseTriggerRate: Double?
    package var missRate: Double?
    /// `--by`: the labelled gestures counted per group value, in order of first appearance;
    /// absent without `--by`. Informational: the gate applies to the whole file.
    package var groups: [BatchGroupRow]?

    package init(path: String, status: Status) {
        self.path = path
        self.status = status
    }

    /// The file's counts as the one end-to-end count (docs/gate.md): `labelled` are the meant
    /// gestures, `misses` the meant ones the gate refuses.
    package var endToEnd: EndToEndCount {
        EndToEndCount(
            meant: labelled, others: others ?? 0, refused: misses ?? 0, misdecided: misdecided,
            falseTriggers: falseTriggers ?? 0)
    }
    /// Gestures counted end to end: meant (labelled complete or cancel) and `other`.
    package var counted: Int { endToEnd.gestures }
    /// Gestures the transition gets wrong end to end: misses, admitted and misdecided, false
    /// triggers.
    package var wrong: Int { endToEnd.errors }
    /// `wrong / counted`; nil when nothing is counted.
    package var endToEndRate: Double? { endToEnd.errorRate }

    package struct Problem: Codable, Sendable, Equatable {
        /// `malformed-trace` or `unreadable`.
        package var kind: String
        /// 1-based line; 0 when the problem concerns the whole file.
        package var line: Int
        package var message: String

        package init(kind: String, line: Int, message: String) {
            self.kind = kind
            self.line = line
            self.message = message
        }
    }
}

/// A labelled gesture decided against its intent.
package struct MisdecidedGesture: Codable, Sendable, Equatable {
    package var id: String
    /// Line of its first sample.
    package var line: Int
    package var intent: String
    package var decision: String
    /// `p_r`.
    package var releaseProgress: Double
    /// `v_p`, progress/s.
    package var progressVelocity: Double

    package init(
        id: String, line: Int, intent: String, decision: String, releaseProgress: Double,
        progressVelocity: Double
    ) {
        self.id = id
        self.line = line
        self.intent = intent
        self.decision = decision
        self.releaseProgress = releaseProgress
        self.progressVelocity = progressVelocity
    }
}
