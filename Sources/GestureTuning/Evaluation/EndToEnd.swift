internal import GestureNumerics
import GesturePhysics
import GestureTrace

/// What the app does with one gesture: its start gate refuses it, or admits it and the release
/// rule decides (docs/gate.md, "One decision, one error").
public enum GestureOutcome: Sendable, Equatable {
    case refused(Gate.Refusal)
    case decided(Intent)

    /// The gate, then the release: what a parameter set does with `m` in the app.
    public init(_ m: GestureMeasurement, gate: Gate, decider: Decider) {
        if let refusal = gate.refusal(m.gate) {
            self = .refused(refusal)
        } else {
            self = .decided(decider.decision(m.releaseState))
        }
    }

    /// Whether the gate let the gesture start the transition.
    public var isAdmitted: Bool {
        if case .decided = self { return true }
        return false
    }

    /// `complete`, `cancel` or `refused`: what `measure` writes in its `decision` column.
    public var name: String {
        switch self {
        case .refused: "refused"
        case .decided(let intent): intent.rawValue
        }
    }
}

/// The end-to-end count of a parameter set (gate, then release) on labelled gestures: the share
/// of gestures the transition gets wrong is
///
///     (refused + misdecided + falseTriggers) / (meant + others)
///
/// where a *meant* gesture has intent `complete` or `cancel`, an *other* gesture is labelled
/// `other`; `refused` counts meant gestures the gate refuses (misses), `misdecided` meant
/// gestures it admits and the release rule decides against their intent, `falseTriggers` other
/// gestures it admits. Unlabelled gestures take no part. Every figure the tool gives for a
/// parameter set (the headline, report.json, `batch`, `diff`, the playground) is this one.
public struct EndToEndCount: Sendable, Equatable, Codable {
    public var meant = 0
    public var others = 0
    /// Meant gestures the gate refuses.
    public var refused = 0
    /// Meant gestures the gate admits and the release rule decides against their intent.
    public var misdecided = 0
    /// `other` gestures the gate admits.
    public var falseTriggers = 0

    public init(
        meant: Int = 0, others: Int = 0, refused: Int = 0, misdecided: Int = 0,
        falseTriggers: Int = 0
    ) {
        self.meant = meant
        self.others = others
        self.refused = refused
        self.misdecided = misdecided
        self.falseTriggers = falseTriggers
    }

    /// Gestures the transition gets wrong.
    public var errors: Int { refused + misdecided + falseTriggers }
    /// Gestures counted: meant and other.
    public var gestures: Int { meant + others }
    /// `errors / gestures`; nil when nothing is labelled.
    public var errorRate: Double? { gestures > 0 ? Double(errors) / Double(gestures) : nil }

    /// Counts one gesture with what it meant (`intent`, or `notMeant` for `other`) and what the
    /// app did with it. An unlabelled gesture changes nothing.
    public mutating func add(intent: Intent?, notMeant: Bool, outcome: GestureOutcome) {
        if notMeant {
            others += 1
            if case .decided = outcome { falseTriggers += 1 }
            return
        }
        guard let intent else { return }
        meant += 1
        switch outcome {
        case .refused: refused += 1
        case .decided(let d): if d != intent { misdecided += 1 }
        }
    }
}

/// The end-to-end figures of a run: the current set, what ships (params.json) and the tuned
/// release rule under the gate that ships, each counted gate then release on the same meant
/// and `other` gestures.
///
/// In sample, `misdecided` counts the meant gestures the gate admits and the release rule
/// misdecides: the release's errors over every meant gesture less those among the ones the
/// gate refuses, read gesture by gesture from the report's sample (which keeps every gesture
/// the current gate refuses first). `exact` is false when the sample did not hold every
/// refused gesture: the figures are then an upper bound (a refused gesture the release would
/// also misdecide may count twice). Cross-validated figures replace each tuned part's
/// in-sample errors with its cross-validated ones (the release rule's, and the gate's when a
/// tuned gate ships).
public struct EndToEndSummary: Sendable, Equatable {
    public var current: EndToEndCount
    public var shipped: EndToEndCount
    /// `shipped`'s errors with each tuned part cross-validated (`shipped.errors` when nothing
    /// shipped was tuned).
    public var shippedCrossValidatedErrors: Int
    /// The tuned release rule under the gate that ships, in sample and cross-validated (nil
    /// when nothing is tuned).
    public var tuned: EndToEndCount?
    public var tunedCrossValidatedErrors: Int?
    /// Whether the tuned gate ships (else the current gate does).
    public var tunedGateShips: Bool
    /// Whether the gate was measured (some gesture is labelled `other`).
    public var gateMeasured: Bool
    /// Every count is exact (else an upper bound, see above).
    public var exact: Bool
    /// What ships (cross-validated) − current, over `current.gestures`: the paired differences
    /// of the parts that changed, added (nil when nothing changed).
    public var shippedDifference: PairedDifference?
    /// The tuned release rule (cross-validated, under the gate that ships) − current.
    public var tunedDifference: PairedDifference?

    public init(
        current: EndToEndCount, shipped: EndToEndCount, shippedCrossValidatedErrors: Int,
        tuned: EndToEndCount?, tunedCrossValidatedErrors: Int?, tunedGateShips: Bool,
        gateMeasured: Bool, exact: Bool, shippedDifference: PairedDifference?,
        tunedDifference: PairedDifference?
    ) {
        self.current = current
        self.shipped = shipped
        self.shippedCrossValidatedErrors = shippedCrossValidatedErrors
        self.tuned = tuned
        self.tunedCrossValidatedErrors = tunedCrossValidatedErrors
        self.tunedGateShips = tunedGateShips
        self.gateMeasured = gateMeasured
        self.exact = exact
        self.shippedDifference = shippedDifference
        self.tunedDifference = tunedDifference
    }

    /// Gestures the figures are over (meant + other).
    public var gestures: Int { current.gestures }
    public var currentError: Double? { current.errorRate }
    public var shippedError: Double? { shipped.errorRate }
    public var shippedCrossValidatedError: Double? {
        gestures > 0 ? Double(shippedCrossValidatedErrors) / Double(gestures) : nil
    }
    public var tunedCrossValidatedError: Double? {
        guard let n = tunedCrossValidatedErrors, gestures > 0 else { return nil }
        return Double(n) / Double(gestures)
    }
}

extension PairedDifference {
    /// The difference over `total` gestures of the same errors counted over `gestures` (the
    /// gestures outside it are decided alike by both sets and add 0 to every paired term).
    public func rescaled(to total: Int) -> PairedDifference {
        guard total > 0, gestures > 0, total != gestures else { return self }
        let f = Double(gestures) / Double(total)
        var d = self
        d.estimate *= f
        d.lower *= f
        d.upper *= f
        d.standardError *= f
        d.gestures = total
        return d
    }

    /// The sum of paired differences of independent parts (the gate's and the release's), each
    /// already over the same `total` gestures: estimates add, standard errors add in
    /// quadrature, the interval at the first part's level.
    public static func sum(_ parts: [PairedDifference]) -> PairedDifference? {
        guard let first = parts.first else { return nil }
        if parts.count == 1 { return first }
        let estimate = parts.reduce(0) { $0 + $1.estimate }
        let se = parts.reduce(0) { $0 + $1.standardError * $1.standardError }.squareRoot()
        // The half-width of each part is t · se with the same t (same gestures and level).
        let t =
            parts.first { $0.standardError > 0 }.map { ($0.upper - $0.estimate) / $0.standardError }
            ?? 0
        return PairedDifference(
            estimate: estimate, lower: estimate - t * se, upper: estimate + t * se,
            standardError: se, level: first.level, gestures: first.gestures,
            exact: parts.allSatisfy(\.exact))
    }
}

extension EndToEndCount {
    /// How likely `wrong` or more of `counted` gestures are wrong when the set gets `expected`
    /// of them wrong (one-sided binomial tail, GSL): `batch` without `--max-error` fails a
    /// file whose error is above what its parameters were shipped with beyond chance (this
    /// below 5%).
    public static func chanceOfAtLeast(_ wrong: Int, of counted: Int, expected: Double) -> Double {
        GSL.binomialAtLeast(wrong, trials: counted, p: min(1, max(0, expected)))
    }
}
