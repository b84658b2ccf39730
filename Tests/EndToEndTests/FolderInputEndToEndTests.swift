import Foundation
import TestSupport
import Testing

/// A folder full of a user's files given to `analyze`, `validate` and `measure`: it stands for
/// the trace files in it (recursively, sorted, hidden entries and other files left out), the
/// way `batch` takes one; the folder names the report, sharded or not.
@Suite(.enabled(if: EndToEnd.binaryBuilt, EndToEnd.notBuilt))
struct FolderInputEndToEndTests {
    /// `study/` with two traces at the top, one compressed in a subfolder, a note and a hidden
    /// copy that are no traces of the study; returns the folder and the traces' paths sorted.
    func study(in dir: URL) throws -> [String] {
        var r = try EndToEnd.run(
            ["simulate", "--files", "3", "--gestures", "40", "--seed", "6", "--out", "sim"],
            in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        let made = EndToEnd.listing(dir.appendingPathComponent("sim"))
        #expect(made.count == 3)
        let fm = FileManager.default
        for folder in ["study/sub", "study/.old"] {
            try fm.createDirectory(
                at: dir.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        func copy(_ k: Int, _ to: String) throws {
            try fm.copyItem(
                at: dir.appendingPathComponent("sim/" + made[k]),
                to: dir.appendingPathComponent(to))
        }
        try copy(0, "study/b.csv")
        try copy(1, "study/a.CSV")
        try copy(2, "study/.old/stale.csv")
        r = try EndToEnd.run(["simulate", "--gestures", "25", "--seed", "7"], in: dir)
        let gz = Process()
        gz.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        gz.arguments = ["gzip", "-c"]
        let input = Pipe(), output = Pipe()
        gz.standardInput = input
        gz.standardOutput = output
        try gz.run()
        input.fileHandleForWriting.write(Data(r.stdout.utf8))
        try input.fileHandleForWriting.close()
        let compressed = output.fileHandleForReading.readDataToEndOfFile()
        gz.waitUntilExit()
        #expect(gz.terminationStatus == 0)
        try compressed.write(to: dir.appendingPathComponent("study/sub/c.csv.gz"))
        try Data("not a trace\n".utf8).write(to: dir.appendingPathComponent("study/notes.txt"))
        // Sorted by their bytes: upper case before lower case.
        return ["study/a.CSV", "study/b.csv", "study/sub/c.csv.gz"]
    }

    @Test func aFolderIsItsTraceFilesAndNamesTheReport() throws {
        let dir = try TestSupport.temporaryDirectory("gesturetune-e2e-folder")
        defer { try? FileManager.default.removeItem(at: dir) }
        let traces = try study(in: dir)
        let options = ["--resamples", "40", "--seed", "3"]

        var r = try EndToEnd.run(["analyze", "study/"] + options, in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("report: notebooks-out/study/report.html"), "\(r.stdout)")
        let folder = dir.appendingPathComponent("notebooks-out/study")
        let report = try EndToEnd.json(folder.appendingPathComponent("report.json"))
        let summary = report["summary"] as? [String: Any] ?? [:]
        #expect(summary["files"] as? [String] == traces)
        #expect(summary["gesturesRead"] as? Int == 40 + 40 + 25)

        // The same as naming the files, in that order, and the folder's name.
        r = try EndToEnd.run(
            ["analyze"] + traces + options + ["--out", "named", "--name", "study"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        try EndToEnd.expectSameFiles(dir.appendingPathComponent("named/study"), folder)

        // Shards of the folder merge, without --name, into the folder's report.
        for k in 1...2 {
            r = try EndToEnd.run(
                ["analyze", "study"] + options + ["--shard", "\(k)/2", "--partial", "p\(k).part"],
                in: dir)
            #expect(r.status == 0, "\(r.stderr)")
        }
        r = try EndToEnd.run(["merge", "p2.part", "p1.part", "--out", "merged"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("report: merged/study/report.html"), "\(r.stdout)")
        try EndToEnd.expectSameFiles(dir.appendingPathComponent("merged/study"), folder)

        // validate lists each file; measure writes a row per gesture of every file.
        r = try EndToEnd.run(["validate", "study"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(
            r.stdout.split(separator: "\n").map { String($0.prefix(while: { $0 != ":" })) }
                == traces)
        r = try EndToEnd.run(["measure", "study"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.split(separator: "\n").count == 1 + 105)
    }

    @Test func aFolderWithoutTracesIsMissingInputAndTheInputFolderIsNeverReplaced() throws {
        let dir = try TestSupport.temporaryDirectory("gesturetune-e2e-folder-refusals")
        defer { try? FileManager.default.removeItem(at: dir) }
        let traces = try study(in: dir)
        try FileManager.default.createDirectory(
            at: dir.appendingPathComponent("empty/.hidden"), withIntermediateDirectories: true)
        try Data("x\n".utf8).write(to: dir.appendingPathComponent("empty/readme.md"))
        for command in ["analyze", "validate", "measure"] {
            let r = try EndToEnd.run([command, "empty"], in: dir)
            #expect(r.status == 66, "\(command): \(r.stderr)")
            #expect(
                r.stderr.contains("empty: error: no *.csv, *.csv.gz or *.csv.zst trace files"),
                "\(command): \(r.stderr)")
        }
        // The report of `study` written into `.` would be the folder `study` itself.
        let r = try EndToEnd.run(["analyze", "study", "--resamples", "0", "--out", "."], in: dir)
        #expect(r.status == 73, "\(r.stderr)")
        for trace in traces {
            #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent(trace).path))
        }
        #expect(
            FileManager.default.fileExists(
                atPath: dir.appendingPathComponent("study/notes.txt").path))
    }
}
