import GestureCodegen
import GesturePhysics
import GestureTuning

/// The data the report page's script reads (what-if controls, drill-down timelines), as one
/// JSON value embedded in `report.html`. A projection of the model like every renderer: the
/// page decides again only with the rule formulas of `Rule.completes`, on each gesture's
/// `ReleaseState` (`GestureRow.release`), with the parameters named by `RuleFamily.parameterSpecs`.
///
/// Every gesture's release state is embedded (a few numbers each); timelines (samples over
/// time) only for `timelineIndices`.
struct ReportInteractiveData {
    let model: ReportModel
    let figures: ReportFigures
    /// Gestures (indices into `model.gestures`) whose timeline the page can open.
    let timelineIndices: [Int]
    /// Most points per timeline.
    var pointsPerTimeline = 80

    /// The JSON text, safe inside `<script type="application/json">` (every `<` escaped).
    func json() -> String {
        var w = JSONWriter(compactDepth: 2)
        w.beginObject()
        let s = model.summary
        w.string("name", model.name)
        w.number("extent", s.extent)
        w.bool("labelled", s.labelled)
        w.beginArray("rules")
        rule(&w, role: "current", title: "Current (\(s.currentSource))", s.currentRule)
        rule(
            &w, role: "suggested", title: s.suggestionInferred ? "Inferred split" : "Suggested",
            s.suggestedRule)
        w.endArray()
        let sc = figures.scatter
        let x0 = SVGRenderer.left, x1 = SVGRenderer.width - SVGRenderer.right
        let y0 = SVGRenderer.height - SVGRenderer.bottom, y1 = SVGRenderer.top
        w.numbers("scatterX", [sc.pRange.lowerBound, sc.pRange.upperBound, x0, x1])
        w.numbers("scatterY", [sc.vRange.lowerBound, sc.vRange.upperBound, y0, y1])

        // Per gesture, column by column; interrupted gestures are not counted (as in `batch`).
        let g = model.gestures
        w.beginObject("gestures")
        w.strings("id", g.map(\.id))
        w.beginArray("intent")
        for r in g { if let i = r.intent { w.int(nil, i == .complete ? 1 : 0) } else { w.null() } }
        w.endArray()
        w.beginArray("counted")
        for r in g { w.int(nil, r.flags.interruptedBySystem ? 0 : 1) }
        w.endArray()
        w.numbers("p", g.map(\.release.progress))
        w.numbers("v", g.map(\.release.velocity))
        w.numbers("vm", g.map(\.release.kinematicVelocity))
        w.numbers("am", g.map(\.release.kinematicAcceleration))
        w.beginArray("n")
        for r in g { w.int(nil, r.release.sampleCount) }
        w.endArray()
        w.numbers("E", g.map(\.release.extent))
        // Where each gesture is (a labels file names file and line), and what makes it doubtful
        // (the relabel order): near the boundary, or another flag.
        let files = Array(Set(g.map(\.file))).sorted()
        let fileIndex = Dictionary(uniqueKeysWithValues: files.enumerated().map { ($1, $0) })
        w.strings("files", files)
        w.beginArray("file")
        for r in g { w.int(nil, fileIndex[r.file] ?? 0) }
        w.endArray()
        w.beginArray("line")
        for r in g { w.int(nil, r.line) }
        w.endArray()
        w.beginArray("doubt")
        for r in g { w.int(nil, (r.flags.ambiguous ? 2 : 0) + (r.flags.names.isEmpty ? 0 : 1)) }
        w.endArray()
        // Refused by the current set's gate, and by the gate that ships: the app decides the
        // gate first, so a refused gesture is wrong whatever the release rule decides.
        w.beginArray("rc")
        for r in g { w.int(nil, r.currentRefusal == nil ? 0 : 1) }
        w.endArray()
        w.beginArray("rs")
        for r in g { w.int(nil, r.shippedRefusal == nil ? 0 : 1) }
        w.endArray()
        w.endObject()

        w.beginObject("timelines")
        for i in timelineIndices where i < g.count {
            let r = g[i]
            let pts = r.curve.filter { $0.t.isFinite && $0.p.isFinite }
            // The window's samples are the last ones; keep them all, thin the rest.
            let tail = min(pts.count, max(r.windowCount, 1))
            let head = Array(pts.indices.dropLast(tail))
            let kept =
                Thin.pick(head, keep: max(pointsPerTimeline - tail, 2))
                + Array(pts.indices.suffix(tail))
            w.beginObject(r.id)
            w.numbers("t", kept.map { pts[$0].t })
            w.numbers("p", kept.map { pts[$0].p })
            // Time ticks at round values (Axis: 1, 2, 2.5, 5 × 10^k), labelled as the figures are.
            let end = max(kept.last.map { pts[$0].t } ?? 0, 1e-3)
            let ticks = Axis(low: 0, high: end, from: 0, to: 1).ticks(count: 4)
            let step = ticks.count > 1 ? ticks[1] - ticks[0] : end
            w.numbers("ticks", ticks)
            w.strings("tickLabels", ticks.map { Axis.label($0, step: step) })
            w.int("window", r.windowCount)
            w.number("extent", r.extent)
            w.beginArray("estimates")
            for e in r.estimates {
                w.beginArray()
                w.string(nil, e.estimator.rawValue)
                w.number(nil, e.velocity)
                w.endArray()
            }
            w.endArray()
            w.string("file", r.file)
            w.int("samples", r.samples)
            w.endObject()
        }
        w.endObject()
        w.endObject()
        var out = ""
        w.flush(to: &out)
        return Text.scriptJSON(out)
    }

    private func rule(_ w: inout JSONWriter, role: String, title: String, _ rule: Rule) {
        w.beginObject()
        w.string("role", role)
        w.string("title", title)
        w.string("family", rule.family.rawValue)
        // End to end: the `other` gestures (not in the gesture columns) and those the role's
        // gate admits; the current set's gate for `current`, the gate that ships otherwise.
        let e = model.endToEnd
        w.int("others", e?.current.others ?? 0)
        w.int(
            "falseTriggers",
            (role == "current" ? e?.current.falseTriggers : e?.shipped.falseTriggers) ?? 0)
        // What the what-if's values are taken away as: the role's whole set (its gate, animation
        // and window) with this rule, as params.json writes it and as the snippets' parameters
        // block; the page puts the sliders' values in place of the rule's.
        var set =
            role == "current"
            ? model.currentSetting ?? model.suggestedParameterSet : model.suggestedParameterSet
        set.ruleSetting = .fixed(rule, preset: nil)
        set.expectedError = nil
        w.string("params", try? set.encoded())
        w.beginObject("blocks")
        for b in SnippetTemplates.parameterBlocks(set, name: model.snippetValues.name) {
            w.string(b.language, b.block)
        }
        w.endObject()
        w.beginArray("parameters")
        for p in rule.parameters {
            let range = Self.sliderRange(
                p, extent: model.summary.extent, velocities: model.gestures.map(\.release.velocity))
            w.beginObject()
            w.string("key", p.key)
            w.string("symbol", p.symbol)
            w.string("unit", p.unit.rawValue)
            w.parameter("value", p.value)
            w.number("min", range.lowerBound)
            w.number("max", range.upperBound)
            w.parameter("lowest", p.spec.lowest)
            w.parameter("highest", p.spec.highest)
            w.bool("infinityAllowed", p.spec.infinityAllowed)
            w.endObject()
        }
        w.endArray()
        w.endObject()
    }

    /// The slider's span for a parameter: around its value and the data, inside the table's bounds.
    static func sliderRange(_ p: RuleParameter, extent: Double, velocities: [Double])
        -> ClosedRange<Double>
    {
        let v = p.value.isFinite ? p.value : 0
        var lo: Double, hi: Double
        switch p.unit {
        case .progress, .ratio:
            lo = 0
            hi = max(1, v * 1.5)
        case .progressPerSecond:
            let fastest = velocities.lazy.filter(\.isFinite).map(abs).max() ?? 1
            lo = 0
            hi = max(v * 2, min(fastest, 20), 1)
        case .seconds:
            lo = 0
            hi = max(0.6, v * 2)
        case .points:
            lo = 0
            hi = max(extent, v * 2)
        case .degrees:
            lo = 0
            hi = 90
        case .coefficient:
            lo = v - 2 * abs(v) - 2
            hi = v + 2 * abs(v) + 2
        }
        if p.spec.lowest.isFinite { lo = max(lo, p.spec.lowest) }
        if p.spec.highest.isFinite { hi = min(hi, p.spec.highest) }
        return lo...max(hi, lo + 1e-9)
    }
}
