/// A JSON string literal (RFC 8259): `"` and `\` escaped, line feed, carriage return and tab
/// as `\n`, `\r`, `\t`, the other control characters as `\u00XX`; everything else as it is.
/// The one writer of JSON strings: params.json, report.json, the page's data.
package enum JSONText {
    /// `s` as a JSON string literal, quotes included.
    package static func quoted(_ s: String) -> String {
        var out = ""
        append(s, to: &out)
        return out
    }

    /// Appends `s` as a JSON string literal to `out`.
    package static func append(_ s: String, to out: inout String) {
        out += "\""
        guard s.utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C }) else {
            out += s
            out += "\""
            return
        }
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
    }
}
