// TEMPORARY stub (helper "shard"): removed when the `search` branch is merged.
import Foundation
import GesturePhysics
import GestureTrace

public struct SummaryStatisticsStub: Sendable, Equatable, Codable {
    public var measurements = MeasurementTally()
}

public struct TuningStatistics: Sendable, Equatable, Codable {
    public let settings: TuningSettings
    public var items: [GestureMeasurement] = []
    public var summaries = SummaryStatisticsStub()
    public var gestureCount: Int { items.count }

    public init(options: TuningOptions, current: ParameterSet) {
        settings = TuningSettings(options: options, current: current)
    }

    public mutating func add(_ m: GestureMeasurement, key: GestureKey) {
        items.append(m)
        summaries.measurements.add(m)
    }

    public mutating func merge(_ other: TuningStatistics) throws(StatisticsMismatch) {
        if let m = settings.mismatch(other.settings) { throw m }
        items += other.items
        items.sort { ($0.file, $0.id) < ($1.file, $1.id) }
        summaries.measurements.merge(other.summaries.measurements)
    }
}

extension Tuner {
    public func tune(_ s: TuningStatistics) -> Answer {
        tune(s.items, current: (try? s.settings.currentParameters())!)
    }
}

extension TuningWarning {
    public static func input(_ measured: MeasurementTally, motion: MotionTally, timeUnit: TimeUnit, direction: Direction) -> [TuningWarning] {
        []
    }
}
