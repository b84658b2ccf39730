import GestureCodegen
import GesturePhysics
import GestureTrace
import GestureTuning

/// Writes `report.json`: `"schema": "gesturetune.report/1"`, every aggregate and per-gesture
/// record of the report, keys in report order.
///
/// Conventions: velocities `v`, `vx`, `vy` in pt/s, `v_p` and velocity thresholds in
/// progress/s; errors are fractions. Rule and setting parameters carry the keys of
/// `params.json` (`RuleParameterSpec`), an infinite one (a velocity threshold that ignores
/// velocity) written `"inf"` as there; any other non-finite figure is written `null`.
public struct JSONRenderer: Sendable {
    public static let schema = "gesturetune.report/1"
    public let model: ReportModel
    /// The figures the report folder shares with its other renderers; nil: made by `render`.
    private let givenFigures: ReportFigures?

    public init(model: ReportModel, figures: ReportFigures? = nil) {
        self.model = model
        givenFigures = figures
    }

    public func render(to out: inout some TextOutputStream) {
        // The gesture records, the bulk of the file, rendered meanwhile on the other cores;
        // the figures made here once they have started.
        let gestures = renderedGestures()
        let figures = givenFigures ?? ReportFigures(model: model)
        var w = JSONWriter()
        w.beginObject()
        w.string("schema", Self.schema)
        w.string("name", model.name)
        w.string("generator", model.generator)
        w.beginObject("notes")
        w.string(
            "units",
            "v, estimates, peakVelocity: pt/s along the axis; vx, vy, estimateComponents: pt/s on screen; v_p and velocity thresholds: progress/s (× extent = pt/s); times: s; errors: fractions"
        )
        w.string(
            "nonFinite",
            "parameters: \"inf\" as in params.json (an infinite velocity threshold means velocity is ignored); other figures: null"
        )
        w.endObject()
        Self.writeSummary(model, into: &w)
        writeParameters(&w)
        writeGate(&w)
        writeRules(&w)
        w.flush(to: &out)
        writeFigures(figures, &w)
        writeEstimators(&w)
        w.flush(to: &out)
        w.beginArray("gestures")
        w.elements(gestures, out: &out)
        w.endArray()
        writeSnippets(&w)
        w.endObject()
        w.flush(to: &out)
        out.write("\n")
    }

    public func json() -> String {
        var s = ""
        render(to: &s)
        return s
    }

    // MARK: Sections

    static func writeRule(_ key: String?, _ rule: Rule, into w: inout JSONWriter) {
        w.beginObject(key)
        w.string("family", rule.family.rawValue)
        for p in rule.parameters { w.parameter(p.key, p.value) }
        w.endObject()
    }

    /// The `summary` object; the terminal JSON summary writes this same object.
    static func writeSummary(_ model: ReportModel, into w: inout JSONWriter) {
        ReportDocument.Summary(model).write(into: &w)
    }

    private func writeInterval(_ key: String, _ i: Interval?, _ w: inout JSONWriter) {
        guard let i else { return w.null(key) }
        w.beginObject(key)
        w.number("low", i.low)
        w.number("high", i.high)
        w.endObject()
    }

    private func writeParameters(_ w: inout JSONWriter) {
        let e = model.summary.extent
        w.beginObject("parameters")
        w.strings("defaultColumns", model.parameters.defaultColumns)
        w.beginArray("rows")
        for r in model.parameters.rows {
            w.beginObject()
            w.string("name", r.name)
            w.string("symbol", r.symbol)
            w.string("unit", r.unit.rawValue)
            w.parameter("suggested", r.suggested)
            writeInterval("interval", r.interval, &w)
            w.parameter("current", r.current)
            w.beginObject("defaults")
            for (k, col) in model.parameters.defaultColumns.enumerated() {
                w.parameter(col, k < r.defaults.count ? r.defaults[k] : nil)
            }
            w.endObject()
            if r.unit == .progressPerSecond {
                w.number("suggestedPtPerSecond", r.suggested.map { $0 * e })
                w.number("currentPtPerSecond", r.current.map { $0 * e })
            }
            w.string("note", r.note)
            w.endObject()
        }
        w.endArray()
        let a = model.animation
        w.beginObject("animation")
        w.number("duration", a.duration)
        w.number("currentCompletionSpeed", a.currentCompletionSpeed)
        w.number("suggestedCompletionSpeed", a.suggestedCompletionSpeed)
        writeInterval("completionSpeedInterval", a.completionSpeedInterval, &w)
        w.number("currentMedianRatio", a.currentMedianRatio)
        w.number("suggestedMedianRatio", a.suggestedMedianRatio)
        w.number("fingerSpeedCap", a.fingerSpeedCap)
        w.number("dampingRatio", a.dampingRatio)
        w.number("springResponse", a.springResponse)
        w.number("targetDuration", a.targetDuration)
        w.number("medianSettlingTime", a.medianSettlingTime)
        w.number("currentFingerSpeedCap", a.currentFingerSpeedCap)
        w.number("currentDampingRatio", a.currentDampingRatio)
        w.number("currentSpringResponse", a.currentSpringResponse)
        w.number("currentEdgeWidth", a.currentEdgeWidth)
        w.number("currentDirectionLock", a.currentDirectionLock)
        w.endObject()
        let g = model.edge
        w.beginObject("edge")
        w.number("percentile95", g.percentile95)
        w.number("suggestedWidth", g.suggestedWidth)
        w.beginArray("references")
        for r in g.references {
            w.beginObject()
            w.string("name", r.name)
            w.number("value", r.value)
            w.endObject()
        }
        w.endArray()
        w.number("directionLock", g.directionLock)
        w.endObject()
        w.endObject()
    }

    /// The `gate` object (null when the model has no gate section).
    private func writeGate(_ w: inout JSONWriter) {
        guard let section = model.gate else { return w.null("gate") }
        let a = section.answer
        w.beginObject("gate")
        w.bool("falseTriggersMeasured", a.measured)
        w.int("meant", a.meant)
        w.int("others", a.others)
        w.int("unlabelled", a.unlabelled)
        w.number("falseTriggerCost", a.falseTriggerCost)
        if let g = a.suggested {
            w.beginObject("suggested")
            w.number("edgeWidth", g.edgeWidth)
            w.number("lockAngle", g.effectiveLockAngle)
            w.number("slop", g.effectiveSlop)
            w.endObject()
        } else {
            w.null("suggested")
        }
        w.int("misses", a.misses)
        w.int("falseTriggers", a.falseTriggers)
        w.int("crossValidatedMisses", a.crossValidatedMisses)
        w.int("crossValidatedFalseTriggers", a.crossValidatedFalseTriggers)
        w.number("missRate", section.missRate)
        w.number("falseTriggerRate", section.falseTriggerRate)
        w.number("endToEndWrong", section.endToEndWrong)
        for (key, interval) in [
            ("edgeWidthInterval", a.edgeInterval), ("lockAngleInterval", a.angleInterval),
        ] {
            if let i = interval {
                w.beginObject(key)
                w.number("low", i.lower)
                w.number("high", i.upper)
                w.endObject()
            } else {
                w.null(key)
            }
        }
        if let o = a.optimum {
            w.beginObject("optimum")
            for (key, low, high) in [
                ("edgeWidth", o.lowestEdge, o.highestEdge),
                ("lockAngle", o.lowestLock, o.highestLock),
            ] {
                w.beginObject(key)
                w.number("low", low)
                w.number("high", high)
                w.endObject()
            }
            w.endObject()
        } else {
            w.null("optimum")
        }
        w.beginArray("references")
        for r in a.references {
            w.beginObject()
            w.string("name", r.name)
            w.number("edgeWidth", r.gate.edgeWidth)
            w.number("lockAngle", r.gate.effectiveLockAngle)
            w.int("misses", r.misses)
            w.int("falseTriggers", r.falseTriggers)
            w.endObject()
        }
        w.endArray()
        w.endObject()
    }

    private func writeConfusion(_ c: ConfusionMatrix?, _ w: inout JSONWriter) {
        guard let c else { return w.null("confusion") }
        w.beginObject("confusion")
        w.int("completeCompleted", c.completeCompleted)
        w.int("completeCancelled", c.completeCancelled)
        w.int("cancelCompleted", c.cancelCompleted)
        w.int("cancelCancelled", c.cancelCancelled)
        w.endObject()
    }

    private func writeRules(_ w: inout JSONWriter) {
        w.beginArray("rules")
        for r in model.rules {
            w.beginObject()
            w.string("family", r.rule.family.rawValue)
            Self.writeRule("rule", r.rule, into: &w)
            w.bool("suggested", r.suggested)
            w.number("crossValidatedError", r.crossValidatedError)
            w.number("inSampleError", r.inSampleError)
            writeConfusion(r.confusion, &w)
            w.strings("misclassified", r.misclassified)
            w.beginArray("coefficients")
            for c in r.coefficients {
                w.beginObject()
                w.string("name", c.name)
                w.number("value", c.value)
                w.number("standardError", c.standardError)
                w.endObject()
            }
            w.endArray()
            w.string("note", r.note)
            w.endObject()
        }
        w.endArray()
        w.beginArray("presets")
        for p in model.presets {
            w.beginObject()
            w.string("name", p.name)
            w.string("source", p.source)
            Self.writeRule("rule", p.rule, into: &w)
            w.bool("isCurrent", p.isCurrent)
            w.number("error", p.error)
            w.int("misdecided", p.misdecided)
            w.int("completes", p.completes)
            w.endObject()
        }
        w.endArray()
        if let u = model.unlabelled {
            w.beginObject("unlabelled")
            w.number("band", u.band)
            w.strings("ambiguous", u.ambiguousIDs)
            w.number("tau", u.tau)
            w.number("inferredThreshold", u.inferredThreshold)
            w.beginArray("components")
            for c in u.components {
                w.beginObject()
                w.number("weight", c.weight)
                w.number("mean", c.mean)
                w.number("standardDeviation", c.standardDeviation)
                w.endObject()
            }
            w.endArray()
            w.endObject()
        } else {
            w.null("unlabelled")
        }
        w.beginArray("outcomeMismatches")
        for m in model.outcomeMismatches {
            w.beginObject()
            w.string("id", m.id)
            w.string("recorded", m.recorded.rawValue)
            w.string("decided", m.decided.rawValue)
            w.endObject()
        }
        w.endArray()
        if case .implicitLabels(let intent, let retry, let outcome, let window, let automatic) =
            model.labelNotice
        {
            w.beginObject("labels")
            w.string("kind", "implicit")
            w.bool("automatic", automatic)
            w.number("retryWindow", window)
            w.beginObject("sources")
            w.int("intent", intent)
            w.int("retry", retry)
            w.int("outcome", outcome)
            w.endObject()
            w.endObject()
        }
        if let g = model.groups { Self.writeGroups(g, into: &w) }
    }

    /// Intervals keyed by the parameter's file key (`progressThreshold`); an infinite value is `"inf"`.
    static func writeIntervals(
        _ key: String, _ list: [ParameterInterval], family: RuleFamily, into w: inout JSONWriter
    ) {
        w.beginObject(key)
        for p in list {
            w.beginObject(family.parameterSpecs.first { $0.symbol == p.name }?.key ?? p.name)
            w.parameter("estimate", p.estimate)
            w.parameter("lower", p.lower)
            w.parameter("upper", p.upper)
            w.endObject()
        }
        w.endObject()
    }

    /// `groups`: the `--by` comparison.
    static func writeGroups(_ g: GroupSection, into w: inout JSONWriter) {
        let a = g.analysis
        w.beginObject("groups")
        w.string("by", a.columns)
        w.string("family", a.family.rawValue)
        w.string(
            "verdict",
            {
                switch a.verdict {
                case .perGroupWins: "per-group"
                case .oneSetFitsAll: "one-set"
                case .tooFewGroups: "too-few-groups"
                }
            }())
        w.string("headline", g.headline)
        w.int("minimumLabelled", GroupAnalysis.minimumLabelled)
        w.number("gainPoints", a.gain)
        w.number("gainStandardError", a.gainStandardError)
        writeRule("pooledRule", a.pooledRule, into: &w)
        writeIntervals("pooledParameters", a.pooledParameters, family: a.family, into: &w)
        w.beginArray("groups")
        for group in a.groups {
            w.beginObject()
            w.string("name", group.name)
            w.int("gestures", group.gestures)
            w.int("labelled", group.labelled)
            w.number("currentError", group.current?.errorRate)
            w.bool("enough", group.enough)
            if let rule = group.rule { writeRule("rule", rule, into: &w) } else { w.null("rule") }
            writeIntervals("parameters", group.parameters, family: a.family, into: &w)
            w.number("fittedError", group.fitted?.errorRate)
            w.endObject()
        }
        w.endArray()
        w.beginArray("heldOut")
        for h in a.heldOut {
            w.beginObject()
            w.string("name", h.name)
            w.int("gestures", h.gestures)
            w.int("pooledErrors", h.pooledErrors)
            w.int("ownErrors", h.ownErrors)
            w.endObject()
        }
        w.endArray()
        w.endObject()
    }

    private func writeHistogram(_ key: String, _ h: HistogramFigure, _ w: inout JSONWriter) {
        w.beginObject(key)
        w.string("xLabel", h.xLabel)
        w.numbers("edges", h.edges)
        w.beginArray("series")
        for s in h.series {
            w.beginObject()
            w.string("name", s.name)
            w.string("style", s.style)
            w.int("total", s.total)
            w.int("clamped", s.clamped)
            w.beginArray("counts")
            for c in s.counts { w.int(nil, c) }
            w.endArray()
            w.endObject()
        }
        w.endArray()
        w.beginArray("markers")
        for m in h.markers {
            w.beginObject()
            w.string("name", m.name)
            w.number("x", m.x)
            w.string("style", m.style)
            w.endObject()
        }
        w.endArray()
        w.endObject()
    }

    private func writeFigures(_ figures: ReportFigures, _ w: inout JSONWriter) {
        w.beginObject("figures")
        w.beginArray("list")
        for f in figures.info {
            w.beginObject()
            w.string("name", f.name)
            w.string("file", "figures/\(f.name).svg")
            w.string("title", f.title)
            w.string("caption", f.caption)
            w.endObject()
        }
        w.endArray()
        let s = figures.scatter
        w.beginObject("releaseScatter")
        w.numbers("pRange", [s.pRange.lowerBound, s.pRange.upperBound])
        w.numbers("vRange", [s.vRange.lowerBound, s.vRange.upperBound])
        w.int("shown", s.points.count)
        w.int("total", s.total)
        w.int("clamped", s.clampedCount)
        for (key, lines) in [
            ("currentBoundary", s.currentBoundary), ("suggestedBoundary", s.suggestedBoundary),
        ] {
            w.beginArray(key)
            for line in lines {
                w.beginArray()
                for pt in line { w.numbers(nil, [pt.p, pt.v]) }
                w.endArray()
            }
            w.endArray()
        }
        w.endObject()
        let c = figures.curves
        w.beginObject("progressCurves")
        w.int("shown", c.curves.count)
        w.int("total", c.total)
        w.number("tMax", c.tMax)
        w.beginArray("curves")
        for curve in c.curves {
            w.beginObject()
            w.string("id", curve.id)
            w.string("group", curve.group.rawValue)
            w.numbers("t", curve.points.map(\.t))
            w.numbers("p", curve.points.map(\.p))
            w.endObject()
        }
        w.endArray()
        w.endObject()
        writeHistogram("releaseVelocity", figures.releaseVelocity, &w)
        writeHistogram("startPosition", figures.startPosition, &w)
        writeHistogram("velocityRatio", figures.velocityRatio, &w)
        writeGateTradeoff(figures.gateTradeoff, &w)
        w.endObject()
    }

    /// `figures.gateTradeoff`: per lock, misses and false triggers as the edge width grows
    /// (`edgeWidth` null: the whole extent), and the marked gates; null without a figure.
    private func writeGateTradeoff(_ figure: GateTradeoffFigure?, _ w: inout JSONWriter) {
        guard let f = figure else { return w.null("gateTradeoff") }
        w.beginObject("gateTradeoff")
        w.int("meant", f.meant)
        w.int("others", f.others)
        w.beginArray("curves")
        for c in f.curves {
            w.beginObject()
            w.number("lockAngle", c.lockAngle)
            w.beginArray("edgeWidth")
            for p in c.points { w.number(nil, p.edgeWidth) }
            w.endArray()
            w.beginArray("misses")
            for p in c.points { w.int(nil, p.misses) }
            w.endArray()
            w.beginArray("falseTriggers")
            for p in c.points { w.int(nil, p.falseTriggers) }
            w.endArray()
            w.endObject()
        }
        w.endArray()
        w.beginArray("marks")
        for m in f.marks {
            w.beginObject()
            w.string("key", m.key)
            w.string("label", m.label)
            w.int("misses", m.misses)
            w.int("falseTriggers", m.falseTriggers)
            w.endObject()
        }
        w.endArray()
        w.endObject()
    }

    private func writeEstimators(_ w: inout JSONWriter) {
        w.beginArray("estimators")
        for e in model.estimators {
            w.beginObject()
            w.string("estimator", e.estimator.rawValue)
            w.int("gestures", e.gestures)
            w.number("medianAbsDiffToLsq2", e.medianAbsDiffToLsq2)
            w.number("medianAbsDiffToPlatform", e.medianAbsDiffToPlatform)
            w.int("fallbacks", e.fallbacks)
            if let rule = e.suggestedRule {
                w.bool("inUse", e.inUse)
                Self.writeRule("suggestedRule", rule, into: &w)
                w.number("crossValidatedError", e.crossValidatedError)
                if let n = e.misdecided { w.int("misdecided", n) }
            }
            w.endObject()
        }
        w.endArray()
    }

    /// The `gestures` array's records, one per line (an array of the top-level object).
    private func renderedGestures() -> JSONWriter.Elements {
        let intentSource = model.labelNotice != nil
        return JSONWriter.rendered(model.gestures, depth: 2) { w, g in
            w.beginObject()
            w.string("id", g.id)
            w.string("file", g.file)
            w.int("samples", g.samples)
            w.number("duration", g.duration)
            w.number("p_r", g.releaseProgress)
            w.number("v", g.velocity)
            w.number("vx", g.vx)
            w.number("vy", g.vy)
            w.number("v_p", g.progressVelocity)
            w.number("extent", g.extent)
            w.number("kinematicVelocity", g.release.kinematicVelocity)
            w.number("kinematicAcceleration", g.release.kinematicAcceleration)
            w.int("kinematicSamples", g.release.sampleCount)
            w.beginObject("estimates")
            for e in g.estimates { w.number(e.estimator.rawValue, e.velocity) }
            w.endObject()
            w.beginObject("estimateComponents")
            for e in g.estimates where e.vx != nil || e.vy != nil {
                w.beginObject(e.estimator.rawValue)
                w.number("vx", e.vx)
                w.number("vy", e.vy)
                w.endObject()
            }
            w.endObject()
            w.number("startPosition", g.startPosition)
            w.number("entryAngle", g.entryAngle)
            w.number("pauseBeforeRelease", g.pauseBeforeRelease)
            w.number("sampleRate", g.sampleRate)
            w.number("peakVelocity", g.peakVelocity)
            w.bool("lateReversal", g.flags.lateReversal)
            w.bool("restedBeforeRelease", g.restedBeforeRelease)
            w.string("intent", g.intent?.rawValue)
            w.string("outcome", g.outcome?.rawValue)
            if intentSource { w.string("intentSource", g.intentSource?.rawValue) }
            w.string("currentDecision", g.currentDecision.rawValue)
            w.string("suggestedDecision", g.suggestedDecision.rawValue)
            w.string("currentRefused", g.currentRefusal?.rawValue)
            w.string("shippedRefused", g.shippedRefusal?.rawValue)
            w.bool("misdecidedByCurrent", g.misdecidedByCurrent)
            w.bool("misdecidedBySuggested", g.misdecidedBySuggested)
            w.strings("flags", g.flags.names)
            w.int("duplicateTimestamps", g.flags.duplicateTimestamps)
            w.endObject()
        }
    }

    /// The snippet files and the values they were filled from (params.json's keys).
    private func writeSnippets(_ w: inout JSONWriter) {
        let v = model.snippetValues
        w.beginObject("snippets")
        w.strings("files", SnippetTemplates.names(for: v.direction).map { "snippets/\($0)" })
        Self.writeRule("rule", model.suggestedParameterSet.rule, into: &w)
        w.string("direction", v.direction.rawValue)
        w.number("transitionDuration", v.transitionDuration)
        w.number("fingerSpeedCap", v.fingerSpeedCap)
        w.number("directionLockAngle", v.directionLockAngle)
        w.number("edgeWidth", v.edgeWidth)
        w.beginObject("spring")
        w.number("dampingRatio", v.dampingRatio)
        w.number("response", v.springResponse)
        w.endObject()
        w.string("estimator", v.estimator)
        w.bool("platformVelocityRecorded", v.platformVelocityRecorded)
        w.endObject()
    }
}
