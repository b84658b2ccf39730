import Foundation

/// What makes two paths one file: the device and inode `stat(2)` gives after following every
/// symbolic link. Names differ (`a.csv`, `./a.csv`, a link to it, a hard link); this does not.
public struct FileIdentity: Hashable, Sendable {
    public var device: UInt64
    public var inode: UInt64

    /// The identity of what `path` names (links followed), nil when nothing is there.
    public init?(_ path: String) {
        var info = stat()
        guard !path.isEmpty, stat(path, &info) == 0 else { return nil }
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
    }

    /// The identity of the regular file open on `descriptor` (`fstat(2)`), nil for anything
    /// else (a terminal, a pipe).
    public init?(descriptor: Int32) {
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
    }

    /// Whether `path` is this file or lies inside this folder, at any depth: its real path
    /// (`realpath(3)`) and each folder above it compared by identity.
    public func holds(_ path: String) -> Bool {
        guard let real = realpath(path, nil) else { return false }
        var current = String(cString: real)
        free(real)
        while true {
            if FileIdentity(current) == self { return true }
            let parent = AtomicFile.parentFolder(current)
            if parent.isEmpty || parent == current { return false }
            current = parent
        }
    }

    /// A key for `sameFile`: `device:inode` of an existing file, else the standardized
    /// absolute path with its links resolved.
    public static func key(_ path: String) -> String {
        if let id = FileIdentity(path) { return "\(id.device):\(id.inode)" }
        return URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
    }

    /// Whether two paths name the same file: the same device and inode when both exist, else
    /// the same standardized absolute path.
    public static func sameFile(_ a: String, _ b: String) -> Bool { key(a) == key(b) }
}
