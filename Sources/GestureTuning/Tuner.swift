internal import GestureNumerics
import GestureTrace
import GesturePhysics

/// Turns per-gesture physics into suggested parameters (physics.md, "Tuning", "Completion
/// animation", "Edge region"): one call does the threshold searches, the logistic fit,
/// cross-validation, bootstrap intervals, the unlabelled analysis, the outcome check, the
/// animation and edge suggestions, and the comparison with the current set and every preset.
///
/// Only gestures closed by `ended` are used (`interruptedBySystem` ones are counted and
/// skipped); only those with an intent are tuned on. Deterministic for a given seed,
/// whatever the number of threads.
public struct Tuner: Sendable {
    public var options: TuningOptions

    public init(options: TuningOptions = .init()) {
        self.options = options
    }

    /// Tunes on measurements from `PhysicsEngine.measure`.
    public func tune(_ measurements: [GestureMeasurement], current: ParameterSet = .default) -> Answer {
        var points: [TuningPoint] = []
        points.reserveCapacity(measurements.count)
        var summary = SummaryStatistics(options: options, current: current)
        for m in measurements {
            summary.add(m)
            if !m.interruptedBySystem { points.append(TuningPoint(m)) }
        }
        var answer = tune(points: points, summary: summary, current: current)
        if options.compareEstimators { answer.byEstimator = byEstimator(measurements, family: answer.suggested.rule.family) }
        return answer
    }

    /// The headline family tuned again with each velocity estimator every used labelled gesture
    /// has (`lsq2`, `lsq1`, `impulse`, `delta`; `platform` with `vx`/`vy` columns), without
    /// bootstrap; empty when nothing is labelled. Only `v_p` changes: progress, extent and the
    /// `kinematic` inputs are the estimator's own either way.
    func byEstimator(_ measurements: [GestureMeasurement], family: RuleFamily) -> [EstimatorSuggestion] {
        let labelled = measurements.filter { !$0.interruptedBySystem && $0.intent != nil && TuningPoint($0).isFinite }
        guard !labelled.isEmpty else { return [] }
        var quiet = self
        quiet.options.bootstrapResamples = 0
        // The estimator asked for: the one any gesture that did not fall back was measured with.
        let requested = labelled.first { !$0.velocity.fellBack }?.velocity.usedEstimator
        return Estimator.allCases.compactMap { estimator -> EstimatorSuggestion? in
            guard labelled.allSatisfy({ $0.estimates[estimator] != nil }) else { return nil }
            let points = labelled.map { m -> TuningPoint in
                var p = TuningPoint(m)
                let v = m.estimates[estimator]!.axis / m.extent
                p.velocity = v.isFinite ? v : 0
                return p
            }
            let inUse = estimator == requested
            let rule: Rule
            let cv: Double?
            if family == .logistic {
                let threshold = quiet.search(points, space: .threshold, seed: RandomSource.mix(options.seed, 1)).rule
                let l = quiet.fitLogistic(points, fallback: threshold)
                guard let boundary = l.boundary else { return nil }
                (rule, cv) = (boundary, l.crossValidation?.errorRate)
            } else {
                let space: SearchSpace
                switch family {
                case .forward: space = .forward
                case .projection: space = .projection(tau: options.projectionTau)
                case .kinematic: space = .kinematic(duration: options.kinematicDuration)
                default: space = .threshold
                }
                let index = [SearchSpace.threshold.family, .forward, .projection, .kinematic].firstIndex(of: space.family) ?? 0
                let result = quiet.search(points, space: space, seed: RandomSource.mix(options.seed, UInt64(index + 1)))
                (rule, cv) = (result.rule, result.crossValidation?.errorRate)
            }
            return EstimatorSuggestion(
                estimator: estimator, inUse: inUse, rule: rule, crossValidatedError: cv,
                misdecided: Evaluation(.rule(rule), points: points).confusion.errors)
        }
    }

    /// Tunes on points already reduced to what tuning reads (all closed by `ended`).
    public func tune(points input: [TuningPoint], interruptedBySystem: Int = 0, current: ParameterSet = .default) -> Answer {
        var summary = SummaryStatistics(options: options, current: current)
        for p in input { summary.add(p) }
        summary.addInterrupted(interruptedBySystem)
        return tune(points: input, summary: summary, current: current)
    }

    func tune(points input: [TuningPoint], summary: SummaryStatistics, current: ParameterSet) -> Answer {
        let parts = summary.summarize(current: current, options: options)
        let used = input.filter(\.isFinite)
        let labelled = used.filter { $0.intent != nil }
        var warnings = parts.warnings

        // Searched families.
        var families: [FamilyResult] = []
        if !labelled.isEmpty {
            let spaces: [SearchSpace] = [.threshold, .forward, .projection(tau: options.projectionTau), .kinematic(duration: options.kinematicDuration)]
            families = Parallel.map(spaces.count) { index in
                search(labelled, space: spaces[index], seed: RandomSource.mix(options.seed, UInt64(index + 1)))
            }
        }
        let thresholdRule = families.first?.rule

        // Kinematic at its preset values, and the logistic baseline.
        var kinematicAtPreset: RuleEvaluation?
        var logistic: LogisticResult?
        if !labelled.isEmpty {
            kinematicAtPreset = evaluate(name: "kinematic (uikit-system values)", source: nil, rule: .kinematic(distance: 187.5, duration: 0.35), labelled)
            logistic = fitLogistic(labelled, fallback: thresholdRule)
        }

        // The headline suggestion.
        var family = options.suggestedFamily ?? current.rule.family
        if options.suggestedFamily == nil, options.chooseFamilyByCrossValidation,
            let best = Self.bestCrossValidatedFamily(families, current: current.rule.family)
        {
            family = best
        }
        var suggestedRule = current.rule
        if !labelled.isEmpty {
            if family == .logistic {
                suggestedRule = logistic?.boundary ?? thresholdRule!
            } else {
                suggestedRule = families.first { $0.family == family }?.rule ?? thresholdRule!
            }
        }

        var suggested = current
        suggested.preset = nil
        suggested.followsPresetExtent = false
        suggested.rule = suggestedRule
        parts.apply(to: &suggested)

        // Comparisons on the same labelled gestures.
        var comparisons: [RuleEvaluation] = []
        if !labelled.isEmpty {
            comparisons.append(
                RuleEvaluation(name: "current", source: current.preset, rule: current.rule, evaluation: Evaluation(current.decider, points: labelled)))
            comparisons.append(evaluate(name: "suggested", source: nil, rule: suggestedRule, labelled))
            for preset in Preset.all {
                comparisons.append(evaluate(preset: preset, labelled))
            }
        }

        // Unlabelled: the headline suggestion is the inferred split, when the mixture separates.
        var suggestionInferred = false
        if labelled.isEmpty, let inferred = parts.unlabelled?.inferredRule {
            suggested.rule = inferred
            suggestionInferred = true
        }
        if let l = logistic, l.fit.outcome != .converged { warnings.append(.logistic(l.fit.outcome)) }

        return Answer(
            options: options, counts: parts.counts, warnings: warnings, families: families, kinematicAtPreset: kinematicAtPreset,
            logistic: logistic, current: current, suggested: suggested, suggestionInferred: suggestionInferred, comparisons: comparisons,
            unlabelled: parts.unlabelled, ambiguousCount: parts.ambiguousCount, outcomeCheck: parts.outcomeCheck,
            completionSpeed: parts.completionSpeed, fingerSpeedCap: parts.fingerSpeedCap, spring: parts.spring,
            edgeWidth: parts.edgeWidth, directionLock: parts.directionLock)
    }

    /// The family among `threshold`, `forward`, `projection` with the lowest cross-validated
    /// error (misdecided / labelled held-out gestures); ties go to `current` when it is one of
    /// them, then to that order. nil when none was cross-validated.
    static func bestCrossValidatedFamily(_ families: [FamilyResult], current: RuleFamily) -> RuleFamily? {
        let order: [RuleFamily] = [.threshold, .forward, .projection]
        let rated = families.compactMap { f -> (family: RuleFamily, rank: Int, error: Double)? in
            guard let rank = order.firstIndex(of: f.family), let cv = f.crossValidation else { return nil }
            return (f.family, rank, cv.errorRate)
        }
        guard let lowest = rated.map(\.error).min() else { return nil }
        let tied = rated.filter { $0.error == lowest }
        if tied.contains(where: { $0.family == current }) { return current }
        return tied.min { $0.rank < $1.rank }?.family
    }

    /// One family: sweep, bootstrap, cross-validation, in-sample confusion.
    func search(_ labelled: [TuningPoint], space: SearchSpace, seed: UInt64) -> FamilyResult {
        let encoding = Encoding(points: labelled, space: space)
        let choice = encoding.choose(weights: encoding.fullWeights)
        let rule = space.rule(row: choice.row, column: choice.column)
        let bootstrap = Bootstrap.run(
            points: labelled, encoding: encoding, estimate: choice, resamples: options.bootstrapResamples,
            seed: RandomSource.mix(seed, 0xB007), exactLimit: options.exactBootstrapLimit)
        let parameters = bootstrap?.intervals
            ?? space.parameters(row: choice.row, column: choice.column).map { ParameterInterval(name: $0.name, estimate: $0.value, lower: $0.value, upper: $0.value) }
        let cv = CrossValidator.run(encoding: encoding, folds: options.folds, seed: RandomSource.mix(seed, 0xC5))
        return FamilyResult(
            space: space, rule: rule, choice: choice, parameters: parameters, bootstrap: bootstrap, crossValidation: cv,
            fitted: evaluate(name: space.family.rawValue, source: nil, rule: rule, labelled))
    }

    func fitLogistic(_ labelled: [TuningPoint], fallback: Rule?) -> LogisticResult {
        let fit = LogisticFit.fit(labelled)
        let boundary = fit.rule ?? fallback
        let thresholdEncoding = Encoding(points: labelled, space: .threshold)
        let cv = CrossValidator.run(points: labelled, folds: options.folds, seed: RandomSource.mix(options.seed, 0x1061)) { training in
            let fold = LogisticFit.fit(
                progress: training.map { labelled[$0].progress }, velocity: training.map { labelled[$0].velocity },
                complete: training.map { labelled[$0].intent == .complete })
            if let rule = fold.rule { return rule }
            let c = thresholdEncoding.choose(weights: thresholdEncoding.weights(points: training))
            return SearchSpace.threshold.rule(row: c.row, column: c.column)
        }
        return LogisticResult(
            fit: fit, boundary: boundary, usesFallback: fit.rule == nil && boundary != nil, crossValidation: cv,
            fitted: boundary.map { evaluate(name: "logistic", source: nil, rule: $0, labelled) })
    }

    func evaluate(name: String, source: String?, rule: Rule, _ points: [TuningPoint]) -> RuleEvaluation {
        RuleEvaluation(name: name, source: source, rule: rule, evaluation: Evaluation(.rule(rule), points: points))
    }

    /// A preset decides each gesture with the rule for that gesture's own extent.
    func evaluate(preset: Preset, _ points: [TuningPoint]) -> RuleEvaluation {
        RuleEvaluation(
            name: preset.name, source: preset.source, rule: preset.rule(extent: PhysicsOptions.defaultExtent),
            evaluation: Evaluation(.preset(preset), points: points))
    }
}
