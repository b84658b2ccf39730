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
              "gate": {"edgeWidth": 24.0}
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

    @Test("The gate: written as one object, read in both forms, its values range-checked")
    func gate() throws {
        let head =
            "\"schema\": \"gesturetune.params/1\", \"rule\": \"threshold\", \"progressThreshold\": 0.5, \"velocityThreshold\": 1"
        let new = try ParameterSet.decode(
            Data("{\(head), \"gate\": {\"edgeWidth\": 24.5, \"lockAngle\": 30, \"slop\": 8}}".utf8))
        #expect(new.edgeWidth == 24.5 && new.directionLockAngle == 30 && new.slop == 8)
        #expect(new.gate == Gate(edgeWidth: 24.5, lockAngle: 30, slop: 8))
        #expect(
            try new.encoded().contains(
                "\n  \"gate\": {\"edgeWidth\": 24.5, \"lockAngle\": 30.0, \"slop\": 8.0}\n}"))
        let old = try ParameterSet.decode(
            Data("{\(head), \"edgeWidth\": 24.5, \"directionLockAngle\": 30}".utf8))
        #expect(old.gate == Gate(edgeWidth: 24.5, lockAngle: 30, slop: nil))
        #expect(try old.encoded().contains("\"gate\": {\"edgeWidth\": 24.5, \"lockAngle\": 30.0}"))
        #expect(!(try old.encoded().contains("directionLockAngle")))
        // Full screen: no edge width, written without one.
        let fullScreen = try ParameterSet.decode(
            Data("{\(head), \"gate\": {\"lockAngle\": 45}}".utf8))
        #expect(fullScreen.edgeWidth == nil && fullScreen.directionLockAngle == 45)
        #expect(try fullScreen.encoded().contains("\"gate\": {\"lockAngle\": 45.0}"))
        #expect(try ParameterSet.decode(Data(try new.encoded().utf8)).gate == new.gate)
        let plain = try ParameterSet.decode(Data("{\(head)}".utf8))
        #expect(!(try plain.encoded().contains("gate")))

        func error(_ text: String) -> ParameterError? {
            do {
                _ = try ParameterSet.decode(Data(text.utf8), path: "p.json")
                return nil
            } catch { return error.unlocated }
        }
        #expect(
            error("{\(head), \"gate\": {\"lockAngle\": 181}}")
                == .badValue(
                    path: "p.json", key: "gate.lockAngle", expected: "a number from 0 to 180",
                    found: "181"))
        #expect(
            error("{\(head), \"gate\": {\"slop\": -1}}")
                == .badValue(
                    path: "p.json", key: "gate.slop", expected: "a number of 0 or more",
                    found: "-1"))
        #expect(
            error("{\(head), \"gate\": {\"edgeWidth\": -2}}")
                == .badValue(
                    path: "p.json", key: "gate.edgeWidth", expected: "a number of 0 or more",
                    found: "-2"))
        #expect(
            error("{\(head), \"gate\": {\"lockAngel\": 30}}")
                == .unknownKey(path: "p.json", key: "gate.lockAngel", suggestion: "gate.lockAngle"))
        #expect(error("{\(head), \"gate\": 3}") == .notAnObject(path: "p.json", key: "gate"))
        #expect(
            error("{\(head), \"edgeWidth\": 20, \"gate\": {\"edgeWidth\": 24}}")
                == .badValue(
                    path: "p.json", key: "edgeWidth",
                    expected: "no edgeWidth beside gate.edgeWidth (give it once)", found: "20"))
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
