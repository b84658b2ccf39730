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
    /// The registered paths, and whether an interrupt has already cleaned up: after that, no new
    /// temporary is created (the process is exiting, and one made then would outlive it).
    private struct State {
        var paths: Set<String> = []
        var closed = false
    }
    private static let state = Locked(State())

    static func register(_ path: String) { _ = state.withLock { $0.paths.insert(path) } }

    /// Creates a hidden temporary file beside `target` with `mkstemp(3)` (`.<name>.XXXXXX`, a
    /// unique name whatever the process or container) and registers it under the same lock
    /// `removeAll()` takes, so an interrupt never misses it. The name keeps at most 100 bytes of
    /// the target's, so a target name near the 255-byte limit still has room for the suffix.
    static func createFile(besides target: String) -> Result<(path: String, descriptor: Int32), TemporaryFailure> {
        let folder = AtomicFile.parentFolder(target)
        var name = String(decoding: target.utf8.split(separator: UInt8(ascii: "/")).last ?? Substring(target).utf8, as: UTF8.self)
        while name.utf8.count > 100 { name.removeLast() }
        let template = (folder.isEmpty ? "" : folder + "/") + ".\(name).XXXXXX"
        let result: Result<(path: String, descriptor: Int32), TemporaryFailure>? = state.withLock { state in
            guard !state.closed else { return nil }
            var buffer = Array(template.utf8CString)
            let fd = buffer.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
            guard fd >= 0 else { return .failure(TemporaryFailure(String(cString: strerror(errno)))) }
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            let path = String(decoding: buffer.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
            state.paths.insert(path)
            return .success((path, fd))
        }
        guard let result else { parkUntilExit() }
        return result
    }

    /// An interrupt has cleaned up and its handler is exiting with 128 + signal: the thread that
    /// would create or commit more output waits for that exit instead of exiting with its own status.
    private static func parkUntilExit() -> Never {
        while true { sleep(60) }
    }

    /// Why a temporary file could not be created (`strerror` words).
    struct TemporaryFailure: Error {
        var reason: String
        init(_ reason: String) { self.reason = reason }
    }
    static func unregister(_ path: String) { _ = state.withLock { $0.paths.remove(path) } }

    /// Renames every staged `(temporary, target)` pair into place while holding the lock that
    /// `removeAll()` takes, then forgets the temporaries: an interrupt sees either none of the
    /// outputs renamed (and removes the temporaries) or all of them. Returns the first failure.
    static func commit(_ staged: [(temporary: String, target: String)]) -> (target: String, reason: String)? {
        let outcome = state.withLock { state -> (target: String, reason: String)?? in
            guard !state.closed else { return .none }
            var failure: (target: String, reason: String)?
            for item in staged {
                if failure == nil, rename(item.temporary, item.target) != 0 {
                    failure = (item.target, String(cString: strerror(errno)))
                }
                if failure != nil { unlink(item.temporary) }
                state.paths.remove(item.temporary)
            }
            return .some(failure)
        }
        guard let outcome else { parkUntilExit() }
        return outcome
    }

    /// Runs `body` holding the lock `removeAll()` takes, with the registered paths: a swap done
    /// inside cannot be cut by an interrupt's clean-up.
    static func locked<R>(_ body: (inout Set<String>) throws(CLIError) -> R) throws(CLIError) -> R {
        let result = state.withLock { (state: inout State) -> Result<R, CLIError>? in
            guard !state.closed else { return nil }
            do throws(CLIError) { return .success(try body(&state.paths)) } catch { return .failure(error) }
        }
        guard let result else { parkUntilExit() }
        return try result.get()
    }

    /// Creates a hidden folder `.<name>.<label>-XXXXXX` in `folder` with `mkdtemp(3)` and
    /// registers it (under the lock); returns its path or `strerror` words.
    static func createFolder(in folder: String, name: String, label: String) -> Result<String, TemporaryFailure> {
        var name = name
        while name.utf8.count > 100 { name.removeLast() }
        let template = folder + "/.\(name).\(label)-XXXXXX"
        let result: Result<String, TemporaryFailure>? = state.withLock { state in
            guard !state.closed else { return nil }
            var buffer = Array(template.utf8CString)
            guard buffer.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) != nil else {
                return .failure(TemporaryFailure(String(cString: strerror(errno))))
            }
            let path = String(decoding: buffer.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
            state.paths.insert(path)
            return .success(path)
        }
        guard let result else { parkUntilExit() }
        return result
    }

    /// Removes every registered temporary output; returns how many were removed. With `closing`
    /// (an interrupt) no temporary is created and no set is committed from then on, so nothing
    /// another thread makes between this clean-up and the exit is left behind.
    /// `including` limits the clean-up to some paths (tests, which share the process with
    /// other tests' outputs); the interrupt handler removes every one.
    @discardableResult
    public static func removeAll(closing: Bool = false, including: (String) -> Bool = { _ in true }) -> Int {
        let all = state.withLock { state -> Set<String> in
            if closing { state.closed = true }
            let chosen = state.paths.filter(including)
            state.paths.subtract(chosen)
            return chosen
        }
        var removed = 0
        for path in all where (try? FileManager.default.removeItem(atPath: path)) != nil { removed += 1 }
        return removed
    }
}

/// Writes output files without ever destroying what a path points at.
///
/// A regular file (or a new path) is written to a unique temporary file beside it and renamed
/// into place (`rename(2)`), so a failed or interrupted run never leaves a half-written output.
/// A symbolic link is followed: the file it names is replaced that way and the link stays. A
/// target that exists and is not a regular file (`/dev/null`, a FIFO, a terminal, or a link to
/// one) is written through in place: renaming over it would replace the device or pipe itself.
public enum AtomicFile {
    /// Writes `contents` to `path`, creating missing parent folders. `-` writes to `console`'s
    /// standard output instead.
    static func write(_ contents: String, to path: String, console: Console? = nil) throws(CLIError) {
        try writeAll([(contents, path)], console: console)
    }

    /// Where an output path leads.
    enum Destination: Equatable {
        /// A regular file or a path that does not exist yet: replaced atomically at this path
        /// (the path a symbolic link names, followed).
        case replace(String)
        /// An existing device, FIFO or socket: written through in place.
        case inPlace(String)
        case folder
    }

    /// Follows symbolic links (up to 40, as the kernel does) and classifies what `path` names.
    static func destination(_ path: String) -> Destination {
        var current = path
        for _ in 0..<40 {
            var info = stat()
            guard lstat(current, &info) == 0 else { return .replace(current) }
            switch info.st_mode & S_IFMT {
            case S_IFLNK:
                var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
                let n = readlink(current, &buffer, buffer.count - 1)
                guard n > 0 else { return .replace(current) }
                let link = String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
                let folder = parentFolder(current)
                current = link.hasPrefix("/") || folder.isEmpty ? link : folder + "/" + link
            case S_IFREG: return .replace(current)
            case S_IFDIR: return .folder
            default: return .inPlace(current)
            }
        }
        return .replace(current)
    }

    /// Writes several files as one output set: every file is staged beside its target first,
    /// then all are renamed into place together (`TemporaryOutputs.commit`), so a failure or an
    /// interrupt leaves either the previous set or the complete new one, never a mix. Targets
    /// that are devices or pipes are written after the set is in place. `-` writes to
    /// `console`'s standard output.
    static func writeAll(_ items: [(contents: String, path: String)], console: Console? = nil) throws(CLIError) {
        let set = OutputSet(console: console)
        for item in items { try set.stage(item.contents, to: item.path) }
        try set.commit()
    }

    /// Files staged one by one (each written to its temporary file as soon as it is staged, so
    /// a large set never sits in memory) and renamed into place together by `commit()`. A
    /// failure, or a set never committed, removes the temporaries.
    final class OutputSet {
        private let console: Console?
        private var staged: [(temporary: String, target: String)] = []
        private var throughs: [(contents: String, path: String, shown: String)] = []
        private var committed = false

        init(console: Console? = nil) { self.console = console }

        deinit { if !committed { discard() } }

        private func discard() {
            for item in staged {
                unlink(item.temporary)
                TemporaryOutputs.unregister(item.temporary)
            }
            staged = []
        }

        func stage(_ contents: String, to path: String) throws(CLIError) {
            if path == "-", let console {
                console.writeOut(contents)
                return
            }
            let target: String
            switch destination(path) {
            case .folder:
                discard()
                throw .cannotCreate(path: path, reason: "it is a folder")
            case .inPlace(let resolved):
                throughs.append((contents, resolved, path))
                return
            case .replace(let resolved):
                target = resolved
            }
            let folder = parentFolder(target)
            if !folder.isEmpty {
                do {
                    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
                } catch {
                    discard()
                    throw .cannotCreate(path: path, reason: "cannot create folder \(folder): \(describe(error))")
                }
            }
            switch TemporaryOutputs.createFile(besides: target) {
            case .failure(let failure):
                discard()
                throw .cannotCreate(path: path, reason: failure.reason)
            case .success(let created):
                staged.append((created.path, target))
                var bytes = Array(contents.utf8)
                var failure = writeAllBytes(created.descriptor, &bytes)
                // mkstemp creates the file 0600; an output gets the replaced file's mode, else 0644.
                var old = stat()
                let mode = stat(target, &old) == 0 ? old.st_mode & 0o7777 : 0o644
                if failure == nil, fchmod(created.descriptor, mode) != 0 { failure = String(cString: strerror(errno)) }
                if close(created.descriptor) != 0, failure == nil { failure = String(cString: strerror(errno)) }
                if let failure {
                    discard()
                    throw .cannotCreate(path: path, reason: failure)
                }
            }
        }

        /// Renames every staged file into place together, then writes the in-place targets.
        func commit() throws(CLIError) {
            committed = true
            if let failure = TemporaryOutputs.commit(staged) {
                throw .cannotCreate(path: failure.target, reason: failure.reason)
            }
            staged = []
            for item in throughs {
                let fd = open(item.path, O_WRONLY | O_TRUNC | O_NOCTTY | O_CLOEXEC)
                guard fd >= 0 else { throw .cannotCreate(path: item.shown, reason: String(cString: strerror(errno))) }
                var bytes = Array(item.contents.utf8)
                var failure = writeAllBytes(fd, &bytes)
                if close(fd) != 0, failure == nil { failure = String(cString: strerror(errno)) }
                if let failure { throw .cannotCreate(path: item.shown, reason: failure) }
            }
        }
    }

    /// Creates `path` (which must not exist) and writes `bytes` to it with `open(2)` and
    /// `write(2)`; returns `strerror` of the failure (e.g. "Permission denied"), nil on success.
    static func writeNew(_ path: String, _ bytes: [UInt8]) -> String? {
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else { return String(cString: strerror(errno)) }
        var bytes = bytes
        var failure = writeAllBytes(fd, &bytes)
        if close(fd) != 0, failure == nil { failure = String(cString: strerror(errno)) }
        return failure
    }

    /// Writes every byte to `fd` with `write(2)`, retrying on `EINTR` and short writes; returns
    /// `strerror` of the failure ("No space left on device", "Bad file descriptor"), nil on success.
    static func writeAllBytes(_ fd: Int32, _ bytes: inout [UInt8]) -> String? {
        bytes.withUnsafeBytes { buffer -> String? in
            guard let base = buffer.baseAddress else { return nil }
            var done = 0
            while done < buffer.count {
                let n = posixWrite(fd, base + done, buffer.count - done)
                if n < 0 {
                    if errno == EINTR { continue }
                    return String(cString: strerror(errno))
                }
                if n == 0 { return String(cString: strerror(EIO)) }
                done += n
            }
            return nil
        }
    }

    /// The folder part of `path` ("" for a bare name, "/" for a file at the root). Not
    /// `NSString.deletingLastPathComponent`, which traps on some one-character names.
    static func parentFolder(_ path: String) -> String {
        let bytes = Array(path.utf8)
        var end = bytes.count
        while end > 1, bytes[end - 1] == UInt8(ascii: "/") { end -= 1 }
        guard let slash = bytes[0..<end].lastIndex(of: UInt8(ascii: "/")) else { return "" }
        return slash == 0 ? "/" : String(decoding: bytes[0..<slash], as: UTF8.self)
    }

    /// Whether two paths name the same file: the same device and inode when both exist, else
    /// the same standardized absolute path.
    static func sameFile(_ a: String, _ b: String) -> Bool { identity(a) == identity(b) }

    /// What `sameFile` compares: `device:inode` of an existing file, else the standardized
    /// absolute path.
    static func identity(_ path: String) -> String {
        var info = stat()
        if stat(path, &info) == 0 { return "\(info.st_dev):\(info.st_ino)" }
        return URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
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
