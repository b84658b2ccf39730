import Foundation
import GestureCodegen
import GesturePhysics

/// Tells a report folder this tool wrote from any other folder, without a marker file (the
/// report's files stay exactly those `ReportWriter.fileNames` lists, and folders written by
/// earlier versions are recognised too): `report.json` of the report schema, and nothing but
/// the files a report holds. What a person or a notebook server adds beside them (notes, a
/// data file, a link) makes it a folder that is not replaced.
package enum ReportFolder {
    /// The report's own files at the top of its folder.
    package static let topFiles: Set<String> = [
        "report.json", "report.html", "report.md", "report.ipynb", "params.json",
    ]
    /// Left by Jupyter or a file manager when the report is opened: not a person's data.
    static let viewerLeftovers: Set<String> = [".ipynb_checkpoints", ".DS_Store"]
    /// Every figure a report of this version or an earlier one holds, by its exact name
    /// (`ReportFiguresTests` checks that every figure written is listed).
    package static let figureFiles: Set<String> = Set(
        [
            "gate-tradeoff", "group-thresholds", "progress-curves", "release-scatter",
            "release-velocity", "start-position", "velocity-ratio",
        ].map { $0 + ".svg" })
    /// Every snippet path under `snippets/` a report holds, in every direction.
    package static let snippetFiles: Set<String> = Set(
        Direction.allCases.flatMap { SnippetTemplates.names(for: $0) }
            + [ReportModel.playgroundPath])
    /// What Jupyter's checkpoints of the report's own files are called.
    static let checkpointFiles: Set<String> = Set(
        topFiles.map { name in
            let dot = name.lastIndex(of: ".")!
            return name[..<dot] + "-checkpoint" + name[dot...]
        })

    /// The first entry of the folder at `path` that a report does not hold (relative to it),
    /// nil when the folder is a report this tool wrote. An unreadable folder or a
    /// `report.json` of another schema is named as such. The folder, or an entry, that vanishes
    /// while it is looked at is not foreign: another run is replacing this report (it removes the old one
    /// file by file), and what is gone needs no protection.
    static func foreignEntry(in path: String) -> String? {
        // A folder that vanished while it was looked at (another run renamed it aside to put
        // its own report in place) holds nothing to protect.
        guard isReportJSON(path + "/report.json") else {
            return kind(path) == 0 ? nil : "no report.json of schema \(JSONRenderer.schema)"
        }
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: path) else {
            return kind(path) == 0 ? nil : "entries it cannot list"
        }
        for entry in entries.sorted() {
            let full = path + "/" + entry
            let type = kind(full)
            if type == 0 { continue }
            switch entry {
            case _ where topFiles.contains(entry):
                if type != S_IFREG { return entry }
            // Only the exact names a report holds: a person's own `figures/mine.svg` or
            // `snippets/NOTES.md` makes the folder theirs, never deleted.
            case "figures":
                if let foreign = foreignFile(in: full, depth: 0, accept: figureFiles.contains) {
                    return "figures/" + foreign
                }
            case "snippets":
                if let foreign = foreignFile(in: full, depth: 2, accept: snippetFiles.contains) {
                    return "snippets/" + foreign
                }
            case ".DS_Store":
                if type != S_IFREG { return entry }
            case ".ipynb_checkpoints":
                if let foreign = foreignFile(
                    in: full, depth: 0, accept: checkpointFiles.contains)
                {
                    return entry + "/" + foreign
                }
            default:
                return entry
            }
        }
        return nil
    }

    /// The first entry under the folder `path` that is not a regular file whose path relative
    /// to it (`prefix` + name) is `accept`ed (at most `depth` folders deep); the folder itself
    /// must be a real folder.
    private static func foreignFile(
        in path: String, depth: Int, prefix: String = "", accept: (String) -> Bool
    ) -> String? {
        let type = kind(path)
        if type == 0 { return nil }
        guard type == S_IFDIR else { return "" }
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: path) else {
            return kind(path) == 0 ? nil : ""
        }
        for entry in entries.sorted() {
            let full = path + "/" + entry
            switch kind(full) {
            case 0: continue
            case S_IFREG where accept(prefix + entry): continue
            case S_IFDIR where depth > 0:
                if let foreign = foreignFile(
                    in: full, depth: depth - 1, prefix: prefix + entry + "/", accept: accept)
                {
                    return entry + "/" + foreign
                }
            default: return entry
            }
        }
        return nil
    }

    /// The file type bits of what `path` names, links not followed; 0 when nothing is there.
    private static func kind(_ path: String) -> mode_t {
        var info = stat()
        guard lstat(path, &info) == 0 else { return 0 }
        return info.st_mode & S_IFMT
    }

    /// Whether `path` is a regular file whose JSON begins with the report schema's key.
    static func isReportJSON(_ path: String) -> Bool {
        guard kind(path) == S_IFREG, let handle = FileHandle(forReadingAtPath: path) else {
            return false
        }
        defer { try? handle.close() }
        let head = (try? handle.read(upToCount: 512)) ?? Data()
        let compact = head.filter { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
        return compact.starts(with: Array("{\"schema\":\"gesturetune.report/".utf8))
    }
}
