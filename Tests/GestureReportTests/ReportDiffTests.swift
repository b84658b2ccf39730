import Foundation
import GesturePhysics
import Testing

@testable import GestureReport

/// `gesturetune diff`'s model on hand-written report.json files: what it reads, what it finds changed.
@Suite struct ReportDiffTests {
    /// A minimal report.json: a rule pair, errors, and gestures (id, intent, current, suggested).
    static func report(
        suggested: String, currentError: Double, suggestedError: Double,
        gestures: [(String, String?, String, String)]
    ) -> Data {
        let rows = gestures.map { g in
            "{\"id\": \"\(g.0)\", \"file\": \"a.csv\", \"intent\": \(g.1.map { "\"\($0)\"" } ?? "null"), \"currentDecision\": \"\(g.2)\", \"suggestedDecision\": \"\(g.3)\"}"
        }
        let text = """
            {"schema": "gesturetune.report/1",
             "summary": {"files": ["a.csv"], "gesturesUsed": \(gestures.count), "labelled": true, "extent": 400,
               "currentSource": "flutter-cupertino",
               "currentRule": {"family": "threshold", "progressThreshold": 0.5, "velocityThreshold": "inf"},
               "suggestedRule": \(suggested),
               "currentError": \(currentError), "suggestedError": \(suggestedError), "currentMisdecided": 1, "suggestedMisdecided": 1},
             "gestures": [\(rows.joined(separator: ",\n"))]}
            """
        return Data(text.utf8)
    }

    /// `report` with a `gate` object spliced in before the gestures.
    static func report(gate: String) -> Data {
        let base = String(
            decoding: report(
                suggested:
                    "{\"family\": \"threshold\", \"progressThreshold\": 0.4, \"velocityThreshold\": 1}",
                currentError: 0.1, suggestedError: 0.1, gestures: []), as: UTF8.self)
        return Data(
            base.replacingOccurrences(
                of: "\"gestures\":", with: "\"gate\": \(gate),\n \"gestures\":"
            ).utf8)
    }

    /// The gate's line: edge and lock A → B, then the cross-validated misses over meant swipes and
    /// false triggers over `other` gestures, with the change in points (3/200 = 1.5%, 1/200 = 0.5%;
    /// 10/100 = 10.0%, 4/100 = 4.0%).
    @Test func theGateIsCompared() throws {
        let a = try ReportDocument.decode(
            Self.report(
                gate: """
                    {"falseTriggersMeasured": true, "meant": 200, "others": 100,
                     "suggested": {"edgeWidth": 40, "lockAngle": 30, "slop": 10},
                     "crossValidatedMisses": 3, "crossValidatedFalseTriggers": 10,
                     "missRate": 0.015, "falseTriggerRate": 0.1}
                    """))
        let b = try ReportDocument.decode(
            Self.report(
                gate: """
                    {"falseTriggersMeasured": true, "meant": 200, "others": 100,
                     "suggested": {"lockAngle": 25, "slop": 10},
                     "crossValidatedMisses": 1, "crossValidatedFalseTriggers": 4,
                     "missRate": 0.005, "falseTriggerRate": 0.04}
                    """))
        #expect(a.gate?.edgeWidth == 40 && b.gate?.edgeWidth == nil)
        let d = ReportDiff(a, b, nameA: "A", nameB: "B")
        #expect(
            d.lines().contains(
                "gate: edge 40 pt, lock 30° → edge: whole extent, lock 25°; misses 1.5% (3 of 200) → 0.5% (1 of 200), −1.0 points; false triggers 10.0% (10 of 100) → 4.0% (4 of 100), −6.0 points"
            ), "\(d.lines())")
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(d.json().utf8)) as? [String: Any])
        let gate = try #require(json["gate"] as? [String: Any])
        #expect(abs((gate["falseTriggerRateChange"] as? Double ?? 0) + 0.06) < 1e-12)
        #expect(d.html().contains("Start-of-gesture gate"))
        // Without any gesture labelled other on either side, no rates are compared.
        let unmeasured = """
            {"falseTriggersMeasured": false, "meant": 300, "others": 0, "suggested": null,
             "crossValidatedMisses": 0, "crossValidatedFalseTriggers": 0}
            """
        let c = try ReportDocument.decode(Self.report(gate: unmeasured))
        #expect(
            ReportDiff(c, c, nameA: "C", nameB: "C").lines().contains(
                "gate: not tuned in either run (no gesture labelled other), misses and false triggers not measured"
            ))
        // More misses than meant swipes is refused, naming the key.
        #expect(throws: ReportDocument.Problem.self) {
            try ReportDocument.decode(
                Self.report(
                    gate: """
                        {"falseTriggersMeasured": true, "meant": 2, "others": 1, "suggested": null,
                         "crossValidatedMisses": 3, "crossValidatedFalseTriggers": 0}
                        """))
        }
    }

    @Test func findsChangedDecisionsParametersAndErrors() throws {
        let a = try ReportDocument.decode(
            Self.report(
                suggested:
                    "{\"family\": \"projection\", \"progressThreshold\": 0.43, \"tau\": 0.44}",
                currentError: 0.25, suggestedError: 0.25,
                gestures: [
                    ("g1", "complete", "complete", "cancel"), ("g2", "cancel", "cancel", "cancel"),
                    ("g3", nil, "complete", "complete"), ("g9", "cancel", "cancel", "cancel"),
                ]))
        let b = try ReportDocument.decode(
            Self.report(
                suggested:
                    "{\"family\": \"projection\", \"progressThreshold\": 0.4, \"tau\": 0.44}",
                currentError: 0.25, suggestedError: 0.0,
                gestures: [
                    ("g1", "complete", "complete", "complete"),
                    ("g2", "cancel", "complete", "complete"), ("g3", nil, "complete", "cancel"),
                    ("g4", "cancel", "cancel", "cancel"),
                ]))
        #expect(a.summary.currentRule == .threshold(progress: 0.5, velocity: .infinity))
        #expect(b.summary.suggestedRule == .projection(progress: 0.4, tau: 0.44))
        let d = ReportDiff(a, b, nameA: "A", nameB: "B")
        #expect(d.inBoth == 3 && d.onlyInA == 1 && d.onlyInB == 1)
        // g1 suggested cancel → complete (intent complete: now right); g2 both rules to complete
        // (intent cancel: now wrong); g3 unlabelled, suggested complete → cancel.
        let got = d.changed.map {
            "\($0.id) \($0.rule) \($0.before.rawValue)>\($0.after.rawValue) \($0.nowRight.map { $0 ? "right" : "wrong" } ?? "-")"
        }
        #expect(
            got == [
                "g1 suggested cancel>complete right", "g2 suggested cancel>complete wrong",
                "g2 current cancel>complete wrong", "g3 suggested complete>cancel -",
            ])
        let lines = d.lines()
        #expect(
            lines[2]
                == "error, suggested (cross-validated; misdecided in sample): 25.0% (1) → 0.0% (1), −25.0 points"
        )
        #expect(lines[3] == "suggested rule: projection p_th 0.43 → 0.4")
        #expect(
            lines[4].hasSuffix(
                "decided differently: 3 by the suggested rule (1 now right, 1 now wrong), 1 by the current one"
            ))
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(d.json().utf8)) as? [String: Any])
        #expect(json["schema"] as? String == "gesturetune.diff/1")
        #expect((json["changed"] as? [Any])?.count == 4)
        let html = d.html()
        #expect(html.contains("<td>g2</td>") && !html.contains("<script"))
    }

    @Test func badInputSaysWhatWasExpected() {
        func problem(_ text: String) -> String? {
            do {
                _ = try ReportDocument.decode(Data(text.utf8))
                return nil
            } catch { return error.message }
        }
        #expect(problem("[1]") == "expected a JSON object, found text that is not one")
        #expect(
            problem("{\"schema\": \"gesturetune.batch/1\"}")
                == "expected \"schema\": \"gesturetune.report/1\", found \"gesturetune.batch/1\"")
        #expect(
            problem(
                "{\"schema\": \"gesturetune.report/1\", \"summary\": {\"currentRule\": {\"family\": \"projection\", \"progressThreshold\": 0.5}}}"
            )
                == "expected summary.currentRule.tau, found none")
    }

    /// Out-of-range figures are refused with the key they were found at (an error rate of 1.8e306
    /// used to reach the percentage formatting and trap; −300% was accepted).
    @Test func outOfRangeFiguresAreRefusedWhereTheyAre() {
        func problem(_ text: String) -> String? {
            do {
                _ = try ReportDocument.decode(Data(text.utf8))
                return nil
            } catch { return error.message }
        }
        let rules = """
            "currentRule": {"family": "threshold", "progressThreshold": 0.5, "velocityThreshold": "inf"},
            "suggestedRule": {"family": "projection", "progressThreshold": 0.4, "tau": 0.2}
            """
        func summary(_ extra: String) -> String {
            "{\"schema\": \"gesturetune.report/1\", \"summary\": {\(rules)\(extra)}}"
        }
        #expect(problem(summary("")) == nil)
        #expect(
            problem(summary(", \"currentError\": 1.8e306"))
                == "expected a fraction from 0 to 1 at summary.currentError, found 1.8e+306")
        #expect(
            problem(summary(", \"suggestedError\": -3"))
                == "expected a fraction from 0 to 1 at summary.suggestedError, found -3.0")
        #expect(
            problem(summary(", \"currentError\": 1e999"))
                == "expected JSON text whose numbers fit a Double, found text that is not")
        #expect(
            problem(summary(", \"extent\": 0"))
                == "expected a positive number at summary.extent, found 0.0")
        #expect(
            problem(summary(", \"currentMisdecided\": -1"))
                == "expected a count of 0 or more at summary.currentMisdecided, found -1.0")
        #expect(
            problem(summary(", \"currentError\": \"x\""))
                == "expected a number at summary.currentError, found another value")
        let negativeTau = summary("").replacingOccurrences(of: "\"tau\": 0.2", with: "\"tau\": -1")
        #expect(
            problem(negativeTau)
                == "expected a number of 0 or more at summary.suggestedRule.tau, found -1.0")
        let badGesture =
            summary("").dropLast()
            + ", \"gestures\": [{\"id\": \"g1\", \"currentDecision\": \"complete\"}]}"
        #expect(problem(String(badGesture)) == "expected gestures[0].suggestedDecision, found none")
    }
}
