import Foundation
import GesturePhysics
import Testing

@testable import GestureReport

@Suite struct JSONRendererTests {
    static func parse(_ text: String) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    /// Top-level keys in the order they appear in the text (indent 2 = top level).
    static func topLevelKeys(_ text: String) -> [String] {
        text.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("  \""), !line.hasPrefix("   ") else { return nil }
            return line.dropFirst(3).split(separator: "\"").first.map(String.init)
        }
    }

    @Test func schemaSectionsInReportOrderAndPerGestureRecords() throws {
        let model = Fixture.model(count: 200, hostile: true)
        let text = JSONRenderer(model: model).json()
        let json = try Self.parse(text)
        #expect(json["schema"] as? String == "gesturetune.report/1")
        #expect(
            Self.topLevelKeys(text) == [
                "schema", "name", "generator", "notes", "summary", "parameters", "gate", "rules",
                "presets", "unlabelled",
                "outcomeMismatches", "figures", "estimators", "gestures", "snippets",
            ])
        let gestures = try #require(json["gestures"] as? [[String: Any]])
        #expect(gestures.count == 200)
        #expect(gestures[0]["id"] as? String == Fixture.hostileIDs[0])
        #expect(gestures[4]["id"] as? String == "line\nbreak")
        let g = gestures[10]
        for key in [
            "p_r", "v", "v_p", "vx", "vy", "samples", "duration", "currentDecision",
            "suggestedDecision", "flags", "estimates",
        ] {
            #expect(g[key] != nil, "missing \(key)")
        }
        // v_p × extent = v (pt/s): the record carries both consistently.
        let v = try #require(g["v"] as? Double), vp = try #require(g["v_p"] as? Double)
        #expect(abs(vp * 390 - v) < 1e-9)
    }

    @Test func aggregatesMatchTheModel() throws {
        let model = Fixture.model(count: 300)
        let json = try Self.parse(JSONRenderer(model: model).json())
        let summary = try #require(json["summary"] as? [String: Any])
        #expect(summary["gesturesUsed"] as? Int == 300)
        #expect(
            summary["currentMisdecided"] as? Int
                == model.gestures.filter(\.misdecidedByCurrent).count)
        #expect(
            summary["suggestedMisdecided"] as? Int
                == model.gestures.filter(\.misdecidedBySuggested).count)
        let rules = try #require(json["rules"] as? [[String: Any]])
        #expect(rules.map { $0["family"] as? String } == ["threshold", "projection", "logistic"])
        let confusion = try #require(rules[0]["confusion"] as? [String: Int])
        #expect(confusion.values.reduce(0, +) == 300)
    }

    /// An infinite threshold is written `"inf"`, as in params.json and batch JSON (it was `null`:
    /// report.json and params.json disagreed).
    @Test func infiniteThresholdIsInfAsInParams() throws {
        let model = Fixture.model(count: 50)
        let json = try Self.parse(JSONRenderer(model: model).json())
        let presets = try #require(json["presets"] as? [[String: Any]])
        let tt = try #require(presets.first { $0["name"] as? String == "transition-treasury" })
        let rule = try #require(tt["rule"] as? [String: Any])
        #expect(rule["velocityThreshold"] as? String == "inf")
        #expect(rule["progressThreshold"] as? Double == 0.3)
    }

    @Test func writerEscapesControlCharacters() {
        var s = ""
        Text.json("a\"b\\c\nd\u{01}", into: &s)
        #expect(s == "\"a\\\"b\\\\c\\nd\\u0001\"")
        // Every control character by its short form or \u00XX (lower-case hex); non-ASCII as
        // it is (escaping goes byte by byte, and no byte of a multi-byte character is ASCII).
        var t = ""
        Text.json("\r\t\u{1F}\u{0B}é→🙂", into: &t)
        #expect(t == "\"\\r\\t\\u001f\\u000bé→🙂\"")
    }

    /// Records rendered ahead on every core (`rendered`, one part per worker) and placed by
    /// `elements`: the bytes must be those of writing each record in turn (600 records).
    @Test func elementsInChunksWriteWhatOneByOneWrites() {
        @Sendable func record(_ w: inout JSONWriter, _ i: Int) {
            w.beginObject()
            w.int("i", i)
            w.number("x", Double(i) / 8)
            w.string("s", i % 3 == 0 ? "q\"\(i)" : nil)
            w.beginObject("nested")
            w.bool("even", i % 2 == 0)
            w.endObject()
            w.endObject()
        }
        func document(chunked: Bool) -> String {
            var w = JSONWriter(), out = ""
            w.beginObject()
            w.string("before", "x")
            w.beginArray("records")
            if chunked {
                w.elements(
                    JSONWriter.rendered(Array(0..<600), depth: 2) { w, i in record(&w, i) },
                    out: &out)
            } else {
                for i in 0..<600 { record(&w, i) }
            }
            w.endArray()
            w.endObject()
            w.flush(to: &out)
            return out
        }
        let expected = document(chunked: false)
        #expect(document(chunked: true) == expected)
        #expect(expected.hasPrefix("{\n  \"before\": \"x\",\n  \"records\": [\n    {\"i\": 0, "))
        #expect(
            expected.contains(
                ",\n    {\"i\": 599, \"x\": 74.875, \"s\": null, \"nested\": {\"even\": false}}\n  ]\n}"
            ))
    }

    @Test func terminalJSONSummaryEqualsReportSummary() throws {
        let model = Fixture.model(count: 250, hostile: true)
        let report = try Self.parse(JSONRenderer(model: model).json())
        let terminal = try Self.parse(
            SummaryRenderer(model: model, reportPath: "notebooks-out/swipe").text(.json))
        #expect(terminal["schema"] as? String == "gesturetune.summary/1")
        #expect(terminal["report"] as? String == "notebooks-out/swipe")
        let a = try #require(report["summary"] as? NSDictionary),
            b = try #require(terminal["summary"] as? NSDictionary)
        #expect(a == b)
    }
}
