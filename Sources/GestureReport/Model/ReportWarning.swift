import GestureTuning

/// A warning a report shows, typed: one wording each (`sentence`, the text report.json, the
/// terminal and the Markdown carry) and a designer's wording (`plain`, shown first on the page).
public enum ReportWarning: Sendable, Equatable {
    /// From the tuning and the input (`TuningWarning`, worded in TuningWarning+Text).
    case tuning(TuningWarning)
    /// The labels were worked out from the recording (`LabelNotice`).
    case labels(LabelNotice)
    /// The gesture table and the figures drawn gesture by gesture show `shown` of `offered`.
    case sample(shown: Int, offered: Int)

    /// The warning in full.
    public var sentence: String {
        switch self {
        case .tuning(let w): w.sentence
        case .labels(let notice): notice.sentence
        case .sample(let shown, let offered):
            "The gesture table, the progress curves and the figures drawn gesture by gesture show \(shown) of \(offered) gestures: those the current parameters misdecide, then those near their boundary, then those whose recorded outcome differs, then a seeded sample of the rest; every count, error and suggestion is over all \(offered)."
        }
    }

    /// What it means for the numbers, in one plain sentence.
    public var plain: String {
        switch self {
        case .tuning(let w): w.plain
        case .labels:
            "What each gesture was meant to do was worked out from the recording (retries and outcomes), not said by a person."
        case .sample(let shown, let offered):
            "The table and some figures show \(shown) of the \(offered) gestures; every count and suggestion uses all of them."
        }
    }
}
