import Foundation
internal import GestureNumerics
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

    /// Fits the points with an intent, each once. IRLS on the normal equations
    /// (`GSL.NormalEquations`: GSL's BLAS, buffers allocated once per fit).
    public static func fit(_ points: [TuningPoint]) -> LogisticFit {
        var progress: [Double] = [], velocity: [Double] = [], complete: [Bool] = []
        progress.reserveCapacity(points.count)
        velocity.reserveCapacity(points.count)
        complete.reserveCapacity(points.count)
        for point in points {
            guard let intent = point.intent else { continue }
            progress.append(point.progress)
            velocity.append(point.velocity)
            complete.append(intent == .complete)
        }
        return fit(progress: progress, velocity: velocity, complete: complete)
    }

    /// Fits labelled release states given as columns (`complete[r]`: meant complete), row `r`
    /// standing for `counts[r]` gestures (nil: one each). Weighted IRLS: a row of count `w`
    /// adds `w` times its deviance and `w μ(1−μ)` to the IRLS weight, exactly as `w` equal rows.
    static func fit(progress: [Double], velocity: [Double], complete: [Bool], counts: [Int]? = nil)
        -> LogisticFit
    {
        let rows = complete.count
        let n = counts.map { $0.reduce(0, +) } ?? rows
        var positives = 0
        for r in 0..<rows where complete[r] { positives += counts?[r] ?? 1 }
        if n < 3 {
            return LogisticFit(
                outcome: n > 0 && (positives == 0 || positives == n) ? .oneClass : .tooFew,
                iterations: 0)
        }
        if positives == 0 || positives == n {
            return LogisticFit(outcome: .oneClass, iterations: 0)
        }
        let weights = counts.map { $0.map(Double.init) } ?? [Double](repeating: 1, count: rows)
        guard let system = GSL.NormalEquations(capacity: rows, columns: 3) else {
            return LogisticFit(outcome: .singular, iterations: 0)
        }
        var beta = [0.0, 0.0, 0.0]
        var previousDeviance = Double.infinity
        for iteration in 1...maxIterations {
            var deviance = 0.0
            var allRight = true
            let (b0, b1, b2) = (beta[0], beta[1], beta[2])
            progress.withUnsafeBufferPointer { p in
                velocity.withUnsafeBufferPointer { v in
                    complete.withUnsafeBufferPointer { y in
                        weights.withUnsafeBufferPointer { count in
                            system.scaled.withUnsafeMutableBufferPointer { a in
                                system.rhs.withUnsafeMutableBufferPointer { b in
                                    for r in 0..<rows {
                                        let cr = count[r]
                                        let e = b0 + b1 * p[r] + b2 * v[r]
                                        // log(1 + exp(-|e|)) forms keep the deviance finite for large |e|.
                                        let t = exp(-abs(e))
                                        let logOnePlus = log1p(t)
                                        let logMu = e >= 0 ? -logOnePlus : e - logOnePlus
                                        let logOneMinusMu = e >= 0 ? -e - logOnePlus : -logOnePlus
                                        let yr = y[r]
                                        deviance -= 2 * cr * (yr ? logMu : logOneMinusMu)
                                        if yr ? !(e > 0) : !(e < 0) { allRight = false }
                                        let mu = e >= 0 ? 1 / (1 + t) : t / (1 + t)
                                        let w = max(mu * (1 - mu), 1e-12)
                                        let root = (cr * w).squareRoot()
                                        let z = e + ((yr ? 1 : 0) - mu) / w
                                        a[3 * r] = root
                                        a[3 * r + 1] = root * p[r]
                                        a[3 * r + 2] = root * v[r]
                                        b[r] = root * z
                                    }
                                }
                            }
                        }
                    }
                }
            }
            // Every gesture on its own side of a boundary: the data are linearly separable and
            // the likelihood has no maximum. (Checked from the second iterate: beta = 0 has none.)
            if iteration > 1 && allRight {
                return LogisticFit(
                    outcome: .separated, coefficients: beta, iterations: iteration - 1,
                    deviance: deviance)
            }
            if abs(deviance - previousDeviance) / (abs(deviance) + 0.1) < tolerance {
                do {
                    let fit = try system.solve(rows: rows)
                    let se = (0..<3).map { fit.covariance[$0 * 3 + $0].squareRoot() }
                    guard fit.rank == 3, se.allSatisfy(\.isFinite) else {
                        return LogisticFit(
                            outcome: .singular, coefficients: beta, iterations: iteration,
                            deviance: deviance)
                    }
                    return LogisticFit(
                        outcome: .converged, coefficients: beta, standardErrors: se,
                        iterations: iteration, deviance: deviance)
                } catch {
                    return LogisticFit(
                        outcome: .singular, coefficients: beta, iterations: iteration,
                        deviance: deviance)
                }
            }
            previousDeviance = deviance
            do {
                let step = try system.solve(rows: rows)
                if step.rank < 3 {
                    return LogisticFit(
                        outcome: .singular, coefficients: beta, iterations: iteration,
                        deviance: deviance)
                }
                guard step.coefficients.allSatisfy(\.isFinite) else {
                    return LogisticFit(
                        outcome: .notConverged, coefficients: beta, iterations: iteration,
                        deviance: deviance)
                }
                beta = step.coefficients
            } catch {
                return LogisticFit(
                    outcome: .singular, coefficients: beta, iterations: iteration,
                    deviance: deviance)
            }
        }
        return LogisticFit(
            outcome: .notConverged, coefficients: beta, iterations: maxIterations,
            deviance: previousDeviance)
    }

    init(
        outcome: Outcome, coefficients: [Double]? = nil, standardErrors: [Double]? = nil,
        iterations: Int, deviance: Double? = nil
    ) {
        self.outcome = outcome
        self.coefficients = coefficients
        self.standardErrors = standardErrors
        self.iterations = iterations
        self.deviance = deviance
    }
}

extension Rule {
    /// A logistic boundary `b0 + b1 p_r + b2 v_p >= 0` as the projection rule it is, when it is
    /// one: with `b1 > 0`, `p_r + (b2 / b1) v_p >= −b0 / b1`, so `tau = b2 / b1` and
    /// `p_th = −b0 / b1` decide the same gestures. nil for any other rule, and for a boundary
    /// whose `tau` or `p_th` would be negative or not finite (no projection means that).
    var asProjection: Rule? {
        guard case .logistic(let b0, let b1, let b2) = self, b1 > 0 else { return nil }
        let tau = b2 / b1, progress = -b0 / b1
        guard tau.isFinite, progress.isFinite, tau >= 0, progress >= 0 else { return nil }
        return .projection(progress: progress, tau: tau)
    }
}
