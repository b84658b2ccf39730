import Foundation

/// Reads an input file to its end, whatever it is: a regular file, a FIFO, a pipe named by
/// `/dev/fd/N` (a shell's `<(…)`), `/dev/stdin`. Foundation's readers size the read by the
/// file's length and refuse or misread what has none.
public enum InputFile {
    /// Why a path could not be read.
    public enum Failure: Error, Equatable, Sendable {
        /// Nothing is at the path.
        case missing
        /// The path names a folder.
        case folder
        /// Opening or reading failed: `strerror` words ("Permission denied").
        case unreadable(String)
        /// The file holds more than the limit of bytes (a device, a pipe that never ends, a
        /// file that is not what it claims): a data error (65), not a missing input.
        case tooLarge(limit: Int)

        /// The failure in words: "no such file", "it is a folder", or the system's reason.
        public var reason: String {
            switch self {
            case .missing: "no such file"
            case .folder: "it is a folder"
            case .unreadable(let reason): reason
            case .tooLarge(let limit):
                "expected at most \(limit >> 20) MiB, found more (the limit of a JSON input)"
            }
        }
    }

    /// The most `read` takes by default: 256 MiB. Parameter files, baselines, reports and
    /// partials are far smaller; `/dev/zero` or an endless pipe is refused at the limit.
    public static let defaultLimit = 256 << 20

    /// Every byte `path` holds, read with `open(2)` and `read(2)` until the end; more than
    /// `limit` bytes is `tooLarge`.
    public static func read(_ path: String, limit: Int = defaultLimit) throws(Failure) -> Data {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            if errno == ENOENT { throw .missing }
            if errno == EISDIR { throw .folder }
            throw .unreadable(String(cString: strerror(errno)))
        }
        defer { close(fd) }
        var info = stat()
        if fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFDIR { throw .folder }
        var data = Data()
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { Foundation.read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw .unreadable(String(cString: strerror(errno)))
            }
            if n == 0 { return data }
            guard data.count + n <= limit else { throw .tooLarge(limit: limit) }
            data.append(contentsOf: chunk[0..<n])
        }
    }
}
