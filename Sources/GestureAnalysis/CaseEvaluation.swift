import GesturePhysics
import GestureTrace
import GestureTuning

/// What a parameter set does with one trace file's gestures, as the app decides: the start gate,
/// then the release (docs/gate.md). `batch`'s case, computed by the library so that a library
/// user runs what the command runs.
public struct CaseEvaluation: Sendable, Equatable {
    /// What reading the file saw (rows, skipped rows by reason, time unit).
    public var read: ReadSummary
    /// Gestures the reader delivered, those without a label, and those interrupted by the
    /// system (never counted).
    public var gestures = 0
    public var unlabelled = 0
    public var interrupted = 0
    /// The end-to-end count: meant gestures refused and misdecided, `other` ones started.
    public var endToEnd = EndToEndCount()
    /// The release decisions of every meant gesture, refused or not (complete positive).
    public var confusion = Confusion()
    /// The gestures the transition gets wrong, in file order.
    public var wrong: [WrongGesture] = []
    /// `--by`: the meant gestures per group value, in order of first appearance (empty without
    /// group columns).
    public var groups: [GroupCount] = []
    /// What `analyze` would warn about in this file, in its order.
    public var warnings: [TuningWarning] = []

    public init(read: ReadSummary) { self.read = read }

    /// One gesture the transition gets wrong.
    public struct WrongGesture: Sendable, Equatable {
        public var id: String
        /// Line of its first sample.
        public var line: Int
        /// `complete`, `cancel`, or `other` (not meant for the transition).
        public var intent: String
        /// What the app did: refused it, or decided (for an `other` gesture: what the release
        /// rule would then do).
        public var outcome: GestureOutcome
        /// `p_r` and `v_p` (progress/s).
        public var releaseProgress: Double
        public var progressVelocity: Double
    }

    /// The meant gestures of one group value, and those the set gets wrong end to end.
    public struct GroupCount: Sendable, Equatable {
        public var name: String
        public var labelled: Int
        public var wrong: Int
    }
}

/// Evaluates trace files under one parameter set: streams each through the reader, measures its
/// gestures and decides them gate then release. Holds a `PhysicsEngine`, which is not
/// thread-safe: one evaluator per worker.
public final class CaseEvaluator {
    public let reader: ReaderOptions
    public let physics: PhysicsOptions
    public let set: ParameterSet
    private let engine: PhysicsEngine

    /// `reader` as the options give it (physics adds what it reads), `physics` with the set
    /// already laid over it.
    public init(reader: ReaderOptions, physics: PhysicsOptions, set: ParameterSet) {
        self.reader = physics.reading(reader)
        self.physics = physics
        self.set = set
        self.engine = PhysicsEngine(options: physics)
    }

    /// The case of the file at `path`; throws the reader's error (a `TraceError` for a
    /// malformed or unreadable file).
    public func evaluate(_ path: String) throws -> CaseEvaluation {
        let gate = set.gate
        let decider = set.decider
        var motion = MotionTally()
        var measured: [GestureMeasurement] = []
        var outcomes: [GestureOutcome] = []
        var wrong: [CaseEvaluation.WrongGesture] = []
        var gestures = 0
        var unlabelled = 0
        var interrupted = 0
        var endToEnd = EndToEndCount()
        let summary = try TraceReader.read(path: path, options: reader) { gesture in
            gestures += 1
            motion.add(gesture)
            if gesture.interruptedBySystem {
                interrupted += 1
                return
            }
            guard gesture.notMeant || gesture.intent != nil else {
                unlabelled += 1
                return
            }
            var m = engine.measure(gesture)
            m.progressCurve = []
            let outcome = GestureOutcome(m, gate: gate, decider: decider)
            endToEnd.add(intent: m.intent, notMeant: m.notMeant, outcome: outcome)
            if m.notMeant {
                if outcome.isAdmitted {
                    wrong.append(
                        .init(
                            id: m.id, line: gesture.firstLine, intent: "other", outcome: outcome,
                            releaseProgress: m.releaseProgress,
                            progressVelocity: m.progressVelocity))
                }
                return
            }
            // Refused, or admitted and decided against its intent.
            if outcome != .decided(m.intent!) {
                wrong.append(
                    .init(
                        id: m.id, line: gesture.firstLine, intent: m.intent!.rawValue,
                        outcome: outcome, releaseProgress: m.releaseProgress,
                        progressVelocity: m.progressVelocity))
            }
            measured.append(m)
            outcomes.append(outcome)
        }
        var result = CaseEvaluation(read: summary)
        result.gestures = gestures
        result.unlabelled = unlabelled
        result.interrupted = interrupted
        result.endToEnd = endToEnd
        result.wrong = wrong
        // The release decisions, counted once (`Evaluation`), as `analyze` counts them.
        result.confusion = Evaluation(decider, measurements: measured).confusion
        if !reader.groupColumns.isEmpty {
            var index: [String: Int] = [:]
            for (k, m) in measured.enumerated() {
                let name = m.group ?? ""
                let r =
                    index[name]
                    ?? {
                        result.groups.append(.init(name: name, labelled: 0, wrong: 0))
                        index[name] = result.groups.count - 1
                        return result.groups.count - 1
                    }()
                result.groups[r].labelled += 1
                if outcomes[k] != .decided(m.intent!) { result.groups[r].wrong += 1 }
            }
        }
        result.warnings = Self.warnings(
            motion: motion, measured: measured, read: summary, direction: physics.direction)
        return result
    }

    /// The warnings `analyze` gives, for one file, in its order (`TuningWarning.input`: the
    /// time column's unit, the direction or touches beyond the extent), then the 390 pt default
    /// extent over the labelled gestures, then a read that dropped more than 5%. Each is a
    /// function of the file alone, so the same whatever `--jobs` or sharding.
    public static func warnings(
        motion: MotionTally, measured: [GestureMeasurement], read: ReadSummary, direction: Direction
    ) -> [TuningWarning] {
        var warnings = TuningWarning.input(
            measured: measured, motion: motion, timeUnit: read.timeUnit, direction: direction)
        if let w = TuningWarning.defaultExtent(
            measured, direction: direction, population: "labelled gestures")
        {
            warnings.append(w)
        }
        if let w = TuningWarning.readLoss([read]) { warnings.append(w) }
        return warnings
    }
}
