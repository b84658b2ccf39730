import Foundation
import GesturePhysics
import GestureTrace
import GestureTuning
import TestSupport
import Testing

@testable import GestureReport
@testable import GestureTuneCLI

/// A `--direction` that does not fit the traces (vertical scrolling read as a swipe to the
/// right) is caught from the gestures' net displacement on screen.
@Suite struct MotionTallyTests {
    /// A gesture from (x0, y0) to (x1, y1) in three samples.
    func gesture(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> Gesture {
        Gesture(
            id: "g",
            samples: [
                Sample(t: 0, x: x0, y: y0, phase: .began),
                Sample(t: 0.016, x: (x0 + x1) / 2, y: (y0 + y1) / 2, phase: .moved),
                Sample(t: 0.033, x: x1, y: y1, phase: .ended),
            ])
    }

    @Test func countsTheDominantAxisAndSense() {
        var tally = MotionTally()
        tally.add(gesture(100, 600, 104, 540))  // up: |dy| 60 > |dx| 4
        tally.add(gesture(100, 300, 100, 380))  // down
        tally.add(gesture(10, 300, 200, 250))  // right: |dx| 190 > |dy| 50
        tally.add(gesture(200, 300, 150, 300))  // left
        tally.add(gesture(200, 300, 201, 301))  // a tap: 1 pt, not counted
        #expect(tally.counts == [.up: 1, .down: 1, .right: 1, .left: 1])
    }

    @Test func verticalScrollingUnderDirectionRightIsFlagged() throws {
        var tally = MotionTally()
        for _ in 0..<9 { tally.add(gesture(300, 600, 302, 450)) }
        tally.add(gesture(20, 300, 200, 300))
        let warning = try #require(tally.warning(for: .right)?.sentence)
        #expect(
            warning.hasPrefix(
                "Most gestures move up on screen (9 of 10, by their net displacement) but the direction is right"
            ))
        #expect(warning.contains("Pass --direction up"))
        #expect(tally.warning(for: .up) == nil)
    }

    @Test func mixedOrMatchingMotionIsNotFlagged() {
        var tally = MotionTally()
        // Swipe-backs: most move right, some peek and return (net left).
        for _ in 0..<6 { tally.add(gesture(10, 300, 250, 310)) }
        for _ in 0..<4 { tally.add(gesture(10, 300, 5, 300)) }
        #expect(tally.warning(for: .right) == nil)
        // Half up, half right: no majority another way.
        var half = MotionTally()
        for _ in 0..<5 { half.add(gesture(300, 600, 300, 450)) }
        for _ in 0..<5 { half.add(gesture(10, 300, 250, 300)) }
        #expect(half.warning(for: .right) == nil)
        #expect(MotionTally().warning(for: .right) == nil)
    }

    @Test func touchesFarBeyondTheExtentAreFlagged() throws {
        var tally = MotionTally()
        tally.add(gesture(300, 646, 300, 500))
        #expect(tally.maxX == 300 && tally.maxY == 646)
        // 646 > 1.25 * 390 = 487.5 along y; x (300) is within 390.
        let warning = try #require(
            tally.extentWarning(direction: .up, extent: 390, source: .defaultValue)?.sentence)
        #expect(
            warning.hasPrefix(
                "Touches reach 646 pt along y, beyond the 390 pt extent (the default)"))
        #expect(warning.hasSuffix("Pass --extent with the container's height in pt."))
        #expect(
            tally.extentWarning(direction: .right, extent: 390, source: .defaultValue)?.sentence
                == nil)
        #expect(tally.extentWarning(direction: .up, extent: 844, source: .option)?.sentence == nil)
        // Up to 25% beyond (a finger on the bezel, a slightly small extent) passes.
        #expect(
            tally.extentWarning(direction: .down, extent: 520, source: .option)?.sentence == nil)
    }

    /// With a width column, touches far beyond it (coordinates in px, width in pt) are
    /// flagged too; a touch up to 25% past it is a finger on the bezel.
    @Test func touchesBeyondTheWidthColumnAreFlagged() throws {
        var tally = MotionTally()
        var far = gesture(100, 300, 1000, 300)  // reaches 1000 in a 390 container: 2.56x
        far.width = 390
        var near = gesture(100, 300, 480, 300)  // 480 < 1.25 * 390 = 487.5
        near.width = 390
        tally.add(far)
        tally.add(near)
        #expect(tally.withWidth == 2 && tally.beyondWidth.count == 1)
        let w = try #require(tally.containerWarning(direction: .right))
        #expect(
            w
                == .beyondContainer(
                    count: 1, total: 2, reach: 1000, container: 390, direction: .right))
        #expect(
            w.sentence.hasPrefix(
                "On 1 of 2 gestures touches reach well beyond the width column (up to 1000 pt along x in a 390 pt container)"
            ))
        #expect(tally.containerWarning(direction: .down) == nil)
    }

    @Test func hugeCoordinatesAndExtentsDoNotTrap() throws {
        var tally = MotionTally()
        tally.add(gesture(1e300, 0, -1e300, 1.7976931348623157e308))
        #expect(
            tally.extentWarning(direction: .down, extent: 390, source: .defaultValue)?.sentence
                .hasPrefix(
                    "Touches reach 1.7976931348623157e+308 pt along y, beyond the 390 pt extent")
                == true)
        #expect(
            tally.extentWarning(direction: .right, extent: 1e300, source: .option)?.sentence == nil)
        #expect(TuningWarning.significant(3e300) == "3e+300")
        #expect(TuningWarning.whole(646.4) == "646")
    }

    @Test func analyzePutsTheWarningFirst() throws {
        var csv = "gesture,t,x,y,phase\n"
        for g in 1...4 {
            for k in 0...5 {
                csv +=
                    "g\(g),\(Double(g) + Double(k) * 0.016),300,\(600 - Double(k) * 30),\(k == 0 ? "began" : k == 5 ? "ended" : "moved")\n"
            }
        }
        let path = try TestSupport.writeTemporaryFile(csv, name: "scroll.csv")
        let c = CapturingConsole()
        #expect(c.run(["analyze", path, "--no-report"]) == .success)
        let warnings = c.stderr.split(separator: "\n").filter { $0.hasPrefix("warning: ") }
        #expect(
            warnings.first?.hasPrefix("warning: Most gestures move up on screen (4 of 4,") == true,
            "\(c.stderr)")
        // Standard output holds the answer alone.
        #expect(!c.stdout.contains("warning:"), "\(c.stdout)")
        let d = CapturingConsole()
        #expect(d.run(["analyze", path, "--no-report", "--direction", "up"]) == .success)
        #expect(!d.stderr.contains("Most gestures move"), "\(d.stderr)")
    }
}

/// A time column read in the wrong unit is caught from the median sampling rate.
@Suite struct TimeScaleCheckTests {
    func measurement(rate: Double) -> GestureMeasurement {
        GestureMeasurement(
            id: "g", file: "a.csv", sampleCount: 10, intent: nil, outcome: nil,
            interruptedBySystem: false, extent: 390,
            extentSource: .column, releaseProgress: 0.5,
            velocity: VelocityEstimate(
                vx: 0, vy: 0, axis: 0, usedEstimator: .lsq2, fellBack: false),
            progressVelocity: 0, estimates: [:], kinematicVelocity: 0, kinematicAcceleration: 0,
            startPosition: 0, entryAngle: nil,
            pauseBeforeRelease: 0, duration: 10 / rate, sampleRate: rate, peakVelocity: 0,
            lateReversal: false, duplicateTimestamps: 0,
            progressCurve: [])
    }

    @Test func millisecondsReadAsSeconds() throws {
        // 60 Hz samples 16.7 ms apart, written in ms, read as s: 0.06 samples per "second".
        let ms = [0.06, 0.059, 0.061].map { measurement(rate: $0) }
        let warning = try #require(TimeScaleCheck.warning(ms, unit: .s)).sentence
        #expect(
            warning
                == "Gestures are sampled at a median 0.06 Hz with the time column read in s: touch screens report 60–240 samples per second, so the column is likely in ms. Pass --time-unit ms."
        )
    }

    @Test func secondsReadAsMicroseconds() throws {
        let s = [120.0, 118, 121].map { measurement(rate: $0 * 1e6) }
        #expect(
            try #require(TimeScaleCheck.warning(s, unit: .us)).sentence.contains(
                "median 120 MHz with the time column read in us"))
        #expect(
            try #require(TimeScaleCheck.warning(s, unit: .us)).sentence.hasSuffix(
                "Pass --time-unit s."))
    }

    @Test func plausibleRatesPass() {
        #expect(
            TimeScaleCheck.warning([60.0, 120, 240].map { measurement(rate: $0) }, unit: .s) == nil)
        #expect(TimeScaleCheck.warning([2.0].map { measurement(rate: $0) }, unit: .ms) == nil)
        #expect(TimeScaleCheck.warning([], unit: .s) == nil)
    }

    @Test func twoSignificantDigits() {
        #expect(TuningWarning.significant(0.0594) == "0.059")
        #expect(TuningWarning.significant(119_998) == "120000")
        #expect(TuningWarning.rate(119_998_000) == "120 MHz")
        #expect(TuningWarning.rate(1.5) == "1.5 Hz")
    }
}
