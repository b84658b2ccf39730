import GesturePhysics
import GestureTrace

/// A confusion matrix with `complete` as the positive class.
public struct Confusion: Sendable, Equatable, Codable {
    /// Meant complete, decided complete.
    public var truePositive = 0
    /// Meant cancel, decided complete.
    public var falsePositive = 0
    /// Meant cancel, decided cancel.
    public var trueNegative = 0
    /// Meant complete, decided cancel.
    public var falseNegative = 0

    public init(
        truePositive: Int = 0, falsePositive: Int = 0, trueNegative: Int = 0, falseNegative: Int = 0
    ) {
        self.truePositive = truePositive
        self.falsePositive = falsePositive
        self.trueNegative = trueNegative
        self.falseNegative = falseNegative
    }

    /// Counts `count` gestures in `state`, meant `meant` (an intent, or a recorded outcome), as
    /// `decider` decides them (`Decider.decision`), and returns the decision: the one tally
    /// every count of decisions goes through (`Evaluation`, the statistics' current set,
    /// presets and `kinematic`, the logistic fit, the report's outcome table).
    @discardableResult
    public mutating func add(
        _ decider: Decider, _ state: ReleaseState, meant: Intent, count: Int = 1
    ) -> Intent {
        let decided = decider.decision(state)
        add(meantComplete: meant == .complete, decidedComplete: decided == .complete, count: count)
        return decided
    }

    public mutating func add(meantComplete: Bool, decidedComplete: Bool) {
        switch (meantComplete, decidedComplete) {
        case (true, true): truePositive += 1
        case (false, true): falsePositive += 1
        case (false, false): trueNegative += 1
        case (true, false): falseNegative += 1
        }
    }

    /// Adds `count` gestures with the same meaning and decision.
    mutating func add(meantComplete: Bool, decidedComplete: Bool, count: Int) {
        switch (meantComplete, decidedComplete) {
        case (true, true): truePositive += count
        case (false, true): falsePositive += count
        case (false, false): trueNegative += count
        case (true, false): falseNegative += count
        }
    }

    public var total: Int { truePositive + falsePositive + trueNegative + falseNegative }
    /// Misdecided gestures.
    public var errors: Int { falsePositive + falseNegative }
    /// `errors / total`; 0 when there are no gestures.
    public var errorRate: Double { total == 0 ? 0 : Double(errors) / Double(total) }
}
