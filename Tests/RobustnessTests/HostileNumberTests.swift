import Foundation
import GesturePhysics
import GestureTrace
import TestSupport
import Testing

/// Hostile numbers through the reader and the physics, in every direction and
/// with hostile extents: every figure finite, every measurement encodable as strict JSON, and
/// the documented results (docs/robustness.md, "Hostile numbers") pinned by hand.
@Suite struct HostileNumberTests {
    static let files = [
        "hostile-huge-coordinates.csv", "hostile-time-overflow.csv",
        "hostile-time-seconds-huge.csv",
        "hostile-denormals.csv", "hostile-negative-zero.csv", "hostile-extent.csv",
        "hostile-equal-timestamps.csv", "hostile-backwards-only.csv",
    ]
    /// `--extent` values that reach the engine (the CLI refuses 0, negative and non-finite ones
    /// with status 64; the engine ignores them and uses the default).
    static let extents: [Double?] = [
        nil, 390, .leastNonzeroMagnitude, 1e-300, 1e300, .greatestFiniteMagnitude, 0, -390, .nan,
        .infinity,
    ]

    /// Reads a corpus file strictly into gestures.
    static func gestures(_ file: String) throws -> [Gesture] {
        var gestures: [Gesture] = []
        _ = try TraceReader.read(path: Corpus.path(file)) { gestures.append($0) }
        return gestures
    }

    /// Every figure of a measurement.
    static func figures(_ m: GestureMeasurement) -> [Double] {
        var all = [
            m.releaseProgress, m.progressVelocity, m.velocity.vx, m.velocity.vy, m.velocity.axis,
            m.duration, m.sampleRate, m.peakVelocity, m.pauseBeforeRelease, m.startPosition,
            m.kinematicVelocity, m.kinematicAcceleration, m.extent, m.entryAngle ?? 0,
        ]
        for e in m.estimates.values { all += [e.vx, e.vy, e.axis] }
        for p in m.progressCurve { all += [p.t, p.p] }
        return all
    }

    @Test(arguments: files)
    func everyFigureFiniteInEveryDirectionAndExtent(_ file: String) throws {
        let gestures = try Self.gestures(file)
        #expect(gestures.count >= 2, "\(file): the hostile gesture and at least one other")
        // throws on a non-finite Double (no nonConformingFloat strategy)
        let encoder = JSONEncoder()
        for direction in Direction.allCases {
            for extent in Self.extents {
                let engine = PhysicsEngine(
                    options: PhysicsOptions(direction: direction, extent: extent))
                for gesture in gestures {
                    let m = engine.measure(gesture)
                    let bad = Self.figures(m).filter { !$0.isFinite }
                    #expect(
                        bad.isEmpty,
                        "\(file) \(gesture.id) \(direction) extent \(String(describing: extent)): \(bad)"
                    )
                    #expect((0...1).contains(m.releaseProgress))
                    #expect(m.extent > 0)
                    for preset in Preset.all {
                        _ = m.decision(under: preset.rule(extent: m.extent))
                    }
                    let data = try encoder.encode(m)
                    let json = String(decoding: data, as: UTF8.self)
                    #expect(
                        !json.localizedCaseInsensitiveContains("nan")
                            && !json.localizedCaseInsensitiveContains("inf"),
                        "\(file) \(gesture.id): \(json)")
                }
            }
        }
    }

    /// A width column of 0 or -0 is not known (the default 390 pt is used; a negative one is a
    /// reader error, `negative-width.csv`); a tiny
    /// positive one is used and progress clamps to 1; a huge one gives a tiny progress.
    /// Each gesture moves from x = 10 to x = 140 pt: displacement 130 pt.
    @Test func extentColumnEdgeCases() throws {
        let engine = PhysicsEngine(options: PhysicsOptions(direction: .right))
        let byID = Dictionary(
            uniqueKeysWithValues: try Self.gestures("hostile-extent.csv").map {
                ($0.id, engine.measure($0))
            })
        for id in ["zero", "negzero"] {
            let m = try #require(byID[id])
            #expect(m.extentSource == .defaultValue && m.extent == 390, "\(id)")
            #expect(TestSupport.isClose(m.releaseProgress, 130.0 / 390.0), "\(id)")
        }
        let ok = try #require(byID["ok"])
        #expect(ok.extentSource == .column && TestSupport.isClose(ok.releaseProgress, 1.0 / 3.0))
        let denormal = try #require(byID["denormal"])
        #expect(denormal.extentSource == .column && denormal.extent == .leastNonzeroMagnitude)
        #expect(denormal.releaseProgress == 1)  // 130 / 4.9e-324 overflows: clamped to 1
        #expect(denormal.progressVelocity == 0)  // v / 4.9e-324 overflows: reported as 0
        let huge = try #require(byID["huge"])
        #expect(TestSupport.isClose(huge.releaseProgress, 1.3e-298, relative: 1e-12, absolute: 0))
    }

    /// A gesture that only moves against the direction: progress 0 (clamped), velocity along
    /// the axis negative. Under the opposite direction it moves 500 pt forward: progress 1.
    @Test func backwardsOnlyGesture() throws {
        let back = try #require(
            try Self.gestures("hostile-backwards-only.csv").first { $0.id == "back" })
        let right = PhysicsEngine(options: PhysicsOptions(direction: .right, extent: 390)).measure(
            back)
        #expect(right.releaseProgress == 0)
        #expect(right.velocity.axis < 0 && right.progressVelocity < 0)
        let left = PhysicsEngine(options: PhysicsOptions(direction: .left, extent: 390)).measure(
            back)
        #expect(left.releaseProgress == 1)
        #expect(left.velocity.axis > 0)
        #expect(TestSupport.isClose(left.velocity.axis, -right.velocity.axis))
    }

    /// All timestamps equal: each later sample replaces the earlier one for physics, so nothing
    /// moves in time: duration 0, velocity 0, finite.
    @Test func allTimestampsEqual() throws {
        let gestures = try Self.gestures("hostile-equal-timestamps.csv")
        let engine = PhysicsEngine(options: PhysicsOptions(direction: .right, extent: 390))
        for id in ["eq", "eq2"] {
            let g = try #require(gestures.first { $0.id == id })
            let m = engine.measure(g)
            #expect(m.duration == 0, "\(id)")
            #expect(m.velocity.axis == 0 && m.velocity.vx == 0 && m.velocity.vy == 0, "\(id)")
            #expect(g.duplicateTimestamps == g.samples.count - 1, "\(id)")
        }
    }

    /// `-0` parses as zero (sign kept or not, it compares equal to 0) and gives the same
    /// figures as `0`.
    @Test func negativeZeroIsZero() throws {
        let z = try #require(try Self.gestures("hostile-negative-zero.csv").first { $0.id == "z" })
        #expect(z.samples.allSatisfy { $0.x == 0 && $0.y == 0 })
        #expect(z.samples.map(\.t) == [0, 0, 0.016, 0.033])
        let m = PhysicsEngine(options: PhysicsOptions(direction: .right, extent: 390)).measure(z)
        #expect(m.releaseProgress == 0 && m.velocity.axis == 0)
        #expect(TestSupport.isClose(m.duration, 0.033))
    }

    /// Times beyond what an Int64 of nanoseconds holds (2^63 ns and more, 1e25 ns, 1.7e308 ns)
    /// are read as Doubles in seconds, never converted to an integer; their differences stay
    /// finite or become 0, never NaN.
    @Test func timesBeyondInt64Nanoseconds() throws {
        let gestures = try Self.gestures("hostile-time-overflow.csv")
        let ns = try #require(gestures.first { $0.id == "ns" })
        #expect(TestSupport.isClose(ns.samples[0].t, 9.223372036854775807e9))
        let huge = try #require(gestures.first { $0.id == "huge" })
        #expect(TestSupport.isClose(huge.samples[2].t, 2e16))
        let max = try #require(gestures.first { $0.id == "max" })
        #expect(max.samples.allSatisfy { $0.t.isFinite } as Bool)
    }

    /// Coordinates of ±1e300 and ±DBL_MAX: accepted; differences that overflow make the
    /// figures that need them 0, never infinite.
    @Test func hugeCoordinates() throws {
        let huge = try #require(
            try Self.gestures("hostile-huge-coordinates.csv").first { $0.id == "huge" })
        #expect(huge.samples[2].x == .greatestFiniteMagnitude)
        let m = PhysicsEngine(options: PhysicsOptions(direction: .right, extent: 390)).measure(huge)
        #expect(Self.figures(m).allSatisfy { $0.isFinite })
        // Starts and releases at x = 1e300: displacement 0.
        #expect(m.releaseProgress == 0)
    }
}
