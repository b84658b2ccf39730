import GestureCodegen
import GestureIO
import GesturePhysics
import GestureTrace

extension NotebookRenderer {
    /// Loads the raw traces named in the summary with pandas (paths as given to `analyze`, tried
    /// from the notebook's folder and up to three folders above; standard input is skipped).
    static let tracesCode = ReportTemplates.files.embedded("report/notebook/traces.py")

    /// The page's what-if in Python: each family's decision, generated from the runtime's table
    /// (`RuleFamily.decisionFormula`, `RuntimeTables.python()`), on each gesture's release
    /// state, counted over labelled gestures not interrupted by the system.
    static let whatIfCode = ReportTemplates.files.embedded(
        "report/notebook/whatIf.py", ["completes": RuntimeTables.python()])

    /// Reads a labels file (`LabelOverlay`'s format) beside the notebook and shows which
    /// gestures it relabels; without one, says how to make one.
    static let labelsCode = ReportTemplates.files.embedded("report/notebook/labels.py")
    static let labelsOutput =
        "no labels.csv beside the notebook: export one from report.html (Export labels CSV); gesturetune analyze --relabel labels.csv applies it\n"

    /// What `whatIfCode` prints for the suggested rule, decided here by `Rule.completes`.
    var whatIfOutput: String {
        let rule = model.summary.suggestedRule
        let counted = model.gestures.filter { $0.intent != nil && !$0.flags.interruptedBySystem }
        let wrong = counted.filter {
            (rule.completes($0.release) ? Intent.complete : .cancel) != $0.intent
        }.count
        let share =
            counted.isEmpty ? "n/a" : NumberText.percent(Double(wrong) / Double(counted.count))
        return
            "\(rule.family.rawValue): \(wrong) of \(counted.count) labelled gestures misdecided (\(share))\n"
    }

    /// The cells after the gesture table: a labels file, raw traces, what-if.
    var exploreCells: [Cell] {
        let files = model.summary.files.count
        return [
            .markdown(
                "## Explore\n\nThe labels exported from report.html (`labels.csv`, applied by `analyze --relabel`), the raw traces with pandas, and what the suggested rule would decide with other parameters (`what_if(progressThreshold=0.45)`; sliders when `ipywidgets` is installed).\n"
            ),
            .code(Self.labelsCode, [.stream(Self.labelsOutput)]),
            .code(
                Self.tracesCode,
                [.stream("\(model.summary.rowsRead) samples from \(files) of \(files) files\n")]),
            .code(Self.whatIfCode, [.stream(whatIfOutput)]),
        ]
    }
}
