import GestureNumerics

/// Order statistics for figure ranges and summaries, over the finite values: GSL's quantile
/// (linear interpolation between order statistics, `(n - 1) q`, NumPy's default).
enum Stats {
    /// Median of the finite values, nil when none.
    static func median(_ values: [Double]) -> Double? {
        GSL.quantile(values.filter(\.isFinite), 0.5)
    }

    /// Quantile `q` (clamped to [0, 1]) of already-sorted finite values, nil when none.
    static func quantileSorted(_ sorted: [Double], _ q: Double) -> Double? {
        GSL.quantile(sorted: sorted, min(max(q, 0), 1))
    }
}
