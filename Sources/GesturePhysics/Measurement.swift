import GestureTrace

/// Options of the per-gesture physics.
public struct PhysicsOptions: Sendable, Equatable {
    public var direction: Direction
    /// `--extent` (pt); the `width`/`height` column wins when present; else 390 pt with a warning.
    public var extent: Double?
    /// The estimator whose velocity becomes `v` (default `lsq2`).
    public var estimator: Estimator
    public var window: VelocityWindow
    /// `--slop`: distance the finger moves before the gate reads its direction, pt
    /// (`Gate.defaultSlop`, 10).
    public var slop: Double

    public static let defaultExtent = GestureTuneDefaults.extent

    public init(
        direction: Direction = .right, extent: Double? = nil, estimator: Estimator = .lsq2,
        window: VelocityWindow = .init(), slop: Double = Gate.defaultSlop
    ) {
        self.direction = direction
        self.extent = extent
        self.estimator = estimator
        self.window = window
        self.slop = slop
    }
}

/// A velocity estimate: both components and the axis velocity, pt/s.
public struct VelocityEstimate: Sendable, Equatable, Codable {
    public var vx: Double
    public var vy: Double
    /// Along the transition axis, positive in its direction, pt/s.
    public var axis: Double
    /// The estimator actually used after fallbacks (`lsq2` → `lsq1` → `delta` → 0), or nil for 0.
    public var usedEstimator: Estimator?
    /// True when the requested estimator fell back.
    public var fellBack: Bool
    /// Samples in the velocity window (after the rest rule, equal-timestamp replacement,
    /// horizon, gap and count limits); 0 for `platform` and when the finger rested.
    public var windowCount: Int

    public init(
        vx: Double, vy: Double, axis: Double, usedEstimator: Estimator?, fellBack: Bool,
        windowCount: Int = 0
    ) {
        self.vx = vx
        self.vy = vy
        self.axis = axis
        self.usedEstimator = usedEstimator
        self.fellBack = fellBack
        self.windowCount = windowCount
    }

    /// No velocity: all components 0.
    static func zero(_ estimator: Estimator?, fellBack: Bool = false, windowCount: Int = 0)
        -> VelocityEstimate
    {
        VelocityEstimate(
            vx: 0, vy: 0, axis: 0, usedEstimator: estimator, fellBack: fellBack,
            windowCount: windowCount)
    }
}

/// Everything physics.md defines for one gesture. All figures finite (never NaN).
public struct GestureMeasurement: Sendable, Equatable, Codable {
    public var id: String
    public var file: String
    public var sampleCount: Int
    public var intent: Intent?
    /// Intent `other`: not meant for the transition (`Gesture.notMeant`); `intent` is nil.
    public var notMeant: Bool
    public var outcome: Intent?
    /// Closed by `cancelled`: reported, never used to tune.
    public var interruptedBySystem: Bool
    /// Extent `E` used, pt, and where it came from.
    public var extent: Double
    public var extentSource: ExtentSource
    /// Release progress `p_r` in [0, 1].
    public var releaseProgress: Double
    /// Release velocity under the chosen estimator (pt/s along the axis, and components).
    public var velocity: VelocityEstimate
    /// `v_p = v / E`, progress/s.
    public var progressVelocity: Double
    /// Each estimator's estimate (`platform` only when the trace has `vx`/`vy`).
    public var estimates: [Estimator: VelocityEstimate]
    /// Mean velocity and acceleration over the last 3 samples (progress/s, progress/s²), for `kinematic`.
    public var kinematicVelocity: Double
    public var kinematicAcceleration: Double
    /// Start position along the axis from the leading edge, pt.
    public var startPosition: Double
    /// Entry angle, degrees from the axis, of the displacement when it first exceeds 10 pt; nil if never.
    public var entryAngle: Double?
    /// Where the gesture starts and which way it heads after the slop, for the gate.
    public var gate: GateFeatures
    /// Time between the last movement of more than 1 pt and the release, s.
    public var pauseBeforeRelease: Double
    /// Duration from first sample to release, s.
    public var duration: Double
    /// Samples per second (0 when the duration is 0).
    public var sampleRate: Double
    /// Peak axis speed between successive samples, pt/s.
    public var peakVelocity: Double
    /// The finger reversed direction (along the axis) in the last 100 ms.
    public var lateReversal: Bool
    /// Samples with equal timestamps (the later replaced the earlier for physics).
    public var duplicateTimestamps: Int
    /// Progress against time (t relative to the first sample, s; progress), for figures;
    /// at most 200 points (thinned evenly, first and last kept), release sample included.
    public var progressCurve: [ProgressPoint]
    /// Samples behind `kinematicVelocity`/`kinematicAcceleration` (at most 3; fewer than 3:
    /// the `kinematic` rule completes iff `v_m > 0`).
    public var kinematicSampleCount: Int
    /// The finger rested longer than the maximum gap `G` before lift-off, so every fitted
    /// estimator reports 0 (physics.md, window rule 3).
    public var restedBeforeRelease: Bool
    /// The transition direction the figures are measured along.
    public var direction: Direction
    /// The `--by` group the gesture belongs to (`Gesture.group`), nil without `--by`.
    public var group: String?
    /// Time of the first sample (s, the trace's own clock), for labels read from what came
    /// next (retries); nil when unknown.
    public var startTime: Double?
    /// Time of the last sample (s, the trace's own clock); nil when unknown.
    public var endTime: Double?
    /// Line of the first sample in its file (`Gesture.firstLine`), for a labels file; nil
    /// when unknown.
    public var firstLine: Int?

    public init(
        id: String, file: String, sampleCount: Int, intent: Intent?, outcome: Intent?,
        interruptedBySystem: Bool, extent: Double, extentSource: ExtentSource,
        releaseProgress: Double, velocity: VelocityEstimate, progressVelocity: Double,
        estimates: [Estimator: VelocityEstimate], kinematicVelocity: Double,
        kinematicAcceleration: Double, startPosition: Double, entryAngle: Double?,
        pauseBeforeRelease: Double, duration: Double, sampleRate: Double, peakVelocity: Double,
        lateReversal: Bool, duplicateTimestamps: Int, progressCurve: [ProgressPoint],
        kinematicSampleCount: Int = 3, restedBeforeRelease: Bool = false,
        direction: Direction = .right, gate: GateFeatures? = nil, notMeant: Bool = false
    ) {
        self.gate =
            gate
            ?? GateFeatures(
                edgeDistance: startPosition, edgeShare: extent > 0 ? startPosition / extent : 0,
                slop: Gate.defaultSlop, angle: entryAngle, timeToSlop: nil, distanceToSlop: nil,
                movedAgainst: false)
        self.notMeant = notMeant
        self.id = id
        self.file = file
        self.sampleCount = sampleCount
        self.intent = intent
        self.outcome = outcome
        self.interruptedBySystem = interruptedBySystem
        self.extent = extent
        self.extentSource = extentSource
        self.releaseProgress = releaseProgress
        self.velocity = velocity
        self.progressVelocity = progressVelocity
        self.estimates = estimates
        self.kinematicVelocity = kinematicVelocity
        self.kinematicAcceleration = kinematicAcceleration
        self.startPosition = startPosition
        self.entryAngle = entryAngle
        self.pauseBeforeRelease = pauseBeforeRelease
        self.duration = duration
        self.sampleRate = sampleRate
        self.peakVelocity = peakVelocity
        self.lateReversal = lateReversal
        self.duplicateTimestamps = duplicateTimestamps
        self.progressCurve = progressCurve
        self.kinematicSampleCount = kinematicSampleCount
        self.restedBeforeRelease = restedBeforeRelease
        self.direction = direction
    }
}

public struct ProgressPoint: Sendable, Equatable, Codable {
    public var t: Double
    public var p: Double
    public init(t: Double, p: Double) {
        self.t = t
        self.p = p
    }
}

/// Where the extent came from.
public enum ExtentSource: String, Sendable, Codable {
    /// The `width`/`height` column.
    case column
    /// `--extent` or the parameter file.
    case option
    /// The 390 pt default (the report warns).
    case defaultValue = "default"
}
