import Foundation
import GesturePhysics
import GestureTuning

/// The parameters `batch` evaluates: a `params.json` file (cli-and-reports.md, "Parameter
/// files", read by GestureTuning's `ParameterSet`) or one of the presets of physics.md,
/// whose pt/s thresholds follow each gesture's own extent (`ParameterSet.decider`).
struct DecisionParameters: Sendable, Equatable {
    enum Source: Sendable, Equatable {
        case file(String)
        case preset(String)
    }

    var source: Source
    /// The whole setting: rule, direction, extent, estimator and window.
    var set: ParameterSet

    /// What decides each gesture.
    var decider: Decider { self.set.decider }

    /// The rule for a container of `extent` pt.
    func rule(forExtent extent: Double) -> Rule { decider.rule(forExtent: extent) }

    /// The file's `direction` and `extent` (pt); nil direction for a preset.
    var direction: Direction? {
        if case .file = source { return self.set.direction }
        return nil
    }
    var extent: Double? { self.set.extent }

    /// A short name for summaries: the preset's name or the file's path.
    var name: String {
        switch source {
        case .file(let path): path
        case .preset(let name): name
        }
    }

    /// Resolves `--params`: a preset name (unless a file of that name exists), else a file.
    /// A missing file or unknown name is `missingInput` (66), a malformed file `badInput` (65).
    static func load(_ argument: String) throws(CLIError) -> DecisionParameters {
        do {
            let set = try ParameterSet.load(pathOrPresetName: argument)
            let isPreset = if case .preset = set.ruleSetting { true } else { false }
            return DecisionParameters(
                source: isPreset ? .preset(argument) : .file(argument), set: set)
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
        case .located(let line, _):
            return .badInput(file: argument, line: line, message: error.message)
        default: return .badInput(file: argument, line: 0, message: message)
        }
    }

    /// The rule family and its numbers, with the parameter file's key names
    /// (`RuleFamily.parameterSpecs`); no numbers for a preset, whose rule depends on the extent.
    var ruleDescription: (family: String, values: [String: Double]) {
        switch decider {
        case .preset(let preset): return (preset.family.rawValue, [:])
        case .rule(let rule):
            var values: [String: Double] = [:]
            for p in rule.parameters { values[p.key] = p.value }
            return (rule.family.rawValue, values)
        }
    }
}
