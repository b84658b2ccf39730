import Dispatch
import Foundation
import Synchronization

public enum Parallel {
    /// Most workers one parallel step runs at once: the cores, unless `limitWorkers` lowered
    /// it. Every thread reserves a stack, so a small address space needs few of them.
    package static var workers: Int { workerLimit.load(ordering: .relaxed) }
    private static let workerLimit = Atomic<Int>(ProcessInfo.processInfo.activeProcessorCount)

    /// At most `count` (at least 1) workers per parallel step from now on; 1 runs every step
    /// on the calling thread. Results do not depend on it.
    public static func limitWorkers(_ count: Int) {
        let cores = ProcessInfo.processInfo.activeProcessorCount
        workerLimit.store(max(1, min(count, cores)), ordering: .relaxed)
    }

    /// `body(i)` for every i in 0..<count, run concurrently (`DispatchQueue.concurrentPerform`)
    /// on at most `workers` threads, results in index order: the same whatever the thread
    /// count, when `body` depends only on i.
    package static func map<T: Sendable>(_ count: Int, _ body: @Sendable (Int) -> T) -> [T] {
        let workers = min(count, Self.workers)
        if workers <= 1 { return (0..<count).map(body) }
        var out = [T?](repeating: nil, count: count)
        out.withUnsafeMutableBufferPointer { buffer in
            nonisolated(unsafe) let target = buffer
            if workers >= count {
                DispatchQueue.concurrentPerform(iterations: count) { i in target[i] = body(i) }
            } else {
                // The next index, taken with one atomic add (which ThreadSanitizer sees, unlike
                // the futex inside an uncontended `Mutex` of the uninstrumented runtime).
                let next = Atomic<Int>(0)
                DispatchQueue.concurrentPerform(iterations: workers) { _ in
                    while true {
                        let i = next.wrappingAdd(1, ordering: .relaxed).oldValue
                        guard i < count else { break }
                        target[i] = body(i)
                    }
                }
            }
        }
        return out.map { $0! }
    }

    /// Starts `work` on another thread and returns at once; `Pending.value` waits for its
    /// result. For independent steps, so one's serial part overlaps another's parallel one.
    /// With one core (or one worker), `work` runs when its value is first asked for, on the
    /// asking thread.
    ///
    /// `work` goes to a private serial queue, which libdispatch serves from its overcommit
    /// pool (a thread is always found): waiting for it cannot deadlock even when every worker
    /// of the width-limited global pool is itself waiting (`tune` inside `Parallel.map`).
    package static func start<T: Sendable>(_ work: @escaping @Sendable () -> T) -> Pending<T> {
        Pending(work)
    }

    /// The result of a `start`ed step.
    package final class Pending<T: Sendable>: Sendable {
        /// The result once known, or the work not started yet (one core).
        private enum State {
            case waiting(@Sendable () -> T)
            case running
            case done(T)
        }
        private let state: Locked<State>
        private let group = DispatchGroup()

        fileprivate init(_ work: @escaping @Sendable () -> T) {
            if Parallel.workers > 1 {
                state = Locked(.running)
                DispatchQueue(label: "gesturetune.parallel.start").async(group: group) { [self] in
                    let result = work()
                    state.withLock { $0 = .done(result) }
                }
            } else {
                state = Locked(.waiting(work))
            }
        }

        /// Waits for the step (or runs it, with one core); call from one thread.
        package var value: T {
            let work = state.withLock { s -> (@Sendable () -> T)? in
                guard case .waiting(let work) = s else { return nil }
                s = .running
                return work
            }
            if let work {
                let result = work()
                state.withLock { $0 = .done(result) }
            }
            group.wait()
            return state.withLock { s -> T in
                guard case .done(let result) = s else {
                    preconditionFailure("a started step without its result")
                }
                return result
            }
        }
    }

    /// Runs `body(index, workspace)` for every index in 0..<count on `jobs` workers (nil: one
    /// per core), in chunks of `chunk` consecutive indices taken as workers free up, each chunk
    /// with a fresh `workspace()`; results in index order. `body` must depend only on the
    /// index (seeding from it), so the results do not depend on `jobs` or on scheduling.
    package static func chunkedMap<T: Sendable, Workspace>(
        _ count: Int, chunk: Int, jobs: Int?, workspace: @Sendable () -> Workspace,
        _ body: @Sendable (Int, Workspace) -> T
    ) -> [T] {
        var out = [T?](repeating: nil, count: count)
        let chunks = (count + chunk - 1) / chunk
        let workers = max(1, min(chunks, jobs ?? Self.workers, Self.workers))
        out.withUnsafeMutableBufferPointer { buffer in
            nonisolated(unsafe) let target = buffer
            @Sendable func run(_ c: Int) {
                let ws = workspace()
                for index in (c * chunk)..<min(count, (c + 1) * chunk) {
                    target[index] = body(index, ws)
                }
            }
            if workers == 1 {
                for c in 0..<chunks { run(c) }
            } else if workers >= chunks {
                DispatchQueue.concurrentPerform(iterations: chunks) { c in run(c) }
            } else {
                // At most `workers` at once: each takes the next chunk until none is left.
                let next = Atomic<Int>(0)
                DispatchQueue.concurrentPerform(iterations: workers) { _ in
                    while true {
                        let c = next.wrappingAdd(1, ordering: .relaxed).oldValue
                        guard c < chunks else { break }
                        run(c)
                    }
                }
            }
        }
        return out.map { $0! }
    }
}
