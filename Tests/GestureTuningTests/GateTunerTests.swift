import Foundation
import GesturePhysics
import GestureTrace
import Testing

@testable import GestureTuning

/// The gate tuning on hand-made gestures: only their gate features matter.
@Suite("Gate tuning")
struct GateTunerTests {
    static func gesture(
        _ id: String, edge: Double, angle: Double?, intent: Intent? = .complete,
        other: Bool = false
    ) -> GestureMeasurement {
        let v = VelocityEstimate(vx: 100, vy: 0, axis: 100, usedEstimator: .lsq2, fellBack: false)
        return GestureMeasurement(
            id: id, file: "a.csv", sampleCount: 10, intent: other ? nil : intent, outcome: nil,
            interruptedBySystem: false, extent: 390, extentSource: .column, releaseProgress: 0.5,
            velocity: v, progressVelocity: v.axis / 390, estimates: [.lsq2: v],
            kinematicVelocity: 0, kinematicAcceleration: 0, startPosition: edge,
            entryAngle: angle, pauseBeforeRelease: 0, duration: 0.2, sampleRate: 60,
            peakVelocity: 100, lateReversal: false, duplicateTimestamps: 0, progressCurve: [],
            gate: GateFeatures(
                edgeDistance: edge, edgeShare: edge / 390, slop: 10, angle: angle,
                timeToSlop: nil, distanceToSlop: nil, movedAgainst: false),
            notMeant: other)
    }

    /// Meant swipes start at 5, 10, 15 pt heading 10°, 20°, 30°; the others are a carousel
    /// swipe mid-screen (50 pt, 5°), a scroll at the edge (8 pt, 80°) and a tap (no angle).
    /// Every gate with 15 <= w <= 49 pt and 30° <= θ <= 79° gets all right (cost 0): 50 locks
    /// × 35 edges. The middle lock of the 1750 minimisers (sorted, the 875th) is 30 + 24 = 54°,
    /// the middle edge at that lock the 18th of 15…49: 32 pt.
    static let gestures: [GestureMeasurement] = [
        gesture("m1", edge: 5, angle: 10), gesture("m2", edge: 10, angle: 20, intent: .cancel),
        gesture("m3", edge: 15, angle: 30), gesture("o1", edge: 50, angle: 5, other: true),
        gesture("o2", edge: 8, angle: 80, other: true),
        gesture("o3", edge: 3, angle: nil, other: true),
        gesture("u1", edge: 3, angle: 3, intent: nil),
    ]

    static func statistics(_ ms: [GestureMeasurement], folds: Int = 5) -> GateStatistics {
        var s = GateStatistics(
            folds: folds, seed: 1, slop: 10,
            references: ReferenceGates.all(current: Gate(edgeWidth: 12, lockAngle: 25), slop: 10))
        for m in ms { s.add(m, key: GestureKey(file: m.file, id: m.id)) }
        return s
    }

    @Test func tunesTheMiddleOfTheFlatOptimum() throws {
        let s = Self.statistics(Self.gestures)
        #expect(s.meant == 3 && s.others == 3 && s.unlabelled == 1)
        let a = GateTuner.tune(s)
        #expect(a.suggested == Gate(edgeWidth: 32, lockAngle: 54, slop: 10))
        #expect(a.misses == 0 && a.falseTriggers == 0)
        #expect(a.missRate == 0 && a.falseTriggerRate == 0)
        #expect(
            a.optimum
                == GateRegion(lowestEdge: 15, highestEdge: 49, lowestLock: 30, highestLock: 79))
        // The current gate (12 pt, 25°) misses m3 (15 pt) and admits no other; full screen at
        // 25° misses m3 too and admits the carousel swipe (5°); Flutter's 20 pt at 90° admits
        // the edge scroll (8 pt, 80°); Android's 30 pt the same.
        let counts = a.references.map { "\($0.name) \($0.misses) \($0.falseTriggers)" }
        #expect(
            counts == [
                "current 1 0", "full-screen 1 1", "flutter-cupertino 0 1", "android-back 0 1",
            ])
    }

    /// λ = 0: false triggers cost nothing, so every gate that misses none is optimal: w from
    /// 15 pt to the whole extent, θ from 30° to 90°. Middle lock: the 31st of 30…90, 60°;
    /// middle edge at it: the middle of the grid's edges from 15 pt (the whole extent last).
    /// That gate (past 50 pt, 60°) admits the carousel swipe (50 pt, 5°), not the scroll (80°).
    @Test func freeFalseTriggersOnlyCountMisses() throws {
        let a = GateTuner.tune(Self.statistics(Self.gestures), falseTriggerCost: 0)
        let edges = GateGrid.edgeWidths.filter { $0 >= 15 }.map { Optional($0) } + [nil]
        #expect(a.suggested?.lockAngle == 60)
        #expect(a.suggested?.edgeWidth == edges[(edges.count - 1) / 2])
        #expect(a.misses == 0 && a.falseTriggers == 1)
    }

    @Test func withoutOthersNothingIsTuned() {
        let a = GateTuner.tune(Self.statistics(Self.gestures.filter { !$0.notMeant }))
        #expect(!a.measured && a.suggested == nil)
    }

    /// Any split of the gestures merges to the statistics of the whole, byte for byte.
    @Test func mergesExactly() throws {
        let whole = Self.statistics(Self.gestures)
        var left = Self.statistics(Array(Self.gestures.prefix(4)))
        let right = Self.statistics(Array(Self.gestures.dropFirst(4)))
        try left.merge(right)
        #expect(left == whole)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        #expect(try encoder.encode(left) == encoder.encode(whole))
        let back = try JSONDecoder().decode(GateStatistics.self, from: encoder.encode(whole))
        #expect(back == whole)
        var other = GateStatistics(folds: 3, seed: 1, slop: 10, references: [])
        #expect(throws: StatisticsMismatch.self) { try other.merge(whole) }
    }

    /// Synthesized coding: a round trip gives the statistics back (`==`, and the same bytes
    /// again), the cells a JSON object keyed by the decimal cell key; decoding checks nothing
    /// else, `violation()` does: each hostile edit of the file is named, never a trap.
    @Test func codesAndChecksWhatItDecodes() throws {
        var s = Self.statistics(Self.gestures, folds: 3)
        let limit = GateStatistics.key(
            edge: GateGrid.fullExtent, angle: GateGrid.noAngle, other: true, current: true,
            fold: 2, folds: 3)
        s.cells[limit] = TuningStatistics.countLimit
        s.cells[0, default: 0] += 2
        #expect(s.cells.count >= 6 && s.references.count == 4)
        #expect(
            s.references.contains { $0.misses > 0 }
                && s.references.contains { $0.falseTriggers > 0 })
        #expect(s.violation() == nil)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let data = try encoder.encode(s)
        let back = try JSONDecoder().decode(GateStatistics.self, from: data)
        #expect(back == s && back.violation() == nil)
        #expect(try encoder.encode(back) == data)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["schema"] as? String == "gesturetune-gate-statistics/3")
        #expect(
            object["cells"] as? [String: Int]
                == Dictionary(uniqueKeysWithValues: s.cells.map { ("\($0.key)", $0.value) }))

        typealias Edit = (inout [String: Any]) -> Void
        func decoded(_ change: Edit) throws -> GateStatistics {
            var edited = object
            change(&edited)
            return try JSONDecoder().decode(
                GateStatistics.self, from: JSONSerialization.data(withJSONObject: edited))
        }
        func cells(_ change: @escaping (inout [String: Int]) -> Void) -> Edit {
            { object in
                var cells = object["cells"] as! [String: Int]
                change(&cells)
                object["cells"] = cells
            }
        }
        let perFold = limit / 3 + 1
        let keys = "cells: expected keys from 0 to \(limit) (3 folds), found"
        let count = "expected a count from 1 to \(TuningStatistics.countLimit), found"
        let hostile: [(String, Edit)] = [
            (
                "schema: expected gesturetune-gate-statistics/3, found gesturetune-gate-statistics/2",
                { $0["schema"] = "gesturetune-gate-statistics/2" }
            ),
            ("folds: expected at least 1, found 0", { $0["folds"] = 0 }),
            ("folds: expected at least 1, found \(Int.min)", { $0["folds"] = Int.min }),
            (
                "folds: expected at most \(Int.max / perFold), found \(Int.max)",
                { $0["folds"] = Int.max }
            ),
            ("\(keys) \(limit + 1)", cells { $0["\(limit + 1)"] = 1 }),
            ("\(keys) -1", cells { $0["-1"] = 1 }),
            ("cells.5: \(count) 0", cells { $0["5"] = 0 }),
            ("cells.5: \(count) -1", cells { $0["5"] = -1 }),
            ("cells.5: \(count) \(Int.min)", cells { $0["5"] = Int.min }),
            (
                "cells.5: \(count) \(TuningStatistics.countLimit + 1)",
                cells { $0["5"] = TuningStatistics.countLimit + 1 }
            ),
        ]
        for (message, change) in hostile {
            #expect(try decoded(change).violation() == message)
        }
        // Not cells of this schema at all: the decoding refuses them.
        #expect(throws: DecodingError.self) { try decoded { $0["cells"] = [0, 1] } }
        #expect(throws: DecodingError.self) { try decoded(cells { $0["x"] = 1 }) }
    }

    /// The bootstrap interval holds the estimate, and the held-out counts add up to at most
    /// every gesture.
    @Test func intervalsAndCrossValidation() throws {
        var ms: [GestureMeasurement] = []
        for k in 0..<40 {
            ms.append(Self.gesture("m\(k)", edge: Double(k % 20), angle: Double(k % 25)))
            ms.append(
                Self.gesture("o\(k)", edge: 60 + Double(k), angle: Double(k % 90), other: true))
        }
        let a = GateTuner.tune(Self.statistics(ms), resamples: 50)
        let w = try #require(a.edgeInterval)
        let theta = try #require(a.angleInterval)
        #expect(w.lower <= w.estimate && w.estimate <= w.upper)
        #expect(theta.lower <= theta.estimate && theta.estimate <= theta.upper)
        #expect(a.crossValidatedMisses <= 40 && a.crossValidatedFalseTriggers <= 40)
        #expect(a.misses == 0 && a.falseTriggers == 0)
    }

    /// Separable classes with a known gap. Meant swipes start at 1…20 pt (one each), heading
    /// `7k mod 16` degrees (0°…15°); carousel swipes start at 60, 62, …, 98 pt heading 5°;
    /// diagonal thumbs start at 5…30 pt heading 35°…60°; edge scrolls at 80°; taps. Every gate
    /// with 20 <= w <= 59 pt and 15° <= θ <= 34° gets all right, and no other: that box is the
    /// flat optimum, its middle (39 pt, 24°). A resample keeps each gesture with probability
    /// 1 − e⁻¹. At 24° its best edges run from its highest kept meant start to just below its
    /// lowest kept carousel start; at 39 pt its best locks from its highest kept meant angle to
    /// just below its lowest kept diagonal angle. So each resample's ranges hold the box, and
    /// the interval spans it. Its low end falls below the k-th highest meant start only when
    /// at least 5 of the 200 resamples drop the k highest (probability e⁻ᵏ each): for k = 6,
    /// about 2 in 10,000; the same for the other three ends.
    @Test func intervalsSpanTheGapOfSeparableClasses() throws {
        var ms: [GestureMeasurement] = []
        for k in 1...20 {
            ms.append(
                Self.gesture(
                    "m\(k)", edge: Double(k), angle: Double(7 * k % 16),
                    intent: k.isMultiple(of: 2) ? .complete : .cancel))
            ms.append(
                Self.gesture("c\(k)", edge: Double(58 + 2 * k), angle: 5, other: true))
        }
        for k in 0..<26 {
            ms.append(
                Self.gesture(
                    "d\(k)", edge: Double(5 + k % 36), angle: Double(35 + k), other: true))
        }
        for k in 0..<5 {
            ms.append(Self.gesture("s\(k)", edge: Double(3 * k), angle: 80, other: true))
            ms.append(Self.gesture("t\(k)", edge: Double(10 * k), angle: nil, other: true))
        }
        let a = GateTuner.tune(Self.statistics(ms), resamples: 200)
        #expect(
            a.optimum
                == GateRegion(lowestEdge: 20, highestEdge: 59, lowestLock: 15, highestLock: 34))
        // The middle: 40 edges × 20 locks; the 400th lock sorted is 24°, the 20th edge 39 pt.
        #expect(a.suggested == Gate(edgeWidth: 39, lockAngle: 24, slop: 10))
        #expect(a.misses == 0 && a.falseTriggers == 0)
        let w = try #require(a.edgeInterval)
        let theta = try #require(a.angleInterval)
        // Spans the gap …
        #expect(w.lower <= 20 && w.upper >= 59)
        #expect(theta.lower <= 15 && theta.upper >= 34)
        // … and not much more: from the 6th highest meant start (15 pt) and angle (12°: the
        // angles from the top are 15, 14, 14, 13, 12, 12), below the 6th lowest carousel start
        // (70 pt) and diagonal angle (40°; those diagonals start within 10 pt).
        #expect(w.lower >= 15 && w.upper < 70)
        #expect(theta.lower >= 12 && theta.upper < 40)
        #expect(w.lower <= w.estimate && w.estimate <= w.upper)
        #expect(theta.lower <= theta.estimate && theta.estimate <= theta.upper)
    }
}
