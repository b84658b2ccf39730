import GesturePhysics
import GestureTrace

/// A warning about the input, the measurements or the suggestion, as a typed value. Every
/// warning any command gives is one of these; GestureReport's `TuningWarning.sentence` is its
/// one wording, the same in `analyze` (terminal summary, report files) and `batch` (standard
/// error, JSON, JUnit).
public enum TuningWarning: Sendable, Equatable {
    // MARK: Input (`TuningWarning.input`, the same for `analyze` and `batch`)

    /// The median sampling rate `medianRate` (Hz) is implausible with the time column read in
    /// `unit`; in `likely` it would be a touch screen's (`TimeScaleCheck`).
    case timeScale(medianRate: Double, unit: TimeUnit, likely: TimeUnit)
    /// `count` of `total` moving gestures move `moving` on screen, not `given` (`MotionTally`).
    case otherDirection(moving: Direction, count: Int, total: Int, given: Direction)
    /// Touches reach `reach` pt along `direction`'s axis, well beyond the assumed `extent`.
    case beyondExtent(reach: Double, extent: Double, direction: Direction, source: ExtentSource)
    /// `count` of `total` gestures with a width/height column touch well beyond it; the
    /// farthest reaches `reach` pt in a `container` pt container.
    case beyondContainer(
        count: Int, total: Int, reach: Double, container: Double, direction: Direction)
    /// `count` of `total` gestures (`population`: "gestures", "labelled gestures") were
    /// measured with the default extent: no width/height column and no extent given.
    case defaultExtent(
        direction: Direction, extent: Double, count: Int, total: Int, population: String)
    /// The reader dropped more than `ReadLoss.warningShare` of rows or gestures.
    case readLoss(ReadLoss, rowReasons: [ReasonCount], gestureReasons: [ReasonCount])

    // MARK: Measurements (`Tuner.tune(_:current:)`)

    /// Gestures were measured with different extents (pt); pt/s figures use `typical`.
    case extentsDiffer(low: Double, high: Double, typical: Double)
    /// On `count` of `total` gestures lsq2's release velocity is opposite in sign to the one
    /// lsq1, impulse and delta agree on (`GestureMeasurement.estimatorDisagreement`).
    case estimatorDisagreement(count: Int, total: Int)
    /// The velocity estimator fell back on `count` of `total` gestures.
    case estimatorFallback(count: Int, total: Int)

    // MARK: Tuning (`Tuner.tune(points:...)`)

    case noUsableGestures
    case noLabels
    /// Labelled gestures of one class only.
    case oneClass(complete: Int, cancel: Int)
    case singleLabelled
    /// Gestures closed by `cancelled`: reported, not tuned.
    case interruptedBySystem(count: Int)
    /// Some used gestures have no intent: errors rest on the labelled ones.
    case partlyLabelled(unlabelled: Int, used: Int, labelled: Int)
    /// The mixture was fitted on `kept` gestures; `still` never moved, `across` moved across the axis.
    case mixtureLeftOut(kept: Int, still: Int, across: Int)
    /// No split was inferred (`verdict` says why; `count` gestures were fitted).
    case noSplit(verdict: MixtureAnalysis.Verdict, count: Int)
    /// `count` of `checked` recorded outcomes disagree with the current parameters.
    case outcomeMismatch(count: Int, checked: Int)
    /// The logistic fit did not converge (`outcome` says why).
    case logistic(LogisticFit.Outcome)
    /// The suggested edge width (`suggested`, pt) exceeded the smallest container (`extent`,
    /// pt) and was clamped to it.
    case edgeWidthClamped(suggested: Double, extent: Double)

    /// A skip reason with its count, in `SkipReason.allCases` order.
    public struct ReasonCount: Sendable, Equatable {
        public var reason: SkipReason
        public var count: Int
    }

    /// The default-extent warning for `measurements`, if any was measured with the default.
    public static func defaultExtent(
        _ measurements: [GestureMeasurement], direction: Direction, population: String
    ) -> TuningWarning? {
        defaultExtent(MeasurementTally(measurements), direction: direction, population: population)
    }

    /// The default-extent warning for the measurements `tally` counts, if any was measured with the default.
    public static func defaultExtent(
        _ tally: MeasurementTally, direction: Direction, population: String
    ) -> TuningWarning? {
        guard tally.defaultExtents > 0, let extent = tally.defaultExtent else { return nil }
        return .defaultExtent(
            direction: direction, extent: extent, count: tally.defaultExtents, total: tally.count,
            population: population)
    }

    /// The read-loss warning for `reads` when more than `ReadLoss.warningShare` was dropped.
    public static func readLoss(_ reads: [ReadSummary]) -> TuningWarning? {
        let loss = ReadLoss(reads)
        guard loss.exceedsWarningShare else { return nil }
        func reasons(_ unit: SkipReason.Unit) -> [ReasonCount] {
            SkipReason.allCases.compactMap { reason in
                let n = reads.reduce(0) { $0 + ($1.skipped(unit)[reason] ?? 0) }
                return n > 0 ? ReasonCount(reason: reason, count: n) : nil
            }
        }
        return .readLoss(loss, rowReasons: reasons(.rows), gestureReasons: reasons(.gestures))
    }

    /// The warnings about a trace's input that `analyze` and `batch` both give, in this order:
    /// the time column's unit (over `measured`), then the direction (over every gesture's
    /// motion), or else touches beyond an assumed extent or beyond the width/height column.
    /// (The default extent follows: `measurements` for `analyze`, `defaultExtent` for `batch`.)
    public static func input(
        measured: [GestureMeasurement], motion: MotionTally, timeUnit: TimeUnit,
        direction: Direction
    ) -> [TuningWarning] {
        input(MeasurementTally(measured), motion: motion, timeUnit: timeUnit, direction: direction)
    }

    /// `input(measured:…)` on the tally of the measurements (`SummaryStatistics.measurements`).
    public static func input(
        _ measured: MeasurementTally, motion: MotionTally, timeUnit: TimeUnit, direction: Direction
    ) -> [TuningWarning] {
        var warnings: [TuningWarning] = []
        if let w = TimeScaleCheck.warning(measured, unit: timeUnit) { warnings.append(w) }
        if let w = motion.warning(for: direction) {
            warnings.append(w)
        } else if let assumed = measured.assumedExtent {
            if let w = motion.extentWarning(
                direction: direction, extent: assumed.extent, source: assumed.source)
            {
                warnings.append(w)
            }
        } else if let w = motion.containerWarning(direction: direction) {
            warnings.append(w)
        }
        return warnings
    }

    /// The warnings about measurements alone: the default extent, extents that differ,
    /// estimator disagreement and fallbacks (each gesture is flagged in the report's gesture table).
    static func measurements(_ ms: [GestureMeasurement], direction: Direction) -> [TuningWarning] {
        measurements(MeasurementTally(ms), direction: direction)
    }

    /// `measurements(_:direction:)` on the tally of the measurements.
    static func measurements(_ tally: MeasurementTally, direction: Direction) -> [TuningWarning] {
        var warnings: [TuningWarning] = []
        if let w = defaultExtent(
            tally, direction: tally.direction ?? direction, population: "gestures")
        {
            warnings.append(w)
        }
        if tally.extents.count > 1, let lo = tally.extents.first?.extent,
            let hi = tally.extents.last?.extent
        {
            warnings.append(.extentsDiffer(low: lo, high: hi, typical: tally.typicalExtent))
        }
        if tally.disagreements > 0 {
            warnings.append(.estimatorDisagreement(count: tally.disagreements, total: tally.count))
        }
        if tally.fellBack > 0 {
            warnings.append(.estimatorFallback(count: tally.fellBack, total: tally.count))
        }
        return warnings
    }

    /// The most common extent (ties: the smaller), 390 pt when there are no gestures: the
    /// extent pt/s figures are printed at.
    public static func typicalExtent(_ ms: [GestureMeasurement]) -> Double {
        MeasurementTally(ms).typicalExtent
    }
}

/// A notice about how the labels were made, worded once in GestureReport.
public enum LabelNotice: Sendable, Equatable {
    /// The tuning was fitted on implicit labels: `intent`, `retry` and `outcome` count the
    /// labels each source gave; `automatic` when no `--labels implicit` was given (the traces
    /// have an `outcome` column and no `intent` column).
    case implicitLabels(intent: Int, retry: Int, outcome: Int, window: Double, automatic: Bool)

    public init(_ labels: ImplicitLabels, automatic: Bool) {
        self = .implicitLabels(
            intent: labels.count(.intent), retry: labels.count(.retry),
            outcome: labels.count(.outcome),
            window: labels.retryWindow, automatic: automatic)
    }
}
