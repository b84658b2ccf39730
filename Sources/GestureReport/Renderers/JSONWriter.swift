import GesturePhysics

/// A small streaming JSON writer that keeps keys in the order written (report order).
///
/// Containers opened at depth `compactDepth` or deeper are written on one line, so
/// per-gesture records take one line each. Non-finite numbers are written as `null`.
package struct JSONWriter {
    package private(set) var buffer = ""
    private var first: [Bool] = []
    private var compact: [Bool] = []
    package let compactDepth: Int

    package init(compactDepth: Int = 2) {
        self.compactDepth = compactDepth
    }

    private var depth: Int { first.count }
    private var inCompact: Bool { compact.last ?? false }

    private mutating func separator(_ key: String?) {
        if let isFirst = first.last {
            if !isFirst { buffer += "," }
            first[first.count - 1] = false
            if inCompact {
                if !isFirst { buffer += " " }
            } else {
                buffer += "\n"
                buffer += String(repeating: "  ", count: depth)
            }
        }
        if let key {
            Text.json(key, into: &buffer)
            buffer += ": "
        }
    }

    package mutating func beginObject(_ key: String? = nil) { open(key, "{") }
    package mutating func endObject() { close("}") }
    package mutating func beginArray(_ key: String? = nil) { open(key, "[") }
    package mutating func endArray() { close("]") }

    private mutating func open(_ key: String?, _ bracket: String) {
        separator(key)
        buffer += bracket
        compact.append(inCompact || depth >= compactDepth)
        first.append(true)
    }

    private mutating func close(_ bracket: String) {
        let wasEmpty = first.removeLast()
        let wasCompact = compact.removeLast()
        if !wasEmpty && !wasCompact {
            buffer += "\n"
            buffer += String(repeating: "  ", count: depth)
        }
        buffer += bracket
    }

    package mutating func null(_ key: String? = nil) {
        separator(key)
        buffer += "null"
    }

    /// A rule or setting parameter: `+∞` as `"inf"` (`-∞` as `"-inf"`), the encoding of
    /// `params.json` (`RuleParameterSpec.infinityText`); NaN and nil as `null`.
    package mutating func parameter(_ key: String?, _ x: Double?) {
        if x == .infinity { return string(key, RuleParameterSpec.infinityText) }
        if x == -.infinity { return string(key, RuleParameterSpec.negativeInfinityText) }
        number(key, x)
    }

    package mutating func number(_ key: String?, _ x: Double?) {
        separator(key)
        if let x, x.isFinite {
            // Swift's description is the shortest round-trip form and valid JSON (e.g. 1e-05).
            buffer += x == 0 ? "0" : "\(x)"
        } else {
            buffer += "null"
        }
    }

    package mutating func int(_ key: String?, _ x: Int?) {
        separator(key)
        buffer += x.map { String($0) } ?? "null"
    }

    package mutating func bool(_ key: String?, _ x: Bool) {
        separator(key)
        buffer += x ? "true" : "false"
    }

    package mutating func string(_ key: String?, _ s: String?) {
        separator(key)
        if let s { Text.json(s, into: &buffer) } else { buffer += "null" }
    }

    package mutating func strings(_ key: String?, _ list: [String]) {
        beginArray(key)
        for s in list { string(nil, s) }
        endArray()
    }

    package mutating func numbers(_ key: String?, _ list: [Double]) {
        beginArray(key)
        for x in list { number(nil, x) }
        endArray()
    }

    /// Moves what was written so far to `out`.
    package mutating func flush(to out: inout some TextOutputStream) {
        out.write(buffer)
        buffer = ""
    }
}
