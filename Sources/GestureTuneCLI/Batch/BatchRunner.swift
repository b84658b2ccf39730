import Foundation
import GestureAnalysis
import GestureIO
import GesturePhysics
import GestureTrace
import GestureTuning

/// Runs the cases on `jobs` worker threads.
///
/// Each worker owns a `CaseEvaluator` (the library's; its own `PhysicsEngine`) and takes the next
/// file index from a shared counter; a result is stored at its file's index, so the results
/// are in corpus order and identical whatever `jobs` is. Each file is streamed by the reader.
/// Each file's wall time (reading and deciding it) and the whole run's are measured on the
/// monotonic clock (`ContinuousClock`) beside the results, never in them.
enum BatchRunner {
    static func run(
        files: [String], jobs: Int, reader: ReaderOptions, physics: PhysicsOptions,
        parameters: DecisionParameters, progress: ProgressBar
    ) -> (results: [BatchFileResult], times: BatchTimes) {
        let clock = ContinuousClock()
        let started = clock.now
        let seconds = Locked([Double](repeating: 0, count: files.count))
        let results = Locked([BatchFileResult?](repeating: nil, count: files.count))
        let next = Locked(0)
        let workers = max(1, min(jobs, files.count))
        let group = DispatchGroup()
        for _ in 0..<workers {
            group.enter()
            let thread = Thread {
                let evaluator = CaseEvaluator(
                    reader: reader, physics: physics, set: parameters.set)
                while true {
                    let index = next.withLock { n -> Int in
                        defer { n += 1 }
                        return n
                    }
                    guard index < files.count else { break }
                    let start = clock.now
                    let result = BatchFileResult(path: files[index], evaluator: evaluator)
                    let took = BatchTimes.seconds(clock.now - start)
                    results.withLock { $0[index] = result }
                    seconds.withLock { $0[index] = took }
                    progress.fileDone(gestures: result.gestures)
                }
                group.leave()
            }
            thread.stackSize = 4 << 20
            thread.start()
        }
        group.wait()
        let total = BatchTimes.seconds(clock.now - started)
        let all = results.withLock { $0.map { $0! } }
        var times = BatchTimes(total: total)
        for (k, s) in seconds.withLock({ $0 }).enumerated() { times.perFile[files[k]] = s }
        return (all, times)
    }
}

/// How long a `batch` run took: each file's wall seconds (reading and deciding it), by path, and
/// the whole evaluation's (with `--jobs` above 1, less than the files' sum). Only the JUnit file
/// shows them (`time`); the JSON summary holds no durations, so it stays reproducible byte for
/// byte, and `merge`, which reads only summaries, has none to show (it writes 0).
struct BatchTimes: Sendable, Equatable {
    var perFile: [String: Double] = [:]
    var total: Double = 0

    /// A monotonic-clock duration in seconds.
    static func seconds(_ d: Duration) -> Double {
        Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18
    }
}
