import GestureAnalysis
import GestureIO
import GesturePhysics
import GestureTrace
import GestureTuning

extension ReportModel {
    /// Column titles of the platform defaults in the parameter table.
    public static let platformDefaultColumns = ["UIKit samples", "Flutter Cupertino"]

    /// The report model of an `analyze` run, built once from the tuning result.
    ///
    /// Maps `Answer` (GestureTuning) together with the measurements it was tuned on and the
    /// readers' summaries into report terms:
    /// - summary: gestures read (`measurements.count`), used (`counts.used`), skipped by reason
    ///   (the readers' `SkipReason` counts summed over files in `SkipReason.allCases` order, then
    ///   `interrupted-by-system`, then `non-finite`); current error = the current set's in-sample
    ///   error on the labelled gestures (its parameters are not fitted, so in-sample is honest);
    ///   suggested error = the stratified 5-fold cross-validated error of the suggested rule's
    ///   family (logistic's own when the suggestion is the converged logistic fit).
    /// - unlabelled traces: the mixture's crossing becomes the suggestion, marked inferred; a
    ///   mixture that does not separate keeps the current rule and says so in a warning.
    /// - velocities stay in progress/s; `summary.extent` is the most common extent of the
    ///   measurements (pt), used only for pt/s printing.
    ///
    /// - Parameters:
    ///   - currentSource: how the current parameters are named (preset or file path); default
    ///     the current set's preset name, else `params file`.
    ///   - files: input files as given (default: the read summaries' files).
    public init(
        tuning: Answer, measurements: [GestureMeasurement], reads: [ReadSummary], name: String,
        generator: String, currentSource: String? = nil, files: [String]? = nil
    ) {
        // Every gesture shown: a sample that keeps them all, in input order.
        var sample = GestureSample(capacity: max(GestureSample.defaultCapacity, measurements.count))
        for (k, m) in measurements.enumerated() {
            sample.offer(
                GestureSample.Entry(
                    priority: GestureSample.priority(
                        of: m, current: tuning.current, band: tuning.options.ambiguityBand),
                    hash: GestureKey(file: m.file, id: m.id).mixed(
                        seed: tuning.options.seed, stream: GestureSample.stream),
                    fileIndex: 0, order: k, measurement: m))
        }
        self.init(
            tuning: tuning, sample: sample, tally: MeasurementTally(measurements), reads: reads,
            name: name, generator: generator,
            currentSource: currentSource, files: files)
    }

    /// The report model of an `analyze` run from its answer, the bounded sample of gestures
    /// shown one by one, and the tally of every measurement.
    ///
    /// Counts, errors, confusions and suggestions are the answer's (over every gesture); the
    /// gesture rows, their decisions (`Evaluation` on the sample), ambiguity (`Rule.isAmbiguous`),
    /// the ids listed as misdecided, ambiguous or mismatched, and the figures drawn from rows
    /// (velocity ratios, the estimator table) are the sample's: every gesture while there are
    /// no more than the sample's capacity.
    ///
    /// `gate`: the start-of-gesture gate's tuning (`GateTuner.tune`), when the run has one; a
    /// gate it tuned is the `suggested` set's (the caller puts it there) and replaces the edge
    /// width and lock read off the intended swipes in the report too.
    public init(
        tuning: Answer, sample: GestureSample, tally: MeasurementTally, reads: [ReadSummary],
        name: String,
        generator: String, currentSource: String? = nil, files: [String]? = nil,
        gate: GateAnswer? = nil, endToEnd: EndToEndSummary? = nil
    ) {
        let entries = sample.inInputOrder
        let builder = TuningReportBuilder(
            tuning: tuning, measurements: entries.map(\.measurement), tally: tally, reads: reads,
            gate: gate)
        self = builder.model(
            name: name, generator: generator, currentSource: currentSource, files: files)
        take(endToEnd)
        for (k, e) in entries.enumerated() where e.intentSource != nil {
            gestures[k].intentSource = e.intentSource
        }
        if !sample.isComplete {
            summary.warnings.append(.sample(shown: sample.count, offered: sample.offered))
        }
    }
}

/// Builds a `ReportModel` from a tuning result; every figure is computed here once.
struct TuningReportBuilder {
    let tuning: Answer
    /// The start-of-gesture gate's tuning, when the run has one.
    let gate: GateAnswer?
    /// The gestures shown (the sample), in input order.
    let measurements: [GestureMeasurement]
    /// Every measurement's warning tallies (extents, sources, count).
    let tally: MeasurementTally
    let reads: [ReadSummary]

    /// Closed by `ended` with finite figures: the gestures the tuner used (of those shown), as
    /// indices into `measurements` (a measurement's copy retains its every array and string).
    let used: [Int]
    /// The labelled ones among `used`, as `Evaluation` reads them: what `evaluate` decides.
    let labelledUsed: [(id: String, intent: Intent?, state: ReleaseState)]

    init(
        tuning: Answer, measurements: [GestureMeasurement], tally: MeasurementTally,
        reads: [ReadSummary], gate: GateAnswer? = nil
    ) {
        self.tuning = tuning
        self.gate = gate
        self.measurements = measurements
        self.tally = tally
        self.reads = reads
        var used: [Int] = [],
            labelledUsed: [(id: String, intent: Intent?, state: ReleaseState)] = []
        used.reserveCapacity(measurements.count)
        labelledUsed.reserveCapacity(measurements.count)
        for (i, m) in measurements.enumerated() where Self.isUsed(m) {
            used.append(i)
            if m.intent != nil { labelledUsed.append((m.id, m.intent, m.releaseState)) }
        }
        (self.used, self.labelledUsed) = (used, labelledUsed)
    }

    static func isUsed(_ m: GestureMeasurement) -> Bool { GestureRow.isUsed(m) }

    /// A used gesture within the current rule's ambiguity band (`Rule.isAmbiguous`, the band
    /// the tuner counts with).
    func isAmbiguous(_ m: GestureMeasurement) -> Bool {
        GestureRow.isAmbiguous(m, current: tuning.current, band: tuning.options.ambiguityBand)
    }

    /// Gesture rows made per chunk of work (`model`).
    static let rowChunk = 256

    func model(name: String, generator: String, currentSource: String?, files: [String]?)
        -> ReportModel
    {
        let t = tuning
        let labelled = t.counts.labelled > 0
        let extent = tally.typicalExtent
        let currentRule = t.current.rule

        // The headline rule is the tuner's (tuned, or inferred when unlabelled): picked there, not here.
        let suggestedRule = t.suggested.rule
        let inferred = t.suggestionInferred

        let currentEval = t.currentEvaluation
        let suggestedEval = t.suggestedEvaluation
        let suggestedCV = labelled ? crossValidatedError(of: suggestedRule) : nil
        var summary = ReportSummary(
            // Gestures labelled other are read but take no part in the release tuning.
            files: files ?? reads.map(\.file), gesturesRead: tally.count + (gate?.others ?? 0),
            gesturesUsed: t.counts.used,
            skipped: skipCounts(), labelled: labelled,
            direction: tally.direction ?? t.current.direction,
            extent: extent, extentSource: Self.extentSource(tally),
            currentSource: currentSource ?? t.current.preset ?? "params file",
            currentRule: currentRule,
            suggestedRule: suggestedRule, currentError: labelled ? currentEval?.errorRate : nil,
            suggestedError: suggestedCV,
            currentMisdecided: currentEval?.errors ?? 0,
            suggestedMisdecided: suggestedEval?.errors ?? 0,
            suggestionInferred: inferred, warnings: t.warnings.map(ReportWarning.tuning),
            ignoredColumns: ignoredColumns())
        summary.rowsRead = ReadLoss(reads).rowsRead
        let units = Set(reads.map(\.coordinateUnit))
        summary.coordinateUnit = units.count == 1 ? units.first! : .file

        // Gesture rows: every gesture read, interrupted ones flagged.
        let currentDecisions = Evaluation(t.current.decider, measurements: measurements).decisions
        let suggestedDecisions = Evaluation(.rule(suggestedRule), measurements: measurements)
            .decisions
        let currentGate = t.current.gate
        let shippedGate = t.recommendation.set.gate
        // In chunks on every core (each row depends on its gesture alone).
        let measurements = measurements, current = t.current, band = t.options.ambiguityBand
        let rows = Parallel.chunkedMap(
            measurements.count, chunk: Self.rowChunk, jobs: nil, workspace: {}
        ) { k, _ in
            var row = GestureRow(
                measurement: measurements[k], currentDecision: currentDecisions[k].decided,
                suggestedDecision: suggestedDecisions[k].decided,
                ambiguous: GestureRow.isAmbiguous(measurements[k], current: current, band: band))
            row.currentRefusal = currentGate.refusal(measurements[k].gate)
            row.shippedRefusal = shippedGate.refusal(measurements[k].gate)
            return row
        }

        // Completion animation: ratios over the gestures the tuner counts as completing.
        let completing: (GestureRow) -> Bool = { g in
            !g.flags.interruptedBySystem
                && (g.intent.map { $0 == .complete } ?? (g.currentDecision == .complete))
        }
        let cs = t.completionSpeed
        let suggestedSpeed = cs.value ?? cs.currentCompletionSpeed
        let currentRatios = FigureInputs.velocityRatios(
            gestures: rows, completionSpeed: cs.currentCompletionSpeed,
            duration: cs.transitionDuration, completes: completing)
        let suggestedRatios = FigureInputs.velocityRatios(
            gestures: rows, completionSpeed: suggestedSpeed, duration: cs.transitionDuration,
            completes: completing)
        let animation = AnimationSuggestion(
            duration: cs.transitionDuration, currentCompletionSpeed: cs.currentCompletionSpeed,
            suggestedCompletionSpeed: suggestedSpeed, completionSpeedInterval: nil,
            currentMedianRatio: Stats.median(currentRatios),
            suggestedMedianRatio: Stats.median(suggestedRatios),
            fingerSpeedCap: t.fingerSpeedCap.value, dampingRatio: t.spring.dampingRatio,
            springResponse: t.spring.response,
            targetDuration: t.spring.targetDuration,
            medianSettlingTime: t.spring.response == nil ? nil : t.spring.targetDuration)
        var currentAnimation = animation
        currentAnimation.currentFingerSpeedCap = t.current.fingerSpeedCap
        currentAnimation.currentDampingRatio = t.current.spring?.dampingRatio
        currentAnimation.currentSpringResponse = t.current.spring?.response
        currentAnimation.currentEdgeWidth = t.current.edgeWidth
        currentAnimation.currentDirectionLock = t.current.directionLockAngle
        // A gate tuned against gestures labelled other replaces the edge and lock read off the
        // intended swipes (its whole extent as the extent).
        let tunedGate = gate?.suggested
        let edge = EdgeSuggestion(
            percentile95: t.edgeWidth.percentile95 ?? 0,
            suggestedWidth: tunedGate.map { $0.edgeWidth ?? extent } ?? t.current.edgeWidth
                ?? extent,
            directionLock: tunedGate.map(\.effectiveLockAngle)
                ?? t.current.gate.effectiveLockAngle)

        var estimators = EstimatorRow.compute(from: rows)
        // Per estimator, the gestures whose estimate fell back (one pass, no lookups).
        var fellBack = [Int](repeating: 0, count: Estimator.allCases.count)
        for m in measurements {
            for (e, v) in m.estimates where v.fellBack { fellBack[e.ordinal] += 1 }
        }
        for k in estimators.indices {
            let e = estimators[k].estimator
            estimators[k].fallbacks = fellBack[e.ordinal]
            if let alternative = t.byEstimator.first(where: { $0.estimator == e }) {
                estimators[k].suggestedRule = alternative.rule
                estimators[k].crossValidatedError = alternative.crossValidatedError
                estimators[k].misdecided = alternative.misdecided
                estimators[k].tunedOn = alternative.tunedOn
                estimators[k].labelled = alternative.labelled
                estimators[k].inUse = alternative.inUse
            }
        }

        var model = ReportModel(
            name: name, generator: generator, summary: summary,
            parameters: parameterTable(suggestedRule: suggestedRule, inferred: inferred),
            rules: ruleRows(suggestedRule: suggestedRule, inferred: inferred),
            presets: presetRows(), gestures: rows,
            figures: FigureInputs(
                currentVelocityRatios: currentRatios, suggestedVelocityRatios: suggestedRatios),
            estimators: estimators, animation: currentAnimation, edge: edge,
            unlabelled: labelled ? nil : unlabelledAnalysis(),
            outcomeMismatches: outcomeMismatches(currentDecisions),
            suggestedSetting: t.recommendation.set)
        model.recommendation = t.recommendation
        model.currentSetting = t.current
        if let gate {
            // Release misdecisions of what ships (cross-validated when the tuned rule ships).
            let shipped =
                (model.keepCurrent ? model.summary.currentError : model.summary.suggestedError)
                ?? 0
            model.gate = GateSection(
                answer: gate,
                releaseMisdecided: Int((shipped * Double(t.counts.labelled)).rounded()),
                labelled: t.counts.labelled)
        }
        return model
    }

    /// Used gestures whose recorded outcome the current set decides otherwise, with the
    /// decisions of the rows (`Evaluation` of the current decider, one per measurement).
    func outcomeMismatches(_ currentDecisions: [Decision]) -> [OutcomeMismatchRow] {
        guard tuning.outcomeCheck != nil else { return [] }
        return used.compactMap { i in
            let m = measurements[i]
            let decided = currentDecisions[i].decided
            guard let recorded = m.outcome, decided != recorded else { return nil }
            return OutcomeMismatchRow(id: m.id, recorded: recorded, decided: decided)
        }
    }

    // MARK: Summary parts

    /// Reader skips summed over files (in `SkipReason.allCases` order), then the tuner's.
    func skipCounts() -> [SkipCount] {
        var out: [SkipCount] = []
        for reason in SkipReason.allCases {
            let n = reads.reduce(0) { $0 + ($1.skipped[reason] ?? 0) }
            if n > 0 { out.append(SkipCount(reason: reason.rawValue, count: n)) }
        }
        if tuning.counts.interruptedBySystem > 0 {
            out.append(
                SkipCount(reason: "interrupted-by-system", count: tuning.counts.interruptedBySystem)
            )
        }
        if tuning.counts.nonFinite > 0 {
            out.append(SkipCount(reason: "non-finite", count: tuning.counts.nonFinite))
        }
        return out
    }

    func ignoredColumns() -> [String] {
        var seen = Set<String>()
        var out: [String] = []
        for r in reads {
            for c in r.ignoredColumns where seen.insert(c).inserted { out.append(c) }
        }
        return out
    }

    /// `default` when any gesture used the 390 pt default (or there is none), `column` when
    /// every gesture had a width/height column, else `option`.
    static func extentSource(_ tally: MeasurementTally) -> ExtentSource {
        if tally.count == 0 || tally.defaultExtents > 0 { return .defaultValue }
        return tally.columnExtents == tally.count ? .column : .option
    }

    // MARK: Errors

    /// In-sample decisions of `rule` on the labelled used gestures (`Evaluation`).
    func evaluate(_ rule: Rule) -> Evaluation {
        Evaluation(.rule(rule), states: labelledUsed)
    }

    /// Cross-validated error of the family whose suggestion `rule` is; nil when none matches.
    func crossValidatedError(of rule: Rule) -> Double? {
        if case .logistic = rule { return tuning.logistic?.crossValidation?.errorRate }
        return tuning.families.first { $0.rule == rule }?.crossValidation?.errorRate
            ?? tuning.family(rule.family)?.crossValidation?.errorRate
    }

    static func matrix(_ c: Confusion) -> ConfusionMatrix {
        ConfusionMatrix(
            completeCompleted: c.truePositive, completeCancelled: c.falseNegative,
            cancelCompleted: c.falsePositive, cancelCancelled: c.trueNegative)
    }

    // MARK: Rule comparison and presets

    func ruleRows(suggestedRule: Rule, inferred: Bool) -> [RuleComparisonRow] {
        let t = tuning
        var rows: [RuleComparisonRow] = []
        if t.counts.labelled == 0 {
            if inferred, let u = t.unlabelled {
                rows.append(
                    RuleComparisonRow(
                        rule: suggestedRule, crossValidatedError: nil, inSampleError: nil,
                        confusion: nil, misclassified: [],
                        suggested: true,
                        note:
                            "inferred, not tuned: crossing of a two-component Gaussian mixture on p_r + \(NumberText.seconds(u.mixture.tau)) × v_p over \(u.count) unlabelled gestures; no labels, so no error"
                    ))
            }
            return rows
        }
        var suggestedMarked = false
        func row(_ f: FamilyResult) -> RuleComparisonRow {
            var notes: [String] = []
            if f.choice.tiedCandidates > 1 {
                notes.append(
                    "\(f.choice.tiedCandidates) grid candidates tie; the centre of the tie is taken"
                )
            }
            if f.space == .projection(tau: 0) {
                notes.append("progress alone: projection with tau fixed at 0, one parameter")
            }
            // The seed people pass (--seed), not the per-family stream derived from it.
            if let cv = f.crossValidation {
                notes.append(
                    "\(cv.folds)-fold cross-validation on hashed gesture ids, seed \(t.options.seed)"
                )
            }
            let isSuggested = !suggestedMarked && f.rule == suggestedRule
            if isSuggested { suggestedMarked = true }
            return RuleComparisonRow(
                rule: f.rule, crossValidatedError: f.crossValidation?.errorRate,
                inSampleError: f.fitted.errorRate,
                confusion: Self.matrix(f.fitted.confusion),
                misclassified: evaluate(f.rule).misdecided, suggested: isSuggested,
                note: notes.isEmpty ? nil : notes.joined(separator: "; "))
        }
        for family in [RuleFamily.threshold, .forward, .projection] {
            if let f = t.family(family) { rows.append(row(f)) }
        }
        // Progress alone: `projection` at a fixed `tau` after the searched one.
        for f in t.families.dropFirst() where f.family == .projection && f != t.family(.projection)
        {
            rows.append(row(f))
        }
        if let l = t.logistic, let b = l.fit.coefficients, b.count == 3 {
            let rule = Rule.logistic(b0: b[0], b1: b[1], b2: b[2])
            // Counts over every gesture (the answer's); the ids listed are the sample's.
            let e = evaluate(rule)
            let fitted = l.boundary == rule ? l.fitted?.confusion ?? e.confusion : e.confusion
            let confusion = Self.matrix(fitted)
            let names = ["b0", "b1", "b2"]
            let coefficients = (0..<3).map { k in
                Coefficient(
                    name: names[k], value: b[k], standardError: l.fit.standardErrors.map { $0[k] })
            }
            var note =
                TuningWarning.logistic(l.fit.outcome)
                ?? "IRLS converged in \(l.fit.iterations) iterations"
            if l.usesFallback {
                note +=
                    " Cross-validation falls back to the threshold search in folds where the fit fails."
            }
            let isSuggested = !suggestedMarked && rule == suggestedRule
            if isSuggested { suggestedMarked = true }
            rows.append(
                RuleComparisonRow(
                    rule: rule, crossValidatedError: l.crossValidation?.errorRate,
                    inSampleError: fitted.errorRate,
                    confusion: confusion, misclassified: e.misdecided, coefficients: coefficients,
                    suggested: isSuggested,
                    note: note))
        }
        // `kinematic` at the uikit-system values is the `uikit-system` row of the preset table.
        if let f = t.family(.kinematic) { rows.append(row(f)) }
        return rows
    }

    func presetRows() -> [PresetRow] {
        let t = tuning
        let currentPreset = t.current.preset
        if t.counts.labelled > 0 {
            return t.comparisons.filter { $0.name != "current" && $0.name != "suggested" }.map {
                e in
                PresetRow(
                    name: e.name, source: e.source ?? "", rule: e.rule, error: e.errorRate,
                    misdecided: e.errors,
                    completes: e.confusion.truePositive + e.confusion.falsePositive,
                    isCurrent: e.name == currentPreset)
            }
        }
        // Unlabelled: what each preset decides, with each gesture's own extent.
        let points = used.map { TuningPoint(measurements[$0]) }
        return Preset.all.map { preset in
            let completes = Evaluation(.preset(preset), points: points).completes
            return PresetRow(
                name: preset.name, source: preset.source,
                rule: preset.rule(extent: PhysicsOptions.defaultExtent), error: nil,
                misdecided: 0, completes: completes, isCurrent: preset.name == currentPreset)
        }
    }

    // MARK: Parameters

    func parameterTable(suggestedRule: Rule, inferred: Bool) -> ParameterTable {
        let t = tuning
        let family = t.family(suggestedRule.family).flatMap { $0.rule == suggestedRule ? $0 : nil }
        func interval(_ name: String) -> Interval? {
            guard let p = family?.parameters.first(where: { $0.name == name }),
                p.lower < p.upper || family?.bootstrap != nil
            else { return nil }
            return Interval(low: p.lower, high: p.upper)
        }
        let current = t.current.rule
        let sameFamily = current.family == suggestedRule.family
        let inferredNote = inferred ? "inferred from the mixture, not tuned" : nil
        var rows: [ParameterRow] = []
        switch suggestedRule {
        case .threshold(let p, let v), .forward(let p, let v):
            var cp: Double?, cv: Double?
            if sameFamily, case .threshold(let a, let b) = current { (cp, cv) = (a, b) }
            if sameFamily, case .forward(let a, let b) = current { (cp, cv) = (a, b) }
            rows.append(
                ParameterRow(
                    name: "progress threshold", symbol: "p_th", unit: .progress, suggested: p,
                    interval: interval("p_th"), current: cp, defaults: [0.5, 0.5],
                    note: inferredNote))
            rows.append(
                ParameterRow(
                    name: "velocity threshold", symbol: "v_th", unit: .progressPerSecond,
                    suggested: v, interval: interval("v_th"), current: cv, defaults: [nil, 1.0]))
        case .projection(let p, let tau):
            var cp: Double?, ct: Double?
            if case .projection(let a, let b) = current { (cp, ct) = (a, b) }
            rows.append(
                ParameterRow(
                    name: "progress threshold (projected)", symbol: "p_th", unit: .progress,
                    suggested: p, interval: interval("p_th"), current: cp, defaults: [0.5, 0.5],
                    note: inferredNote))
            let tauNote =
                family.map { f in f.parameters.contains { $0.name == "tau" } ? nil : "fixed" }
                ?? (inferred ? "tau of the mixture" : nil)
            rows.append(
                ParameterRow(
                    name: "projection time", symbol: "tau", unit: .seconds, suggested: tau,
                    interval: interval("tau"), current: ct, defaults: [nil, nil],
                    note: tauNote ?? nil))
        case .kinematic(let d, let duration):
            var cd: Double?, cD: Double?
            if case .kinematic(let a, let b) = current { (cd, cD) = (a, b) }
            rows.append(
                ParameterRow(
                    name: "distance threshold", symbol: "d_th", unit: .points, suggested: d,
                    interval: interval("d_th"), current: cd,
                    defaults: [Preset.uikitSystemDistance, nil],
                    note: "UIKit column: the iOS system pop as observed (approximation)"))
            rows.append(
                ParameterRow(
                    name: "projection duration", symbol: "D", unit: .seconds, suggested: duration,
                    current: cD, defaults: [Preset.uikitSystemDuration, nil],
                    note: "fixed while d_th is searched"))
        case .logistic(let b0, let b1, let b2):
            let se = t.logistic?.fit.standardErrors
            var c: [Double?] = [nil, nil, nil]
            if case .logistic(let a0, let a1, let a2) = current { c = [a0, a1, a2] }
            for (k, (name, value)) in [
                ("intercept", b0), ("progress coefficient", b1),
                ("velocity coefficient (per progress/s)", b2),
            ].enumerated() {
                rows.append(
                    ParameterRow(
                        name: name, symbol: "b\(k)", unit: .coefficient, suggested: value,
                        interval: se.map {
                            Interval(low: value - 1.96 * $0[k], high: value + 1.96 * $0[k])
                        }, current: c[k],
                        defaults: [nil, nil],
                        note: se.map {
                            "standard error \(NumberText.parameter($0[k])); interval ±1.96 SE"
                        }))
            }
        }
        if !sameFamily, !rows.isEmpty {
            let text =
                "current parameters are a \(current.family.rawValue) rule: \(current.reportDescription(extent: tally.typicalExtent))"
            rows[0].note = [rows[0].note, text].compactMap { $0 }.joined(separator: "; ")
        }
        let cs = t.completionSpeed
        rows.append(
            ParameterRow(
                name: "completion speed", symbol: "completionSpeed", unit: .ratio,
                suggested: cs.value, current: cs.currentCompletionSpeed,
                defaults: [1, nil], note: cs.basisText))
        let cap = t.fingerSpeedCap
        rows.append(
            ParameterRow(
                name: "finger-speed completion cap", symbol: "D_cap", unit: .seconds,
                suggested: cap.value, current: t.current.fingerSpeedCap, defaults: [nil, nil],
                note: cap.basisText))
        let spring = t.spring
        rows.append(
            ParameterRow(
                name:
                    "spring response (damping ratio \(NumberText.parameter(spring.dampingRatio)))",
                symbol: "response", unit: .seconds,
                suggested: spring.response, current: t.current.spring?.response,
                defaults: [nil, nil], note: spring.basisText))
        let edge = t.edgeWidth
        let lock = t.directionLock
        if let gate, let g = gate.suggested {
            // Tuned against the gestures labelled other (the gate section says how).
            let basis = GateSection.basisText(gate)
            func interval(_ i: ParameterInterval?) -> Interval? {
                i.map { Interval(low: $0.lower, high: $0.upper) }
            }
            rows.append(
                ParameterRow(
                    name: "edge width", symbol: "edgeWidth", unit: .points,
                    suggested: g.edgeWidth ?? .infinity, interval: interval(gate.edgeInterval),
                    current: t.current.edgeWidth, defaults: [nil, 20],
                    note: basis + (g.edgeWidth == nil ? "; ∞: the whole extent" : "")))
            rows.append(
                ParameterRow(
                    name: "direction lock", symbol: "lock", unit: .degrees,
                    suggested: g.effectiveLockAngle, interval: interval(gate.angleInterval),
                    current: t.current.directionLockAngle, defaults: [nil, nil], note: basis))
        } else {
            // Nothing measured the false triggers: the current gate ships; what the intended
            // swipes alone say is shown beside it, not shipped.
            let basis =
                "the current gate: false triggers were not measured (label the gestures not meant for the transition other to tune it)"
            rows.append(
                ParameterRow(
                    name: "edge width", symbol: "edgeWidth", unit: .points,
                    suggested: t.current.edgeWidth ?? .infinity,
                    current: t.current.edgeWidth, defaults: [nil, 20],
                    note: basis + (t.current.edgeWidth == nil ? "; ∞: the whole extent" : "")
                        + (edge.value == nil
                            ? "" : "; the intended swipes alone: \(edge.basisText)")))
            rows.append(
                ParameterRow(
                    name: "direction lock", symbol: "lock", unit: .degrees,
                    suggested: t.current.gate.effectiveLockAngle,
                    current: t.current.directionLockAngle, defaults: [nil, nil],
                    note: basis
                        + (lock.value == nil
                            ? "" : "; the intended swipes alone: \(lock.basisText)")))
        }
        return ParameterTable(defaultColumns: ReportModel.platformDefaultColumns, rows: rows)
    }

    // MARK: Unlabelled

    func unlabelledAnalysis() -> UnlabelledSection? {
        guard let u = tuning.unlabelled else { return nil }
        return UnlabelledSection(
            band: u.band,
            ambiguousIDs: used.filter {
                measurements[$0].intent == nil && isAmbiguous(measurements[$0])
            }.map { measurements[$0].id }, tau: u.mixture.tau,
            inferredThreshold: u.mixture.verdict == .separates ? u.mixture.crossing : nil,
            components: u.mixture.components.map {
                MixtureComponentRow(
                    weight: $0.weight, mean: $0.mean, standardDeviation: $0.standardDeviation)
            })
    }
}

extension ReportModel {
    /// The report of an analysis (`Analysis.finish`): built from its answer, sample, tallies and
    /// groups; it decides nothing the answer did not.
    public init(analysis a: Analysis.Result, name: String, generator: String) {
        self.init(
            tuning: a.answer, sample: a.sample, tally: a.tally, reads: a.reads, name: name,
            generator: generator, currentSource: a.currentSource, files: a.files, gate: a.gate,
            endToEnd: a.endToEnd)
        if let groups = a.groups {
            self.groups = GroupSection(analysis: groups, extent: summary.extent)
        }
        if let notice = a.labelNotice {
            labelNotice = notice
            summary.warnings.append(.labels(notice))
        }
    }
}
