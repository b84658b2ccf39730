import Foundation
import GestureNumerics
import GesturePhysics
import GestureTrace
import Testing

@testable import GestureTuning

@Suite("Logistic fit by IRLS")
struct LogisticFitTests {
    /// Saturated design: three design points, three coefficients, so the MLE reproduces the
    /// observed proportions. At (p, v) = (0, 0): 30/100 complete; (1, 0): 80/100; (0, 1): 60/100.
    /// Closed form: b0 = logit 0.3, b1 = logit 0.8 − logit 0.3, b2 = logit 0.6 − logit 0.3;
    /// Var(logit q̂) = 1 / (n q (1 − q)), so SE(b0)² = 1/21, SE(b1)² = 1/16 + 1/21, SE(b2)² = 1/24 + 1/21.
    @Test("Saturated design: coefficients and standard errors in closed form")
    func saturated() {
        var points: [TuningPoint] = []
        func add(_ p: Double, _ v: Double, complete: Int) {
            for n in 0..<100 {
                points.append(
                    TuningPoint(
                        id: "\(p)-\(v)-\(n)", progress: p, velocity: v,
                        intent: n < complete ? .complete : .cancel))
            }
        }
        add(0, 0, complete: 30)
        add(1, 0, complete: 80)
        add(0, 1, complete: 60)
        let fit = LogisticFit.fit(points)
        #expect(fit.outcome == .converged)
        let logit: (Double) -> Double = { log($0 / (1 - $0)) }
        let b = try! #require(fit.coefficients), se = try! #require(fit.standardErrors)
        #expect(TestSupportClose(b[0], logit(0.3)))
        #expect(TestSupportClose(b[1], logit(0.8) - logit(0.3)))
        #expect(TestSupportClose(b[2], logit(0.6) - logit(0.3)))
        #expect(TestSupportClose(se[0], (1.0 / 21).squareRoot(), 1e-6))
        #expect(TestSupportClose(se[1], (1.0 / 16 + 1.0 / 21).squareRoot(), 1e-6))
        #expect(TestSupportClose(se[2], (1.0 / 24 + 1.0 / 21).squareRoot(), 1e-6))
    }

    @Test(
        "A known logistic model's coefficients are recovered within 3 standard errors",
        arguments: [UInt64(21), 22, 23])
    func recovers(seed: UInt64) {
        let beta = [-3.0, 5.0, 1.2]
        let rng = RandomSource(seed: seed)
        let points = (0..<3000).map { n -> TuningPoint in
            let p = rng.uniform(), v = rng.uniform(-1, 3)
            let probability = 1 / (1 + exp(-(beta[0] + beta[1] * p + beta[2] * v)))
            return TuningPoint(
                id: "g\(n)", progress: p, velocity: v,
                intent: rng.uniform() < probability ? .complete : .cancel)
        }
        let fit = LogisticFit.fit(points)
        #expect(fit.outcome == .converged)
        let b = try! #require(fit.coefficients), se = try! #require(fit.standardErrors)
        for k in 0..<3 {
            #expect(abs(b[k] - beta[k]) <= 3 * se[k], "b\(k) = \(b[k]) ± \(se[k]), true \(beta[k])")
            #expect(se[k] > 0 && se[k] < 1)
        }
        #expect(fit.rule == .logistic(b0: b[0], b1: b[1], b2: b[2]))
    }

    @Test("Separation, one class, too few and a singular design are outcomes, not crashes")
    func outcomes() {
        let separated = (0..<20).map {
            TuningPoint(
                id: "\($0)", progress: Double($0) / 20, velocity: Double($0 % 3),
                intent: $0 >= 10 ? .complete : .cancel)
        }
        let fit = LogisticFit.fit(separated)
        #expect(fit.outcome == .separated)
        #expect(fit.rule == nil && fit.standardErrors == nil)
        #expect(fit.coefficients!.allSatisfy { $0.isFinite })
        #expect(LogisticFit.fit(separated.filter { $0.intent == .complete }).outcome == .oneClass)
        #expect(LogisticFit.fit(Array(separated[9...10])).outcome == .tooFew)
        #expect(LogisticFit.fit([]).outcome == .tooFew)
        // Every v_p equal: the v column is a multiple of the intercept column.
        let flat = (0..<20).map {
            TuningPoint(
                id: "\($0)", progress: Double($0 % 7) / 7, velocity: 0.5,
                intent: $0 % 3 == 0 ? .complete : .cancel)
        }
        #expect(LogisticFit.fit(flat).outcome == .singular)
    }
}

func TestSupportClose(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool {
    abs(a - b) <= tolerance * max(1, abs(b))
}
