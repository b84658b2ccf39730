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

        /// The failure in words: "no such file", "it is a folder", or the system's reason.
        public var reason: String {
            switch self {
            case .missing: "no such file"
            case .folder: "it is a folder"
            case .unreadable(let reason): reason
            }
        }
    }

    /// Every byte `path` holds, read with `open(2)` and `read(2)` until the end.
    public static func read(_ path: String) throws(Failure) -> Data {
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
            data.append(contentsOf: chunk[0..<n])
        }
    }
}
