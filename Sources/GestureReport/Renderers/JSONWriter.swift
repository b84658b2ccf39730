import GestureIO
import GesturePhysics

/// A small streaming JSON writer that keeps keys in the order written (report order).
///
/// Containers opened at depth `compactDepth` or deeper are written on one line, so
/// per-gesture records take one line each. Non-finite numbers are written as `null`.
package struct JSONWriter {
    /// What was written so far, in UTF-8 (bytes: no String bookkeeping per small append).
    private var bytes: [UInt8] = []
    private var first: [Bool] = []
    private var compact: [Bool] = []
    package let compactDepth: Int

    package init(compactDepth: Int = 2) {
        self.compactDepth = compactDepth
    }

    /// What was written so far (not yet flushed).
    package var buffer: String { String(decoding: bytes, as: UTF8.self) }

    private var depth: Int { first.count }
    private var inCompact: Bool { compact.last ?? false }

    private mutating func separator(_ key: String?) {
        if let isFirst = first.last {
            if !isFirst { bytes.append(0x2C) }  // ,
            first[first.count - 1] = false
            if inCompact {
                if !isFirst { bytes.append(0x20) }
            } else {
                newline()
            }
        }
        if let key {
            JSONText.append(key, to: &bytes)
            bytes.append(0x3A)  // ": "
            bytes.append(0x20)
        }
    }

    /// A line end and the indentation of the current depth.
    private mutating func newline() {
        bytes.append(0x0A)
        bytes.append(contentsOf: repeatElement(0x20, count: 2 * depth))
    }

    private mutating func raw(_ s: String) {
        var s = s
        s.withUTF8 { bytes.append(contentsOf: $0) }
    }

    package mutating func beginObject(_ key: String? = nil) { open(key, 0x7B) }
    package mutating func endObject() { close(0x7D) }
    package mutating func beginArray(_ key: String? = nil) { open(key, 0x5B) }
    package mutating func endArray() { close(0x5D) }

    private mutating func open(_ key: String?, _ bracket: UInt8) {
        separator(key)
        bytes.append(bracket)
        compact.append(inCompact || depth >= compactDepth)
        first.append(true)
    }

    private mutating func close(_ bracket: UInt8) {
        let wasEmpty = first.removeLast()
        let wasCompact = compact.removeLast()
        if !wasEmpty && !wasCompact { newline() }
        bytes.append(bracket)
    }

    package mutating func null(_ key: String? = nil) {
        separator(key)
        raw("null")
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
            if x == 0 { bytes.append(0x30) } else { digits(x) }
        } else {
            raw("null")
        }
    }

    /// `x.description`'s characters, written without making a string: `Double`'s
    /// `write(to:)` hands its ASCII buffer to the stream (`_writeASCII`), the same text.
    private mutating func digits(_ x: Double) {
        var sink = ASCIISink()
        swap(&sink.bytes, &bytes)
        x.write(to: &sink)
        swap(&sink.bytes, &bytes)
    }

    private struct ASCIISink: TextOutputStream {
        var bytes: [UInt8] = []
        mutating func write(_ string: String) { bytes.append(contentsOf: string.utf8) }
        mutating func _writeASCII(_ buffer: UnsafeBufferPointer<UInt8>) {
            bytes.append(contentsOf: buffer)
        }
    }

    package mutating func int(_ key: String?, _ x: Int?) {
        separator(key)
        raw(x.map { String($0) } ?? "null")
    }

    package mutating func bool(_ key: String?, _ x: Bool) {
        separator(key)
        raw(x ? "true" : "false")
    }

    package mutating func string(_ key: String?, _ s: String?) {
        separator(key)
        if let s { JSONText.append(s, to: &bytes) } else { raw("null") }
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

    /// Elements rendered ahead of their place (`rendered(_:depth:_:)`), for `elements(_:out:)`.
    package struct Elements: Sendable {
        fileprivate let depth: Int
        fileprivate let parts: [Parallel.Pending<[UInt8]>]
    }

    /// Starts rendering `items` as the elements of an array open at `depth` (the top-level
    /// object's array: 2), a part per worker, while the caller writes what comes before
    /// them; `elements(_:out:)` places them.
    package static func rendered<Item: Sendable>(
        _ items: [Item], depth: Int, _ write: @escaping @Sendable (inout JSONWriter, Item) -> Void
    ) -> Elements {
        // Four parts per worker, each started on its own thread at once, so the parts run while
        // the caller writes the sections before them, and the first are written while the last
        // are rendered (with one part per worker the caller waited for both halves, then wrote
        // 2.8 MB: issue 48, 2,000 gestures, 9.3 → 8.3 ms); with one worker each part is
        // rendered when placed.
        let parts = max(1, min(Parallel.workers * 4, items.count / 64))
        let indent = [0x2C, 0x0A] + [UInt8](repeating: 0x20, count: 2 * depth)
        let started = (0..<parts).map { p in
            Parallel.start {
                var w = JSONWriter(compactDepth: 0)
                let range = (items.count * p / parts)..<(items.count * (p + 1) / parts)
                for i in range {
                    if i > range.lowerBound { w.bytes += indent }
                    write(&w, items[i])
                    // Room for the part at the first record's size, so that the buffer is
                    // not copied as it grows.
                    if i == range.lowerBound {
                        w.bytes.reserveCapacity(w.bytes.count * range.count * 9 / 8 + 1024)
                    }
                }
                return w.bytes
            }
        }
        return Elements(depth: depth, parts: started)
    }

    /// Places elements rendered ahead in the array open here (at their depth): the same bytes
    /// as writing each record in turn, each part moved to `out` as it is added.
    package mutating func elements(_ rendered: Elements, out: inout some TextOutputStream) {
        precondition(
            !inCompact && depth == rendered.depth, "elements go where they were rendered for")
        for pending in rendered.parts {
            let part = pending.value
            if part.isEmpty { continue }
            separator(nil)
            flush(to: &out)
            out.write(String(decoding: part, as: UTF8.self))
        }
    }

    /// Moves what was written so far to `out`.
    package mutating func flush(to out: inout some TextOutputStream) {
        out.write(buffer)
        bytes.removeAll(keepingCapacity: true)
    }
}
