@preconcurrency internal import CGSL

// C globals: read once; GSL never writes them after load.
nonisolated(unsafe) private let brentSolverType = gsl_root_fsolver_brent
nonisolated(unsafe) private let mt19937Type = gsl_rng_mt19937

/// A GSL failure turned into a Swift error: the status code and `gsl_strerror`'s text. The one
/// error type of the GSL door (allocation failures are `GSL_ENOMEM`).
public struct GSLError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The GSL status (`GSL_EDOM`, `GSL_ESING`, ...).
    public var status: Int
    /// `gsl_strerror(status)`.
    public var message: String
    /// What was being done ("logistic IRLS step", "spring response root").
    public var context: String

    public var description: String { "\(context): \(message) (GSL status \(status))" }

    package init(status: Int, message: String, context: String) {
        self.status = status
        self.message = message
        self.context = context
    }

    /// A NULL from a GSL allocation.
    package static func outOfMemory(_ function: String) -> GSLError {
        GSLError(status: Int(GSL_ENOMEM), message: "out of memory", context: function)
    }
}

/// The only door to GSL: this target is the only importer of `CGSL`; GesturePhysics and
/// GestureTuning call these wrappers (`package` access: not part of any library's API).
package enum GSL {
    /// Turns GSL's aborting default error handler off once, thread-safely (`gsl_set_error_handler_off`).
    /// Maps a non-zero status of `function` to `GSLError` with `gsl_strerror`'s text.
    package static func check(_ status: Int32, _ function: String) throws(GSLError) {
        guard status != Int32(GSL_SUCCESS) else { return }
        throw failure(status, function)
    }

    private static let initialised: Bool = {
        _ = gsl_set_error_handler_off()
        return true
    }()

    package static func ensureInitialised() { _ = initialised }

    package static func failure(_ status: Int32, _ context: String) -> GSLError {
        GSLError(status: Int(status), message: String(cString: gsl_strerror(status)), context: context)
    }

    // MARK: Weighted linear least squares

    /// Weighted least squares `min Σ w_i (y_i - X_i c)²` with covariance `(Xᵀ W X)⁻¹` and the
    /// effective rank (singular values below `tolerance` × the largest are dropped).
    /// `design` is row-major, `rows × columns`. Calls `gsl_multifit_wlinear_tsvd`, the
    /// rank-revealing form of `gsl_multifit_wlinear`.
    package static func weightedLeastSquares(design: [Double], rows: Int, columns: Int, weights: [Double], y: [Double], tolerance: Double = 1e-12)
        throws(GSLError) -> (coefficients: [Double], covariance: [Double], rank: Int)
    {
        ensureInitialised()
        guard rows >= columns, columns > 0 else {
            throw GSLError(status: Int(GSL_EBADLEN), message: "fewer observations than parameters", context: "weighted least squares")
        }
        guard let x = gsl_matrix_alloc(rows, columns) else { throw GSLError(status: Int(GSL_ENOMEM), message: "out of memory", context: "gsl_matrix_alloc") }
        defer { gsl_matrix_free(x) }
        guard let w = gsl_vector_alloc(rows) else { throw GSLError(status: Int(GSL_ENOMEM), message: "out of memory", context: "gsl_vector_alloc") }
        defer { gsl_vector_free(w) }
        guard let yy = gsl_vector_alloc(rows) else { throw GSLError(status: Int(GSL_ENOMEM), message: "out of memory", context: "gsl_vector_alloc") }
        defer { gsl_vector_free(yy) }
        guard let c = gsl_vector_alloc(columns) else { throw GSLError(status: Int(GSL_ENOMEM), message: "out of memory", context: "gsl_vector_alloc") }
        defer { gsl_vector_free(c) }
        guard let cov = gsl_matrix_alloc(columns, columns) else { throw GSLError(status: Int(GSL_ENOMEM), message: "out of memory", context: "gsl_matrix_alloc") }
        defer { gsl_matrix_free(cov) }
        guard let work = gsl_multifit_linear_alloc(rows, columns) else { throw GSLError(status: Int(GSL_ENOMEM), message: "out of memory", context: "gsl_multifit_linear_alloc") }
        defer { gsl_multifit_linear_free(work) }
        for r in 0..<rows {
            for k in 0..<columns { gsl_matrix_set(x, r, k, design[r * columns + k]) }
            gsl_vector_set(w, r, weights[r])
            gsl_vector_set(yy, r, y[r])
        }
        var chisq = 0.0
        var rank = 0
        let status = gsl_multifit_wlinear_tsvd(x, w, yy, tolerance, c, cov, &chisq, &rank, work)
        guard status == GSL_SUCCESS else { throw failure(status, "gsl_multifit_wlinear_tsvd") }
        var coefficients = [Double](repeating: 0, count: columns)
        var covariance = [Double](repeating: 0, count: columns * columns)
        for k in 0..<columns {
            coefficients[k] = gsl_vector_get(c, k)
            for l in 0..<columns { covariance[k * columns + l] = gsl_matrix_get(cov, k, l) }
        }
        return (coefficients, covariance, rank)
    }

    // MARK: Root finding

    private final class RootContext {
        let f: (Double) throws -> Double
        var error: (any Error)?
        init(_ f: @escaping (Double) throws -> Double) { self.f = f }
    }

    /// A root of `f` in `[lower, upper]` (which must bracket a sign change) to absolute
    /// tolerance `xTolerance` or relative `relativeTolerance`. Calls `gsl_root_fsolver_brent`.
    /// Returns nil when the bracket holds no sign change; rethrows what `f` throws.
    package static func brentRoot(
        lower: Double, upper: Double, xTolerance: Double = 1e-9, relativeTolerance: Double = 1e-10,
        maxIterations: Int = 200, _ f: @escaping (Double) throws -> Double
    ) throws -> Double? {
        ensureInitialised()
        let flo = try f(lower), fhi = try f(upper)
        if flo == 0 { return lower }
        if fhi == 0 { return upper }
        guard flo.isFinite, fhi.isFinite, (flo < 0) != (fhi < 0) else { return nil }
        let context = RootContext(f)
        let unmanaged = Unmanaged.passRetained(context)
        defer { unmanaged.release() }
        var function = gsl_function(
            function: { x, params in
                let ctx = Unmanaged<RootContext>.fromOpaque(params!).takeUnretainedValue()
                if ctx.error != nil { return Double.nan }
                do { return try ctx.f(x) } catch {
                    ctx.error = error
                    return Double.nan
                }
            },
            params: unmanaged.toOpaque())
        guard let solver = gsl_root_fsolver_alloc(brentSolverType) else {
            throw GSLError(status: Int(GSL_ENOMEM), message: "out of memory", context: "gsl_root_fsolver_alloc")
        }
        defer { gsl_root_fsolver_free(solver) }
        var status = gsl_root_fsolver_set(solver, &function, lower, upper)
        if let error = context.error { throw error }
        guard status == GSL_SUCCESS else { throw failure(status, "gsl_root_fsolver_set") }
        for _ in 0..<maxIterations {
            status = gsl_root_fsolver_iterate(solver)
            if let error = context.error { throw error }
            guard status == GSL_SUCCESS else { throw failure(status, "gsl_root_fsolver_iterate") }
            let lo = gsl_root_fsolver_x_lower(solver), hi = gsl_root_fsolver_x_upper(solver)
            if gsl_root_test_interval(lo, hi, xTolerance, relativeTolerance) == GSL_SUCCESS {
                return gsl_root_fsolver_root(solver)
            }
        }
        throw GSLError(status: Int(GSL_EMAXITER), message: String(cString: gsl_strerror(Int32(GSL_EMAXITER))), context: "gsl_root_fsolver_brent")
    }

    // MARK: Order statistics

    /// Sorts in place. Calls `gsl_sort`.
    package static func sort(_ values: inout [Double]) {
        values.withUnsafeMutableBufferPointer { gsl_sort($0.baseAddress, 1, $0.count) }
    }

    /// The `f` quantile (0…1) of already-sorted data, linear interpolation between order
    /// statistics (`(n-1) f`). Calls `gsl_stats_quantile_from_sorted_data`. nil when empty.
    package static func quantile(sorted values: [Double], _ f: Double) -> Double? {
        guard !values.isEmpty else { return nil }
        return values.withUnsafeBufferPointer { gsl_stats_quantile_from_sorted_data($0.baseAddress, 1, $0.count, f) }
    }

    /// The `f` quantile of unsorted data (sorts a copy).
    package static func quantile(_ values: [Double], _ f: Double) -> Double? {
        var copy = values
        sort(&copy)
        return quantile(sorted: copy, f)
    }

    /// Cumulative standard normal `Φ(x)`. Calls `gsl_cdf_ugaussian_P`.
    package static func normalCDF(_ x: Double) -> Double { gsl_cdf_ugaussian_P(x) }
}

/// A seeded GSL Mersenne twister (`gsl_rng_mt19937`). Not thread-safe: one per thread or task.
package final class RandomSource {
    private let rng: UnsafeMutablePointer<gsl_rng>
    private let state: UnsafeMutableRawPointer

    /// Seeds with `seed` (reduced to the platform `unsigned long`). The generator and its
    /// state are allocated by Swift (as `gsl_rng_alloc` would lay them out, so there is no
    /// NULL to handle), then `gsl_rng_set` seeds it.
    package init(seed: UInt64) {
        GSL.ensureInitialised()
        let type = mt19937Type!
        state = UnsafeMutableRawPointer.allocate(byteCount: max(1, type.pointee.size), alignment: 16)
        rng = UnsafeMutablePointer<gsl_rng>.allocate(capacity: 1)
        rng.initialize(to: gsl_rng(type: type, state: state))
        gsl_rng_set(rng, UInt(truncatingIfNeeded: seed))
    }

    /// A generator for stream `index` of `seed` (splitmix64 mixing), so parallel work seeded
    /// per iteration gives the same numbers whatever the thread count.
    package convenience init(seed: UInt64, stream: UInt64) {
        self.init(seed: RandomSource.mix(seed, stream))
    }

    deinit {
        rng.deinitialize(count: 1)
        rng.deallocate()
        state.deallocate()
    }

    package static func mix(_ a: UInt64, _ b: UInt64) -> UInt64 {
        var z = a &+ 0x9E37_79B9_7F4A_7C15 &* (b &+ 1)
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform on [0, 1). `gsl_rng_uniform`.
    package func uniform() -> Double { gsl_rng_uniform(rng) }
    /// Uniform on (0, 1). `gsl_rng_uniform_pos`.
    package func uniformPositive() -> Double { gsl_rng_uniform_pos(rng) }
    /// Uniform on [a, b).
    package func uniform(_ a: Double, _ b: Double) -> Double { a + (b - a) * gsl_rng_uniform(rng) }
    /// Uniform integer in 0..<n (n >= 1). `gsl_rng_uniform_int`.
    package func int(_ n: Int) -> Int { Int(gsl_rng_uniform_int(rng, UInt(n))) }
    /// Gaussian with mean 0, standard deviation `sigma`. `gsl_ran_gaussian`.
    package func gaussian(_ sigma: Double) -> Double { gsl_ran_gaussian(rng, sigma) }
    /// Lognormal with log-mean `zeta`, log-sd `sigma`. `gsl_ran_lognormal`.
    package func lognormal(_ zeta: Double, _ sigma: Double) -> Double { gsl_ran_lognormal(rng, zeta, sigma) }
    /// True with probability `p`. `gsl_ran_bernoulli`.
    package func bernoulli(_ p: Double) -> Bool { gsl_ran_bernoulli(rng, p) == 1 }

    /// Multinomial counts: `total` draws over categories with probabilities ∝ `weights`.
    /// Calls `gsl_ran_multinomial`.
    package func multinomial(total: Int, weights: [Double], into counts: inout [UInt32]) {
        counts = [UInt32](repeating: 0, count: weights.count)
        guard !weights.isEmpty else { return }
        weights.withUnsafeBufferPointer { p in
            counts.withUnsafeMutableBufferPointer { n in
                gsl_ran_multinomial(rng, p.count, UInt32(total), p.baseAddress, n.baseAddress)
            }
        }
    }

    /// Shuffles in place. Calls `gsl_ran_shuffle`.
    package func shuffle(_ values: inout [Int]) {
        let n = values.count
        guard n > 1 else { return }
        values.withUnsafeMutableBytes { gsl_ran_shuffle(rng, $0.baseAddress, n, MemoryLayout<Int>.stride) }
    }

    /// `k` distinct indices of 0..<n in increasing order. Calls `gsl_ran_choose`.
    package func choose(_ k: Int, of n: Int) -> [Int] {
        var source = Array(0..<n)
        var chosen = [Int](repeating: 0, count: k)
        guard k > 0, k <= n else { return k >= n ? source : [] }
        source.withUnsafeMutableBytes { src in
            chosen.withUnsafeMutableBytes { dst in
                _ = gsl_ran_choose(rng, dst.baseAddress, k, src.baseAddress, n, MemoryLayout<Int>.stride)
            }
        }
        return chosen
    }
}
