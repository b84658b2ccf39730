import Testing

@testable import GestureTrace

/// The labels file `analyze --relabel` reads (`LabelOverlay`): columns in any order, quoted
/// fields, the trace's intent spellings, matching by path or last path component, and bad
/// rows as located `TraceError`s.
@Suite struct LabelOverlayTests {
    static func gesture(_ id: String, file: String, intent: Intent?, notMeant: Bool = false)
        -> Gesture
    {
        Gesture(id: id, samples: [], intent: intent, file: file, notMeant: notMeant)
    }

    @Test func labelsReplaceTheTracesOwn() throws {
        let overlay = try LabelOverlay(
            parsing:
                "intent,gesture,line,file\r\ncancel,g1,2,traces/swipe.csv\r\nnot-meant,g2,,\"a,b/swipe.csv\"\r\n,g3,9,swipe.csv\r\nYES,g4,12,traces/swipe.csv\r\n",
            path: "labels.csv")
        #expect(overlay.count == 4)
        var g1 = Self.gesture("g1", file: "traces/swipe.csv", intent: .complete)
        #expect(overlay.apply(to: &g1))
        #expect(g1.intent == .cancel && !g1.notMeant)
        // By the last path component: another folder, same file name.
        var g2 = Self.gesture("g2", file: "elsewhere/swipe.csv", intent: .complete)
        #expect(overlay.apply(to: &g2))
        #expect(g2.intent == nil && g2.notMeant)
        // Empty intent: no label.
        var g3 = Self.gesture("g3", file: "swipe.csv", intent: nil, notMeant: true)
        #expect(overlay.apply(to: &g3))
        #expect(g3.intent == nil && !g3.notMeant)
        // The same label: not a change.
        var g4 = Self.gesture("g4", file: "traces/swipe.csv", intent: .complete)
        #expect(!overlay.apply(to: &g4))
        // Not in the file, or in another file.
        var g5 = Self.gesture("g5", file: "traces/swipe.csv", intent: .cancel)
        #expect(!overlay.apply(to: &g5))
        var g6 = Self.gesture("g1", file: "traces/other.csv", intent: .complete)
        #expect(!overlay.apply(to: &g6))
        #expect(g6.intent == .complete)
    }

    @Test(arguments: [
        (
            "file,line,gesture,intent\nswipe.csv,2,g1,maybe\n",
            TraceError.badField(
                file: "labels.csv", line: 2, column: "intent",
                expected: LabelOverlay.intentExpectation, found: "maybe")
        ),
        (
            "file,line,gesture,intent\n\nswipe.csv,0,g1,cancel\n",
            TraceError.badField(
                file: "labels.csv", line: 3, column: "line",
                expected: "a line number (1 or more) or nothing", found: "0")
        ),
        (
            "file,line,gesture,intent\nswipe.csv,2,,cancel\n",
            TraceError.badField(
                file: "labels.csv", line: 2, column: "gesture", expected: "a gesture id",
                found: "")
        ),
        (
            "file,line,gesture,intent\nswipe.csv,2,g1\n",
            TraceError.fieldCount(file: "labels.csv", line: 2, expected: 4, found: 3)
        ),
        (
            "gesture,label\ng1,cancel\n",
            TraceError.badField(
                file: "labels.csv", line: 1, column: "header",
                expected: "the columns file, line, gesture and intent (missing: file, intent)",
                found: "gesture,label")
        ),
        (
            "\n",
            TraceError.file(
                file: "labels.csv", line: 0,
                message: "empty file; expected a header naming the columns file, gesture and intent"
            )
        ),
    ])
    func badFilesAreLocated(_ text: String, _ error: TraceError) {
        #expect(throws: error) { try LabelOverlay(parsing: text, path: "labels.csv") }
    }
}
