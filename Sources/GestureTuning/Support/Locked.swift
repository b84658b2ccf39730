import Synchronization

/// Shared mutable state behind a `Mutex`, in a class so that escaping closures (threads,
/// signal handlers) can hold it. The one lock wrapper of the package.
package final class Locked<Value>: Sendable {
    private let mutex: Mutex<Value>

    package init(_ value: sending Value) { mutex = Mutex(value) }

    package func withLock<R, E: Error>(
        _ body: (inout sending Value) throws(E) -> sending R
    ) throws(E) -> sending R {
        try mutex.withLock(body)
    }
}
