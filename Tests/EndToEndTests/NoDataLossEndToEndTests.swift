import Foundation
import TestSupport
import Testing

/// Nothing the user has is lost: a report replaces only a report folder this tool wrote and
/// holding none of the run's inputs (else 73, naming it, with nothing touched), and no output
/// replaces a file the run reads, the traces `batch` finds by walking included (else 64,
/// naming both). docs/robustness.md, "Outputs never replace what is not theirs".
@Suite(.enabled(if: TestSupport.binaryPath != nil, "gesturetune not built: skipped"))
struct NoDataLossEndToEndTests {
    static let trace = TestSupport.packageRoot.appendingPathComponent("traces/swipe.csv").path

    /// Every regular file under `dir` with its bytes, relative to `dir`.
    static func tree(_ dir: URL) -> [String: Data] {
        var out: [String: Data] = [:]
        let e = FileManager.default.enumerator(atPath: dir.path)
        while let rel = e?.nextObject() as? String {
            if let data = FileManager.default.contents(atPath: dir.appendingPathComponent(rel).path)
            {
                out[rel] = data
            }
        }
        return out
    }

    /// A folder `data` holding a trace, in a fresh folder, which is returned.
    static func dataFolder() throws -> URL {
        let dir = try TestSupport.temporaryDirectory("no-loss")
        try FileManager.default.createDirectory(
            at: dir.appendingPathComponent("data"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            atPath: trace, toPath: dir.appendingPathComponent("data/session.csv").path)
        return dir
    }

    @Test func aReportNamedLikeTheFolderOfItsInputKeepsTheFolder() throws {
        let dir = try Self.dataFolder()
        let before = Self.tree(dir)
        let r = try TestSupport.run(
            ["analyze", "data/session.csv", "--out", ".", "--name", "data", "--resamples", "0"],
            in: dir)
        #expect(r.status == 73, "\(r.stderr)")
        #expect(
            r.stderr.contains("data") && r.stderr.contains("an input of this run"), "\(r.stderr)")
        #expect(Self.tree(dir) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["data"])
    }

    @Test func aUsersFolderIsNotReplaced() throws {
        let dir = try Self.dataFolder()
        let documents = dir.appendingPathComponent("home/Documents")
        try FileManager.default.createDirectory(at: documents, withIntermediateDirectories: true)
        try Data("mine\n".utf8).write(to: documents.appendingPathComponent("notes.txt"))
        let before = Self.tree(dir)
        for command in [["analyze", "data/session.csv"]] {
            let r = try TestSupport.run(
                command + ["--out", "home", "--name", "Documents", "--resamples", "0"], in: dir)
            #expect(r.status == 73, "\(r.stderr)")
            #expect(r.stderr.contains("home/Documents"), "\(r.stderr)")
        }
        // merge writes the report too: the same rule, checked before the partials are merged.
        let part = dir.appendingPathComponent("part.json").path
        let shard = try TestSupport.run(
            ["analyze", "data/session.csv", "--shard", "1/1", "--partial", part], in: dir)
        try #require(shard.status == 0, "\(shard.stderr)")
        let merge = try TestSupport.run(
            ["merge", part, "--out", "home", "--name", "Documents"], in: dir)
        #expect(merge.status == 73, "\(merge.stderr)")
        try FileManager.default.removeItem(atPath: part)
        #expect(Self.tree(dir) == before)
        // A report folder of this tool is replaced as before.
        for _ in 0..<2 {
            let r = try TestSupport.run(
                [
                    "analyze", "data/session.csv", "--out", "home", "--name", "r", "--resamples",
                    "0",
                ], in: dir)
            #expect(r.status == 0, "\(r.stderr)")
        }
        #expect(
            try FileManager.default.contentsOfDirectory(
                atPath: dir.appendingPathComponent("home").path
            ).sorted() == ["Documents", "r"])
    }

    @Test func aSymbolicLinkAtTheReportsPlaceIsNeverFollowed() throws {
        let dir = try Self.dataFolder()
        // Even a link to a report folder: replacing it would act on what the link names.
        let made = try TestSupport.run(
            ["analyze", "data/session.csv", "--out", "out", "--name", "real", "--resamples", "0"],
            in: dir)
        try #require(made.status == 0, "\(made.stderr)")
        for target in ["real", "../data"] {
            let link = dir.appendingPathComponent("out/link")
            try? FileManager.default.removeItem(at: link)
            try FileManager.default.createSymbolicLink(
                atPath: link.path, withDestinationPath: target)
            let before = Self.tree(dir)
            let r = try TestSupport.run(
                [
                    "analyze", "data/session.csv", "--out", "out", "--name", "link", "--resamples",
                    "0",
                ], in: dir)
            #expect(r.status == 73, "\(r.stderr)")
            #expect(
                r.stderr.contains("out/link") && r.stderr.contains("symbolic link"), "\(r.stderr)")
            #expect(Self.tree(dir) == before)
            #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == target)
        }
    }

    @Test func diffDoesNotWriteOverItsInput() throws {
        let dir = try Self.dataFolder()
        for name in ["a", "b"] {
            let r = try TestSupport.run(
                ["analyze", "data/session.csv", "--out", ".", "--name", name, "--resamples", "0"],
                in: dir)
            try #require(r.status == 0, "\(r.stderr)")
        }
        let before = Self.tree(dir)
        for out in ["b/report.json", "./a/report.json"] {
            let r = try TestSupport.run(
                ["diff", "a/report.json", "b/report.json", "--out", out], in: dir)
            #expect(r.status == 64, "\(r.stderr)")
            #expect(r.stderr.contains("'--out \(out)' names the input"), "\(r.stderr)")
        }
        #expect(Self.tree(dir) == before)
    }

    @Test func batchDoesNotWriteOverATraceItFoundByWalking() throws {
        let dir = try Self.dataFolder()
        try FileManager.default.copyItem(
            atPath: Self.trace, toPath: dir.appendingPathComponent("data/x.csv").path)
        try FileManager.default.createSymbolicLink(
            atPath: dir.appendingPathComponent("alias.csv").path, withDestinationPath: "data/x.csv")
        let before = Self.tree(dir)
        for option in ["--json", "--junit", "--write-baseline"] {
            for out in ["data/x.csv", "alias.csv"] {
                let r = try TestSupport.run(
                    ["batch", "data", "--params", "flutter-cupertino", option, out], in: dir)
                #expect(r.status == 64, "\(option) \(out): \(r.stderr)")
                #expect(
                    r.stderr.contains("'\(option) \(out)' names the input data/x.csv"),
                    "\(r.stderr)")
            }
        }
        #expect(Self.tree(dir) == before)
    }
}
