/// Text from data (fields, ids, header names, file names, parameter strings) made safe to show on
/// a terminal, at the point where a diagnostic or summary is rendered.
///
/// A trace can hold any bytes; printed raw, `ESC ] 0 ; … BEL` retitles the window, `ESC [ 2 J`
/// clears it, and U+202E (right-to-left override) makes `txt.csv` read as something else.
/// Every C0 control but line feed and tab (and those too when `keepLineBreaks` is false), DEL,
/// every C1 control, the bidirectional formatting characters, the line and paragraph separators
/// (U+2028, U+2029) and the noncharacters are written as Swift escapes
/// (`\u{1B}`, `\u{202E}`), so what reaches the terminal is exactly what the file holds, visibly.
enum TerminalText {
    /// Longest message a diagnostic prints; the rest is counted, not shown (a 10⁵-column header
    /// or a 2 MB parameter string would otherwise make one line of megabytes).
    static let maxMessageLength = 2_000

    /// `text` with controls and bidi formatting characters escaped.
    static func escaped(_ text: String, keepLineBreaks: Bool = false) -> String {
        guard
            text.unicodeScalars.contains(where: { needsEscape($0, keepLineBreaks: keepLineBreaks) })
        else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if needsEscape(scalar, keepLineBreaks: keepLineBreaks) {
                out.append(
                    contentsOf: "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
                        .unicodeScalars)
            } else {
                out.append(scalar)
            }
        }
        return String(out)
    }

    static func needsEscape(_ scalar: Unicode.Scalar, keepLineBreaks: Bool) -> Bool {
        switch scalar.value {
        case 0x0A, 0x09: !keepLineBreaks
        case 0x00..<0x20, 0x7F..<0xA0: true
        // LRM, RLM, ALM, embeddings and overrides, isolates.
        case 0x200E, 0x200F, 0x061C, 0x202A...0x202E, 0x2066...0x2069: true
        // Line and paragraph separators (a line end to some terminals and to JavaScript), and
        // noncharacters.
        case 0x2028, 0x2029, 0xFDD0...0xFDEF: true
        case let v where v & 0xFFFE == 0xFFFE: true
        default: false
        }
    }

    /// `text` cut to `limit` characters, with how much was left out.
    static func capped(_ text: String, limit: Int = maxMessageLength) -> String {
        guard text.count > limit else { return text }
        let rest = text.count - limit
        return String(text.prefix(limit)) + "… (\(rest) more character\(rest == 1 ? "" : "s"))"
    }

    /// A diagnostic's or summary line's text from data: capped, then escaped.
    static func safe(_ text: String) -> String { escaped(capped(text)) }

    /// `text` inside a Markdown table cell as code: `|` escaped, backticks and line breaks
    /// replaced, so a file name cannot end the cell or the code span.
    static func markdownCode(_ text: String) -> String {
        var s = escaped(text)
        s = s.replacingOccurrences(of: "`", with: "'")
        s = s.replacingOccurrences(of: "|", with: "\\|")
        return "`\(s)`"
    }
}
