import Foundation
import GesturePhysics

extension ParameterSet {
    static let commonKeys = [
        "schema", "preset", "rule", "direction", "extent", "completionSpeed", "transitionDuration",
        "fingerSpeedCap", "spring", "edgeWidth", "directionLockAngle",
    ]
    static let ruleKeys: [RuleFamily: [String]] = [
        .threshold: ["progressThreshold", "velocityThreshold"],
        .forward: ["progressThreshold", "velocityThreshold"],
        .projection: ["progressThreshold", "tau"],
        .kinematic: ["distanceThreshold", "kinematicDuration"],
        .logistic: ["intercept", "progressCoefficient", "velocityCoefficient"],
    ]
    static var allKeys: [String] {
        var keys = commonKeys
        for family in RuleFamily.allCases { for k in ruleKeys[family]! where !keys.contains(k) { keys.append(k) } }
        return keys
    }

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
        let own = ruleKeys[family]!
        for key in dict.keys.sorted() where !commonKeys.contains(key) && !own.contains(key) {
            throw .keyNotForRule(path: path, key: key, rule: ruleName)
        }
        func number(_ key: String, infinityAllowed: Bool = false, from d: [String: Any] = dict) throws(ParameterError) -> Double? {
            guard let value = d[key] else { return nil }
            if let s = value as? String, infinityAllowed, ["inf", "+inf", "infinity", "+infinity"].contains(s.lowercased()) {
                return .infinity
            }
            // JSONSerialization hands numbers over as NSDecimalNumber, whose doubleValue is not
            // correctly rounded; its decimal text is exact, so the double is parsed from it.
            guard let n = value as? NSNumber, !isBoolean(n), let x = Double(n.stringValue) ?? Optional(n.doubleValue), x.isFinite else {
                throw .badValue(path: path, key: key, expected: infinityAllowed ? "a number or \"inf\"" : "a finite number", found: describe(value))
            }
            return x
        }
        func required(_ key: String, infinityAllowed: Bool = false) throws(ParameterError) -> Double {
            guard let v = try number(key, infinityAllowed: infinityAllowed) else { throw .missingKey(path: path, key: key) }
            return v
        }
        let rule: Rule
        switch family {
        case .threshold: rule = .threshold(progress: try required("progressThreshold"), velocity: try required("velocityThreshold", infinityAllowed: true))
        case .forward: rule = .forward(progress: try required("progressThreshold"), velocity: try required("velocityThreshold", infinityAllowed: true))
        case .projection: rule = .projection(progress: try required("progressThreshold"), tau: try required("tau"))
        case .kinematic: rule = .kinematic(distance: try required("distanceThreshold"), duration: try required("kinematicDuration"))
        case .logistic: rule = .logistic(b0: try required("intercept"), b1: try required("progressCoefficient"), b2: try required("velocityCoefficient"))
        }
        var set = ParameterSet(rule: rule)
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
            guard let zeta = try number("dampingRatio", from: s) else { throw .missingKey(path: path, key: "spring.dampingRatio") }
            guard let response = try number("response", from: s) else { throw .missingKey(path: path, key: "spring.response") }
            set.spring = Spring(dampingRatio: zeta, response: response)
        }
        return set
    }

    /// The JSON text, keys in a fixed order (see the type's table), one per line.
    public func encoded() throws(ParameterError) -> String {
        var fields: [(String, String)] = [("schema", quote(ParameterSet.schema))]
        if let preset { fields.append(("preset", quote(preset))) }
        fields.append(("rule", quote(rule.family.rawValue)))
        fields.append(("direction", quote(direction.rawValue)))
        switch rule {
        case .threshold(let p, let v), .forward(let p, let v):
            fields.append(("progressThreshold", try format(p, "progressThreshold")))
            fields.append(("velocityThreshold", try format(v, "velocityThreshold")))
        case .projection(let p, let tau):
            fields.append(("progressThreshold", try format(p, "progressThreshold")))
            fields.append(("tau", try format(tau, "tau")))
        case .kinematic(let d, let duration):
            fields.append(("distanceThreshold", try format(d, "distanceThreshold")))
            fields.append(("kinematicDuration", try format(duration, "kinematicDuration")))
        case .logistic(let b0, let b1, let b2):
            fields.append(("intercept", try format(b0, "intercept")))
            fields.append(("progressCoefficient", try format(b1, "progressCoefficient")))
            fields.append(("velocityCoefficient", try format(b2, "velocityCoefficient")))
        }
        let optional: [(String, Double?)] = [
            ("extent", extent), ("completionSpeed", completionSpeed), ("transitionDuration", transitionDuration),
            ("fingerSpeedCap", fingerSpeedCap),
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
        if x == .infinity { return "\"inf\"" }
        if x == -.infinity { return "\"-inf\"" }
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
