import Foundation
import GestureIO
import GesturePhysics
import GestureTrace
import GestureTuning

extension TuningWarning {
    /// The one wording of a typed warning, for every command and format: `analyze`'s terminal
    /// summary and report files, `batch`'s standard error, JSON and JUnit.
    public var sentence: String {
        switch self {
        case .timeScale(let rate, let unit, let likely):
            return
                "Gestures are sampled at a median \(Self.rate(rate)) with the time column read in \(unit.rawValue): touch screens report 60–240 samples per second, so the column is likely in \(likely.rawValue). Pass --time-unit \(likely.rawValue)."
        case .otherDirection(let moving, let count, let total, let given):
            return
                "Most gestures move \(moving.rawValue) on screen (\(count) of \(total), by their net displacement) but the direction is \(given.rawValue): progress is measured along \(Self.axis(given)), so these figures say little. Pass --direction \(moving.rawValue) (or set \"direction\" in the parameter file)."
        case .beyondExtent(let reach, let extent, let direction, let source):
            let from = source == .defaultValue ? "the default" : "--extent or the parameter file"
            return
                "Touches reach \(Self.whole(reach)) pt along \(Self.axis(direction)), beyond the \(Self.whole(extent)) pt extent (\(from)): the container is larger than that, so progress and edge figures are off. Pass --extent with the container's \(Self.size(direction)) in pt."
        case .beyondContainer(let count, let total, let reach, let container, let direction):
            return
                "On \(count) of \(total) gestures touches reach well beyond the \(Self.size(direction)) column (up to \(Self.whole(reach)) pt along \(Self.axis(direction)) in a \(Self.whole(container)) pt container): coordinates and container sizes are not in the same space, so progress and edge figures are off. Check the \(Self.size(direction)) column's unit, or map another column to it."
        case .defaultExtent(let direction, let extent, let count, let total, let population):
            let scope = count == total ? "" : " (\(count) of \(total) \(population))"
            return
                "No \(Self.size(direction)) column (direction \(direction.rawValue)) and no --extent\(scope): the extent defaults to \(Self.whole(extent)) pt, so pt/s thresholds assume a container that size."
        case .readLoss(let loss, let rowReasons, let gestureReasons):
            func reasons(_ counts: [ReasonCount]) -> String {
                counts.isEmpty
                    ? ""
                    : " (\(counts.map { "\($0.count) \($0.reason.rawValue)" }.joined(separator: ", ")))"
            }
            let rows =
                "\(loss.rowsSkipped) of \(loss.rowsRead) rows (\(Self.percent(loss.rowShare)))\(reasons(rowReasons))"
            let gestures =
                "\(loss.gesturesSkipped) of \(loss.gesturesSeen) gestures (\(Self.percent(loss.gestureShare)))\(reasons(gestureReasons))"
            return
                "skipped \(rows) and \(gestures): more than 5%; check the column mapping, --phase-map and the file ('gesturetune validate' lists every problem)"
        case .extentsDiffer(let low, let high, let typical):
            return
                "Extents differ between gestures (\(NumberText.parameter(low))–\(NumberText.parameter(high)) pt): each gesture is decided with its own; pt/s figures use \(NumberText.parameter(typical)) pt."
        case .estimatorDisagreement(let count, let total):
            return
                "On \(count) of \(total) gestures lsq2 gives a release velocity opposite in sign to the one lsq1, impulse and delta agree on (the finger slowed sharply at the end): flagged 'estimator-disagreement' in the gesture table; compare with --estimator lsq1."
        case .estimatorFallback(let count, let total):
            return
                "The velocity estimator fell back (lsq2 → lsq1 → delta → 0) on \(count) of \(total) gestures: flagged 'fallback' in the gesture table."
        case .noUsableGestures:
            return "No usable gestures: nothing to tune."
        case .noLabels:
            return
                "No labelled gestures (no intent column): no ground truth; only the current parameters' decisions, the ambiguous band and an inferred split are shown."
        case .oneClass(let complete, let cancel):
            return
                "Only one class among the labelled gestures (\(complete) complete, \(cancel) cancel): any boundary beyond them fits; the suggestion is the middle of the tied candidates."
        case .singleLabelled:
            return "A single labelled gesture: no cross-validation, degenerate intervals."
        case .interruptedBySystem(let count):
            return
                "\(count) gestures interrupted by the system (closed by cancelled): reported, not tuned."
        case .partlyLabelled(let unlabelled, let used, let labelled):
            return
                "\(unlabelled) of \(used) used gestures carry no intent: errors and the suggestion rest on the \(labelled) labelled ones."
        case .mixtureLeftOut(let kept, let still, let across):
            return
                "The split was sought among the \(kept) gestures that moved along the axis: \(still) that never moved 10 pt and \(across) that moved mostly across the axis were left out."
        case .noSplit(let verdict, let count):
            return "No split inferred: " + Self.verdict(verdict, count: count)
                + " The current parameters are kept as the suggestion."
        case .outcomeMismatch(let count, let checked):
            return
                "\(count) of \(checked) recorded outcomes disagree with what the current parameters decide: the app's code and its configuration may have drifted apart."
        case .logistic(let outcome):
            return "Logistic fit: " + (Self.logistic(outcome) ?? "converged.")
        case .edgeWidthClamped(let suggested, let extent):
            return
                "The suggested edge width (\(NumberText.parameter(suggested)) pt, from the start positions) exceeds the \(NumberText.parameter(extent)) pt container: clamped to \(NumberText.parameter(extent)) pt. Check --direction and the extent."
        }
    }

    /// The same warning for a designer: what it means for the numbers, in one plain sentence,
    /// without flags or statistics (the report page shows `sentence` one click away).
    public var plain: String {
        switch self {
        case .timeScale:
            return
                "The timestamps look like they are in the wrong unit, so every speed here is likely wrong."
        case .otherDirection(let moving, _, _, let given):
            return
                "Most swipes go \(moving.rawValue), but the report measured them \(given.rawValue): re-run it for the right direction before trusting it."
        case .beyondExtent, .beyondContainer, .edgeWidthClamped:
            return
                "The screen size the report assumed does not match where the fingers went, so progress and edge numbers are off."
        case .defaultExtent(_, let extent, _, _, _):
            return
                "The container's size was not recorded, so the report assumed \(Self.whole(extent)) pt; speeds in pt/s depend on that guess."
        case .readLoss:
            return
                "More than 1 in 20 recorded rows or gestures could not be read and were left out."
        case .extentsDiffer:
            return
                "The gestures come from containers of different sizes; each is judged with its own."
        case .estimatorDisagreement:
            return
                "On some gestures the finger stopped sharply at the end, so their release speed is uncertain."
        case .estimatorFallback:
            return "Some gestures have too few samples for a reliable release speed."
        case .noUsableGestures:
            return "No gesture in the file could be used: nothing to tune."
        case .noLabels:
            return
                "Nobody said which gestures were meant to complete, so the suggestion is a guess from the data alone."
        case .oneClass:
            return
                "Every labelled gesture was meant the same way (all complete or all cancel), so there is nothing to tell apart."
        case .singleLabelled:
            return "Only one gesture says what was meant: the numbers cannot be checked."
        case .interruptedBySystem(let count):
            return
                "\(count) gestures were cut short by the system; they are shown but not used for tuning."
        case .partlyLabelled(let unlabelled, let used, _):
            return
                "\(unlabelled) of \(used) gestures do not say what was meant; the error counts use the others."
        case .mixtureLeftOut:
            return "Gestures that hardly moved or moved sideways were left out of the guess."
        case .noSplit:
            return
                "The data alone shows no clear line between completing and cancelling swipes, so the current values are kept."
        case .outcomeMismatch:
            return
                "What the app recorded does not always match what these settings decide: the app may run different values."
        case .logistic(let outcome):
            if case .converged = outcome { return "The fitted rule converged." }
            return
                "The fitted rule could not be pinned down on these gestures; treat its numbers with care."
        }
    }

    /// Why the mixture gave no split (`count` gestures fitted).
    static func verdict(_ verdict: MixtureAnalysis.Verdict, count: Int) -> String {
        switch verdict {
        case .separates: return "the two-component mixture separates."
        case .oneComponent:
            return
                "the projected landing progress does not separate into two groups (BIC prefers one Gaussian component)."
        case .negligibleComponent:
            return
                "the projected landing progress does not separate: the second mixture component holds under 5% of the gestures."
        case .noCrossing:
            return
                "the projected landing progress does not separate: the two mixture components' densities do not cross between their means."
        case .notSeparated:
            return
                "the projected landing progress does not separate: the two mixture components overlap, or one is narrower than 1% of the extent."
        case .crossingOutOfRange:
            return
                "the two mixture components cross outside 0.05–0.95 of the extent, where a split would mean always complete or always cancel."
        case .tooFew:
            return "too few unlabelled gestures (\(count), fewer than 10) to fit a mixture."
        }
    }

    /// Why the logistic fit gives no boundary of its own; nil when it converged.
    static func logistic(_ outcome: LogisticFit.Outcome) -> String? {
        switch outcome {
        case .converged: return nil
        case .separated:
            return
                "the classes separate perfectly, so no maximum-likelihood estimate exists (coefficients grow without bound); the coefficients shown are a separating iterate without standard errors."
        case .notConverged:
            return
                "IRLS did not converge in \(LogisticFit.maxIterations) iterations; the coefficients shown are the last iterate."
        case .oneClass: return "only one class among the labelled gestures: nothing to fit."
        case .tooFew: return "fewer than 3 labelled gestures: nothing to fit."
        case .singular:
            return "the design [1, p_r, v_p] is singular (e.g. every v_p equal): no fit."
        }
    }

    static func axis(_ d: Direction) -> String { d.isHorizontal ? "x" : "y" }
    static func size(_ d: Direction) -> String { d.isHorizontal ? "width" : "height" }

    /// `0.059 Hz`, `120 MHz`: two significant digits.
    static func rate(_ hz: Double) -> String {
        hz >= 1e6
            ? "\(significant(hz / 1e6)) MHz"
            : hz >= 1e3 ? "\(significant(hz / 1e3)) kHz" : "\(significant(hz)) Hz"
    }

    /// Two significant digits (`%.2g`), whole numbers written out: `0.059`, `120000`.
    static func significant(_ v: Double) -> String {
        let text = String(format: "%.2g", v)
        if let d = Double(text), d >= 10 { return whole(d) }
        return text
    }

    /// A whole number of pt or Hz: `646`, and `1e+300` beyond what an `Int` holds (traces may
    /// hold any finite number).
    static func whole(_ v: Double) -> String {
        guard v.isFinite else { return "\(v)" }
        return abs(v) < 1e15 ? "\(Int(v.rounded()))" : "\(v)"
    }

    /// `70.0%`: one decimal (a share of rows or gestures skipped).
    public static func percent(_ share: Double) -> String {
        NumberText.percent(share)
    }
}
