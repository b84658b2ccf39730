import Dispatch
import GesturePhysics
import GestureTrace
import GestureTuning

/// What one file gave: its read summary and the measurement of every gesture it delivered,
/// in the order gestures closed.
struct FileMeasurements: Sendable {
    var path: String
    var summary: ReadSummary
    var measurements: [GestureMeasurement]
    /// Which way the gestures move on screen.
    var motion = MotionTally()
}

/// Reads and measures trace files, in parallel across files, one physics engine per file.
/// The result is in argument order whatever the number of jobs.
enum MeasurementCollector {
    /// The most points of a progress curve kept per gesture for the figures (first and
    /// last kept); the numbers never use the curve.
    static let curvePoints = 60

    /// Calls `TraceReader.read` and `PhysicsEngine.measure` for each file. Throws the first
    /// error in argument order (a `TraceError`), so a malformed file fails the run the
    /// same way whatever `jobs` is.
    static func collect(
        paths: [String], reader: ReaderOptions, physics: PhysicsOptions, jobs: Int, progress: ProgressBar? = nil
    ) throws -> [FileMeasurements] {
        let results = ResultSlots<Result<FileMeasurements, any Error>>(count: paths.count)
        let queue = DispatchQueue(label: "gesturetune.collect", attributes: .concurrent)
        let limit = DispatchSemaphore(value: max(1, jobs))
        let group = DispatchGroup()
        for (index, path) in paths.enumerated() {
            limit.wait()
            queue.async(group: group) {
                defer { limit.signal() }
                results[index] = Result { try measureFile(path, reader: reader, physics: physics, progress: progress) }
            }
        }
        group.wait()
        return try results.values.map { try $0!.get() }
    }

    static func measureFile(_ path: String, reader: ReaderOptions, physics: PhysicsOptions, progress: ProgressBar? = nil) throws -> FileMeasurements {
        let engine = PhysicsEngine(options: physics)
        var measurements: [GestureMeasurement] = []
        var motion = MotionTally()
        let summary = try TraceReader.read(path: path, options: reader) { gesture in
            var m = engine.measure(gesture)
            m.progressCurve = thin(m.progressCurve, to: curvePoints)
            measurements.append(m)
            motion.add(gesture)
            if measurements.count % 256 == 0 { progress?.gesturesRead(256) }
        }
        progress?.fileDone(gestures: measurements.count % 256)
        return FileMeasurements(path: path, summary: summary, measurements: measurements, motion: motion)
    }

    /// Keeps `limit` evenly spaced points, the first and last among them.
    static func thin(_ points: [ProgressPoint], to limit: Int) -> [ProgressPoint] {
        guard points.count > limit, limit >= 2 else { return points }
        let step = Double(points.count - 1) / Double(limit - 1)
        return (0..<limit).map { points[Int((Double($0) * step).rounded())] }
    }
}

/// Fixed slots written by concurrent workers, each slot by exactly one worker.
final class ResultSlots<Value>: @unchecked Sendable {
    private var storage: [Value?]
    private let lock = DispatchQueue(label: "gesturetune.slots")

    init(count: Int) { storage = Array(repeating: nil, count: count) }

    subscript(index: Int) -> Value? {
        get { lock.sync { storage[index] } }
        set { lock.sync { storage[index] = newValue } }
    }

    var values: [Value?] { lock.sync { storage } }
}
