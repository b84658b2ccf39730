import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The trace files of a batch: every `*.csv`, `*.csv.gz` and `*.csv.zst` under the given paths,
/// deduplicated and sorted.
enum Corpus {
    /// Endings of the files a folder's walk takes (compared lowercased): CSV text, and CSV
    /// compressed with gzip or zstd (which the reader tells by their first bytes, not the name).
    static let traceSuffixes = [".csv", ".csv.gz", ".csv.zst"]

    /// Whether a file found in a folder is a trace by its name.
    static func isTraceName(_ name: String) -> Bool {
        let lowered = name.lowercased()
        return traceSuffixes.contains { lowered.hasSuffix($0) }
    }

    /// Lists the cases. A file named explicitly is a case whatever its extension; a folder is
    /// searched recursively for `traceSuffixes` (any case), skipping hidden files and folders; `-` is
    /// standard input. Paths are kept as given (a folder's files as `folder/sub/file.csv`), and
    /// sorted by their UTF-8 bytes so the order is the same on every machine.
    ///
    /// Nothing is skipped in silence: an entry the walk cannot read (an unreadable subfolder, a
    /// path beyond PATH_MAX, a name that is not UTF-8) is an error naming it (66).
    static func files(under paths: [String]) throws(CLIError) -> [String] {
        let walked = try walk(paths)
        if let first = walked.unreadable.first {
            throw .missingInput(path: first.path, reason: first.reason)
        }
        return walked.files
    }

    /// What a walk of `paths` found: the trace files, sorted by bytes, and the entries it could
    /// not read, with why, in the order met (`batch` makes each an ERROR case).
    static func walk(_ paths: [String]) throws(CLIError) -> (
        files: [String], unreadable: [(path: String, reason: String)]
    ) {
        var found = Set<String>()
        var unreadable: [(path: String, reason: String)] = []
        let fm = FileManager.default
        for path in paths {
            if path == "-" {
                found.insert(path)
                continue
            }
            var isDirectory: ObjCBool = false
            guard fm.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw .missingInput(path: path, reason: "no such file or folder")
            }
            guard isDirectory.boolValue else {
                found.insert(normalise(path))
                continue
            }
            guard fm.isReadableFile(atPath: path) else {
                throw .missingInput(path: path, reason: "folder is not readable")
            }
            var base = path
            while base.count > 1 && base.hasSuffix("/") { base.removeLast() }
            guard let top = opendir(path) else {
                if let starved = outOfDescriptors(path) { throw starved }
                throw .missingInput(path: path, reason: "folder cannot be listed")
            }
            try walk(top, folder: base == "/" ? "" : base, into: &found, unreadable: &unreadable)
        }
        return (found.sorted(by: precedes), unreadable)
    }

    /// The trace files the arguments of `analyze`, `validate` and `measure` name: a file (or
    /// `-`) as given, in its place; a folder replaced, in its place, by its trace files
    /// (`files(under:)`: recursive, hidden entries skipped, sorted by bytes). A folder without
    /// any is an error (exit 66), as is a path that does not exist.
    static func expandingFolders(_ paths: [String]) throws(CLIError) -> [String] {
        var out: [String] = []
        for path in paths {
            guard path != "-", isFolder(path) else {
                out.append(path)
                continue
            }
            let found = try files(under: [path])
            guard !found.isEmpty else {
                throw .missingInput(
                    path: path, reason: "no *.csv, *.csv.gz or *.csv.zst trace files in the folder")
            }
            out += found
        }
        return out
    }

    /// Whether `path` is a folder (following links).
    static func isFolder(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
            && isDirectory.boolValue
    }

    /// The report name a folder argument gives: its last path component (`traces` for
    /// `traces/` and `./study/traces`), the current folder's for `.`, `traces` when none.
    static func folderName(_ path: String) -> String {
        let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
        let last = absolute.split(separator: "/").last.map(String.init) ?? ""
        return last.isEmpty ? "traces" : last
    }

    /// Adds the trace files (`traceSuffixes`) under an open folder (closed on return), recursively, skipping
    /// hidden entries. Listed with `readdir`, whose entry type saves a `stat` per file (a
    /// `FileManager` enumerator took about 45 ms for 2,000 files, a serial step of `batch`);
    /// symbolic links are cases when their name is a trace's and are never descended into.
    /// What cannot be read is never skipped in silence: an unreadable subfolder, an entry whose
    /// type cannot be told (a path beyond PATH_MAX) and a name that is not UTF-8 (which a path
    /// of text cannot name) go to `unreadable` with why; running out of file descriptors stops
    /// the walk.
    static func walk(
        _ dir: OpaquePointer, folder: String, into found: inout Set<String>,
        unreadable: inout [(path: String, reason: String)]
    ) throws(CLIError) {
        defer { closedir(dir) }
        while let entry = readdir(dir) {
            let bytes = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                Array(raw.prefix(while: { $0 != 0 }))
            }
            let name = String(decoding: bytes, as: UTF8.self)
            guard !name.hasPrefix(".") else { continue }
            let path = folder + "/" + name
            guard String(validating: bytes, as: UTF8.self) != nil else {
                unreadable.append(
                    (
                        normalise(path),
                        "the name is not UTF-8 text, which gesturetune cannot open; rename it"
                    ))
                continue
            }
            var type = Int32(entry.pointee.d_type)
            if type == Int32(DT_UNKNOWN) {
                var info = stat()
                guard lstat(path, &info) == 0 else {
                    unreadable.append((normalise(path), String(cString: strerror(errno))))
                    continue
                }
                switch info.st_mode & S_IFMT {
                case S_IFDIR: type = Int32(DT_DIR)
                case S_IFREG: type = Int32(DT_REG)
                case S_IFLNK: type = Int32(DT_LNK)
                default: continue
                }
            }
            guard type == Int32(DT_DIR) || isTraceName(name) else { continue }
            if type == Int32(DT_DIR) {
                if let sub = opendir(path) {
                    try walk(sub, folder: path, into: &found, unreadable: &unreadable)
                } else if let starved = outOfDescriptors(path) {
                    throw starved
                } else {
                    unreadable.append(
                        (
                            normalise(path),
                            "folder cannot be listed: \(String(cString: strerror(errno)))"
                        ))
                }
            } else if type == Int32(DT_REG) || (type == Int32(DT_LNK) && linksToFileOrNothing(path))
            {
                found.insert(normalise(path))
            }
        }
    }

    /// The error for an `opendir` of `path` that just failed because the process or the system
    /// is out of file descriptors (EMFILE, ENFILE); nil for any other failure.
    static func outOfDescriptors(_ path: String) -> CLIError? {
        let code = errno
        guard code == EMFILE || code == ENFILE else { return nil }
        return .systemResource(path: path, reason: String(cString: strerror(code)))
    }

    /// A link found while walking is a case when it leads to a regular file, or to nothing (then
    /// reading it reports the missing file). A link to a FIFO, a device or a socket is skipped as
    /// those are: opening a FIFO blocks until something writes to it.
    static func linksToFileOrNothing(_ path: String) -> Bool {
        var info = stat()
        guard stat(path, &info) == 0 else { return true }
        return info.st_mode & S_IFMT == S_IFREG
    }

    /// Byte order of the paths' UTF-8: locale- and platform-independent.
    static func precedes(_ a: String, _ b: String) -> Bool {
        a.utf8.lexicographicallyPrecedes(b.utf8)
    }

    /// Drops a leading `./` so `traces` and `./traces` name the same cases.
    static func normalise(_ path: String) -> String {
        var p = Substring(path)
        while p.hasPrefix("./") && p.count > 2 { p = p.dropFirst(2) }
        return String(p)
    }

    /// Shard `k` of `n` (1-based): the files at sorted positions k-1, k-1+n, k-1+2n, ...
    /// Shards 1..n are disjoint and together hold every file once.
    static func shard<T>(_ files: [T], index k: Int, count n: Int) -> [T] {
        precondition(n >= 1 && k >= 1 && k <= n)
        return stride(from: k - 1, to: files.count, by: n).map { files[$0] }
    }
}
