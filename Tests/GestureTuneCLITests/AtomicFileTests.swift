import Foundation
import TestSupport
import Testing

@testable import GestureIO
@testable import GestureReport
@testable import GestureTuneCLI

/// Serialized: the interrupt test empties the process-wide registry the other tests use.
@Suite(.serialized) struct AtomicFileTests {
    @Test func writesIntoNewFoldersAndLeavesNoTemporaryFile() throws {
        let dir = try TestSupport.temporaryDirectory()
        let path = dir.appendingPathComponent("a/b/out.json").path
        try AtomicFile.write("first\n", to: path)
        try AtomicFile.write("second\n", to: path)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "second\n")
        #expect(
            try FileManager.default.contentsOfDirectory(
                atPath: dir.appendingPathComponent("a/b").path) == ["out.json"])
    }

    @Test func aFileInPlaceOfTheFolderCannotBeCreated() throws {
        let file = try TestSupport.writeTemporaryFile("x", name: "plain.txt")
        #expect(throws: CLIError.self) { try AtomicFile.write("y", to: file + "/out.json") }
        do {
            try AtomicFile.write("y", to: file + "/out.json")
        } catch {
            #expect(ExitCode.of(.failure(error)) == .cantCreate)
        }
    }

    @Test func failuresSayWhyInPlainWords() throws {
        let dir = try TestSupport.temporaryDirectory()
        let missing = dir.appendingPathComponent("absent/out.json").path
        #expect(AtomicFile.writeNew(missing, Array("x".utf8)) == "No such file or directory")
        let present = dir.appendingPathComponent("present.json").path
        #expect(AtomicFile.writeNew(present, Array("x".utf8)) == nil)
        #expect(AtomicFile.writeNew(present, Array("y".utf8)) == "File exists")
        #expect(AtomicFile.describe(CocoaError(.fileNoSuchFile)) == "No such file or directory")
    }

    @Test func interruptCleanupRemovesRegisteredTemporaryOutputs() throws {
        let dir = try TestSupport.temporaryDirectory()
        let temporary = dir.appendingPathComponent(".out.json.tmp-1-1").path
        #expect(FileManager.default.createFile(atPath: temporary, contents: Data("partial".utf8)))
        TemporaryOutputs.register(temporary)
        // Only this test's folder: other tests in this process may have staging folders registered.
        #expect(TemporaryOutputs.removeAll(including: { $0.hasPrefix(dir.path) }) == 1)
        #expect(!FileManager.default.fileExists(atPath: temporary))
    }

    @Test func parentFolderOfPaths() {
        #expect(AtomicFile.parentFolder("F") == "")
        #expect(AtomicFile.parentFolder("/F") == "/")
        #expect(AtomicFile.parentFolder("a/b/c.json") == "a/b")
        #expect(AtomicFile.parentFolder("a/b/") == "a")
    }

    /// Staged files become visible together on commit; a set never committed leaves nothing.
    @Test func anOutputSetIsAllOrNothing() throws {
        let dir = try TestSupport.temporaryDirectory()
        do {
            let set = AtomicFile.OutputSet()
            try set.stage("1", to: dir.appendingPathComponent("one").path)
            try set.stage("2", to: dir.appendingPathComponent("two").path)
            #expect(
                try FileManager.default.contentsOfDirectory(atPath: dir.path).filter {
                    !$0.hasPrefix(".")
                }.isEmpty)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
        let set = AtomicFile.OutputSet()
        try set.stage("1", to: dir.appendingPathComponent("one").path)
        try set.stage("2", to: dir.appendingPathComponent("two").path)
        try set.commit()
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == [
                "one", "two",
            ])
        #expect(
            try String(contentsOfFile: dir.appendingPathComponent("two").path, encoding: .utf8)
                == "2")
    }

    /// What a report folder may be replaced from: nothing, or a folder of report files only
    /// (what a notebook server leaves included); never a file, a link, a folder with anything
    /// else, or one holding an input.
    @Test func onlyAReportFolderIsReplaced() throws {
        let dir = try TestSupport.temporaryDirectory()
        let fm = FileManager.default
        func write(_ rel: String, _ text: String) throws {
            let url = dir.appendingPathComponent(rel)
            try fm.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        let report = dir.appendingPathComponent("r").path
        #expect(ReportWriter.refusal(at: report) == nil)
        try write(
            "r/report.json", "{\n  \"schema\": \"gesturetune.report/1\",\n  \"name\": \"r\"\n}\n")
        try write("r/report.html", "<!DOCTYPE html>")
        try write("r/figures/release-scatter.svg", "<svg/>")
        try write("r/snippets/uikit/PopInteraction.swift", "//")
        try write("r/.ipynb_checkpoints/report-checkpoint.ipynb", "{}")
        #expect(ReportWriter.refusal(at: report) == nil)
        #expect(
            ReportWriter.refusal(at: report, inputs: [report + "/report.html"])?.contains(
                "an input") == true)

        // A person's files that look like report output keep the folder theirs: only the
        // exact names a report holds are taken as its own.
        for mine in [
            "figures/mine.svg", "snippets/NOTES.md", "snippets/uikit/Mine.swift",
            ".ipynb_checkpoints/mine-checkpoint.ipynb",
        ] {
            try write("r/" + mine, "mine")
            #expect(
                ReportWriter.refusal(at: report)
                    == "not a report folder this tool wrote: it holds \(mine)")
            try fm.removeItem(atPath: report + "/" + mine)
        }
        #expect(ReportWriter.refusal(at: report) == nil)
        try write("r/figures/notes.txt", "mine")
        #expect(
            ReportWriter.refusal(at: report)
                == "not a report folder this tool wrote: it holds figures/notes.txt")
        try fm.removeItem(atPath: report + "/figures/notes.txt")
        try write("r/data.csv", "mine")
        #expect(
            ReportWriter.refusal(at: report)
                == "not a report folder this tool wrote: it holds data.csv")
        try fm.removeItem(atPath: report + "/data.csv")
        try write("r/report.json", "{\"schema\": \"someone.else/1\"}")
        #expect(
            ReportWriter.refusal(at: report)?.hasPrefix("not a report folder this tool wrote")
                == true)

        try write("file", "mine")
        #expect(
            ReportWriter.refusal(at: dir.appendingPathComponent("file").path)
                == "a file of that name is in the way")
        try fm.createSymbolicLink(
            atPath: dir.appendingPathComponent("link").path, withDestinationPath: "r")
        #expect(
            ReportWriter.refusal(at: dir.appendingPathComponent("link").path)?.contains(
                "symbolic link") == true)
    }

    /// A staged folder is swapped in for a previous one (which is removed with the staging
    /// folder), and a refusal at the swap leaves the previous folder and no hidden entry.
    @Test func aStagedFolderSwapsInOrLeavesThePreviousOne() throws {
        let dir = try TestSupport.temporaryDirectory()
        let target = dir.appendingPathComponent("out").path
        for round in 0..<2 {
            let staged = try StagedFolder(target: target)
            #expect(
                FileManager.default.createFile(
                    atPath: staged.folder + "/f", contents: Data("\(round)".utf8)))
            try staged.commit { _ in nil }
        }
        #expect(try String(contentsOfFile: target + "/f", encoding: .utf8) == "1")
        let staged = try StagedFolder(target: target)
        #expect(throws: OutputError(path: target, reason: "no")) { try staged.commit { _ in "no" } }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["out"])
        #expect(try String(contentsOfFile: target + "/f", encoding: .utf8) == "1")
    }
}
