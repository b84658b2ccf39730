import GestureIO
import GesturePhysics

/// A point in the release plane: `p` = release progress `p_r`, `v` = `v_p` in progress/s.
public struct PlanePoint: Sendable, Equatable {
    public var p: Double
    public var v: Double
    public init(p: Double, v: Double) {
        self.p = p
        self.v = v
    }
}

extension Rule {
    /// One line for people, e.g. `threshold p_th 0.42, v_th 1.35 progress/s (527 pt/s)` (numbers through `NumberText`), with
    /// mm/s too when the physical size of a point is known (`millimetresPerPoint`).
    /// An infinite velocity threshold prints as `velocity ignored`.
    func reportDescription(extent: Double, millimetresPerPoint: Double? = nil) -> String {
        let parts = parameters.map { p -> String in
            if p.unit == .progressPerSecond && p.value == .infinity {
                return "\(p.symbol) ∞ (velocity ignored)"
            }
            return
                "\(p.symbol) \(ParameterFormat.value(p.value, unit: p.unit, extent: extent, millimetresPerPoint: millimetresPerPoint))"
        }
        return family.rawValue + " " + parts.joined(separator: ", ")
    }

    /// What the rule does, in words a designer reads, starting `complete when`: positions as
    /// shares of the way (`NumberText.share`), speeds in pt/s along the transition (`forward`
    /// toward completion), times in seconds. It says exactly what `completes` decides (ties
    /// included: `at or past`, `or faster`). nil when no plain sentence fits (a logistic fit
    /// that does not read as a projection, a non-finite parameter): the symbols stand alone.
    func plainDescription(extent: Double) -> String? {
        guard parameters.allSatisfy({ !$0.value.isNaN }), extent.isFinite, extent > 0 else {
            return nil
        }
        func share(_ p: Double) -> String? { p.isFinite ? NumberText.share(p) : nil }
        func speed(_ v: Double) -> String { NumberText.speed(v * extent) + " pt/s" }
        func position(_ p: Double) -> String? {
            share(p).map {
                "complete when the finger lets go at or past \($0) of the way, whatever its speed"
            }
        }
        func projection(_ p: Double, _ tau: Double) -> String? {
            guard tau.isFinite, tau >= 0 else { return nil }
            if tau == 0 { return position(p) }
            return share(p).map {
                "complete when the swipe, carried on at its release speed for \(NumberText.seconds(tau)), would be at or past \($0) of the way"
            }
        }
        switch self {
        case .threshold(let p, let v):
            if v == .infinity { return position(p) }
            guard v.isFinite, v > 0, let at = share(p) else { return nil }
            return
                "complete when the finger lets go moving forward at \(speed(v)) or faster, or at or past \(at) of the way unless moving back at \(speed(v)) or faster"
        case .forward(let p, let v):
            guard let at = share(p) else { return nil }
            if v == .infinity {
                return
                    "complete when the finger lets go past \(at) of the way, not moving back, whatever its speed"
            }
            guard v.isFinite, v >= 0 else { return nil }
            return
                "complete when the finger lets go not moving back, and either past \(at) of the way or moving forward faster than \(speed(v))"
        case .projection(let p, let tau):
            return projection(p, tau)
        case .kinematic(let d, let duration):
            guard d.isFinite, duration.isFinite, duration >= 0 else { return nil }
            let target = min(d, extent / 2)
            return
                "complete when the finger's last motion, its speed and its speeding up or slowing carried on for \(NumberText.seconds(duration)), would end at or past \(NumberText.parameter(target)) pt of the \(NumberText.parameter(extent)) (a release of fewer than three samples: when moving forward)"
        case .logistic(let b0, let b1, let b2):
            // b0 + b1 p + b2 v >= 0 with b1 > 0 is p + (b2 / b1) v >= −b0 / b1: a projection.
            guard b1 > 0, b1.isFinite else { return nil }
            return projection(-b0 / b1, b2 / b1)
        }
    }

    /// The rule as the headline names what ships: the plain sentence, then the symbols in
    /// brackets (`complete when … (projection p_th 0.43, tau 0.52 s)`); the symbols alone when
    /// no sentence fits.
    func shipDescription(extent: Double, millimetresPerPoint: Double? = nil) -> String {
        let symbols = reportDescription(extent: extent, millimetresPerPoint: millimetresPerPoint)
        guard let words = plainDescription(extent: extent) else { return symbols }
        return "\(words) (\(symbols))"
    }

    /// The decision boundary in the (`p_r`, `v_p`) plane as polylines clipped to
    /// `p` in [pLow, pHigh] and `v` in [vLow, vHigh].
    ///
    /// Every family but `kinematic` is piecewise linear there:
    /// - `threshold`: (0, v_th) → (p_th, v_th) → (p_th, −v_th) → (1, −v_th); `v_th = ∞` is the line `p = p_th`;
    /// - `forward`: (0, v_th) → (p_th, v_th) → (p_th, 0) → (1, 0);
    /// - `projection`: `v = (p_th − p) / tau` (`tau = 0`: `p = p_th`);
    /// - `logistic`: `v = −(b0 + b1 p) / b2` (`b2 = 0`: `p = −b0 / b1`);
    /// - `kinematic`: drawn with `v_m = v_p` and `a_m = 0`: `v = (min(d_th / E, 0.5) − p) / D`.
    public func boundary(
        extent: Double, pRange: ClosedRange<Double> = 0...1, vRange: ClosedRange<Double>
    ) -> [[PlanePoint]] {
        let p0 = pRange.lowerBound, p1 = pRange.upperBound
        let v0 = vRange.lowerBound, v1 = vRange.upperBound
        // Far enough outside the box that clipping makes it exact.
        let far = max(abs(v0), abs(v1), 1) * 4 + 1
        func line(_ f: (Double) -> Double) -> [PlanePoint] {
            [PlanePoint(p: p0, v: f(p0)), PlanePoint(p: p1, v: f(p1))]
        }
        func vertical(_ p: Double) -> [PlanePoint] {
            [PlanePoint(p: p, v: -far), PlanePoint(p: p, v: far)]
        }
        var raw: [PlanePoint]
        switch self {
        case .threshold(let pth, let vth):
            if !vth.isFinite {
                raw = vertical(pth)
            } else {
                raw = [
                    PlanePoint(p: p0, v: vth), PlanePoint(p: pth, v: vth),
                    PlanePoint(p: pth, v: -vth), PlanePoint(p: p1, v: -vth),
                ]
            }
        case .forward(let pth, let vth):
            let v = vth.isFinite ? vth : far
            raw = [
                PlanePoint(p: p0, v: v), PlanePoint(p: pth, v: v), PlanePoint(p: pth, v: 0),
                PlanePoint(p: p1, v: 0),
            ]
        case .projection(let pth, let tau):
            raw = tau == 0 ? vertical(pth) : line { (pth - $0) / tau }
        case .logistic(let b0, let b1, let b2):
            if b2 != 0 {
                raw = line { -(b0 + b1 * $0) / b2 }
            } else if b1 != 0 {
                raw = vertical(-b0 / b1)
            } else {
                raw = []
            }
        case .kinematic(let dth, let d):
            let target = min(dth / max(extent, 1e-9), 0.5)
            raw = d == 0 ? vertical(target) : line { (target - $0) / d }
        }
        raw = raw.filter { $0.p.isFinite && $0.v.isFinite }
        return Self.clip(raw, p0: p0, p1: p1, v0: v0, v1: v1)
    }

    /// Clips a polyline to the box (Liang–Barsky per segment), joining consecutive pieces.
    static func clip(_ line: [PlanePoint], p0: Double, p1: Double, v0: Double, v1: Double)
        -> [[PlanePoint]]
    {
        var out: [[PlanePoint]] = []
        var current: [PlanePoint] = []
        guard line.count >= 2 else { return [] }
        for i in 1..<line.count {
            let a = line[i - 1], b = line[i]
            let dp = b.p - a.p, dv = b.v - a.v
            var t0 = 0.0, t1 = 1.0
            var visible = true
            for (pk, qk) in [(-dp, a.p - p0), (dp, p1 - a.p), (-dv, a.v - v0), (dv, v1 - a.v)] {
                if pk == 0 {
                    if qk < 0 {
                        visible = false
                        break
                    }
                } else {
                    let r = qk / pk
                    if pk < 0 { t0 = max(t0, r) } else { t1 = min(t1, r) }
                    if t0 > t1 {
                        visible = false
                        break
                    }
                }
            }
            guard visible else {
                if current.count >= 2 { out.append(current) }
                current = []
                continue
            }
            let ca = PlanePoint(p: a.p + t0 * dp, v: a.v + t0 * dv)
            let cb = PlanePoint(p: a.p + t1 * dp, v: a.v + t1 * dv)
            if let last = current.last, abs(last.p - ca.p) < 1e-12, abs(last.v - ca.v) < 1e-12 {
                current.append(cb)
            } else {
                if current.count >= 2 { out.append(current) }
                current = [ca, cb]
            }
        }
        if current.count >= 2 { out.append(current) }
        return out
    }
}

/// Formats parameter values with their units (numbers through `NumberText`: the value in the
/// rule's own unit to two decimals, its pt/s and mm/s conversions whole).
enum ParameterFormat {
    /// `0.42`, `1.35 progress/s (527 pt/s)`, `0.3 s`, `187.5 pt`, `12°`; with
    /// `millimetresPerPoint` (a dpi column), `1.35 progress/s (527 pt/s, 84 mm/s)`.
    static func value(
        _ x: Double?, unit: ParameterUnit, extent: Double, millimetresPerPoint: Double? = nil
    ) -> String {
        guard let x else { return "n/a" }
        switch unit {
        case .progress, .ratio, .coefficient:
            return NumberText.parameter(x)
        case .progressPerSecond:
            if !x.isFinite { return NumberText.parameter(x) + " progress/s" }
            let mm =
                millimetresPerPoint.map { ", " + NumberText.speed(x * extent * $0) + " mm/s" } ?? ""
            return NumberText.parameter(x) + " progress/s (" + NumberText.speed(x * extent)
                + " pt/s" + mm + ")"
        case .seconds: return NumberText.seconds(x)
        case .points: return NumberText.parameter(x) + " pt"
        case .degrees: return NumberText.parameter(x) + "°"
        }
    }

    static func interval(
        _ i: Interval?, unit: ParameterUnit, extent: Double, millimetresPerPoint: Double? = nil
    ) -> String {
        guard let i else { return "" }
        if unit == .progressPerSecond {
            let mm =
                millimetresPerPoint.map {
                    ", [" + NumberText.speed(i.low * extent * $0) + ", "
                        + NumberText.speed(i.high * extent * $0) + "] mm/s"
                } ?? ""
            return "[" + NumberText.parameter(i.low) + ", " + NumberText.parameter(i.high)
                + "] progress/s ([" + NumberText.speed(i.low * extent)
                + ", " + NumberText.speed(i.high * extent) + "] pt/s" + mm + ")"
        }
        return "[" + NumberText.parameter(i.low) + ", " + NumberText.parameter(i.high) + "]"
    }
}
