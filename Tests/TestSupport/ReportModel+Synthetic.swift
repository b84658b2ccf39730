import Foundation
import GesturePhysics
import GestureReport
import GestureTrace

extension ReportModel {
    /// A self-consistent synthetic model for the report tests: drags, flicks and
    /// peek-and-return cancels, decided by `Rule.completes` under the current
    /// (`flutter-cupertino`) and a suggested rule, with every aggregate computed from those
    /// decisions.
    ///
    /// Values come from Weyl (golden-ratio) low-discrepancy sequences, not a random generator,
    /// so the model is the same on every run and platform.
    /// - Parameters:
    ///   - gestureCount: gestures in the model.
    ///   - labelled: false leaves intents out and fills the unlabelled analysis instead.
    ///   - id: gesture id for index `i` (default `g1`, `g2`, …).
    public static func synthetic(
        gestureCount: Int, labelled: Bool = true, id: ((Int) -> String)? = nil
    ) -> ReportModel {
        let extent = 390.0
        let current = Rule.threshold(progress: 0.5, velocity: 1.0)
        let suggested =
            labelled
            ? Rule.threshold(progress: 0.45, velocity: 0.85)
            : Rule.projection(progress: 0.46, tau: 0.3)
        let file = "traces/swipe.csv"
        func frac(_ x: Double) -> Double { x - x.rounded(.down) }
        var rows: [GestureRow] = []
        rows.reserveCapacity(gestureCount)
        for i in 0..<gestureCount {
            let n = Double(i + 1)
            let u1 = frac(n * 0.618_033_988_749_895), u2 = frac(n * 0.414_213_562_373_095)
            let u3 = frac(n * 0.732_050_807_568_877), u4 = frac(n * 0.236_067_977_499_790)
            let u5 = frac(n * 0.645_751_311_064_591)
            var p: Double, vp: Double, intent: Intent
            if u1 < 0.5 {  // drag to a target and release
                p = 0.08 + 0.84 * u2
                vp = (u3 - 0.5) * 1.1
                intent = p + 0.12 * vp > 0.45 ? .complete : .cancel
                if abs(p - 0.45) < 0.06 && u4 < 0.35 {
                    intent = intent == .complete ? .cancel : .complete
                }
            } else if u1 < 0.78 {  // flick
                p = 0.04 + 0.32 * u2
                if u4 < 0.15 {
                    vp = -(0.8 + 2 * u3)
                    intent = .cancel
                } else {
                    vp = 0.9 + 3.2 * u3
                    intent = .complete
                }
            } else {  // peek and return
                p = 0.03 + 0.38 * u2
                vp = -0.45 + 0.6 * u3
                intent = .cancel
            }
            let duration = 0.18 + 0.55 * u4
            let steps = max(3, Int(duration * 120))
            var curve: [ProgressPoint] = []
            curve.reserveCapacity(steps + 1)
            for k in 0...steps {
                let t = Double(k) / 120
                let s = min(t / duration, 1)
                let shape: Double
                if u1 >= 0.78 {
                    let peak = min(p + 0.18 * u5 + 0.05, 1)
                    shape =
                        s < 0.6
                        ? peak * sin(s / 0.6 * .pi / 2) : peak + (p - peak) * (s - 0.6) / 0.4
                } else {
                    shape = p * (1 - pow(1 - s, 1.6))
                }
                curve.append(ProgressPoint(t: t, p: min(max(shape, 0), 1)))
            }
            let state = ReleaseState(
                progress: p, velocity: vp, kinematicVelocity: vp, sampleCount: steps + 1,
                extent: extent)
            let v = vp * extent
            let estimates = [
                EstimatorValue(estimator: .lsq2, velocity: v),
                EstimatorValue(estimator: .lsq1, velocity: v * 0.96),
                EstimatorValue(estimator: .impulse, velocity: v * 1.04),
                EstimatorValue(estimator: .delta, velocity: v * (1 + (u5 - 0.5) * 0.3)),
            ]
            rows.append(
                GestureRow(
                    id: id?(i) ?? "g\(i + 1)", file: file, samples: steps + 2, duration: duration,
                    releaseProgress: p, velocity: v, vx: v, vy: (u5 - 0.5) * 40,
                    progressVelocity: vp, extent: extent,
                    estimates: estimates, startPosition: 1 + 34 * u5 * u5, entryAngle: 25 * u3 * u3,
                    pauseBeforeRelease: u1 >= 0.78 ? 0.02 * u4 : 0.008,
                    intent: labelled ? intent : nil, outcome: nil,
                    currentDecision: current.completes(state) ? .complete : .cancel,
                    suggestedDecision: suggested.completes(state) ? .complete : .cancel,
                    flags: GestureFlags(
                        ambiguous: !labelled && abs(p + 0.3 * vp - 0.46) < 0.1,
                        fallbackEstimator: i % 97 == 13,
                        duplicateTimestamps: i % 61 == 7 ? 1 : 0,
                        lateReversal: u1 >= 0.78 && u3 < 0.2),
                    curve: curve))
        }

        func evaluate(_ rule: Rule) -> (
            misdecided: [String], confusion: ConfusionMatrix, completes: Int
        ) {
            var cc = 0, cx = 0, xc = 0, xx = 0, completes = 0
            var miss: [String] = []
            for g in rows {
                let state = ReleaseState(
                    progress: g.releaseProgress, velocity: g.progressVelocity,
                    kinematicVelocity: g.progressVelocity, sampleCount: g.samples, extent: extent)
                let done = rule.completes(state)
                if done { completes += 1 }
                switch (g.intent, done) {
                case (.complete, true): cc += 1
                case (.complete, false):
                    cx += 1
                    miss.append(g.id)
                case (.cancel, true):
                    xc += 1
                    miss.append(g.id)
                case (.cancel, false): xx += 1
                case (nil, _): break
                }
            }
            return (
                miss,
                ConfusionMatrix(
                    completeCompleted: cc, completeCancelled: cx, cancelCompleted: xc,
                    cancelCancelled: xx), completes
            )
        }
        let n = Double(max(rows.count, 1))
        let cur = evaluate(current), sug = evaluate(suggested)
        let projection = Rule.projection(progress: 0.47, tau: 0.3)
        let logistic = Rule.logistic(b0: -4.1, b1: 8.9, b2: 2.2)
        let proj = evaluate(projection), logi = evaluate(logistic)
        let ruleRows: [RuleComparisonRow] =
            labelled
            ? [
                RuleComparisonRow(
                    rule: suggested, crossValidatedError: Double(sug.misdecided.count) / n + 0.004,
                    inSampleError: Double(sug.misdecided.count) / n, confusion: sug.confusion,
                    misclassified: sug.misdecided, suggested: true),
                RuleComparisonRow(
                    rule: projection,
                    crossValidatedError: Double(proj.misdecided.count) / n + 0.006,
                    inSampleError: Double(proj.misdecided.count) / n, confusion: proj.confusion,
                    misclassified: proj.misdecided),
                RuleComparisonRow(
                    rule: logistic, crossValidatedError: Double(logi.misdecided.count) / n + 0.005,
                    inSampleError: Double(logi.misdecided.count) / n, confusion: logi.confusion,
                    misclassified: logi.misdecided,
                    coefficients: [
                        Coefficient(name: "b0", value: -4.1, standardError: 0.42),
                        Coefficient(name: "b1", value: 8.9, standardError: 0.81),
                        Coefficient(name: "b2", value: 2.2, standardError: 0.27),
                    ]),
            ]
            : [
                RuleComparisonRow(
                    rule: suggested, crossValidatedError: nil, inSampleError: nil, confusion: nil,
                    misclassified: [], suggested: true,
                    note: "inferred from a Gaussian mixture; no labels")
            ]
        let presets = Preset.all.map { preset -> PresetRow in
            let r = evaluate(preset.rule(extent: extent))
            return PresetRow(
                name: preset.name, source: preset.source, rule: preset.rule(extent: extent),
                error: labelled ? Double(r.misdecided.count) / n : nil,
                misdecided: r.misdecided.count, completes: r.completes,
                isCurrent: preset.name == Preset.defaultName)
        }

        // Completion animation: the suggested speed makes the median ratio 1 (physics.md).
        let duration = 0.35
        let forward = rows.filter { $0.suggestedDecision == .complete && $0.progressVelocity > 0 }
            .map(\.progressVelocity)
        let suggestedSpeed = min(
            max(duration * (orderStatistic(0.5, forward) ?? 1 / duration), 0.5), 3)
        let curRatios = FigureInputs.velocityRatios(
            gestures: rows, completionSpeed: 1, duration: duration
        ) { $0.currentDecision == .complete }
        let sugRatios = FigureInputs.velocityRatios(
            gestures: rows, completionSpeed: suggestedSpeed, duration: duration
        ) { $0.suggestedDecision == .complete }
        let starts = rows.filter { $0.intent != .cancel }.map(\.startPosition)
        let p95 = orderStatistic(0.95, starts) ?? 0
        let (pth, vth): (Double?, Double?) = {
            if case .threshold(let a, let b) = suggested { return (a, b) }
            if case .projection(let a, _) = suggested { return (a, nil) }
            return (nil, nil)
        }()

        let summary = ReportSummary(
            files: [file], gesturesRead: rows.count + 3, gesturesUsed: rows.count,
            skipped: [
                SkipCount(reason: SkipReason.tooFewSamples.rawValue, count: 2),
                SkipCount(reason: "interrupted-by-system", count: 1),
            ],
            labelled: labelled, direction: .right, extent: extent, extentSource: .defaultValue,
            currentSource: Preset.defaultName, currentRule: current, suggestedRule: suggested,
            currentError: labelled ? Double(cur.misdecided.count) / n : nil,
            suggestedError: labelled ? Double(sug.misdecided.count) / n + 0.004 : nil,
            currentMisdecided: cur.misdecided.count, suggestedMisdecided: sug.misdecided.count,
            suggestionInferred: !labelled,
            warnings: [
                .tuning(
                    .defaultExtent(
                        direction: .right, extent: 390, count: 1, total: 1, population: "gestures"))
            ],
            ignoredColumns: ["pressure"])
        let parameters = ParameterTable(
            defaultColumns: ["UIKit samples", "Flutter Cupertino"],
            rows: [
                ParameterRow(
                    name: "progress threshold", symbol: "p_th", unit: .progress, suggested: pth,
                    interval: pth.map { Interval(low: $0 - 0.03, high: $0 + 0.03) }, current: 0.5,
                    defaults: [0.5, 0.5]),
                ParameterRow(
                    name: "velocity threshold", symbol: "v_th", unit: .progressPerSecond,
                    suggested: vth, interval: vth.map { Interval(low: $0 - 0.15, high: $0 + 0.2) },
                    current: 1.0, defaults: [nil, 1.0]),
                ParameterRow(
                    name: "completion speed", symbol: "s", unit: .ratio, suggested: suggestedSpeed,
                    interval: Interval(low: suggestedSpeed * 0.9, high: suggestedSpeed * 1.1),
                    current: 1, defaults: [1, nil]),
                ParameterRow(
                    name: "edge width", symbol: "w", unit: .points, suggested: p95 + 4,
                    current: nil, defaults: [nil, 20]),
            ])
        return ReportModel(
            name: "swipe", generator: "gesturetune (synthetic model)", summary: summary,
            parameters: parameters,
            rules: ruleRows, presets: presets, gestures: rows,
            figures: FigureInputs(
                currentVelocityRatios: curRatios, suggestedVelocityRatios: sugRatios),
            estimators: EstimatorRow.compute(from: rows),
            animation: AnimationSuggestion(
                duration: duration, currentCompletionSpeed: 1,
                suggestedCompletionSpeed: suggestedSpeed,
                completionSpeedInterval: Interval(
                    low: suggestedSpeed * 0.9, high: suggestedSpeed * 1.1),
                currentMedianRatio: orderStatistic(0.5, curRatios),
                suggestedMedianRatio: orderStatistic(0.5, sugRatios),
                fingerSpeedCap: 0.41, dampingRatio: 1, springResponse: 0.31, targetDuration: 0.35,
                medianSettlingTime: 0.35),
            edge: EdgeSuggestion(percentile95: p95, suggestedWidth: p95 + 4, directionLock: 21),
            unlabelled: labelled
                ? nil
                : UnlabelledSection(
                    ambiguousIDs: rows.filter(\.flags.ambiguous).map(\.id), tau: 0.3,
                    inferredThreshold: 0.46,
                    components: [
                        MixtureComponentRow(weight: 0.55, mean: 0.21, standardDeviation: 0.1),
                        MixtureComponentRow(weight: 0.45, mean: 0.78, standardDeviation: 0.16),
                    ]),
            outcomeMismatches: [])
    }
}

/// The order statistic at `q` of the finite values (index `q·(n−1)` rounded down), nil when
/// none: the fixture needs a representative value, not the report's interpolated quantile.
private func orderStatistic(_ q: Double, _ values: [Double]) -> Double? {
    let sorted = values.filter(\.isFinite).sorted()
    guard !sorted.isEmpty else { return nil }
    return sorted[Int(Double(sorted.count - 1) * q)]
}
