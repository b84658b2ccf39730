import Foundation

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
            if state.sampleCount < GestureTuneDefaults.kinematicSamples {
                return state.kinematicVelocity > 0
            }
            let target = min(dth / state.extent, 0.5)
            let landing = p + state.kinematicVelocity * d + state.kinematicAcceleration * d * d / 2
            return landing >= target
        case .logistic(let b0, let b1, let b2):
            return b0 + b1 * p + b2 * v >= 0
        }
    }
}

/// A rule family's decision as text: the table the Kotlin and JavaScript runtimes' `decide` is
/// generated from (`make runtimes`), written in the arithmetic the three languages share. The
/// names are the release state's (`progress`, `velocity`, `kinematicVelocity`,
/// `kinematicAcceleration`, `kinematicCount`, `extent`), the family's parameters by their
/// symbol's local name (`RuleParameterSpec.localName`), and `abs(_)`, `min(_, _)`. It states
/// `Rule.completes` above, operation for operation (same order, so the same rounding): the
/// conformance cases hold all three to it.
public struct DecisionFormula: Sendable, Equatable {
    /// When this holds, the decision is `earlyResult` (the kinematic rule's short gesture).
    public var earlyCondition: String?
    public var earlyResult: String?
    /// `name = expression` lines before the result.
    public var locals: [(name: String, expression: String)]
    public var result: String

    public static func == (a: DecisionFormula, b: DecisionFormula) -> Bool {
        a.earlyCondition == b.earlyCondition && a.earlyResult == b.earlyResult
            && a.locals.map(\.name) == b.locals.map(\.name)
            && a.locals.map(\.expression) == b.locals.map(\.expression) && a.result == b.result
    }
}

extension RuleFamily {
    /// The decision of `Rule.completes` for this family, as text (`DecisionFormula`).
    public var decisionFormula: DecisionFormula {
        switch self {
        case .threshold:
            DecisionFormula(
                locals: [],
                result: "velocity >= vth || (abs(velocity) < vth && progress >= pth)")
        case .forward:
            DecisionFormula(
                locals: [], result: "velocity >= 0 && (velocity > vth || progress > pth)")
        case .projection:
            DecisionFormula(locals: [], result: "progress + tau * velocity >= pth")
        case .kinematic:
            DecisionFormula(
                earlyCondition: "kinematicCount < \(GestureTuneDefaults.kinematicSamples)",
                earlyResult: "kinematicVelocity > 0",
                locals: [("target", "min(dth / extent, 0.5)")],
                result:
                    "progress + kinematicVelocity * d + kinematicAcceleration * d * d / 2 >= target"
            )
        case .logistic:
            DecisionFormula(locals: [], result: "b0 + b1 * progress + b2 * velocity >= 0")
        }
    }
}

extension RuleParameterSpec {
    /// The parameter's name in `DecisionFormula`: its symbol without `_` (`p_th` → `pth`),
    /// lower-cased (`D` → `d`).
    public var localName: String { symbol.replacingOccurrences(of: "_", with: "").lowercased() }
}
