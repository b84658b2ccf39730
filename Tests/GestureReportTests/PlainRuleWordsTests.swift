import Foundation
import GesturePhysics
import Testing

@testable import GestureReport

/// The headline names what ships in words before symbols (issue 29, item 5). Each sentence is
/// read here as a person would read it: the numbers are taken out of the words, the English
/// is turned into a decision by hand (below, one reading per sentence pattern), and that
/// decision must be the rule's own (`Rule.completes`) on a grid of release states, ties
/// included.
@Suite struct PlainRuleWordsTests {
    /// One way a sentence can read: its pattern (numbers captured) and what it means.
    struct Reading {
        var pattern: String
        /// The decision the words describe, from the captured numbers, at `state`.
        var decides: ([Double], ReleaseState) -> Bool
    }

    /// Speeds in the words are pt/s along the transition; positions are shares of the way.
    static func readings(extent e: Double) -> [Reading] {
        let n = #"(-?[0-9.]+)"#
        return [
            Reading(
                pattern:
                    "complete when the finger lets go at or past \(n)% of the way, whatever its speed",
                decides: { x, s in s.progress >= x[0] / 100 }),
            Reading(
                pattern:
                    "complete when the finger lets go moving forward at \(n) pt/s or faster, or at or past \(n)% of the way unless moving back at \(n) pt/s or faster",
                decides: { x, s in
                    s.velocity * e >= x[0]
                        || (s.progress >= x[1] / 100 && !(s.velocity * e <= -x[2]))
                }),
            Reading(
                pattern:
                    "complete when the finger lets go not moving back, and either past \(n)% of the way or moving forward faster than \(n) pt/s",
                decides: { x, s in
                    s.velocity >= 0 && (s.progress > x[0] / 100 || s.velocity * e > x[1])
                }),
            Reading(
                pattern:
                    "complete when the finger lets go past \(n)% of the way, not moving back, whatever its speed",
                decides: { x, s in s.velocity >= 0 && s.progress > x[0] / 100 }),
            Reading(
                pattern:
                    "complete when the swipe, carried on at its release speed for \(n) s, would be at or past \(n)% of the way",
                decides: { x, s in s.progress + x[0] * s.velocity >= x[1] / 100 }),
            Reading(
                pattern:
                    #"complete when the finger's last motion, its speed and its speeding up or slowing carried on for "#
                    + n
                    + #" s, would end at or past "# + n + " pt of the " + n
                    + #" \(a release of fewer than three samples: when moving forward\)"#,
                decides: { x, s in
                    guard s.sampleCount >= 3 else { return s.kinematicVelocity > 0 }
                    let d = x[0]
                    let travelled = s.kinematicVelocity * d + s.kinematicAcceleration * d * d / 2
                    return (s.progress + travelled) * x[2] >= x[1]
                }),
        ]
    }

    /// The reading whose pattern the whole sentence matches, with its numbers.
    static func read(_ words: String, extent: Double) -> (Reading, [Double])? {
        for r in readings(extent: extent) {
            let regex = try! NSRegularExpression(pattern: "^" + r.pattern + "$")
            let range = NSRange(words.startIndex..., in: words)
            guard let m = regex.firstMatch(in: words, range: range) else { continue }
            let numbers = (1..<m.numberOfRanges).map {
                Double(words[Range(m.range(at: $0), in: words)!])!
            }
            return (r, numbers)
        }
        return nil
    }

    static func states() -> [ReleaseState] {
        var out: [ReleaseState] = []
        for i in -10...110 {
            for j in -60...60 {
                out.append(ReleaseState(progress: Double(i) / 100, velocity: Double(j) / 20))
            }
        }
        return out
    }

    /// Grid values (whole percents, whole pt/s at this extent) are what tuning ships; the
    /// sentences carry them without rounding, so ties decide alike.
    @Test(arguments: [
        Rule.threshold(progress: 0.43, velocity: 1.25),
        .threshold(progress: 0.5, velocity: .infinity),
        .threshold(progress: 0.07, velocity: 3),
        .forward(progress: 0.45, velocity: 0.75),
        .forward(progress: 0.6, velocity: .infinity),
        .projection(progress: 0.43, tau: 0.52),
        .projection(progress: 0.5, tau: 0),
        .projection(progress: 0.31, tau: 0.05),
    ])
    func theWordsDecideWhatTheRuleDecides(rule: Rule) throws {
        let extent = 400.0
        let words = try #require(rule.plainDescription(extent: extent))
        let (reading, numbers) = try #require(Self.read(words, extent: extent), "\(words)")
        for s in Self.states() {
            #expect(
                reading.decides(numbers, s) == rule.completes(s),
                "\(words) at p \(s.progress), v \(s.velocity)")
        }
    }

    /// A logistic fit with `b1 > 0` reads as the projection it is (`p + (b2/b1) v ≥ −b0/b1`);
    /// off exact ties (where the two forms round differently) the words decide as it does.
    @Test func aLogisticFitReadsAsItsProjection() throws {
        let extent = 400.0
        let rule = Rule.logistic(b0: -0.86, b1: 2, b2: 1.04)
        let words = try #require(rule.plainDescription(extent: extent))
        #expect(
            words
                == "complete when the swipe, carried on at its release speed for 0.52 s, would be at or past 43% of the way"
        )
        let (reading, numbers) = try #require(Self.read(words, extent: extent))
        for s in Self.states() where abs(s.progress + 0.52 * s.velocity - 0.43) > 1e-9 {
            #expect(reading.decides(numbers, s) == rule.completes(s))
        }
        // Faster forward cancelling, or progress not counting: no sentence, the symbols alone.
        #expect(Rule.logistic(b0: -1, b1: 2, b2: -1).plainDescription(extent: extent) == nil)
        #expect(Rule.logistic(b0: -1, b1: 0, b2: 1).plainDescription(extent: extent) == nil)
        #expect(
            Rule.logistic(b0: -1, b1: 0, b2: 1).shipDescription(extent: extent)
                == Rule.logistic(b0: -1, b1: 0, b2: 1).reportDescription(extent: extent))
    }

    /// The kinematic target is `min(d_th, E / 2)` in points, the short-release case included.
    @Test func kinematicWordsDecideWhatTheRuleDecides() throws {
        for (rule, extent, target) in [
            (Rule.kinematic(distance: 120, duration: 0.25), 400.0, "120"),
            (Rule.kinematic(distance: 300, duration: 0.25), 400.0, "200"),
        ] {
            let words = try #require(rule.plainDescription(extent: extent))
            #expect(words.contains("at or past \(target) pt of the 400"), "\(words)")
            let (reading, numbers) = try #require(Self.read(words, extent: extent), "\(words)")
            for count in [2, 3] {
                for i in stride(from: -10, through: 110, by: 5) {
                    for j in stride(from: -60, through: 60, by: 4) {
                        for a in [-8.0, 0, 8] {
                            let s = ReleaseState(
                                progress: Double(i) / 100, velocity: 0,
                                kinematicVelocity: Double(j) / 20, kinematicAcceleration: a,
                                sampleCount: count, extent: extent)
                            let p = s.progress
                            let travelled =
                                s.kinematicVelocity * 0.25 + a * 0.25 * 0.25 / 2
                            let end = (p + travelled) * extent
                            // Off exact ties, where pt and progress round differently.
                            guard count < 3 || abs(end - Double(target)!) > 1e-6 else { continue }
                            #expect(reading.decides(numbers, s) == rule.completes(s), "\(words)")
                        }
                    }
                }
            }
        }
    }

    /// The headline opens with the words, then the symbols in brackets.
    @Test func theHeadlineNamesWhatShipsInWordsFirst() {
        var model = Fixture.model(count: 100)
        model.summary.currentRule = .threshold(progress: 0.5, velocity: .infinity)
        model.summary.suggestedRule = .projection(progress: 0.43, tau: 0.52)
        model.summary.extent = 400
        model.summary.currentError = 0.093
        model.summary.suggestedError = 0.07
        #expect(
            model.headline.hasPrefix(
                "Ship: complete when the swipe, carried on at its release speed for 0.52 s, would be at or past 43% of the way (projection p_th 0.43, tau 0.52 s). It misreads 7.0% of these swipes cross-validated (today 9.3%"
            ), "\(model.headline)")
        // Kept: the current rule in words, then its error, then the tuned alternative.
        model.summary.suggestedError = 0.095
        #expect(
            model.headline.hasPrefix(
                "Keep the current \(model.summary.currentSource) parameters: complete when the finger lets go at or past 50% of the way, whatever its speed (threshold p_th 0.5, v_th ∞ (velocity ignored)). It misreads 9.3% of these swipes; the best tuned rule, projection p_th 0.43, tau 0.52 s, is not expected to misread fewer out of sample"
            ), "\(model.headline)")
    }
}
