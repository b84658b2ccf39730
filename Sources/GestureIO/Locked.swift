import Foundation

/// Shared mutable state behind a lock, in a class so that escaping closures (threads, signal
/// handlers) can hold it. The one lock wrapper of the package.
///
/// An `NSLock` (a pthread mutex), not `Synchronization.Mutex`: ThreadSanitizer, which `make
/// check` runs, intercepts pthread mutexes but not the futex inside the runtime's `Mutex`, and
/// reported every uncontended handoff through it as a data race. `@unchecked` because `value`
/// is only touched with `lock` held.
package final class Locked<Value>: @unchecked Sendable {
    private var value: Value
    private let lock = NSLock()

    package init(_ value: Value) { self.value = value }

    package func withLock<R, E: Error>(_ body: (inout Value) throws(E) -> R) throws(E) -> R {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
