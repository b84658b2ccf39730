import Foundation
import GesturePhysics
import GestureTrace

/// Catches a time column read in the wrong unit (milliseconds in a column named `t`, which
/// trace-format.md reads as seconds): touch screens report 60–240 samples per second, so a
/// median rate below 1 Hz or above 20 kHz means the unit is off by powers of a thousand.
enum TimeScaleCheck {
    /// Plausible median sampling rates, Hz.
    static let plausible = 1.0...20_000.0
    /// The rate a touch screen typically reports, Hz.
    static let typical = 120.0

    /// A warning naming the unit that makes the median sampling rate of `measurements` closest
    /// to 120 Hz, when the rate in `unit` is implausible; nil otherwise.
    static func warning(_ measurements: [GestureMeasurement], unit: TimeUnit) -> String? {
        let rates = measurements.map(\.sampleRate).filter { $0.isFinite && $0 > 0 }.sorted()
        guard !rates.isEmpty else { return nil }
        let median = rates[rates.count / 2]
        guard !plausible.contains(median) else { return nil }
        // Reading the same numbers in unit w scales every time by 10^(p_unit - p_w), the rate by
        // the inverse.
        func rate(in w: TimeUnit) -> Double {
            median * pow10(w.powerOfTen - unit.powerOfTen)
        }
        let best = TimeUnit.allCases.min { a, b in
            abs(log10(rate(in: a) / typical)) < abs(log10(rate(in: b) / typical))
        }!
        guard best != unit, plausible.contains(rate(in: best)) else { return nil }
        return "Gestures are sampled at a median \(Wording.rate(median)) with the time column read in \(unit.rawValue): touch screens report 60–240 samples per second, so the column is likely in \(best.rawValue). Pass --time-unit \(best.rawValue)."
    }

    static func pow10(_ k: Int) -> Double {
        k >= 0 ? (0..<k).reduce(1.0) { r, _ in r * 10 } : 1 / pow10(-k)
    }

    enum Wording {
        /// `0.059 Hz`, `120 MHz`: two significant digits.
        static func rate(_ hz: Double) -> String {
            hz >= 1e6 ? "\(significant(hz / 1e6)) MHz" : hz >= 1e3 ? "\(significant(hz / 1e3)) kHz" : "\(significant(hz)) Hz"
        }

        /// Two significant digits (`%.2g`), whole numbers written out: `0.059`, `120000`.
        static func significant(_ v: Double) -> String {
            let text = String(format: "%.2g", v)
            if let d = Double(text), d >= 10 { return whole(d) }
            return text
        }

        /// A whole number of pt or Hz for a message: `646`, and `1e+300` beyond what an `Int`
        /// holds (traces may hold any finite number).
        static func whole(_ v: Double) -> String {
            guard v.isFinite else { return "\(v)" }
            return abs(v) < 1e15 ? "\(Int(v.rounded()))" : "\(v)"
        }
    }
}

extension TimeUnit {
    /// Units per second as a power of ten: 0, 3, 6, 9.
    var powerOfTen: Int {
        switch self {
        case .s: 0
        case .ms: 3
        case .us: 6
        case .ns: 9
        }
    }
}
