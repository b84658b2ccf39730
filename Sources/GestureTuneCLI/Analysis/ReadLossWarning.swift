import GestureTrace

/// The warning for a read that dropped a large share of what it saw (more than
/// `ReadLoss.warningShare` of rows or of gestures), so `--lenient` never passes a mass loss
/// silently. The shares come from the reader's counts (`ReadLoss`).
enum ReadLossWarning {
    static func diagnostic(_ reads: [ReadSummary], location: String?) -> Diagnostic? {
        let loss = ReadLoss(reads)
        guard loss.exceedsWarningShare else { return nil }
        func reasons(_ unit: SkipReason.Unit) -> String {
            let counts = SkipReason.allCases.compactMap { reason -> String? in
                let n = reads.reduce(0) { $0 + ($1.skipped(unit)[reason] ?? 0) }
                return n > 0 ? "\(n) \(reason.rawValue)" : nil
            }
            return counts.isEmpty ? "" : " (\(counts.joined(separator: ", ")))"
        }
        let rows = "\(loss.rowsSkipped) of \(loss.rowsRead) rows (\(percent(loss.rowShare)))\(reasons(.rows))"
        let gestures = "\(loss.gesturesSkipped) of \(loss.gesturesSeen) gestures (\(percent(loss.gestureShare)))\(reasons(.gestures))"
        return Diagnostic(
            location: location, severity: .warning,
            message: "skipped \(rows) and \(gestures): more than 5%; check the column mapping, --phase-map and the file ('gesturetune validate' lists every problem)")
    }

    static func percent(_ share: Double) -> String {
        "\((share * 1000).rounded() / 10)%"
    }
}
