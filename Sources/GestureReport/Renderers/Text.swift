import GestureIO
import GestureTuning

/// The escapers of the report, one per language it writes, and SVG coordinates (numbers for
/// people: `NumberText`).
///
/// Gesture ids, file names and report names come from the user: every renderer and every
/// generated source passes them through one of these functions before writing them.
enum Text {
    /// XML/HTML text and attribute escape: `&`, `<`, `>`, `"`, `'`; control characters other than
    /// tab, newline and carriage return (not allowed in XML 1.0) become U+FFFD.
    static func xml(_ s: String) -> String {
        var needs = false
        for u in s.utf8
        where u == 38 || u == 60 || u == 62 || u == 34 || u == 39
            || (u < 32 && u != 9 && u != 10 && u != 13) || u == 0x7F
        {
            needs = true
            break
        }
        guard needs else { return s }
        var out = ""
        out.reserveCapacity(s.utf8.count + 16)
        for scalar in s.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default:
                if (scalar.value < 32 && scalar.value != 9 && scalar.value != 10
                    && scalar.value != 13) || scalar.value == 0x7F
                {
                    out += "\u{FFFD}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }

    /// Markdown table cell / inline text: `&`, `<`, `>` as entities (no raw HTML gets through),
    /// Markdown punctuation backslash-escaped (`\ ` `` ` `` `* _ [ ] | #`), line breaks as spaces,
    /// control characters as U+FFFD. Quotes stay as they are: Markdown text needs no escape for
    /// them, and an entity such as `&#39;` would have its `#` escaped and show literally.
    static func markdown(_ s: String) -> String {
        var out = ""
        for ch in s {
            switch ch {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\\", "`", "*", "_", "[", "]", "|", "#":
                out.append("\\")
                out.append(ch)
            case "\n", "\r", "\r\n":
                out.append(" ")
            default:
                if let scalar = ch.unicodeScalars.first, ch.unicodeScalars.count == 1,
                    (scalar.value < 32 && scalar.value != 9) || scalar.value == 0x7F
                {
                    out.append("\u{FFFD}")
                } else {
                    out.append(ch)
                }
            }
        }
        return out
    }

    /// JSON string literal: `"` and `\` escaped, control characters as `\u00XX`
    /// (`JSONText`, the one JSON string writer).
    static func json(_ s: String, into out: inout String) {
        JSONText.append(s, to: &out)
    }

    /// JSON text made safe inside an HTML `<script>` element: every `<` as `\u003c`, so no
    /// `</script>` or `<!--` in user text can end or alter the element, and the line and
    /// paragraph separators escaped.
    static func scriptJSON(_ json: String) -> String {
        // U+2028 and U+2029 end a line in JavaScript before ES2019; `\u2028` is the same JSON.
        json.replacingOccurrences(of: "<", with: "\\u003c")
            .replacingOccurrences(of: "\u{2028}", with: "\\u2028")
            .replacingOccurrences(of: "\u{2029}", with: "\\u2029")
    }

    /// A fixed-point decimal with `digits` fraction digits (`NumberText.fixed`); non-finite
    /// values print as `inf`, `-inf` or `n/a`. For SVG coordinates and axis ticks (numbers for
    /// people go through `NumberText`'s own forms).
    static func fixed(_ x: Double, _ digits: Int) -> String {
        guard x.isFinite else { return x.isNaN ? "n/a" : (x > 0 ? "inf" : "-inf") }
        return NumberText.fixed(x, digits)
    }

    /// An SVG coordinate: one decimal, never NaN or infinite (non-finite becomes 0).
    static func coord(_ x: Double) -> String { fixed(x.isFinite ? x : 0, 1) }
}
