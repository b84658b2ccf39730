import Foundation
internal import GestureNumerics

/// A one-dimensional Gaussian mixture fitted by expectation–maximisation.
public struct MixtureComponent: Sendable, Equatable, Codable {
    public var weight: Double
    public var mean: Double
    public var standardDeviation: Double
}

/// Two components against one on the projected landing progress `x = p_r + tau v_p`.
public struct MixtureAnalysis: Sendable, Equatable {
    public enum Verdict: String, Sendable, Codable {
        /// Two components, both ≥ 5% weight, BIC prefers two, and the densities cross between
        /// the means: `crossing` is offered as an inferred `projection` `p_th`.
        case separates
        /// BIC (`-2 log L + k ln n`, k = 2 vs 5) prefers one component.
        case oneComponent
        /// A component holds under 5% of the gestures.
        case negligibleComponent
        /// The weighted densities do not cross between the means.
        case noCrossing
        /// The components overlap (Ashman's D = |m1 − m2| √2 / √(s1² + s2²) under 2) or one is
        /// narrower than 1% of the extent (a spike of identical gestures, not a group of people's
        /// releases).
        case notSeparated
        /// The crossing lies outside [0.05, 0.95] of the extent: a split there would mean
        /// "always complete" or "always cancel".
        case crossingOutOfRange
        /// Fewer than 10 gestures.
        case tooFew
    }

    public var verdict: Verdict
    /// `tau` used for the landing progress, s.
    public var tau: Double
    public var count: Int
    /// Components sorted by mean (cancel-like first); empty for `tooFew`.
    public var components: [MixtureComponent]
    public var logLikelihoodOne: Double?
    public var logLikelihoodTwo: Double?
    public var bicOne: Double?
    public var bicTwo: Double?
    /// Where `w1 N(x; m1, s1) = w2 N(x; m2, s2)` between the means (GSL Brent); only for `separates`.
    public var crossing: Double?
    public var iterations: Int
}

enum GaussianMixture {
    static let minimumWeight = 0.05
    /// Smallest standard deviation of a component, progress (1% of the extent).
    static let minimumWidth = 0.01
    /// Ashman's D at or above which two Gaussians count as separated (a clean split).
    static let minimumSeparation = 2.0
    /// Where a crossing may lie to be offered as `p_th` (the tuner's own search range).
    static let crossingRange = 0.05...0.95

    /// Fits 1 and 2 components to `x` (in its order, each value once).
    static func analyse(_ x: [Double], tau: Double) -> MixtureAnalysis {
        var sorted = x
        GSL.sort(&sorted)
        return analyse(
            x.map { ($0, 1) }, count: x.count, q25: GSL.quantile(sorted: sorted, 0.25),
            q75: GSL.quantile(sorted: sorted, 0.75),
            range: (sorted.last ?? 0) - (sorted.first ?? 0), tau: tau)
    }

    /// Fits 1 and 2 components to the values of `sketch`: on its exact values (in increasing
    /// order) up to `QuantileSketch.exactLimit`, else by weighted EM on its bins (each bin's
    /// midpoint weighted by its count; the bins are 2⁻¹² of a binade wide, so every landing
    /// moves by at most 1.2e-4 of itself).
    static func analyse(_ sketch: QuantileSketch, tau: Double) -> MixtureAnalysis {
        analyse(
            sketch.weightedValues, count: sketch.count, q25: sketch.quantile(0.25),
            q75: sketch.quantile(0.75),
            range: (sketch.maximum ?? 0) - (sketch.minimum ?? 0), tau: tau)
    }

    /// Fits 1 and 2 components to values with integer weights (`count` in all) and compares
    /// them. EM: initial means at the 25th and 75th percentiles (`q25`, `q75`), both standard
    /// deviations the sample's, equal weights; stops when the log-likelihood gains less than
    /// 1e-10 × n or after 2000 iterations. Variances are floored at (1e-4 × range)² + 1e-12 so a
    /// component cannot collapse onto one point.
    static func analyse(
        _ points: [(value: Double, count: Int)], count n: Int, q25: Double?, q75: Double?,
        range: Double, tau: Double
    ) -> MixtureAnalysis {
        guard n >= 10, let q25, let q75 else {
            return MixtureAnalysis(
                verdict: .tooFew, tau: tau, count: n, components: [], iterations: 0)
        }
        let x = points.map(\.value)
        let c = points.map { Double($0.count) }
        let k = x.count
        var total = 0.0
        for i in 0..<k { total += c[i] * x[i] }
        let mean = total / Double(n)
        var squares = 0.0
        for i in 0..<k { squares += c[i] * ((x[i] - mean) * (x[i] - mean)) }
        let variance = squares / Double(n)
        let floor = (1e-4 * range) * (1e-4 * range) + 1e-12
        let v1 = max(variance, floor)
        var ll1 = 0.0
        for i in 0..<k { ll1 += c[i] * logNormal(x[i], mean, v1) }

        var w = [0.5, 0.5]
        var m = [q25, q75]
        var v = [v1, v1]
        var ll2 = -Double.infinity
        var iterations = 0
        var r = [Double](repeating: 0, count: k)
        for iteration in 1...2000 {
            iterations = iteration
            var ll = 0.0
            var n0 = 0.0
            for i in 0..<k {
                let a = log(w[0]) + logNormal(x[i], m[0], v[0])
                let b = log(w[1]) + logNormal(x[i], m[1], v[1])
                let hi = max(a, b)
                let total = hi + log(exp(a - hi) + exp(b - hi))
                ll += c[i] * total
                r[i] = exp(a - total)
                n0 += c[i] * r[i]
            }
            let n1 = Double(n) - n0
            if n0 < 1e-9 || n1 < 1e-9 {
                ll2 = ll
                break
            }
            var s0 = 0.0, s1 = 0.0
            for i in 0..<k {
                s0 += c[i] * r[i] * x[i]
                s1 += c[i] * (1 - r[i]) * x[i]
            }
            m = [s0 / n0, s1 / n1]
            var q0 = 0.0, q1 = 0.0
            for i in 0..<k {
                q0 += c[i] * r[i] * (x[i] - m[0]) * (x[i] - m[0])
                q1 += c[i] * (1 - r[i]) * (x[i] - m[1]) * (x[i] - m[1])
            }
            v = [max(q0 / n0, floor), max(q1 / n1, floor)]
            w = [n0 / Double(n), n1 / Double(n)]
            let gain = ll - ll2
            ll2 = ll
            if gain >= 0 && gain < 1e-10 * Double(n) { break }
        }
        var components = [
            MixtureComponent(weight: w[0], mean: m[0], standardDeviation: v[0].squareRoot()),
            MixtureComponent(weight: w[1], mean: m[1], standardDeviation: v[1].squareRoot()),
        ]
        components.sort { $0.mean < $1.mean }
        let bic1 = -2 * ll1 + 2 * log(Double(n))
        let bic2 = -2 * ll2 + 5 * log(Double(n))
        var result = MixtureAnalysis(
            verdict: .oneComponent, tau: tau, count: n, components: components,
            logLikelihoodOne: ll1,
            logLikelihoodTwo: ll2, bicOne: bic1, bicTwo: bic2, crossing: nil, iterations: iterations
        )
        guard bic2 < bic1 else { return result }
        guard components.allSatisfy({ $0.weight >= minimumWeight }) else {
            result.verdict = .negligibleComponent
            return result
        }
        let (c0, c1) = (components[0], components[1])
        let separation =
            (c1.mean - c0.mean) * 2.0.squareRoot()
            / (c0.standardDeviation * c0.standardDeviation + c1.standardDeviation
            * c1.standardDeviation).squareRoot()
        guard min(c0.standardDeviation, c1.standardDeviation) >= minimumWidth,
            separation >= minimumSeparation
        else {
            result.verdict = .notSeparated
            return result
        }
        let g: (Double) -> Double = { t in
            (log(c0.weight) + logNormal(t, c0.mean, c0.standardDeviation * c0.standardDeviation))
                - (log(c1.weight)
                    + logNormal(t, c1.mean, c1.standardDeviation * c1.standardDeviation))
        }
        guard c0.mean < c1.mean, let root = try? GSL.brentRoot(lower: c0.mean, upper: c1.mean, g)
        else {
            result.verdict = .noCrossing
            return result
        }
        guard crossingRange.contains(root) else {
            result.verdict = .crossingOutOfRange
            return result
        }
        result.verdict = .separates
        result.crossing = root
        return result
    }

    static func logNormal(_ x: Double, _ mean: Double, _ variance: Double) -> Double {
        -0.5 * log(2 * Double.pi * variance) - (x - mean) * (x - mean) / (2 * variance)
    }
}
