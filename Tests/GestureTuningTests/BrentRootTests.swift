import GestureNumerics
import Testing

/// `GSL.brentRoot(enough:)`: the early end the spring search uses once its bracket rounds alike.
@Suite("Brent root, ended when the bracket is enough")
struct BrentEnoughTests {
    @Test("Ending once both ends round to 0.001 gives the root √2 rounds to, in fewer evaluations")
    func endsEarly() throws {
        final class Count: @unchecked Sendable { var n = 0 }
        let full = Count(), early = Count()
        let exact = try #require(
            try GSL.brentRoot(lower: 1, upper: 2, xTolerance: 1e-12, relativeTolerance: 0) { x in
                full.n += 1
                return x * x - 2
            })
        let round: (Double) -> Double = { ($0 * 1000).rounded() / 1000 }
        let quick = try #require(
            try GSL.brentRoot(
                lower: 1, upper: 2, xTolerance: 1e-12, relativeTolerance: 0,
                enough: { round($0) == round($1) }
            ) { x in
                early.n += 1
                return x * x - 2
            })
        #expect(abs(exact - 2.0.squareRoot()) < 1e-11)
        #expect(round(quick) == 1.414 && round(exact) == 1.414)
        #expect(early.n < full.n, "evaluations: \(early.n) with enough, \(full.n) without")
    }
}

/// `GSL.brentRoot` checks the sign change at the bracket's ends itself, then hands those
/// values to `gsl_root_fsolver_set`: `f` is evaluated at each end once (for the spring
/// search each evaluation is 2,000 settling times).
@Suite("Brent root, the bracket's ends evaluated once")
struct BrentEndsTests {
    @Test func eachEndIsEvaluatedOnce() throws {
        final class Calls: @unchecked Sendable { var at: [Double] = [] }
        let calls = Calls()
        let root = try #require(
            try GSL.brentRoot(lower: 0.25, upper: 3, xTolerance: 1e-12, relativeTolerance: 0) { x in
                calls.at.append(x)
                return x * x * x - 2
            })
        #expect(abs(root - 1.2599210498948732) < 1e-11)
        #expect(calls.at.filter { $0 == 0.25 }.count == 1, "\(calls.at)")
        #expect(calls.at.filter { $0 == 3 }.count == 1, "\(calls.at)")
        #expect(Array(calls.at.prefix(2)) == [0.25, 3])
    }
}
