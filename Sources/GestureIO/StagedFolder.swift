import Foundation

/// A folder written out of sight and then swapped in for whatever folder of that name is in
/// place, so a failed or interrupted run leaves either the previous folder or the new one.
///
/// The folder is built in `<parent>/.<name>.staging-<host>.<pid>-XXXXXX/<name>` (a unique
/// `mkdtemp` name, named after its maker so a later run on the host removes it once that
/// process is gone,
/// so runs in other processes or containers sharing the parent never collide; the inner folder
/// gets the ordinary mode, not `mkdtemp`'s 0700), registered with `TemporaryOutputs` so an
/// interrupt removes it. `commit` swaps it in: the previous folder renamed aside to a unique
/// `.<name>.old-XXXXXX`, the new one renamed into place, the old one removed. The swap runs
/// under the interrupt lock and is retried when a concurrent run put its folder in place in
/// between, so of runs finishing together the last one wins and no hidden folder is left.
public struct StagedFolder: Sendable {
    /// Where the new folder goes.
    public let target: String
    /// The folder to fill.
    public let folder: String
    /// The registered staging folder around `folder`.
    private let staging: String

    /// Swap attempts before giving up when concurrent runs keep replacing the folder.
    static let swapAttempts = 20

    /// Creates the staging folder beside `target`; the parent folder must exist.
    public init(target: String) throws(OutputError) {
        let parent = AtomicFile.parentFolder(target)
        let name = String(
            decoding: target.utf8.split(separator: UInt8(ascii: "/")).last ?? [], as: UTF8.self)
        // What a killed run of this host left beside the target goes first.
        TemporaryOutputs.removeStale(in: parent.isEmpty ? "." : parent, name: name)
        switch TemporaryOutputs.createFolder(
            in: parent.isEmpty ? "." : parent, name: name, label: "staging")
        {
        case .success(let path): staging = path
        case .failure(let failure): throw OutputError(path: target, reason: failure.reason)
        }
        self.target = target
        folder = staging + "/" + name
        guard mkdir(folder, 0o777) == 0 else {
            let reason = String(cString: strerror(errno))
            discard()
            throw OutputError(path: target, reason: reason)
        }
    }

    /// Removes what is left of the staging folder (everything, when not committed).
    public func discard() {
        try? FileManager.default.removeItem(atPath: staging)
        TemporaryOutputs.unregister(staging)
    }

    /// Swaps the filled folder in for what is at `target`. `refusal` is asked about what is in
    /// place, under the lock, right before it would be moved aside: a reason not to replace it
    /// stops the swap with that reason and nothing moved. Then discards the staging folder.
    public func commit(refusal: (String) -> String?) throws(OutputError) {
        defer { discard() }
        let parent = AtomicFile.parentFolder(target)
        let name = String(
            decoding: target.utf8.split(separator: UInt8(ascii: "/")).last ?? [], as: UTF8.self)
        var asides: [String] = []
        defer {
            for old in asides {
                try? FileManager.default.removeItem(atPath: old)
                TemporaryOutputs.unregister(old)
            }
        }
        let target = self.target, folder = self.folder
        for _ in 0..<Self.swapAttempts {
            let placed = try TemporaryOutputs.locked {
                (set: inout Set<String>) throws(OutputError) -> Bool in
                if rename(folder, target) == 0 { return true }
                guard errno == ENOTEMPTY || errno == EEXIST else {
                    throw OutputError(
                        path: target,
                        reason:
                            "cannot move the report into place: \(String(cString: strerror(errno)))"
                    )
                }
                if let reason = refusal(target) { throw OutputError(path: target, reason: reason) }
                // A previous folder is in place: rename it aside (onto an empty unique folder,
                // which rename(2) replaces), then try again.
                let template = TemporaryOutputs.hiddenTemplate(
                    in: parent.isEmpty ? "." : parent, name: name, label: "old")
                guard let away = TemporaryOutputs.makeFolder(template) else {
                    throw OutputError(
                        path: target,
                        reason:
                            "cannot move the previous report aside: "
                            + String(cString: strerror(errno))
                    )
                }
                set.insert(away)
                asides.append(away)
                if rename(target, away) != 0, errno != ENOENT {
                    throw OutputError(
                        path: target,
                        reason:
                            "cannot move the previous report aside: "
                            + String(cString: strerror(errno))
                    )
                }
                return rename(folder, target) == 0
            }
            if placed { return }
        }
        throw OutputError(
            path: target, reason: "cannot move the report into place: other runs kept replacing it")
    }
}
