import Testing

@testable import GestureTuneCLI

/// `TerminalText`: what data may show on a terminal. Expected strings are written by hand from
/// the rule (controls, DEL, C1 and bidi formatting characters as `\u{…}`; the rest as is).
@Suite struct TerminalTextTests {
    @Test(arguments: [
        ("plain café ✓", "plain café ✓"),
        ("\u{1B}]0;title\u{07}", "\\u{1B}]0;title\\u{7}"),
        ("\u{1B}[2J", "\\u{1B}[2J"),
        ("txt\u{202E}vsc.exe", "txt\\u{202E}vsc.exe"),
        ("a\u{2066}b\u{2069}c\u{200F}", "a\\u{2066}b\\u{2069}c\\u{200F}"),
        ("del\u{7F} c1\u{9B}", "del\\u{7F} c1\\u{9B}"),
        ("two\nlines\tand\r", "two\\u{A}lines\\u{9}and\\u{D}"),
        ("line\u{2028}para\u{2029}", "line\\u{2028}para\\u{2029}"),
    ])
    func escapes(_ text: String, _ expected: String) {
        #expect(TerminalText.escaped(text) == expected)
    }

    /// Noncharacters (Swift literals cannot hold them: built from their scalar values).
    @Test func escapesNoncharacters() throws {
        var text = "non"
        for value: UInt32 in [0xFFFE, 0xFDD0, 0x10FFFF] {
            text.unicodeScalars.append(try #require(Unicode.Scalar(value)))
        }
        #expect(TerminalText.escaped(text) == "non\\u{FFFE}\\u{FDD0}\\u{10FFFF}")
    }

    @Test func keepsLineBreaksWhenAsked() {
        #expect(TerminalText.escaped("a\nb\t\u{1B}", keepLineBreaks: true) == "a\nb\t\\u{1B}")
        // U+2028 is a line end to some terminals and pagers: never kept.
        #expect(TerminalText.escaped("a\u{2028}b", keepLineBreaks: true) == "a\\u{2028}b")
    }

    @Test func capsLongText() {
        let text = String(repeating: "x", count: 2_500)
        #expect(
            TerminalText.capped(text) == String(repeating: "x", count: 2_000)
                + "… (500 more characters)")
        #expect(TerminalText.capped("short") == "short")
    }

    @Test func markdownCodeCannotEndItsCell() {
        #expect(TerminalText.markdownCode("a|b`c\nd.csv") == "`a\\|b'c\\u{A}d.csv`")
    }

    /// The rendered diagnostic escapes its location and message; only its own colour codes
    /// are raw.
    @Test func diagnosticsAreEscapedWhereRendered() {
        let d = Diagnostic(location: "x\u{1B}.csv:3", message: "found \"\u{1B}[2J\"")
        #expect(d.rendered(colour: false) == "x\\u{1B}.csv:3: error: found \"\\u{1B}[2J\"")
        let coloured = d.rendered(colour: true)
        // bold on/off, red on/off
        #expect(coloured.components(separatedBy: "\u{1B}[").count - 1 == 4)
    }
}
