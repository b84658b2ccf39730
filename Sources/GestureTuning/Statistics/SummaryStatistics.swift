import GesturePhysics
import GestureTrace

/// Everything the tuner reads per gesture besides the rule searches, as mergeable,
/// size-bounded tallies: gesture counts; the percentiles behind the animation, edge and
/// direction-lock suggestions (`QuantileSketch`es); the unlabelled analysis (decided, ambiguous,
/// still and across counts, the landings the mixture is fitted on); ambiguity and outcome
/// counts; the measurement warnings' tallies (`MeasurementTally`).
///
/// What a gesture adds depends on the current rule (a gesture without intent is "completing"
/// when the current rule completes it; ambiguity is the current rule's band), known at `init`.
/// `merge` is exact: integer counts, exact or deterministically binned sketches, so any
/// partition of the same gestures merges to the same statistics (`==`), and `summarize` gives
/// the same parts.
package struct SummaryStatistics: Sendable, Equatable, Codable {
    /// What must agree for two statistics to merge.
    package struct Settings: Sendable, Equatable, Codable {
        /// The current rule (completing and ambiguity of each gesture).
        package let currentRule: Rule
        /// The ambiguity band (0.10: parameters ±10%).
        package let ambiguityBand: Double
        /// `tau` of the unlabelled landing progress `p_r + tau v_p` (s): the current rule's when
        /// it is a `projection`, else `TuningOptions.projectionTau`, else 0.3.
        package var landingTau: Double
        /// `currentRule.ambiguityBox(band: ambiguityBand)`, computed once (not encoded).
        let box: [Rule]
        /// What decides a gesture (`ParameterSet.decider`): ambiguity is the band of its rule at
        /// the gesture's own extent, as the report flags rows (`GestureSample.isAmbiguous`). Not
        /// encoded: `TuningStatistics` sets it again from its current set when decoded.
        var decider: Decider

        package init(options: TuningOptions, current: ParameterSet) {
            currentRule = current.rule
            decider = current.decider
            ambiguityBand = options.ambiguityBand
            if case .projection(_, let t) = current.rule {
                landingTau = t
            } else {
                landingTau = options.projectionTau ?? 0.3
            }
            box = current.rule.ambiguityBox(band: options.ambiguityBand)
        }

        /// The first setting that differs from `other`'s, as a mismatch.
        func mismatch(_ other: Settings) -> StatisticsMismatch? {
            if currentRule != other.currentRule {
                return StatisticsMismatch(
                    setting: "currentRule", left: Self.text(currentRule),
                    right: Self.text(other.currentRule))
            }
            if ambiguityBand != other.ambiguityBand {
                return StatisticsMismatch(
                    setting: "ambiguityBand", left: "\(ambiguityBand)",
                    right: "\(other.ambiguityBand)")
            }
            if landingTau != other.landingTau {
                return StatisticsMismatch(
                    setting: "landingTau", left: "\(landingTau)", right: "\(other.landingTau)")
            }
            return nil
        }

        static func text(_ rule: Rule) -> String {
            rule.family.rawValue + "("
                + rule.parameters.map { "\($0.key)=\($0.value)" }.joined(separator: ", ") + ")"
        }

        enum CodingKeys: String, CodingKey { case family, parameters, ambiguityBand, landingTau }

        package init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            let family = try c.decode(RuleFamily.self, forKey: .family)
            let texts = try c.decode([String].self, forKey: .parameters)
            guard texts.count == family.parameterSpecs.count else {
                throw DecodingError.dataCorruptedError(
                    forKey: .parameters, in: c,
                    debugDescription:
                        "expected \(family.parameterSpecs.count) parameters, found \(texts.count)")
            }
            var values: [Double] = []
            for t in texts {
                guard let v = Double(t), !v.isNaN else {
                    throw DecodingError.dataCorruptedError(
                        forKey: .parameters, in: c,
                        debugDescription: "expected a number, found \(t)")
                }
                values.append(v)
            }
            var index = 0
            currentRule = Rule(family: family) { _ in
                defer { index += 1 }
                return values[index]
            }
            ambiguityBand = try c.decode(Double.self, forKey: .ambiguityBand)
            landingTau = try c.decode(Double.self, forKey: .landingTau)
            box = currentRule.ambiguityBox(band: ambiguityBand)
            decider = .rule(currentRule)
        }

        /// Parameters as text: `inf` is a parameter value JSON numbers cannot hold.
        package func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(currentRule.family, forKey: .family)
            try c.encode(currentRule.parameters.map { "\($0.value)" }, forKey: .parameters)
            try c.encode(ambiguityBand, forKey: .ambiguityBand)
            try c.encode(landingTau, forKey: .landingTau)
        }
    }

    package internal(set) var settings: Settings

    // MARK: Counts

    /// Measurements added (`add(_: GestureMeasurement)`), with their warning tallies.
    package private(set) var measurements = MeasurementTally()
    /// Gestures closed by `cancelled` (never tuned).
    package private(set) var interruptedBySystem = 0
    /// Points added (gestures closed by `ended`), and of them those with a non-finite figure.
    package private(set) var points = 0
    package private(set) var nonFinite = 0
    /// Used points with each intent, and without one.
    package private(set) var labelledComplete = 0
    package private(set) var labelledCancel = 0
    package private(set) var unlabelled = 0

    // MARK: Suggestions

    /// `1 / v_p` of completing gestures with `v_p > 0` (s): completion speed.
    package private(set) var inverseVelocities = QuantileSketch()
    /// `r / |v_p|` of completing gestures (s): finger-speed cap.
    package private(set) var fingerSpeedTimes = QuantileSketch()
    /// Spring initial relative velocities of every used gesture (1/s).
    package private(set) var springVelocities = QuantileSketch()
    /// Start positions inside the container (≥ 0, pt) of gestures meant to complete (intent
    /// `complete` or none), and how many started before the leading edge.
    package private(set) var starts = QuantileSketch()
    package private(set) var startsBeforeEdge = 0
    /// The smallest extent of the gestures meant to complete (pt): the container.
    package private(set) var smallestExtent: Double?
    /// `|entry angle|` of the gestures meant to complete (degrees).
    package private(set) var entryAngles = QuantileSketch()

    // MARK: Unlabelled, ambiguity, outcomes

    /// Unlabelled gestures the current rule completes, and those within its ambiguity band.
    package private(set) var unlabelledDecidedComplete = 0
    package private(set) var unlabelledAmbiguous = 0
    /// Unlabelled gestures left out of the mixture: never moved 10 pt, or moved across the axis.
    package private(set) var still = 0
    package private(set) var across = 0
    /// Landing progress `p_r + tau v_p` of the other unlabelled gestures.
    package private(set) var landings = QuantileSketch()
    /// Used gestures within the ambiguity band of the current decider's rule at their own extent.
    package private(set) var ambiguous = 0
    /// Used gestures with a recorded outcome, and those the current rule decides otherwise.
    package private(set) var outcomesChecked = 0
    package private(set) var outcomeMismatches = 0

    package init(options: TuningOptions, current: ParameterSet) {
        settings = Settings(options: options, current: current)
    }

    /// Counts gestures closed by `ended` with finite figures as used.
    package var used: Int { points - nonFinite }
    package var labelled: Int { labelledComplete + labelledCancel }

    // MARK: Adding

    /// One measurement: its warning tallies, and its point unless the system interrupted it.
    package mutating func add(_ m: GestureMeasurement) {
        measurements.add(m)
        if m.interruptedBySystem { interruptedBySystem += 1 } else { add(TuningPoint(m)) }
    }

    /// One gesture closed by `ended`.
    package mutating func add(_ p: TuningPoint) {
        points += 1
        guard p.isFinite else {
            nonFinite += 1
            return
        }
        let state = p.state
        // The current set decides as `Evaluation` and the report's rows do: a preset with pt/s
        // thresholds at the gesture's own extent.
        let decided = settings.decider.decision(state)
        let decidedComplete = decided == .complete
        // Its ambiguity band at that extent; the band's rules made once for a fixed rule.
        let isAmbiguous: Bool
        if case .rule(let r) = settings.decider, r == settings.currentRule {
            isAmbiguous = r.isAmbiguous(state, box: settings.box)
        } else {
            let atExtent = settings.decider.rule(forExtent: state.extent)
            isAmbiguous = atExtent.isAmbiguous(state, band: settings.ambiguityBand)
        }
        switch p.intent {
        case .complete: labelledComplete += 1
        case .cancel: labelledCancel += 1
        case nil: unlabelled += 1
        }
        if isAmbiguous { ambiguous += 1 }

        // Suggestions: completing = meant to (labelled), else decided so by the current rule.
        let completing = p.intent.map { $0 == .complete } ?? decidedComplete
        if completing {
            if p.velocity > 0 { inverseVelocities.add(1 / p.velocity) }
            let r = Completion.remaining(progress: p.progress, completing: true)
            if let t = Completion.fingerSpeedTime(remaining: r, velocity: p.velocity) {
                fingerSpeedTimes.add(t)
            }
        }
        if let v = Completion.springInitialVelocity(
            progress: p.progress, velocity: p.velocity, completing: completing)
        {
            springVelocities.add(v)
        }
        if p.intent != .cancel {
            if p.startPosition >= 0 && p.startPosition.isFinite {
                starts.add(p.startPosition)
            } else {
                startsBeforeEdge += 1
            }
            smallestExtent = MeasurementTally.smaller(smallestExtent, p.extent)
            if let a = p.entryAngle { entryAngles.add(abs(a)) }
        }

        // Unlabelled analysis.
        if p.intent == nil {
            if decidedComplete { unlabelledDecidedComplete += 1 }
            if isAmbiguous { unlabelledAmbiguous += 1 }
            switch Analyses.movement(p) {
            case .still: still += 1
            case .across: across += 1
            case .along: landings.add(p.progress + settings.landingTau * p.velocity)
            }
        }

        // Outcome check.
        if let outcome = p.outcome {
            outcomesChecked += 1
            if decided != outcome { outcomeMismatches += 1 }
        }
    }

    /// `n` gestures closed by `cancelled` given without their measurements.
    mutating func addInterrupted(_ n: Int) { interruptedBySystem += n }

    // MARK: Merging

    /// Adds `other`'s gestures: the same statistics as adding them here, in any order.
    /// Throws when the settings differ (naming the first).
    ///
    /// Hostile inputs (decoded files): every count of both sides must lie in
    /// 0…`TuningStatistics.countLimit` (2^40), and so must every merged count, else the merge
    /// throws naming the count (`setting: "count <field>"`) and leaves `self` unchanged. Two
    /// counts in range add without overflow, so the merge never traps.
    package mutating func merge(_ other: SummaryStatistics) throws(StatisticsMismatch) {
        if let m = settings.mismatch(other.settings) { throw m }
        for (side, s) in [("left", self), ("right", other)] {
            if let (field, value) = s.countOutOfRange {
                throw StatisticsMismatch(
                    setting: "count \(field)", left: side == "left" ? "\(value)" : "in range",
                    right: side == "right"
                        ? "\(value) (outside 0…2^40)" : "in range (the other outside 0…2^40)")
            }
        }
        var merged = self
        merged.mergeCounts(other)
        if let (field, value) = merged.countOutOfRange {
            throw StatisticsMismatch(
                setting: "count \(field)", left: "merged \(value)", right: "more than 2^40")
        }
        self = merged
    }

    /// The first count outside 0…`TuningStatistics.countLimit` (its field and value), nil
    /// when all are in range: the gesture counts, the measurement tally's counts, and the
    /// sketches' counts.
    var countOutOfRange: (String, Int)? {
        let t = measurements
        var fields: [(String, Int)] = [
            ("interruptedBySystem", interruptedBySystem), ("points", points),
            ("nonFinite", nonFinite),
            ("labelledComplete", labelledComplete), ("labelledCancel", labelledCancel),
            ("unlabelled", unlabelled),
            ("startsBeforeEdge", startsBeforeEdge),
            ("unlabelledDecidedComplete", unlabelledDecidedComplete),
            ("unlabelledAmbiguous", unlabelledAmbiguous), ("still", still), ("across", across),
            ("ambiguous", ambiguous), ("outcomesChecked", outcomesChecked),
            ("outcomeMismatches", outcomeMismatches),
            ("inverseVelocities.count", inverseVelocities.count),
            ("fingerSpeedTimes.count", fingerSpeedTimes.count),
            ("springVelocities.count", springVelocities.count), ("starts.count", starts.count),
            ("entryAngles.count", entryAngles.count), ("landings.count", landings.count),
            ("measurements.count", t.count),
            ("measurements.sampleRates.count", t.sampleRates.count),
            ("measurements.columnExtents", t.columnExtents),
            ("measurements.optionExtents", t.optionExtents),
            ("measurements.defaultExtents", t.defaultExtents),
            ("measurements.disagreements", t.disagreements),
            ("measurements.fellBack", t.fellBack),
        ]
        fields += t.extents.map { ("measurements.extents.count", $0.count) }
        fields += t.directions.map { ("measurements.directions", $0) }
        // The extents' counts summed as they would be in a merge of one extent.
        var extentTotal = 0
        for e in t.extents where e.count >= 0 {
            let (sum, overflow) = extentTotal.addingReportingOverflow(e.count)
            if overflow { return ("measurements.extents.count", e.count) }
            extentTotal = sum
        }
        fields.append(("measurements.extents (total)", extentTotal))
        return fields.first { !(0...TuningStatistics.countLimit).contains($0.1) }
    }

    private mutating func mergeCounts(_ other: SummaryStatistics) {
        measurements.merge(other.measurements)
        interruptedBySystem += other.interruptedBySystem
        points += other.points
        nonFinite += other.nonFinite
        labelledComplete += other.labelledComplete
        labelledCancel += other.labelledCancel
        unlabelled += other.unlabelled
        inverseVelocities.merge(other.inverseVelocities)
        fingerSpeedTimes.merge(other.fingerSpeedTimes)
        springVelocities.merge(other.springVelocities)
        starts.merge(other.starts)
        startsBeforeEdge += other.startsBeforeEdge
        if let e = other.smallestExtent {
            smallestExtent = MeasurementTally.smaller(smallestExtent, e)
        }
        entryAngles.merge(other.entryAngles)
        unlabelledDecidedComplete += other.unlabelledDecidedComplete
        unlabelledAmbiguous += other.unlabelledAmbiguous
        still += other.still
        across += other.across
        landings.merge(other.landings)
        ambiguous += other.ambiguous
        outcomesChecked += other.outcomesChecked
        outcomeMismatches += other.outcomeMismatches
    }

    // MARK: The tuner's parts of the answer

    /// Counts, the animation, edge and lock suggestions, the unlabelled analysis, the ambiguity
    /// count, the outcome check and their warnings, under `options` (damping ratio, target
    /// duration, settling time, transition duration) and `current` (its transition duration
    /// and completion speed). `current.rule` must be the one these statistics were made with.
    package func summarize(current: ParameterSet, options: TuningOptions) -> SummaryParts {
        var counts = TuningCounts()
        counts.total = points + interruptedBySystem
        counts.interruptedBySystem = interruptedBySystem
        counts.nonFinite = nonFinite
        counts.used = used
        counts.labelled = labelled
        counts.labelledComplete = labelledComplete
        counts.labelledCancel = labelledCancel
        counts.unlabelled = unlabelled

        var warnings = TuningWarning.measurements(measurements, direction: current.direction)
        if used == 0 { warnings.append(.noUsableGestures) }
        if labelled == 0 && used > 0 { warnings.append(.noLabels) }
        if labelled > 0 && (labelledComplete == 0 || labelledCancel == 0) {
            warnings.append(.oneClass(complete: labelledComplete, cancel: labelledCancel))
        }
        if labelled == 1 { warnings.append(.singleLabelled) }
        if interruptedBySystem > 0 {
            warnings.append(.interruptedBySystem(count: interruptedBySystem))
        }
        if labelled > 0 && unlabelled > 0 {
            warnings.append(.partlyLabelled(unlabelled: unlabelled, used: used, labelled: labelled))
        }

        let duration = current.transitionDuration ?? options.transitionDuration
        let speed = Suggestions.completionSpeed(
            inverseVelocities: inverseVelocities, duration: duration,
            current: current.completionSpeed ?? 1)
        let cap = Suggestions.fingerSpeedCap(times: fingerSpeedTimes)
        let spring = Suggestions.spring(
            initialVelocities: springVelocities, dampingRatio: options.dampingRatio,
            target: options.targetDuration, medianSettlingTime: options.medianSettlingTime)
        let edge = Suggestions.edgeWidth(
            starts: starts, beforeEdge: startsBeforeEdge, container: smallestExtent)
        if let from = edge.clampedFrom, let to = edge.value {
            warnings.append(.edgeWidthClamped(suggested: from, extent: to))
        }
        let lock = Suggestions.directionLock(
            angles: entryAngles, population: labelled == 0 ? .unlabelledGestures : .intendedSwipes)

        var analysis: UnlabelledAnalysis?
        if unlabelled > 0 {
            let u = Analyses.unlabelled(self)
            analysis = u
            if labelled == 0 {
                if u.leftOutStill + u.leftOutAcross > 0 {
                    warnings.append(
                        .mixtureLeftOut(
                            kept: u.mixture.count, still: u.leftOutStill, across: u.leftOutAcross))
                }
                if u.inferredRule == nil {
                    warnings.append(.noSplit(verdict: u.mixture.verdict, count: u.mixture.count))
                }
            }
        }
        let outcomeCheck =
            outcomesChecked > 0
            ? OutcomeCheck(checked: outcomesChecked, mismatchCount: outcomeMismatches) : nil
        if let check = outcomeCheck, check.mismatchCount > 0 {
            warnings.append(.outcomeMismatch(count: check.mismatchCount, checked: check.checked))
        }
        return SummaryParts(
            counts: counts, warnings: warnings, completionSpeed: speed, fingerSpeedCap: cap,
            spring: spring, edgeWidth: edge,
            directionLock: lock, unlabelled: analysis, ambiguousCount: ambiguous,
            outcomeCheck: outcomeCheck)
    }
}

/// The parts of `Answer` `SummaryStatistics.summarize` gives.
package struct SummaryParts: Sendable, Equatable {
    package var counts: TuningCounts
    /// In the order the answer shows them: the measurements' (default extent, extents,
    /// estimators), the counts' (no usable gestures … partly labelled), the edge-width clamp,
    /// the unlabelled mixture's (only when nothing is labelled), outcome mismatches. The
    /// tuner's own (the logistic fit's) follow.
    package var warnings: [TuningWarning]
    package var completionSpeed: CompletionSpeedSuggestion
    package var fingerSpeedCap: FingerSpeedCapSuggestion
    package var spring: SpringSuggestion
    package var edgeWidth: EdgeWidthSuggestion
    package var directionLock: DirectionLockSuggestion
    /// Present when some used gestures have no intent.
    package var unlabelled: UnlabelledAnalysis?
    /// Used gestures within the ambiguity band of the current rule.
    package var ambiguousCount: Int
    package var outcomeCheck: OutcomeCheck?

    /// Writes the animation suggestions into `set` (those that have a value), with
    /// `set.transitionDuration` the one the completion speed was computed for. The edge and
    /// lock read off the intended swipes are not written: a gate ships only when it was
    /// measured against gestures not meant for the transition (docs/gate.md), so the set
    /// keeps its own.
    package func apply(to set: inout ParameterSet) {
        set.transitionDuration = completionSpeed.transitionDuration
        if let s = completionSpeed.value { set.completionSpeed = s }
        if let c = fingerSpeedCap.value { set.fingerSpeedCap = c }
        if let r = spring.response {
            set.spring = .init(dampingRatio: spring.dampingRatio, response: r)
        }
    }
}
