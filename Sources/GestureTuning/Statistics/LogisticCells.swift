import GesturePhysics

/// The labelled `(p_r, v_p, label)` the logistic fit reads, per fold: the exact points while
/// there are at most `cap` of them (kept sorted, so any partition gives the same list), fine
/// `(p, v)` bins with counts once there are more (the conversion reads only each point's
/// values, so any partition gives the same bins). Bins are `1/128` progress by `1/32`
/// progress/s (`p_r` clamped to [−4, 5], `v_p` to [−128, 128)); a binned row stands at its
/// bin's centre.
struct LogisticCells: Sendable, Equatable {
    static let cap = 2048
    static let progressBinsPerUnit = 128.0
    static let velocityBinsPerUnit = 32.0
    static let progressBinRange = -512...639
    static let velocityBinRange = -4096...4095

    struct Point: Sendable, Equatable, Comparable {
        var progress: Double
        var velocity: Double
        var complete: Bool
        var fold: Int
        static func < (a: Point, b: Point) -> Bool {
            (a.progress, a.velocity, a.complete ? 1 : 0, a.fold) < (
                b.progress, b.velocity, b.complete ? 1 : 0, b.fold
            )
        }
    }

    let folds: Int
    /// Exact points in increasing order (while not binned).
    var points: [Point] = []
    /// Once binned: per fold, `binKey` → count (`CellCounts`: 8 bytes a bin; a decoded file's
    /// bins a list of exactly their number until added to).
    var bins: [CellCounts]
    var binned = false
    var count = 0

    init(folds: Int) {
        self.folds = folds
        bins = []
    }

    mutating func add(progress: Double, velocity: Double, complete: Bool, fold: Int) {
        count += 1
        let point = Point(progress: progress, velocity: velocity, complete: complete, fold: fold)
        if binned {
            addToBins(point)
            return
        }
        var lo = 0, hi = points.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if points[mid] < point { lo = mid + 1 } else { hi = mid }
        }
        points.insert(point, at: lo)
        if points.count > Self.cap { convertToBins() }
    }

    mutating func merge(_ other: LogisticCells) {
        precondition(folds == other.folds)
        count += other.count
        if !binned && !other.binned && points.count + other.points.count <= Self.cap {
            points = (points + other.points).sorted()
            return
        }
        convertToBins()
        for p in other.points { addToBins(p) }
        for (f, theirs) in other.bins.enumerated() {
            theirs.forEach { key, n in bins[f].add(key, n) }
        }
    }

    private mutating func convertToBins() {
        if !binned { bins = (0..<folds).map { _ in CellCounts() } }
        binned = true
        for p in points { addToBins(p) }
        points = []
    }

    private mutating func addToBins(_ p: Point) {
        bins[p.fold].add(Self.binKey(p))
    }

    /// Calls `body(key, perFold)` for every occupied bin in increasing key order.
    func forEachBin(_ body: (Int, [Int]) -> Void) {
        var packed: [(key: Int32, fold: Int32, count: Int)] = []
        packed.reserveCapacity(bins.reduce(0) { $0 + $1.count })
        for (f, table) in bins.enumerated() {
            table.forEach { key, n in if n != 0 { packed.append((Int32(key), Int32(f), n)) } }
        }
        packed.sort { ($0.key, $0.fold) < ($1.key, $1.fold) }
        var start = 0
        while start < packed.count {
            let key = packed[start].key
            var perFold = [Int](repeating: 0, count: folds)
            var end = start
            while end < packed.count && packed[end].key == key {
                perFold[Int(packed[end].fold)] += packed[end].count
                end += 1
            }
            body(Int(key), perFold)
            start = end
        }
    }

    static func binKey(_ p: Point) -> Int {
        let pb = min(
            max(
                Int((p.progress * progressBinsPerUnit).rounded(.down)), progressBinRange.lowerBound),
            progressBinRange.upperBound)
        let vb = min(
            max(
                Int((p.velocity * velocityBinsPerUnit).rounded(.down)), velocityBinRange.lowerBound),
            velocityBinRange.upperBound)
        let vSpan = velocityBinRange.count
        return ((pb - progressBinRange.lowerBound) * vSpan + (vb - velocityBinRange.lowerBound)) * 2
            + (p.complete ? 1 : 0)
    }

    /// The centre of bin `key` and its label.
    static func binCentre(_ key: Int) -> (progress: Double, velocity: Double, complete: Bool) {
        let vSpan = velocityBinRange.count
        let pv = key >> 1
        let pb = pv / vSpan + progressBinRange.lowerBound,
            vb = pv % vSpan + velocityBinRange.lowerBound
        return (
            (Double(pb) + 0.5) / progressBinsPerUnit, (Double(vb) + 0.5) / velocityBinsPerUnit,
            key & 1 == 1
        )
    }

    /// Rows of the fit in canonical order: `(p, v, complete, per-fold counts)`.
    func rows() -> [(progress: Double, velocity: Double, complete: Bool, folds: [Int])] {
        if !binned {
            return points.map { p in
                var f = [Int](repeating: 0, count: folds)
                f[p.fold] = 1
                return (p.progress, p.velocity, p.complete, f)
            }
        }
        var rows: [(progress: Double, velocity: Double, complete: Bool, folds: [Int])] = []
        forEachBin { key, perFold in
            let c = Self.binCentre(key)
            rows.append((c.progress, c.velocity, c.complete, perFold))
        }
        return rows
    }
}

extension LogisticCells: Codable {
    enum CodingKeys: String, CodingKey { case folds, count, points, bins }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let folds = try c.decode(Int.self, forKey: .folds)
        guard folds >= 1 && folds <= 1000 else {
            throw DecodingError.dataCorruptedError(
                forKey: .folds, in: c, debugDescription: "expected 1 to 1000 folds, found \(folds)")
        }
        self.init(folds: folds)
        count = try c.decode(Int.self, forKey: .count)
        guard (0...TuningStatistics.countLimit).contains(count) else {
            throw DecodingError.dataCorruptedError(
                forKey: .count, in: c,
                debugDescription:
                    "expected a count from 0 to \(TuningStatistics.countLimit), found \(count)")
        }
        if let text = try c.decodeIfPresent(String.self, forKey: .bins) {
            guard let flat = CountList.parse(text, limit: TuningStatistics.countLimit) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .bins, in: c,
                    debugDescription:
                        "expected counts from 0 to \(TuningStatistics.countLimit) separated by commas"
                )
            }
            // Per occupied bin in increasing key order: the key's increase over the previous
            // bin's (the first: the key), then one count per fold.
            binned = true
            var total = 0
            var key = -1
            let keyLimit = Self.progressBinRange.count * Self.velocityBinRange.count * 2
            guard flat.count % (folds + 1) == 0 else {
                throw DecodingError.dataCorruptedError(
                    forKey: .bins, in: c,
                    debugDescription: "expected a key step and \(folds) counts per bin")
            }
            // Per fold, its bins in increasing key order: lists of exactly their number.
            var sizes = [Int](repeating: 0, count: folds)
            for start in stride(from: 0, to: flat.count, by: folds + 1) {
                for f in 0..<folds where flat[start + 1 + f] != 0 { sizes[f] += 1 }
            }
            bins = sizes.map { CellCounts(listCapacity: $0) }
            for start in stride(from: 0, to: flat.count, by: folds + 1) {
                let step = flat[start]
                guard
                    (key < 0 ? step >= 0 : step > 0) && step < keyLimit
                        && (key < 0 ? step : key + step) < keyLimit
                else {
                    throw DecodingError.dataCorruptedError(
                        forKey: .bins, in: c,
                        debugDescription: "expected increasing bins below \(keyLimit)")
                }
                key = key < 0 ? step : key + step
                for f in 0..<folds {
                    let n = flat[start + 1 + f]
                    guard (0...TuningStatistics.countLimit).contains(n),
                        total <= TuningStatistics.countLimit
                    else {
                        throw DecodingError.dataCorruptedError(
                            forKey: .bins, in: c,
                            debugDescription:
                                "expected a count from 0 to \(TuningStatistics.countLimit), found \(n)"
                        )
                    }
                    if n != 0 {
                        bins[f].append(key, n)
                        total += n
                    }
                }
            }
            guard total == count else {
                throw DecodingError.dataCorruptedError(
                    forKey: .count, in: c,
                    debugDescription: "expected bins adding up to \(count), found \(total)")
            }
        } else {
            let rows = try c.decode([[Double]].self, forKey: .points)
            for row in rows {
                guard row.count == 4, row[0].isFinite, row[1].isFinite, row[2] == 0 || row[2] == 1,
                    let fold = Int(exactly: row[3]), fold >= 0, fold < folds
                else {
                    throw DecodingError.dataCorruptedError(
                        forKey: .points, in: c,
                        debugDescription: "expected [progress, velocity, 0 or 1, fold]")
                }
                points.append(
                    Point(progress: row[0], velocity: row[1], complete: row[2] == 1, fold: fold))
            }
            points.sort()
            guard points.count == count, points.count <= Self.cap else {
                throw DecodingError.dataCorruptedError(
                    forKey: .points, in: c,
                    debugDescription: "expected \(count) points, at most \(Self.cap)")
            }
        }
    }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(folds, forKey: .folds)
        try c.encode(count, forKey: .count)
        if binned {
            var flat: [Int] = []
            var previous = -1
            forEachBin { key, perFold in
                flat.append(previous < 0 ? key : key - previous)
                flat.append(contentsOf: perFold)
                previous = key
            }
            try c.encode(CountList.text(flat), forKey: .bins)
        } else {
            try c.encode(
                points.map { [$0.progress, $0.velocity, $0.complete ? 1 : 0, Double($0.fold)] },
                forKey: .points)
        }
    }
}
