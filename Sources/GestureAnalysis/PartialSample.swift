import Foundation
import GesturePhysics
import GestureReport

/// `ReportSample` as the partial stores it: its capacity, the gestures offered, and each kept
/// entry with its progress curve as `PartialCurve` when that gives the curve back exactly.
struct PartialSample: Codable {
    var capacity: Int
    var offered: Int
    var entries: [PartialEntry]

    init(_ sample: ReportSample) {
        capacity = sample.capacity
        offered = sample.offered
        entries = sample.ranked.map(PartialEntry.init)
    }

    var sample: ReportSample {
        ReportSample(capacity: capacity, offered: offered, entries: entries.map(\.entry))
    }
}

/// One kept gesture: the entry (its measurement without the curve when `curve` holds it).
struct PartialEntry: Codable {
    var entry: ReportSample.Entry
    var curve: PartialCurve?

    init(_ entry: ReportSample.Entry) {
        self.entry = entry
        curve = PartialCurve(entry.measurement)
        if curve != nil { self.entry.measurement.progressCurve = [] }
    }

    enum CodingKeys: String, CodingKey { case entry, curve }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        entry = try c.decode(ReportSample.Entry.self, forKey: .entry)
        curve = try c.decodeIfPresent(PartialCurve.self, forKey: .curve)
        if let curve {
            guard entry.measurement.progressCurve.isEmpty,
                let points = curve.points(entry.measurement)
            else {
                throw DecodingError.dataCorruptedError(
                    forKey: .curve, in: c,
                    debugDescription:
                        "expected a curve of integers within range, and no other curve")
            }
            entry.measurement.progressCurve = points
        }
    }
}

/// A progress curve as the integers it was measured from: each point's time on the trace's
/// clock and its position along the axis, in units of 10^-`tDigits` s and 10^-`xDigits` pt,
/// as differences from the previous point (the first from the gesture's start time and
/// start position). A point reads back as `t = n / 10^k - startTime` and
/// `p = min(max((m / 10^k - startPosition) / extent, 0), 1)`; the curve is stored so only
/// when every point reads back to the same bits, else the measurement keeps it as it is.
/// Recorded times and positions have few decimals, so the integers are short and their
/// differences shorter.
struct PartialCurve: Codable, Equatable {
    var tDigits: Int
    var t: [Int]
    var xDigits: Int
    var x: [Int]

    /// Powers of ten a curve may use, each a double exactly: `n / 10^k` is then the double
    /// nearest the decimal, as a reader of the trace's text made it.
    static let scales: [Double] = (0...9).map { pow(10, Double($0)) }
    /// Integers beyond this do not convert to doubles exactly.
    static let limit = 1 << 53

    init?(_ m: GestureMeasurement) {
        let curve = m.progressCurve
        guard !curve.isEmpty, let t0 = m.startTime, t0.isFinite, m.extent.isFinite, m.extent > 0
        else { return nil }
        let s0 = m.startPosition, extent = m.extent
        guard
            let (tk, t) = Self.integers(
                curve.map { t0 + $0.t }, start: t0,
                matches: { k, n, i in Self.time(n, k, t0).bitPattern == curve[i].t.bitPattern }),
            let (xk, x) = Self.integers(
                curve.map { s0 + $0.p * extent }, start: s0,
                matches: { k, n, i in
                    Self.progress(n, k, s0, extent).bitPattern == curve[i].p.bitPattern
                })
        else { return nil }
        (tDigits, self.t, xDigits, self.x) = (tk, t, xk, x)
    }

    static func time(_ n: Int, _ k: Int, _ t0: Double) -> Double { Double(n) / scales[k] - t0 }

    static func progress(_ n: Int, _ k: Int, _ s0: Double, _ extent: Double) -> Double {
        min(max((Double(n) / scales[k] - s0) / extent, 0), 1)
    }

    /// The fewest decimals `k` at which every value rounds to an integer that reads back
    /// (`matches`), as differences (the first from `start`'s integer); nil when none does.
    static func integers(
        _ values: [Double], start: Double, matches: (Int, Int, Int) -> Bool
    ) -> (Int, [Int])? {
        let bound = Double(limit)
        search: for k in scales.indices {
            let first = (start * scales[k]).rounded()
            guard abs(first) < bound else { return nil }
            var previous = Int(first)
            var out: [Int] = []
            out.reserveCapacity(values.count)
            for (i, v) in values.enumerated() {
                let scaled = (v * scales[k]).rounded()
                guard scaled.isFinite, abs(scaled) < bound else { return nil }
                let n = Int(scaled)
                guard matches(k, n, i) else { continue search }
                out.append(n - previous)
                previous = n
            }
            return (k, out)
        }
        return nil
    }

    /// The points back; nil when the numbers are out of range.
    func points(_ m: GestureMeasurement) -> [ProgressPoint]? {
        guard Self.scales.indices.contains(tDigits), Self.scales.indices.contains(xDigits),
            t.count == x.count, let t0 = m.startTime, m.extent > 0
        else { return nil }
        func sums(_ steps: [Int], from start: Double, _ k: Int) -> [Int]? {
            let first = (start * Self.scales[k]).rounded()
            guard first.isFinite, abs(first) < Double(Self.limit) else { return nil }
            var n = Int(first)
            var out: [Int] = []
            out.reserveCapacity(steps.count)
            for step in steps {
                guard abs(step) < Self.limit else { return nil }
                n += step
                guard abs(n) < Self.limit else { return nil }
                out.append(n)
            }
            return out
        }
        guard let ts = sums(t, from: t0, tDigits), let xs = sums(x, from: m.startPosition, xDigits)
        else { return nil }
        return zip(ts, xs).map { n, m2 in
            ProgressPoint(
                t: Self.time(n, tDigits, t0),
                p: Self.progress(m2, xDigits, m.startPosition, m.extent))
        }
    }
}
