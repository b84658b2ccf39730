import Foundation
import GesturePhysics
import GestureTrace
import TestSupport
import Testing

@testable import GestureTuning

/// On simulated truth: per-group parameters (`--by`) and labels from retries.
@Suite("Groups and implicit labels")
struct GroupsAndImplicitLabelsTests {
    /// Simulated CSV → reader (grouped by `by`) → physics.
    static func measurements(
        _ options: SimulationOptions, by: [String] = [], map: [String: [String]] = [:]
    ) throws -> [GestureMeasurement] {
        var sink = StringSink()
        TraceSimulator(options: options).write(to: &sink)
        let path = try TestSupport.writeTemporaryFile(sink.text, name: "groups.csv")
        var reader = ReaderOptions(mapping: map)
        reader.groupColumns = by
        var gestures: [Gesture] = []
        _ = try TraceReader.read(path: path, options: reader) { gestures.append($0) }
        return PhysicsEngine(options: .init(direction: options.direction)).measure(gestures)
    }

    static let tuning = TuningOptions(seed: 3, bootstrapResamples: 300, suggestedFamily: .threshold)

    @Test(
        "Two people whose thresholds differ by 0.25: each recovered within its interval, per-group parameters win"
    )
    func twoGroupsRecovered() throws {
        var sim = SimulationOptions(gestures: 800, seed: 11, people: 2)
        sim.spread = 0.25
        sim.personColumn = true
        let truth = [0.375, 0.625]
        #expect(SimulationOptions.threshold(person: 0, of: 2, spread: 0.25) == truth[0])
        #expect(SimulationOptions.threshold(person: 1, of: 2, spread: 0.25) == truth[1])
        let ms = try Self.measurements(sim, by: ["person"])
        #expect(Set(ms.compactMap(\.group)) == ["p1", "p2"])
        let pooled = Tuner(options: Self.tuning).tune(ms)
        let analysis = GroupAnalysis(
            columns: "person", measurements: ms, pooled: pooled, current: .default,
            options: Self.tuning)
        #expect(analysis.family == .threshold)
        for (k, name) in ["p1", "p2"].enumerated() {
            let group = try #require(analysis.groups.first { $0.name == name })
            #expect(group.enough)
            let p = try #require(group.parameters.first { $0.name == "p_th" })
            #expect(
                p.lower <= truth[k] && truth[k] <= p.upper,
                "\(name): true \(truth[k]) outside [\(p.lower), \(p.upper)]")
            #expect(p.upper - p.lower < 0.2, "an interval that says something")
        }
        #expect(analysis.verdict == .perGroupWins)
        #expect((analysis.gain ?? 0) > 2 * (analysis.gainStandardError ?? .infinity))
        // Held-out errors: the pooled set fitted on the other person misdecides more.
        #expect(analysis.heldOut.count == 2)
        #expect(analysis.heldOut.allSatisfy { $0.pooledErrors > $0.ownErrors })
    }

    @Test("One shared threshold: one set fits all")
    func sharedThreshold() throws {
        var sim = SimulationOptions(gestures: 800, seed: 12, people: 2)
        sim.spread = 0
        sim.personColumn = true
        let ms = try Self.measurements(sim, by: ["person"])
        let pooled = Tuner(options: Self.tuning).tune(ms)
        let analysis = GroupAnalysis(
            columns: "person", measurements: ms, pooled: pooled, current: .default,
            options: Self.tuning)
        #expect(analysis.groups.count == 2 && analysis.groups.allSatisfy(\.enough))
        #expect(analysis.verdict == .oneSetFitsAll)
        for group in analysis.groups {
            let p = try #require(group.parameters.first { $0.name == "p_th" })
            #expect(p.lower <= 0.5 && 0.5 <= p.upper, "\(group.name): [\(p.lower), \(p.upper)]")
        }
    }

    @Test(
        "A group with fewer labelled gestures than needed gets no suggestion; one eligible group: no comparison"
    )
    func tooFew() throws {
        var sim = SimulationOptions(gestures: 300, seed: 13, people: 2)
        sim.spread = 0.25
        var ms = try Self.measurements(sim)
        // 300 gestures in group "big", 10 in group "small".
        for k in ms.indices { ms[k].group = k < 10 ? "small" : "big" }
        let pooled = Tuner(options: Self.tuning).tune(ms)
        let analysis = GroupAnalysis(
            columns: "device", measurements: ms, pooled: pooled, current: .default,
            options: Self.tuning)
        let small = try #require(analysis.groups.first { $0.name == "small" })
        #expect(
            small.labelled == 10 && !small.enough && small.rule == nil && small.parameters.isEmpty)
        #expect(analysis.verdict == .tooFewGroups && analysis.heldOut.isEmpty)
    }

    @Test(
        "Implicit labels from retries agree with the hidden intent on ≥ 90%, and tune within 2 points of the true labels"
    )
    func implicitLabelsOnSimulatedRetries() throws {
        var sim = SimulationOptions(
            gestures: 1200, seed: 14, people: 10,
            outcomeRule: Preset.named("flutter-cupertino")!.rule(extent: 390))
        sim.retries = true
        let hidden = try Self.measurements(sim)
        #expect(
            hidden.allSatisfy { $0.intent == nil && $0.outcome != nil },
            "the truth is hidden in the meant column")
        let truth = try Self.measurements(sim, map: ["intent": ["meant"]])
        #expect(truth.allSatisfy { $0.intent != nil })
        let labels = ImplicitLabels(hidden)
        #expect(labels.count(.retry) > 20)
        #expect(labels.count(.retry) + labels.count(.outcome) == hidden.count)
        let agree = zip(labels.measurements, truth).filter { $0.intent == $1.intent }.count
        #expect(Double(agree) / Double(truth.count) >= 0.90, "agreement \(agree) of \(truth.count)")
        // Without retries read, the outcomes alone agree less: the retries carry the signal.
        let outcomesOnly = zip(hidden, truth).filter { $0.outcome == $1.intent }.count
        #expect(agree > outcomesOnly)

        let options = TuningOptions(seed: 3, bootstrapResamples: 0, suggestedFamily: .threshold)
        let implicitRule = Tuner(options: options).tune(labels.measurements).suggested.rule
        let trueRule = Tuner(options: options).tune(truth).suggested.rule
        let implicitError = Evaluation(.rule(implicitRule), measurements: truth).errorRate
        let trueError = Evaluation(.rule(trueRule), measurements: truth).errorRate
        #expect(
            implicitError - trueError <= 0.02, "implicit \(implicitError) against true \(trueError)"
        )
    }

    static func gesture(
        _ id: String, start: Double, end: Double, outcome: Intent?, intent: Intent? = nil,
        progress: Double = 0.5, group: String? = nil
    ) -> GestureMeasurement {
        var m = GestureMeasurement(
            id: id, file: "f.csv", sampleCount: 5, intent: intent, outcome: outcome,
            interruptedBySystem: false, extent: 390,
            extentSource: .column, releaseProgress: progress,
            velocity: .init(vx: 0, vy: 0, axis: 0, usedEstimator: .lsq2, fellBack: false),
            progressVelocity: 0, estimates: [:], kinematicVelocity: 0, kinematicAcceleration: 0,
            startPosition: 5, entryAngle: nil,
            pauseBeforeRelease: 0, duration: end - start, sampleRate: 120, peakVelocity: 0,
            lateReversal: false, duplicateTimestamps: 0,
            progressCurve: [])
        m.startTime = start
        m.endTime = end
        m.group = group
        return m
    }

    @Test("Retry rule by hand: within the window, same direction, same stream")
    func retryRuleByHand() {
        func g(
            _ id: String, start: Double, end: Double, outcome: Intent?, intent: Intent? = nil,
            progress: Double = 0.5, group: String? = nil
        ) -> GestureMeasurement {
            Self.gesture(
                id, start: start, end: end, outcome: outcome, intent: intent, progress: progress,
                group: group)
        }
        let ms = [
            // retried 0.5 s later → complete
            g("s", start: 0, end: 0.4, outcome: .cancel, intent: nil, progress: 0.3, group: nil),
            g(
                "s#2", start: 0.9, end: 1.2, outcome: .complete, intent: nil, progress: 0.8,
                group: nil),
            // next starts 1.7 s later → cancel
            g("s#3", start: 5, end: 5.3, outcome: .cancel, intent: nil, progress: 0.2, group: nil),
            g(
                "s#4", start: 7.0, end: 7.2, outcome: .cancel, intent: nil, progress: 0.01,
                group: nil),  // next: backwards (p 0) → cancel
            g(
                "s#5", start: 7.5, end: 7.7, outcome: .cancel, intent: nil, progress: 0.0,
                group: nil),  // last of its stream → cancel
            g(
                "t", start: 0.5, end: 0.6, outcome: .cancel, intent: .cancel, progress: 0.3,
                group: nil),  // intent wins
            // another stream: s#2 is no retry of it
            g("u", start: 0.1, end: 0.2, outcome: .cancel, intent: nil, progress: 0.3, group: nil),
            // nothing known: unlabelled
            g("v", start: 9, end: 9.1, outcome: nil, intent: nil, progress: 0.3, group: nil),
        ]
        let labels = ImplicitLabels(ms, retryWindow: 1.5)
        #expect(
            labels.sources == [
                .retry, .outcome, .outcome, .outcome, .outcome, .intent, .outcome, nil,
            ])
        #expect(
            labels.measurements.map(\.intent) == [
                .complete, .complete, .cancel, .cancel, .cancel, .cancel, .cancel, nil,
            ])
        // A shorter window: the 0.5 s retry no longer counts.
        #expect(ImplicitLabels(ms, retryWindow: 0.4).sources[0] == .outcome)
        // A group makes one stream of different ids (the same person).
        let grouped = [
            g("a", start: 0, end: 0.4, outcome: .cancel, group: "p1"),
            g("b", start: 1, end: 1.3, outcome: .complete, group: "p1"),
        ]
        #expect(ImplicitLabels(grouped).sources == [.retry, .outcome])
        #expect(ImplicitLabels.stream(ms[1]) == ImplicitLabels.stream(ms[0]))
    }
}
