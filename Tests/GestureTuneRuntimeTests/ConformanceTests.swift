import Foundation
import GestureCodegen
import GesturePhysics
import GestureTuneRuntime
import TestSupport
import Testing

/// `runtimes/conformance/cases.json`: the engine's decisions (GSL's fits and root finder) that
/// the Swift, Kotlin and JavaScript runtimes must reproduce, and the generated tables.
struct ConformanceTests {
    struct File: Decodable {
        var schema: String
        var cases: [Case]
    }
    struct Case: Decodable {
        var name: String
        var parameters: GestureTuneParameters
        var extent: Double
        var startProgress: Double
        var samples: [[Double]]
        var release: [Double]
        var expect: Expect
    }
    struct Expect: Decodable {
        var admitted: Bool
        var ruleCompletes: Bool
        var complete: Bool
        var progress: Double
        var velocity: Double
        var settleDuration: Double
        var completionSpeed: Double
        var springInitialVelocity: Double
        var springSettlingTime: Double
    }

    static func load() throws -> File {
        let url = TestSupport.packageRoot.appendingPathComponent(RuntimeTables.conformancePath)
        return try JSONDecoder().decode(File.self, from: Data(contentsOf: url))
    }

    /// `|a - b| <= 1e-9 + 1e-7 |b|` (runtimes/SPEC.md).
    static func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= 1e-9 + 1e-7 * abs(b) }

    /// The tracker decides every case as the engine did: the gate and the rule exactly, the
    /// figures within the SPEC's tolerances (the tracker's QR fits against GSL's, its bisected
    /// settling time against GSL's Brent root).
    @Test func trackerDecidesEveryCaseAsTheEngine() throws {
        let file = try Self.load()
        #expect(file.schema == RuntimeConformance.schema)
        #expect(file.cases.count > 200)
        var completes = 0
        var refused = 0
        for c in file.cases {
            var tracker = GestureTuneTracker(parameters: c.parameters, extent: c.extent)
            tracker.startProgress = c.startProgress
            for s in c.samples {
                tracker.add(
                    t: s[0], x: s[1], y: s[2], vx: s.count > 4 ? s[3] : nil,
                    vy: s.count > 4 ? s[4] : nil)
            }
            let r = c.release
            let got = tracker.release(
                t: r[0], x: r[1], y: r[2], vx: r.count > 4 ? r[3] : nil,
                vy: r.count > 4 ? r[4] : nil)
            let e = c.expect
            #expect(got.admitted == e.admitted, "\(c.name): admitted")
            #expect(got.ruleCompletes == e.ruleCompletes, "\(c.name): rule")
            #expect(got.complete == e.complete, "\(c.name): complete")
            #expect(Self.close(got.progress, e.progress), "\(c.name): progress")
            #expect(
                Self.close(got.velocity, e.velocity),
                "\(c.name): velocity \(got.velocity) \(e.velocity)")
            #expect(Self.close(got.settleDuration, e.settleDuration), "\(c.name): settle")
            #expect(Self.close(got.completionSpeed, e.completionSpeed), "\(c.name): speed")
            #expect(
                Self.close(got.springInitialVelocity, e.springInitialVelocity),
                "\(c.name): spring v0")
            #expect(
                abs(got.springSettlingTime - e.springSettlingTime)
                    <= 1e-6 + 1e-4 * abs(e.springSettlingTime),
                "\(c.name): settling \(got.springSettlingTime) \(e.springSettlingTime)")
            if e.complete { completes += 1 }
            if !e.admitted { refused += 1 }
        }
        // The cases exercise both decisions and the gate's refusals.
        #expect(completes >= 20)
        #expect(refused >= 20)
        #expect(file.cases.count - completes - refused >= 20)
    }

    /// The committed cases and tables are what the Swift runtime and engine give today: run
    /// `make runtimes` after changing a decision, a default or a family.
    @Test func generatedFilesAreCurrent() throws {
        for (path, contents) in RuntimeTables.files() {
            let url = TestSupport.packageRoot.appendingPathComponent(path)
            let onDisk = try String(contentsOf: url, encoding: .utf8)
            #expect(onDisk == contents, "\(path) is stale: run `make runtimes`")
        }
    }
}
