import Foundation

/// Linear axis scales and "nice" ticks (1, 2, 2.5, 5 × 10^k).
struct Axis {
    var low: Double
    var high: Double
    /// Pixel positions of `low` and `high`.
    var from: Double
    var to: Double

    func map(_ x: Double) -> Double {
        guard high != low, x.isFinite else { return from }
        return from + (x - low) / (high - low) * (to - from)
    }

    /// Ticks inside [low, high], about `count` of them.
    func ticks(count: Int = 6) -> [Double] {
        guard high > low, low.isFinite, high.isFinite else { return [low] }
        let step = Axis.niceStep((high - low) / Double(max(count, 1)))
        var t = (low / step).rounded(.up) * step
        var out: [Double] = []
        while t <= high + step * 1e-9, out.count < 50 {
            out.append(abs(t) < step * 1e-9 ? 0 : t)
            t += step
        }
        return out
    }

    /// The smallest of 1, 2, 2.5, 5 × 10^k at least `raw`.
    static func niceStep(_ raw: Double) -> Double {
        guard raw.isFinite, raw > 0 else { return 1 }
        let mag = pow(10, (log10(raw)).rounded(.down))
        for m in [1.0, 2, 2.5, 5, 10] where m * mag >= raw * (1 - 1e-12) { return m * mag }
        return 10 * mag
    }

    /// Tick label: as few decimals as the step needs.
    static func label(_ x: Double, step: Double) -> String {
        var digits = 0
        var s = step
        while digits < 6 && abs(s - s.rounded()) > 1e-9 * max(1, abs(s)) {
            s *= 10
            digits += 1
        }
        return Text.fixed(x, digits)
    }
}
