import GestureTrace

/// Per-gesture physics with reusable GSL workspaces. Not thread-safe: one engine per thread
/// or task.
public final class PhysicsEngine {
    public let options: PhysicsOptions

    public init(options: PhysicsOptions = .init()) {
        self.options = options
    }

    /// Measures one gesture per physics.md. Never traps; all figures finite.
    public func measure(_ gesture: Gesture) -> GestureMeasurement {
        fatalError("not implemented yet")
    }
}
