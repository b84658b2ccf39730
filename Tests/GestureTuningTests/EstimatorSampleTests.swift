import Foundation
import GesturePhysics
import Testing

@testable import GestureTuning

/// The estimator table's sample (`EstimatorSample`): below its capacity every gesture, beyond
/// it exactly the `capacity` gestures of smallest hash (checked against a plain sort of every
/// hash, not against the sample's own bookkeeping), whatever the split and the merge order.
@Suite struct EstimatorSampleTests {
    /// Gesture `i` of a fixed list: its hash (splitmix64 of `i`, all distinct), a fold, a label
    /// and a velocity under every estimator but the last (none for every third gesture).
    static func add(_ i: Int, to sample: inout EstimatorSample) {
        let hash = GestureKey.splitmix64(UInt64(i))
        let p = Double(i % 97) / 97
        let point = TuningPoint(id: "", progress: p, velocity: 0)
        let velocities: [Double?] = Estimator.allCases.indices.map { e in
            e == Estimator.allCases.count - 1 && i % 3 == 0 ? nil : Double(e) + p
        }
        sample.add(point, velocities: velocities, complete: i % 2 == 0, fold: i % 5, hash: hash)
    }

    @Test func beyondCapacityTheSmallestHashesWhateverTheSplit() throws {
        let n = EstimatorSample.capacity * 5 / 2
        var whole = EstimatorSample()
        for i in 0..<n { Self.add(i, to: &whole) }
        // Independently: the capacity smallest of every hash.
        let expected = (0..<n).map { GestureKey.splitmix64(UInt64($0)) }.sorted()
            .prefix(EstimatorSample.capacity)
        #expect(whole.sample.map(\.hash) == Array(expected))
        #expect(whole.count == n)
        let withLast = (0..<n).filter { $0 % 3 != 0 }.count
        #expect(whole.counts == [n, n, n, n, withLast])

        // Three uneven parts (one under capacity), merged in two orders.
        let cuts = [0, 1_234, EstimatorSample.capacity + 777, n]
        var parts: [EstimatorSample] = []
        for k in 0..<3 {
            var part = EstimatorSample()
            for i in cuts[k]..<cuts[k + 1] { Self.add(i, to: &part) }
            parts.append(part)
        }
        var forward = parts[0]
        forward.merge(parts[1])
        forward.merge(parts[2])
        var backward = parts[2]
        backward.merge(parts[1])
        backward.merge(parts[0])
        #expect(forward == whole && backward == whole)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let bytes = try encoder.encode(whole)
        #expect(try encoder.encode(forward) == bytes && encoder.encode(backward) == bytes)
        let back = try JSONDecoder().decode(EstimatorSample.self, from: bytes)
        #expect(back == whole)
    }

    @Test func belowCapacityEveryGestureAndItsCells() throws {
        var sample = EstimatorSample()
        for i in 0..<300 { Self.add(i, to: &sample) }
        #expect(sample.sample.count == 300)
        // The last estimator is missing for some gestures: no cells under it.
        let last = Estimator.allCases.count - 1
        #expect(
            EstimatorSample.cells(
                of: sample.sample, space: .threshold, estimator: last, folds: 5, logistic: false)
                == nil)
        let cells = try #require(
            EstimatorSample.cells(
                of: sample.sample, space: .threshold, estimator: 0, folds: 5, logistic: true))
        #expect(cells.family.count == 300 && cells.family.isCoarse)
        #expect(cells.logistic?.count == 300)
    }

    /// The `kinematic` inputs are kept only when asked for (the family can be the headline's),
    /// and then the kinematic family's cells come from them.
    @Test func kinematicInputsOnlyWhenNeeded() throws {
        var plain = EstimatorSample(), kinematic = EstimatorSample(kinematic: true)
        for i in 0..<200 {
            Self.add(i, to: &plain)
            Self.add(i, to: &kinematic)
        }
        let encoder = JSONEncoder()
        let plainText = String(decoding: try encoder.encode(plain), as: UTF8.self)
        let kinematicText = String(decoding: try encoder.encode(kinematic), as: UTF8.self)
        #expect(!plainText.contains("kinematicVelocity"))
        #expect(kinematicText.contains("kinematicVelocity"))
        #expect(
            try JSONDecoder().decode(EstimatorSample.self, from: Data(kinematicText.utf8))
                == kinematic)
        #expect(plain != kinematic)
        let cells = try #require(
            EstimatorSample.cells(
                of: kinematic.sample, space: .kinematic(duration: 0.35), estimator: 0, folds: 5,
                logistic: false))
        #expect(cells.family.count == 200)
    }
}
