/// Why a physics computation failed. Per-gesture measurement never throws (failed fits fall
/// back and are counted); these errors come from option validation, the completion models,
/// and the GSL wrappers underneath.
public enum PhysicsError: Error, Equatable, Sendable, CustomStringConvertible {
    /// An option or model parameter is out of range: `name` (the setting's key, as in
    /// `params.json`: `extent`, `horizon`, `maxGap`, `maxSamples`), the offending `value`, and
    /// what was expected.
    case invalidParameter(name: String, value: Double, expected: String)
    /// A GSL function returned a non-zero status; `reason` is `gsl_strerror(status)`.
    case gsl(function: String, status: Int32, reason: String)
    /// A GSL allocation returned NULL.
    case allocationFailed(function: String)
    /// An iterative solver did not converge within `iterations`.
    case notConverged(function: String, iterations: Int)
    /// A computation produced NaN or an infinity (`what` names the quantity).
    case nonFinite(what: String)

    public var description: String {
        switch self {
        case .invalidParameter(let name, let value, let expected):
            "\(name) must be \(expected), got \(value)"
        case .gsl(let function, let status, let reason):
            "\(function) failed: \(reason) (GSL status \(status))"
        case .allocationFailed(let function):
            "\(function) could not allocate memory"
        case .notConverged(let function, let iterations):
            "\(function) did not converge in \(iterations) iterations"
        case .nonFinite(let what):
            "\(what) is not a finite number"
        }
    }
}
