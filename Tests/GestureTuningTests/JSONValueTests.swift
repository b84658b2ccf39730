import GestureIO
import Testing

@testable import GestureTuning

@Suite struct JSONValueTests {
    func read(_ text: String) throws(JSONReadError) -> JSONValue {
        try JSONValue.parse(Array(text.utf8))
    }

    /// `reason` at line 1, `column`.
    func syntax(_ reason: String, column: Int) -> JSONReadError {
        .syntax(reason: reason, at: JSONLocation(line: 1, column: column))
    }

    func failure(_ text: String) -> JSONReadError? {
        do {
            _ = try read(text)
            return nil
        } catch { return error }
    }

    @Test("Values carry the line and column of their first character")
    func locations() throws {
        let v = try read("{\n  \"a\": [1, true],\n\t\"é\": {\"b\": null}\n}")
        #expect(v.location == JSONLocation(line: 1, column: 1))
        let members = try #require(v.members)
        #expect(members.map(\.key) == ["a", "é"])
        // Line 2 is `  "a": [1, true],`: the key at column 3, the array at 8, `1` at 9,
        // `true` at 12.
        #expect(members[0].keyLocation == JSONLocation(line: 2, column: 3))
        #expect(members[0].value.location == JSONLocation(line: 2, column: 8))
        guard case .array(let items) = members[0].value.content else {
            Issue.record("not an array")
            return
        }
        #expect(items.map(\.location) == [.init(line: 2, column: 9), .init(line: 2, column: 12)])
        // Line 3 is `<tab>"é": {"b": null}`: a tab and `é` are one column each.
        #expect(members[1].keyLocation == JSONLocation(line: 3, column: 2))
        #expect(members[1].value["b"]?.location == JSONLocation(line: 3, column: 13))
        #expect(members[1].value["b"]?.content == .null)
    }

    @Test("Numbers keep their text and are correctly rounded; strings unescape")
    func scalars() throws {
        #expect(try read("0.1").content == .number(0.1, text: "0.1"))
        #expect(try read("-2.50e+2").content == .number(-250, text: "-2.50e+2"))
        #expect(try read("1E-5").number == 0.00001)
        #expect(try read("\"a\\\"\\\\\\/\\n\\u00e9\\ud83d\\ude00\"").string == "a\"\\/\né😀")
        #expect(try read("\u{FEFF} [] ").content == .array([]), "a byte order mark is skipped")
        #expect(try read("\"x\"").summary == "\"x\"")
        #expect(try read("1.50").summary == "1.50", "as written")
    }

    @Test("Strict: what RFC 8259 does not allow is an error at its place")
    func strict() {
        #expect(failure("NaN") == syntax("expected a value, found 'N'", column: 1))
        #expect(failure("[Infinity]") == syntax("expected a value, found 'I'", column: 2))
        #expect(failure("[1e400]") == syntax("number 1e400 is out of range", column: 2))
        #expect(failure("[01]") == syntax("expected ',' or ']', found '1'", column: 3))
        #expect(failure("[1.]") == syntax("expected a digit, found ']'", column: 4))
        #expect(failure("[1,]") == syntax("expected a value, found ']'", column: 4))
        #expect(failure("{\"a\": 1,}") == syntax("expected a key, found '}'", column: 9))
        #expect(failure("{'a': 1}") == syntax("expected a key, found '''", column: 2))
        #expect(
            failure("\"a\nb\"") == syntax("control character byte 0x0A in a string", column: 3))
        #expect(failure("\"\\ud800\"") == syntax("unpaired surrogate escape", column: 2))
        #expect(failure("\"\\x\"") == syntax("invalid escape \\x", column: 2))
        #expect(failure("1 2") == syntax("unexpected text after the value", column: 3))
        #expect(failure("") == .unexpectedEnd(at: .init(line: 1, column: 1)))
        let deep = String(repeating: "[", count: 200)
        #expect(failure(deep) == syntax("nested too deeply", column: 101))
    }

    @Test("Invalid UTF-8 in a string is an error")
    func invalidUTF8() {
        do {
            _ = try JSONValue.parse([0x22, 0x61, 0xC3, 0x28, 0x22])
            Issue.record("expected an error")
        } catch {
            #expect(error == syntax("invalid UTF-8", column: 3))
        }
    }

    @Test("A cut document ends on its last line with text; a duplicate key names its path")
    func endsAndDuplicates() {
        #expect(failure("{\n  \"a\": 1,\n\n") == .unexpectedEnd(at: .init(line: 2, column: 10)))
        let twice = "{\"a\": {\"b\": 1,\n \"b\": 2}}"
        #expect(failure(twice) == .duplicateKey(path: "a.b", at: .init(line: 2, column: 2)))
        #expect(failure(twice)?.description == "key \"a.b\": expected once, found a second time")
        // The syntax is checked first: a later syntax error wins over an earlier duplicate.
        let both = "{\"a\": 1, \"a\": 2, }"
        #expect(failure(both) == syntax("expected a key, found '}'", column: 18))
        let colon = JSONReadError.syntax(reason: "expected ':'", at: .init(line: 4, column: 7))
        #expect(colon.description == "expected ':' at column 7")
    }
}
