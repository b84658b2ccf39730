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
        #expect(TemporaryOutputs.removeAll() >= 1)
        #expect(!FileManager.default.fileExists(atPath: temporary))
    }
}
