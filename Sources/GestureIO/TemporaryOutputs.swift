import Foundation

/// An output that could not be written: the path as given and `strerror` words or a sentence.
public struct OutputError: Error, Equatable, Sendable {
    public var path: String
    public var reason: String
    /// Set when the output was refused because an interrupt (this signal) has removed the
    /// temporaries and the process is exiting with 128 + signal.
    public var signal: Int32?

    public init(path: String, reason: String, signal: Int32? = nil) {
        self.path = path
        self.reason = reason
        self.signal = signal
    }

    /// Refused after an interrupt by `signal`.
    static func interrupted(_ path: String, by signal: Int32) -> OutputError {
        OutputError(path: path, reason: "interrupted", signal: signal)
    }
}

/// Temporary files and folders not yet renamed into place; an interrupt removes them.
///
/// Every temporary `AtomicFile` and `StagedFolder` make is registered here under the lock that
/// `removeAll(closing:)` takes, so a signal handler never misses one and never cuts a rename.
public enum TemporaryOutputs {
    /// The registered paths, and whether an interrupt has already cleaned up: after that, no new
    /// temporary is created (the process is exiting, and one made then would outlive it).
    private struct State {
        var paths: Set<String> = []
        /// Folders an output set created for its files, deepest first: removed only if empty.
        var createdFolders: [String] = []
        /// The signal of the interrupt that cleaned up; nil until one did.
        var closedBy: Int32?
        /// Clean-ups under way (`removeAll` between its snapshot and its last removal).
        var cleaning = 0
    }
    private static let state = Locked(State())

    static func register(_ path: String) { _ = state.withLock { $0.paths.insert(path) } }
    static func unregister(_ path: String) { _ = state.withLock { $0.paths.remove(path) } }

    /// Registers `folders` (an interrupt removes them again when they are still empty,
    /// `rmdir(2)`) and runs `create`, which makes them, under the lock an interrupt's clean-up
    /// takes: after an interrupt nothing is created (`OutputError.signal`), so no folder is made
    /// again inside one the clean-up is removing.
    static func createFolders(
        _ folders: [String], for path: String, _ create: () throws(OutputError) -> Void
    ) throws(OutputError) {
        let result = state.withLock { state -> OutputError? in
            if let signal = state.closedBy { return .interrupted(path, by: signal) }
            state.createdFolders.insert(contentsOf: folders, at: 0)
            do throws(OutputError) { try create() } catch { return error }
            return nil
        }
        if let result { throw result }
    }
    static func unregisterCreated(_ folders: [String]) {
        let gone = Set(folders)
        state.withLock { $0.createdFolders.removeAll { gone.contains($0) } }
    }

    /// Creates a hidden temporary file beside `target` with `mkstemp(3)` (`.<name>.XXXXXX`, a
    /// unique name whatever the process or container) and registers it. The name keeps at most
    /// 100 bytes of the target's, so a name near the 255-byte limit still has room for the suffix.
    static func createFile(besides target: String) -> Result<
        (path: String, descriptor: Int32), OutputError
    > {
        let folder = AtomicFile.parentFolder(target)
        let last = target.utf8.split(separator: UInt8(ascii: "/")).last ?? Substring(target).utf8
        let template =
            (folder.isEmpty ? "" : folder + "/")
            + ".\(shortened(String(decoding: last, as: UTF8.self))).XXXXXX"
        let result = state.withLock {
            state -> Result<(path: String, descriptor: Int32), OutputError> in
            if let signal = state.closedBy { return .failure(.interrupted(target, by: signal)) }
            var buffer = Array(template.utf8CString)
            let fd = buffer.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
            guard fd >= 0 else {
                return .failure(OutputError(path: target, reason: String(cString: strerror(errno))))
            }
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            let path = String(
                decoding: buffer.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
            state.paths.insert(path)
            return .success((path, fd))
        }
        return result
    }

    /// Creates a hidden folder `.<name>.<label>-XXXXXX` in `folder` with `mkdtemp(3)` and
    /// registers it; returns its path or `strerror` words.
    static func createFolder(in folder: String, name: String, label: String) -> Result<
        String, OutputError
    > {
        let template = folder + "/" + hiddenPrefix(name, label) + "\(owner)-XXXXXX"
        let result = state.withLock { state -> Result<String, OutputError> in
            if let signal = state.closedBy { return .failure(.interrupted(folder, by: signal)) }
            guard let path = makeFolder(template) else {
                return .failure(OutputError(path: folder, reason: String(cString: strerror(errno))))
            }
            state.paths.insert(path)
            return .success(path)
        }
        return result
    }

    /// `mkdtemp(3)` on `template`; nil with `errno` set on failure.
    static func makeFolder(_ template: String) -> String? {
        var buffer = Array(template.utf8CString)
        guard buffer.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) != nil else {
            return nil
        }
        return String(decoding: buffer.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Who made a hidden folder: this host's name (letters, digits and `-` only, at most 32)
    /// and this process's id, as `host.pid`; a later run on the same host removes the folders
    /// of a process that is gone (`removeStale`).
    static let owner: String = {
        var buffer = [CChar](repeating: 0, count: 256)
        let host =
            gethostname(&buffer, buffer.count) == 0
            ? String(
                decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            : ""
        let safe = String(
            host.unicodeScalars.filter {
                $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-")
            }.prefix(32))
        return (safe.isEmpty ? "host" : safe) + ".\(getpid())"
    }()

    /// `.<name>.<label>-`: how the hidden folders of `name` begin (`staging`, `old`).
    static func hiddenPrefix(_ name: String, _ label: String) -> String {
        ".\(shortened(name)).\(label)-"
    }

    /// The `mkdtemp(3)` template of a folder beside `name` in `folder` (`old`: a previous
    /// report moved aside).
    static func hiddenTemplate(in folder: String, name: String, label: String) -> String {
        folder + "/" + hiddenPrefix(name, label) + "\(owner)-XXXXXX"
    }

    /// Removes the hidden staging and moved-aside folders of `name` in `folder` that a process
    /// of this host left when it was killed (its id names no process any more). Folders of
    /// other hosts or containers sharing the folder, and of live processes, are left alone.
    /// Returns how many were removed.
    @discardableResult
    static func removeStale(in folder: String, name: String) -> Int {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: folder) else {
            return 0
        }
        let host = owner.prefix { $0 != "." }
        var removed = 0
        for entry in entries {
            guard
                let prefix = ["staging", "old"].map({ hiddenPrefix(name, $0) }).first(where: {
                    entry.hasPrefix($0)
                })
            else { continue }
            // `host.pid-XXXXXX` after the prefix.
            let rest = entry.dropFirst(prefix.count)
            guard let dash = rest.lastIndex(of: "-"), let dot = rest[..<dash].lastIndex(of: "."),
                rest[..<dot] == host, let pid = Int32(rest[rest.index(after: dot)..<dash]),
                pid != getpid(), kill(pid, 0) != 0, errno == ESRCH
            else { continue }
            if (try? FileManager.default.removeItem(atPath: folder + "/" + entry)) != nil {
                removed += 1
            }
        }
        return removed
    }

    /// At most 100 bytes of `name`, cut at a character boundary.
    static func shortened(_ name: String) -> String {
        var name = name
        while name.utf8.count > 100 { name.removeLast() }
        return name
    }

    /// The signal of the interrupt that has cleaned up, if one has: the process is exiting with
    /// 128 + it, and every later create, commit or swap fails with `OutputError.signal` set, so
    /// the command exits with that same status instead of waiting for the handler's exit.
    public static var interruptedBy: Int32? { state.withLock { $0.closedBy } }

    /// Waits (at most `timeout` seconds) until no clean-up is under way: a command that stops
    /// after an interrupt exits only once the handler has removed every temporary, never in
    /// the middle of its removals.
    public static func awaitCleanUp(timeout: Double = 30) {
        let deadline = Date().addingTimeInterval(timeout)
        while state.withLock({ $0.cleaning > 0 }), Date() < deadline { usleep(1000) }
    }

    /// Renames every staged `(temporary, target)` pair into place while holding the lock that
    /// `removeAll()` takes, then forgets the temporaries: an interrupt sees either none of the
    /// outputs renamed (and removes the temporaries) or all of them. Returns the first failure.
    static func commit(_ staged: [(temporary: String, target: String)]) -> OutputError? {
        state.withLock { state -> OutputError? in
            if let signal = state.closedBy {
                for item in staged {
                    unlink(item.temporary)
                    state.paths.remove(item.temporary)
                }
                return .interrupted(staged.first?.target ?? "", by: signal)
            }
            var failure: OutputError?
            for item in staged {
                if failure == nil, rename(item.temporary, item.target) != 0 {
                    failure = OutputError(
                        path: item.target, reason: String(cString: strerror(errno)))
                }
                if failure != nil { unlink(item.temporary) }
                state.paths.remove(item.temporary)
            }
            return failure
        }
    }

    /// Runs `body` holding the lock `removeAll()` takes, with the registered paths: a swap done
    /// inside cannot be cut by an interrupt's clean-up.
    static func locked<R: Sendable>(_ body: (inout Set<String>) throws(OutputError) -> R)
        throws(OutputError) -> R
    {
        let result = state.withLock { state -> Result<R, OutputError> in
            if let signal = state.closedBy { return .failure(.interrupted("", by: signal)) }
            do throws(OutputError) { return .success(try body(&state.paths)) } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// Removes every registered temporary output; returns how many were removed. With `closing`
    /// (an interrupt, by that signal) no temporary is created and no set is committed from then
    /// on (they fail with `OutputError.signal`), so nothing another thread makes between this
    /// clean-up and the exit is left behind.
    /// `including` limits the clean-up to some paths (tests, which share the process with
    /// other tests' outputs); the interrupt handler removes every one.
    @discardableResult
    public static func removeAll(
        closing signal: Int32? = nil, including: (String) -> Bool = { _ in true }
    ) -> Int {
        let (all, folders) = state.withLock { state -> (Set<String>, [String]) in
            if let signal { state.closedBy = state.closedBy ?? signal }
            state.cleaning += 1
            let chosen = state.paths.filter(including)
            state.paths.subtract(chosen)
            let folders = state.createdFolders.filter(including)
            state.createdFolders.removeAll { including($0) }
            return (chosen, folders)
        }
        var removed = 0
        for path in all {
            // A folder another thread was writing into may have gained an entry while it was
            // removed: try again while it is there.
            for _ in 0..<3 where FileManager.default.fileExists(atPath: path) {
                try? FileManager.default.removeItem(atPath: path)
            }
            if !FileManager.default.fileExists(atPath: path) { removed += 1 }
        }
        for folder in folders { rmdir(folder) }
        state.withLock { $0.cleaning -= 1 }
        return removed
    }
}
