import Foundation
import GesturePhysics
import GestureTrace
import GestureTuning
import Testing

@testable import GestureReport

/// Hand-built measurements for the `Answer → ReportModel` adapter.
enum TuningInputs {
    /// A gesture released at progress `p` with `v` progress/s at extent 390 pt (so `v × 390` pt/s).
    static func gesture(
        _ id: String, _ p: Double, _ v: Double, _ intent: Intent?, outcome: Intent? = nil,
        interrupted: Bool = false,
        extentSource: ExtentSource = .column, fellBack: Bool = false, file: String = "a.csv"
    ) -> GestureMeasurement {
        let e = 390.0
        let estimate = VelocityEstimate(
            vx: v * e, vy: 0, axis: v * e, usedEstimator: .lsq2, fellBack: fellBack, windowCount: 5)
        let delta = VelocityEstimate(
            vx: v * e + 10, vy: 0, axis: v * e + 10, usedEstimator: .delta, fellBack: false,
            windowCount: 2)
        return GestureMeasurement(
            id: id, file: file, sampleCount: 12, intent: intent, outcome: outcome,
            interruptedBySystem: interrupted,
            extent: e, extentSource: extentSource, releaseProgress: p, velocity: estimate,
            progressVelocity: v,
            estimates: [.lsq2: estimate, .delta: delta], kinematicVelocity: v,
            kinematicAcceleration: 0,
            startPosition: 10, entryAngle: 5, pauseBeforeRelease: 0.01, duration: 0.2,
            sampleRate: 60,
            peakVelocity: abs(v * e), lateReversal: false, duplicateTimestamps: 0,
            progressCurve: [ProgressPoint(t: 0, p: 0), ProgressPoint(t: 0.2, p: p)])
    }

    /// Eleven labelled gestures and one interrupted by the system.
    ///
    /// Under `flutter-cupertino` (complete when `v_p >= 1`, or `|v_p| < 1` and `p_r >= 0.5`):
    /// - meant complete: c1 (0.3, 2.0) ✓, c2 (0.8, 0.3) ✓, c3 (0.7, 0.5) ✓, c4 (0.6, 0) ✓,
    ///   c5 (0.2, 1.5) ✓, c6 (0.47, 0.2) → cancel ✗
    /// - meant cancel: x1 (0.2, 0.2) ✓, x2 (0.1, 0.5) ✓, x3 (0.15, −0.4) ✓,
    ///   x4 (0.52, 0.1) → complete ✗, x5 (0.4, 1.2) → complete ✗
    /// So 3 of 11 misdecided (c6, x4, x5): confusion 5 / 1 / 2 / 3, error 3/11; the rule
    /// completes 7 of the 11.
    static var labelled: [GestureMeasurement] {
        [
            gesture("c1", 0.3, 2.0, .complete), gesture("c2", 0.8, 0.3, .complete),
            gesture("c3", 0.7, 0.5, .complete),
            gesture("c4", 0.6, 0, .complete), gesture("c5", 0.2, 1.5, .complete),
            gesture("c6", 0.47, 0.2, .complete),
            gesture("x1", 0.2, 0.2, .cancel), gesture("x2", 0.1, 0.5, .cancel),
            gesture("x3", 0.15, -0.4, .cancel),
            gesture("x4", 0.52, 0.1, .cancel, outcome: .cancel),
            gesture("x5", 0.4, 1.2, .cancel, outcome: .complete),
            gesture("i1", 0.9, 3.0, .complete, interrupted: true),
        ]
    }

    static var reads: [ReadSummary] {
        var a = ReadSummary(file: "a.csv")
        a.skipped = [.tooFewSamples: 2]
        a.ignoredColumns = ["pressure"]
        var b = ReadSummary(file: "b.csv")
        b.skipped = [.notClosed: 1, .tooFewSamples: 1]
        b.ignoredColumns = ["pressure", "device"]
        return [a, b]
    }

    static let options = TuningOptions(seed: 3, bootstrapResamples: 200)

    static func model(_ ms: [GestureMeasurement], reads: [ReadSummary] = reads) -> (
        Answer, ReportModel
    ) {
        let tuning = Tuner(options: options).tune(ms, current: .default)
        return (
            tuning,
            ReportModel(
                tuning: tuning, measurements: ms, reads: reads, name: "t", generator: "test")
        )
    }

    /// Unlabelled gestures whose projected landing progress `p + 0.3 v` forms two clear groups:
    /// 20 near 0.15 and 20 near 0.85 (spread ±0.05 evenly), `v_p` = 0 so landing = `p_r`.
    static var bimodal: [GestureMeasurement] {
        (0..<40).map { k in
            let spread = Double(k % 20) / 19 * 0.1 - 0.05
            let p = (k < 20 ? 0.15 : 0.85) + spread
            return gesture("u\(k + 1)", p, 0, nil)
        }
    }

    /// Unlabelled gestures evenly spread over one narrow group: 0.45 … 0.55.
    static var oneGroup: [GestureMeasurement] {
        (0..<30).map { k in gesture("s\(k + 1)", 0.45 + Double(k) / 29 * 0.1, 0, nil) }
    }
}

@Suite struct ReportModelTuningTests {
    @Test func summaryCountsAndCurrentErrorByHand() {
        let (tuning, model) = TuningInputs.model(TuningInputs.labelled)
        let s = model.summary
        #expect(s.files == ["a.csv", "b.csv"])
        #expect(s.gesturesRead == 12)
        #expect(s.gesturesUsed == 11)
        // Reader skips summed over files in SkipReason order, then the interrupted gesture.
        #expect(
            s.skipped == [
                SkipCount(reason: "too-few-samples", count: 3),
                SkipCount(reason: "not-closed", count: 1),
                SkipCount(reason: "interrupted-by-system", count: 1),
            ])
        #expect(s.skippedTotal == 5)
        #expect(s.labelled)
        #expect(s.currentSource == "flutter-cupertino")
        #expect(s.currentRule == .threshold(progress: 0.5, velocity: 1.0))
        #expect(s.currentMisdecided == 3)
        #expect(s.currentError == 3.0 / 11.0)
        #expect(s.ignoredColumns == ["pressure", "device"])
        #expect(s.extent == 390 && s.extentSource == .column)
        #expect(!s.warnings.contains { $0.sentence.contains("390 pt") })
        // The suggestion's error is its family's cross-validated one, not the in-sample one.
        #expect(s.suggestedRule == tuning.suggested.rule)
        #expect(s.suggestedError == tuning.family(.threshold)?.crossValidation?.errorRate)
        #expect(s.suggestedError != nil)
    }

    @Test func presetAndRuleTablesByHand() {
        let (tuning, model) = TuningInputs.model(TuningInputs.labelled)
        let flutter = try! #require(model.presets.first { $0.name == "flutter-cupertino" })
        #expect(flutter.isCurrent)
        #expect(flutter.misdecided == 3 && flutter.error == 3.0 / 11.0 && flutter.completes == 7)
        #expect(model.presets.count == Preset.all.count)
        #expect(model.presets.filter(\.isCurrent).count == 1)
        // transition-treasury (p_th 0.3, velocity ignored) completes p >= 0.3: c1, c2, c3, c4, c6,
        // x4, x5 (7); misdecided: c5 (meant complete at 0.2), x4, x5 → 3 errors.
        let tt = try! #require(model.presets.first { $0.name == "transition-treasury" })
        #expect(tt.misdecided == 3 && tt.completes == 7)

        #expect(
            model.rules.map(\.rule.family) == [
                .threshold, .forward, .projection, .logistic, .kinematic,
            ])
        #expect(model.rules.filter(\.suggested).count == 1)
        let threshold = model.rules[0]
        #expect(threshold.suggested)
        // The note names the seed given (TuningOptions.seed 3), not a derived stream.
        #expect(
            threshold.note?.contains("5-fold cross-validation on hashed gesture ids, seed 3")
                == true)
        // Confusion and misclassified ids: the tuned rule applied by hand.
        let rule = tuning.family(.threshold)!.rule
        let used = TuningInputs.labelled.filter { !$0.interruptedBySystem }
        let wrong = used.filter { m in
            let done = rule.completes(
                ReleaseState(
                    progress: m.releaseProgress, velocity: m.progressVelocity,
                    kinematicVelocity: m.progressVelocity, extent: 390))
            return done != (m.intent == .complete)
        }.map(\.id)
        #expect(threshold.misclassified == wrong)
        #expect(threshold.confusion?.misdecided == wrong.count)
        #expect(threshold.confusion?.total == 11)
        #expect(threshold.inSampleError == Double(wrong.count) / 11)
        #expect(model.summary.suggestedMisdecided == wrong.count)
        #expect(model.gestures.filter(\.misdecidedBySuggested).map(\.id) == wrong)
        // The logistic row carries three coefficients, with standard errors when converged.
        let logistic = model.rules[3]
        #expect(logistic.coefficients.map(\.name) == ["b0", "b1", "b2"])
        if tuning.logistic?.fit.outcome == .converged {
            #expect(logistic.coefficients.allSatisfy { ($0.standardError ?? 0) > 0 })
        } else {
            #expect(logistic.note?.isEmpty == false)
        }
    }

    @Test func gestureRowsFlagsAndOutcomes() {
        let (tuning, model) = TuningInputs.model(TuningInputs.labelled)
        #expect(model.gestures.count == 12)
        #expect(model.gestures.map(\.id).last == "i1")
        #expect(model.gestures.last?.flags.interruptedBySystem == true)
        #expect(model.gestures.filter(\.flags.ambiguous).count == tuning.ambiguousCount)
        // x4 (0.52, 0.1) and c6 (0.47, 0.2) lie within 10% of p_th = 0.5 (0.45 … 0.55): ambiguous;
        // c2 (0.8, 0.3) does not.
        let flagged = Set(model.gestures.filter(\.flags.ambiguous).map(\.id))
        #expect(flagged.contains("x4") && flagged.contains("c6") && !flagged.contains("c2"))
        #expect(model.gestures.filter(\.misdecidedByCurrent).map(\.id) == ["c6", "x4", "x5"])
        // x5's recorded outcome (complete) matches the current decision; x4's (cancel) does not.
        #expect(
            model.outcomeMismatches == [
                OutcomeMismatchRow(id: "x4", recorded: .cancel, decided: .complete)
            ])
        #expect(model.gestures.first { $0.id == "x4" }?.flags.outcomeMismatch == true)
        #expect(
            model.summary.warnings.contains {
                $0.sentence.hasPrefix("1 of 2 recorded outcomes disagree")
            })
        // Estimators: lsq2 and delta, delta 10 pt/s above lsq2 on every gesture.
        #expect(model.estimators.map(\.estimator) == [.lsq2, .delta])
        #expect(abs((model.estimators[1].medianAbsDiffToLsq2 ?? 0) - 10) < 1e-9)
        #expect(model.estimators[1].gestures == 12)
    }

    /// `android-drawer` (0.5 progress or 400 pt/s) in a 320 pt container: `v_th` = 400 / 320 =
    /// 1.25 progress/s, band [1.125, 1.375] (at the 390 pt default it would be 1.026, band
    /// [0.923, 1.128]); `p_th` band [0.45, 0.55]. By hand, ambiguous at 320 pt: a1 (0.2, 1.2),
    /// a2 (0.2, 1.3), a5 (0.52, 0); a3 (0.2, 1.0) is ambiguous only at 390 pt. The answer's count
    /// and the flagged rows agree on 3 (the rule at 390 pt would count 2: a3, a5).
    @Test func presetAmbiguityAtTheGesturesOwnExtent() throws {
        let ms = [
            TuningInputs.gesture("a1", 0.2, 1.2, .complete),
            TuningInputs.gesture("a2", 0.2, 1.3, .complete),
            TuningInputs.gesture("a3", 0.2, 1.0, .cancel),
            TuningInputs.gesture("a4", 0.8, 0, .complete),
            TuningInputs.gesture("a5", 0.52, 0, .cancel),
            TuningInputs.gesture("a6", 0.1, -0.5, .cancel),
            TuningInputs.gesture("a7", 0.3, 2.0, .complete),
        ].map { m -> GestureMeasurement in
            var m = m
            m.extent = 320
            return m
        }
        let current = ParameterSet(preset: try #require(Preset.named("android-drawer")))
        let tuning = Tuner(options: TuningInputs.options).tune(ms, current: current)
        let model = ReportModel(
            tuning: tuning, measurements: ms, reads: TuningInputs.reads, name: "t",
            generator: "test")
        let flagged = model.gestures.filter(\.flags.ambiguous).map(\.id)
        #expect(flagged == ["a1", "a2", "a5"])
        #expect(tuning.ambiguousCount == 3)
        #expect(tuning.ambiguousCount == flagged.count)
        // Statistics read back from their file keep the preset's per-extent rule.
        var statistics = TuningStatistics(options: TuningInputs.options, current: current)
        for m in ms.prefix(4) { statistics.add(m, key: GestureKey(file: "a.csv", id: m.id)) }
        var decoded = try JSONDecoder().decode(
            TuningStatistics.self, from: JSONEncoder().encode(statistics))
        #expect(decoded == statistics)
        for m in ms.dropFirst(4) { decoded.add(m, key: GestureKey(file: "a.csv", id: m.id)) }
        #expect(Tuner(options: TuningInputs.options).tune(decoded).ambiguousCount == 3)
    }

    @Test func defaultExtentAndFallbackWarnings() {
        let ms = TuningInputs.labelled.map { m -> GestureMeasurement in
            var m = m
            m.extentSource = .defaultValue
            if m.id == "c2" {
                m.velocity.fellBack = true
                m.estimates[.lsq2]?.fellBack = true
            }
            return m
        }
        let (_, model) = TuningInputs.model(ms)
        #expect(model.summary.extentSource == .defaultValue)
        #expect(model.summary.warnings.contains { $0.sentence.contains("defaults to 390 pt") })
        #expect(
            model.summary.warnings.contains {
                $0.sentence.contains("fell back") && $0.sentence.contains("on 1 of 12")
            })
        #expect(model.estimators.first { $0.estimator == .lsq2 }?.fallbacks == 1)
        #expect(model.gestures.first { $0.id == "c2" }?.flags.fallbackEstimator == true)
    }

    @Test func parameterTableHasIntervalsDefaultsAndBasis() {
        let (tuning, model) = TuningInputs.model(TuningInputs.labelled)
        let rows = model.parameters.rows
        #expect(model.parameters.defaultColumns == ["UIKit samples", "Flutter Cupertino"])
        let pth = try! #require(rows.first { $0.symbol == "p_th" })
        let vth = try! #require(rows.first { $0.symbol == "v_th" })
        let bootstrap = tuning.family(.threshold)!.parameters
        #expect(pth.interval == Interval(low: bootstrap[0].lower, high: bootstrap[0].upper))
        #expect(vth.interval == Interval(low: bootstrap[1].lower, high: bootstrap[1].upper))
        #expect(pth.current == 0.5 && vth.current == 1.0)
        // flutter-cupertino has no finger-speed cap of its own: "—", like the defaults columns.
        let capRow = try! #require(
            ReportContent(model: model).parameterTable.rows.first {
                $0[0].hasPrefix("finger-speed completion cap")
            })
        #expect(capRow[3] == "—")
        #expect(pth.defaults == [0.5, 0.5] && vth.defaults == [nil, 1.0])
        #expect(vth.unit == .progressPerSecond)
        let edge = try! #require(rows.first { $0.symbol == "edgeWidth" })
        // Every start position is 10 pt: p95 = 10, and 14 pt would be read off the intended
        // swipes; but no gesture is labelled other, so the current gate (the whole extent)
        // is what is suggested, the 14 pt beside it.
        #expect(edge.suggested == .infinity && edge.defaults == [nil, 20])
        #expect(edge.note?.contains("the intended swipes alone") == true)
        #expect(model.edge.suggestedWidth == 390 && model.edge.percentile95 == 10)
        #expect(
            rows.first { $0.symbol == "completionSpeed" }?.note?.contains("median 1/v_p") == true)
    }

    @Test func paramsJSONCarriesTheHeadlineRule() throws {
        let (tuning, model) = TuningInputs.model(TuningInputs.labelled)
        // The tuner's suggestion is the headline: the report projects it, picks nothing.
        let text = try tuning.suggested.encoded()
        let back = try ParameterSet.decode(Data(text.utf8))
        #expect(back.rule == model.summary.suggestedRule)
        #expect(back.completionSpeed == model.animation.suggestedCompletionSpeed)
        // No gesture is labelled other: the set keeps the current gate (the whole extent).
        #expect(back.edgeWidth == nil && model.edge.suggestedWidth == 390)
    }

    @Test func unlabelledWithTwoGroupsInfersASplitMarkedInferred() {
        let (tuning, model) = TuningInputs.model(
            TuningInputs.bimodal, reads: [ReadSummary(file: "u.csv")])
        let s = model.summary
        #expect(!s.labelled)
        #expect(s.currentError == nil && s.suggestedError == nil)
        #expect(s.suggestionInferred)
        let crossing = try! #require(tuning.unlabelled?.mixture.crossing)
        // Two equal, mirror-image groups at 0.15 and 0.85: they cross half-way.
        #expect(abs(crossing - 0.5) < 0.01)
        #expect(s.suggestedRule == .projection(progress: crossing, tau: 0.3))
        #expect(tuning.suggested.rule == s.suggestedRule && tuning.suggestionInferred)
        #expect(model.unlabelled?.inferredThreshold == crossing)
        #expect(model.unlabelled?.components.count == 2)
        #expect(
            model.rules.count == 1 && model.rules[0].note?.hasPrefix("inferred, not tuned") == true)
        #expect(model.headline.contains("Inferred split (not tuned)"))
        // Without labels the start-position figure shows every gesture, and says so.
        let startCaption = try! #require(
            ReportFigures(model: model).info.first { $0.name == "start-position" }
        ).caption
        #expect(startCaption.hasPrefix("Where every gesture began (no intent labels)"))
        let figures = ReportFigures(model: model)
        #expect(
            figures.info[0].caption.contains(
                "Solid green: inferred split, not tuned (projection p_th"))
        #expect(figures.info[1].caption.contains("one thin line per gesture, no intent labels."))
        let svg = SVGRenderer(model: model, figures: figures)
        #expect(svg.svg("release-scatter").contains(">inferred boundary</text>"))
        // Dotted unlabelled curves are drawn with more opacity than solid ones would be (0.55 × 1.6).
        #expect(
            svg.svg("progress-curves").contains(
                "stroke-opacity=\"0.88\" stroke-dasharray=\"2 1.5\""))
        #expect(
            HTMLRenderer(model: model).html().contains(
                "No intervals: the bootstrap needs intent labels."))
        // Each preset's completions, by hand: flutter completes the 20 at p >= 0.8.
        #expect(model.presets.first { $0.name == "flutter-cupertino" }?.completes == 20)
        #expect(model.presets.allSatisfy { $0.error == nil })
    }

    /// One labelled gesture cannot be cross-validated (no error rates), yet it is labelled: the
    /// headline says there is no suggestion and why, not "No intent labels" with a rule tuned
    /// on that one gesture, and what ships is the current set.
    @Test func oneLabelledGestureGetsNoSuggestionWithTheReason() {
        for intent in [Intent.complete, .cancel] {
            let (tuning, model) = TuningInputs.model(
                [TuningInputs.gesture("g1", 0.3, 2.0, intent)],
                reads: [ReadSummary(file: "one.csv")])
            #expect(model.summary.labelled)
            #expect(tuning.recommendation.choice == .tooFew)
            let complete = intent == .complete ? 1 : 0
            #expect(
                model.headline.hasPrefix(
                    "No suggestion yet: 1 labelled gesture (\(complete) complete, \(1 - complete) cancel); at least 20, with 5 of each intent, are needed. Keep the current flutter-cupertino parameters meanwhile"
                ))
            #expect(!model.headline.contains("No intent labels"))
            #expect(model.keepCurrent)
            #expect(tuning.recommendation.set.rule == ParameterSet.default.rule)
            // Nothing calls the rule tuned on that gesture "suggested".
            let facts = ReportContent(model: model).summaryFacts.map(\.0)
            #expect(!facts.contains("Suggested"))
            #expect(facts.contains("Tuned (too few labelled gestures: the current set ships)"))
            let terminal = SummaryRenderer(model: model, reportPath: nil).text(.text)
            #expect(
                terminal.contains("→ tuned n/a cross-validated")
                    && !terminal.contains("→ suggested"))
            #expect(terminal.contains("t: 1 gesture used of 1 read"), "\(terminal)")
            // The parameter table's rule rows are the tuned alternative, and say so.
            let content = ReportContent(model: model)
            #expect(content.parameterTable.headers[1] == "tuned")
            #expect(
                content.parameterIntro.contains(
                    "The rule's rows are the tuned alternative, not what ships: the current flutter-cupertino rule ships"
                ))
            #expect(
                MarkdownRenderer(model: model).markdown().contains(
                    Text.markdown(content.parameterIntro)))
            #expect(HTMLRenderer(model: model).html().contains(Text.xml(content.parameterIntro)))
        }
        // Where the tuned rule ships it is "suggested", with no such sentence.
        let shipped = Fixture.model(count: 300)
        #expect(shipped.recommendationChoice == .tuned)
        let content = ReportContent(model: shipped)
        #expect(content.parameterTable.headers[1] == "suggested")
        #expect(!content.parameterIntro.contains("tuned alternative"))
        #expect(content.summaryFacts.contains { $0.0 == "Suggested" })
    }

    @Test func unlabelledOneGroupSaysItDoesNotSeparate() {
        let (tuning, model) = TuningInputs.model(
            TuningInputs.oneGroup, reads: [ReadSummary(file: "s.csv")])
        #expect(tuning.unlabelled?.mixture.verdict != .separates)
        #expect(!model.summary.suggestionInferred)
        #expect(model.summary.suggestedRule == model.summary.currentRule)
        #expect(model.unlabelled?.inferredThreshold == nil)
        #expect(
            model.summary.warnings.contains {
                $0.sentence.hasPrefix("No split inferred:")
                    && $0.sentence.contains("does not separate")
            })
        #expect(
            model.headline.hasSuffix("No split could be inferred: keep the current parameters."))
        #expect(
            SummaryRenderer(model: model, reportPath: nil).text(.text).contains(
                "suggest: keep the current flutter-cupertino rule (threshold p_th 0.5"))
        #expect(model.rules.isEmpty)
    }

    /// Completes at p_r 0.6 … 0.9, cancels at 0.1 … 0.4 (v_p 0 … 0.3 in each class): the classes
    /// separate by progress alone, so the
    /// logistic row says so, and the HTML and Markdown rule tables print that note, not only
    /// report.json.
    @Test func ruleNotesReachTheHTMLAndMarkdownRuleTables() throws {
        var ms: [GestureMeasurement] = []
        for k in 0..<4 {
            let step = Double(k) / 10
            ms.append(TuningInputs.gesture("c\(k)", 0.6 + step, step, .complete))
            ms.append(TuningInputs.gesture("x\(k)", 0.1 + step, step, .cancel))
        }
        let (tuning, model) = TuningInputs.model(ms)
        #expect(tuning.logistic?.fit.outcome == .separated)
        let logistic = try #require(model.rules.first { $0.rule.family == .logistic })
        let note = try #require(logistic.note)
        #expect(note.hasPrefix("the classes separate perfectly"))
        let table = ReportContent(model: model).ruleTable
        #expect(table.headers.last == "note")
        #expect(table.rows.contains { $0.last == note })
        #expect(HTMLRenderer(model: model).html().contains("<td>the classes separate perfectly"))
        #expect(
            MarkdownRenderer(model: model).markdown().contains("| the classes separate perfectly"))
    }

    /// A params file with its own animation and edge values: the animation table's "current"
    /// column shows them (as the parameter table does), not "—".
    @Test func animationTableShowsTheCurrentSetsOwnValues() throws {
        let current = ParameterSet(
            rule: .threshold(progress: 0.42, velocity: 1.35), completionSpeed: 1.6,
            fingerSpeedCap: 0.3,
            spring: .init(dampingRatio: 0.9, response: 0.31), edgeWidth: 24, directionLockAngle: 12)
        let tuning = Tuner(options: TuningInputs.options).tune(
            TuningInputs.labelled, current: current)
        let model = ReportModel(
            tuning: tuning, measurements: TuningInputs.labelled, reads: TuningInputs.reads,
            name: "t", generator: "test")
        #expect(
            model.animation.currentSpringResponse == 0.31
                && model.animation.currentDampingRatio == 0.9)
        let rows = ReportContent(model: model).animationTable.rows
        func row(_ prefix: String) throws -> [String] {
            try #require(rows.first { $0[0].hasPrefix(prefix) }, "\(prefix)")
        }
        #expect(try row("completionSpeed")[1] == "1.6")
        #expect(try row("finger-speed completion cap")[1] == "0.3 s")
        #expect(try row("spring damping ratio")[1] == "0.9")
        #expect(try row("spring response")[1] == "0.31 s")
        #expect(try row("edge width")[1].hasPrefix("current 24 pt; 20 pt Flutter"))
        #expect(try row("direction lock")[1] == "12°")
        let json = try #require(
            JSONSerialization.jsonObject(with: Data(JSONRenderer(model: model).json().utf8))
                as? [String: Any])
        let animation = try #require(
            (json["parameters"] as? [String: Any])?["animation"] as? [String: Any])
        #expect(
            animation["currentSpringResponse"] as? Double == 0.31
                && animation["currentEdgeWidth"] as? Double == 24)
    }

    @Test func renderersReadTheAdaptedModel() throws {
        let (_, model) = TuningInputs.model(TuningInputs.labelled)
        let json = try #require(
            JSONSerialization.jsonObject(with: Data(JSONRenderer(model: model).json().utf8))
                as? [String: Any])
        #expect(json["schema"] as? String == "gesturetune.report/1")
        let summary = try #require(json["summary"] as? [String: Any])
        #expect(summary["currentMisdecided"] as? Int == 3)
        #expect(summary["gesturesUsed"] as? Int == 11)
        let gestures = try #require(json["gestures"] as? [[String: Any]])
        #expect(gestures.count == 12)
        #expect(gestures[0]["sampleRate"] as? Double == 60)
        #expect((gestures[0]["estimateComponents"] as? [String: Any])?["delta"] != nil)
        let text = SummaryRenderer(model: model, reportPath: nil).text(.text)
        #expect(text.contains("11 gestures used of 12 read"))
        #expect(text.contains("misdecided: current ") && text.contains("(3 gestures)"), "\(text)")
    }
}
