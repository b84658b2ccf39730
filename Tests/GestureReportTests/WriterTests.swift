import Foundation
import Testing

@testable import GestureReport

@Suite struct ReportWriterTests {
    @Test func writesEveryFile() throws {
        let dir = try Fixture.directory("writer")
        let out = try ReportWriter.write(Fixture.model(), to: dir.path, name: "swipe")
        #expect(out.folder == dir.appendingPathComponent("swipe").path)
        let expected = [
            "report.json", "report.html", "report.md", "report.ipynb", "params.json",
            "figures/release-scatter.svg", "figures/progress-curves.svg",
            "figures/release-velocity.svg",
            "figures/start-position.svg", "figures/velocity-ratio.svg",
            "snippets/uikit/PopInteraction.swift", "snippets/uikit/InterruptibleSpringPan.swift",
            "snippets/swiftui/DragTransition.swift", "snippets/android/DragTransition.kt",
            "snippets/web/drag-transition.js", "snippets/web/playground.html",
        ]
        #expect(out.files == expected)
        for f in expected {
            let attrs = try FileManager.default.attributesOfItem(atPath: out.folder + "/" + f)
            #expect((attrs[.size] as? Int ?? 0) > 0, "\(f) is empty")
        }
        // Nothing but the report folder is left beside it.
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["swipe"])
        print("demo report: \(out.folder)")
    }
}

@Suite struct AtomicWriteTests {
    static func tree(_ dir: URL) -> [String: Data] {
        var out: [String: Data] = [:]
        let e = FileManager.default.enumerator(atPath: dir.path)
        while let rel = e?.nextObject() as? String {
            let url = dir.appendingPathComponent(rel)
            var isDir: ObjCBool = false
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDir),
                !isDir.boolValue
            {
                out[rel] = FileManager.default.contents(atPath: url.path)
            }
        }
        return out
    }

    @Test func replacesThePreviousReport() throws {
        let dir = try Fixture.directory("replace")
        _ = try ReportWriter.write(Fixture.model(count: 50), to: dir.path, name: "swipe")
        let out = try ReportWriter.write(Fixture.model(count: 80), to: dir.path, name: "swipe")
        let json =
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: URL(fileURLWithPath: out.folder + "/report.json")))
            as? [String: Any]
        #expect((json?["gestures"] as? [Any])?.count == 80)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["swipe"])
    }

    @Test(arguments: [0, 3, 12, 14])
    func failureMidWayLeavesThePreviousReportAndNoPartialFolder(after files: Int) throws {
        let dir = try Fixture.directory("fail")
        _ = try ReportWriter.write(Fixture.model(count: 40), to: dir.path, name: "swipe")
        let before = Self.tree(dir)
        #expect(before.count == 16)
        #expect(throws: ReportError.self) {
            _ = try ReportWriter.write(
                Fixture.model(count: 90), to: dir.path, name: "swipe", params: nil, limits: .init(),
                gestureTableCap: 500, failAfter: files)
        }
        #expect(Self.tree(dir) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["swipe"])
    }

    @Test func unwritableTargetIsATypedErrorAndCreatesNothing() throws {
        let dir = try Fixture.directory("unwritable")
        // The output "folder" is a regular file: nothing can be created beneath it (even as root).
        let blocker = dir.appendingPathComponent("notebooks-out")
        try Data("not a folder".utf8).write(to: blocker)
        do {
            _ = try ReportWriter.write(Fixture.model(count: 10), to: blocker.path, name: "swipe")
            Issue.record("expected an error")
        } catch {
            guard case .cannotCreate(let path, let reason) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(path == blocker.path)
            #expect(!reason.isEmpty)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["notebooks-out"])
        #expect(try String(contentsOf: blocker, encoding: .utf8) == "not a folder")
    }

    @Test(arguments: ["", ".", "..", "a/b"])
    func invalidNames(_ name: String) throws {
        let dir = try Fixture.directory("names")
        #expect(throws: ReportError.invalidName(name)) {
            _ = try ReportWriter.write(Fixture.model(count: 5), to: dir.path, name: name)
        }
    }
}
