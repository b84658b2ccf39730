import Foundation
import GestureIO
import GesturePhysics

extension ParameterSet {
    static let commonKeys = [
        "schema", "preset", "rule", "direction", "extent", "estimator", "horizon", "maxSamples",
        "maxGap",
        "completionSpeed", "transitionDuration", "fingerSpeedCap", "spring", "gate", "edgeWidth",
        "directionLockAngle", "expectedError",
    ]
    /// The keys of the `gate` object.
    static let gateKeys = ["edgeWidth", "lockAngle", "slop"]
    /// Each family's keys: `RuleFamily.parameterSpecs`, the one table of rule parameters.
    static func ruleKeys(_ family: RuleFamily) -> [String] { family.parameterSpecs.map(\.key) }
    static var allKeys: [String] {
        var keys = commonKeys
        for family in RuleFamily.allCases {
            for k in ruleKeys(family) where !keys.contains(k) { keys.append(k) }
        }
        return keys
    }

    /// Bounds of the setting keys (inclusive unless `open`): what the command-line options accept.
    static let settingBounds: [String: (low: Double, high: Double, lowOpen: Bool)] = [
        "extent": (0, .infinity, true), "horizon": (0, .infinity, true),
        "maxGap": (0, .infinity, true),
        "maxSamples": (1, .infinity, false),
        "completionSpeed": (0, .infinity, true), "transitionDuration": (0, .infinity, true),
        "fingerSpeedCap": (0, .infinity, false), "edgeWidth": (0, .infinity, false),
        "directionLockAngle": (0, 180, false), "dampingRatio": (0, .infinity, true),
        "response": (0, .infinity, true), "lockAngle": (0, 180, false),
        "slop": (0, .infinity, false), "expectedError": (0, 1, false),
    ]

    /// Parses a parameter file's bytes (`JSONValue`, strict JSON), key by key, so an unknown
    /// key is reported by name rather than ignored. Errors about a key, and invalid JSON, come
    /// `.located(line:_)`: `path:line: key "x": expected …, found …`, the line of the key
    /// or of where the JSON stops parsing.
    public static func decode(_ data: Data, path: String = "params.json") throws(ParameterError)
        -> ParameterSet
    {
        let root: JSONValue
        do { root = try JSONValue.parse(data) } catch {
            if case .duplicateKey(let key, let at) = error {
                throw .located(line: at.line, .duplicateKey(path: path, key: key))
            }
            let reason = error.description
            throw .located(line: error.location.line, .notJSON(path: path, reason: reason))
        }
        guard let members = root.members else { throw .notAnObject(path: path, key: nil) }
        return try decode(members, path: path)
    }

    private static func decode(
        _ members: [JSONMember], path: String
    ) throws(ParameterError) -> ParameterSet {
        let dict = Dictionary(members.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        /// `error` at the line of `key` (`spring.response`: of `response` inside `spring`).
        func at(_ key: String, _ error: ParameterError) -> ParameterError {
            var member = dict[key]
            for object in ["spring", "gate"] where key.hasPrefix(object + ".") {
                if let inner = dict[object]?.value.members {
                    member = inner.first { object + "." + $0.key == key }
                }
            }
            return member.map { .located(line: $0.keyLocation.line, error) } ?? error
        }
        func badValue(_ key: String, _ expected: String, _ found: JSONValue) -> ParameterError {
            at(key, .badValue(path: path, key: key, expected: expected, found: found.summary))
        }
        let known = allKeys
        for key in dict.keys.sorted() where !known.contains(key) {
            throw at(key, .unknownKey(path: path, key: key, suggestion: nearest(key, in: known)))
        }
        guard let schemaValue = dict["schema"]?.value else {
            throw .missingKey(path: path, key: "schema")
        }
        guard let schema = schemaValue.string else {
            throw badValue("schema", "a string", schemaValue)
        }
        guard schema == ParameterSet.schema else {
            throw at("schema", .wrongSchema(path: path, found: schema))
        }
        guard let ruleValue = dict["rule"]?.value else {
            throw .missingKey(path: path, key: "rule")
        }
        guard let ruleName = ruleValue.string, let family = RuleFamily(rawValue: ruleName) else {
            let families = RuleFamily.allCases.map(\.rawValue).joined(separator: ", ")
            throw badValue("rule", families, ruleValue)
        }
        let own = ruleKeys(family)
        for key in dict.keys.sorted() where !commonKeys.contains(key) && !own.contains(key) {
            throw at(key, .keyNotForRule(path: path, key: key, rule: ruleName))
        }
        func number(
            _ key: String, infinityAllowed: Bool = false, from d: [String: JSONMember] = dict,
            label: String? = nil
        ) throws(ParameterError) -> Double? {
            guard let value = d[key]?.value else { return nil }
            let label = label ?? key
            if let s = value.string, infinityAllowed,
                RuleParameterSpec.infinityTexts.contains(s.lowercased())
            {
                return .infinity
            }
            guard let x = value.number else {
                let expected = infinityAllowed ? "a number or \"inf\"" : "a finite number"
                throw badValue(label, expected, value)
            }
            if let b = settingBounds[key], x < b.low || (b.lowOpen && x == b.low) || x > b.high {
                let expected =
                    b.high.isFinite
                    ? "a number from \(RuleParameterSpec.plain(b.low)) to \(RuleParameterSpec.plain(b.high))"
                    : b.lowOpen
                        ? "a number greater than \(RuleParameterSpec.plain(b.low))"
                        : "a number of \(RuleParameterSpec.plain(b.low)) or more"
                throw badValue(label, expected, value)
            }
            return x
        }
        let rule = try Rule(family: family) { (spec) throws(ParameterError) -> Double in
            guard let v = try number(spec.key, infinityAllowed: spec.infinityAllowed) else {
                throw .missingKey(path: path, key: spec.key)
            }
            guard spec.allows(v) else {
                throw badValue(spec.key, spec.expected, dict[spec.key]!.value)
            }
            return v
        }
        var set = ParameterSet(rule: rule)
        set.directionSetting = .shown(.right)
        if let value = dict["direction"]?.value {
            guard let s = value.string, let direction = Direction(rawValue: s) else {
                throw badValue("direction", "right, left, down or up", value)
            }
            set.directionSetting = .fixed(direction)
        }
        if let value = dict["preset"]?.value {
            guard let s = value.string else { throw badValue("preset", "a string", value) }
            set.ruleSetting = .fixed(rule, preset: s)
        }
        set.extent = try number("extent")
        if let value = dict["estimator"]?.value {
            guard let s = value.string, let estimator = Estimator(rawValue: s) else {
                let names = Estimator.allCases.map(\.rawValue).joined(separator: ", ")
                throw badValue("estimator", names, value)
            }
            set.estimator = estimator
        }
        set.horizon = try number("horizon")
        if let n = try number("maxSamples") {
            guard n == n.rounded(), n <= Double(Int32.max) else {
                let value = dict["maxSamples"]!.value
                throw badValue("maxSamples", "a whole number of 1 or more", value)
            }
            set.maxSamples = Int(n)
        }
        set.maxGap = try number("maxGap")
        set.completionSpeed = try number("completionSpeed")
        set.transitionDuration = try number("transitionDuration")
        set.fingerSpeedCap = try number("fingerSpeedCap")
        set.edgeWidth = try number("edgeWidth")
        set.directionLockAngle = try number("directionLockAngle")
        set.expectedError = try number("expectedError")
        if let value = dict["gate"]?.value {
            guard let members = value.members else {
                throw at("gate", .notAnObject(path: path, key: "gate"))
            }
            let g = Dictionary(members.map { ($0.key, $0) }, uniquingKeysWith: { a, _ in a })
            for key in g.keys.sorted() where !gateKeys.contains(key) {
                let suggestion = nearest(key, in: gateKeys).map { "gate.\($0)" }
                throw at(
                    "gate.\(key)",
                    .unknownKey(path: path, key: "gate.\(key)", suggestion: suggestion))
            }
            // The older top-level keys say the same: one of the two forms per setting.
            for (old, new) in [("edgeWidth", "edgeWidth"), ("directionLockAngle", "lockAngle")]
            where dict[old] != nil && g[new] != nil {
                throw badValue(old, "no \(old) beside gate.\(new) (give it once)", dict[old]!.value)
            }
            if let w = try number("edgeWidth", from: g, label: "gate.edgeWidth") {
                set.edgeWidth = w
            }
            if let a = try number("lockAngle", from: g, label: "gate.lockAngle") {
                set.directionLockAngle = a
            }
            set.slop = try number("slop", from: g, label: "gate.slop")
        }
        if let value = dict["spring"]?.value {
            guard let members = value.members else {
                throw at("spring", .notAnObject(path: path, key: "spring"))
            }
            let s = Dictionary(members.map { ($0.key, $0) }, uniquingKeysWith: { a, _ in a })
            for key in s.keys.sorted() where key != "dampingRatio" && key != "response" {
                let suggestion = nearest(key, in: ["dampingRatio", "response"])
                    .map { "spring.\($0)" }
                let error = ParameterError.unknownKey(
                    path: path, key: "spring.\(key)", suggestion: suggestion)
                throw at("spring.\(key)", error)
            }
            guard let zeta = try number("dampingRatio", from: s, label: "spring.dampingRatio")
            else {
                throw .missingKey(path: path, key: "spring.dampingRatio")
            }
            guard let response = try number("response", from: s, label: "spring.response") else {
                throw .missingKey(path: path, key: "spring.response")
            }
            set.spring = SpringSetting(dampingRatio: zeta, response: response)
        }
        return set
    }

    /// The JSON text, keys in a fixed order (see the type's table), one per line.
    public func encoded() throws(ParameterError) -> String {
        var fields: [(String, String)] = [("schema", JSONText.quoted(ParameterSet.schema))]
        if let preset { fields.append(("preset", JSONText.quoted(preset))) }
        fields.append(("rule", JSONText.quoted(rule.family.rawValue)))
        fields.append(("direction", JSONText.quoted(direction.rawValue)))
        for p in rule.parameters { fields.append((p.key, try format(p.value, p.key))) }
        if let extent { fields.append(("extent", try format(extent, "extent"))) }
        if let estimator { fields.append(("estimator", JSONText.quoted(estimator.rawValue))) }
        if let horizon { fields.append(("horizon", try format(horizon, "horizon"))) }
        if let maxSamples { fields.append(("maxSamples", "\(maxSamples)")) }
        if let maxGap { fields.append(("maxGap", try format(maxGap, "maxGap"))) }
        let optional: [(String, Double?)] = [
            ("completionSpeed", completionSpeed), ("transitionDuration", transitionDuration),
            ("fingerSpeedCap", fingerSpeedCap),
        ]
        for (key, value) in optional {
            if let value { fields.append((key, try format(value, key))) }
        }
        if let spring {
            fields.append(
                (
                    "spring",
                    "{\"dampingRatio\": \(try format(spring.dampingRatio, "spring.dampingRatio")), \"response\": \(try format(spring.response, "spring.response"))}"
                ))
        }
        let gate: [(String, Double?)] = [
            ("edgeWidth", edgeWidth), ("lockAngle", directionLockAngle), ("slop", slop),
        ]
        var gateFields: [String] = []
        for case (let key, let value?) in gate {
            gateFields.append("\(JSONText.quoted(key)): \(try format(value, "gate.\(key)"))")
        }
        if !gateFields.isEmpty {
            fields.append(("gate", "{" + gateFields.joined(separator: ", ") + "}"))
        }
        if let expectedError {
            fields.append(("expectedError", try format(expectedError, "expectedError")))
        }
        return "{\n" + fields.map { "  \(JSONText.quoted($0.0)): \($0.1)" }.joined(separator: ",\n")
            + "\n}\n"
    }

    private func format(_ x: Double, _ key: String) throws(ParameterError) -> String {
        if x.isNaN { throw .unwritable(key: key) }
        if x == .infinity { return JSONText.quoted(RuleParameterSpec.infinityText) }
        if x == -.infinity { return JSONText.quoted(RuleParameterSpec.negativeInfinityText) }
        // Swift's shortest round-trip form: "0.42", "390.0", "1e-05": all valid JSON numbers.
        return "\(x)"
    }
}
