import Foundation
import GestureNumerics
import GesturePhysics
import GestureTrace
import Testing

@testable import GestureTuning

/// The inferred split of unlabelled traces: fitted only on gestures that moved along the
/// axis, offered only when the components are separated and cross inside [0.05, 0.95].
@Suite struct UnlabelledSplitTests {
    /// 400 taps (never moved 10 pt: no entry angle, p_r = 0) and 100 scrolls (entry angle 80°)
    /// beside 600 swipes in two groups at 0.2 and 0.8 (σ 0.05): the taps would be a third,
    /// needle-thin cluster at 0. Left out, the two groups cross half-way, at 0.5 (equal
    /// weights and widths, mirror images).
    @Test func tapsAndScrollsAreLeftOut() throws {
        let rng = RandomSource(seed: 3)
        var points: [TuningPoint] = []
        for n in 0..<400 {
            points.append(TuningPoint(id: "tap\(n)", progress: 0, velocity: rng.gaussian(0.001)))
        }
        for n in 0..<100 {
            points.append(TuningPoint(id: "scroll\(n)", progress: 0.1, velocity: 0, entryAngle: 80))
        }
        for n in 0..<600 {
            let p = (n % 2 == 0 ? 0.2 : 0.8) + rng.gaussian(0.05)
            points.append(
                TuningPoint(id: "s\(n)", progress: p, velocity: 0, entryAngle: n % 3 == 0 ? 170 : 5)
            )
        }
        let u = Analyses.unlabelled(
            points, current: .threshold(progress: 0.5, velocity: 1), tau: 0.3, band: 0.1)
        #expect(u.leftOutStill == 400 && u.leftOutAcross == 100)
        #expect(u.mixture.count == 600)
        #expect(u.mixture.verdict == .separates)
        #expect(abs((u.mixture.crossing ?? 0) - 0.5) < 0.03)
    }

    /// Equal groups at −0.3 and 0.0 (σ 0.05, Ashman's D = 0.3 √2 / (0.05 √2) = 6): they cross
    /// at −0.15, outside [0.05, 0.95]: no split.
    @Test func crossingOutsideTheRangeIsRefused() {
        let rng = RandomSource(seed: 4)
        let x = (0..<1000).map { n in (n % 2 == 0 ? -0.3 : 0.0) + rng.gaussian(0.05) }
        let m = GaussianMixture.analyse(x, tau: 0.3)
        #expect(m.verdict == .crossingOutOfRange)
        #expect(m.crossing == nil)
    }

    /// A spike (σ 0.001, under 1% of the extent) beside a broad group: not a split of people.
    @Test func needleComponentIsNotASplit() {
        let rng = RandomSource(seed: 5)
        let x = (0..<1000).map { n in
            n % 2 == 0 ? 0.3 + rng.gaussian(0.001) : 0.6 + rng.gaussian(0.1)
        }
        let m = GaussianMixture.analyse(x, tau: 0.3)
        #expect(m.verdict == .notSeparated)
        #expect(m.crossing == nil)
    }

    /// Overlapping groups (means 0.45, 0.55, σ 0.1: D = 0.1 √2 / (0.1 √2) = 1 < 2).
    @Test func overlappingComponentsAreNotASplit() {
        let rng = RandomSource(seed: 6)
        let x = (0..<4000).map { n in (n % 2 == 0 ? 0.45 : 0.55) + rng.gaussian(0.1) }
        let m = GaussianMixture.analyse(x, tau: 0.3)
        #expect(m.verdict != .separates, "\(m)")
    }
}
