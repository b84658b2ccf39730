import GestureTrace
import GesturePhysics

/// PLACEHOLDER until helper "summaries" lands its bounded version: keeps every point (not
/// bounded) so `Tuner.tune(_ statistics:)` computes today's summaries from them. Not encoded.
public struct SummaryStatistics: Sendable, Equatable, Codable {
    var points: [TuningPoint] = []
    var measurements: [GestureMeasurement] = []
    var interruptedBySystem = 0

    public init(settings: TuningSettings) {}

    mutating func add(_ p: TuningPoint, key: GestureKey, settings: TuningSettings, current: ParameterSet) {
        points.append(p)
    }

    mutating func add(_ m: GestureMeasurement, key: GestureKey, settings: TuningSettings, current: ParameterSet) {
        measurements.append(m)
        if m.interruptedBySystem { interruptedBySystem += 1 } else { points.append(TuningPoint(m)) }
    }

    public mutating func merge(_ other: SummaryStatistics) {
        points += other.points
        measurements += other.measurements
        interruptedBySystem += other.interruptedBySystem
    }

    enum CodingKeys: CodingKey {}
    public init(from decoder: any Decoder) throws {}
    public func encode(to encoder: any Encoder) throws {}
}
