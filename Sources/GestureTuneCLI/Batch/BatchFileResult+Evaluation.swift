import Foundation
import GestureAnalysis
import GesturePhysics
import GestureTrace
import GestureTuning

extension BatchFileResult {
    /// The case of the file at `path` under `evaluator`'s parameter set, before any verdict
    /// (status `pass`, `skipped` or `error`): the library's `CaseEvaluation` in the
    /// `gesturetune.batch/1` schema.
    init(path: String, evaluator: CaseEvaluator) {
        self.init(path: path, status: .pass)
        let e: CaseEvaluation
        do {
            e = try evaluator.evaluate(path)
        } catch let error as TraceError {
            status = .error
            if case .unreadable(_, let reason) = error, Self.outOfDescriptors.contains(reason) {
                problem = .init(kind: Self.systemResourceKind, line: 0, message: reason)
            } else if case .unreadable = error {
                problem = .init(kind: "unreadable", line: 0, message: error.message)
            } else {
                problem = .init(
                    kind: "malformed-trace", line: error.line ?? 0, message: error.message)
            }
            return
        } catch {
            status = .error
            problem = .init(kind: "internal", line: 0, message: "\(error)")
            return
        }
        rows = e.read.rows
        gestures = e.gestures
        unlabelled = e.unlabelled
        interrupted = e.interrupted
        labelled = e.endToEnd.meant
        misdecided = e.endToEnd.misdecided
        let c = e.confusion
        confusion.completeDecidedComplete = c.truePositive
        confusion.completeDecidedCancel = c.falseNegative
        confusion.cancelDecidedComplete = c.falsePositive
        confusion.cancelDecidedCancel = c.trueNegative
        misdecidedGestures = e.wrong.map {
            MisdecidedGesture(
                id: $0.id, line: $0.line, intent: $0.intent, decision: $0.outcome.name,
                releaseProgress: $0.releaseProgress, progressVelocity: $0.progressVelocity)
        }
        if evaluator.reader.groupColumns.isEmpty == false {
            groups = e.groups.map {
                BatchGroupRow(
                    name: $0.name, labelled: $0.labelled, misdecided: $0.wrong,
                    errorRate: Double($0.wrong) / Double(max(1, $0.labelled)))
            }
        }
        for (reason, n) in e.read.skipped where n > 0 {
            skippedByReason[reason.rawValue] = n
        }
        others = e.endToEnd.others
        falseTriggers = e.endToEnd.falseTriggers
        misses = e.endToEnd.refused
        falseTriggerRate =
            e.endToEnd.others > 0
            ? Double(e.endToEnd.falseTriggers) / Double(e.endToEnd.others) : nil
        missRate = labelled > 0 ? Double(e.endToEnd.refused) / Double(labelled) : nil
        errorRate = endToEndRate
        if counted == 0 { status = .skipped }
        warnings = e.warnings.isEmpty ? nil : e.warnings.map(\.sentence)
    }

    /// The problem kind of a file that could not be opened because the system is out of file
    /// descriptors: a fault of the run, not of the file, so `batch` stops with 71 on it.
    static let systemResourceKind = "system-resource"
    /// `strerror` of EMFILE and ENFILE, as the reader reports an `open` that failed so.
    static let outOfDescriptors: Set<String> = [
        String(cString: strerror(EMFILE)), String(cString: strerror(ENFILE)),
    ]
}
