import GesturePhysics
import GestureTrace
import GestureTuning

/// Everything that fixes a run's figures, made once from the command-line options laid over
/// the parameter file (`resolve`), and then only read:
/// the digest context is made from it, a partial carries it, and `merge` compares two
/// with `==` (`difference` names the first key that differs).
public struct RunSettings: Codable, Equatable, Sendable {
    /// Reader and physics options in effect (what `batch` records as its `settings`).
    public var input: InputSettings
    /// `--by` columns.
    public var by: [String]
    /// `--params` as given (a preset name or a file path): the report names it.
    public var params: String
    /// Tuning options and the current parameter set.
    public var tuning: TuningSettings
    /// `--labels`.
    public var labels: LabelMode
    /// `--retry-window`, s.
    public var retryWindow: Double
    /// `--sample`: gestures the report shows one by one.
    public var sample: Int
    /// `--false-trigger-cost λ`: a false trigger of the gate costs λ misses; absent: 1.
    public var falseTriggerCost: Double? = nil

    public init(
        input: InputSettings, by: [String], params: String, tuning: TuningSettings,
        labels: LabelMode,
        retryWindow: Double, sample: Int
    ) {
        self.input = input
        self.by = by
        self.params = params
        self.tuning = tuning
        self.labels = labels
        self.retryWindow = retryWindow
        self.sample = sample
    }

    /// The settings of a run: `physics` as the options gave it, the parameter file's
    /// settings applied over it except the ones `given` on the command line; with the
    /// settings the file set that an option replaced (for a note).
    public static func resolve(
        reader: ReaderOptions, physics: PhysicsOptions, given: SettingKeys, params: String,
        current: ParameterSet,
        tuning: TuningOptions, labels: LabelMode, retryWindow: Double, sample: Int,
        falseTriggerCost: Double = 1
    ) -> (settings: RunSettings, overrides: [SettingOverride]) {
        let (input, overrides) = InputSettings.resolve(
            reader: reader, physics: physics, given: given, current: current)
        var settings = RunSettings(
            input: input, by: reader.groupColumns,
            params: params,
            tuning: TuningSettings(options: tuning, current: current), labels: labels,
            retryWindow: retryWindow,
            sample: sample)
        settings.falseTriggerCost = falseTriggerCost == 1 ? nil : falseTriggerCost
        return (settings, overrides)
    }

    public var physics: PhysicsOptions { input.physics }
    /// `λ` in effect.
    public var effectiveFalseTriggerCost: Double { falseTriggerCost ?? 1 }
    public var current: ParameterSet { tuning.current }

    /// The first setting (a dotted key path, as in the partial) on which `self` and `other`
    /// differ, with both values as JSON text; nil when they agree.
    public func difference(_ other: RunSettings) -> SettingsDifference? {
        guard self != other else { return nil }
        return SettingsDifference.first(self, other, path: "settings")
            ?? SettingsDifference(key: "settings", left: "?", right: "?")
    }
}

/// The reader and physics options in effect, as `batch` records them in its summary
/// (`settings` of `gesturetune.batch/1`) and analysis partials in theirs.
public struct InputSettings: Codable, Sendable, Equatable {
    public var direction: Direction
    public var extent: Double?
    public var estimator: Estimator
    public var horizon: Double
    public var maxSamples: Int
    public var maxGap: Double
    public var lenient: Bool
    public var timeUnit: String?
    public var delimiter: String?
    public var layoutPreset: String?
    public var map: [String: [String]]
    public var maxGestureSamples: Int
    /// `--where`, `--phase-map`, `--scale`, `--columns`, `--max-open-gestures`; absent when
    /// not given (and in summaries written before they existed).
    public var filters: [String]? = nil
    public var phaseMap: [String: String]? = nil
    public var scale: Double? = nil
    public var columns: [String]? = nil
    public var maxOpenGestures: Int? = nil
    /// `--slop` (pt); absent at the default (`Gate.defaultSlop`).
    public var slop: Double? = nil

    public init(reader r: ReaderOptions, physics: PhysicsOptions) {
        direction = physics.direction
        extent = physics.extent
        estimator = physics.estimator
        horizon = physics.window.horizon
        maxSamples = physics.window.maxSamples
        maxGap = physics.window.maxGap
        slop = physics.slop == Gate.defaultSlop ? nil : physics.slop
        lenient = r.lenient
        timeUnit = r.timeUnit?.rawValue
        delimiter = r.delimiter.map { String(UnicodeScalar($0)) }
        layoutPreset = r.preset
        map = r.mapping
        maxGestureSamples = r.maxGestureSamples
        filters = r.filters.isEmpty ? nil : r.filters.map(\.description)
        phaseMap = r.phaseMap.isEmpty ? nil : r.phaseMap.mapValues(\.description)
        scale = r.scale
        columns = r.columnNames
        maxOpenGestures =
            r.maxOpenGestures == ReaderOptions().maxOpenGestures ? nil : r.maxOpenGestures
    }

    /// The reader and physics of a run, the one route `analyze`, `batch` and `measure` lay
    /// their options over the parameter file: `physics` as the options gave it, the file's
    /// settings applied over it except the ones `given` on the command line; with the settings
    /// the file set that an option replaced (for a note).
    public static func resolve(
        reader: ReaderOptions, physics: PhysicsOptions, given: SettingKeys, current: ParameterSet
    ) -> (settings: InputSettings, overrides: [SettingOverride]) {
        var physics = physics
        let overrides = current.apply(to: &physics, keep: given)
        return (InputSettings(reader: reader, physics: physics), overrides)
    }

    /// The physics options these settings record.
    public var physics: PhysicsOptions {
        var p = PhysicsOptions()
        p.direction = direction
        p.extent = extent
        p.estimator = estimator
        p.window.horizon = horizon
        p.window.maxSamples = maxSamples
        p.window.maxGap = maxGap
        p.slop = slop ?? Gate.defaultSlop
        return p
    }
}
