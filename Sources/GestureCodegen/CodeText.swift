/// Text from data (report names, file names, the parameter file's path) made safe inside the
/// source code gesturetune generates: Swift, Kotlin, JavaScript (the snippets) and Python.
/// Every value from data that reaches generated code goes through here.
///
/// A name is data: it must stay inside the comment it is written in, whatever it holds. What
/// ends a line differs by language (JavaScript also ends lines at U+2028 and U+2029; Python and
/// Kotlin at a carriage return; some editors and terminals at U+0085), so one conservative set
/// is escaped for every language: every control (C0 but tab, DEL, C1), the line and paragraph
/// separators, the bidirectional formatting characters (which reorder what a reviewer sees,
/// "Trojan Source") and the noncharacters, each written as `\u{XXXX}`; a backslash is doubled so
/// the escapes cannot be forged, and `*/` is broken so no block comment can be closed either.
enum CodeText {
    /// `text` as the body of a line comment (`//` in Swift, Kotlin and JavaScript; `#` in Python).
    static func lineComment(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        var previous: Unicode.Scalar?
        for scalar in text.unicodeScalars {
            if scalar == "\\" {
                out.append(contentsOf: "\\\\".unicodeScalars)
            } else if scalar == "/" && previous == "*" {
                out.append(contentsOf: " /".unicodeScalars)
            } else if mustEscape(scalar) {
                out.append(
                    contentsOf: "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
                        .unicodeScalars)
            } else {
                out.append(scalar)
            }
            previous = scalar
        }
        return String(out)
    }

    static func mustEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09: false
        case 0x00..<0x20, 0x7F..<0xA0: true
        case 0x2028, 0x2029: true
        case 0x200E, 0x200F, 0x061C, 0x202A...0x202E, 0x2066...0x2069: true
        case 0xFDD0...0xFDEF: true
        case let v where v & 0xFFFE == 0xFFFE: true
        default: false
        }
    }
}
