import GestureIO
import GestureTuning

// The one wording of each animation, edge and lock suggestion's basis (the parameter table's
// notes: report.html, report.md, the notebook): the tuner gives the figures, these words and
// `NumberText` write them.

extension CompletionSpeedSuggestion {
    /// `median 1/v_p = 0.32 s over 41 completing gestures with v_p > 0; D = 0.35 s; median velocity ratio now 1.09`.
    public var basisText: String {
        guard let median = medianInverseVelocity else {
            return "no completing gesture moved forward at release"
        }
        return
            "median 1/v_p = \(NumberText.seconds(median)) over \(count) completing gestures with v_p > 0; "
            + "D = \(NumberText.seconds(transitionDuration)); median velocity ratio now \(NumberText.parameter(currentMedianRatio))"
    }
}

extension FingerSpeedCapSuggestion {
    /// `90th percentile of r/|v_p| = 0.31 s over 41 completing releases, clamped to [0.2, 0.54] s`.
    public var basisText: String {
        guard let p90 = percentile90 else { return "no completing release with nonzero velocity" }
        return
            "90th percentile of r/|v_p| = \(NumberText.seconds(p90)) over \(count) completing releases, "
            + "clamped to [\(NumberText.parameter(Self.bounds.lowerBound)), \(NumberText.parameter(Self.bounds.upperBound))] s"
    }
}

extension SpringSuggestion {
    /// By status: the target, the gestures, the damping ratio and the median initial velocity when found.
    public var basisText: String {
        let range =
            "[\(NumberText.parameter(Self.responseRange.lowerBound)), \(NumberText.parameter(Self.responseRange.upperBound))] s"
        switch status {
        case .noGestures: return "no gesture with room left to animate"
        case .unavailable: return "no spring settling-time function available"
        case .noBracket:
            return
                "median settling time does not reach \(NumberText.seconds(targetDuration)) for responses in \(range)"
        case .failed(let error): return "settling time failed: \(error)"
        case .found:
            return
                "median settling time \(NumberText.seconds(targetDuration)) (within 0.5%) over \(count) gestures (response rounded to 1 ms), "
                + "damping ratio \(NumberText.parameter(dampingRatio)), median initial velocity \(NumberText.parameter(medianInitialVelocity)) /s"
        }
    }
}

extension EdgeWidthSuggestion {
    /// `95th percentile of start position 15.31 pt + 4 pt over 40 gestures; 20 pt keeps 71.0%, 50 pt keeps 100.0%`,
    /// with the starts before the leading edge left out.
    public var basisText: String {
        guard let p95 = percentile95 else {
            return beforeEdge == 0
                ? "no gesture start positions"
                : "n/a: all \(beforeEdge) start positions lie before the leading edge (negative distance): check --direction and --extent"
        }
        let excluded =
            beforeEdge > 0
            ? "; \(beforeEdge) start\(beforeEdge == 1 ? "" : "s") before the leading edge left out"
            : ""
        return
            "95th percentile of start position \(NumberText.parameter(p95)) pt + 4 pt over \(count) gestures; "
            + "20 pt keeps \(NumberText.percent(coverage20)), 50 pt keeps \(NumberText.percent(coverage50))"
            + excluded
    }
}

extension DirectionLockSuggestion {
    /// `95th percentile of |entry angle| = 8.97° over 40 intended swipes`, and the floor when raised to it.
    public var basisText: String {
        guard let p95 = percentile95 else { return "no entry angles (no gesture moved 10 pt)" }
        let who =
            switch population {
            case .intendedSwipes: "intended swipes"
            case .unlabelledGestures: "gestures (no intent labels)"
            }
        let floor =
            raisedToFloor.map {
                "; raised to the \(NumberText.parameter($0))° floor (1 pt of jitter at 10 pt)"
            } ?? ""
        return
            "95th percentile of |entry angle| = \(NumberText.parameter(p95))° over \(count) \(who)"
            + floor
    }
}
