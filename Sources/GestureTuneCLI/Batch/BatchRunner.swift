import Foundation
import GesturePhysics
import GestureTrace
import GestureTuning

/// Runs the cases on `jobs` worker threads.
///
/// Each worker owns a `CaseEvaluator` (and so its own `PhysicsEngine`) and takes the next
/// file index from a shared counter; a result is stored at its file's index, so the results
/// are in corpus order and identical whatever `jobs` is. Each file is streamed by the reader.
enum BatchRunner {
    static func run(
        files: [String], jobs: Int, reader: ReaderOptions, physics: PhysicsOptions,
        parameters: DecisionParameters, progress: ProgressBar
    ) -> [BatchFileResult] {
        let results = Locked([BatchFileResult?](repeating: nil, count: files.count))
        let next = Locked(0)
        let workers = max(1, min(jobs, files.count))
        let group = DispatchGroup()
        for _ in 0..<workers {
            group.enter()
            let thread = Thread {
                let evaluator = CaseEvaluator(
                    reader: reader, physics: physics, parameters: parameters)
                while true {
                    let index = next.withLock { n -> Int in
                        defer { n += 1 }
                        return n
                    }
                    guard index < files.count else { break }
                    let result = evaluator.evaluate(files[index])
                    results.withLock { $0[index] = result }
                    progress.fileDone(gestures: result.gestures)
                }
                group.leave()
            }
            thread.stackSize = 4 << 20
            thread.start()
        }
        group.wait()
        return results.withLock { $0.map { $0! } }
    }
}
