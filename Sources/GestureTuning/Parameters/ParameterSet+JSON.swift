import Foundation
import GesturePhysics

extension ParameterSet {
    static let commonKeys = [
        "schema", "preset", "rule", "direction", "extent", "estimator", "horizon", "maxSamples", "maxGap",
        "completionSpeed", "transitionDuration", "fingerSpeedCap", "spring", "edgeWidth", "directionLockAngle",
    ]
    /// Each family's keys: `RuleFamily.parameterSpecs`, the one table of rule parameters.
    static func ruleKeys(_ family: RuleFamily) -> [String] { family.parameterSpecs.map(\.key) }
    static var allKeys: [String] {
        var keys = commonKeys
        for family in RuleFamily.allCases { for k in ruleKeys(family) where !keys.contains(k) { keys.append(k) } }
        return keys
    }

    /// Bounds of the setting keys (inclusive unless `open`): what the command-line options accept.
    static let settingBounds: [String: (low: Double, high: Double, lowOpen: Bool)] = [
        "extent": (0, .infinity, true), "horizon": (0, .infinity, true), "maxGap": (0, .infinity, true),
        "maxSamples": (1, .infinity, false),
        "completionSpeed": (0, .infinity, true), "transitionDuration": (0, .infinity, true),
        "fingerSpeedCap": (0, .infinity, false), "edgeWidth": (0, .infinity, false),
        "directionLockAngle": (0, 180, false), "dampingRatio": (0, .infinity, true), "response": (0, .infinity, true),
    ]

    /// Parses a parameter file's bytes. Keys are inspected one by one (JSONSerialization), so
    /// an unknown key is reported by name rather than ignored. Errors about a key, and invalid
    /// JSON, come `.located(line:_)`: `path:line: key "x": expected …, found …`.
    public static func decode(_ data: Data, path: String = "params.json") throws(ParameterError) -> ParameterSet {
        do {
            return try decodeUnlocated(data, path: path)
        } catch {
            if case .located = error { throw error }
            if let line = JSONLines.line(of: error, in: data) { throw .located(line: line, error) }
            throw error
        }
    }

    private static func decodeUnlocated(_ data: Data, path: String) throws(ParameterError) -> ParameterSet {
        let object: Any
        do { object = try JSONSerialization.jsonObject(with: data, options: []) } catch {
            let nsError = error as NSError
            let debug = (nsError.userInfo[NSDebugDescriptionErrorKey] as? String).map { $0.hasSuffix(".") ? String($0.dropLast()) : $0 }
            var reason = debug.map { $0.prefix(1).lowercased() + $0.dropFirst() } ?? nsError.localizedDescription
            if let range = reason.range(of: " around character "), let column = JSONLines.column(debugDescription: debug, in: data) {
                reason = reason[..<range.lowerBound] + " at column \(column)"
            }
            if let line = JSONLines.line(debugDescription: debug, in: data) {
                throw .located(line: line, .notJSON(path: path, reason: reason))
            }
            throw .notJSON(path: path, reason: reason)
        }
        guard let dict = object as? [String: Any] else { throw .notAnObject(path: path, key: nil) }
        if let (key, line) = JSONLines.duplicateKey(in: data) { throw .located(line: line, .duplicateKey(path: path, key: key)) }
        let known = allKeys
        for key in dict.keys.sorted() where !known.contains(key) {
            throw .unknownKey(path: path, key: key, suggestion: nearest(key, in: known))
        }
        guard let schemaValue = dict["schema"] else { throw .missingKey(path: path, key: "schema") }
        guard let schema = schemaValue as? String else { throw .badValue(path: path, key: "schema", expected: "a string", found: describe(schemaValue)) }
        guard schema == ParameterSet.schema else { throw .wrongSchema(path: path, found: schema) }
        guard let ruleValue = dict["rule"] else { throw .missingKey(path: path, key: "rule") }
        guard let ruleName = ruleValue as? String, let family = RuleFamily(rawValue: ruleName) else {
            throw .badValue(path: path, key: "rule", expected: RuleFamily.allCases.map(\.rawValue).joined(separator: ", "), found: describe(ruleValue))
        }
        let own = ruleKeys(family)
        for key in dict.keys.sorted() where !commonKeys.contains(key) && !own.contains(key) {
            throw .keyNotForRule(path: path, key: key, rule: ruleName)
        }
        func number(_ key: String, infinityAllowed: Bool = false, from d: [String: Any] = dict, label: String? = nil) throws(ParameterError) -> Double? {
            guard let value = d[key] else { return nil }
            let label = label ?? key
            if let s = value as? String, infinityAllowed, RuleParameterSpec.infinityTexts.contains(s.lowercased()) {
                return .infinity
            }
            // JSONSerialization hands numbers over as NSDecimalNumber, whose doubleValue is not
            // correctly rounded; its decimal text is exact, so the double is parsed from it.
            guard let n = value as? NSNumber, !isBoolean(n), let x = Double(n.stringValue) ?? Optional(n.doubleValue), x.isFinite else {
                throw .badValue(path: path, key: label, expected: infinityAllowed ? "a number or \"inf\"" : "a finite number", found: describe(value))
            }
            if let b = settingBounds[key], x < b.low || (b.lowOpen && x == b.low) || x > b.high {
                let expected = b.high.isFinite
                    ? "a number from \(RuleParameterSpec.plain(b.low)) to \(RuleParameterSpec.plain(b.high))"
                    : b.lowOpen ? "a number greater than \(RuleParameterSpec.plain(b.low))" : "a number of \(RuleParameterSpec.plain(b.low)) or more"
                throw .badValue(path: path, key: label, expected: expected, found: describe(value))
            }
            return x
        }
        let rule = try Rule(family: family) { (spec) throws(ParameterError) -> Double in
            guard let v = try number(spec.key, infinityAllowed: spec.infinityAllowed) else { throw .missingKey(path: path, key: spec.key) }
            guard spec.allows(v) else { throw .badValue(path: path, key: spec.key, expected: spec.expected, found: describe(dict[spec.key]!)) }
            return v
        }
        var set = ParameterSet(rule: rule)
        set.fixesDirection = dict["direction"] != nil
        if let value = dict["direction"] {
            guard let s = value as? String, let direction = Direction(rawValue: s) else {
                throw .badValue(path: path, key: "direction", expected: "right, left, down or up", found: describe(value))
            }
            set.direction = direction
        }
        if let value = dict["preset"] {
            guard let s = value as? String else { throw .badValue(path: path, key: "preset", expected: "a string", found: describe(value)) }
            set.preset = s
        }
        set.extent = try number("extent")
        if let value = dict["estimator"] {
            guard let s = value as? String, let estimator = Estimator(rawValue: s) else {
                throw .badValue(path: path, key: "estimator", expected: Estimator.allCases.map(\.rawValue).joined(separator: ", "), found: describe(value))
            }
            set.estimator = estimator
        }
        set.horizon = try number("horizon")
        if let n = try number("maxSamples") {
            guard n == n.rounded(), n <= Double(Int32.max) else {
                throw .badValue(path: path, key: "maxSamples", expected: "a whole number of 1 or more", found: describe(dict["maxSamples"]!))
            }
            set.maxSamples = Int(n)
        }
        set.maxGap = try number("maxGap")
        set.completionSpeed = try number("completionSpeed")
        set.transitionDuration = try number("transitionDuration")
        set.fingerSpeedCap = try number("fingerSpeedCap")
        set.edgeWidth = try number("edgeWidth")
        set.directionLockAngle = try number("directionLockAngle")
        if let value = dict["spring"] {
            guard let s = value as? [String: Any] else { throw .notAnObject(path: path, key: "spring") }
            for key in s.keys.sorted() where key != "dampingRatio" && key != "response" {
                throw .unknownKey(path: path, key: "spring.\(key)", suggestion: nearest(key, in: ["dampingRatio", "response"]).map { "spring.\($0)" })
            }
            guard let zeta = try number("dampingRatio", from: s, label: "spring.dampingRatio") else { throw .missingKey(path: path, key: "spring.dampingRatio") }
            guard let response = try number("response", from: s, label: "spring.response") else { throw .missingKey(path: path, key: "spring.response") }
            set.spring = SpringSetting(dampingRatio: zeta, response: response)
        }
        return set
    }

    /// The JSON text, keys in a fixed order (see the type's table), one per line.
    public func encoded() throws(ParameterError) -> String {
        var fields: [(String, String)] = [("schema", quote(ParameterSet.schema))]
        if let preset { fields.append(("preset", quote(preset))) }
        fields.append(("rule", quote(rule.family.rawValue)))
        fields.append(("direction", quote(direction.rawValue)))
        for p in rule.parameters { fields.append((p.key, try format(p.value, p.key))) }
        if let extent { fields.append(("extent", try format(extent, "extent"))) }
        if let estimator { fields.append(("estimator", quote(estimator.rawValue))) }
        if let horizon { fields.append(("horizon", try format(horizon, "horizon"))) }
        if let maxSamples { fields.append(("maxSamples", "\(maxSamples)")) }
        if let maxGap { fields.append(("maxGap", try format(maxGap, "maxGap"))) }
        let optional: [(String, Double?)] = [
            ("completionSpeed", completionSpeed), ("transitionDuration", transitionDuration), ("fingerSpeedCap", fingerSpeedCap),
        ]
        for (key, value) in optional { if let value { fields.append((key, try format(value, key))) } }
        if let spring {
            fields.append(("spring", "{\"dampingRatio\": \(try format(spring.dampingRatio, "spring.dampingRatio")), \"response\": \(try format(spring.response, "spring.response"))}"))
        }
        if let edgeWidth { fields.append(("edgeWidth", try format(edgeWidth, "edgeWidth"))) }
        if let directionLockAngle { fields.append(("directionLockAngle", try format(directionLockAngle, "directionLockAngle"))) }
        return "{\n" + fields.map { "  \(quote($0.0)): \($0.1)" }.joined(separator: ",\n") + "\n}\n"
    }

    private func format(_ x: Double, _ key: String) throws(ParameterError) -> String {
        if x.isNaN { throw .unwritable(key: key) }
        if x == .infinity { return quote(RuleParameterSpec.infinityText) }
        if x == -.infinity { return quote(RuleParameterSpec.negativeInfinityText) }
        // Swift's shortest round-trip form: "0.42", "390.0", "1e-05": all valid JSON numbers.
        return "\(x)"
    }
}

/// Lines of a parameter file's text, for error locations.
enum JSONLines {
    /// The 1-based line of the key `error` is about: the first `"key"` followed by `:` (for
    /// `spring.x`, the first `"x":` after `"spring":`). nil for errors about no key or a
    /// missing key.
    static func line(of error: ParameterError, in data: Data) -> Int? {
        let key: String
        switch error {
        case .unknownKey(_, let k, _), .keyNotForRule(_, let k, _), .badValue(_, let k, _, _): key = k
        case .notAnObject(_, let k?): key = k
        case .wrongSchema: key = "schema"
        default: return nil
        }
        let bytes = [UInt8](data)
        var start = 0
        var name = key
        if key.hasPrefix("spring."), let spring = keyOffset("spring", in: bytes, from: 0) {
            start = spring + 1
            name = String(key.dropFirst("spring.".count))
        }
        return keyOffset(name, in: bytes, from: start).map { lineNumber(at: $0, in: bytes) }
    }

    /// The line of JSONSerialization's "… around character N" (N counted from 0 in the UTF-8
    /// bytes), or the last line for "Unexpected end of file".
    static func line(debugDescription: String?, in data: Data) -> Int? {
        guard let debug = debugDescription else { return nil }
        let bytes = [UInt8](data)
        if let range = debug.range(of: "around character ") {
            let digits = debug[range.upperBound...].prefix { $0.isNumber }
            guard let offset = Int(digits) else { return nil }
            return lineNumber(at: min(offset, bytes.count), in: bytes)
        }
        if debug.lowercased().contains("end of file") {
            var end = bytes.count
            while end > 0, [0x0A, 0x0D, 0x20, 0x09].contains(bytes[end - 1]) { end -= 1 }
            return lineNumber(at: end, in: bytes)
        }
        return nil
    }

    /// The 1-based column (in bytes) of JSONSerialization's "… around character N".
    static func column(debugDescription: String?, in data: Data) -> Int? {
        guard let debug = debugDescription, let range = debug.range(of: "around character "),
            let offset = Int(debug[range.upperBound...].prefix { $0.isNumber })
        else { return nil }
        let bytes = [UInt8](data)
        let end = min(offset, bytes.count)
        let lineStart = bytes[..<end].lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
        return end - lineStart + 1
    }

    /// The first key given twice in one object (top level `key`, or `spring.key`), with the
    /// 1-based line of its second occurrence. `data` is valid JSON (parsed before).
    static func duplicateKey(in data: Data) -> (key: String, line: Int)? {
        let bytes = [UInt8](data)
        // Per open container: nil for an array, else the keys seen and the object's own key.
        var stack: [(keys: Set<String>, name: String?)?] = []
        var pendingKey: String?
        var lastString: (text: String, offset: Int)?
        var i = 0
        while i < bytes.count {
            let b = bytes[i]
            switch b {
            case UInt8(ascii: "\""):
                let start = i
                var text: [UInt8] = []
                i += 1
                while i < bytes.count, bytes[i] != UInt8(ascii: "\"") {
                    if bytes[i] == UInt8(ascii: "\\"), i + 1 < bytes.count { text.append(bytes[i]); i += 1 }
                    text.append(bytes[i])
                    i += 1
                }
                lastString = (String(decoding: text, as: UTF8.self), start)
            case UInt8(ascii: ":"):
                if let (key, offset) = lastString, let top = stack.last, var object = top {
                    if object.keys.contains(key) {
                        let path = stack.compactMap { $0?.name }.joined(separator: ".")
                        return (path.isEmpty ? key : path + "." + key, lineNumber(at: offset, in: bytes))
                    }
                    object.keys.insert(key)
                    stack[stack.count - 1] = object
                    pendingKey = key
                }
                lastString = nil
            case UInt8(ascii: "{"):
                stack.append((keys: [], name: stack.isEmpty ? nil : pendingKey))
                pendingKey = nil
                lastString = nil
            case UInt8(ascii: "["):
                stack.append(nil)
                pendingKey = nil
                lastString = nil
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                if !stack.isEmpty { stack.removeLast() }
                lastString = nil
            case UInt8(ascii: ","):
                pendingKey = nil
                lastString = nil
            default: break
            }
            i += 1
        }
        return nil
    }

    /// The offset of the first `"name"` followed by optional whitespace and `:`, at or after `from`.
    static func keyOffset(_ name: String, in bytes: [UInt8], from: Int) -> Int? {
        let needle = Array("\"\(name)\"".utf8)
        guard bytes.count >= needle.count, from <= bytes.count - needle.count else { return nil }
        var i = from
        while i <= bytes.count - needle.count {
            if bytes[i] == needle[0], Array(bytes[i..<(i + needle.count)]) == needle {
                var j = i + needle.count
                while j < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[j]) { j += 1 }
                if j < bytes.count, bytes[j] == UInt8(ascii: ":") { return i }
            }
            i += 1
        }
        return nil
    }

    /// 1 + the number of newlines before `offset`.
    static func lineNumber(at offset: Int, in bytes: [UInt8]) -> Int {
        1 + bytes[..<min(offset, bytes.count)].filter { $0 == 0x0A }.count
    }
}

private func quote(_ s: String) -> String {
    var out = "\""
    for scalar in s.unicodeScalars {
        switch scalar {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case "\n": out += "\\n"
        case "\t": out += "\\t"
        case "\r": out += "\\r"
        default:
            if scalar.value < 0x20 { out += String(format: "\\u%04x", scalar.value) } else { out.unicodeScalars.append(scalar) }
        }
    }
    return out + "\""
}

private func describe(_ value: Any) -> String {
    if let s = value as? String { return "\"\(s)\"" }
    if value is NSNull { return "null" }
    if let n = value as? NSNumber { return isBoolean(n) ? (n.boolValue ? "true" : "false") : n.stringValue }
    if value is [Any] { return "an array" }
    if value is [String: Any] { return "an object" }
    return "\(value)"
}

/// JSON `true`/`false` arrive as a boolean NSNumber subclass (`__NSCFBoolean`), never as a
/// plain NSNumber: told apart by class name, since `is Bool` also matches the number 1.
private func isBoolean(_ n: NSNumber) -> Bool {
    "\(type(of: n))".contains("Boolean")
}
