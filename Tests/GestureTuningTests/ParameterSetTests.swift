import Foundation
import GesturePhysics
import GestureTrace
import Testing

@testable import GestureTuning

@Suite("Parameter files")
struct ParameterSetTests {
    @Test("The design document's example reads, and writes back in the stable key order")
    func example() throws {
        let text = """
            {"schema": "gesturetune.params/1", "rule": "threshold", "direction": "right",
             "progressThreshold": 0.42, "velocityThreshold": 1.35, "extent": 390,
             "completionSpeed": 1.6, "spring": {"dampingRatio": 1.0, "response": 0.31},
             "edgeWidth": 24}
            """
        let set = try ParameterSet.decode(Data(text.utf8))
        #expect(set.rule == .threshold(progress: 0.42, velocity: 1.35))
        #expect(set.extent == 390 && set.completionSpeed == 1.6 && set.edgeWidth == 24)
        #expect(set.spring == .init(dampingRatio: 1, response: 0.31))
        let expected = """
            {
              "schema": "gesturetune.params/1",
              "rule": "threshold",
              "direction": "right",
              "progressThreshold": 0.42,
              "velocityThreshold": 1.35,
              "extent": 390.0,
              "completionSpeed": 1.6,
              "spring": {"dampingRatio": 1.0, "response": 0.31},
              "edgeWidth": 24.0
            }

            """
        #expect(try set.encoded() == expected)
        #expect(try ParameterSet.decode(Data(try set.encoded().utf8)) == set)
    }

    @Test(
        "Every preset round-trips through JSON, infinity as \"inf\"",
        arguments: Preset.all.map(\.name))
    func presetsRoundTrip(name: String) throws {
        let set = try ParameterSet.load(pathOrPresetName: name)
        #expect(set.preset == name)
        let text = try set.encoded()
        let read = try ParameterSet.decode(Data(text.utf8))
        #expect(read.hasSameFileContents(as: set))
        // Written out, a preset is its numbers at 390 pt; the file fixes the direction.
        #expect(read.ruleSetting == .fixed(set.rule, preset: name))
        #expect(read.directionSetting == .fixed(.right) && set.directionSetting == .shown(.right))
        #expect(read != set)
        if name == "transition-treasury" {
            #expect(text.contains("\"velocityThreshold\": \"inf\""))
        }
    }

    @Test(
        "Unknown keys, keys of another rule, bad values and wrong schemas are errors naming the key"
    )
    func errors() {
        func located(_ text: String) -> ParameterError? {
            do {
                _ = try ParameterSet.decode(Data(text.utf8), path: "p.json")
                return nil
            } catch { return error }
        }
        // One-line texts: key errors come on line 1; compared here without the line.
        func error(_ text: String) -> ParameterError? { located(text)?.unlocated }
        let head =
            "\"schema\": \"gesturetune.params/1\", \"rule\": \"threshold\", \"progressThreshold\": 0.5, \"velocityThreshold\": 1"
        #expect(
            error("{\(head), \"edgeWidht\": 20}")
                == .unknownKey(path: "p.json", key: "edgeWidht", suggestion: "edgeWidth"))
        #expect(
            error("{\(head), \"tau\": 0.3}")
                == .keyNotForRule(path: "p.json", key: "tau", rule: "threshold"))
        #expect(
            error("{\(head), \"extent\": \"wide\"}")
                == .badValue(
                    path: "p.json", key: "extent", expected: "a finite number", found: "\"wide\""))
        #expect(
            error("{\(head), \"extent\": true}")
                == .badValue(
                    path: "p.json", key: "extent", expected: "a finite number", found: "true"))
        #expect(
            error("{\(head), \"spring\": {\"dampingRatio\": 1, \"respons\": 0.3}}")
                == .unknownKey(path: "p.json", key: "spring.respons", suggestion: "spring.response")
        )
        #expect(
            error("{\"schema\": \"gesturetune.params/2\", \"rule\": \"threshold\"}")
                == .wrongSchema(path: "p.json", found: "gesturetune.params/2"))
        #expect(error("{\"rule\": \"threshold\"}") == .missingKey(path: "p.json", key: "schema"))
        #expect(
            error(
                "{\"schema\": \"gesturetune.params/1\", \"rule\": \"threshold\", \"progressThreshold\": 0.5}"
            ) == .missingKey(path: "p.json", key: "velocityThreshold"))
        #expect(error("[1]") == .notAnObject(path: "p.json", key: nil))
        if case .notJSON = error("{") {} else { Issue.record("expected notJSON") }
        #expect(located("{\(head), \"tau\": 0.3}")?.line == 1)
        #expect(located("{\"rule\": \"threshold\"}")?.line == nil, "a missing key has no line")
    }

    @Test("Presets by name, files by path, and a did-you-mean for a mistyped preset")
    func load() throws {
        #expect(
            try ParameterSet.load(pathOrPresetName: "android-drawer", extent: 400).rule
                == .threshold(progress: 0.5, velocity: 1.0))
        #expect(throws: ParameterError.unknownPreset(name: "ionik", suggestion: "ionic")) {
            try ParameterSet.load(pathOrPresetName: "ionik")
        }
        let set = ParameterSet(
            rule: .projection(progress: 0.55, tau: 0.25), direction: .down, extent: 700)
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
            "gt-params-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let path = dir.appendingPathComponent("params.json").path
        try set.write(to: path)
        #expect(try ParameterSet.load(pathOrPresetName: path) == set)
        #expect(
            throws: ParameterError.unreadable(
                path: dir.appendingPathComponent("none.json").path, reason: "no such file")
        ) {
            try ParameterSet.load(pathOrPresetName: dir.appendingPathComponent("none.json").path)
        }
    }

    @Test("Errors name the file's line: the offending key's, or where the JSON stops parsing")
    func errorLines() {
        func located(_ lines: [String]) -> ParameterError? {
            do {
                _ = try ParameterSet.decode(
                    Data(lines.joined(separator: "\n").utf8), path: "p.json")
                return nil
            } catch { return error }
        }
        let head = [
            "{", "  \"schema\": \"gesturetune.params/1\",", "  \"rule\": \"threshold\",",
            "  \"progressThreshold\": 0.5,",
        ]
        // Line 6 holds "extent" (lines: {, schema, rule, progressThreshold, velocityThreshold, extent).
        let bad = located(head + ["  \"velocityThreshold\": 1,", "  \"extent\": \"wide\"", "}"])
        #expect(
            bad
                == .located(
                    line: 6,
                    .badValue(
                        path: "p.json", key: "extent", expected: "a finite number",
                        found: "\"wide\"")))
        #expect(
            bad?.description == "p.json:6: key \"extent\": expected a finite number, found \"wide\""
        )
        // "wide" as a value on line 2 does not fool the scan: only `"extent":` is a key.
        let decoy = located([
            "{", "  \"preset\": \"extent\",",
            "  \"schema\": \"gesturetune.params/1\", \"rule\": \"threshold\", \"progressThreshold\": 0.5, \"velocityThreshold\": 1,",
            "  \"extent\": null", "}",
        ])
        #expect(decoy?.line == 4)
        // A key inside "spring" on line 7.
        let spring = located(
            head + [
                "  \"velocityThreshold\": 1,", "  \"spring\": {", "    \"respons\": 0.3", "  }",
                "}",
            ])
        #expect(
            spring?.line == 7
                && spring?.unlocated
                    == .unknownKey(
                        path: "p.json", key: "spring.respons", suggestion: "spring.response")
        )
        // The schema error in expected/found shape, at the schema's line.
        let schema = located([
            "{", "", "  \"schema\": \"gesturetune.params/2\",", "  \"rule\": \"threshold\"", "}",
        ])
        #expect(
            schema?.description
                == "p.json:3: key \"schema\": expected \"gesturetune.params/1\", found \"gesturetune.params/2\""
        )
        // Invalid JSON: a missing comma after line 4; the parser stops at the next key, line 5, column 3.
        let invalid = located(
            head.dropLast() + ["  \"progressThreshold\": 0.5", "  \"velocityThreshold\": 1", "}"])
        #expect(invalid?.line == 5)
        #expect(invalid?.description.hasPrefix("p.json:5: not valid JSON: ") == true)
        #expect(
            invalid?.description.hasSuffix("at column 3") == true, "\(String(describing: invalid))")
        // Cut short: the last line with text.
        let cut = located(["{", "  \"schema\": \"gesturetune.params/1\",", ""])
        #expect(cut?.line == 2)
        if case .notJSON = cut?.unlocated {
        } else {
            Issue.record("expected notJSON, got \(String(describing: cut))")
        }
    }
}
