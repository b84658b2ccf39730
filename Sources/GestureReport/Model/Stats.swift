/// Order statistics used for figure ranges and summaries (sorting only; no fitting).
enum Stats {
    /// Median of the finite values, nil when none.
    static func median(_ values: [Double]) -> Double? { quantile(values, 0.5) }

    /// Quantile `q` in [0, 1] of the finite values by linear interpolation between order
    /// statistics (type 7, as NumPy's default), nil when none.
    static func quantile(_ values: [Double], _ q: Double) -> Double? {
        let sorted = values.filter(\.isFinite).sorted()
        return quantileSorted(sorted, q)
    }

    static func quantileSorted(_ sorted: [Double], _ q: Double) -> Double? {
        guard !sorted.isEmpty else { return nil }
        let h = Double(sorted.count - 1) * min(max(q, 0), 1)
        let lo = Int(h.rounded(.down))
        let hi = min(lo + 1, sorted.count - 1)
        let f = h - Double(lo)
        if f == 0 { return sorted[lo] }
        // (1 − f) a + f b, not a + f (b − a): b − a overflows for values near ±1.8e308.
        return sorted[lo] * (1 - f) + sorted[hi] * f
    }
}
