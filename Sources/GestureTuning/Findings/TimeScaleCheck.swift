import Foundation
import GesturePhysics
import GestureTrace

/// Catches a time column read in the wrong unit (milliseconds in a column named `t`, which
/// trace-format.md reads as seconds): touch screens report 60–240 samples per second, so a
/// median rate below 1 Hz or above 20 kHz means the unit is off by powers of a thousand.
public enum TimeScaleCheck {
    /// Plausible median sampling rates, Hz.
    public static let plausible = 1.0...20_000.0
    /// The rate a touch screen typically reports, Hz.
    public static let typical = 120.0

    /// A warning naming the unit that makes the median sampling rate of `measurements` closest
    /// to 120 Hz, when the rate in `unit` is implausible; nil otherwise.
    public static func warning(_ measurements: [GestureMeasurement], unit: TimeUnit)
        -> TuningWarning?
    {
        warning(MeasurementTally(measurements), unit: unit)
    }

    /// The same on the tally of the measurements: the median rate is the order statistic
    /// `count / 2` of the rates (exact, or its bin's midpoint: within 1.2e-4 of it).
    public static func warning(_ tally: MeasurementTally, unit: TimeUnit) -> TuningWarning? {
        let rates = tally.sampleRates
        guard !rates.isEmpty else { return nil }
        let median = rates.value(atRank: rates.count / 2)
        guard !plausible.contains(median) else { return nil }
        // Reading the same numbers in unit w scales every time by 10^(p_unit - p_w), the rate by
        // the inverse.
        func rate(in w: TimeUnit) -> Double {
            median * pow10(w.powerOfTen - unit.powerOfTen)
        }
        func distance(_ w: TimeUnit) -> Double { abs(log10(rate(in: w) / typical)) }
        guard let best = TimeUnit.allCases.min(by: { distance($0) < distance($1) }),
            best != unit, plausible.contains(rate(in: best))
        else { return nil }
        return .timeScale(medianRate: median, unit: unit, likely: best)
    }

    static func pow10(_ k: Int) -> Double {
        k >= 0 ? (0..<k).reduce(1.0) { r, _ in r * 10 } : 1 / pow10(-k)
    }
}
