import Foundation
import GesturePhysics
import GestureReport
import GestureTrace
import GestureTuning

/// Evaluates one case: streams a file through the reader, measures its labelled gestures and
/// counts those the rule decides against their intent.
///
/// Holds a `PhysicsEngine`, which is not thread-safe: one evaluator per worker.
final class CaseEvaluator {
    let reader: ReaderOptions
    let parameters: DecisionParameters
    let physics: PhysicsOptions
    private let engine: PhysicsEngine

    init(reader: ReaderOptions, physics: PhysicsOptions, parameters: DecisionParameters) {
        self.reader = physics.reading(reader)
        self.parameters = parameters
        self.physics = physics
        self.engine = PhysicsEngine(options: physics)
    }

    /// The case's counts, before any gate (status `pass`, `skipped` or `error`).
    func evaluate(_ path: String) -> BatchFileResult {
        var result = BatchFileResult(path: path, status: .pass)
        var motion = MotionTally()
        var measured: [GestureMeasurement] = []
        var lines: [Int] = []
        // The parameters' start-of-gesture gate, read after the engine's slop.
        let gate = parameters.set.gate
        var others = 0
        // Other gestures the gate admits: (line, measurement), in file order.
        var triggered: [(line: Int, measurement: GestureMeasurement)] = []
        var admitted: [Bool] = []
        do {
            let summary = try TraceReader.read(path: path, options: reader) { gesture in
                result.gestures += 1
                motion.add(gesture)
                if gesture.interruptedBySystem {
                    result.interrupted += 1
                    return
                }
                if gesture.notMeant {
                    others += 1
                    var m = engine.measure(gesture)
                    if gate.admits(m) {
                        m.progressCurve = []
                        triggered.append((gesture.firstLine, m))
                    }
                    return
                }
                guard gesture.intent != nil else {
                    result.unlabelled += 1
                    return
                }
                var m = engine.measure(gesture)
                m.progressCurve = []
                admitted.append(gate.admits(m))
                measured.append(m)
                lines.append(gesture.firstLine)
                result.labelled += 1
            }
            // The decisions, counted once (`Evaluation`), as `analyze` counts them.
            let evaluation = Evaluation(parameters.decider, measurements: measured)
            let c = evaluation.confusion
            result.confusion.completeDecidedComplete = c.truePositive
            result.confusion.completeDecidedCancel = c.falseNegative
            result.confusion.cancelDecidedComplete = c.falsePositive
            result.confusion.cancelDecidedCancel = c.trueNegative
            // End to end (gate, then release): the gestures the transition gets wrong, in file
            // order: meant ones refused or misdecided, other ones started.
            var wrong: [(line: Int, gesture: MisdecidedGesture)] = []
            var misses = 0
            for (k, d) in evaluation.decisions.enumerated() where !admitted[k] || d.isMisdecided {
                let m = measured[k]
                if admitted[k] { result.misdecided += 1 } else { misses += 1 }
                wrong.append(
                    (
                        lines[k],
                        MisdecidedGesture(
                            id: d.id, line: lines[k], intent: d.intent?.rawValue ?? "",
                            decision: admitted[k] ? d.decided.rawValue : "refused",
                            releaseProgress: m.releaseProgress,
                            progressVelocity: m.progressVelocity)
                    ))
            }
            for (line, m) in triggered {
                wrong.append(
                    (
                        line,
                        MisdecidedGesture(
                            id: m.id, line: line, intent: "other",
                            decision: parameters.decider.decision(m.releaseState).rawValue,
                            releaseProgress: m.releaseProgress,
                            progressVelocity: m.progressVelocity)
                    ))
            }
            result.misdecidedGestures = wrong.sorted { $0.line < $1.line }.map(\.gesture)
            let falseTriggers = triggered.count
            if !reader.groupColumns.isEmpty { result.groups = Self.groupRows(evaluation, measured) }
            result.rows = summary.rows
            for (reason, n) in summary.skipped where n > 0 {
                result.skippedByReason[reason.rawValue] = n
            }
            result.others = others
            result.falseTriggers = falseTriggers
            result.misses = misses
            result.falseTriggerRate = others > 0 ? Double(falseTriggers) / Double(others) : nil
            result.missRate =
                result.labelled > 0 ? Double(misses) / Double(result.labelled) : nil
            result.errorRate = result.endToEndRate
            if result.counted == 0 { result.status = .skipped }
            let warnings = Self.warnings(
                motion: motion, measured: measured, read: summary, direction: physics.direction)
            result.warnings = warnings.isEmpty ? nil : warnings.map(\.sentence)
        } catch let error as TraceError {
            result = BatchFileResult(path: path, status: .error)
            if case .unreadable(_, let reason) = error, Self.outOfDescriptors.contains(reason) {
                result.problem = .init(
                    kind: Self.systemResourceKind, line: 0, message: reason)
            } else if case .unreadable = error {
                result.problem = .init(kind: "unreadable", line: 0, message: error.message)
            } else {
                result.problem = .init(
                    kind: "malformed-trace", line: error.line ?? 0, message: error.message)
            }
        } catch {
            result = BatchFileResult(path: path, status: .error)
            result.problem = .init(kind: "internal", line: 0, message: "\(error)")
        }
        return result
    }

    /// The problem kind of a file that could not be opened because the system is out of file
    /// descriptors: a fault of the run, not of the file, so `batch` stops with 71 on it.
    static let systemResourceKind = "system-resource"
    /// `strerror` of EMFILE and ENFILE, as the reader reports an `open` that failed so.
    static let outOfDescriptors: Set<String> = [
        String(cString: strerror(EMFILE)), String(cString: strerror(ENFILE)),
    ]

    /// Per `--by` group: labelled and misdecided gestures of `evaluation`, in order of first appearance.
    static func groupRows(_ evaluation: Evaluation, _ measured: [GestureMeasurement])
        -> [BatchGroupRow]
    {
        var rows: [BatchGroupRow] = []
        var index: [String: Int] = [:]
        for (k, d) in evaluation.decisions.enumerated() {
            let name = measured[k].group ?? ""
            let r =
                index[name]
                ?? {
                    rows.append(BatchGroupRow(name: name, labelled: 0, misdecided: 0))
                    index[name] = rows.count - 1
                    return rows.count - 1
                }()
            rows[r].labelled += 1
            if d.isMisdecided { rows[r].misdecided += 1 }
        }
        for k in rows.indices {
            rows[k].errorRate = Double(rows[k].misdecided) / Double(rows[k].labelled)
        }
        return rows
    }

    /// The warnings `analyze` gives, for one file, in its order (`TuningWarning.input`: the
    /// time column's unit, the direction or touches beyond the extent), then the 390 pt default
    /// extent over the labelled gestures, then a read that dropped more than 5%. Each is a
    /// function of the file alone, so the same whatever `--jobs` or sharding.
    static func warnings(
        motion: MotionTally, measured: [GestureMeasurement], read: ReadSummary, direction: Direction
    ) -> [TuningWarning] {
        var warnings = TuningWarning.input(
            measured: measured, motion: motion, timeUnit: read.timeUnit, direction: direction)
        if let w = TuningWarning.defaultExtent(
            measured, direction: direction, population: "labelled gestures")
        {
            warnings.append(w)
        }
        if let w = TuningWarning.readLoss([read]) { warnings.append(w) }
        return warnings
    }
}
