import GestureIO
import Testing

@testable import GestureReport
@testable import GestureTuning

/// The parameter table's basis notes: the tuner's typed figures worded by GestureReport with
/// `NumberText` (times and parameters two decimals trimmed, shares one decimal). Every expected
/// text is computed by hand from the inputs.
@Suite struct SuggestionTextTests {
    @Test func completionSpeedAndCap() {
        // 1/v_p = 0.2, 0.3, 0.4 s: median 0.3 s; with D = 0.35 s and s = 1 the ratio is
        // (1 / 0.35) × 0.3 = 0.857… → 0.86.
        let speed = Suggestions.completionSpeed(
            inverseVelocities: QuantileSketch([0.2, 0.3, 0.4]), duration: 0.35, current: 1)
        #expect(
            speed.basisText
                == "median 1/v_p = 0.3 s over 3 completing gestures with v_p > 0; D = 0.35 s; median velocity ratio now 0.86"
        )
        #expect(
            Suggestions.completionSpeed(
                inverseVelocities: QuantileSketch(), duration: 0.35, current: 1
            ).basisText
                == "no completing gesture moved forward at release")
        // Times 0.1 … 1.0 s: 90th percentile at rank 9 × 0.9 = 8.1 → 0.9 + 0.1 × 0.1 = 0.91 s.
        let cap = Suggestions.fingerSpeedCap(
            times: QuantileSketch((1...10).map { Double($0) / 10 }))
        #expect(
            cap.basisText
                == "90th percentile of r/|v_p| = 0.91 s over 10 completing releases, clamped to [0.2, 0.54] s"
        )
        #expect(
            Suggestions.fingerSpeedCap(times: QuantileSketch()).basisText
                == "no completing release with nonzero velocity")
    }

    @Test func spring() {
        // A settling time equal to the response: the median reaches 0.35 s at response 0.35 s.
        let found = Suggestions.spring(
            initialVelocities: QuantileSketch([1, 2, 3]), dampingRatio: 0.8, target: 0.35,
            medianSettlingTime: { _, response, _ in response })
        #expect(found.status == .found)
        #expect(
            found.basisText
                == "median settling time 0.35 s (within 0.5%) over 3 gestures (response rounded to 1 ms), damping ratio 0.8, median initial velocity 2 /s"
        )
        let far = Suggestions.spring(
            initialVelocities: QuantileSketch([1, 2, 3]), dampingRatio: 1, target: 5,
            medianSettlingTime: { _, response, _ in response })
        #expect(
            far.basisText == "median settling time does not reach 5 s for responses in [0.02, 3] s")
        #expect(
            Suggestions.spring(
                initialVelocities: QuantileSketch([1]), dampingRatio: 1, target: 0.35,
                medianSettlingTime: nil
            ).basisText
                == "no spring settling-time function available")
        #expect(
            Suggestions.spring(
                initialVelocities: QuantileSketch(), dampingRatio: 1, target: 0.35,
                medianSettlingTime: nil
            ).basisText
                == "no gesture with room left to animate")
    }

    @Test func edgeWidth() {
        // Starts 0 … 99 pt: 95th percentile 99 × 0.95 = 94.05 pt; 21 of 100 within 20 pt, 51 within 50 pt.
        let mixed = Suggestions.edgeWidth(
            starts: (0..<100).map(Double.init) + Array(repeating: -161, count: 10))
        #expect(
            mixed.basisText
                == "95th percentile of start position 94.05 pt + 4 pt over 100 gestures; 20 pt keeps 21.0%, 50 pt keeps 51.0%; 10 starts before the leading edge left out"
        )
        #expect(
            Suggestions.edgeWidth(starts: [0, 10]).basisText.hasSuffix(
                "20 pt keeps 100.0%, 50 pt keeps 100.0%"))
        #expect(
            Suggestions.edgeWidth(starts: [-161, -170, -150]).basisText
                == "n/a: all 3 start positions lie before the leading edge (negative distance): check --direction and --extent"
        )
        #expect(Suggestions.edgeWidth(starts: []).basisText == "no gesture start positions")
    }

    @Test func directionLock() {
        // |angles| 0 … 19°: 95th percentile 19 × 0.95 = 18.05°.
        let lock = Suggestions.directionLock(
            angles: (0..<20).map { Double($0) * ($0 % 2 == 0 ? 1 : -1) })
        #expect(
            lock.basisText == "95th percentile of |entry angle| = 18.05° over 20 intended swipes")
        // 1° and 2°: 1 + 0.95 = 1.95°, below the floor.
        #expect(
            Suggestions.directionLock(angles: [1, 2], population: .unlabelledGestures).basisText
                == "95th percentile of |entry angle| = 1.95° over 2 gestures (no intent labels); raised to the 6° floor (1 pt of jitter at 10 pt)"
        )
        #expect(
            Suggestions.directionLock(angles: []).basisText
                == "no entry angles (no gesture moved 10 pt)")
    }
}
