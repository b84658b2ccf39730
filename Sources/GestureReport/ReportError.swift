/// Why a report could not be written. The command line maps every case to exit 73
/// (EX_CANTCREAT). The previous report, if any, is untouched in every case.
public enum ReportError: Error, Equatable, Sendable {
    /// The report name is empty, `.`/`..`, or contains `/` or NUL.
    case invalidName(String)
    /// A folder could not be created.
    case cannotCreate(path: String, reason: String)
    /// A file could not be written.
    case cannotWrite(path: String, reason: String)
    /// The finished report could not be renamed into place.
    case cannotReplace(path: String, reason: String)
}

extension ReportError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .invalidName(let n): "invalid report name '\(n)': use a plain folder name"
        case .cannotCreate(let p, let r): "\(p): cannot create folder: \(r)"
        case .cannotWrite(let p, let r): "\(p): cannot write: \(r)"
        case .cannotReplace(let p, let r): "\(p): cannot move the report into place: \(r)"
        }
    }
}
