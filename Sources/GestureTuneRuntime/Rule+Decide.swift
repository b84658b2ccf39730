extension Rule {
    /// True when the rule completes the transition for `state` (physics.md, "Decision rules").
    public func completes(_ state: ReleaseState) -> Bool {
        let p = state.progress
        let v = state.velocity
        switch self {
        case .threshold(let pth, let vth):
            return v >= vth || (abs(v) < vth && p >= pth)
        case .forward(let pth, let vth):
            return v >= 0 && (v > vth || p > pth)
        case .projection(let pth, let tau):
            return p + tau * v >= pth
        case .kinematic(let dth, let d):
            if state.sampleCount < 3 { return state.kinematicVelocity > 0 }
            let target = min(dth / state.extent, 0.5)
            let landing = p + state.kinematicVelocity * d + state.kinematicAcceleration * d * d / 2
            return landing >= target
        case .logistic(let b0, let b1, let b2):
            return b0 + b1 * p + b2 * v >= 0
        }
    }
}
