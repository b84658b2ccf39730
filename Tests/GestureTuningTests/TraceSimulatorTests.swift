import Foundation
import GesturePhysics
import GestureTrace
import Testing

@testable import GestureTuning

@Suite("Trace simulator")
struct TraceSimulatorTests {
    static func csv(_ options: SimulationOptions, file: Int = 0) -> String {
        var sink = StringSink()
        TraceSimulator(options: options).write(to: &sink, fileIndex: file)
        return sink.text
    }

    @Test("Same seed, same bytes; another seed or file, other bytes")
    func deterministic() {
        let a = Self.csv(.init(gestures: 50, seed: 7))
        #expect(a == Self.csv(.init(gestures: 50, seed: 7)))
        #expect(a != Self.csv(.init(gestures: 50, seed: 8)))
        #expect(a != Self.csv(.init(gestures: 50, seed: 7), file: 1))
    }

    /// `peopleSeed`: the people's traits come from it alone. A person's start habit (`start`:
    /// every gesture begins at it plus |N(0, 2)| pt) shows as the least first x of their
    /// gestures (no position noise): the same in two files of other seeds with one people seed,
    /// different with another people seed.
    @Test("Another seed with the same people seed: new gestures of the same people")
    func samePeople() {
        func habits(seed: UInt64, people: UInt64?) -> [Double] {
            var o = SimulationOptions(
                gestures: 2000, seed: seed, rate: .fixed(120), people: 4, positionNoise: 0)
            o.peopleSeed = people
            var least = [Double](repeating: .infinity, count: 4)
            for g in TraceSimulator(options: o).gestures() {
                least[g.person] = min(least[g.person], g.samples[0].x)
            }
            return least
        }
        let a = habits(seed: 1, people: 9), b = habits(seed: 2, people: 9)
        let other = habits(seed: 1, people: 10)
        #expect(a.allSatisfy { $0.isFinite })
        #expect(zip(a, b).allSatisfy { abs($0 - $1) < 0.1 }, "\(a) \(b)")
        #expect(zip(a, other).contains { abs($0 - $1) > 0.5 }, "\(a) \(other)")
        var withPeople = SimulationOptions(gestures: 60, seed: 4, people: 3)
        withPeople.peopleSeed = 4
        #expect(Self.csv(withPeople) == Self.csv(withPeople))
        #expect(Self.csv(withPeople) != Self.csv(.init(gestures: 60, seed: 4, people: 3)))
    }

    @Test(
        "Canonical columns; each gesture began … moved … ended with time never going back",
        arguments: Direction.allCases)
    func structure(direction: Direction) {
        let text = Self.csv(
            .init(
                gestures: 40, seed: 3, rate: .fixed(120), direction: direction,
                outcomeRule: .threshold(progress: 0.5, velocity: 1)))
        let lines = text.split(separator: "\n").map(String.init)
        let column = direction == .up || direction == .down ? "height" : "width"
        #expect(lines[0] == "gesture,t,x,y,phase,intent,\(column),outcome")
        var byGesture: [String: [[String]]] = [:]
        var order: [String] = []
        for line in lines.dropFirst() {
            let f = line.split(separator: ",").map(String.init)
            #expect(f.count == 8)
            if byGesture[f[0]] == nil { order.append(f[0]) }
            byGesture[f[0], default: []].append(f)
        }
        #expect(order.count == 40)
        for id in order {
            let rows = byGesture[id]!
            #expect(rows.first![4] == "began" && rows.last![4] == "ended")
            #expect(rows.dropFirst().dropLast().allSatisfy { $0[4] == "moved" })
            let times = rows.map { Double($0[1])! }
            #expect(zip(times, times.dropFirst()).allSatisfy { $0 <= $1 })
            #expect(
                ["complete", "cancel"].contains(rows[0][5])
                    && ["complete", "cancel"].contains(rows[0][7]))
            #expect(rows[0][6] == "390")
        }
    }

    @Test("No time below 0: the first sample of a file is not jittered before t = 0")
    func noNegativeTimes() {
        // Jitter σ = 5 ms at t = 0: about half of these 100 files would start at t < 0 unclamped.
        var negative = 0
        var zeroStarts = 0
        for seed in UInt64(1)...100 {
            let gestures = TraceSimulator(
                options: .init(gestures: 2, seed: seed, timestampJitter: 0.005)
            ).gestures()
            negative += gestures.flatMap(\.samples).filter { $0.t < 0 }.count
            if gestures[0].samples[0].t == 0 { zeroStarts += 1 }
            let text = Self.csv(.init(gestures: 2, seed: seed, timestampJitter: 0.005))
            #expect(
                !text.split(separator: "\n").dropFirst().contains {
                    $0.split(separator: ",")[1].hasPrefix("-")
                })
        }
        #expect(negative == 0)
        #expect(zeroStarts > 20, "the clamp is what kept those at 0")
    }

    @Test("Fixed-point formatting by integer arithmetic")
    func formatting() {
        #expect(TraceSimulator.fixed(390, 2) == "390")
        #expect(TraceSimulator.fixed(0.5, 6) == "0.5")
        #expect(TraceSimulator.fixed(-12.254, 2) == "-12.25")
        #expect(TraceSimulator.fixed(-0.001, 2) == "0")
        #expect(TraceSimulator.fixed(1.0000004, 6) == "1")
    }

    /// A plain measurement, independent of GesturePhysics: `p_r` from the `ended` row, `v`
    /// the least-squares slope of the `moved` rows of the last 100 ms, 0 after a rest of more
    /// than 40 ms (physics.md's window rules, without the gap rule).
    static func measure(_ g: SimulatedGesture) -> TuningPoint {
        let moves = g.samples.dropLast(), ended = g.samples.last!, first = g.samples[0]
        let progress = min(max((ended.x - first.x) / g.extent, 0), 1)
        var v = 0.0
        let tn = moves.last!.t
        if ended.t - tn <= 0.040 {
            let window = moves.filter { tn - $0.t <= 0.100 }
            if window.count >= 2 {
                let mt = window.map(\.t).reduce(0, +) / Double(window.count)
                let mx = window.map(\.x).reduce(0, +) / Double(window.count)
                let sxy = window.reduce(0) { $0 + ($1.t - mt) * ($1.x - mx) }
                let sxx = window.reduce(0) { $0 + ($1.t - mt) * ($1.t - mt) }
                v = sxx > 0 ? sxy / sxx : 0
            }
        }
        return TuningPoint(
            id: g.id, progress: progress, velocity: v / g.extent, intent: g.label,
            sampleCount: g.samples.count, extent: g.extent, startPosition: first.x)
    }

    @Test(
        "Round trip: simulated gestures tune to an error close to the label-noise rate",
        arguments: [0.0, 0.05, 0.10])
    func roundTrip(noise: Double) {
        let gestures = TraceSimulator(options: .init(gestures: 1500, seed: 21, labelNoise: noise))
            .gestures()
        let flipped = gestures.filter { $0.label != $0.meant }.count
        let points = gestures.map(Self.measure)
        let result = Tuner(options: .init(seed: 2, bootstrapResamples: 0)).tune(points: points)
        let threshold = result.family(.threshold)!
        let cv = threshold.crossValidation!.errorRate
        let flippedRate = Double(flipped) / 1500
        // The clean motions are separable by the threshold rule; the error is the flipped labels
        // (at most 1.5 points more for gestures near the boundary).
        #expect(abs(flippedRate - noise) < 0.02)
        #expect(
            cv >= flippedRate - 0.01 && cv <= flippedRate + 0.015,
            "CV error \(cv) vs label noise \(flippedRate)")
        #expect(threshold.fitted.errorRate <= flippedRate + 0.01)
    }

    @Test(
        "Round trip through PhysicsEngine: simulated gestures measured and tuned err at the label-noise rate",
        arguments: [Direction.right, .down])
    func physicsRoundTrip(direction: Direction) {
        let options = SimulationOptions(
            gestures: 1000, seed: 5, direction: direction, labelNoise: 0.05)
        let simulated = TraceSimulator(options: options).gestures()
        let gestures = simulated.map { g in
            Gesture(
                id: g.id, samples: g.samples, intent: g.label,
                width: direction == .right ? g.extent : nil,
                height: direction == .down ? g.extent : nil)
        }
        let measurements = PhysicsEngine(options: PhysicsOptions(direction: direction)).measure(
            gestures)
        let flippedRate = Double(simulated.filter { $0.label != $0.meant }.count) / 1000
        let result = Tuner(options: .init(seed: 3, bootstrapResamples: 0)).tune(measurements)
        #expect(result.counts.used == 1000 && result.counts.labelled == 1000)
        let cv = result.family(.threshold)!.crossValidation!.errorRate
        #expect(
            cv >= flippedRate - 0.01 && cv <= flippedRate + 0.02,
            "CV error \(cv) vs label noise \(flippedRate)")
        // Every gesture starts within the simulated edge habit: the edge width is a few tens of pt.
        #expect(result.edgeWidth.value! > 4 && result.edgeWidth.value! < 60)
        #expect(result.spring.status == .found)
    }
}
