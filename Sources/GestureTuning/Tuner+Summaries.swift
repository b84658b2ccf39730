internal import GestureNumerics
import GestureTrace
import GesturePhysics

extension TuningStatistics {
    /// Counts `count` gestures closed by the system (skipped, never tuned).
    mutating func addInterrupted(_ count: Int) {
        guard count > 0 else { return }
        gestureCount += count
        summaries.interruptedBySystem += count
    }
}

extension Tuner {
    /// PLACEHOLDER (helper "summaries" replaces it): counts, warnings, suggestions, the
    /// unlabelled analysis, ambiguity and outcomes, around the searches' results.
    func summarize(
        _ statistics: TuningStatistics, options: TuningOptions, current: ParameterSet, families: [FamilyResult],
        kinematicAtPreset: RuleEvaluation?, logistic: LogisticResult?, suggestedRule: Rule, comparisons: [RuleEvaluation]
    ) -> Answer {
        let input = statistics.summaries.points
        let interruptedBySystem = statistics.summaries.interruptedBySystem
        var counts = TuningCounts()
        counts.total = input.count + interruptedBySystem
        counts.interruptedBySystem = interruptedBySystem
        let used = input.filter(\.isFinite)
        counts.nonFinite = input.count - used.count
        counts.used = used.count
        let labelled = used.filter { $0.intent != nil }
        let unlabelledPoints = used.filter { $0.intent == nil }
        counts.labelled = labelled.count
        counts.labelledComplete = labelled.filter { $0.intent == .complete }.count
        counts.labelledCancel = counts.labelled - counts.labelledComplete
        counts.unlabelled = unlabelledPoints.count

        var warnings: [TuningWarning] = []
        if !statistics.summaries.measurements.isEmpty {
            warnings += TuningWarning.measurements(statistics.summaries.measurements, direction: current.direction)
        }
        if used.isEmpty { warnings.append(.noUsableGestures) }
        if labelled.isEmpty && !used.isEmpty { warnings.append(.noLabels) }
        if !labelled.isEmpty && (counts.labelledComplete == 0 || counts.labelledCancel == 0) {
            warnings.append(.oneClass(complete: counts.labelledComplete, cancel: counts.labelledCancel))
        }
        if labelled.count == 1 { warnings.append(.singleLabelled) }
        if interruptedBySystem > 0 { warnings.append(.interruptedBySystem(count: interruptedBySystem)) }
        if !labelled.isEmpty && counts.unlabelled > 0 {
            warnings.append(.partlyLabelled(unlabelled: counts.unlabelled, used: counts.used, labelled: counts.labelled))
        }

        let completing: (TuningPoint) -> Bool = { p in p.intent.map { $0 == .complete } ?? current.rule.completes(p.state) }
        let completingPoints = used.filter(completing)
        let duration = current.transitionDuration ?? options.transitionDuration
        let speed = Suggestions.completionSpeed(completing: completingPoints, duration: duration, current: current.completionSpeed ?? 1)
        let cap = Suggestions.fingerSpeedCap(completing: completingPoints)
        let spring = Suggestions.spring(
            used.map { ($0, completing($0)) }, dampingRatio: options.dampingRatio, target: options.targetDuration,
            settlingTime: options.settlingTime)
        let meant = used.filter { $0.intent == nil || $0.intent == .complete }
        let edge = Suggestions.edgeWidth(starts: meant.map(\.startPosition), container: meant.map(\.extent).min())
        if let from = edge.clampedFrom, let to = edge.value { warnings.append(.edgeWidthClamped(suggested: from, extent: to)) }
        let lock = Suggestions.directionLock(
            angles: meant.compactMap(\.entryAngle), population: labelled.isEmpty ? "gestures (no intent labels)" : "intended swipes")

        var suggested = current
        suggested.preset = nil
        suggested.followsPresetExtent = false
        suggested.rule = suggestedRule
        suggested.transitionDuration = duration
        if let s = speed.value { suggested.completionSpeed = s }
        if let c = cap.value { suggested.fingerSpeedCap = c }
        if let r = spring.response { suggested.spring = .init(dampingRatio: options.dampingRatio, response: r) }
        if let w = edge.value { suggested.edgeWidth = w }
        if let a = lock.value { suggested.directionLockAngle = a }

        var unlabelled: UnlabelledAnalysis?
        if !unlabelledPoints.isEmpty {
            let tau: Double
            if case .projection(_, let t) = current.rule { tau = t } else { tau = options.projectionTau ?? 0.3 }
            unlabelled = Analyses.unlabelled(unlabelledPoints, current: current.rule, tau: tau, band: options.ambiguityBand)
            if labelled.isEmpty, let u = unlabelled {
                if u.leftOutStill + u.leftOutAcross > 0 {
                    warnings.append(.mixtureLeftOut(kept: u.mixture.count, still: u.leftOutStill, across: u.leftOutAcross))
                }
                if u.inferredRule == nil { warnings.append(.noSplit(verdict: u.mixture.verdict, count: u.mixture.count)) }
            }
        }
        var suggestionInferred = false
        if labelled.isEmpty, let inferred = unlabelled?.inferredRule {
            suggested.rule = inferred
            suggestionInferred = true
        }
        let ambiguousCount = used.filter { current.rule.isAmbiguous($0.state, band: options.ambiguityBand) }.count
        let outcomeCheck = Analyses.outcomes(used, current: current.rule)
        if let check = outcomeCheck, !check.mismatches.isEmpty {
            warnings.append(.outcomeMismatch(count: check.mismatches.count, checked: check.checked))
        }
        if let l = logistic, l.fit.outcome != .converged { warnings.append(.logistic(l.fit.outcome)) }

        return Answer(
            options: options, counts: counts, warnings: warnings, families: families, kinematicAtPreset: kinematicAtPreset,
            logistic: logistic, current: current, suggested: suggested, suggestionInferred: suggestionInferred, comparisons: comparisons,
            unlabelled: unlabelled, ambiguousCount: ambiguousCount, outcomeCheck: outcomeCheck, completionSpeed: speed, fingerSpeedCap: cap,
            spring: spring, edgeWidth: edge, directionLock: lock)
    }
}
