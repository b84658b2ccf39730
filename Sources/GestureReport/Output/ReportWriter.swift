import Foundation
import GestureCodegen
import GestureIO
import GesturePhysics
import GestureTuning

/// What `ReportWriter.write` produced.
public struct ReportOutput: Sendable, Equatable {
    /// The report folder, `<outDir>/<name>`.
    public var folder: String
    /// Paths relative to `folder`, in writing order.
    public var files: [String]
}

/// Writes every report file atomically: into a staging folder beside the target
/// (`StagedFolder`), then swapped into place. A previous report is renamed away first and
/// removed only after the new one is in place; on any failure the staging folder is removed
/// and the previous report is left as it was.
///
/// Only a report replaces a report: whatever else is at `<outDir>/<name>` (a folder of other
/// files, a file, a symbolic link, which is never followed) or a folder holding one of the
/// run's inputs is refused before anything is touched (`refusal(at:inputs:)`).
public enum ReportWriter {
    /// Files a report holds, relative to its folder, in writing order (the snippets follow the
    /// transition's direction: `SnippetTemplates.names(for:)`).
    public static func fileNames(figures: ReportFigures, direction: Direction) -> [String] {
        ["report.json", "report.html", "report.md", "report.ipynb", "params.json"]
            + figures.info.map { "figures/\($0.name).svg" }
            + SnippetTemplates.names(for: direction).map { "snippets/\($0)" }
    }

    /// Writes the report for `model` into `<outDir>/<name>`.
    ///
    /// - Parameters:
    ///   - params: the text of `params.json` when the caller serialises its own parameter set;
    ///     nil writes `model.suggestedParameterSet.encoded()`.
    ///   - limits: figure thinning; `gestureTableCap`: gesture rows in HTML / Markdown.
    ///   - inputs: the files the run read; a report folder holding one is refused.
    public static func write(
        _ model: ReportModel, to outDir: String, name: String, params: String? = nil,
        limits: FigureLimits = .init(), gestureTableCap: Int = 500, inputs: [String] = []
    ) throws(ReportError) -> ReportOutput {
        try write(
            model, to: outDir, name: name, params: params, limits: limits,
            gestureTableCap: gestureTableCap, inputs: inputs, failAfter: nil)
    }

    /// `failAfter`: for tests, fail with `cannotWrite` after writing that many files.
    static func write(
        _ model: ReportModel, to outDir: String, name: String, params: String?,
        limits: FigureLimits, gestureTableCap: Int, inputs: [String] = [], failAfter: Int?
    ) throws(ReportError) -> ReportOutput {
        guard !name.isEmpty, name != ".", name != "..", !name.contains("/"), !name.contains("\0")
        else {
            throw .invalidName(name)
        }
        let fm = FileManager.default
        var isDir: ObjCBool = false
        if fm.fileExists(atPath: outDir, isDirectory: &isDir), !isDir.boolValue {
            throw .cannotCreate(path: outDir, reason: "not a folder")
        }
        let final = (outDir as NSString).appendingPathComponent(name)
        if let reason = refusal(at: final, inputs: inputs) {
            throw .cannotReplace(path: final, reason: reason)
        }
        do {
            try AtomicFile.createFolders(outDir)
        } catch {
            throw .cannotCreate(path: outDir, reason: AtomicFile.describe(error))
        }
        // The snippets first: a template that does not fill is a bug, reported before any
        // file is written.
        let snippets: [(name: String, contents: String)]
        do {
            snippets =
                try model.snippetFiles() + [
                    (ReportModel.playgroundPath, try model.playgroundPage())
                ]
        } catch {
            throw .cannotWrite(path: final + "/snippets", reason: "\(error)")
        }
        let paramsText: String
        do { paramsText = try params ?? model.suggestedParameterSet.encoded() } catch {
            throw .cannotWrite(path: final + "/params.json", reason: "\(error)")
        }
        let staged: StagedFolder
        do { staged = try StagedFolder(target: final) } catch {
            throw .cannotCreate(path: final, reason: error.reason)
        }
        defer { staged.discard() }
        let tmp = URL(fileURLWithPath: staged.folder)
        do {
            try fm.createDirectory(
                at: tmp.appendingPathComponent("figures"), withIntermediateDirectories: false)
            for folder in Set(snippets.map { ($0.name as NSString).deletingLastPathComponent })
                .sorted()
            {
                try fm.createDirectory(
                    at: tmp.appendingPathComponent("snippets/" + folder),
                    withIntermediateDirectories: true)
            }
        } catch {
            throw .cannotCreate(path: tmp.path, reason: AtomicFile.describe(error))
        }

        let figures = ReportFigures(model: model, limits: limits)
        var written: [String] = []
        func file(_ rel: String, _ render: (inout FileStream) -> Void) throws(ReportError) {
            if let failAfter, written.count >= failAfter {
                throw .cannotWrite(
                    path: tmp.appendingPathComponent(rel).path, reason: "injected failure")
            }
            let url = tmp.appendingPathComponent(rel)
            var stream: FileStream
            do {
                stream = try FileStream(url: url)
            } catch {
                throw .cannotWrite(path: url.path, reason: AtomicFile.describe(error))
            }
            render(&stream)
            if let e = stream.close() { throw .cannotWrite(path: url.path, reason: e) }
            written.append(rel)
        }

        try file("report.json") { JSONRenderer(model: model, figures: figures).render(to: &$0) }
        try file("report.html") {
            HTMLRenderer(model: model, figures: figures, gestureTableCap: gestureTableCap).render(
                to: &$0)
        }
        try file("report.md") {
            MarkdownRenderer(model: model, figures: figures, gestureTableCap: gestureTableCap)
                .render(to: &$0)
        }
        try file("report.ipynb") {
            NotebookRenderer(model: model, figures: figures).render(to: &$0)
        }
        try file("params.json") { out in
            out.write(paramsText)
        }
        let svg = SVGRenderer(model: model, figures: figures)
        for f in figures.info {
            try file("figures/\(f.name).svg") { out in
                out.write("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
                svg.render(f.name, to: &out)
            }
        }
        for snippet in snippets {
            try file("snippets/" + snippet.name) { $0.write(snippet.contents) }
        }

        do {
            try staged.commit { refusal(at: $0, inputs: inputs) }
        } catch {
            throw .cannotReplace(path: final, reason: error.reason)
        }
        return ReportOutput(folder: final, files: written)
    }

    /// Why the folder at `path` must not be replaced by a report, nil when it may: nothing is
    /// there, or a report folder this tool wrote that holds none of `inputs`. Never follows a
    /// symbolic link at `path`.
    public static func refusal(at path: String, inputs: [String] = []) -> String? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        switch info.st_mode & S_IFMT {
        case S_IFDIR: break
        case S_IFLNK: return "a symbolic link of that name is in the way (it is not followed)"
        default: return "a file of that name is in the way"
        }
        if let folder = FileIdentity(path),
            let input = inputs.first(where: { $0 != "-" && folder.holds($0) })
        {
            return "it holds \(input), an input of this run"
        }
        // A run replacing this report at the same moment can show it mid-swap (gone between
        // two looks, then back as the new report), which looks foreign for an instant: a
        // folder is refused only when it looks foreign on three looks a few ms apart.
        var entry = ReportFolder.foreignEntry(in: path)
        for _ in 0..<2 where entry != nil {
            usleep(5_000)
            entry = ReportFolder.foreignEntry(in: path)
        }
        return entry.map { "not a report folder this tool wrote: it holds \($0)" }
    }
}

/// A buffered file writer usable as a `TextOutputStream`; keeps the first I/O error for
/// `close()` to report (a stream's `write` cannot throw).
struct FileStream: TextOutputStream {
    private let handle: FileHandle
    private var buffer: [UInt8] = []
    private var error: String?

    init(url: URL) throws {
        guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
            throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: url.path])
        }
        handle = try FileHandle(forWritingTo: url)
        buffer.reserveCapacity(1 << 16)
    }

    mutating func write(_ string: String) {
        buffer.append(contentsOf: string.utf8)
        if buffer.count >= 1 << 16 { flush() }
    }

    private mutating func flush() {
        guard error == nil, !buffer.isEmpty else { return }
        do {
            try handle.write(contentsOf: buffer)
        } catch {
            self.error = AtomicFile.describe(error)
        }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Flushes and closes; returns the first error, if any.
    mutating func close() -> String? {
        flush()
        do {
            try handle.close()
        } catch {
            if self.error == nil { self.error = AtomicFile.describe(error) }
        }
        return error
    }
}
