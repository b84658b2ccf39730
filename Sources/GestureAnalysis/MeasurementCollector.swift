import Dispatch
import GesturePhysics
import GestureReport
import GestureTrace
import GestureTuning

/// Where `analyze`'s labels come from (`--labels`).
enum LabelMode: String, Sendable, Codable {
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
struct DigestContext: Sendable {
    /// Every file of the run, in argument order (a shard reads some of them).
    var files: [String]
    var reader: ReaderOptions
    var physics: PhysicsOptions
    var current: ParameterSet
    var tuning: TuningOptions
    var sampleSize: Int
    var labels: LabelMode
    var retryWindow: Double
    /// `--by`: statistics per group value are kept beside the pooled ones.
    var byGroup: Bool { !reader.groupColumns.isEmpty }

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
            statistics: TuningStatistics(options: tuning, current: current), sample: ReportSample(capacity: sampleSize),
            groups: byGroup ? [:] : nil)
    }

    /// Adds one measured gesture of file `index` (position `order` in it) to `digest`: the
    /// statistics under its `GestureKey` (the file as given, the id as read), the sample with
    /// its priority class and seeded hash.
    func add(_ measurement: GestureMeasurement, file index: Int, order: Int, source: IntentSource?, to digest: inout AnalysisDigest) {
        var m = measurement
        let key = GestureKey(file: files[index], id: m.id)
        if prefixesIDs { m.id = "\(m.file):\(m.id)" }
        digest.statistics.add(m, key: key)
        if digest.groups != nil {
            // Gestures without a group value form the group "".
            digest.groups![m.group ?? "", default: TuningStatistics(options: groupOptions, current: current)].add(m, key: key)
        }
        digest.sample.offer(
            ReportSample.Entry(
                priority: ReportSample.priority(of: m, current: current, band: tuning.ambiguityBand),
                hash: key.mixed(seed: tuning.seed, stream: ReportSample.stream), fileIndex: index, order: order,
                measurement: m, intentSource: source))
    }
}

/// What reading some files of a run gave, in a form that merges exactly (issue 17): read
/// summaries by file index, the motion tally, implicit-label counts, the tuning statistics and
/// the report's sample. Merging is commutative and associative, so any partition of the files
/// gives the same digest.
struct AnalysisDigest: Sendable {
    /// Read summaries by index in the run's full file list.
    var reads: [Int: ReadSummary] = [:]
    var motion = MotionTally()
    var labels = LabelTally()
    var statistics: TuningStatistics
    var sample: ReportSample
    /// `--by`: statistics per group value (nil without `--by`).
    var groups: [String: TuningStatistics]? = nil

    /// Counts what the statistics hold waiting (`TuningStatistics.flush`), the groups' too.
    mutating func flush() {
        statistics.flush()
        guard groups != nil else { return }
        // In place (an index holds no reference to the storage, so nothing is copied).
        var i = groups!.values.startIndex
        while i != groups!.values.endIndex {
            groups!.values[i].flush()
            groups!.values.formIndex(after: &i)
        }
    }

    mutating func merge(_ other: AnalysisDigest) throws(StatisticsMismatch) {
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
enum MeasurementCollector {
    /// The most points of a progress curve kept per gesture for the figures (first and
    /// last kept); the numbers never use the curve.
    static let curvePoints = 60

    /// Reads the files at `indices` of `context.files`. Throws the first error in argument
    /// order (a `TraceError`), so a malformed file fails the run the same way whatever `jobs` is.
    static func collect(indices: [Int], context: DigestContext, jobs: Int, progress: ProgressBar? = nil) throws -> AnalysisDigest {
        let errors = ResultSlots<any Error>(count: indices.count)
        // Fewer files than workers: each file's reading and measuring run on two threads.
        let pipelined = jobs > indices.count
        let total = Accumulator(context.empty())
        let queue = DispatchQueue(label: "gesturetune.collect", attributes: .concurrent)
        let limit = DispatchSemaphore(value: max(1, jobs))
        let group = DispatchGroup()
        for (slot, index) in indices.enumerated() {
            limit.wait()
            queue.async(group: group) {
                defer { limit.signal() }
                do {
                    let digest = try digestFile(index, context: context, pipelined: pipelined, progress: progress)
                    try total.merge(digest)
                } catch {
                    errors[slot] = error
                }
            }
        }
        group.wait()
        if let first = errors.values.compactMap({ $0 }).first { throw first }
        return total.value
    }

    /// One file's digest. With implicit labels the file's measurements are held until its end
    /// (`ImplicitLabels` orders each stream in time); otherwise every gesture streams through.
    /// `--labels` unset: a file turns out to need implicit labels only at its end (an outcome
    /// column and no intent column), so it is read again, labelled (standard input, which
    /// cannot be read twice, is held from the start).
    /// `pipelined`: the reader hands gestures in batches to a second thread that measures them
    /// and a third that adds them, in order (the same digest either way).
    static func digestFile(_ index: Int, context: DigestContext, pipelined: Bool = false, progress: ProgressBar? = nil) throws -> AnalysisDigest {
        let path = context.files[index]
        let hold = context.labels == .implicit || (context.labels == .auto && path == "-")
        var (digest, held, summary) = try read(index, context: context, hold: hold, pipelined: pipelined, progress: progress)
        let implicit = context.labels == .implicit || (context.labels == .auto && summary.hasOutcome && !summary.hasIntent)
        if implicit && held == nil { (digest, held, summary) = try read(index, context: context, hold: true, pipelined: pipelined, progress: nil) }
        if let held {
            if implicit {
                let labels = ImplicitLabels(held, retryWindow: context.retryWindow)
                for (k, m) in labels.measurements.enumerated() {
                    context.add(m, file: index, order: k, source: labels.sources[k], to: &digest)
                }
                digest.labels = LabelTally(files: 1, intent: labels.count(.intent), retry: labels.count(.retry), outcome: labels.count(.outcome))
            } else {
                for (k, m) in held.enumerated() { context.add(m, file: index, order: k, source: nil, to: &digest) }
            }
        }
        digest.reads[index] = summary
        return digest
    }

    /// Reads file `index`: streams every gesture into a new digest, or (`hold`) keeps the
    /// measurements for labelling and adds only the motion. `pipelined`: measuring runs on a
    /// second thread and adding on a third (`GesturePipe`), gesture order kept.
    private static func read(
        _ index: Int, context: DigestContext, hold: Bool, pipelined: Bool, progress: ProgressBar?
    ) throws -> (AnalysisDigest, [GestureMeasurement]?, ReadSummary) {
        let stage = FileStage(index: index, context: context, hold: hold, progress: progress)
        let summary: ReadSummary
        if pipelined {
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
            summary = try TraceReader.read(path: context.files[index], options: context.reader) { pipe.send($0) }
        } else {
            summary = try TraceReader.read(path: context.files[index], options: context.reader) { stage.add($0) }
        }
        progress?.fileDone(gestures: stage.order % 256)
        return (stage.finishedDigest(), stage.held, summary)
    }

    /// Keeps `limit` evenly spaced points, the first and last among them.
    static func thin(_ points: [ProgressPoint], to limit: Int) -> [ProgressPoint] {
        guard points.count > limit, limit >= 2 else { return points }
        let step = Double(points.count - 1) / Double(limit - 1)
        return (0..<limit).map { points[Int((Double($0) * step).rounded())] }
    }
}

/// A digest several workers merge into, under a lock.
final class Accumulator: @unchecked Sendable {
    private var digest: AnalysisDigest
    /// Nothing merged yet: the first digest (made from the same context) is taken as it is.
    private var untouched = true
    private let lock = DispatchQueue(label: "gesturetune.accumulate")

    init(_ digest: AnalysisDigest) { self.digest = digest }

    func merge(_ other: AnalysisDigest) throws {
        var failure: StatisticsMismatch?
        lock.sync {
            if untouched {
                digest = other
                untouched = false
                return
            }
            do throws(StatisticsMismatch) { try digest.merge(other) } catch { failure = error }
        }
        if let failure { throw failure }
    }

    var value: AnalysisDigest { lock.sync { digest } }
}

/// Fixed slots written by concurrent workers, each slot by exactly one worker.
final class ResultSlots<Value>: @unchecked Sendable {
    private var storage: [Value?]
    private let lock = DispatchQueue(label: "gesturetune.slots")

    init(count: Int) { storage = Array(repeating: nil, count: count) }

    subscript(index: Int) -> Value? {
        get { lock.sync { storage[index] } }
        set { lock.sync { storage[index] = newValue } }
    }

    var values: [Value?] { lock.sync { storage } }
}

/// One file's measuring and adding: its physics engine, digest, held measurements and
/// gesture count. `measure` and `add(measured:)` may run on two threads (each called in
/// gesture order from one thread; they share no state); `add(_:)` is both on one.
private final class FileStage: @unchecked Sendable {
    let index: Int
    let context: DigestContext
    let engine: PhysicsEngine
    let progress: ProgressBar?
    private var digest: AnalysisDigest
    var held: [GestureMeasurement]?
    var order = 0
    /// The motion of the gestures `measure` saw, added to the digest by `finishedDigest`.
    private var motion = MotionTally()

    init(index: Int, context: DigestContext, hold: Bool, progress: ProgressBar?) {
        self.index = index
        self.context = context
        self.progress = progress
        engine = PhysicsEngine(options: context.physics)
        digest = context.empty()
        held = hold ? [] : nil
    }

    func add(_ gesture: Gesture) { add(measured: measure(gesture)) }

    /// The physics half: the measurement, its progress curve thinned; the motion tallied.
    func measure(_ gesture: Gesture) -> GestureMeasurement {
        var m = engine.measure(gesture)
        m.progressCurve = MeasurementCollector.thin(m.progressCurve, to: MeasurementCollector.curvePoints)
        motion.add(gesture)
        return m
    }

    /// The adding half: into the digest, or kept for labelling (`hold`).
    func add(measured m: GestureMeasurement) {
        if held != nil {
            held!.append(m)
        } else {
            context.add(m, file: index, order: order, source: nil, to: &digest)
        }
        order += 1
        if order % 256 == 0 { progress?.gesturesRead(256) }
    }

    /// The digest with the tallied motion, once every gesture is added.
    func finishedDigest() -> AnalysisDigest {
        digest.flush()
        var d = digest
        d.motion.add(motion)
        return d
    }
}

/// Gestures handed from the reading thread to one serial worker in batches of `batchSize`,
/// at most `depth` batches waiting (memory stays bounded when the worker is the slower
/// side). `send` is called from one thread; `finish` sends the last batch and waits until
/// every batch is consumed.
final class GesturePipe: @unchecked Sendable {
    private let worker: Stage
    private let batchSize: Int
    private let consume: @Sendable ([Gesture]) -> Void
    private var batch: [Gesture] = []

    /// Gestures per batch: small, so little is left to measure once the reader ends.
    static let batchSize = 32
    /// Batches waiting at each step at most (`batchSize × depth` gestures).
    static let depth = 16

    init(batchSize: Int = GesturePipe.batchSize, depth: Int = GesturePipe.depth, consume: @escaping @Sendable ([Gesture]) -> Void) {
        self.batchSize = batchSize
        self.consume = consume
        worker = Stage(label: "gesturetune.measure", depth: depth)
        batch.reserveCapacity(batchSize)
    }

    func send(_ gesture: Gesture) {
        batch.append(gesture)
        if batch.count == batchSize { flush() }
    }

    func finish() {
        flush()
        worker.finish()
    }

    /// A serial worker fed by one thread, at most `depth` blocks waiting (the sender waits
    /// beyond that: memory stays bounded when the worker is the slower side).
    final class Stage: @unchecked Sendable {
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

    private func flush() {
        guard !batch.isEmpty else { return }
        let full = batch
        batch = []
        batch.reserveCapacity(batchSize)
        worker.async { [consume] in consume(full) }
    }
}
