import Foundation
import GestureIO
import GestureTuning

/// The verdict of `batch` and `merge` on each case and the run (cli-and-reports.md, "batch:
/// the CI gate"): pass, fail, skipped or error against the run's limits. ("Gate" alone is the
/// start-of-gesture gate.)
package enum BatchVerdict {
    /// Comparisons allow this much slack so that, e.g., 3/60 does not exceed a limit of 0.05
    /// through rounding.
    package static let slack = 1e-12

    /// Decides a case's status from its counts: `error` when the file could not be read,
    /// `skipped` when it has no labelled gestures, `fail` when its end-to-end error exceeds `maxError` or
    /// its baseline entry by more than `tolerance`, else `pass`.
    package static func apply(_ gate: BatchSummary.Limits, to result: BatchFileResult)
        -> BatchFileResult
    {
        var r = result
        r.failures = []
        if r.problem != nil {
            r.status = .error
            return r
        }
        guard let rate = r.endToEndRate else {
            r.status = .skipped
            r.errorRate = nil
            return r
        }
        r.errorRate = rate
        if let max = gate.maxError, rate > max + slack {
            r.failures.append("\(errorText(r)) exceeds --max-error \(percent(max))")
        }
        if gate.maxError == nil, let expected = gate.expectedError, rate > expected + slack {
            let chance = EndToEndCount.chanceOfAtLeast(r.wrong, of: r.counted, expected: expected)
            if chance < BatchSummary.Limits.beyondChance {
                r.failures.append(
                    "\(errorText(r)) is above the \(percent(expected)) the parameters were shipped with, beyond chance (p \(chance < 0.001 ? "< 0.001" : "= " + String(format: "%.3f", chance)))"
                )
            }
        }
        if let max = gate.maxFalseTriggers, let n = r.falseTriggers, let others = r.others,
            others > 0, Double(n) / Double(others) > max + slack
        {
            r.failures.append(
                "false triggers \(percent(Double(n) / Double(others))) (\(n)/\(others)) exceed --max-false-triggers \(percent(max))"
            )
        }
        if let max = gate.maxMisses, let n = r.misses, Double(n) / Double(r.labelled) > max + slack
        {
            r.failures.append(
                "misses \(percent(Double(n) / Double(r.labelled))) (\(n)/\(r.labelled)) exceed --max-misses \(percent(max))"
            )
        }
        if let base = r.baselineErrorRate, rate > base + gate.tolerance + slack {
            r.failures.append(
                "\(errorText(r)) is worse than the baseline's \(percent(base)) by more than --tolerance \(percent(gate.tolerance))"
            )
        }
        r.status = r.failures.isEmpty ? .pass : .fail
        return r
    }

    /// The run failure of a run that checked nothing.
    package static let nothingChecked =
        "no labelled gestures: nothing was checked (pass --allow-empty to accept a corpus without intent labels)"

    /// Gates every file and builds the summary with its totals and overall status.
    ///
    /// A gate must not pass on nothing: when no file holds a labelled gesture the run fails
    /// (`runFailure`, exit 1) unless `gate.allowEmpty`. A shard's partial summary is exempt,
    /// since its files are only part of the corpus: `merge` applies the check to the whole,
    /// so the merged result still equals the unsharded run's.
    package static func summarise(
        files: [BatchFileResult], gate: BatchSummary.Limits, params: BatchSummary.ParamsInfo,
        settings: BatchSummary.Settings, shard: Shard?
    ) -> BatchSummary {
        let gated = files.map { apply(gate, to: $0) }
        let totals = BatchSummary.Totals(gated)
        let runFailure =
            shard == nil && totals.labelled == 0 && gate.allowEmpty != true ? nothingChecked : nil
        let status =
            totals.errors > 0 ? "error" : totals.failed > 0 || runFailure != nil ? "fail" : "pass"
        return BatchSummary(
            tool: GestureTune.generator, params: params, settings: settings,
            gate: gate, shard: shard,
            status: status, runFailure: runFailure, totals: totals, files: gated)
    }

    package static func percent(_ x: Double) -> String { NumberText.percent(x) }

    /// `error 33.3% (2/6)`: a case's misdecided share with its counts, as the text summary,
    /// the gate's reasons and the JUnit file show it (`error n/a (0/0)` with nothing labelled).
    package static func errorText(_ r: BatchFileResult) -> String {
        "error \(NumberText.percent(r.endToEndRate)) (\(r.wrong)/\(r.counted))"
    }
}

/// Encodes and decodes `BatchSummary` deterministically (sorted keys, two-space indent).
///
/// JSON has no infinity: an infinite threshold (TransitionTreasury's `v_th`, velocity ignored)
/// is written as the string `"inf"`, as in parameter files.
package enum BatchJSON {
    package static let nonFinite = (positive: "inf", negative: "-inf", nan: "nan")

    /// The summary's text; throws only if encoding fails, which plain value types with every
    /// double finite or converted should never do.
    package static func encoded(_ summary: BatchSummary) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: nonFinite.positive, negativeInfinity: nonFinite.negative,
            nan: nonFinite.nan)
        return String(decoding: try encoder.encode(summary), as: UTF8.self) + "\n"
    }

    package static func decode(_ data: Data) throws -> BatchSummary {
        let decoder = JSONDecoder()
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(
            positiveInfinity: nonFinite.positive, negativeInfinity: nonFinite.negative,
            nan: nonFinite.nan)
        return try decoder.decode(BatchSummary.self, from: data)
    }
}
