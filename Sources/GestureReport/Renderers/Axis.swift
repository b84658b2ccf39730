import Foundation

/// Axis scales, linear or square-root, and "nice" ticks (1, 2, 2.5, 5 × 10^k).
struct Axis {
    var low: Double
    var high: Double
    /// Pixel positions of `low` and `high`.
    var from: Double
    var to: Double
    /// Positions by √x (counts from 0 whose small values matter most); ticks at 0 and
    /// 1, 2, 5 × 10^k far enough apart.
    var squareRoot = false

    private func scaled(_ x: Double) -> Double { squareRoot ? max(x, 0).squareRoot() : x }

    func map(_ x: Double) -> Double {
        let l = scaled(low), h = scaled(high)
        guard h != l, x.isFinite else { return from }
        return from + (scaled(x) - l) / (h - l) * (to - from)
    }

    /// Ticks inside [low, high], about `count` of them (on a square-root scale: each at least
    /// 1/(2·count) of the axis from the one before).
    func ticks(count: Int = 6) -> [Double] {
        guard high > low, low.isFinite, high.isFinite else { return [low] }
        if squareRoot {
            let gap = abs(to - from) / Double(2 * max(count, 1))
            var out: [Double] = []
            var magnitude = 1.0
            var candidates: [Double] = low <= 0 ? [0] : []
            while magnitude <= high, candidates.count < 60 {
                candidates += [1, 2, 5].map { $0 * magnitude }.filter { $0 >= low && $0 <= high }
                magnitude *= 10
            }
            for t in candidates where out.last.map({ abs(map(t) - map($0)) >= gap }) ?? true {
                out.append(t)
            }
            return out
        }
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
