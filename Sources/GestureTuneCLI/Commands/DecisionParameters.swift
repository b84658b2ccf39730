import Foundation
import GesturePhysics

/// The parameters `batch` evaluates: a `params.json` file (cli-and-reports.md, "Parameter
/// files") or one of the presets of physics.md, decided per gesture with its extent.
public struct DecisionParameters: Sendable, Equatable {
    public enum Source: Sendable, Equatable {
        case file(String)
        case preset(String)
    }

    public var source: Source
    /// The file's rule (velocities in progress/s); nil for a preset, whose rule depends on the extent.
    public var fileRule: Rule?
    /// The file's `direction` and `extent` (pt), used unless given on the command line.
    public var direction: Direction?
    public var extent: Double?

    /// The rule for a container of `extent` pt.
    public func rule(forExtent extent: Double) -> Rule {
        switch source {
        case .file: return fileRule!
        case .preset(let name): return Preset.named(name)!.rule(extent: extent)
        }
    }

    /// A short name for summaries: the preset's name or the file's path.
    public var name: String {
        switch source {
        case .file(let path): path
        case .preset(let name): name
        }
    }

    /// Resolves `--params`: a preset name (unless a file of that name exists), else a file.
    public static func load(_ argument: String) throws(CLIError) -> DecisionParameters {
        if Preset.named(argument) != nil, !FileManager.default.fileExists(atPath: argument) {
            return DecisionParameters(source: .preset(argument))
        }
        guard FileManager.default.fileExists(atPath: argument) else {
            var reason = "no such parameter file or preset"
            if let s = Suggestion.nearest(to: argument, in: Preset.all.map(\.name)) { reason += "; did you mean preset '\(s)'?" }
            throw .missingInput(path: argument, reason: reason)
        }
        guard let data = FileManager.default.contents(atPath: argument) else {
            throw .missingInput(path: argument, reason: "cannot read the parameter file")
        }
        return try parse(data, file: argument)
    }

    static let knownKeys = [
        "schema", "rule", "direction", "progressThreshold", "velocityThreshold", "tau", "distance", "duration",
        "b0", "b1", "b2", "extent", "completionSpeed", "spring", "edgeWidth",
    ]

    // LEAD: switch to GestureTuning's ParameterSet once it lands; this minimal reader only
    // takes what a decision needs and rejects unknown keys as the design requires.
    static func parse(_ data: Data, file: String) throws(CLIError) -> DecisionParameters {
        func bad(_ message: String) -> CLIError { .badInput(file: file, line: 0, message: message) }
        let object: Any
        do { object = try JSONSerialization.jsonObject(with: data) } catch {
            throw bad("not valid JSON")
        }
        guard let dict = object as? [String: Any] else { throw bad("expected a JSON object") }
        for key in dict.keys.sorted() where !knownKeys.contains(key) {
            var message = "unknown key \"\(key)\""
            if let s = Suggestion.nearest(to: key, in: knownKeys) { message += "; did you mean \"\(s)\"?" }
            throw bad(message)
        }
        guard dict["schema"] as? String == "gesturetune.params/1" else {
            throw bad("expected \"schema\": \"gesturetune.params/1\"")
        }
        func number(_ key: String) throws(CLIError) -> Double {
            guard let value = dict[key] else { throw bad("missing key \"\(key)\"") }
            guard let n = value as? NSNumber, !(value is Bool), n.doubleValue.isFinite else {
                throw bad("key \"\(key)\": expected a number")
            }
            return n.doubleValue
        }
        guard let ruleName = dict["rule"] as? String, let family = RuleFamily(rawValue: ruleName) else {
            throw bad("key \"rule\": expected one of \(RuleFamily.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        let rule: Rule
        switch family {
        case .threshold: rule = .threshold(progress: try number("progressThreshold"), velocity: try number("velocityThreshold"))
        case .forward: rule = .forward(progress: try number("progressThreshold"), velocity: try number("velocityThreshold"))
        case .projection: rule = .projection(progress: try number("progressThreshold"), tau: try number("tau"))
        case .kinematic: rule = .kinematic(distance: try number("distance"), duration: try number("duration"))
        case .logistic: rule = .logistic(b0: try number("b0"), b1: try number("b1"), b2: try number("b2"))
        }
        var parameters = DecisionParameters(source: .file(file), fileRule: rule)
        if let d = dict["direction"] {
            guard let text = d as? String, let direction = Direction(rawValue: text) else {
                throw bad("key \"direction\": expected one of right, left, down, up")
            }
            parameters.direction = direction
        }
        if dict["extent"] != nil {
            let e = try number("extent")
            guard e > 0 else { throw bad("key \"extent\": must be greater than 0") }
            parameters.extent = e
        }
        return parameters
    }

    /// The rule family and its numbers, for summaries and the JSON.
    public var ruleDescription: (family: String, values: [String: Double]) {
        switch source {
        case .preset(let name):
            return (Preset.named(name)!.family.rawValue, [:])
        case .file:
            switch fileRule! {
            case .threshold(let p, let v), .forward(let p, let v):
                return (fileRule!.family.rawValue, ["progressThreshold": p, "velocityThreshold": v])
            case .projection(let p, let tau):
                return ("projection", ["progressThreshold": p, "tau": tau])
            case .kinematic(let d, let duration):
                return ("kinematic", ["distance": d, "duration": duration])
            case .logistic(let b0, let b1, let b2):
                return ("logistic", ["b0": b0, "b1": b1, "b2": b2])
            }
        }
    }
}
