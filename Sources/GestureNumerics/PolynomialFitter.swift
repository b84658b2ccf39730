internal import CGSL

/// Least-squares polynomial fits of two series (`x(t)`, `y(t)`) on one design matrix, with a
/// GSL workspace allocated once and reused for every gesture (grown only when a window is
/// longer than any seen before).
///
/// The design matrix has columns `1, t, t²` (degree 2) or `1, t` (degree 1). It is
/// decomposed once per window by `gsl_multifit_linear_svd`; each series is then solved by
/// `gsl_multifit_linear_solve` with `lambda = 0` (ordinary least squares). GSL accepts a
/// workspace larger than the problem ("at most `nmax` observations and `pmax` parameters",
/// GSL ≥ 2.0), so the matrices here are views into buffers of the largest size so far.
/// Not thread-safe.
package final class PolynomialFitter {
    /// Highest degree fitted; the parameter count is `maxDegree + 1`.
    static let maxDegree = 2
    /// A fit is singular when its smallest singular value is below this fraction of the
    /// largest (`gsl_multifit_linear_rank`).
    static let rankTolerance = 1e-12

    private var capacity = 0
    private var workspace: UnsafeMutablePointer<gsl_multifit_linear_workspace>?
    private var design: UnsafeMutablePointer<gsl_matrix>?
    private var series: UnsafeMutablePointer<gsl_vector>?
    private var coefficients: UnsafeMutablePointer<gsl_vector>?

    package init() {
        GSL.ensureInitialised()
    }

    deinit {
        release()
    }

    private func release() {
        if let workspace { gsl_multifit_linear_free(workspace) }
        if let design { gsl_matrix_free(design) }
        if let series { gsl_vector_free(series) }
        if let coefficients { gsl_vector_free(coefficients) }
        workspace = nil
        design = nil
        series = nil
        coefficients = nil
        capacity = 0
    }

    /// Makes room for `n` observations. Calls `gsl_multifit_linear_alloc`, `gsl_matrix_alloc`,
    /// `gsl_vector_alloc`.
    private func reserve(_ n: Int) throws(GSLError) {
        if n <= capacity, workspace != nil { return }
        release()
        var size = max(32, capacity)
        while size < n { size *= 2 }
        let p = Self.maxDegree + 1
        guard let w = gsl_multifit_linear_alloc(size, p) else {
            throw .outOfMemory("gsl_multifit_linear_alloc")
        }
        workspace = w
        guard let m = gsl_matrix_alloc(size, p) else {
            release()
            throw .outOfMemory("gsl_matrix_alloc")
        }
        design = m
        guard let s = gsl_vector_alloc(size), let c = gsl_vector_alloc(p) else {
            release()
            throw .outOfMemory("gsl_vector_alloc")
        }
        series = s
        coefficients = c
        capacity = size
    }

    /// The linear coefficients (slopes at `t = 0`) of least-squares polynomials of `degree`
    /// fitted to `(t_i, x_i)` and `(t_i, y_i)`.
    ///
    /// Calls `gsl_multifit_linear_svd`, `gsl_multifit_linear_rank` and
    /// `gsl_multifit_linear_solve` (with `lambda = 0`). Throws when a call fails, when the
    /// design matrix is rank-deficient (e.g. fewer distinct times than parameters), or when a
    /// coefficient is not finite.
    package func slopes(
        t: UnsafeBufferPointer<Double>, x: UnsafeBufferPointer<Double>,
        y: UnsafeBufferPointer<Double>,
        degree: Int
    ) throws(GSLError) -> (x: Double, y: Double) {
        let n = t.count
        let p = degree + 1
        guard degree >= 1, degree <= Self.maxDegree, n >= p, x.count == n, y.count == n else {
            throw GSLError(
                status: Int(GSL_EINVAL),
                message: "degree \(degree): expected 1 or 2 with at least degree + 1 samples",
                context: "polynomial fit")
        }
        try reserve(n)
        guard let workspace, let design, let series, let coefficients else {
            throw .outOfMemory("gsl_multifit_linear_alloc")
        }
        var designView = gsl_matrix_submatrix(design, 0, 0, n, p)
        var seriesView = gsl_vector_subvector(series, 0, n)
        var coefficientView = gsl_vector_subvector(coefficients, 0, p)
        for i in 0..<n {
            var power = 1.0
            for j in 0..<p {
                gsl_matrix_set(&designView.matrix, i, j, power)
                power *= t[i]
            }
        }
        try GSL.check(
            gsl_multifit_linear_svd(&designView.matrix, workspace), "gsl_multifit_linear_svd")
        let rank = gsl_multifit_linear_rank(Self.rankTolerance, workspace)
        guard rank == p else {
            throw GSLError(
                status: Int(GSL_ESING), message: "design matrix has rank \(rank) < \(p)",
                context: "gsl_multifit_linear_rank")
        }
        func solve(_ values: UnsafeBufferPointer<Double>) throws(GSLError) -> Double {
            for i in 0..<n { gsl_vector_set(&seriesView.vector, i, values[i]) }
            var residualNorm = 0.0
            var solutionNorm = 0.0
            try GSL.check(
                gsl_multifit_linear_solve(
                    0, &designView.matrix, &seriesView.vector, &coefficientView.vector,
                    &residualNorm, &solutionNorm, workspace),
                "gsl_multifit_linear_solve")
            let slope = gsl_vector_get(&coefficientView.vector, 1)
            guard slope.isFinite else {
                throw GSLError(
                    status: Int(GSL_EDOM), message: "not a finite number", context: "fitted slope")
            }
            return slope
        }
        return (try solve(x), try solve(y))
    }
}
