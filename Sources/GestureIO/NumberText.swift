import Foundation

/// Numbers shown to people, formatted one way everywhere: the terminal summary, report.html,
/// report.md, the notebook's text, `batch` text and JUnit messages, `diff`. The page's script
/// mirrors it (`HTMLRenderer.script`, `var F`); `ReportBrowserTests` holds the two to the same
/// strings. The notebook's what-if cell mirrors `percent` (`NotebookRenderer.whatIfCode`). Machine formats (report.json, params.json, batch JSON, the values in snippets)
/// keep full precision and never go through here.
///
/// | kind | rule | examples |
/// |---|---|---|
/// | `percent` (a fraction) | one decimal, always shown | `9.3%`, `10.0%`, `0.0%` |
/// | `pointsChange` (a change of error) | one decimal in percentage points, signed | `−2.3 points`, `no change` |
/// | `parameter` (a threshold, coefficient, ratio, pt length, angle, and the release measurements compared with them) | rounded to two decimals, trailing zeros dropped | `0.43`, `0.5`, `1.35`, `19.5`, `-12.4` |
/// | `seconds` (a time) | as `parameter`, then ` s` | `0.44 s`, `0.3 s` |
/// | `share` (a position as a share of the way: a progress parameter in words) | the parameter × 100 as `parameter`, then `%` | `43%`, `42.75%` |
/// | `speed` (a conversion into pt/s or mm/s) | whole | `527`, `84` |
/// | counts | integers, `"\(n)"` | `28` |
///
/// Two decimals are counted in the unit the rule decides in: `v_th` in progress/s (`1.35`), so its
/// pt/s conversion (`× extent`) is shown whole: at a 375 pt extent the last shown digit of
/// `v_th` (0.01 progress/s) is already 3.75 pt/s, so `812.35 pt/s` would claim a resolution the
/// threshold does not have.
///
/// Edges of `parameter`/`seconds`: a value that is not zero but rounds to zero at two decimals
/// (10⁻⁶ ≤ |x| < 0.005) shows two significant digits (`0.0042`, `-0.00031`) rather than a
/// misleading `0`; below 10⁻⁶, and from 10⁶ on (after rounding), three significant digits in
/// scientific notation (`4.56e-7`, `1.23e6`).
/// Everywhere: `n/a` for nil or NaN, `∞` / `−∞` when infinite, never `-0`.
public enum NumberText {
    /// A fraction as a percentage with one decimal: `0.093` → `9.3%`.
    public static func percent(_ fraction: Double?) -> String {
        guard let fraction else { return "n/a" }
        if let special = nonFinite(fraction) { return special }
        return fixed(fraction * 100, 1) + "%"
    }

    /// A change of error (a fraction) in percentage points with one decimal and its sign:
    /// `−2.0 points`, `+0.3 points`; `no change` when it rounds to 0.0.
    public static func pointsChange(_ change: Double?) -> String {
        guard let change, change.isFinite else { return "n/a" }
        let magnitude = fixed(abs(change * 100), 1)
        if magnitude == "0.0" { return "no change" }
        return (change < 0 ? "−" : "+") + magnitude + " points"
    }

    /// An amount already in percentage points, one decimal: `14.8`.
    public static func points(_ x: Double) -> String {
        if let special = nonFinite(x) { return special }
        return fixed(x, 1)
    }

    /// A parameter or a value compared with one: two decimals, trailing zeros dropped.
    public static func parameter(_ x: Double?) -> String {
        guard let x else { return "n/a" }
        if let special = nonFinite(x) { return special }
        if x == 0 { return "0" }
        if abs(x) < 1e-6 || (abs(x) * 100).rounded() >= 1e8 { return scientific(x) }
        if abs(x) < 0.005 { return trimmed(fixed(x, 1 - exponent(x))) }
        return trimmed(fixed(x, 2))
    }

    /// A time in seconds: `0.44 s`.
    public static func seconds(_ x: Double?) -> String {
        guard let x, !x.isNaN else { return "n/a" }
        return parameter(x) + " s"
    }

    /// A progress parameter as a share of the way, for sentences: `0.43` → `43%` (its two
    /// decimals are whole percents, so nothing is rounded away that `parameter` shows).
    public static func share(_ x: Double?) -> String {
        guard let x, !x.isNaN else { return "n/a" }
        return parameter(x * 100) + "%"
    }

    /// A speed in pt/s or mm/s (a conversion of a progress/s value): whole, `527`.
    public static func speed(_ x: Double?) -> String {
        guard let x else { return "n/a" }
        if let special = nonFinite(x) { return special }
        if abs(x).rounded() >= 1e6 { return scientific(x) }
        return fixed(x, 0)
    }

    // MARK: Building blocks (mirrored by the page's script)

    static func nonFinite(_ x: Double) -> String? {
        if x.isNaN { return "n/a" }
        if x.isInfinite { return x > 0 ? "∞" : "−∞" }
        return nil
    }

    /// The decimal exponent of |x|: `floor(log10(|x|))`, for x ≠ 0.
    static func exponent(_ x: Double) -> Int {
        Int(log10(abs(x)).rounded(.down))
    }

    /// `digits` fraction digits, rounded half away from zero on the scaled value; never `-0`.
    package static func fixed(_ x: Double, _ digits: Int) -> String {
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let n = (abs(x) * scale).rounded()
        guard n < 9e15 else { return scientific(x) }
        let whole = Int64(n)
        let s = Int64(scale)
        var text = String(whole / s)
        if digits > 0 {
            var frac = String(whole % s)
            while frac.count < digits { frac = "0" + frac }
            text += "." + frac
        }
        return (x < 0 && whole != 0 ? "-" : "") + text
    }

    /// Three significant digits, `1.23e6`, `-4.5e7`: mantissa trimmed, exponent plain.
    static func scientific(_ x: Double) -> String {
        var e = exponent(x)
        // Two steps, so that 10^e stays finite and non-zero down to the smallest subnormal.
        let half = e / 2
        var m = (abs(x) / pow(10, Double(half)) / pow(10, Double(e - half)) * 100).rounded()
        if m >= 1000 {
            m /= 10
            e += 1
        }
        return (x < 0 ? "-" : "") + trimmed(fixed(m / 100, 2)) + "e\(e)"
    }

    /// Drops trailing fraction zeros and a bare point: `0.50` → `0.5`, `19.00` → `19`.
    static func trimmed(_ s: String) -> String {
        guard s.contains(".") else { return s }
        var s = s
        while s.last == "0" { s.removeLast() }
        if s.last == "." { s.removeLast() }
        return s
    }
}
