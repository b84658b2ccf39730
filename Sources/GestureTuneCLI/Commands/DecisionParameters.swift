import Foundation
import GesturePhysics
import GestureTuning

/// The parameters `batch` evaluates: a `params.json` file (cli-and-reports.md, "Parameter
/// files", read by GestureTuning's `ParameterSet`) or one of the presets of physics.md,
/// whose pt/s thresholds follow each gesture's own extent.
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
    /// A missing file or unknown name is `missingInput` (66), a malformed file `badInput` (65).
    public static func load(_ argument: String) throws(CLIError) -> DecisionParameters {
        if Preset.named(argument) != nil, !FileManager.default.fileExists(atPath: argument) {
            return DecisionParameters(source: .preset(argument))
        }
        do {
            let set = try ParameterSet.load(pathOrPresetName: argument)
            return DecisionParameters(source: .file(argument), fileRule: set.rule, direction: set.direction, extent: set.extent)
        } catch {
            throw cliError(error, argument: argument)
        }
    }

    static func cliError(_ error: ParameterError, argument: String) -> CLIError {
        let text = error.description
        let prefix = argument + ": "
        let message = text.hasPrefix(prefix) ? String(text.dropFirst(prefix.count)) : text
        switch error {
        case .unreadable(let path, let reason): return .missingInput(path: path, reason: reason)
        case .unknownPreset: return .missingInput(path: argument, reason: message)
        case .located(let line, _): return .badInput(file: argument, line: line, message: error.message)
        default: return .badInput(file: argument, line: 0, message: message)
        }
    }

    /// The rule family and its numbers, with the parameter file's key names.
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
                return ("kinematic", ["distanceThreshold": d, "kinematicDuration": duration])
            case .logistic(let b0, let b1, let b2):
                return ("logistic", ["intercept": b0, "progressCoefficient": b1, "velocityCoefficient": b2])
            }
        }
    }
}
