import Foundation
import TestSupport
import Testing

@testable import GestureTuneCLI

/// Serialized: the interrupt test empties the process-wide registry the other tests use.
@Suite(.serialized) struct AtomicFileTests {
    @Test func writesIntoNewFoldersAndLeavesNoTemporaryFile() throws {
        let dir = try TestSupport.temporaryDirectory()
        let path = dir.appendingPathComponent("a/b/out.json").path
        try AtomicFile.write("first\n", to: path)
        try AtomicFile.write("second\n", to: path)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "second\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent("a/b").path) == ["out.json"])
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
            #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { !$0.hasPrefix(".") }.isEmpty)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
        let set = AtomicFile.OutputSet()
        try set.stage("1", to: dir.appendingPathComponent("one").path)
        try set.stage("2", to: dir.appendingPathComponent("two").path)
        try set.commit()
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["one", "two"])
        #expect(try String(contentsOfFile: dir.appendingPathComponent("two").path, encoding: .utf8) == "2")
    }
}
