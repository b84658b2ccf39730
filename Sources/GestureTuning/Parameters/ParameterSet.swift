import Foundation
import GestureIO
import GesturePhysics

/// A parameter set: the decision rule and the animation and edge settings of a transition,
/// as written to and read from `params.json` (cli-and-reports.md, "Parameter files").
///
/// File format (`"schema": "gesturetune.params/1"`), keys in the order written:
///
/// | key | when | meaning |
/// |---|---|---|
/// | `schema` | always | `"gesturetune.params/1"` |
/// | `preset` | optional | the preset the set came from (informational) |
/// | `rule` | always | `threshold`, `forward`, `projection`, `kinematic`, `logistic` |
/// | `direction` | optional | `right` (default), `left`, `down`, `up` |
/// | `progressThreshold` | threshold, forward, projection | `p_th`, progress |
/// | `velocityThreshold` | threshold, forward | `v_th`, progress/s; `"inf"` for infinity |
/// | `tau` | projection | s |
/// | `distanceThreshold`, `kinematicDuration` | kinematic | `d_th` pt, `D` s |
/// | `intercept`, `progressCoefficient`, `velocityCoefficient` | logistic | `b0`, `b1`, `b2` |
/// | `extent` | optional | pt, when fixed (`--extent`); a `width`/`height` column still wins |
/// | `estimator` | optional | velocity estimator (`lsq2` when absent) |
/// | `horizon`, `maxSamples`, `maxGap` | optional | velocity window `H` s, `N`, `G` s (physics.md defaults when absent) |
/// | `completionSpeed` | optional | `UIPercentDrivenInteractiveTransition.completionSpeed` |
/// | `transitionDuration` | optional | animation duration `D`, s (default 0.35) |
/// | `fingerSpeedCap` | optional | cap on `r / abs(v_p)`, s |
/// | `spring` | optional | `{"dampingRatio": …, "response": …}` (s) |
/// | `gate` | optional | the start-of-gesture gate (`Gate`): `{"edgeWidth": …, "lockAngle": …, "slop": …}`, pt, degrees from the axis, pt; each optional (`edgeWidth` absent: the whole extent) |
///
/// Older files' top-level `edgeWidth` (pt) and `directionLockAngle` (degrees) are still read
/// (not beside the same setting in `gate`); files are written with `gate`.
///
/// The rule keys, symbols, units and bounds are `RuleFamily.parameterSpecs` (GesturePhysics),
/// the one table `report.json`, batch JSON and the snippets also use. JSON has no infinity:
/// an infinite `velocityThreshold` (velocity ignored, as TransitionTreasury) is written as the
/// string `"inf"`; `"inf"`, `"infinity"` and `"+inf"` are read back. Unknown keys, keys of
/// another rule family, missing rule keys, duplicate keys and values out of bounds are errors
/// naming the key and its line.
///
/// A file is the whole setting: everything that changes a decision (rule, direction, fixed
/// extent, estimator, window) is in it, so `batch --params FILE` decides as the `analyze` run
/// that wrote it.
///
/// `==` compares the settings, including whether the rule follows a preset's extent and whether
/// the direction is fixed; `hasSameFileContents(as:)` compares what the file holds.
public struct ParameterSet: Sendable, Equatable {
    public static let schema = "gesturetune.params/1"

    public struct SpringSetting: Sendable, Equatable, Codable {
        /// `zeta`, 1 = critically damped (no overshoot).
        public var dampingRatio: Double
        /// `UISpringTimingParameters` response, s.
        public var response: Double
        public init(dampingRatio: Double, response: Double) {
            self.dampingRatio = dampingRatio
            self.response = response
        }
    }

    /// Where the decision rule comes from. A preset named on the command line decides each
    /// gesture at its own extent (its pt/s thresholds become progress/s per gesture); a file's
    /// rule, or a preset written out and read back, is fixed numbers.
    public enum RuleSetting: Sendable, Equatable {
        /// The preset's rule at each gesture's extent; shown at `extent` (default 390 pt).
        case preset(Preset)
        /// Fixed numbers; `preset` names the preset they were made from (informational).
        case fixed(Rule, preset: String?)
    }

    /// Whether the set fixes the direction. A file with a `direction` key or a recorded setting
    /// fixes it; a preset or a file without the key only shows one (the run's own applies).
    public enum DirectionSetting: Sendable, Equatable {
        case fixed(Direction)
        case shown(Direction)
    }

    public var ruleSetting: RuleSetting
    public var directionSetting: DirectionSetting
    public var extent: Double?
    /// The velocity estimator and window the rule was tuned with (nil: the defaults).
    public var estimator: Estimator?
    public var horizon: Double?
    public var maxSamples: Int?
    public var maxGap: Double?
    /// What the set was shipped with: its cross-validated end-to-end error on the study it was
    /// tuned on (`analyze` writes it into params.json). `batch` without `--max-error` gates
    /// each file against it: a file fails when its error is above it beyond chance.
    public var expectedError: Double?

    /// The rule shown and written: a preset's at `extent` (default 390 pt). Setting it fixes
    /// the numbers and keeps the preset's name as where they came from.
    public var rule: Rule {
        get {
            switch ruleSetting {
            case .preset(let p): p.rule(extent: extent ?? PhysicsOptions.defaultExtent)
            case .fixed(let rule, _): rule
            }
        }
        set { ruleSetting = .fixed(newValue, preset: preset) }
    }

    /// The preset this set was made from, if any.
    public var preset: String? {
        switch ruleSetting {
        case .preset(let p): p.name
        case .fixed(_, let name): name
        }
    }

    /// The direction shown and written. Setting it keeps whether the set fixes it.
    public var direction: Direction {
        get {
            switch directionSetting {
            case .fixed(let d), .shown(let d): d
            }
        }
        set {
            if case .fixed = directionSetting {
                directionSetting = .fixed(newValue)
            } else {
                directionSetting = .shown(newValue)
            }
        }
    }

    /// The direction the set fixes; nil when it only shows one.
    public var fixedDirection: Direction? {
        if case .fixed(let d) = directionSetting { return d }
        return nil
    }

    /// Whether `params.json` would hold the same text for both: `==` also tells a preset
    /// from its numbers fixed and a fixed direction from a shown one, which the file does not.
    public func hasSameFileContents(as other: ParameterSet) -> Bool {
        guard let a = try? encoded(), let b = try? other.encoded() else { return false }
        return a == b
    }

    /// This set, with what it leaves unset of the animation taken from `other` (the rule,
    /// direction, physics and start gate stay this set's: an unset edge width or lock is the
    /// whole extent or 90°, a gate of its own, never one taken from another set).
    public func filled(from other: ParameterSet) -> ParameterSet {
        var s = self
        s.completionSpeed = s.completionSpeed ?? other.completionSpeed
        s.transitionDuration = s.transitionDuration ?? other.transitionDuration
        s.fingerSpeedCap = s.fingerSpeedCap ?? other.fingerSpeedCap
        s.spring = s.spring ?? other.spring
        return s
    }

    /// The start-of-gesture gate this set describes: `edgeWidth`, `directionLockAngle`, `slop`.
    public var gate: Gate {
        get { Gate(edgeWidth: edgeWidth, lockAngle: directionLockAngle, slop: slop) }
        set {
            edgeWidth = newValue.edgeWidth
            directionLockAngle = newValue.lockAngle
            slop = newValue.slop
        }
    }

    public var completionSpeed: Double?
    public var transitionDuration: Double?
    public var fingerSpeedCap: Double?
    public var spring: SpringSetting?
    /// The gate's edge zone `w`, pt from the leading edge (nil: the whole extent).
    public var edgeWidth: Double?
    /// The gate's lock angle, degrees from the axis (nil: 90°).
    public var directionLockAngle: Double?
    /// The gate's slop, pt (nil: `Gate.defaultSlop`).
    public var slop: Double?

    public init(
        rule: Rule, direction: Direction = .right, preset: String? = nil, extent: Double? = nil,
        completionSpeed: Double? = nil, transitionDuration: Double? = nil,
        fingerSpeedCap: Double? = nil,
        spring: SpringSetting? = nil, edgeWidth: Double? = nil, directionLockAngle: Double? = nil
    ) {
        self.ruleSetting = .fixed(rule, preset: preset)
        self.directionSetting = .fixed(direction)
        self.extent = extent
        self.completionSpeed = completionSpeed
        self.transitionDuration = transitionDuration
        self.fingerSpeedCap = fingerSpeedCap
        self.spring = spring
        self.edgeWidth = edgeWidth
        self.directionLockAngle = directionLockAngle
    }

    /// A preset's rule for a container of `extent` pt (default 390: pt/s thresholds become progress/s).
    public init(preset: Preset, extent: Double? = nil, direction: Direction = .right) {
        self.init(
            rule: preset.rule(extent: extent ?? PhysicsOptions.defaultExtent), preset: preset.name,
            extent: extent)
        ruleSetting = .preset(preset)
        directionSetting = .shown(direction)
    }

    /// What decides a gesture: the preset at each gesture's own extent, or the fixed rule.
    public var decider: Decider {
        switch ruleSetting {
        case .preset(let p): .preset(p)
        case .fixed(let rule, _): .rule(rule)
        }
    }

    /// The physics settings the file fixes, applied over `physics` except where `keep` says
    /// an option was given; returns the settings the file set that an option overrode.
    public func apply(to physics: inout PhysicsOptions, keep: SettingKeys) -> [SettingOverride] {
        var overridden: [SettingOverride] = []
        func take<T: Equatable>(
            _ key: SettingKeys, _ name: String, _ value: T?,
            _ target: WritableKeyPath<PhysicsOptions, T>, _ text: (T) -> String
        ) {
            guard let value else { return }
            if keep.contains(key) {
                if physics[keyPath: target] != value {
                    overridden.append(
                        SettingOverride(
                            key: name, file: text(value), option: text(physics[keyPath: target])))
                }
            } else {
                physics[keyPath: target] = value
            }
        }
        take(.direction, "direction", fixedDirection, \.direction) { $0.rawValue }
        if let extent {
            if keep.contains(.extent) {
                if physics.extent != extent {
                    overridden.append(
                        SettingOverride(
                            key: "extent", file: "\(extent)",
                            option: physics.extent.map { "\($0)" } ?? "none"))
                }
            } else {
                physics.extent = extent
            }
        }
        take(.estimator, "estimator", estimator, \.estimator) { $0.rawValue }
        take(.horizon, "horizon", horizon, \.window.horizon) { "\($0)" }
        take(.maxSamples, "maxSamples", maxSamples, \.window.maxSamples) { "\($0)" }
        take(.maxGap, "maxGap", maxGap, \.window.maxGap) { "\($0)" }
        take(.slop, "slop", slop, \.slop) { "\($0)" }
        return overridden
    }

    /// `physics` written into the set: direction, fixed extent, estimator and window.
    public mutating func record(_ physics: PhysicsOptions) {
        directionSetting = .fixed(physics.direction)
        extent = physics.extent
        estimator = physics.estimator
        horizon = physics.window.horizon
        maxSamples = physics.window.maxSamples
        maxGap = physics.window.maxGap
        // The default slop is left unwritten, as an absent slop means it.
        if physics.slop != Gate.defaultSlop || slop != nil { slop = physics.slop }
    }

    /// The default current parameters: `flutter-cupertino` (`p_th` 0.5, `v_th` 1.0 progress/s).
    public static var `default`: ParameterSet {
        ParameterSet(preset: Preset.named(Preset.defaultName)!)
    }

    /// Reads a parameter file (a snippet source, `.swift`, `.kt` or `.js`: its parameters block,
    /// `decodeSource`), or, when no file exists at `pathOrPresetName`, takes the preset of that
    /// name (at `extent`, default 390 pt).
    public static func load(pathOrPresetName name: String, extent: Double? = nil)
        throws(ParameterError) -> ParameterSet
    {
        if FileManager.default.fileExists(atPath: name) {
            let data: Data
            do { data = try InputFile.read(name) } catch {
                if case .tooLarge = error { throw .notJSON(path: name, reason: error.reason) }
                throw .unreadable(path: name, reason: error.reason)
            }
            if isSource(name) {
                return try decodeSource(String(decoding: data, as: UTF8.self), path: name)
            }
            return try decode(data, path: name)
        }
        if let preset = Preset.named(name) { return ParameterSet(preset: preset, extent: extent) }
        if name.hasSuffix(".json") || name.contains("/") {
            throw .unreadable(path: name, reason: "no such file")
        }
        throw .unknownPreset(name: name, suggestion: nearest(name, in: Preset.all.map(\.name)))
    }

    /// Writes `encoded()` to `path` atomically.
    public func write(to path: String) throws(ParameterError) {
        let text = try encoded()
        do { try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic) } catch {
            throw .unreadable(path: path, reason: error.localizedDescription)
        }
    }
}

/// Settings a command-line option may give instead of the parameter file.
public struct SettingKeys: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let direction = SettingKeys(rawValue: 1)
    public static let extent = SettingKeys(rawValue: 2)
    public static let estimator = SettingKeys(rawValue: 4)
    public static let horizon = SettingKeys(rawValue: 8)
    public static let maxSamples = SettingKeys(rawValue: 16)
    public static let maxGap = SettingKeys(rawValue: 32)
    public static let slop = SettingKeys(rawValue: 64)
}

/// A setting of the parameter file that a command-line option replaced.
public struct SettingOverride: Sendable, Equatable {
    /// The file's key (`direction`, `extent`, `estimator`, `horizon`, `maxSamples`, `maxGap`,
    /// `slop`).
    public var key: String
    public var file: String
    public var option: String

    /// `--direction left overrides the parameter file's direction right`.
    public var sentence: String {
        let flag: String
        switch key {
        case "maxSamples": flag = "max-samples"
        case "maxGap": flag = "max-gap"
        default: flag = key
        }
        return "--\(flag) \(option) overrides the parameter file's \(key) \(file)"
    }
}
