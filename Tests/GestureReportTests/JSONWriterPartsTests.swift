import Testing

@testable import GestureReport

/// `JSONWriter.rendered` splits an array's elements into parts rendered on other threads;
/// `elements` places them. The bytes must be those of writing every element in turn with the
/// writer's plain API, whatever the number of parts (one below 64 elements, up to four per
/// worker above).
@Suite struct JSONWriterPartsTests {
    /// A record shaped like a gesture row: strings with escapes, numbers, a nested object.
    static func write(_ w: inout JSONWriter, _ i: Int) {
        w.beginObject()
        w.string("id", "g\(i) \"quoted\"")
        w.number("p_r", Double(i) / 7)
        w.int("samples", i)
        w.beginObject("estimates")
        w.number("lsq2", -Double(i) * 1.5)
        w.endObject()
        w.bool("late", i % 3 == 0)
        w.endObject()
    }

    /// The document written element by element, without `rendered`.
    static func sequential(_ count: Int) -> String {
        var w = JSONWriter()
        w.beginObject()
        w.string("before", "x")
        w.beginArray("items")
        for i in 0..<count { write(&w, i) }
        w.endArray()
        w.string("after", "y")
        w.endObject()
        var out = ""
        w.flush(to: &out)
        return out
    }

    @Test(arguments: [0, 1, 63, 64, 129, 300, 1000])
    func partsPlaceTheSameBytesAsWritingInTurn(_ count: Int) {
        let parts = JSONWriter.rendered(Array(0..<count), depth: 2) { w, i in Self.write(&w, i) }
        var w = JSONWriter()
        var out = ""
        w.beginObject()
        w.string("before", "x")
        w.beginArray("items")
        w.elements(parts, out: &out)
        w.endArray()
        w.string("after", "y")
        w.endObject()
        w.flush(to: &out)
        #expect(out == Self.sequential(count))
    }
}
