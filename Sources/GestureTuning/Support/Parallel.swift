import Dispatch

enum Parallel {
    /// `body(i)` for every i in 0..<count, run concurrently (`DispatchQueue.concurrentPerform`),
    /// results in index order: the same whatever the thread count, when `body` depends only on i.
    static func map<T: Sendable>(_ count: Int, _ body: @Sendable (Int) -> T) -> [T] {
        var out = [T?](repeating: nil, count: count)
        out.withUnsafeMutableBufferPointer { buffer in
            nonisolated(unsafe) let target = buffer
            DispatchQueue.concurrentPerform(iterations: count) { i in target[i] = body(i) }
        }
        return out.map { $0! }
    }
}
