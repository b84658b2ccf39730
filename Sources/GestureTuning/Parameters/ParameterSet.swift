import Foundation
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
/// | `extent` | optional | pt |
/// | `completionSpeed` | optional | `UIPercentDrivenInteractiveTransition.completionSpeed` |
/// | `transitionDuration` | optional | animation duration `D`, s (default 0.35) |
/// | `fingerSpeedCap` | optional | cap on `r / abs(v_p)`, s |
/// | `spring` | optional | `{"dampingRatio": …, "response": …}` (s) |
/// | `edgeWidth` | optional | pt |
/// | `directionLockAngle` | optional | degrees from the axis |
///
/// JSON has no infinity: an infinite `velocityThreshold` (velocity ignored, as
/// TransitionTreasury) is written as the string `"inf"`; `"inf"`, `"infinity"` and `"+inf"`
/// are read back. Unknown keys, keys of another rule family and missing rule keys are errors
/// naming the key.
public struct ParameterSet: Sendable, Equatable {
    public static let schema = "gesturetune.params/1"

    public struct Spring: Sendable, Equatable, Codable {
        /// `zeta`, 1 = critically damped (no overshoot).
        public var dampingRatio: Double
        /// `UISpringTimingParameters` response, s.
        public var response: Double
        public init(dampingRatio: Double, response: Double) {
            self.dampingRatio = dampingRatio
            self.response = response
        }
    }

    public var rule: Rule
    public var direction: Direction
    /// The preset this set was made from, if any.
    public var preset: String?
    public var extent: Double?
    public var completionSpeed: Double?
    public var transitionDuration: Double?
    public var fingerSpeedCap: Double?
    public var spring: Spring?
    public var edgeWidth: Double?
    public var directionLockAngle: Double?

    public init(
        rule: Rule, direction: Direction = .right, preset: String? = nil, extent: Double? = nil,
        completionSpeed: Double? = nil, transitionDuration: Double? = nil, fingerSpeedCap: Double? = nil,
        spring: Spring? = nil, edgeWidth: Double? = nil, directionLockAngle: Double? = nil
    ) {
        self.rule = rule
        self.direction = direction
        self.preset = preset
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
        self.init(rule: preset.rule(extent: extent ?? 390), direction: direction, preset: preset.name, extent: extent)
    }

    /// The default current parameters: `flutter-cupertino` (`p_th` 0.5, `v_th` 1.0 progress/s).
    public static var `default`: ParameterSet { ParameterSet(preset: Preset.named(Preset.defaultName)!) }

    /// Reads a parameter file, or, when no file exists at `pathOrPresetName`, takes the preset
    /// of that name (at `extent`, default 390 pt).
    public static func load(pathOrPresetName name: String, extent: Double? = nil) throws(ParameterError) -> ParameterSet {
        if FileManager.default.fileExists(atPath: name) {
            let data: Data
            do { data = try Data(contentsOf: URL(fileURLWithPath: name)) } catch {
                throw .unreadable(path: name, reason: error.localizedDescription)
            }
            return try decode(data, path: name)
        }
        if let preset = Preset.named(name) { return ParameterSet(preset: preset, extent: extent) }
        if name.hasSuffix(".json") || name.contains("/") { throw .unreadable(path: name, reason: "no such file") }
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
