import Foundation
import GesturePhysics
import GestureTuning

/// What `ReportWriter.write` produced.
public struct ReportOutput: Sendable, Equatable {
    /// The report folder, `<outDir>/<name>`.
    public var folder: String
    /// Paths relative to `folder`, in writing order.
    public var files: [String]
}

/// Writes every report file atomically: into a temporary folder beside the target
/// (`<outDir>/.<name>.tmp-<pid>-<random>`), then renamed into place. A previous report is
/// renamed away first and removed only after the new one is in place; on any failure the
/// temporary folder is removed and the previous report is left as it was.
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
    public static func write(
        _ model: ReportModel, to outDir: String, name: String, params: String? = nil,
        limits: FigureLimits = .init(), gestureTableCap: Int = 500
    ) throws(ReportError) -> ReportOutput {
        try write(model, to: outDir, name: name, params: params, limits: limits, gestureTableCap: gestureTableCap, failAfter: nil)
    }

    /// `failAfter`: for tests, fail with `cannotWrite` after writing that many files.
    static func write(
        _ model: ReportModel, to outDir: String, name: String, params: String?,
        limits: FigureLimits, gestureTableCap: Int, failAfter: Int?
    ) throws(ReportError) -> ReportOutput {
        guard !name.isEmpty, name != ".", name != "..", !name.contains("/"), !name.contains("\0") else {
            throw .invalidName(name)
        }
        let fm = FileManager.default
        do {
            try fm.createDirectory(atPath: outDir, withIntermediateDirectories: true)
        } catch {
            throw .cannotCreate(path: outDir, reason: reason(error))
        }
        let base = URL(fileURLWithPath: outDir)
        let token = "\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString.prefix(8).lowercased())"
        // Hidden names keep at most 100 bytes of the report's, so a name near the 255-byte
        // limit of a file name still leaves room for the prefix and suffix.
        var short = name
        while short.utf8.count > 100 { short.removeLast() }
        let tmp = base.appendingPathComponent(".\(short).tmp-\(token)")
        let final = base.appendingPathComponent(name)
        // The snippets first: a template that does not fill is a bug, reported before any file is written.
        let snippets: [(name: String, contents: String)]
        do { snippets = try model.snippetFiles() } catch {
            throw .cannotWrite(path: base.appendingPathComponent(name).appendingPathComponent("snippets").path, reason: "\(error)")
        }
        do {
            try fm.createDirectory(at: tmp, withIntermediateDirectories: false)
            try fm.createDirectory(at: tmp.appendingPathComponent("figures"), withIntermediateDirectories: false)
            for folder in Set(snippets.map { ($0.name as NSString).deletingLastPathComponent }).sorted() {
                try fm.createDirectory(at: tmp.appendingPathComponent("snippets/" + folder), withIntermediateDirectories: true)
            }
        } catch {
            try? fm.removeItem(at: tmp)
            throw .cannotCreate(path: tmp.path, reason: reason(error))
        }

        let paramsText: String
        do { paramsText = try params ?? model.suggestedParameterSet.encoded() } catch {
            try? fm.removeItem(at: tmp)
            throw .cannotWrite(path: tmp.appendingPathComponent("params.json").path, reason: "\(error)")
        }
        let figures = ReportFigures(model: model, limits: limits)
        var written: [String] = []
        func file(_ rel: String, _ render: (inout FileStream) -> Void) throws(ReportError) {
            if let failAfter, written.count >= failAfter {
                throw .cannotWrite(path: tmp.appendingPathComponent(rel).path, reason: "injected failure")
            }
            let url = tmp.appendingPathComponent(rel)
            var stream: FileStream
            do {
                stream = try FileStream(url: url)
            } catch {
                throw .cannotWrite(path: url.path, reason: reason(error))
            }
            render(&stream)
            if let e = stream.close() { throw .cannotWrite(path: url.path, reason: e) }
            written.append(rel)
        }

        do throws(ReportError) {
            try file("report.json") { JSONRenderer(model: model, figures: figures).render(to: &$0) }
            try file("report.html") { HTMLRenderer(model: model, figures: figures, gestureTableCap: gestureTableCap).render(to: &$0) }
            try file("report.md") { MarkdownRenderer(model: model, figures: figures, gestureTableCap: gestureTableCap).render(to: &$0) }
            try file("report.ipynb") { NotebookRenderer(model: model, figures: figures).render(to: &$0) }
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
        } catch {
            try? fm.removeItem(at: tmp)
            throw error
        }

        // Swap into place: old away, new in, old removed.
        var old: URL?
        if fm.fileExists(atPath: final.path) {
            let away = base.appendingPathComponent(".\(short).old-\(token)")
            do {
                try fm.moveItem(at: final, to: away)
                old = away
            } catch {
                try? fm.removeItem(at: tmp)
                throw .cannotReplace(path: final.path, reason: reason(error))
            }
        }
        do {
            try fm.moveItem(at: tmp, to: final)
        } catch {
            if let old { try? fm.moveItem(at: old, to: final) }
            try? fm.removeItem(at: tmp)
            throw .cannotReplace(path: final.path, reason: reason(error))
        }
        if let old { try? fm.removeItem(at: old) }
        return ReportOutput(folder: final.path, files: written)
    }

    static func reason(_ error: any Error) -> String {
        if let e = error as? CocoaError, let u = e.userInfo[NSUnderlyingErrorKey] as? NSError {
            return String(cString: strerror(Int32(u.code)))
        }
        return (error as NSError).localizedDescription
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
            self.error = ReportWriter.reason(error)
        }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Flushes and closes; returns the first error, if any.
    mutating func close() -> String? {
        flush()
        do {
            try handle.close()
        } catch {
            if self.error == nil { self.error = ReportWriter.reason(error) }
        }
        return error
    }
}
