import GesturePhysics

extension Rule {
    /// The rule with every parameter multiplied by the matching factor (in parameter order:
    /// `p_th, v_th` / `p_th, tau` / `d_th, D` / `b0, b1, b2`).
    func scaled(_ f: [Double]) -> Rule { scaled(f[0], f[1], f.count > 2 ? f[2] : 1) }

    /// `scaled([f0, f1, f2])` (`f2` read by `logistic` only).
    func scaled(_ f0: Double, _ f1: Double, _ f2: Double) -> Rule {
        switch self {
        case .threshold(let p, let v): .threshold(progress: p * f0, velocity: v * f1)
        case .forward(let p, let v): .forward(progress: p * f0, velocity: v * f1)
        case .projection(let p, let tau): .projection(progress: p * f0, tau: tau * f1)
        case .kinematic(let d, let duration): .kinematic(distance: d * f0, duration: duration * f1)
        case .logistic(let b0, let b1, let b2): .logistic(b0: b0 * f0, b1: b1 * f1, b2: b2 * f2)
        }
    }

    var parameterCount: Int { if case .logistic = self { 3 } else { 2 } }

    /// True when the gesture sits within `band` (default 10%) of this rule's boundary: some
    /// parameter set with every parameter multiplied independently by a factor in
    /// `[1 - band, 1 + band]` decides it differently from this one.
    ///
    /// For `threshold` and `forward` the velocity parameter only switches the mode
    /// (velocity-decided or position-decided) once and the position decision is monotone in
    /// `p_th`; `projection` and `logistic` are linear in each parameter: in all four the box's
    /// corners reach every decision the box holds, so checking corners is exact. `kinematic`
    /// is quadratic in `D`: corners and the centre of each edge are checked (an approximation).
    public func isAmbiguous(_ state: ReleaseState, band: Double = 0.10) -> Bool {
        // The box's rules one by one, as `ambiguityBox` lists them, without building the list.
        let decided = completes(state)
        let levels = isKinematic ? 3 : 2
        let count = parameterCount
        var combinations = 1
        for _ in 0..<count { combinations *= levels }
        for c in 0..<combinations {
            // Digit k (base `levels`, most significant first) picks parameter k's factor.
            var rest = c
            var f = (0.0, 0.0, 0.0)
            for k in stride(from: count - 1, through: 0, by: -1) {
                let level = rest % levels
                rest /= levels
                let factor = level == 0 ? 1 - band : (levels == 3 && level == 1 ? 1 : 1 + band)
                switch k {
                case 0: f.0 = factor
                case 1: f.1 = factor
                default: f.2 = factor
                }
            }
            if scaled(f.0, f.1, f.2).completes(state) != decided { return true }
        }
        return false
    }

    private var isKinematic: Bool { if case .kinematic = self { true } else { false } }

    /// The rules whose decisions `isAmbiguous` compares with this one's: every parameter
    /// multiplied by `1 ± band` (and 1 for `kinematic`), all combinations.
    func ambiguityBox(band: Double) -> [Rule] {
        let levels: [Double]
        if case .kinematic = self {
            levels = [1 - band, 1, 1 + band]
        } else {
            levels = [1 - band, 1 + band]
        }
        var factors: [[Double]] = [[]]
        for _ in 0..<parameterCount { factors = factors.flatMap { f in levels.map { f + [$0] } } }
        return factors.map { scaled($0) }
    }

    /// `isAmbiguous` with the box computed once (`ambiguityBox(band:)`), for many gestures.
    func isAmbiguous(_ state: ReleaseState, box: [Rule]) -> Bool {
        let decided = completes(state)
        return box.contains { $0.completes(state) != decided }
    }
}
