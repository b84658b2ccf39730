import Foundation

/// The trace files of a batch: every `*.csv` under the given paths, deduplicated and sorted.
public enum Corpus {
    /// Lists the cases. A file named explicitly is a case whatever its extension; a folder is
    /// searched recursively for `*.csv` (any case), skipping hidden files and folders; `-` is
    /// standard input. Paths are kept as given (a folder's files as `folder/sub/file.csv`), and
    /// sorted by their UTF-8 bytes so the order is the same on every machine.
    public static func files(under paths: [String]) throws(CLIError) -> [String] {
        var found = Set<String>()
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
            guard let enumerator = fm.enumerator(atPath: path) else {
                throw .missingInput(path: path, reason: "folder cannot be listed")
            }
            while let relative = enumerator.nextObject() as? String {
                let name = relative.split(separator: "/").last.map(String.init) ?? relative
                let type = enumerator.fileAttributes?[.type] as? FileAttributeType
                if name.hasPrefix(".") {
                    if type == .typeDirectory { enumerator.skipDescendants() }
                    continue
                }
                guard type == .typeRegular || type == .typeSymbolicLink,
                    name.lowercased().hasSuffix(".csv")
                else { continue }
                found.insert(normalise(base == "/" ? "/" + relative : base + "/" + relative))
            }
        }
        return found.sorted(by: precedes)
    }

    /// Byte order of the paths' UTF-8: locale- and platform-independent.
    public static func precedes(_ a: String, _ b: String) -> Bool {
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
    public static func shard<T>(_ files: [T], index k: Int, count n: Int) -> [T] {
        precondition(n >= 1 && k >= 1 && k <= n)
        return stride(from: k - 1, to: files.count, by: n).map { files[$0] }
    }
}
