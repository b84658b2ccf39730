import GestureIO
import GesturePhysics
import GestureTuning

extension LabelNotice {
    /// The one wording of the implicit-labels notice.
    public var sentence: String {
        switch self {
        case .implicitLabels(let intent, let retry, let outcome, let window, let automatic):
            let why = automatic ? "an outcome column and no intent column, so labels" : "labels"
            return
                "Fitted on implicit labels (\(why) come from what people did next): \(retry) cancelled gestures retried within \(NumberText.seconds(window)) in the same direction count as meant complete, \(outcome) take the app's outcome, \(intent) come from an intent column. A quick new navigation after a real cancel reads as a retry; a person who gives up leaves no retry."
        }
    }
}

/// `--by` in report terms: the comparison and its words (the numbers are the analysis's).
public struct GroupSection: Sendable, Equatable {
    public var analysis: GroupAnalysis
    /// Velocity figures in pt/s at this extent.
    public var extent: Double

    public init(analysis: GroupAnalysis, extent: Double) {
        self.analysis = analysis
        self.extent = extent
    }

    /// The first parameter of the family (p_th for threshold): the one the figure shows.
    var leadName: String? { analysis.pooledParameters.first?.name }

    static func interval(_ p: ParameterInterval?) -> String {
        guard let p else { return "n/a" }
        if p.lower == p.upper { return NumberText.parameter(p.estimate) }
        return
            "\(NumberText.parameter(p.estimate)) [\(NumberText.parameter(p.lower)), \(NumberText.parameter(p.upper))]"
    }

    /// One sentence: does one set fit all?
    public var headline: String {
        let a = analysis
        let by = "per-\(a.columns)"
        switch a.verdict {
        case .tooFewGroups:
            let enough = a.groups.filter(\.enough).count
            return
                "Not enough data to compare groups: \(enough) of \(a.groups.count) \(a.columns) groups have \(GroupAnalysis.minimumLabelled) labelled gestures (at least \(GroupAnalysis.minimumPerClass) of each intent); two are needed."
        case .oneSetFitsAll:
            let gain = a.gain ?? 0
            let noise = "(± \(NumberText.points(2 * (a.gainStandardError ?? 0))))"
            if gain <= 0 {
                return
                    "One set fits all: out of sample, \(by) parameters make \(NumberText.points(-gain)) points more errors than the pooled set \(noise)."
            }
            return
                "One set fits all: \(by) parameters gain \(NumberText.points(gain)) points of error out of sample, inside the noise \(noise)."
        case .perGroupWins:
            var text =
                "\(by.prefix(1).uppercased() + by.dropFirst()) parameters win: \(NumberText.points(a.gain ?? 0)) points fewer errors out of sample than one pooled set (± \(NumberText.points(2 * (a.gainStandardError ?? 0))))"
            if let name = leadName {
                let values = a.groups.compactMap { g in
                    g.parameters.first { $0.name == name }.map { (g.name, $0.estimate) }
                }
                if let low = values.min(by: { $0.1 < $1.1 }),
                    let high = values.max(by: { $0.1 < $1.1 }), low.0 != high.0
                {
                    text +=
                        "; \(high.0) wants \(name) \(NumberText.parameter(high.1)) against \(NumberText.parameter(low.1)) for \(low.0)"
                }
            }
            return text + "."
        }
    }

    /// Per group: gestures, labelled, current error, suggestion with intervals (or too few).
    public var table: ReportTable {
        let names = analysis.pooledParameters.map(\.name)
        var rows: [[String]] = []
        for g in analysis.groups {
            var row = [
                g.name.isEmpty ? "(none)" : g.name, "\(g.gestures)", "\(g.labelled)",
                NumberText.percent(g.current?.errorRate),
            ]
            if g.enough {
                for n in names { row.append(Self.interval(g.parameters.first { $0.name == n })) }
                row.append(NumberText.percent(g.fitted?.errorRate))
            } else {
                for _ in names {
                    row.append("too few (needs \(GroupAnalysis.minimumLabelled) labelled)")
                }
                row.append("")
            }
            rows.append(row)
        }
        var pooled = [
            "all (pooled)", "\(analysis.groups.map(\.gestures).reduce(0, +))",
            "\(analysis.groups.map(\.labelled).reduce(0, +))", "",
        ]
        for n in names {
            pooled.append(Self.interval(analysis.pooledParameters.first { $0.name == n }))
        }
        pooled.append("")
        rows.append(pooled)
        return ReportTable(
            headers: [analysis.columns, "gestures", "labelled", "current error"]
                + names.map { "\($0) (95% interval)" } + ["fitted error"],
            rows: rows, rowClasses: [],
            note:
                "\(analysis.family.rawValue) family; a group needs \(GroupAnalysis.minimumLabelled) labelled gestures, at least \(GroupAnalysis.minimumPerClass) of each intent.",
            alignNumbers: false)
    }

    /// Out-of-sample errors per held-out group.
    public var heldOutTable: ReportTable? {
        guard !analysis.heldOut.isEmpty else { return nil }
        let rows = analysis.heldOut.map { h in
            [
                h.name, "\(h.gestures)",
                "\(h.pooledErrors) (\(NumberText.percent(Double(h.pooledErrors) / Double(max(1, h.gestures)))))",
                "\(h.ownErrors) (\(NumberText.percent(Double(h.ownErrors) / Double(max(1, h.gestures)))))",
            ]
        }
        return ReportTable(
            headers: [
                analysis.columns, "held-out gestures", "pooled (fitted on the other groups)",
                "own (fitted on the group's other folds)",
            ],
            rows: rows, rowClasses: [], note: nil, alignNumbers: false)
    }
}
