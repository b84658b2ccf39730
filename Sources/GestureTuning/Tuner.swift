import GestureIO
internal import GestureNumerics
import GesturePhysics
import GestureTrace

/// Turns per-gesture physics into suggested parameters (physics.md, "Tuning", "Completion
/// animation", "Edge region"): one call does the threshold searches, the logistic fit,
/// cross-validation, bootstrap intervals, the unlabelled analysis, the outcome check, the
/// animation and edge suggestions, and the comparison with the current set and every preset.
///
/// The one algorithm is `tune(_ statistics:)`: it reads only `TuningStatistics`, whose
/// parts merge exactly, so gestures tuned in one run or in shards give the same answer.
/// `tune(_:current:)` and `tune(points:…)` gather statistics and call it.
///
/// Only gestures closed by `ended` are used (`interruptedBySystem` ones are counted and
/// skipped); only those with an intent are tuned on. Deterministic for a given seed,
/// whatever the number of threads.
public struct Tuner: Sendable {
    public var options: TuningOptions

    public init(options: TuningOptions = .init()) {
        self.options = options
    }

    /// Tunes on measurements from `PhysicsEngine.measure` (key: `GestureKey(file: m.file, id: m.id)`).
    public func tune(_ measurements: [GestureMeasurement], current: ParameterSet = .default)
        -> Answer
    {
        let statistics = TuningStatistics.gathered(
            measurements.count, options: options, current: current
        ) {
            $0.add(
                measurements[$1],
                key: GestureKey(file: measurements[$1].file, id: measurements[$1].id))
        }
        return tune(statistics)
    }

    /// Tunes on points already reduced to what tuning reads (all closed by `ended`; key:
    /// `GestureKey(file: "", id: p.id)`), plus `interruptedBySystem` skipped gestures.
    public func tune(
        points: [TuningPoint], interruptedBySystem: Int = 0, current: ParameterSet = .default
    ) -> Answer {
        var statistics = TuningStatistics.gathered(points.count, options: options, current: current)
        {
            $0.add(points[$1], key: GestureKey(file: "", id: points[$1].id))
        }
        statistics.addInterrupted(interruptedBySystem)
        return tune(statistics)
    }

    /// THE algorithm: the answer from merged statistics. Every setting comes from
    /// `statistics.settings`; only the spring settling-time function is this tuner's
    /// (`options.medianSettlingTime`: a function cannot be stored in statistics).
    public func tune(_ statistics: TuningStatistics) -> Answer {
        var options = statistics.settings.options
        options.medianSettlingTime = self.options.medianSettlingTime
        return tune(statistics, options: options)
    }

    /// `tune(_:)` under `options` instead of the statistics' own: only what is read at tune
    /// time may differ (resamples, the headline family's choice, estimator comparison, the
    /// settling time); folds, grids, the current set and the band were fixed when gestures
    /// were added (`GroupAnalysis` tunes groups and leave-one-out pools this way).
    func tune(_ statistics: TuningStatistics, options: TuningOptions) -> Answer {
        let current = statistics.current
        let search = statistics.search
        let labelledCount = search.labelledCount
        // Counts, suggestions, the unlabelled analysis, ambiguity and outcomes
        // (`SummaryStatistics`): independent of the searches, so on another thread meanwhile.
        let summaries = statistics.summaries
        let summarized = Parallel.start { [options] in
            summaries.summarize(current: current, options: options)
        }

        // The logistic fit meanwhile, on another thread (without the fallback it needs only
        // when the fit fails, which is then fitted again below).
        let logisticStarted =
            labelledCount > 0
            ? Parallel.start { [seed = options.seed] in
                Self.fitLogistic(
                    search.logistic, threshold: search.families[0], fallback: nil, seed: seed)
            } : nil

        // Searched families (bootstrapped below: only the one the suggestion comes from).
        var families: [FamilyResult] = []
        var encodings: [Encoding] = []
        var currentWrongEncodings: [Encoding] = []
        if labelledCount > 0 {
            let seed = options.seed
            let searched = Parallel.map(search.families.count) { index in
                let encoding = Encoding(cells: search.families[index])
                let currentWrong = Encoding(cells: search.paired.families[index])
                return (
                    Self.search(encoding, foldSeed: seed, currentWrong: currentWrong), encoding,
                    currentWrong
                )
            }
            families = searched.map(\.0)
            encodings = searched.map(\.1)
            currentWrongEncodings = searched.map(\.2)
            // Progress alone (`projection` at `tau = 0`), a candidate when the family is chosen:
            // derived from the searched projection's cells, after the searched families.
            if options.suggestedFamily == nil, options.chooseFamilyByCrossValidation,
                let index = search.families.firstIndex(where: \.isPerColumn),
                let cells = search.families[index].progressAlone(),
                let paired = search.paired.families[index].progressAlone()
            {
                let encoding = Encoding(cells: cells), currentWrong = Encoding(cells: paired)
                families.append(Self.search(encoding, foldSeed: seed, currentWrong: currentWrong))
                encodings.append(encoding)
                currentWrongEncodings.append(currentWrong)
            }
        }
        let thresholdRule = families.first?.rule

        // Kinematic at its preset values, and the logistic baseline.
        var kinematicAtPreset: RuleEvaluation?
        var logistic: LogisticResult?
        if labelledCount > 0 {
            kinematicAtPreset = RuleEvaluation(
                name: "kinematic (uikit-system values)", source: nil,
                rule: SearchStatistics.kinematicPresetRule, confusion: search.kinematicAtPreset)
            logistic = logisticStarted?.value
            if logistic?.fit.rule == nil, thresholdRule != nil {
                logistic = Self.fitLogistic(
                    search.logistic, threshold: search.families[0], fallback: thresholdRule,
                    seed: options.seed)
            }
        }

        // The headline suggestion.
        var family = options.suggestedFamily ?? current.rule.family
        var chosenLogistic = false
        var chosenIndex: Int?
        // A family's cross-validated error in the choice is the one of the rule it ships once it
        // has been bagged (`bootstrapped`): the one chosen is bagged, and the choice is made
        // again with its bagged error until the candidate chosen is one already bagged (or the
        // logistic fit, which is not bagged). At most once per family; usually once in all.
        func bag(_ index: Int) -> FamilyResult {
            Self.bootstrapped(
                families[index], encoding: encodings[index],
                currentWrong: currentWrongEncodings[index], resamples: options.bootstrapResamples,
                seed: Self.bootstrapSeed(options.seed, family: index), foldSeed: options.seed)
        }
        var bagged: [Int: FamilyResult] = [:]
        if options.suggestedFamily == nil, options.chooseFamilyByCrossValidation {
            var rated = families
            choosing: while let best = Self.bestCandidate(rated, logistic: logistic) {
                switch best {
                case .logistic:
                    (family, chosenLogistic, chosenIndex) = (.logistic, true, nil)
                    break choosing
                case .family(let index):
                    (family, chosenLogistic, chosenIndex) = (families[index].family, false, index)
                    if bagged[index] != nil { break choosing }
                    let b = bag(index)
                    bagged[index] = b
                    rated[index] = b
                }
            }
        }
        var suggestedRule = current.rule
        var suggestedConfusion: Confusion?
        if labelledCount > 0 {
            if family == .logistic {
                suggestedRule = logistic?.boundary ?? thresholdRule!
                suggestedConfusion = logistic?.fitted?.confusion ?? families.first?.fitted.confusion
                // Chosen by cross-validation, the fitted boundary ships as the projection rule
                // it is (the same decisions, in the parameters a designer reads).
                if chosenLogistic, let projection = suggestedRule.asProjection {
                    suggestedRule = projection
                }
            } else {
                let f = families[chosenIndex ?? families.firstIndex { $0.family == family } ?? 0]
                suggestedRule = f.rule
                suggestedConfusion = f.fitted.confusion
            }
        }

        // Bootstrap intervals of the suggested rule's family: the only intervals anything
        // shows (the parameter table, `--by` groups); every family is searched and
        // cross-validated either way, so the choice of family does not depend on them.
        // Meanwhile, on another thread, the headline family under each estimator.
        let estimatorFamily = chosenLogistic ? RuleFamily.logistic : suggestedRule.family
        let estimators =
            options.compareEstimators
            ? Parallel.start {
                Self.byEstimator(search, family: estimatorFamily, seed: options.seed)
            } : nil
        // Bagging (what ships) draws its own fixed number of resamples, so the verdict does
        // not depend on `--resamples`, which sets the intervals' precision only.
        let bootstrapIndex =
            labelledCount > 0 && !chosenLogistic
            ? chosenIndex
                ?? families.firstIndex(where: {
                    $0.family == suggestedRule.family && $0.rule == suggestedRule
                }) : nil
        let bootstrapped = bootstrapIndex.map { index in
            bagged[index] ?? bag(index)
        }
        if let index = bootstrapIndex, let bootstrapped {
            // The bagged rule is the suggestion from here on.
            families[index] = bootstrapped
            suggestedRule = bootstrapped.rule
            suggestedConfusion = bootstrapped.fitted.confusion
        }
        // A family bagged and then not chosen shows the rule it would ship and the
        // cross-validated error the choice read, without intervals (only the suggestion's are
        // shown anywhere).
        for (index, result) in bagged where index != bootstrapIndex {
            var shown = result
            shown.bootstrap = nil
            shown.parameters = result.parameters.map { .point($0.name, $0.estimate) }
            families[index] = shown
        }

        // Comparisons on the same labelled gestures.
        var comparisons: [RuleEvaluation] = []
        if labelledCount > 0 {
            comparisons.append(
                RuleEvaluation(
                    name: "current", source: current.preset, rule: current.rule,
                    confusion: search.current))
            comparisons.append(
                RuleEvaluation(
                    name: "suggested", source: nil, rule: suggestedRule,
                    confusion: suggestedConfusion ?? Confusion()))
            for (preset, confusion) in zip(Preset.all, search.presets) {
                comparisons.append(
                    RuleEvaluation(
                        name: preset.name, source: preset.source,
                        rule: preset.rule(extent: PhysicsOptions.defaultExtent),
                        confusion: confusion))
            }
        }

        let parts = summarized.value
        var warnings = parts.warnings
        var suggested = current
        suggested.ruleSetting = .fixed(suggestedRule, preset: nil)
        parts.apply(to: &suggested)
        // Unlabelled: the headline suggestion is the inferred split, when the mixture separates.
        var suggestionInferred = false
        if labelledCount == 0, let inferred = parts.unlabelled?.inferredRule {
            suggested.rule = inferred
            suggestionInferred = true
        }
        if let l = logistic, l.fit.outcome != .converged {
            warnings.append(.logistic(l.fit.outcome))
        }

        let headline =
            chosenLogistic
            ? nil
            : chosenIndex.map { families[$0] }
                ?? families.first {
                    $0.family == suggestedRule.family && $0.rule == suggestedRule
                }
        let recommendation = Recommendation.choose(
            tuned: suggested, current: current, counts: parts.counts,
            crossValidation: family == .logistic
                ? logistic?.crossValidation : headline?.crossValidation,
            switchCost: options.switchCost ?? Recommendation.defaultSwitchCost,
            parameters: headline?.parameters ?? [], currentErrors: search.current.errors,
            presetErrors: search.presets.map(\.errors),
            presetsBothWrong: search.paired.presetsBothWrong)
        var answer = Answer(
            options: options, counts: parts.counts, warnings: warnings, families: families,
            kinematicAtPreset: kinematicAtPreset,
            logistic: logistic, current: current, suggested: suggested,
            suggestionInferred: suggestionInferred, recommendation: recommendation,
            comparisons: comparisons,
            unlabelled: parts.unlabelled, ambiguousCount: parts.ambiguousCount,
            outcomeCheck: parts.outcomeCheck,
            completionSpeed: parts.completionSpeed, fingerSpeedCap: parts.fingerSpeedCap,
            spring: parts.spring, edgeWidth: parts.edgeWidth,
            directionLock: parts.directionLock)
        // `byEstimator` is empty unless something is labelled, and then the suggested rule is `suggestedRule`.
        if let estimators { answer.byEstimator = estimators.value }
        return answer
    }

    /// Where the headline suggestion comes from: a searched family (its index in
    /// `Answer.families`) or the logistic fit.
    enum Candidate: Equatable {
        case family(Int)
        case logistic
    }

    /// The headline's candidate among `threshold`, `forward`, `projection`, progress alone
    /// (`projection` at a fixed `tau`, one parameter) and the logistic fit (when it converged
    /// on the whole set and in every fold), by cross-validated error (misdecided / labelled
    /// held-out gestures) with the one-standard-error rule (Breiman et al. 1984, as in a
    /// cross-validated tree's pruning): of the candidates whose error is within one standard
    /// error `√(e (1 − e) / n)` of the lowest `e`, those with the fewest parameters (one: progress
    /// alone; two: the searched families; three: the logistic fit); among them the lowest
    /// error, ties to `projection`, then `threshold`, then `forward`: where the release would
    /// carry the view (the rule iOS's own transitions read) is a straight boundary, the other
    /// two a corner, and a tie says nothing (on 50–100 gestures, whole errors tie often; issue
    /// 43's population B, where the motion decides, on held-out seeds: 1.88 → 1.46 points over
    /// the best rule at 50 gestures, 1.21 → 0.85 at 100, against ties to the current family).
    /// On a few gestures a second parameter buys little the folds can tell from noise, and
    /// costs what ships its spread (issue 43, `bench/small_studies.py`). `tune` calls it on the
    /// errors of what each candidate ships (a searched family once bagged), again after each
    /// bagging that moves it. nil when nothing was cross-validated.
    static func bestCandidate(_ families: [FamilyResult], logistic: LogisticResult? = nil)
        -> Candidate?
    {
        let order: [RuleFamily] = [.projection, .threshold, .forward, .logistic]
        struct Rated {
            var candidate: Candidate
            var family: RuleFamily
            var parameters: Int
            var error: Double
            var gestures: Int
        }
        var rated: [Rated] = families.enumerated().compactMap { index, f in
            guard order.contains(f.family), let cv = f.crossValidation else { return nil }
            return Rated(
                candidate: .family(index), family: f.family,
                parameters: f.space.parameters(row: 0, column: 0).count, error: cv.errorRate,
                gestures: cv.confusion.total)
        }
        if let logistic, logistic.fit.rule != nil, let cv = logistic.crossValidation,
            cv.unfittedFolds == 0
        {
            rated.append(
                Rated(
                    candidate: .logistic, family: .logistic, parameters: 3, error: cv.errorRate,
                    gestures: cv.confusion.total))
        }
        guard let best = rated.min(by: { $0.error < $1.error }) else { return nil }
        let n = Double(max(best.gestures, 1))
        let bar = best.error + (best.error * (1 - best.error) / n).squareRoot()
        let within = rated.filter { $0.error <= bar }
        let fewest = within.map(\.parameters).min()!
        let simplest = within.filter { $0.parameters == fewest }
        let lowest = simplest.map(\.error).min()!
        let tied = simplest.filter { $0.error == lowest }
        func rank(_ r: Rated) -> Int { order.firstIndex(of: r.family) ?? order.count }
        return tied.min { rank($0) < rank($1) }?.candidate
    }

    /// The bootstrap seed of the family at `index` of `SearchStatistics.spaces` under `--seed`.
    static func bootstrapSeed(_ seed: UInt64, family index: Int) -> UInt64 {
        RandomSource.mix(seed, UInt64(index + 1))
    }

    /// `result` (the search of `encoding`) bagged: the rule the median of the resamples'
    /// minima (`BootstrapSummary.bagged`, over `Bootstrap.baggingResamples` resamples whatever
    /// `resamples` is), with its in-sample confusion and a cross-validation that bags each
    /// fold's training gestures the same way (`Bootstrap.foldResamples` resamples per fold), so
    /// the error it reports is that of the rule that ships; and its parameters' bootstrap
    /// intervals over `resamples` resamples (none when 0: `--resamples` sets the precision of
    /// the intervals, never what ships).
    static func bootstrapped(
        _ result: FamilyResult, encoding: Encoding, currentWrong: Encoding?, resamples: Int,
        seed: UInt64, foldSeed: UInt64
    ) -> FamilyResult {
        guard encoding.gestureCount > 0 else { return result }
        // One pool of resamples: the first `baggingResamples` of the full counts bag, the first
        // `resamples` (the same draws: one generator per resample index) give the intervals;
        // then each fold's training weights, bagged the same way.
        let full = Bootstrap.ResampleJob(
            weights: encoding.counts, base: RandomSource.mix(seed, Bootstrap.stream),
            count: max(resamples, Bootstrap.baggingResamples))
        let folds = (0..<encoding.folds).map { f in
            Bootstrap.ResampleJob(
                weights: CrossValidator.trainingWeights(encoding, fold: f),
                base: Bootstrap.foldBase(seed, fold: f), count: Bootstrap.foldResamples)
        }
        let choices = Bootstrap.resampledChoices(encoding: encoding, [full] + folds, jobs: nil)
        let bagging = Bootstrap.summary(
            space: encoding.space, estimate: result.choice,
            choices: Array(choices[0].prefix(Bootstrap.baggingResamples)))
        let bootstrap =
            resamples == 0
            ? nil
            : Bootstrap.summary(
                space: encoding.space, estimate: result.choice,
                choices: Array(choices[0].prefix(resamples)))
        let space = encoding.space
        let (row, column) = bagging.bagged
        let fitted = encoding.confusion(row: row, column: column, weights: encoding.fullWeights)
        var r = result
        r.bootstrap = bootstrap
        r.rule = space.rule(row: row, column: column)
        r.choice = GridChoice(
            row: row, column: column, errors: fitted.errors,
            tiedCandidates: result.choice.tiedCandidates)
        let values = space.parameters(row: row, column: column)
        if let bootstrap {
            r.parameters = zip(bootstrap.intervals, values).map {
                ParameterInterval(
                    name: $0.name, estimate: $1.value, lower: $0.lower, upper: $0.upper)
            }
        } else {
            r.parameters = values.map { .point($0.name, $0.value) }
        }
        r.fitted = RuleEvaluation(
            name: space.family.rawValue, source: nil, rule: r.rule, confusion: fitted)
        r.crossValidation = CrossValidator.run(
            encoding: encoding, seed: foldSeed, currentWrong: currentWrong,
            foldChoices: choices.dropFirst().map(Bootstrap.median))
        return r
    }

    /// One family from its cells: sweep, cross-validation, in-sample confusion; parameters
    /// without intervals (estimate = lower = upper) until `bootstrapped`. `foldSeed`: the
    /// seed the folds were dealt with (`--seed`).
    static func search(_ cells: FamilyCells, foldSeed: UInt64) -> FamilyResult {
        search(Encoding(cells: cells), foldSeed: foldSeed)
    }

    /// `search(_:foldSeed:)` of cells already encoded; `currentWrong` (the family's cells of
    /// the gestures the current set misdecides) makes the cross-validation count `bothWrong`.
    static func search(_ encoding: Encoding, foldSeed: UInt64, currentWrong: Encoding? = nil)
        -> FamilyResult
    {
        let space = encoding.space
        let choice = encoding.choose(weights: encoding.fullWeights)
        let rule = space.rule(row: choice.row, column: choice.column)
        let parameters = space.parameters(row: choice.row, column: choice.column).map {
            ParameterInterval.point($0.name, $0.value)
        }
        let cv = CrossValidator.run(encoding: encoding, seed: foldSeed, currentWrong: currentWrong)
        let fitted = encoding.confusion(
            row: choice.row, column: choice.column, weights: encoding.fullWeights)
        return FamilyResult(
            space: space, rule: rule, choice: choice, parameters: parameters, bootstrap: nil,
            crossValidation: cv,
            fitted: RuleEvaluation(
                name: space.family.rawValue, source: nil, rule: rule, confusion: fitted))
    }

    /// The logistic fit on the exact points or bins (weighted IRLS), its cross-validation on
    /// the same hash folds (a fold whose training set does not converge falls back to the
    /// `threshold` search on the fold's training cells), and its in-sample confusion.
    static func fitLogistic(
        _ cells: LogisticCells, threshold: FamilyCells, fallback: Rule?, seed: UInt64
    ) -> LogisticResult {
        let rows = cells.rows()
        let folds = cells.folds
        let total = rows.map { $0.folds.reduce(0, +) }
        @Sendable func fit(_ weights: [Int]) -> LogisticFit {
            var p: [Double] = [], v: [Double] = [], y: [Bool] = [], w: [Int] = []
            for (r, row) in rows.enumerated() where weights[r] > 0 {
                p.append(row.progress)
                v.append(row.velocity)
                y.append(row.complete)
                w.append(weights[r])
            }
            return LogisticFit.fit(progress: p, velocity: v, complete: y, counts: w)
        }
        func confusion(_ rule: Rule, _ weights: [Int]) -> Confusion {
            var c = Confusion()
            for (r, row) in rows.enumerated() where weights[r] > 0 {
                let state = ReleaseState(
                    progress: row.progress, velocity: row.velocity, kinematicVelocity: 0,
                    kinematicAcceleration: 0, sampleCount: 3, extent: PhysicsOptions.defaultExtent)
                let meant: Intent = row.complete ? .complete : .cancel
                c.add(.rule(rule), state, meant: meant, count: weights[r])
            }
            return c
        }
        let whole = fit(total)
        let boundary = whole.rule ?? fallback
        var cv: CrossValidation?
        if cells.count >= 2 {
            let rules: [Rule?] = Parallel.map(folds) { f in
                let training = rows.indices.map { total[$0] - rows[$0].folds[f] }
                if let rule = fit(training).rule { return rule }
                // Encoded only when a fold needs the fallback.
                let thresholdEncoding = Encoding(cells: threshold)
                let weights = (0..<thresholdEncoding.unitCount).map {
                    thresholdEncoding.counts[$0] - thresholdEncoding.foldCounts[$0 * folds + f]
                }
                guard weights.contains(where: { $0 > 0 }) else { return nil }
                let c = thresholdEncoding.choose(weights: weights)
                return SearchSpace.threshold.rule(row: c.row, column: c.column)
            }
            var pooled = Confusion()
            var unfitted = 0
            for f in 0..<folds {
                let held = rows.map { $0.folds[f] }
                if let rule = rules[f] {
                    pooled.add(confusion(rule, held))
                } else {
                    unfitted += 1
                    for (r, row) in rows.enumerated() where held[r] > 0 {
                        pooled.add(
                            meantComplete: row.complete, decidedComplete: !row.complete,
                            count: held[r])
                    }
                }
            }
            cv = CrossValidation(
                folds: folds, seed: seed, confusion: pooled, unfittedFolds: unfitted)
        }
        return LogisticResult(
            fit: whole, boundary: boundary, usesFallback: whole.rule == nil && boundary != nil,
            crossValidation: cv,
            fitted: boundary.map {
                RuleEvaluation(
                    name: "logistic", source: nil, rule: $0, confusion: confusion($0, total))
            })
    }

    /// The headline family tuned again with each velocity estimator every used labelled gesture
    /// has (`lsq2`, `lsq1`, `impulse`, `delta`; `platform` with `vx`/`vy` columns), without
    /// bootstrap; empty when nothing is labelled. Only `v_p` changes: progress, extent and the
    /// `kinematic` inputs are the estimator's own either way.
    static func byEstimator(_ statistics: SearchStatistics, family: RuleFamily, seed: UInt64)
        -> [EstimatorSuggestion]
    {
        guard statistics.labelledCount > 0, let sample = statistics.estimators else { return [] }
        // The estimator asked for: the one the gestures that did not fall back were measured
        // with (the most common; ties in `Estimator.allCases` order).
        let counts = statistics.requestedEstimator
        let requested: Estimator? = counts.max().flatMap { top in
            top > 0 ? Estimator.allCases[counts.firstIndex(of: top)!] : nil
        }
        let searched = family == .logistic ? RuleFamily.threshold : family
        guard let space = statistics.families.first(where: { $0.space.family == searched })?.space
        else { return [] }
        let sampled = min(sample.count, EstimatorSample.capacity)
        let entries = sample.kept
        return Estimator.allCases.enumerated().compactMap { i, estimator -> EstimatorSuggestion? in
            guard sample.counts[i] == statistics.labelledCount,
                let cells = EstimatorSample.cells(
                    of: entries, space: space, estimator: i, folds: statistics.folds,
                    logistic: family == .logistic)
            else { return nil }
            let rule: Rule
            let cv: Double?
            let misdecided: Int
            if family == .logistic, let logisticCells = cells.logistic {
                let threshold = search(cells.family, foldSeed: seed)
                let l = fitLogistic(
                    logisticCells, threshold: cells.family, fallback: threshold.rule, seed: seed)
                guard let boundary = l.boundary, let fitted = l.fitted else { return nil }
                (rule, cv, misdecided) = (boundary, l.crossValidation?.errorRate, fitted.errors)
            } else {
                let result = search(cells.family, foldSeed: seed)
                (rule, cv, misdecided) = (
                    result.rule, result.crossValidation?.errorRate, result.fitted.errors
                )
            }
            return EstimatorSuggestion(
                estimator: estimator, inUse: estimator == requested, rule: rule,
                crossValidatedError: cv, misdecided: misdecided, tunedOn: sampled,
                labelled: statistics.labelledCount)
        }
    }
}
