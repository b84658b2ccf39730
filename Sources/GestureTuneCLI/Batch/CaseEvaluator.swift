import GesturePhysics
import GestureTrace

/// Evaluates one case: streams a file through the reader, measures its labelled gestures and
/// counts those the rule decides against their intent.
///
/// Holds a `PhysicsEngine`, which is not thread-safe: one evaluator per worker.
final class CaseEvaluator {
    let reader: ReaderOptions
    let parameters: DecisionParameters
    private let engine: PhysicsEngine

    init(reader: ReaderOptions, physics: PhysicsOptions, parameters: DecisionParameters) {
        self.reader = reader
        self.parameters = parameters
        self.engine = PhysicsEngine(options: physics)
    }

    /// The case's counts, before any gate (status `pass`, `skipped` or `error`).
    func evaluate(_ path: String) -> BatchFileResult {
        var result = BatchFileResult(path: path, status: .pass)
        do {
            let summary = try TraceReader.read(path: path, options: reader) { gesture in
                result.gestures += 1
                if gesture.interruptedBySystem {
                    result.interrupted += 1
                    return
                }
                guard let intent = gesture.intent else {
                    result.unlabelled += 1
                    return
                }
                let m = engine.measure(gesture)
                let completes = parameters.rule(forExtent: m.extent).completes(m.releaseState)
                result.labelled += 1
                switch (intent, completes) {
                case (.complete, true): result.confusion.completeDecidedComplete += 1
                case (.complete, false): result.confusion.completeDecidedCancel += 1
                case (.cancel, true): result.confusion.cancelDecidedComplete += 1
                case (.cancel, false): result.confusion.cancelDecidedCancel += 1
                }
                if completes != (intent == .complete) {
                    result.misdecided += 1
                    result.misdecidedGestures.append(
                        MisdecidedGesture(
                            id: gesture.id, line: gesture.firstLine, intent: intent.rawValue,
                            decision: completes ? "complete" : "cancel",
                            releaseProgress: m.releaseProgress, progressVelocity: m.progressVelocity))
                }
            }
            result.rows = summary.rows
            for (reason, n) in summary.skipped where n > 0 { result.skippedByReason[reason.rawValue] = n }
            result.errorRate = result.labelled > 0 ? Double(result.misdecided) / Double(result.labelled) : nil
            if result.labelled == 0 { result.status = .skipped }
        } catch let error as TraceError {
            result = BatchFileResult(path: path, status: .error)
            if case .unreadable = error {
                result.problem = .init(kind: "unreadable", line: 0, message: error.message)
            } else {
                result.problem = .init(kind: "malformed-trace", line: error.line ?? 0, message: error.message)
            }
        } catch {
            result = BatchFileResult(path: path, status: .error)
            result.problem = .init(kind: "internal", line: 0, message: "\(error)")
        }
        return result
    }
}
