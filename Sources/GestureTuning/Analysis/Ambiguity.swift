import GesturePhysics

extension Rule {
    /// The rule with every parameter multiplied by the matching factor (in parameter order:
    /// `p_th, v_th` / `p_th, tau` / `d_th, D` / `b0, b1, b2`).
    func scaled(_ f: [Double]) -> Rule {
        switch self {
        case .threshold(let p, let v): .threshold(progress: p * f[0], velocity: v * f[1])
        case .forward(let p, let v): .forward(progress: p * f[0], velocity: v * f[1])
        case .projection(let p, let tau): .projection(progress: p * f[0], tau: tau * f[1])
        case .kinematic(let d, let duration): .kinematic(distance: d * f[0], duration: duration * f[1])
        case .logistic(let b0, let b1, let b2): .logistic(b0: b0 * f[0], b1: b1 * f[1], b2: b2 * f[2])
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
        isAmbiguous(state, box: ambiguityBox(band: band))
    }

    /// The rules whose decisions `isAmbiguous` compares with this one's: every parameter
    /// multiplied by `1 ± band` (and 1 for `kinematic`), all combinations.
    func ambiguityBox(band: Double) -> [Rule] {
        let levels: [Double]
        if case .kinematic = self { levels = [1 - band, 1, 1 + band] } else { levels = [1 - band, 1 + band] }
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
