import GesturePhysics
import GestureTuning

/// The gestures a report shows one by one (its gesture table, the progress curves, the
/// drill-down): a bounded, seeded sample of every gesture read, the same whatever the files'
/// partition into shards.
///
/// Each gesture offered gets a priority class, known when it is measured (the current
/// parameters are fixed before reading): misdecided by the current rule first, then within
/// its ambiguity band, then recorded outcome different from the current decision, then the
/// rest. Within a class gestures are ranked by a seeded hash of their `GestureKey`
/// (`key.mixed(seed: seed, stream: GestureSample.stream)`), then by file index and order
/// within the file. The sample keeps the first `capacity` gestures of that ranking, so the
/// union of shard samples cut to `capacity` is the sample of the unsharded run: `merge` is
/// exact, commutative and associative. Rows are shown in input order: file index in the full
/// argument list, then order within the file.
///
/// With no more gestures than `capacity` every gesture is kept (today's report, unchanged).
public struct GestureSample: Sendable, Equatable {
    /// Default `capacity`: gestures shown one by one.
    public static let defaultCapacity = 2500
    /// The hash stream of the ranking (`GestureKey.mixed(seed:stream:)`).
    public static let stream: UInt64 = 0x5A3E

    /// Priority classes, first kept first.
    public enum Priority: Int, Sendable, Codable, Comparable {
        /// Labelled complete or cancel and refused by the current gate: kept first, so the
        /// end-to-end count can take them out of the release's errors exactly.
        case refused = -1
        case misdecided = 0
        case ambiguous = 1
        case outcomeMismatch = 2
        case other = 3
        public static func < (a: Priority, b: Priority) -> Bool { a.rawValue < b.rawValue }
    }

    /// One kept gesture: its measurement (progress curve thinned) and where it ranks.
    public struct Entry: Sendable, Equatable {
        public var priority: Priority
        public var hash: UInt64
        /// Index of the gesture's file in the run's full file list.
        public var fileIndex: Int
        /// Position of the gesture in its file (0-based, in the order gestures closed).
        public var order: Int
        public var measurement: GestureMeasurement
        /// Where its label came from, with implicit labels.
        public var intentSource: IntentSource?

        public init(
            priority: Priority, hash: UInt64, fileIndex: Int, order: Int,
            measurement: GestureMeasurement, intentSource: IntentSource? = nil
        ) {
            self.priority = priority
            self.hash = hash
            self.fileIndex = fileIndex
            self.order = order
            self.measurement = measurement
            self.intentSource = intentSource
        }

        /// The ranking: class, hash, then position (a total order: positions are unique).
        func ranks(before other: Entry) -> Bool { rank < other.rank }

        /// Where the entry ranks, without its measurement (sorting keys copy nothing else).
        var rank: Rank {
            Rank(priority: priority.rawValue, hash: hash, fileIndex: fileIndex, order: order)
        }
    }

    /// An entry's place in the ranking: class, hash, then position.
    struct Rank: Comparable {
        var priority: Int
        var hash: UInt64
        var fileIndex: Int
        var order: Int

        static func < (a: Rank, b: Rank) -> Bool {
            if a.priority != b.priority { return a.priority < b.priority }
            if a.hash != b.hash { return a.hash < b.hash }
            if a.fileIndex != b.fileIndex { return a.fileIndex < b.fileIndex }
            return a.order < b.order
        }
    }

    /// Most gestures kept.
    public private(set) var capacity: Int
    /// Gestures offered (kept or not).
    public private(set) var offered = 0
    /// The kept gestures, best-ranked first once `normalise`d (between calls it may hold up to
    /// `capacity` + a quarter entries, cut lazily: each entry holds a measurement, so the
    /// slack is memory).
    private var entries: [Entry] = []

    public init(capacity: Int = GestureSample.defaultCapacity) {
        self.capacity = max(0, capacity)
    }

    /// A sample stored elsewhere (an analysis partial): its capacity, the gestures offered
    /// and the entries kept, in any order.
    public init(capacity: Int, offered: Int, entries: [Entry]) {
        self.capacity = max(0, capacity)
        self.offered = offered
        self.entries = entries
        normalise()
    }

    /// The class of a gesture under the current parameters: refused by the current gate (a
    /// labelled gesture), the decider's decision against
    /// the label (misdecided), `isAmbiguous` (the band `band`), the
    /// recorded outcome against the decision. Gestures the tuner does not use (interrupted by
    /// the system, non-finite figures) are `other`.
    public static func priority(of m: GestureMeasurement, current: ParameterSet, band: Double)
        -> Priority
    {
        let state = m.releaseState
        guard !m.interruptedBySystem, state.isFiniteState else { return .other }
        if m.intent != nil, !current.gate.admits(m) { return .refused }
        let decided = current.decider.decision(state)
        if let intent = m.intent, intent != decided { return .misdecided }
        if isAmbiguous(state, current: current, band: band) { return .ambiguous }
        if let outcome = m.outcome, outcome != decided { return .outcomeMismatch }
        return .other
    }

    /// Within `band` of the current rule's boundary (`Rule.isAmbiguous`), the rule taken at the
    /// gesture's own extent as its decision is (a preset's pt/s thresholds follow the extent).
    public static func isAmbiguous(_ state: ReleaseState, current: ParameterSet, band: Double)
        -> Bool
    {
        current.decider.rule(forExtent: state.extent).isAmbiguous(state, band: band)
    }

    /// Offers one gesture. A gesture ranked below the `capacity`-th kept one is not stored.
    public mutating func offer(_ entry: Entry) {
        offered += 1
        guard capacity > 0 else { return }
        if entries.count >= capacity, let last = threshold, !entry.ranks(before: last) { return }
        entries.append(entry)
        if entries.count >= capacity + max(capacity / 4, 64) { normalise() }
    }

    /// The worst kept entry after the last cut, when the sample is full.
    private var threshold: Entry?

    /// Sorts by rank and cuts to `capacity`.
    private mutating func normalise() {
        // Sorted by position, then the kept entries gathered once: an entry (a measurement with
        // its arrays) is copied once instead of at every move of a sort.
        let ranks = entries.map(\.rank)
        let order = ranks.withUnsafeBufferPointer { r in
            (0..<r.count).sorted { r[$0] < r[$1] }
        }
        let kept = min(order.count, capacity)
        if order.prefix(kept).enumerated().contains(where: { $0.offset != $0.element }) {
            entries = order.prefix(kept).map { entries[$0] }
        } else if entries.count > kept {
            entries.removeLast(entries.count - kept)
        }
        threshold = entries.count >= capacity ? entries.last : nil
    }

    /// The union of two samples cut to `capacity` (the smaller of the two capacities).
    public mutating func merge(_ other: GestureSample) {
        capacity = min(capacity, other.capacity)
        offered += other.offered
        entries += other.entries
        normalise()
    }

    /// The kept gestures in input order (file index, then order within the file).
    public var inInputOrder: [Entry] {
        // No more entries than the capacity: every one is kept, whatever their ranks.
        var kept = entries
        if kept.count > capacity {
            var copy = self
            copy.normalise()
            kept = copy.entries
        }
        // Indices sorted, then the entries gathered once (an entry holds a measurement's arrays),
        // unless they already are in input order (as offered by one reader).
        let positions = kept.map { (fileIndex: $0.fileIndex, order: $0.order) }
        let order = positions.withUnsafeBufferPointer { p in
            (0..<p.count).sorted { (p[$0].fileIndex, p[$0].order) < (p[$1].fileIndex, p[$1].order) }
        }
        if order.elementsEqual(order.indices) { return kept }
        return order.map { kept[$0] }
    }

    /// The kept gestures, best-ranked first (the order they are encoded in).
    public var ranked: [Entry] {
        var copy = self
        copy.normalise()
        return copy.entries
    }

    /// Kept gestures.
    public var count: Int { min(entries.count, capacity) }
    /// True when every gesture offered is kept.
    public var isComplete: Bool { offered <= capacity }

    public static func == (a: GestureSample, b: GestureSample) -> Bool {
        var x = a, y = b
        x.normalise()
        y.normalise()
        return x.capacity == y.capacity && x.offered == y.offered && x.entries == y.entries
    }
}
