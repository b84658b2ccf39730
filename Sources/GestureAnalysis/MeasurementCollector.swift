import Dispatch
import GestureIO
import GesturePhysics
import GestureTrace
import GestureTuning
import Synchronization

/// Where `analyze`'s labels come from (`--labels`).
public enum LabelMode: String, Sendable, Codable {
    /// The `intent` column only.
    case intent
    /// `ImplicitLabels` on every file.
    case implicit
    /// `ImplicitLabels` on a file with an `outcome` column and no `intent` column.
    case auto
}

/// What every file's gestures are added to, fixed before the first file is read: the run's
/// full file list (file indices and id prefixes), the current parameters (sample priorities,
/// counts made at add time), the tuning options, the sample size and the labelling.
public struct DigestContext: Sendable {
    /// Every file of the run, in argument order (a shard reads some of them).
    public var files: [String]
    public var reader: ReaderOptions
    public var physics: PhysicsOptions
    public var current: ParameterSet
    public var tuning: TuningOptions
    public var sampleSize: Int
    public var labels: LabelMode
    public var retryWindow: Double
    /// `--by`: statistics per group value are kept beside the pooled ones.
    var byGroup: Bool { !reader.groupColumns.isEmpty }
    /// `--max-groups`: the most group values a run may have (nil: no cap). Each group keeps
    /// statistics of its own, and the group comparison tunes each: the cap bounds both.
    public var maxGroups: Int?

    /// Gesture ids are prefixed with their file (`a.csv:g1`) whenever the run has more than one
    /// file, so ids stay unambiguous whatever the files hold and however they are sharded.
    var prefixesIDs: Bool { files.count > 1 }

    /// Tuning options of a group's statistics: no estimator comparison (as `GroupAnalysis` tunes groups).
    var groupOptions: TuningOptions {
        var o = tuning
        o.compareEstimators = false
        return o
    }

    /// A digest of no gesture.
    func empty() -> AnalysisDigest {
        AnalysisDigest(
            statistics: TuningStatistics(options: tuning, current: current),
            sample: GestureSample(capacity: sampleSize),
            groups: byGroup ? [:] : nil, gate: emptyGate())
    }

    /// Gate statistics of no gesture: the tuning's folds and seed, the physics' slop, the
    /// current gate and the reference gates.
    func emptyGate() -> GateStatistics {
        GateStatistics(
            folds: tuning.folds, seed: tuning.seed, slop: physics.slop,
            references: ReferenceGates.all(current: current.gate, slop: physics.slop))
    }

    /// Adds one measured gesture of file `index` (position `order` in it) to `digest`: the
    /// statistics under its `GestureKey` (the file as given, the id as read), the sample with
    /// its priority class and seeded hash. Throws, adding nothing, when the gesture's group
    /// would be one more than `maxGroups`.
    /// `fileHash`: `GestureKey.FileHash(files[index])`, when the caller keeps it.
    func add(
        _ measurement: GestureMeasurement, file index: Int, order: Int, source: IntentSource?,
        to digest: inout AnalysisDigest, fileHash: GestureKey.FileHash? = nil
    ) throws(GroupLimitError) {
        let key = GestureKey(fileHash ?? GestureKey.FileHash(files[index]), id: measurement.id)
        digest.gate.add(measurement, key: key)
        // Not meant for the transition: no part in the complete/cancel tuning.
        if measurement.notMeant { return }
        var m = measurement
        if prefixesIDs { m.id = "\(m.file):\(m.id)" }
        // Gestures without a group value form the group "".
        let group = m.group ?? ""
        if let limit = maxGroups, let groups = digest.groups, groups.count >= limit,
            groups[group] == nil
        {
            throw GroupLimitError(columns: reader.groupColumns, limit: limit)
        }
        digest.statistics.add(m, key: key)
        if digest.groups != nil {
            let empty = TuningStatistics(options: groupOptions, current: current)
            digest.groups![group, default: empty].add(m, key: key)
        }
        digest.sample.offer(
            GestureSample.Entry(
                priority: GestureSample.priority(
                    of: m, current: current, band: tuning.ambiguityBand),
                hash: key.mixed(seed: tuning.seed, stream: GestureSample.stream), fileIndex: index,
                order: order,
                measurement: m, intentSource: source))
    }
}

/// What reading some files of a run gave, in a form that merges exactly (issue 17): read
/// summaries by file index, the motion tally, implicit-label counts, the tuning statistics and
/// the report's sample. Merging is commutative and associative, so any partition of the files
/// gives the same digest.
public struct AnalysisDigest: Sendable {
    /// Read summaries by index in the run's full file list.
    public var reads: [Int: ReadSummary] = [:]
    public var motion = MotionTally()
    public var labels = LabelTally()
    public var statistics: TuningStatistics
    public var sample: GestureSample
    /// `--by`: statistics per group value (nil without `--by`).
    public var groups: [String: TuningStatistics]? = nil
    /// What the start-of-gesture gate is tuned on: meant and `other` gestures alike.
    public var gate: GateStatistics

    public init(
        statistics: TuningStatistics, sample: GestureSample,
        groups: [String: TuningStatistics]? = nil, gate: GateStatistics
    ) {
        self.statistics = statistics
        self.sample = sample
        self.groups = groups
        self.gate = gate
    }

    public mutating func merge(_ other: AnalysisDigest) throws(StatisticsMismatch) {
        try gate.merge(other.gate)
        try statistics.merge(other.statistics)
        if let theirs = other.groups {
            var mine = groups ?? [:]
            for (name, g) in theirs {
                if mine[name] == nil { mine[name] = g } else { try mine[name]!.merge(g) }
            }
            groups = mine
        }
        sample.merge(other.sample)
        for (k, r) in other.reads { reads[k] = r }
        motion.add(other.motion)
        labels.add(other.labels)
    }
}

/// Reads and measures trace files, in parallel across files, one physics engine per file,
/// streaming each gesture into the file's `AnalysisDigest` (nothing per gesture is kept beyond
/// the bounded sample). The digests merge into one whatever the order files finish in.
public enum MeasurementCollector {
    /// The most points of a progress curve kept per gesture for the figures (first and
    /// last kept); the numbers never use the curve.
    static let curvePoints = 60

    /// Reads the files at `indices` of `context.files`. Throws the first error in argument
    /// order (a `TraceError`), so a malformed file fails the run the same way whatever `jobs` is;
    /// but more groups than `context.maxGroups` fail it first (`GroupLimitError`), and once
    /// they are found no further file is started.
    public static func collect(
        indices: [Int], context: DigestContext, jobs: Int, progress: (any AnalysisProgress)? = nil
    ) throws -> AnalysisDigest {
        // Each slot written by the one worker of its file; the first error in argument order wins.
        let errors = Locked([(any Error)?](repeating: nil, count: indices.count))
        let tooManyGroups = Locked<GroupLimitError?>(nil)
        // Fewer files than workers: each file's reading, measuring and adding share the
        // workers it has (two: reading, then measuring and adding; three: one each).
        let threads = min(3, max(1, jobs / max(1, indices.count)))
        // Nothing merged yet (nil): the first digest (made from the same context) is taken
        // as it is.
        let total = Locked<AnalysisDigest?>(nil)
        let queue = DispatchQueue(label: "gesturetune.collect", attributes: .concurrent)
        let limit = DispatchSemaphore(value: max(1, jobs))
        let group = DispatchGroup()
        for (slot, index) in indices.enumerated() {
            limit.wait()
            queue.async(group: group) {
                defer { limit.signal() }
                guard tooManyGroups.withLock({ $0 == nil }) else { return }
                do {
                    let digest = try digestFile(
                        index, context: context, threads: threads, progress: progress)
                    try total.withLock { (sum: inout AnalysisDigest?) throws in
                        if sum == nil { sum = digest } else { try sum!.merge(digest) }
                        let count = sum?.groups?.count ?? 0
                        if let cap = context.maxGroups, count > cap {
                            throw GroupLimitError(columns: context.reader.groupColumns, limit: cap)
                        }
                    }
                } catch let error as GroupLimitError {
                    tooManyGroups.withLock { $0 = $0 ?? error }
                } catch {
                    errors.withLock { $0[slot] = error }
                }
            }
        }
        group.wait()
        if let error = tooManyGroups.withLock({ $0 }) { throw error }
        if let first = errors.withLock({ $0.compactMap { $0 }.first }) { throw first }
        return total.withLock { $0 } ?? context.empty()
    }

    /// One file's digest. With implicit labels the file's measurements are held until its end
    /// (`ImplicitLabels` orders each stream in time); otherwise every gesture streams through.
    /// `--labels` unset: a file turns out to need implicit labels only at its end (an outcome
    /// column and no intent column), so it is read again, labelled (standard input, which
    /// cannot be read twice, is held from the start).
    /// `threads` 2: the reader hands gestures in batches to a second thread that measures and
    /// adds them; 3: to a second that measures them and a third that adds them; 1: one thread
    /// does all. Gesture order is kept: the same digest either way.
    static func digestFile(
        _ index: Int, context: DigestContext, threads: Int = 1,
        progress: (any AnalysisProgress)? = nil
    ) throws -> AnalysisDigest {
        let path = context.files[index]
        let hold = context.labels == .implicit || (context.labels == .auto && path == "-")
        var (digest, held, summary) = try read(
            index, context: context, hold: hold, threads: threads, progress: progress)
        let implicit =
            context.labels == .implicit
            || (context.labels == .auto && summary.hasOutcome && !summary.hasIntent)
        if implicit && held == nil {
            (digest, held, summary) = try read(
                index, context: context, hold: true, threads: threads, progress: nil)
        }
        if let held {
            if implicit {
                let labels = ImplicitLabels(held, retryWindow: context.retryWindow)
                for (k, m) in labels.measurements.enumerated() {
                    try context.add(
                        m, file: index, order: k, source: labels.sources[k], to: &digest)
                }
                digest.labels = LabelTally(
                    files: 1, intent: labels.count(.intent), retry: labels.count(.retry),
                    outcome: labels.count(.outcome))
            } else {
                for (k, m) in held.enumerated() {
                    try context.add(m, file: index, order: k, source: nil, to: &digest)
                }
            }
        }
        digest.reads[index] = summary
        return digest
    }

    /// Reads file `index`: streams every gesture into a new digest, or (`hold`) keeps the
    /// measurements for labelling and adds only the motion. `threads` as `digestFile`'s
    /// (`GesturePipe`), gesture order kept.
    private static func read(
        _ index: Int, context: DigestContext, hold: Bool, threads: Int,
        progress: (any AnalysisProgress)?
    ) throws -> (AnalysisDigest, [GestureMeasurement]?, ReadSummary) {
        let stage = FileStage(index: index, context: context, hold: hold, progress: progress)
        let summary: ReadSummary
        if threads == 2 {
            // Two threads in a row, each in gesture order: reading; physics then adding (a
            // third thread on two cores would take turns with the reader, the slowest step).
            let pipe = GesturePipe { batch in for gesture in batch { stage.add(gesture) } }
            defer { pipe.finish() }
            summary = try TraceReader.read(
                path: context.files[index], options: context.physics.reading(context.reader)
            ) {
                try stage.checkGroups()
                pipe.send($0)
            }
        } else if threads >= 3 {
            // Three threads in a row, each in gesture order: reading, physics, adding.
            let adding = GesturePipe.Stage(label: "gesturetune.add")
            let pipe = GesturePipe { batch in
                let measured = batch.map { stage.measure($0) }
                adding.async { for m in measured { stage.add(measured: m) } }
            }
            defer {
                pipe.finish()
                adding.finish()
            }
            summary = try TraceReader.read(
                path: context.files[index], options: context.physics.reading(context.reader)
            ) {
                try stage.checkGroups()
                pipe.send($0)
            }
        } else {
            summary = try TraceReader.read(
                path: context.files[index], options: context.physics.reading(context.reader)
            ) {
                stage.add($0)
                try stage.checkGroups()
            }
        }
        try stage.checkGroups()
        progress?.fileDone(gestures: stage.order % 256)
        let (digest, held) = stage.finished()
        return (digest, held, summary)
    }

    /// Keeps `limit` evenly spaced points, the first and last among them.
    static func thin(_ points: [ProgressPoint], to limit: Int) -> [ProgressPoint] {
        guard points.count > limit, limit >= 2 else { return points }
        let step = Double(points.count - 1) / Double(limit - 1)
        return (0..<limit).map { points[Int((Double($0) * step).rounded())] }
    }
}

/// More `--by` groups than `--max-groups` allows. Reading stops at the first gesture of the
/// group one beyond the cap, so the count is always `limit + 1` ("at least").
public struct GroupLimitError: Error, Sendable, Equatable {
    /// The `--by` columns.
    public var columns: [String]
    public var limit: Int

    public var message: String {
        "at least \(limit + 1) groups, more than --max-groups \(limit)"
    }
}

/// One file's measuring and adding: its physics engine, digest, held measurements and
/// gesture count. `measure` and `add(measured:)` may run on two threads (each called in
/// gesture order from one thread); each half keeps its state behind its own lock, never
/// contended, so the two never wait for each other.
private final class FileStage: Sendable {
    /// The physics half: the file's engine and the motion of the gestures it saw.
    struct Measuring {
        let engine: PhysicsEngine
        var motion = MotionTally()
    }

    /// The adding half: the digest, or the measurements held for labelling (`hold`).
    struct Adding {
        var digest: AnalysisDigest
        var held: [GestureMeasurement]?
        var order = 0
        /// Set when a gesture's group was one too many: nothing more is added.
        var tooManyGroups: GroupLimitError?
    }

    let index: Int
    let context: DigestContext
    /// The file's part of its gestures' keys.
    let fileHash: GestureKey.FileHash
    let progress: (any AnalysisProgress)?
    private let measuring: Locked<Measuring>
    private let adding: Locked<Adding>
    /// Set with `Adding.tooManyGroups`: the reader checks it at every gesture without taking
    /// the adding lock, which the other thread holds while it adds.
    private let stopped = Atomic<Bool>(false)

    init(index: Int, context: DigestContext, hold: Bool, progress: (any AnalysisProgress)?) {
        self.index = index
        self.context = context
        fileHash = GestureKey.FileHash(context.files[index])
        self.progress = progress
        measuring = Locked(Measuring(engine: PhysicsEngine(options: context.physics)))
        adding = Locked(Adding(digest: context.empty(), held: hold ? [] : nil))
    }

    func add(_ gesture: Gesture) { add(measured: measure(gesture)) }

    /// The physics half: the measurement, its progress curve thinned; the motion tallied.
    func measure(_ gesture: Gesture) -> GestureMeasurement {
        measuring.withLock { state in
            var m = state.engine.measure(gesture)
            m.progressCurve = MeasurementCollector.thin(
                m.progressCurve, to: MeasurementCollector.curvePoints)
            state.motion.add(gesture)
            return m
        }
    }

    /// The adding half: into the digest, or kept for labelling (`hold`).
    func add(measured m: GestureMeasurement) {
        let order = adding.withLock { state in
            guard state.tooManyGroups == nil else { return state.order }
            if state.held != nil {
                state.held!.append(m)
            } else {
                do throws(GroupLimitError) {
                    try context.add(
                        m, file: index, order: state.order, source: nil, to: &state.digest,
                        fileHash: fileHash)
                } catch {
                    state.tooManyGroups = error
                    stopped.store(true, ordering: .releasing)
                    return state.order
                }
            }
            state.order += 1
            return state.order
        }
        if order % 256 == 0 { progress?.gesturesRead(256) }
    }

    /// Gestures added so far.
    var order: Int { adding.withLock { $0.order } }

    /// Throws once a gesture's group was one more than `maxGroups` (the reader then stops).
    func checkGroups() throws(GroupLimitError) {
        guard stopped.load(ordering: .acquiring) else { return }
        if let error = adding.withLock({ $0.tooManyGroups }) { throw error }
    }

    /// The digest with the tallied motion and the held measurements, once every gesture is added.
    func finished() -> (AnalysisDigest, [GestureMeasurement]?) {
        let motion = measuring.withLock { $0.motion }
        return adding.withLock { state in
            var d = state.digest
            d.motion.add(motion)
            return (d, state.held)
        }
    }
}

/// Gestures handed from the reading thread to one serial worker in batches of `batchSize`,
/// at most `depth` batches waiting (memory stays bounded when the worker is the slower
/// side). `send` is called from one thread; `finish` sends the last batch and waits until
/// every batch is consumed.
final class GesturePipe: Sendable {
    private let worker: Stage
    private let batchSize: Int
    private let consume: @Sendable ([Gesture]) -> Void
    /// Filled by the one sending thread; the lock is never contended.
    private let batch = Locked<[Gesture]>([])

    /// Gestures per batch: small, so little is left to measure once the reader ends.
    static let batchSize = 32
    /// Batches waiting at each step at most (`batchSize × depth` gestures).
    static let depth = 16

    init(
        batchSize: Int = GesturePipe.batchSize, depth: Int = GesturePipe.depth,
        consume: @escaping @Sendable ([Gesture]) -> Void
    ) {
        self.batchSize = batchSize
        self.consume = consume
        worker = Stage(label: "gesturetune.measure", depth: depth)
        batch.withLock { $0.reserveCapacity(batchSize) }
    }

    func send(_ gesture: Gesture) {
        let full = batch.withLock { batch -> [Gesture]? in
            batch.append(gesture)
            return batch.count == batchSize ? take(&batch) : nil
        }
        if let full { hand(full) }
    }

    func finish() {
        let last = batch.withLock { take(&$0) }
        if !last.isEmpty { hand(last) }
        worker.finish()
    }

    /// A serial worker fed by one thread, at most `depth` blocks waiting (the sender waits
    /// beyond that: memory stays bounded when the worker is the slower side).
    final class Stage: Sendable {
        private let queue: DispatchQueue
        private let slots: DispatchSemaphore

        init(label: String, depth: Int = GesturePipe.depth) {
            queue = DispatchQueue(label: label)
            slots = DispatchSemaphore(value: depth)
        }

        func async(_ work: @escaping @Sendable () -> Void) {
            slots.wait()
            queue.async { [slots] in
                work()
                slots.signal()
            }
        }

        /// Waits until every block sent is done.
        func finish() { queue.sync {} }
    }

    /// The batch so far, leaving an empty one with room for the next.
    private func take(_ batch: inout [Gesture]) -> [Gesture] {
        let full = batch
        batch = []
        batch.reserveCapacity(batchSize)
        return full
    }

    private func hand(_ full: [Gesture]) {
        worker.async { [consume] in consume(full) }
    }
}

/// What the library reports while it reads (the CLI's progress bar draws it): called from
/// the reading threads, so it must be safe to call from any of them.
public protocol AnalysisProgress: Sendable {
    /// A file is read; `gestures` is what it read since its last `gesturesRead` call.
    func fileDone(gestures: Int)
    /// `count` more gestures read.
    func gesturesRead(_ count: Int)
    /// The run moved on to another stage (`tuning 1200 gestures…`).
    func stage(_ text: String)
}
