import GesturePhysics
import GestureTuneRuntime

/// The labelled gestures the estimator table is tuned on: under every velocity estimator, at
/// most `capacity` gestures, those whose seeded key hash is smallest (a bottom-k sample).
///
/// The table tunes one family (the headline's) per estimator, and which one is known only at
/// tune time, so the sample keeps each gesture's release figures with its velocity under every
/// estimator and the cells are counted then (`cells`), for that family only. A gesture costs a
/// hash comparison unless it is among the smallest so far, so the comparison costs what the
/// table prints, not every estimator × every candidate family × every gesture.
///
/// **Exact up to `capacity`.** Below it every labelled gesture is kept, so the table's figures
/// are those of all the gestures. Beyond it the sample is the `capacity` smallest hashes of
/// `GestureKey.mixed(seed:stream:)`, which depends only on each gesture's file name and id: a
/// merge keeps the smallest of the union, so any partition of the files gives the same sample.
struct EstimatorSample: Sendable {
    /// The most gestures the table is tuned on: a cross-validated error within about a
    /// quarter of a point (one standard error at 7%) of all the gestures'.
    static let capacity = 10_000
    /// The hash stream of the sample (`GestureKey.mixed(seed:stream:)`).
    static let stream: UInt64 = 0xE571

    /// One labelled gesture: what a rule of a headline family reads of it, its velocity under
    /// every estimator (`Estimator.allCases` order, progress/s; nil without that estimate).
    /// The `kinematic` inputs only when `kinematic` can be the headline's family.
    struct Entry: Sendable, Equatable, Codable {
        var hash: UInt64
        var fold: Int
        var complete: Bool
        var progress: Double
        var velocities: [Double?]
        var kinematicVelocity: Double?
        var kinematicAcceleration: Double?
        var sampleCount: Int?
        var extent: Double?

        /// Sample order: the hash, then the figures (two gestures with one 64-bit hash still
        /// order alike wherever they were read).
        static func precedes(_ a: Entry, _ b: Entry) -> Bool {
            if a.hash != b.hash { return a.hash < b.hash }
            if a.progress != b.progress { return a.progress < b.progress }
            if a.fold != b.fold { return a.fold < b.fold }
            return a.complete && !b.complete
        }

        /// The point under estimator `index`, nil when the gesture has no such estimate.
        func point(estimator index: Int) -> TuningPoint? {
            guard let v = velocities[index] else { return nil }
            return TuningPoint(
                id: "", progress: progress, velocity: v, kinematicVelocity: kinematicVelocity ?? 0,
                kinematicAcceleration: kinematicAcceleration ?? 0, sampleCount: sampleCount ?? 3,
                extent: extent ?? PhysicsOptions.defaultExtent)
        }
    }

    /// Labelled gestures offered.
    private(set) var count = 0
    /// Per estimator, the labelled gestures that have its estimate (sampled or not).
    private(set) var counts = [Int](repeating: 0, count: Estimator.allCases.count)
    /// The kept gestures: after `compact()`, the `capacity` first in sample order, in that
    /// order; between compactions up to twice as many, unordered.
    private var entries: [Entry] = []
    /// Once compacted at capacity: the largest hash kept (a larger one cannot enter).
    private var cutoff: UInt64?
    /// Whether entries keep the `kinematic` inputs.
    private(set) var kinematic = false

    /// `kinematic`: keep what the `kinematic` family reads (when it can be the headline's).
    init(kinematic: Bool = false) { self.kinematic = kinematic }

    /// `Estimator.allCases`, once.
    static let estimators = Estimator.allCases

    /// Counts one labelled gesture that cannot enter the sample (`admits` false): `present`
    /// tells which estimators (by index) it has.
    mutating func count(_ present: (Int) -> Bool) {
        count += 1
        for i in counts.indices where present(i) { counts[i] += 1 }
    }

    /// Whether a gesture of this hash can enter the sample (else only counted).
    func admits(_ hash: UInt64) -> Bool { cutoff.map { hash <= $0 } ?? true }

    /// Counts one labelled gesture (`velocities`: its estimates, nil where missing) and keeps
    /// it when its hash is among the smallest.
    mutating func add(
        _ point: TuningPoint, velocities: [Double?], complete: Bool, fold: Int, hash: UInt64
    ) {
        count += 1
        for (i, v) in velocities.enumerated() where v != nil { counts[i] += 1 }
        guard admits(hash) else { return }
        entries.append(
            Entry(
                hash: hash, fold: fold, complete: complete, progress: point.progress,
                velocities: velocities,
                kinematicVelocity: kinematic ? point.kinematicVelocity : nil,
                kinematicAcceleration: kinematic ? point.kinematicAcceleration : nil,
                sampleCount: kinematic ? point.sampleCount : nil,
                extent: kinematic ? point.extent : nil))
        if entries.count >= 2 * Self.capacity { compact() }
    }

    mutating func merge(_ other: EstimatorSample) {
        count += other.count
        for i in counts.indices { counts[i] += other.counts[i] }
        entries += other.entries
        compact()
    }

    /// Orders the kept gestures and keeps the first `capacity`.
    mutating func compact() {
        entries.sort(by: Entry.precedes)
        if entries.count >= Self.capacity {
            entries.removeSubrange(Self.capacity...)
            cutoff = entries.last!.hash
        }
    }

    /// The sample in sample order.
    var sample: [Entry] {
        var s = self
        s.compact()
        return s.entries
    }

    /// The sampled gestures in no particular order: the cells count the same whatever the
    /// order, and while every gesture offered is kept there is nothing to sort.
    var kept: [Entry] {
        entries.count <= Self.capacity ? entries : sample
    }

    /// The cells of `space` on the coarse grid (`CellGrid.coarse`) of the sampled gestures
    /// under estimator `index`, and their logistic points when `logistic`; nil when a sampled
    /// gesture lacks that estimate.
    /// `sample`: the sampled gestures (`EstimatorSample.kept`, gathered once for every
    /// estimator).
    static func cells(
        of sample: [Entry], space: SearchSpace, estimator index: Int, folds: Int, logistic: Bool
    ) -> (family: FamilyCells, logistic: LogisticCells?)? {
        var family = FamilyCells(space: space, folds: folds, coarse: true)
        var points = logistic ? LogisticCells(folds: folds) : nil
        for entry in sample {
            guard let p = entry.point(estimator: index) else { return nil }
            family.add(p, complete: entry.complete, fold: entry.fold)
            points?.add(
                progress: p.progress, velocity: p.velocity, complete: entry.complete,
                fold: entry.fold)
        }
        family.settle()
        return (family, points)
    }

    /// Every count within `range`, one velocity slot per estimator, folds in `0..<folds`, no
    /// more kept than offered nor than twice the capacity (a decoded file's consistency).
    func isWithin(_ range: ClosedRange<Int>, folds: Int) -> Bool {
        range.contains(count) && counts.count == Estimator.allCases.count
            && counts.allSatisfy { range.contains($0) && $0 <= count }
            && entries.count <= min(count, 2 * Self.capacity)
            && entries.allSatisfy { e in
                (0..<folds).contains(e.fold) && e.velocities.count == Estimator.allCases.count
                    && e.progress.isFinite
                    && [e.kinematicVelocity, e.kinematicAcceleration, e.extent].allSatisfy {
                        ($0 != nil) == kinematic
                    } && (e.sampleCount != nil) == kinematic
                    && (e.kinematicVelocity?.isFinite ?? true)
                    && (e.kinematicAcceleration?.isFinite ?? true)
                    && (e.extent.map { $0.isFinite && $0 > 0 } ?? true)
                    && e.velocities.allSatisfy { $0?.isFinite ?? true }
            }
    }
}

extension EstimatorSample: Codable {
    /// What a file holds: the counts and the sample in sample order (`sample`), however the
    /// kept gestures were gathered, so equal samples are equal bytes.
    private struct Stored: Codable {
        var count: Int
        var counts: [Int]
        var kinematic: Bool
        var entries: [Entry]
    }

    init(from decoder: any Decoder) throws {
        let stored = try Stored(from: decoder)
        (count, counts, kinematic, entries) = (
            stored.count, stored.counts, stored.kinematic, stored.entries
        )
        compact()
    }

    func encode(to encoder: any Encoder) throws {
        try Stored(count: count, counts: counts, kinematic: kinematic, entries: sample).encode(
            to: encoder)
    }
}

extension EstimatorSample: Equatable {
    /// Equal counts and equal samples, however the kept gestures were gathered.
    static func == (a: EstimatorSample, b: EstimatorSample) -> Bool {
        a.count == b.count && a.counts == b.counts && a.kinematic == b.kinematic
            && a.sample == b.sample
    }
}
