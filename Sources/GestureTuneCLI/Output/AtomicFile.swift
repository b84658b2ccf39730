import Foundation

/// Thread-safe box for shared mutable state.
final class Locked<Value>: @unchecked Sendable {
    private var value: Value
    private let lock = NSLock()

    init(_ value: Value) { self.value = value }

    func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}

/// Temporary files and folders not yet renamed into place; an interrupt removes them.
public enum TemporaryOutputs {
    private static let paths = Locked<Set<String>>([])

    static func register(_ path: String) { _ = paths.withLock { $0.insert(path) } }
    static func unregister(_ path: String) { _ = paths.withLock { $0.remove(path) } }

    /// Renames every staged `(temporary, target)` pair into place while holding the lock that
    /// `removeAll()` takes, then forgets the temporaries: an interrupt sees either none of the
    /// outputs renamed (and removes the temporaries) or all of them. Returns the first failure.
    static func commit(_ staged: [(temporary: String, target: String)]) -> (target: String, reason: String)? {
        paths.withLock { set -> (target: String, reason: String)? in
            var failure: (target: String, reason: String)?
            for item in staged {
                if failure == nil, rename(item.temporary, item.target) != 0 {
                    failure = (item.target, String(cString: strerror(errno)))
                }
                if failure != nil { try? FileManager.default.removeItem(atPath: item.temporary) }
                set.remove(item.temporary)
            }
            return failure
        }
    }

    /// Removes every registered temporary output; returns how many were removed.
    @discardableResult
    public static func removeAll() -> Int {
        let all = paths.withLock { set -> Set<String> in
            defer { set.removeAll() }
            return set
        }
        var removed = 0
        for path in all where (try? FileManager.default.removeItem(atPath: path)) != nil { removed += 1 }
        return removed
    }
}

/// Writes a file atomically: to a temporary file beside the target, then `rename(2)` into place,
/// so a failed or interrupted run never leaves a half-written output.
public enum AtomicFile {
    private static let counter = Locked(0)

    /// Writes `contents` to `path`, creating missing parent folders. `-` writes to `console`'s
    /// standard output instead.
    static func write(_ contents: String, to path: String, console: Console? = nil) throws(CLIError) {
        try writeAll([(contents, path)], console: console)
    }

    /// Writes several files as one output set: every file is staged beside its target first,
    /// then all are renamed into place together (`TemporaryOutputs.commit`), so a failure or an
    /// interrupt leaves either the previous set or the complete new one, never a mix. `-`
    /// writes to `console`'s standard output.
    static func writeAll(_ items: [(contents: String, path: String)], console: Console? = nil) throws(CLIError) {
        var staged: [(temporary: String, target: String)] = []
        func discard() {
            for item in staged {
                try? FileManager.default.removeItem(atPath: item.temporary)
                TemporaryOutputs.unregister(item.temporary)
            }
        }
        for item in items {
            if item.path == "-", let console {
                console.writeOut(item.contents)
                continue
            }
            let url = URL(fileURLWithPath: item.path)
            let folder = url.deletingLastPathComponent()
            do {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            } catch {
                discard()
                throw .cannotCreate(path: item.path, reason: "cannot create folder \(folder.path): \(describe(error))")
            }
            let n = counter.withLock { value -> Int in
                value += 1
                return value
            }
            let temporary = folder.appendingPathComponent(".\(url.lastPathComponent).tmp-\(getpid())-\(n)").path
            TemporaryOutputs.register(temporary)
            staged.append((temporary, item.path))
            if let reason = writeNew(temporary, Array(item.contents.utf8)) {
                discard()
                throw .cannotCreate(path: item.path, reason: reason)
            }
        }
        if let failure = TemporaryOutputs.commit(staged) {
            throw .cannotCreate(path: failure.target, reason: failure.reason)
        }
    }

    /// Creates `path` (which must not exist) and writes `bytes` to it with `open(2)` and
    /// `write(2)`; returns `strerror` of the failure (e.g. "Permission denied"), nil on success.
    static func writeNew(_ path: String, _ bytes: [UInt8]) -> String? {
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else { return String(cString: strerror(errno)) }
        var failure: String?
        bytes.withUnsafeBytes { buffer in
            var done = 0
            while done < buffer.count {
                let n = posixWrite(fd, buffer.baseAddress! + done, buffer.count - done)
                if n < 0 {
                    if errno == EINTR { continue }
                    failure = String(cString: strerror(errno))
                    return
                }
                done += n
            }
        }
        if close(fd) != 0, failure == nil { failure = String(cString: strerror(errno)) }
        return failure
    }

    /// A file-system error as `strerror` words ("No such file or directory") where the error
    /// carries a POSIX code or a Foundation code that has one, else Foundation's description.
    static func describe(_ error: any Error) -> String {
        if let cocoa = error as? CocoaError {
            if let underlying = cocoa.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
                return String(cString: strerror(Int32(underlying.code)))
            }
            // swift-corelibs-foundation often drops the POSIX error: map the common codes back.
            let posix: Int32? =
                switch cocoa.code {
                case .fileNoSuchFile, .fileReadNoSuchFile: ENOENT
                case .fileWriteNoPermission, .fileReadNoPermission: EACCES
                case .fileWriteFileExists: EEXIST
                case .fileWriteVolumeReadOnly: EROFS
                case .fileWriteOutOfSpace: ENOSPC
                default: nil
                }
            if let posix { return String(cString: strerror(posix)) }
        }
        return error.localizedDescription
    }
}

/// `write(2)`, outside `AtomicFile` whose own `write` would shadow it.
private func posixWrite(_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(fd, bytes, count)
}
