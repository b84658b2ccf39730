import Foundation
import TestSupport
import Testing

/// The README's console examples run as written, in order, in one scratch copy of the
/// project (its Makefile, traces and recipes), with `gesturetune` on `PATH` being the binary
/// under test; each shows what the command prints, `…` marking where the output may differ
/// (`ReadmeSession`). `make run` builds nothing here (`SWIFT=true`): its `.build/release`
/// binary is the one under test.
@Suite(.enabled(if: EndToEnd.binaryBuilt, EndToEnd.notBuilt))
struct ReadmeExampleTests {
    static let readme = TestSupport.packageRoot.appendingPathComponent("README.md")

    @Test func theReadmeHasSessionsWithShownOutput() throws {
        let sessions = ReadmeSession.sessions(
            in: try String(contentsOf: Self.readme, encoding: .utf8))
        let steps = sessions.flatMap(\.steps)
        // The worked example, the examples after it, groups, CI, diff, shards.
        #expect(sessions.count >= 6, "\(sessions.map(\.line))")
        #expect(steps.filter { $0.expected != nil }.count >= 5)
        #expect(steps.contains { $0.command == "make run" })
    }

    @Test func everyConsoleExamplePrintsWhatTheReadmeShows() throws {
        let text = try String(contentsOf: Self.readme, encoding: .utf8)
        let scratch = try Self.scratchCopy()
        defer { try? FileManager.default.removeItem(at: scratch) }
        var environment = EndToEnd.environment
        environment["PATH"] =
            scratch.appendingPathComponent("bin").path + ":"
            + (environment["PATH"] ?? "/usr/bin:/bin")
        environment["SWIFT"] = "true"
        environment.removeValue(forKey: "MAKEFLAGS")
        environment.removeValue(forKey: "MFLAGS")
        environment.removeValue(forKey: "MAKELEVEL")
        for session in ReadmeSession.sessions(in: text) {
            for step in session.steps {
                let (status, output) = try Self.shell(
                    step.command, in: scratch, environment: environment)
                let lines = output.split(separator: "\n", omittingEmptySubsequences: false).map(
                    String.init)
                let printed = lines.last == "" ? Array(lines.dropLast()) : lines
                #expect(
                    status == step.exitStatus,
                    "README.md:\(step.line): `\(step.command)` exited \(status), the README shows \(step.exitStatus):\n\(output)"
                )
                if let expected = step.expected {
                    #expect(
                        ReadmeSession.matches(expected, printed),
                        "README.md:\(step.line): `\(step.command)` printed\n\(output)\nthe README shows\n\(expected.joined(separator: "\n"))"
                    )
                }
            }
        }
    }

    @Test func ellipsisMarksAreTheOnlyPlacesThatMayDiffer() {
        #expect(ReadmeSession.matches(["a 1.0 b"], ["a 1.0 b"]))
        #expect(!ReadmeSession.matches(["a 1.0 b"], ["a 1.1 b"]))
        #expect(ReadmeSession.matches(["a … b"], ["a 1.1 b"]))
        #expect(!ReadmeSession.matches(["a … b"], ["a 1.1 c"]))
        #expect(ReadmeSession.matches(["x", "…", "y"], ["x", "y"]))
        #expect(ReadmeSession.matches(["x", "…", "y"], ["x", "1", "2", "y"]))
        #expect(!ReadmeSession.matches(["x", "…", "y"], ["x", "1", "2"]))
        #expect(!ReadmeSession.matches(["x"], ["x", "more"]))
        let s = ReadmeSession.sessions(
            in: "text\n\n    $ one \\\n      --two\n    shown\n    [exit 3]\n    $ three\n\nmore\n")
        #expect(s.count == 1)
        #expect(s.first?.steps.map(\.command) == ["one  --two", "three"])
        #expect(s.first?.steps.first?.expected == ["shown"])
        #expect(s.first?.steps.first?.exitStatus == 3)
        #expect(s.first?.steps.last?.expected == nil)
    }

    /// A temporary folder with the project's Makefile, traces and recipes, `bin/gesturetune`
    /// and `.build/release/gesturetune` linking to the binary under test.
    static func scratchCopy() throws -> URL {
        let fm = FileManager.default
        let root = TestSupport.packageRoot
        let scratch = try TestSupport.temporaryDirectory("readme")
        for item in ["Makefile", "traces", "recipes"] {
            try fm.copyItem(
                at: root.appendingPathComponent(item), to: scratch.appendingPathComponent(item))
        }
        let binary = try #require(TestSupport.binaryPath)
        for folder in ["bin", ".build/release"] {
            let dir = scratch.appendingPathComponent(folder)
            try fm.createDirectory(at: dir, withIntermediateDirectories: true)
            try fm.createSymbolicLink(
                atPath: dir.appendingPathComponent("gesturetune").path, withDestinationPath: binary)
        }
        return scratch
    }

    /// Runs `command` with bash in `dir`; returns its status and what it printed (standard
    /// output and standard error through one pipe, in order, as a terminal shows them).
    static func shell(_ command: String, in dir: URL, environment: [String: String]) throws -> (
        Int32, String
    ) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/bash")
        p.arguments = ["-c", command]
        p.currentDirectoryURL = dir
        p.environment = environment
        let pipe = Pipe()
        p.standardOutput = pipe
        p.standardError = pipe
        p.standardInput = FileHandle.nullDevice
        try p.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (p.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
