internal import GestureNumerics
import GestureTrace

/// Per-gesture physics (physics.md) with reusable GSL workspaces and buffers. Not
/// thread-safe: one engine per thread or task.
///
/// `measure(_:)` never traps and every figure it returns is finite, whatever the input
/// (NaN or huge coordinates, equal timestamps, no samples, invalid options). Validate options
/// with `PhysicsOptions.validate()` first to report bad ones; the engine itself ignores a
/// non-positive extent and uses the default for any out-of-range window limit.
public final class PhysicsEngine {
    public let options: PhysicsOptions

    /// The window actually used: `options.window`, with out-of-range values replaced by the
    /// defaults.
    let window: VelocityWindow
    let fitter = PolynomialFitter()

    /// `began`/`moved` samples before the release, finite, strictly increasing in time (a
    /// sample whose time does not exceed its predecessor's replaces it).
    var points: [TouchPoint] = []
    /// Scratch buffers for fits: time relative to `t_n` (s), position relative to the newest
    /// sample (pt).
    var fitT: [Double] = []
    var fitX: [Double] = []
    var fitY: [Double] = []

    public init(options: PhysicsOptions = .init()) {
        self.options = options
        self.window = options.window.effective
        points.reserveCapacity(256)
    }

    /// An engine for `options` after `PhysicsOptions.validate()`.
    public convenience init(validating options: PhysicsOptions) throws(PhysicsError) {
        try options.validate()
        self.init(options: options)
    }

    /// Measures every gesture, in order.
    public func measure(_ gestures: [Gesture]) -> [GestureMeasurement] {
        gestures.map { measure($0) }
    }

    /// Measures one gesture per physics.md ("Axis, extent, progress", "Release",
    /// "Velocity estimators", "Per-gesture measurements"). Never traps; all figures finite.
    ///
    /// The release sample is the first `ended` or `cancelled` sample (a `cancelled` one marks
    /// the gesture `interruptedBySystem`; so does a gesture with no closing sample, which is
    /// then released at its last sample). Samples with a non-finite time or position are
    /// ignored. `estimates` holds `lsq2`, `lsq1`, `impulse`, `delta`, and `platform` when a
    /// sample carries both `vx` and `vy`; `velocity` is the one `options.estimator` names
    /// (`platform` without platform velocities falls back to `lsq2`, marked `fellBack`).
    public func measure(_ gesture: Gesture) -> GestureMeasurement {
        let track = prepare(gesture)
        let direction = options.direction
        let (extent, extentSource) = options.extent(for: gesture)

        var estimates: [Estimator: VelocityEstimate] = .init(
            minimumCapacity: Estimator.allCases.count)
        for estimator in [Estimator.lsq2, .lsq1, .impulse, .delta] {
            estimates[estimator] = estimate(estimator, track: track)
        }
        if track.platform != nil {
            estimates[.platform] = estimate(.platform, track: track)
        }
        let velocity = estimates[options.estimator] ?? estimate(options.estimator, track: track)

        guard let first = track.first, let release = track.release else {
            var m = GestureMeasurement(
                id: gesture.id, file: gesture.file, sampleCount: gesture.samples.count,
                intent: gesture.intent, outcome: gesture.outcome, interruptedBySystem: true,
                extent: extent, extentSource: extentSource, releaseProgress: 0, velocity: velocity,
                progressVelocity: 0, estimates: estimates, kinematicVelocity: 0,
                kinematicAcceleration: 0, startPosition: 0, entryAngle: nil, pauseBeforeRelease: 0,
                duration: 0, sampleRate: 0, peakVelocity: 0, lateReversal: false,
                duplicateTimestamps: track.duplicates, progressCurve: [], kinematicSampleCount: 0,
                restedBeforeRelease: false, direction: direction,
                gate: .none(slop: options.slop), notMeant: gesture.notMeant)
            m.placeInTime(gesture)
            return m
        }

        func displacement(_ x: Double, _ y: Double) -> Double {
            direction.along(x: x - first.x, y: y - first.y)
        }
        func progress(_ x: Double, _ y: Double) -> Double {
            Self.clampedProgress(displacement(x, y) / extent)
        }

        let kinematic = kinematics(extent: extent)
        var m = GestureMeasurement(
            id: gesture.id, file: gesture.file, sampleCount: gesture.samples.count,
            intent: gesture.intent, outcome: gesture.outcome,
            interruptedBySystem: track.interrupted, extent: extent, extentSource: extentSource,
            releaseProgress: progress(release.x, release.y), velocity: velocity,
            progressVelocity: finiteOrZero(velocity.axis / extent), estimates: estimates,
            kinematicVelocity: kinematic.velocity, kinematicAcceleration: kinematic.acceleration,
            startPosition: finiteOrZero(
                direction.distanceFromLeadingEdge(x: first.x, y: first.y, extent: extent)),
            entryAngle: entryAngle(from: first),
            pauseBeforeRelease: pauseBeforeRelease(releaseTime: release.t),
            duration: finiteOrZero(max(0, release.t - first.t)),
            sampleRate: sampleRate(), peakVelocity: peakSpeed(from: first),
            lateReversal: lateReversal(from: first), duplicateTimestamps: track.duplicates,
            progressCurve: progressCurve(
                gesture, first: first, releaseIndex: track.releaseIndex, progress: progress),
            kinematicSampleCount: kinematic.count, restedBeforeRelease: track.rested,
            direction: direction, gate: gateFeatures(from: first, extent: extent),
            notMeant: gesture.notMeant)
        m.placeInTime(gesture)
        return m
    }

    /// `clamp(value, 0, 1)`, with NaN as 0.
    static func clampedProgress(_ value: Double) -> Double {
        value.isNaN ? 0 : min(1, max(0, value))
    }
}

/// What `prepare` found in a gesture beside `points`.
struct ReleaseTrack {
    /// The first sample with finite time and position.
    var first: Sample?
    /// The release sample (first `ended`/`cancelled`, else the last usable sample).
    var release: Sample?
    /// Index of the release sample in `gesture.samples`.
    var releaseIndex: Int
    var interrupted: Bool
    /// `began`/`moved` samples replaced by a later one with an equal (or earlier) time.
    var duplicates: Int
    /// The platform's velocity at release (`vx`, `vy`, pt/s), when the trace has it.
    var platform: (vx: Double, vy: Double)?
    /// Rest rule: `t_r - t_n > G`.
    var rested: Bool
    /// The velocity window, as a range of `points`.
    var window: Range<Int>
}

/// `value` when finite, else 0: the last guard of every reported figure.
@inline(__always)
func finiteOrZero(_ value: Double) -> Double {
    value.isFinite ? value : 0
}

extension GestureMeasurement {
    /// Copies what the gesture says about who and when: its `--by` group and its first and
    /// last sample times.
    mutating func placeInTime(_ gesture: Gesture) {
        group = gesture.group
        startTime = gesture.samples.first.map(\.t)
        endTime = gesture.samples.last.map(\.t)
        firstLine = gesture.firstLine
    }
}
