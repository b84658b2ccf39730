/// Escaping and number formatting shared by the renderers.
///
/// Gesture ids and file names come from user files: every renderer passes them through one of
/// these functions before writing them.
enum Text {
    /// XML/HTML text and attribute escape: `&`, `<`, `>`, `"`, `'`; control characters other than
    /// tab, newline and carriage return (not allowed in XML 1.0) become U+FFFD.
    static func xml(_ s: String) -> String {
        var needs = false
        for u in s.utf8 where u == 38 || u == 60 || u == 62 || u == 34 || u == 39 || (u < 32 && u != 9 && u != 10 && u != 13) || u == 0x7F {
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
                if (scalar.value < 32 && scalar.value != 9 && scalar.value != 10 && scalar.value != 13) || scalar.value == 0x7F {
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

    /// A fixed-point decimal with `digits` fraction digits; non-finite values print as `inf`,
    /// `-inf` or `n/a`. Fast (no `String(format:)`), for SVG coordinates and tables.
    static func fixed(_ x: Double, _ digits: Int) -> String {
        guard x.isFinite else { return x.isNaN ? "n/a" : (x > 0 ? "inf" : "-inf") }
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let scaled = (abs(x) * scale).rounded()
        guard scaled < 9e15 else { return "\(x)" }
        let n = Int64(scaled)
        let negative = x < 0 && n != 0
        var intPart = String(n / Int64(scale))
        if negative { intPart = "-" + intPart }
        guard digits > 0 else { return intPart }
        var frac = String(n % Int64(scale))
        while frac.count < digits { frac = "0" + frac }
        return intPart + "." + frac
    }

    /// An SVG coordinate: one decimal, never NaN or infinite (non-finite becomes 0).
    static func coord(_ x: Double) -> String { fixed(x.isFinite ? x : 0, 1) }

    /// A number for people, `n/a` for nil, `∞`/`−∞` when infinite.
    ///
    /// - exact zero (either sign): `0`, never `-0`;
    /// - |x| ≥ 10⁶ or |x| < 10⁻⁴: scientific, 3 significant digits, `1.23e6`, `-4.56e-7`;
    /// - 10⁻⁴ ≤ |x| < 0.01: 3 significant digits (`%.3g`), `-0.00989`, `0.0001`;
    /// - otherwise 3 significant digits in the usual range: `0.42`, `3.14`, `507`, and whole
    ///   numbers from 1000 on (`12346`).
    static func number(_ x: Double?) -> String {
        guard let x else { return "n/a" }
        guard x.isFinite else { return x.isNaN ? "n/a" : (x > 0 ? "∞" : "−∞") }
        if x == 0 { return "0" }
        // The branch is chosen on |x| rounded to 3 significant digits, so 9.9996e-5 (which
        // rounds to 1.00e-4) prints as 0.0001, not 1e-4.
        let a = abs(Double(String(format: "%.2e", x)) ?? x)
        if a >= 1e6 || a < 1e-4 { return scientific(x) }
        if a >= 1000 { return fixed(x, 0) }
        if a >= 100 { return trimmed(fixed(x, 1)) }
        if a >= 1 { return trimmed(fixed(x, 2)) }
        if a >= 0.01 { return trimmed(fixed(x, 3)) }
        return trimmed(String(format: "%.3g", x))
    }

    /// 3 significant digits in scientific notation, trailing zeros dropped and the exponent
    /// written plainly: `1.5e6`, `-9.89e-5`, `1e300`.
    static func scientific(_ x: Double) -> String {
        let text = String(format: "%.2e", x)
        guard let e = text.firstIndex(of: "e"), let exponent = Int(text[text.index(after: e)...]) else { return text }
        return trimmed(String(text[..<e])) + "e\(exponent)"
    }

    /// Drops trailing fraction zeros (and a bare point): `0.420` → `0.42`, `507.0` → `507`.
    static func trimmed(_ s: String) -> String {
        guard s.contains(".") else { return s }
        var s = s
        while s.last == "0" { s.removeLast() }
        if s.last == "." { s.removeLast() }
        return s == "-0" ? "0" : s
    }

    /// A change of error (a fraction, suggested minus current) in percentage points with one
    /// decimal and its sign: `−2.0 points`, `+0.3 points`; `no change` when it rounds to 0.0
    /// (never `−0.0`).
    static func pointsChange(_ change: Double) -> String {
        guard change.isFinite else { return "n/a" }
        let magnitude = fixed(abs(change * 100), 1)
        if magnitude == "0.0" { return "no change" }
        return (change < 0 ? "−" : "+") + magnitude + " points"
    }

    /// A fraction as a percentage with one decimal, `n/a` for nil.
    static func percent(_ x: Double?) -> String {
        guard let x, x.isFinite else { return "n/a" }
        return fixed(x * 100, 1) + "%"
    }
}
