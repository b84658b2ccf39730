internal import GestureNumerics
import Foundation
import GesturePhysics

/// The `logistic` rule fitted by iteratively reweighted least squares:
/// `P(complete) = 1 / (1 + exp(-(b0 + b1 p_r + b2 v_p)))`, decided complete when
/// `b0 + b1 p_r + b2 v_p >= 0`.
public struct LogisticFit: Sendable, Equatable {
    public enum Outcome: String, Sendable, Codable {
        /// Deviance change below tolerance: coefficients and standard errors are the MLE's.
        case converged
        /// The classes separate perfectly (some coefficients `b` decide every gesture right):
        /// the maximum-likelihood estimate does not exist (coefficients grow without bound).
        /// `coefficients` are the separating iterate, not an estimate; no standard errors.
        case separated
        /// Not converged within `maxIterations` without a separating iterate.
        case notConverged
        /// Only one class among the gestures: nothing to fit.
        case oneClass
        /// Fewer gestures than coefficients (3).
        case tooFew
        /// The design `[1, p_r, v_p]` has rank < 3 (e.g. every `v_p` equal).
        case singular
    }

    public var outcome: Outcome
    /// `[b0, b1, b2]` (b1 per progress, b2 per progress/s); nil for `oneClass`/`tooFew`.
    public var coefficients: [Double]?
    /// Standard errors `sqrt(diag((Xᵀ W X)⁻¹))` at convergence; nil otherwise.
    public var standardErrors: [Double]?
    public var iterations: Int
    /// Residual deviance `-2 log L` at the last iterate.
    public var deviance: Double?
    /// The fitted rule when `converged`.
    public var rule: Rule? {
        guard outcome == .converged, let b = coefficients else { return nil }
        return .logistic(b0: b[0], b1: b[1], b2: b[2])
    }

    /// Deviance tolerance `|Δdev| / (|dev| + 0.1)` (R's `glm` uses 1e-8).
    public static let tolerance = 1e-10
    public static let maxIterations = 50

    /// Fits the points with an intent. Calls `gsl_multifit_wlinear_tsvd` once per iteration.
    public static func fit(_ points: [TuningPoint]) -> LogisticFit {
        let labelled = points.filter { $0.intent != nil }
        let y = labelled.map { $0.intent == .complete ? 1.0 : 0.0 }
        let n = labelled.count
        let positives = y.reduce(0, +)
        if n < 3 {
            return LogisticFit(outcome: n > 0 && (positives == 0 || positives == Double(n)) ? .oneClass : .tooFew, iterations: 0)
        }
        if positives == 0 || positives == Double(n) { return LogisticFit(outcome: .oneClass, iterations: 0) }
        var design = [Double](repeating: 1, count: n * 3)
        for (r, point) in labelled.enumerated() {
            design[r * 3 + 1] = point.progress
            design[r * 3 + 2] = point.velocity
        }
        var beta = [0.0, 0.0, 0.0]
        var previousDeviance = Double.infinity
        var eta = [Double](repeating: 0, count: n)
        var weights = [Double](repeating: 0, count: n)
        var z = [Double](repeating: 0, count: n)
        for iteration in 1...maxIterations {
            var deviance = 0.0
            var allRight = true
            for r in 0..<n {
                let e = beta[0] + beta[1] * design[r * 3 + 1] + beta[2] * design[r * 3 + 2]
                eta[r] = e
                // log(1 + exp(-|e|)) forms keep the deviance finite for large |e|.
                let logOnePlus = log1p(exp(-abs(e)))
                let logMu = e >= 0 ? -logOnePlus : e - logOnePlus
                let logOneMinusMu = e >= 0 ? -e - logOnePlus : -logOnePlus
                deviance -= 2 * (y[r] == 1 ? logMu : logOneMinusMu)
                if y[r] == 1 ? !(e > 0) : !(e < 0) { allRight = false }
                let mu = exp(logMu)
                let w = max(mu * (1 - mu), 1e-12)
                weights[r] = w
                z[r] = e + (y[r] - mu) / w
            }
            // Every gesture on its own side of a boundary: the data are linearly separable and
            // the likelihood has no maximum. (Checked from the second iterate: beta = 0 has none.)
            if iteration > 1 && allRight {
                return LogisticFit(outcome: .separated, coefficients: beta, iterations: iteration - 1, deviance: deviance)
            }
            if abs(deviance - previousDeviance) / (abs(deviance) + 0.1) < tolerance {
                do {
                    let fit = try GSL.weightedLeastSquares(design: design, rows: n, columns: 3, weights: weights, y: z)
                    let se = (0..<3).map { fit.covariance[$0 * 3 + $0].squareRoot() }
                    guard fit.rank == 3, se.allSatisfy(\.isFinite) else {
                        return LogisticFit(outcome: .singular, coefficients: beta, iterations: iteration, deviance: deviance)
                    }
                    return LogisticFit(outcome: .converged, coefficients: beta, standardErrors: se, iterations: iteration, deviance: deviance)
                } catch {
                    return LogisticFit(outcome: .singular, coefficients: beta, iterations: iteration, deviance: deviance)
                }
            }
            previousDeviance = deviance
            do {
                let step = try GSL.weightedLeastSquares(design: design, rows: n, columns: 3, weights: weights, y: z)
                if step.rank < 3 { return LogisticFit(outcome: .singular, coefficients: beta, iterations: iteration, deviance: deviance) }
                guard step.coefficients.allSatisfy(\.isFinite) else {
                    return LogisticFit(outcome: .notConverged, coefficients: beta, iterations: iteration, deviance: deviance)
                }
                beta = step.coefficients
            } catch {
                return LogisticFit(outcome: .singular, coefficients: beta, iterations: iteration, deviance: deviance)
            }
        }
        return LogisticFit(outcome: .notConverged, coefficients: beta, iterations: maxIterations, deviance: previousDeviance)
    }

    init(outcome: Outcome, coefficients: [Double]? = nil, standardErrors: [Double]? = nil, iterations: Int, deviance: Double? = nil) {
        self.outcome = outcome
        self.coefficients = coefficients
        self.standardErrors = standardErrors
        self.iterations = iterations
        self.deviance = deviance
    }
}
