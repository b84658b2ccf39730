import GesturePhysics

/// What the warnings about measurements read, tallied gesture by gesture and mergeable:
/// sampling rates (`TimeScaleCheck`), where extents came from and which there are
/// (`TuningWarning.defaultExtent`, `.extentsDiffer`, `TuningWarning.input`), estimator
/// disagreement and fallbacks. Every measurement counts, interrupted ones too. A merge adds
/// counts, so any partition of the same measurements gives the same tally.
public struct MeasurementTally: Sendable, Equatable, Codable {
    /// Measurements added.
    public var count = 0
    /// Finite, positive sampling rates (Hz).
    package var sampleRates = QuantileSketch()
    /// Measurements whose extent came from the width/height column, from `--extent` or the
    /// parameter file, and from the 390 pt default.
    public var columnExtents = 0
    public var optionExtents = 0
    public var defaultExtents = 0
    /// The smallest extent given as an option, and the smallest default one (pt).
    public var optionExtent: Double?
    public var defaultExtent: Double?
    /// Finite positive extents with their counts, in increasing extent (one entry per container
    /// size: a handful of devices).
    public var extents: [ExtentCount] = []
    /// Measurements on which lsq2 disagrees in sign with the other estimators, and on which the
    /// velocity estimator fell back.
    public var disagreements = 0
    public var fellBack = 0
    /// Measurements per direction, in `Direction.allCases` order.
    public var directions = [Int](repeating: 0, count: Direction.allCases.count)

    public struct ExtentCount: Sendable, Equatable, Codable {
        public var extent: Double
        public var count: Int
    }

    public init() {}

    public init<S: Sequence>(_ measurements: S) where S.Element == GestureMeasurement {
        for m in measurements { add(m) }
    }

    public mutating func add(_ m: GestureMeasurement) {
        count += 1
        if m.sampleRate.isFinite && m.sampleRate > 0 { sampleRates.add(m.sampleRate) }
        switch m.extentSource {
        case .column: columnExtents += 1
        case .option:
            optionExtents += 1
            optionExtent = Self.smaller(optionExtent, m.extent)
        case .defaultValue:
            defaultExtents += 1
            defaultExtent = Self.smaller(defaultExtent, m.extent)
        }
        if m.extent.isFinite && m.extent > 0 {
            Self.add(&extents, ExtentCount(extent: m.extent, count: 1))
        }
        if m.estimatorDisagreement { disagreements += 1 }
        if m.velocity.fellBack { fellBack += 1 }
        if let d = Direction.allCases.firstIndex(of: m.direction), d < directions.count {
            directions[d] += 1
        }
    }

    public mutating func merge(_ other: MeasurementTally) {
        count += other.count
        sampleRates.merge(other.sampleRates)
        columnExtents += other.columnExtents
        optionExtents += other.optionExtents
        defaultExtents += other.defaultExtents
        if let e = other.optionExtent { optionExtent = Self.smaller(optionExtent, e) }
        if let e = other.defaultExtent { defaultExtent = Self.smaller(defaultExtent, e) }
        for e in other.extents { Self.add(&extents, e) }
        disagreements += other.disagreements
        fellBack += other.fellBack
        // (A decoded tally of another shape adds what it has: never out of bounds.)
        for d in directions.indices where d < other.directions.count {
            directions[d] += other.directions[d]
        }
    }

    static func smaller(_ a: Double?, _ b: Double) -> Double {
        guard let a else { return b }
        return b < a || a.isNaN ? b : a
    }

    static func add(_ list: inout [ExtentCount], _ e: ExtentCount) {
        var lo = 0, hi = list.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if list[mid].extent < e.extent { lo = mid + 1 } else { hi = mid }
        }
        if lo < list.count && list[lo].extent == e.extent {
            list[lo].count += e.count
        } else {
            list.insert(e, at: lo)
        }
    }

    /// The direction most measurements were measured along (ties: `Direction.allCases` order).
    public var direction: Direction? {
        guard let top = directions.max(), top > 0, let d = directions.firstIndex(of: top),
            d < Direction.allCases.count
        else { return nil }
        return Direction.allCases[d]
    }

    /// The most common extent (ties: the smaller), 390 pt when there is none: the extent pt/s
    /// figures are printed at.
    public var typicalExtent: Double {
        var best: ExtentCount?
        for e in extents where best == nil || e.count > best!.count { best = e }
        return best?.extent ?? PhysicsOptions.defaultExtent
    }

    /// The extent every measurement took from its width/height column, when they all took the
    /// same one; else nil.
    public var sharedColumnExtent: Double? {
        guard count > 0, columnExtents == count, extents.count == 1 else { return nil }
        return extents[0].extent
    }

    /// The extent and its source every measurement was measured with when none had a
    /// width/height column: the option's when one was given, else the default.
    public var assumedExtent: (extent: Double, source: ExtentSource)? {
        guard count > 0, columnExtents == 0 else { return nil }
        if let e = optionExtent { return (e, .option) }
        if let e = defaultExtent { return (e, .defaultValue) }
        return nil
    }
}
