import Foundation

/// Writes output files without ever destroying what a path points at.
///
/// A regular file (or a new path) is written to a unique temporary file beside it and renamed
/// into place (`rename(2)`), so a failed or interrupted run never leaves a half-written output.
/// A symbolic link is followed: the file it names is replaced that way and the link stays. A
/// target that exists and is not a regular file (`/dev/null`, a FIFO, a terminal, or a link to
/// one) is written through in place: renaming over it would replace the device or pipe itself.
public enum AtomicFile {
    /// Writes `contents` to `path`, creating missing parent folders. `-` goes to
    /// `standardOutput` when one is given.
    public static func write(
        _ contents: String, to path: String, standardOutput: ((String) -> Void)?
    ) throws(OutputError) {
        try writeAll([(contents, path)], standardOutput: standardOutput)
    }

    /// Writes several files as one output set: every file is staged beside its target first,
    /// then all are renamed into place together (`TemporaryOutputs.commit`), so a failure or an
    /// interrupt leaves either the previous set or the complete new one, never a mix. Targets
    /// that are devices or pipes are written after the set is in place.
    public static func writeAll(
        _ items: [(contents: String, path: String)], standardOutput: ((String) -> Void)?
    ) throws(OutputError) {
        let set = OutputSet(standardOutput: standardOutput)
        for item in items { try set.stage(item.contents, to: item.path) }
        try set.commit()
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
    /// What the links end at is asked first (`stat(2)`): a descriptor link such as `/dev/stdout`
    /// or `/dev/fd/3` names a pipe or socket by a text (`pipe:[…]`) that is no path, and is
    /// written through at the path given.
    static func destination(_ path: String) -> Destination {
        var followed = stat()
        if stat(path, &followed) == 0 {
            switch followed.st_mode & S_IFMT {
            case S_IFREG: break
            case S_IFDIR: return .folder
            default: return .inPlace(path)
            }
        }
        var current = path
        for _ in 0..<40 {
            var info = stat()
            guard lstat(current, &info) == 0 else { return .replace(current) }
            switch info.st_mode & S_IFMT {
            case S_IFLNK:
                var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
                let n = readlink(current, &buffer, buffer.count - 1)
                guard n > 0 else { return .replace(current) }
                let link = String(
                    decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
                let folder = parentFolder(current)
                current = link.hasPrefix("/") || folder.isEmpty ? link : folder + "/" + link
            case S_IFREG: return .replace(current)
            case S_IFDIR: return .folder
            default: return .inPlace(current)
            }
        }
        return .replace(current)
    }

    /// Files staged one by one (each written to its temporary file as soon as it is staged, so
    /// a large set never sits in memory) and renamed into place together by `commit()`. A
    /// failure, or a set never committed, removes the temporaries. `-` goes to `standardOutput`
    /// at once when one is given.
    public final class OutputSet {
        private let standardOutput: ((String) -> Void)?
        private var staged: [(temporary: String, target: String)] = []
        private var throughs: [(contents: String, path: String, shown: String)] = []
        /// Folders `stage` created, deepest first: removed again (when empty) on failure, so a
        /// failed set leaves no empty folder behind.
        private var createdFolders: [String] = []
        private var committed = false

        public init(standardOutput: ((String) -> Void)? = nil) {
            self.standardOutput = standardOutput
        }

        deinit { if !committed { discard() } }

        private func discard() {
            for item in staged {
                unlink(item.temporary)
                TemporaryOutputs.unregister(item.temporary)
            }
            staged = []
            removeCreatedFolders()
        }

        private func removeCreatedFolders() {
            for folder in createdFolders { rmdir(folder) }
            TemporaryOutputs.unregisterCreated(createdFolders)
            createdFolders = []
        }

        public func stage(_ contents: String, to path: String) throws(OutputError) {
            if path == "-", let standardOutput {
                standardOutput(contents)
                return
            }
            let target: String
            switch destination(path) {
            case .folder:
                discard()
                throw OutputError(path: path, reason: "it is a folder")
            case .inPlace(let resolved):
                throughs.append((contents, resolved, path))
                return
            case .replace(let resolved):
                target = resolved
            }
            let folder = parentFolder(target)
            if !folder.isEmpty {
                var missing: [String] = []
                var above = folder
                var info = stat()
                while !above.isEmpty, above != "/", lstat(above, &info) != 0, errno == ENOENT {
                    missing.append(above)
                    above = parentFolder(above)
                }
                createdFolders.insert(contentsOf: missing, at: 0)
                do {
                    try TemporaryOutputs.createFolders(missing, for: path) {
                        () throws(OutputError) in
                        do {
                            try createFolders(folder)
                        } catch {
                            throw OutputError(
                                path: path,
                                reason: "cannot create folder \(folder): \(describe(error))")
                        }
                    }
                } catch {
                    discard()
                    throw error
                }
            }
            switch TemporaryOutputs.createFile(besides: target) {
            case .failure(let failure):
                discard()
                throw OutputError(path: path, reason: failure.reason)
            case .success(let created):
                staged.append((created.path, target))
                var bytes = Array(contents.utf8)
                var failure = writeAllBytes(created.descriptor, &bytes)
                // mkstemp creates the file 0600; an output gets the replaced file's mode,
                // else 0644.
                var old = stat()
                let mode = stat(target, &old) == 0 ? old.st_mode & 0o7777 : 0o644
                if failure == nil, fchmod(created.descriptor, mode) != 0 {
                    failure = String(cString: strerror(errno))
                }
                if close(created.descriptor) != 0, failure == nil {
                    failure = String(cString: strerror(errno))
                }
                if let failure {
                    discard()
                    throw OutputError(path: path, reason: failure)
                }
            }
        }

        /// Renames every staged file into place together, then writes the in-place targets.
        public func commit() throws(OutputError) {
            committed = true
            if let failure = TemporaryOutputs.commit(staged) {
                removeCreatedFolders()
                throw failure
            }
            staged = []
            TemporaryOutputs.unregisterCreated(createdFolders)
            createdFolders = []
            for item in throughs {
                var fd = open(item.path, O_WRONLY | O_TRUNC | O_NOCTTY | O_CLOEXEC)
                // A socket cannot be opened by its `/dev/fd` name: write to that descriptor.
                if fd < 0, errno == ENXIO, let number = descriptor(item.path) { fd = dup(number) }
                guard fd >= 0 else {
                    throw OutputError(path: item.shown, reason: String(cString: strerror(errno)))
                }
                var bytes = Array(item.contents.utf8)
                var failure = writeAllBytes(fd, &bytes)
                if close(fd) != 0, failure == nil { failure = String(cString: strerror(errno)) }
                if let failure { throw OutputError(path: item.shown, reason: failure) }
            }
        }
    }

    /// The descriptor a `/dev/stdout`, `/dev/stderr`, `/dev/fd/N` or `/proc/self/fd/N` path
    /// names, nil for any other path.
    static func descriptor(_ path: String) -> Int32? {
        switch path {
        case "/dev/stdout": return 1
        case "/dev/stderr": return 2
        default:
            for prefix in ["/dev/fd/", "/proc/self/fd/"] where path.hasPrefix(prefix) {
                return Int32(path.dropFirst(prefix.count))
            }
            return nil
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
    /// `strerror` of the failure ("No space left on device", "Bad file descriptor"), nil on
    /// success.
    public static func writeAllBytes(_ fd: Int32, _ bytes: inout [UInt8]) -> String? {
        bytes.withUnsafeBytes { writeAllBytes(fd, $0) }
    }

    /// `writeAllBytes` of a buffer (a string's UTF-8 in place, say).
    public static func writeAllBytes(_ fd: Int32, _ buffer: UnsafeRawBufferPointer) -> String? {
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

    /// Creates the folder `path` and its missing parents. A folder that another run creates
    /// at the same moment is not an error: `FileManager` checks, then calls `mkdir`, and fails
    /// with "file exists" when a concurrent run's `mkdir` came in between, so the creation is
    /// retried a few times and succeeds as soon as a folder stands at `path`.
    public static func createFolders(_ path: String) throws {
        var attempt = 0
        while true {
            do {
                try FileManager.default.createDirectory(
                    atPath: path, withIntermediateDirectories: true)
                return
            } catch {
                var info = stat()
                if stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR { return }
                attempt += 1
                if attempt >= 4 { throw error }
            }
        }
    }

    /// The folder part of `path` ("" for a bare name, "/" for a file at the root). Not
    /// `NSString.deletingLastPathComponent`, which traps on some one-character names.
    public static func parentFolder(_ path: String) -> String {
        let bytes = Array(path.utf8)
        var end = bytes.count
        while end > 1, bytes[end - 1] == UInt8(ascii: "/") { end -= 1 }
        guard let slash = bytes[0..<end].lastIndex(of: UInt8(ascii: "/")) else { return "" }
        return slash == 0 ? "/" : String(decoding: bytes[0..<slash], as: UTF8.self)
    }

    /// A file-system error as `strerror` words ("No such file or directory") where the error
    /// carries a POSIX code or a Foundation code that has one, else Foundation's description.
    public static func describe(_ error: any Error) -> String {
        if let cocoa = error as? CocoaError {
            if let underlying = cocoa.userInfo[NSUnderlyingErrorKey] as? NSError,
                underlying.domain == NSPOSIXErrorDomain
            {
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
