import Foundation
import TestSupport
import Testing

@testable import GestureCodegen
@testable import GestureReport

@Suite struct SourceTemplateTests {
    /// The binary carries exactly the files of each module's Templates folder (the
    /// EmbedTemplates build-tool plugin writes them into the module: GestureCodegen's snippets
    /// and recorders, GestureReport's page script, notebook cells and playground), less the
    /// first line of a template that keeps `swift format` off its placeholders: the snippets
    /// people paste never carry it.
    @Test func embeddedTemplatesMatchTheFiles() throws {
        let directive = "// swift-format-ignore-file\n"
        var directed: [String] = []
        for (root, embedded) in [
            (PlatformToolchains.templates, SourceTemplates.files),
            (PlatformToolchains.reportTemplates, ReportTemplates.files),
        ] {
            var onDisk: [String: String] = [:]
            let walker = FileManager.default.enumerator(atPath: root.path)
            while let path = walker?.nextObject() as? String {
                var isDirectory: ObjCBool = false
                let url = root.appendingPathComponent(path)
                guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory),
                    !isDirectory.boolValue,
                    !url.lastPathComponent.hasPrefix(".")
                else { continue }
                onDisk[path] = try String(contentsOf: url, encoding: .utf8)
            }
            // The code generator also carries the JavaScript runtime, under `runtime-web/`.
            if root == PlatformToolchains.templates {
                let runtime = TestSupport.packageRoot.appendingPathComponent("runtimes/web/src")
                for name in ["index.js", "tables.js"] {
                    onDisk["runtime-web/" + name] = try String(
                        contentsOf: runtime.appendingPathComponent(name), encoding: .utf8)
                }
            }
            #expect(!onDisk.isEmpty)
            #expect(Set(onDisk.keys) == Set(embedded.files.keys))
            for (name, text) in onDisk {
                var expected = text
                if text.hasPrefix(directive) {
                    directed.append(name)
                    expected.removeFirst(directive.count)
                }
                #expect(embedded.files[name] == expected, "\(name) differs")
                #expect(embedded.files[name]?.contains("swift-format-ignore") == false)
            }
        }
        // The Swift templates with a block placeholder where code goes (`{{header}}`).
        #expect(
            directed.sorted() == [
                "snippets/swiftui/DragTransition.swift", "snippets/uikit/DismissInteraction.swift",
                "snippets/uikit/InterruptibleSpringPan.swift",
                "snippets/uikit/PopInteraction.swift",
            ])
    }

    @Test func fillsInlineAndBlockPlaceholders() throws {
        let template =
            "let a = {{a}} + {{b.c}}\n    {{block}}\nend {{a}}\n  {{empty}}\n{ {{notOne }} }}"
        let filled = try SourceTemplates.fill(
            template, ["a": "1", "b.c": "x", "block": "one\n\ntwo\n", "empty": ""])
        #expect(filled == "let a = 1 + x\n    one\n\n    two\nend 1\n{ {{notOne }} }}")
        #expect(SourceTemplates.placeholders(in: template) == ["a", "b.c", "block", "empty"])
    }

    @Test func aMissingValueOrTemplateIsAnError() {
        #expect(throws: TemplateError.missingValue(name: "b", template: "t")) {
            try SourceTemplates.fill("{{a}}{{b}}", ["a": ""], template: "t")
        }
        #expect(throws: TemplateError.unknownTemplate("nope")) {
            try SourceTemplates.render("nope")
        }
    }
}
