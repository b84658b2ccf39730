internal import GestureNumerics

/// A mergeable, size-bounded multiset of finite doubles for percentiles.
///
/// Up to `exactLimit` (2048) values it keeps them exactly, sorted: percentiles are
/// `GSL.quantile(sorted:)`'s, bit for bit. Past that it holds fine bins instead: a value's bin
/// is its sign, its binary exponent and the top `mantissaBits` (11) bits of its mantissa, so
/// every bin spans 2⁻¹¹ of its binade and its midpoint (the value a binned percentile reads)
/// lies within 2⁻¹² ≈ 2.44e-4 of every value in it, relatively; values with `|x| < 2⁻²⁰`
/// (1e-6) share the bin of 0. That keeps every suggestion within its rounding step: the
/// completion speed (≤ 3, step 0.001) within 7.3e-4, the finger-speed cap (≤ 0.54 s, step
/// 0.001 s) within 1.3e-4 s, an edge width (a container ≤ 1366 pt, step 0.5 pt) within
/// 0.33 pt, the direction lock (≤ 180°, step 0.1°) within 0.044°. The bins depend only on the values, and the form only on how many
/// there are (exact while `count <= exactLimit`), so a merge is exact, commutative and
/// associative: any partition of the same values merges to the same sketch.
///
/// Size: at most `exactLimit` values, else one (key, count) pair per occupied bin: at most
/// 2048 per binade in use (physical figures span a few binades), whatever the count.
///
/// Non-finite values are not kept (callers filter them; `add` ignores them).
package struct QuantileSketch: Sendable, Equatable, Codable {
    /// Values kept exactly up to this count.
    package static let exactLimit = 2048
    /// Mantissa bits of a bin key: bins are 2⁻¹¹ of a binade wide.
    package static let mantissaBits = 11
    /// Largest relative distance of a bin's midpoint to any value in the bin (2⁻¹²).
    package static let relativeResolution = 1.0 / Double(1 << (mantissaBits + 1))
    /// Values of smaller magnitude fall in the bin of 0 (absolute error below 1e-6).
    package static let zeroLimit = 0x1p-20

    /// Values added.
    package private(set) var count = 0
    /// The largest count a decoded sketch may claim (2^53: merges of such counts cannot overflow).
    static let countLimit = 1 << 53
    /// Sorted values while `count <= exactLimit`, else empty.
    private var values: [Double] = []
    /// Occupied bins (key → count) while `count > exactLimit`, else empty: adding a value is
    /// one hash update; readers sort the keys once (`sortedBins`).
    private var bins: [Int64: Int] = [:]
    /// Smallest and largest value added (exact in either form).
    package private(set) var minimum: Double?
    package private(set) var maximum: Double?

    struct Bin: Sendable, Equatable {
        var key: Int64
        var count: Int
    }

    package init() {}

    /// Builds a sketch of `values` (non-finite ones left out).
    package init<S: Sequence>(_ values: S) where S.Element == Double {
        for x in values { add(x) }
    }

    /// True while the values are kept exactly.
    package var isExact: Bool { count <= Self.exactLimit }
    package var isEmpty: Bool { count == 0 }
    /// Occupied bins (0 while exact): the size of the binned form.
    package var binCount: Int { bins.count }

    // MARK: Adding and merging

    package mutating func add(_ x: Double) {
        guard x.isFinite else { return }
        // −0 is kept as +0: the two compare equal, so their order in the sorted values (and a
        // percentile that lands on them) would depend on the order values were added or merged.
        let x = x == 0 ? 0 : x
        minimum = Swift.min(minimum ?? x, x)
        maximum = Swift.max(maximum ?? x, x)
        count += 1
        if count <= Self.exactLimit {
            values.insert(x, at: Self.insertionIndex(values, x))
            return
        }
        if !values.isEmpty { convertToBins() }
        addToBins(Self.key(x), 1)
    }

    /// Adds every value of `other`: the same sketch as adding them one by one, in any order.
    package mutating func merge(_ other: QuantileSketch) {
        guard other.count > 0 else { return }
        guard count > 0 else {
            self = other
            return
        }
        minimum = Swift.min(minimum!, other.minimum!)
        maximum = Swift.max(maximum!, other.maximum!)
        let total = count + other.count
        if total <= Self.exactLimit {
            values = Self.mergeSorted(values, other.values)
            count = total
            return
        }
        if !values.isEmpty { convertToBins() }
        count = total
        if other.values.isEmpty {
            bins.merge(other.bins, uniquingKeysWith: +)
        } else {
            for x in other.values { bins[Self.key(x), default: 0] += 1 }
        }
    }

    private mutating func convertToBins() {
        for x in values { bins[Self.key(x), default: 0] += 1 }
        values = []
    }

    private mutating func addToBins(_ key: Int64, _ n: Int) {
        bins[key, default: 0] += n
    }

    static func insertionIndex(_ sorted: [Double], _ x: Double) -> Int {
        var lo = 0, hi = sorted.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if sorted[mid] <= x { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    static func mergeSorted(_ a: [Double], _ b: [Double]) -> [Double] {
        var out: [Double] = []
        out.reserveCapacity(a.count + b.count)
        var i = 0, j = 0
        while i < a.count && j < b.count {
            if b[j] < a[i] {
                out.append(b[j])
                j += 1
            } else {
                out.append(a[i])
                i += 1
            }
        }
        out.append(contentsOf: a[i...])
        out.append(contentsOf: b[j...])
        return out
    }

    // MARK: Bins

    private static let shift = UInt64(52 - mantissaBits)

    /// The bin of finite `x`: monotone in `x` (a larger value never has a smaller key).
    static func key(_ x: Double) -> Int64 {
        let a = Swift.abs(x)
        guard a >= zeroLimit else { return 0 }
        let k = Int64(a.bitPattern >> shift)
        return x < 0 ? -k : k
    }

    /// The midpoint of bin `key` (0 for the bin of 0).
    static func representative(_ key: Int64) -> Double {
        guard key != 0 else { return 0 }
        let k = UInt64(Swift.abs(key))
        let v = Double(bitPattern: (k << shift) | (1 << (shift - 1)))
        return key < 0 ? -v : v
    }

    // MARK: Reading

    /// The values with their multiplicities, in increasing order: each exact value once per
    /// occurrence (count 1), or each bin's midpoint with its count.
    package var weightedValues: [(value: Double, count: Int)] {
        isExact
            ? values.map { ($0, 1) } : sortedBins.map { (Self.representative($0.key), $0.count) }
    }

    /// The occupied bins in increasing key order.
    var sortedBins: [Bin] {
        bins.map { Bin(key: $0.key, count: $0.value) }.sorted { $0.key < $1.key }
    }

    /// The `f` quantile (0…1): `GSL.quantile(sorted:)` on the exact values; on bins the same
    /// definition (linear interpolation between the order statistics at `(n-1) f`) with each
    /// order statistic read as its bin's midpoint. nil when empty.
    package func quantile(_ f: Double) -> Double? {
        guard count > 0 else { return nil }
        if isExact { return GSL.quantile(sorted: values, f) }
        let index = f * Double(count - 1)
        let lhs = Swift.min(Swift.max(Int(index), 0), count - 1)
        let delta = index - Double(lhs)
        let pair = self.values(atRanks: lhs == count - 1 ? [lhs] : [lhs, lhs + 1])
        if lhs == count - 1 { return pair[0] }
        return (1 - delta) * pair[0] + delta * pair[1]
    }

    /// The order statistic of rank `rank` (0-based; exact, or its bin's midpoint).
    package func value(atRank rank: Int) -> Double {
        values(atRanks: [rank])[0]
    }

    /// Order statistics at `ranks` (increasing, each in `0..<count`), in one pass.
    package func values(atRanks ranks: [Int]) -> [Double] {
        if isExact { return ranks.map { values[$0] } }
        let bins = sortedBins
        var out: [Double] = []
        out.reserveCapacity(ranks.count)
        var bin = 0
        var below = 0  // values in bins before `bin`
        for r in ranks {
            while bin < bins.count - 1 && below + bins[bin].count <= r {
                below += bins[bin].count
                bin += 1
            }
            out.append(Self.representative(bins[bin].key))
        }
        return out
    }

    /// Values at most `x`: exact on exact values; on bins, the bins whose midpoint is at most `x`.
    package func count(atMost x: Double) -> Int {
        if isExact { return Self.insertionIndex(values, x) }
        return bins.reduce(0) { $0 + (Self.representative($1.key) <= x ? $1.value : 0) }
    }

    // MARK: Codable: {count, values} or {count, minimum, maximum, bins: "key,count,Δkey,count,…"}
    // (each key after the first as its increase over the previous one: mostly 1; one string,
    // as `CountList` writes it, so a reader parses digits instead of a JSON value per number)

    enum CodingKeys: String, CodingKey { case count, values, bins, minimum, maximum }

    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        count = try c.decode(Int.self, forKey: .count)
        guard count >= 0 && count <= Self.countLimit else {
            throw DecodingError.dataCorruptedError(
                forKey: .count, in: c,
                debugDescription: "expected a count from 0 to 2^53, found \(count)")
        }
        if count <= Self.exactLimit {
            values = try c.decode([Double].self, forKey: .values)
            guard values.count == count, zip(values, values.dropFirst()).allSatisfy({ $0 <= $1 }),
                values.allSatisfy(\.isFinite)
            else {
                throw DecodingError.dataCorruptedError(
                    forKey: .values, in: c,
                    debugDescription: "expected \(count) sorted finite values")
            }
            minimum = values.first
            maximum = values.last
        } else {
            guard
                let flat = CountList.parseSigned(try c.decode(String.self, forKey: .bins))?.map(
                    Int64.init)
            else {
                throw DecodingError.dataCorruptedError(
                    forKey: .bins, in: c, debugDescription: "expected integers separated by commas")
            }
            guard flat.count % 2 == 0 else {
                throw DecodingError.dataCorruptedError(
                    forKey: .bins, in: c, debugDescription: "expected key, count pairs")
            }
            var key: Int64 = 0
            for i in stride(from: 0, to: flat.count, by: 2) {
                let (step, n) = (flat[i], flat[i + 1])
                guard i == 0 || step > 0, n > 0, n <= Int64(Self.countLimit) else {
                    throw DecodingError.dataCorruptedError(
                        forKey: .bins, in: c,
                        debugDescription: "expected increasing keys with positive counts")
                }
                let (next, overflow) = (i == 0 ? 0 : key).addingReportingOverflow(step)
                guard !overflow else {
                    throw DecodingError.dataCorruptedError(
                        forKey: .bins, in: c, debugDescription: "bin key out of range")
                }
                key = next
                bins[key] = Int(n)
            }
            // Summed without trapping: a corrupt file is an error, never a crash.
            var total = 0
            for n in bins.values {
                let (t, overflow) = total.addingReportingOverflow(n)
                guard !overflow else {
                    total = -1
                    break
                }
                total = t
            }
            guard total == count else {
                throw DecodingError.dataCorruptedError(
                    forKey: .bins, in: c,
                    debugDescription: "expected increasing keys with counts adding up to \(count)")
            }
            minimum = try c.decode(Double.self, forKey: .minimum)
            maximum = try c.decode(Double.self, forKey: .maximum)
        }
    }

    package func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(count, forKey: .count)
        if isExact {
            try c.encode(values, forKey: .values)
        } else {
            var flat: [Int64] = []
            flat.reserveCapacity(2 * bins.count)
            var previous: Int64 = 0
            for (i, b) in sortedBins.enumerated() {
                flat.append(i == 0 ? b.key : b.key - previous)
                flat.append(Int64(b.count))
                previous = b.key
            }
            try c.encode(CountList.text(flat.map { Int($0) }), forKey: .bins)
            try c.encode(minimum, forKey: .minimum)
            try c.encode(maximum, forKey: .maximum)
        }
    }
}
