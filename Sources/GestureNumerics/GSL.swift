@preconcurrency internal import CGSL
import Dispatch

// C globals: read once; GSL never writes them after load.
nonisolated(unsafe) private let brentSolverType = gsl_root_fsolver_brent
nonisolated(unsafe) private let mt19937Type = gsl_rng_mt19937
nonisolated(unsafe) private let taus2Type = gsl_rng_taus2

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
        GSLError(
            status: Int(status), message: String(cString: gsl_strerror(status)), context: context)
    }

    // MARK: Normal equations on BLAS

    /// Weighted least squares for many rows and few columns by the normal equations on GSL's
    /// BLAS, in buffers allocated once and reused (one IRLS fit calls `solve` every iteration).
    /// The caller writes the `√w`-scaled design rows into `scaled` (row-major) and `√w · y`
    /// into `rhs`; `solve` forms `XᵀWX` (`gsl_blas_dsyrk`) and `XᵀWy` (`gsl_blas_dgemv`), scales
    /// the system to unit diagonal and solves it by SVD (`gsl_linalg_SV_decomp`), dropping
    /// singular values of the scaled `XᵀWX` below `tolerance` × the largest (the rank). The
    /// singular values of `XᵀWX` are the squares of those of `√W X`: 1e-12 here is 1e-6 there,
    /// the floor below which squaring in double precision cannot tell rank from rounding.
    /// Not thread-safe: one per thread.
    package final class NormalEquations {
        package let capacity: Int
        package let columns: Int
        package var scaled: [Double]
        package var rhs: [Double]
        private let product: UnsafeMutablePointer<gsl_matrix>
        private let v: UnsafeMutablePointer<gsl_matrix>
        private let s: UnsafeMutablePointer<gsl_vector>
        private let work: UnsafeMutablePointer<gsl_vector>
        private let r: UnsafeMutablePointer<gsl_vector>

        package init?(capacity: Int, columns: Int) {
            GSL.ensureInitialised()
            guard columns > 0, let product = gsl_matrix_alloc(columns, columns) else { return nil }
            guard let v = gsl_matrix_alloc(columns, columns) else {
                gsl_matrix_free(product)
                return nil
            }
            guard let s = gsl_vector_alloc(columns), let work = gsl_vector_alloc(columns),
                let r = gsl_vector_alloc(columns)
            else {
                gsl_matrix_free(product)
                gsl_matrix_free(v)
                return nil
            }
            self.capacity = capacity
            self.columns = columns
            self.product = product
            self.v = v
            self.s = s
            self.work = work
            self.r = r
            scaled = [Double](repeating: 0, count: capacity * columns)
            rhs = [Double](repeating: 0, count: capacity)
        }

        deinit {
            gsl_matrix_free(product)
            gsl_matrix_free(v)
            gsl_vector_free(s)
            gsl_vector_free(work)
            gsl_vector_free(r)
        }

        /// Solves over the first `rows` rows of `scaled` and `rhs`.
        package func solve(rows: Int, tolerance: Double = 1e-12) throws(GSLError) -> (
            coefficients: [Double], covariance: [Double], rank: Int
        ) {
            let p = columns
            guard rows >= p, rows <= capacity else {
                throw GSLError(
                    status: Int(GSL_EBADLEN), message: "fewer observations than parameters",
                    context: "normal equations")
            }
            var status = Int32(GSL_SUCCESS)
            scaled.withUnsafeMutableBufferPointer { a in
                rhs.withUnsafeMutableBufferPointer { b in
                    var aView = gsl_matrix_view_array(a.baseAddress, rows, p)
                    var bView = gsl_vector_view_array(b.baseAddress, rows)
                    status = gsl_blas_dsyrk(
                        CblasLower, CblasTrans, 1.0, &aView.matrix, 0.0, product)
                    if status == GSL_SUCCESS {
                        status = gsl_blas_dgemv(
                            CblasTrans, 1.0, &aView.matrix, &bView.vector, 0.0, r)
                    }
                }
            }
            guard status == GSL_SUCCESS else { throw GSL.failure(status, "gsl_blas_dsyrk") }
            // Unit diagonal: D (XᵀWX) D with D = diag(1/sqrt((XᵀWX)_kk)); a zero column keeps D = 0.
            var d = [Double](repeating: 0, count: p)
            for k in 0..<p {
                let diagonal = gsl_matrix_get(product, k, k)
                d[k] = diagonal > 0 ? 1 / diagonal.squareRoot() : 0
            }
            for k in 0..<p {
                for l in 0...k {
                    let x = gsl_matrix_get(product, k, l) * d[k] * d[l]
                    gsl_matrix_set(product, k, l, x)
                    gsl_matrix_set(product, l, k, x)
                }
            }
            status = gsl_linalg_SV_decomp(product, v, s, work)
            guard status == GSL_SUCCESS else { throw GSL.failure(status, "gsl_linalg_SV_decomp") }
            // product now holds U; pseudo-inverse U S⁻¹ Vᵀ over the kept singular values.
            let largest = gsl_vector_get(s, 0)
            var rank = 0
            for k in 0..<p where gsl_vector_get(s, k) > tolerance * largest && largest > 0 {
                rank += 1
            }
            var coefficients = [Double](repeating: 0, count: p)
            var covariance = [Double](repeating: 0, count: p * p)
            for m in 0..<rank {
                let sm = gsl_vector_get(s, m)
                var projection = 0.0
                for k in 0..<p {
                    projection += gsl_matrix_get(product, k, m) * d[k] * gsl_vector_get(r, k)
                }
                for k in 0..<p {
                    let vk = gsl_matrix_get(v, k, m)
                    coefficients[k] += d[k] * vk * projection / sm
                    for l in 0..<p {
                        covariance[k * p + l] +=
                            d[k] * vk * gsl_matrix_get(product, l, m) * d[l] / sm
                    }
                }
            }
            return (coefficients, covariance, rank)
        }
    }

    // MARK: Root finding

    private final class RootContext {
        let f: (Double) throws -> Double
        var error: (any Error)?
        /// `f` at the bracket's ends, evaluated before the solver is set (to check the sign
        /// change): `gsl_root_fsolver_set` asks for both again, and gets these.
        let ends: (lower: Double, atLower: Double, upper: Double, atUpper: Double)
        init(
            _ f: @escaping (Double) throws -> Double,
            ends: (lower: Double, atLower: Double, upper: Double, atUpper: Double)
        ) {
            self.f = f
            self.ends = ends
        }

        func value(_ x: Double) throws -> Double {
            if x == ends.lower { return ends.atLower }
            if x == ends.upper { return ends.atUpper }
            return try f(x)
        }
    }

    /// A root of `f` in `[lower, upper]` (which must bracket a sign change) to absolute
    /// tolerance `xTolerance` or relative `relativeTolerance`. Calls `gsl_root_fsolver_brent`.
    /// Returns nil when the bracket holds no sign change; rethrows what `f` throws.
    ///
    /// `enough(lo, hi)`, when given, ends the search early with the solver's current root once
    /// the bracket `[lo, hi]` is as good as the caller needs (say both ends round to the same
    /// printed value: every later iterate stays inside the bracket, so it would round the same).
    package static func brentRoot(
        lower: Double, upper: Double, xTolerance: Double = 1e-9, relativeTolerance: Double = 1e-10,
        maxIterations: Int = 200, enough: ((Double, Double) -> Bool)? = nil,
        _ f: @escaping (Double) throws -> Double
    ) throws -> Double? {
        ensureInitialised()
        let flo = try f(lower), fhi = try f(upper)
        if flo == 0 { return lower }
        if fhi == 0 { return upper }
        guard flo.isFinite, fhi.isFinite, (flo < 0) != (fhi < 0) else { return nil }
        let context = RootContext(f, ends: (lower, flo, upper, fhi))
        let unmanaged = Unmanaged.passRetained(context)
        defer { unmanaged.release() }
        var function = gsl_function(
            function: { x, params in
                let ctx = Unmanaged<RootContext>.fromOpaque(params!).takeUnretainedValue()
                if ctx.error != nil { return Double.nan }
                do { return try ctx.value(x) } catch {
                    ctx.error = error
                    return Double.nan
                }
            },
            params: unmanaged.toOpaque())
        guard let solver = gsl_root_fsolver_alloc(brentSolverType) else {
            throw GSLError(
                status: Int(GSL_ENOMEM), message: "out of memory", context: "gsl_root_fsolver_alloc"
            )
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
            if gsl_root_test_interval(lo, hi, xTolerance, relativeTolerance) == GSL_SUCCESS
                || enough?(lo, hi) == true
            {
                return gsl_root_fsolver_root(solver)
            }
        }
        throw GSLError(
            status: Int(GSL_EMAXITER), message: String(cString: gsl_strerror(Int32(GSL_EMAXITER))),
            context: "gsl_root_fsolver_brent")
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
        return values.withUnsafeBufferPointer {
            gsl_stats_quantile_from_sorted_data($0.baseAddress, 1, $0.count, f)
        }
    }

    /// The `k`-th smallest of `values` (0-based; `0..<values.count`): `gsl_stats_select` on a
    /// copy.
    package static func select(_ values: [Double], _ k: Int) -> Double {
        precondition(values.indices.contains(k), "select: rank \(k) of \(values.count) values")
        var copy = values
        return copy.withUnsafeMutableBufferPointer {
            gsl_stats_select($0.baseAddress, 1, $0.count, k)
        }
    }

    /// The `f` quantile of unsorted data: `quantile(sorted:_:)` of the sorted data, from the
    /// two order statistics it interpolates, each found by selection in a copy
    /// (`gsl_stats_select`, O(n)) instead of sorting it.
    package static func quantile(_ values: [Double], _ f: Double) -> Double? {
        guard !values.isEmpty else { return nil }
        var copy = values
        return copy.withUnsafeMutableBufferPointer { b -> Double in
            let n = b.count
            // The arithmetic of gsl_stats_quantile_from_sorted_data.
            let index = f * Double(n - 1)
            let lhs = Int(index)
            let delta = index - Double(lhs)
            let low = gsl_stats_select(b.baseAddress, 1, n, lhs)
            if lhs == n - 1 { return low }
            return (1 - delta) * low + delta * gsl_stats_select(b.baseAddress, 1, n, lhs + 1)
        }
    }

    /// `P(X ≥ k)` for `X` binomial with `n` trials of probability `p`: `gsl_cdf_binomial_Q`
    /// (of `k − 1`); beyond `UInt32` trials, the normal approximation with continuity
    /// correction (`gsl_cdf_ugaussian_Q`).
    package static func binomialAtLeast(_ k: Int, trials n: Int, p: Double) -> Double {
        guard k > 0 else { return 1 }
        guard k <= n else { return 0 }
        if n <= Int(UInt32.max) {
            return gsl_cdf_binomial_Q(UInt32(k - 1), p, UInt32(n))
        }
        let mean = Double(n) * p
        let sd = (Double(n) * p * (1 - p)).squareRoot()
        return sd > 0
            ? gsl_cdf_ugaussian_Q((Double(k) - 0.5 - mean) / sd) : (Double(k) > mean ? 0 : 1)
    }

    /// Cumulative standard normal `Φ(x)`. Calls `gsl_cdf_ugaussian_P`.
    package static func normalCDF(_ x: Double) -> Double { gsl_cdf_ugaussian_P(x) }

    /// The `p` quantile of Student's t with `degreesOfFreedom`. Calls `gsl_cdf_tdist_Pinv`.
    package static func tQuantile(_ p: Double, degreesOfFreedom: Double) -> Double {
        gsl_cdf_tdist_Pinv(p, degreesOfFreedom)
    }
}

/// A seeded GSL generator: the Mersenne twister (`gsl_rng_mt19937`) unless told otherwise.
/// Not thread-safe: one per thread or task.
package final class RandomSource {
    /// Which GSL generator.
    package enum Generator: Sendable {
        /// `gsl_rng_mt19937`: the default everywhere (folds, simulation, tests).
        case mt19937
        /// `gsl_rng_taus2`, L'Ecuyer's maximally equidistributed combined Tausworthe generator
        /// (period 2^88): about twice as fast per number here and seeded in a few operations
        /// instead of the twister's 624 words, for the bootstrap's one generator per resample.
        case taus2
    }

    private let rng: UnsafeMutablePointer<gsl_rng>
    private let state: UnsafeMutableRawPointer

    /// Seeds with `seed` (reduced to the platform `unsigned long`). The generator and its
    /// state are allocated by Swift (as `gsl_rng_alloc` would lay them out, so there is no
    /// NULL to handle), then `gsl_rng_set` seeds it.
    package init(seed: UInt64, generator: Generator = .mt19937) {
        GSL.ensureInitialised()
        let type = (generator == .mt19937 ? mt19937Type : taus2Type)!
        state = UnsafeMutableRawPointer.allocate(
            byteCount: max(1, type.pointee.size), alignment: 16)
        rng = UnsafeMutablePointer<gsl_rng>.allocate(capacity: 1)
        rng.initialize(to: gsl_rng(type: type, state: state))
        gsl_rng_set(rng, UInt(truncatingIfNeeded: seed))
    }

    /// A generator for stream `index` of `seed` (splitmix64 mixing), so parallel work seeded
    /// per iteration gives the same numbers whatever the thread count.
    package convenience init(seed: UInt64, stream: UInt64, generator: Generator = .mt19937) {
        self.init(seed: RandomSource.mix(seed, stream), generator: generator)
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
    package func lognormal(_ zeta: Double, _ sigma: Double) -> Double {
        gsl_ran_lognormal(rng, zeta, sigma)
    }
    /// Poisson with mean `mean` (>= 0; 0 gives 0). `gsl_ran_poisson`.
    package func poisson(mean: Double) -> Int { mean > 0 ? Int(gsl_ran_poisson(rng, mean)) : 0 }
    /// Independent Poisson(`counts[i]`) weights for every `i`, written to `weights` (same
    /// length): a resample of cells of those counts, drawn in index order. A count n up to
    /// `PoissonTables.limit` (256) draws from its alias table (`gsl_ran_discrete`: one
    /// uniform, whatever n); up to `PoissonTables.summedLimit` (4096) as the sum of ⌊n/256⌋
    /// draws from the table of 256 and one from the table of n mod 256 (independent Poissons
    /// add up to the Poisson of the sum). Larger counts are drawn jointly: the total
    /// N ~ Poisson(Σ their counts) (`gsl_ran_poisson`), then N split over them by
    /// Multinomial(N; count / Σ counts) (`gsl_ran_multinomial`, one binomial per cell in
    /// index order). Conditioned on their sum, independent Poissons are multinomial with those
    /// probabilities, and disjoint groups of independent cells stay independent, so this is
    /// the law of one `poisson(mean:)` per cell. Counts must be ≥ 0; `tables` should be
    /// `PoissonTables(counts:)` of the same counts (a count whose tables are missing, e.g. when
    /// GSL could not allocate one, is drawn jointly: the same law); a zero count gives 0. When
    /// the joint total reaches 2^31 (the multinomial counts are `unsigned int`), every large
    /// cell draws its own Poisson.
    package func poissonCounts(
        _ counts: UnsafeBufferPointer<Int>, tables: PoissonTables,
        into weights: UnsafeMutableBufferPointer<Int>, scratch: inout PoissonScratch
    ) {
        precondition(counts.count == weights.count, "one weight per count")
        let n = counts.count
        guard n > 0 else { return }
        if scratch.counts.count != n {
            scratch.counts = [UInt32](repeating: 0, count: n)
            scratch.probabilities = [Double](repeating: 0, count: n)
        }
        var total = 0.0
        let limit = PoissonTables.limit
        tables.withTables { table in
            scratch.probabilities.withUnsafeMutableBufferPointer { q in
                for i in 0..<n {
                    let m = counts[i]
                    if m <= limit, let t = table[m] {
                        weights[i] = Int(gsl_ran_discrete(rng, t))
                        q[i] = 0
                    } else if m > limit, m <= PoissonTables.summedLimit, let whole = table[limit],
                        m % limit == 0 || table[m % limit] != nil
                    {
                        var w = 0
                        for _ in 0..<(m / limit) { w += Int(gsl_ran_discrete(rng, whole)) }
                        if let rest = table[m % limit] { w += Int(gsl_ran_discrete(rng, rest)) }
                        weights[i] = w
                        q[i] = 0
                    } else if m > 0 {
                        q[i] = Double(m)
                        total += Double(m)
                    } else {
                        weights[i] = 0
                        q[i] = 0
                    }
                }
            }
        }
        guard total > 0 else { return }
        func fallback() {
            scratch.probabilities.withUnsafeBufferPointer { q in
                for i in 0..<n where q[i] > 0 { weights[i] = poisson(mean: q[i]) }
            }
        }
        guard total < 2_147_483_648 else {
            fallback()
            return
        }
        let draws = Int(gsl_ran_poisson(rng, total))
        guard draws < Int(UInt32.max) else {
            fallback()
            return
        }
        scratch.probabilities.withUnsafeBufferPointer { q in
            scratch.counts.withUnsafeMutableBufferPointer { out in
                gsl_ran_multinomial(rng, n, UInt32(draws), q.baseAddress, out.baseAddress)
                for i in 0..<n where q[i] > 0 { weights[i] = Int(out[i]) }
            }
        }
    }

    /// Successes in `trials` of probability `p` (0…1). `gsl_ran_binomial`.
    package func binomial(_ p: Double, trials: UInt32) -> Int {
        Int(gsl_ran_binomial(rng, p, trials))
    }

    /// True with probability `p`. `gsl_ran_bernoulli`.
    package func bernoulli(_ p: Double) -> Bool { gsl_ran_bernoulli(rng, p) == 1 }

    /// Shuffles in place. Calls `gsl_ran_shuffle`.
    package func shuffle(_ values: inout [Int]) {
        let n = values.count
        guard n > 1 else { return }
        values.withUnsafeMutableBytes {
            gsl_ran_shuffle(rng, $0.baseAddress, n, MemoryLayout<Int>.stride)
        }
    }
}

/// Reusable buffers of `RandomSource.poissonCounts` (one per thread).
package struct PoissonScratch {
    var counts: [UInt32] = []
    var probabilities: [Double] = []
    package init() {}
}

/// Alias tables of Poisson(n) for the integer counts n from 1 to `limit` (256) that a set of
/// cells needs (`gsl_ran_discrete_preproc` of `gsl_ran_poisson_pdf(k, n)` for k from 0 to
/// n + 12√n + 30; the mass left above is below 1e-30, far under double rounding): n itself,
/// or for a count up to `summedLimit` (4096) 256 and n mod 256. A cell's Poisson weight then
/// costs one to sixteen table lookups, and the tables stay under about 1.5 MB whatever the
/// counts. Built once per bootstrap and read by every thread (`gsl_ran_discrete` only reads
/// a table).
package final class PoissonTables: @unchecked Sendable {
    /// Counts up to this draw from their own table.
    package static let limit = 256
    /// Counts up to this draw as a sum of table draws; larger ones jointly (`poissonCounts`).
    package static let summedLimit = 4096
    /// Index n: the table of Poisson(n), nil when no count needs it.
    private let tables: [UnsafeMutablePointer<gsl_ran_discrete_t>?]

    /// The tables `counts` needs. A table GSL cannot allocate (`gsl_ran_discrete_preproc`
    /// returns NULL) is left out: `poissonCounts` then draws the counts that need it jointly
    /// with the large ones, the same law.
    ///
    /// `workers` threads build the tables (each a function of its count alone, so the same
    /// tables whatever their number).
    package init(counts: [Int], workers: Int = 1) {
        GSL.ensureInitialised()
        var needed = [Bool](repeating: false, count: Self.limit + 1)
        for n in counts where n >= 1 && n <= Self.summedLimit {
            if n <= Self.limit {
                needed[n] = true
            } else {
                needed[Self.limit] = true
                needed[n % Self.limit] = true
            }
        }
        needed[0] = false
        let counts = (1...Self.limit).filter { needed[$0] }
        var tables = [UnsafeMutablePointer<gsl_ran_discrete_t>?](
            repeating: nil, count: Self.limit + 1)
        let threads = max(1, min(workers, counts.count))
        tables.withUnsafeMutableBufferPointer { buffer in
            nonisolated(unsafe) let out = buffer
            // Worker w builds every `threads`-th table from its w-th: sizes grow with the
            // count, so each worker gets small and large ones alike.
            DispatchQueue.concurrentPerform(iterations: threads) { w in
                for n in Swift.stride(from: w, to: counts.count, by: threads).map({ counts[$0] }) {
                    let mean = Double(n)
                    let size = Int(mean + 12 * mean.squareRoot() + 30)
                    let pdf = (0..<size).map { gsl_ran_poisson_pdf(UInt32($0), mean) }
                    out[n] = pdf.withUnsafeBufferPointer {
                        gsl_ran_discrete_preproc(size, $0.baseAddress)
                    }
                }
            }
        }
        self.tables = tables
    }

    deinit {
        for t in tables { if let t { gsl_ran_discrete_free(t) } }
    }

    fileprivate func withTables<R>(
        _ body: (UnsafeBufferPointer<UnsafeMutablePointer<gsl_ran_discrete_t>?>) -> R
    ) -> R {
        tables.withUnsafeBufferPointer(body)
    }
}
