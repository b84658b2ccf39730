import GesturePhysics
import GestureTrace

/// What decides a gesture: a fixed rule (a parameter file, a tuned suggestion), or a preset
/// whose pt/s thresholds become progress/s at each gesture's own extent.
public enum Decider: Sendable, Equatable {
    case rule(Rule)
    case preset(Preset)

    /// The rule for a container of `extent` pt.
    public func rule(forExtent extent: Double) -> Rule {
        switch self {
        case .rule(let rule): rule
        case .preset(let preset): preset.rule(extent: extent)
        }
    }

    /// What it decides for `state` (whose `extent` picks a preset's rule).
    public func decision(_ state: ReleaseState) -> Intent {
        rule(forExtent: state.extent).completes(state) ? .complete : .cancel
    }

}

/// One gesture's decision.
public struct Decision: Sendable, Equatable {
    public var id: String
    /// What the person meant, when labelled.
    public var intent: Intent?
    public var decided: Intent
    /// Labelled and decided against the intent.
    public var isMisdecided: Bool { intent.map { $0 != decided } ?? false }
}

/// What a rule decides for a set of gestures: each decision, the confusion over the labelled
/// ones and the misdecided ids in input order, counted by `Confusion.add(_:_:meant:count:)`
/// as every other count of decisions is: `batch` and the report build an `Evaluation`.
public struct Evaluation: Sendable, Equatable {
    public var decider: Decider
    /// One per gesture, in input order.
    public var decisions: [Decision]
    /// Over the labelled gestures, `complete` positive.
    public var confusion: Confusion
    /// Ids of labelled gestures decided against their intent, in input order.
    public var misdecided: [String]

    public init(_ decider: Decider, points: [TuningPoint]) {
        self.init(decider, count: points.count) {
            (points[$0].id, points[$0].intent, points[$0].state)
        }
    }

    /// Decisions on measurements (through `GestureMeasurement.releaseState`).
    public init(_ decider: Decider, measurements: [GestureMeasurement]) {
        self.init(decider, count: measurements.count) {
            (measurements[$0].id, measurements[$0].intent, measurements[$0].releaseState)
        }
    }

    public init(_ decider: Decider, states: [(id: String, intent: Intent?, state: ReleaseState)]) {
        self.init(decider, count: states.count) { states[$0] }
    }

    /// The one loop: gesture `i` of `count` is `gesture(i)`, read once, in input order.
    @inline(__always)
    private init(
        _ decider: Decider, count: Int,
        _ gesture: (Int) -> (id: String, intent: Intent?, state: ReleaseState)
    ) {
        self.decider = decider
        var decisions: [Decision] = []
        decisions.reserveCapacity(count)
        var confusion = Confusion()
        var misdecided: [String] = []
        for i in 0..<count {
            let (id, intent, state) = gesture(i)
            let decided: Intent
            if let intent {
                decided = confusion.add(decider, state, meant: intent)
            } else {
                decided = decider.decision(state)
            }
            let decision = Decision(id: id, intent: intent, decided: decided)
            if decision.isMisdecided { misdecided.append(id) }
            decisions.append(decision)
        }
        self.decisions = decisions
        self.confusion = confusion
        self.misdecided = misdecided
    }

    public var errors: Int { confusion.errors }
    public var errorRate: Double { confusion.errorRate }
    /// Gestures decided `complete`.
    public var completes: Int { decisions.filter { $0.decided == .complete }.count }
}
