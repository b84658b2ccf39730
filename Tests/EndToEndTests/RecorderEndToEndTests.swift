import Foundation
import TestSupport
import Testing

@Suite(.enabled(if: EndToEnd.binaryBuilt, EndToEnd.notBuilt))
struct RecorderEndToEndTests {
    static func template(_ name: String) throws -> String {
        try String(
            contentsOf: TestSupport.packageRoot.appendingPathComponent(
                "Sources/GestureCodegen/Templates/recorders/\(name)"),
            encoding: .utf8)
    }

    /// Run from an unrelated folder: the binary carries its templates, it reads no resource folder.
    @Test func printsTheRecorderToStandardOutput() throws {
        let elsewhere = try TestSupport.temporaryDirectory("recorder-cwd")
        let web = try EndToEnd.run(["recorder", "--platform", "web"], in: elsewhere)
        #expect(web.status == 0 && web.stderr == "")
        #expect(web.stdout == (try Self.template("gesture-trace-recorder.js")))
        let android = try EndToEnd.run(["recorder", "--platform=android"], in: elsewhere)
        #expect(android.stdout == (try Self.template("GestureTraceRecorder.kt")))
        let uikit = try EndToEnd.run(["recorder", "--platform", "uikit"], in: elsewhere)
        let expected =
            try "// ==> GestureTraceRecorder.swift <==\n"
            + Self.template("GestureTraceRecorder.swift")
            + "// ==> GestureTraceRecorder+UIKit.swift <==\n"
            + Self.template("GestureTraceRecorder+UIKit.swift")
        #expect(uikit.stdout == expected)
    }

    @Test func writesTheFilesIntoOut() throws {
        let dir = try TestSupport.temporaryDirectory("recorder-out")
        let r = try EndToEnd.run(
            ["recorder", "--platform", "swiftui", "--out", "app/Recording"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(
            r.stdout
                == "app/Recording/GestureTraceRecorder.swift\napp/Recording/GestureTraceRecorder+SwiftUI.swift\n"
        )
        let folder = dir.appendingPathComponent("app/Recording")
        #expect(
            EndToEnd.listing(folder) == [
                "GestureTraceRecorder+SwiftUI.swift", "GestureTraceRecorder.swift",
            ])
        let written = try String(
            contentsOf: folder.appendingPathComponent("GestureTraceRecorder+SwiftUI.swift"),
            encoding: .utf8)
        #expect(written == (try Self.template("GestureTraceRecorder+SwiftUI.swift")))
    }

    @Test func usageErrors() throws {
        let missing = try EndToEnd.run(["recorder"])
        #expect(missing.status == 64 && missing.stdout == "")
        #expect(
            missing.stderr.hasPrefix(
                "Error: missing required option '--platform uikit|swiftui|android|web'\n"))
        let typo = try EndToEnd.run(["recorder", "--platform", "swiftiu"])
        #expect(typo.status == 64)
        #expect(typo.stderr.contains("did you mean 'swiftui'?"))
        let help = try EndToEnd.run(["recorder", "--help"])
        #expect(help.status == 0 && help.stdout.contains("USAGE: gesturetune recorder"))
    }

    @Test func anOutputThatCannotBeCreatedExits73WritingNothing() throws {
        let dir = try TestSupport.temporaryDirectory("recorder-73")
        try Data("x".utf8).write(to: dir.appendingPathComponent("file"))
        let r = try EndToEnd.run(["recorder", "--platform", "uikit", "--out", "file/sub"], in: dir)
        #expect(r.status == 73, "\(r.stderr)")
        #expect(EndToEnd.listing(dir) == ["file"])
    }
}
