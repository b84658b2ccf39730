import Foundation
import GestureAnalysis
import GestureIO
import GestureReport
import GestureTuning

/// The verdict of `batch` and `merge` on each case and the run (cli-and-reports.md, "batch:
/// the CI gate"): pass, fail, skipped or error against the run's limits. ("Gate" alone is the
/// start-of-gesture gate.)
enum BatchVerdict {
    /// Comparisons allow this much slack so that, e.g., 3/60 does not exceed a limit of 0.05
    /// through rounding.
    static let slack = 1e-12

    /// Decides a case's status from its counts: `error` when the file could not be read,
    /// `skipped` when it has no labelled gestures, `fail` when its end-to-end error exceeds `maxError` or
    /// its baseline entry by more than `tolerance`, else `pass`.
    static func apply(_ gate: BatchSummary.Limits, to result: BatchFileResult) -> BatchFileResult {
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
    static let nothingChecked =
        "no labelled gestures: nothing was checked (pass --allow-empty to accept a corpus without intent labels)"

    /// Gates every file and builds the summary with its totals and overall status.
    ///
    /// A gate must not pass on nothing: when no file holds a labelled gesture the run fails
    /// (`runFailure`, exit 1) unless `gate.allowEmpty`. A shard's partial summary is exempt,
    /// since its files are only part of the corpus: `merge` applies the check to the whole,
    /// so the merged result still equals the unsharded run's.
    static func summarise(
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
            tool: "gesturetune \(CommandSpecs.version)", params: params, settings: settings,
            gate: gate, shard: shard,
            status: status, runFailure: runFailure, totals: totals, files: gated)
    }

    /// The outcome whose exit status the summary implies; a run failure counts as a failed case.
    static func outcome(of summary: BatchSummary) -> Outcome {
        .gate(
            failed: summary.totals.failed + (summary.runFailure == nil ? 0 : 1),
            errors: summary.totals.errors)
    }

    /// Reads a baseline: an earlier run's `--json` (or `--write-baseline`) summary. Returns each
    /// file's error rate; files that were errors or had no labelled gestures have no entry.
    static func loadBaseline(_ path: String) throws(CLIError) -> [String: Double] {
        let summary = try BatchJSON.read(path)
        var rates: [String: Double] = [:]
        for file in summary.files where file.problem == nil && file.labelled > 0 {
            rates[file.path] = Double(file.misdecided) / Double(file.labelled)
        }
        return rates
    }

    static func percent(_ x: Double) -> String { NumberText.percent(x) }

    /// `error 33.3% (2/6)`: a case's misdecided share with its counts, as the text summary,
    /// the gate's reasons and the JUnit file show it (`error n/a (0/0)` with nothing labelled).
    static func errorText(_ r: BatchFileResult) -> String {
        "error \(NumberText.percent(r.endToEndRate)) (\(r.wrong)/\(r.counted))"
    }
}

/// Encodes and decodes `BatchSummary` deterministically (sorted keys, two-space indent).
///
/// JSON has no infinity: an infinite threshold (TransitionTreasury's `v_th`, velocity ignored)
/// is written as the string `"inf"`, as in parameter files.
enum BatchJSON {
    static let nonFinite = (positive: "inf", negative: "-inf", nan: "nan")

    /// Throws `CLIError.internalError` (exit 70) if encoding fails, which plain value types
    /// with every double finite or converted should never do.
    static func encode(_ summary: BatchSummary) throws(CLIError) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: nonFinite.positive, negativeInfinity: nonFinite.negative,
            nan: nonFinite.nan)
        let data: Data
        do {
            data = try encoder.encode(summary)
        } catch {
            throw .internalError("cannot encode the batch summary: \(error)")
        }
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    static func decode(_ data: Data) throws -> BatchSummary {
        let decoder = JSONDecoder()
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(
            positiveInfinity: nonFinite.positive, negativeInfinity: nonFinite.negative,
            nan: nonFinite.nan)
        return try decoder.decode(BatchSummary.self, from: data)
    }

    /// The summary at `path`, or in `data` when the file was read already (a pipe).
    static func read(_ path: String, data given: Data? = nil) throws(CLIError) -> BatchSummary {
        let data: Data
        if let given {
            data = given
        } else {
            do { data = try InputFile.read(path) } catch {
                throw .missingInput(path: path, reason: error.reason)
            }
        }
        if let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let schema = object["schema"] as? String, schema != BatchSummary.schemaName
        {
            throw .badInput(
                file: path, line: 0,
                message: "schema \"\(schema)\" is not \"\(BatchSummary.schemaName)\"")
        }
        do {
            let summary = try decode(data)
            guard summary.schema == BatchSummary.schemaName else {
                throw CLIError.badInput(
                    file: path, line: 0, message: "not a \(BatchSummary.schemaName) summary")
            }
            if let violation = summary.violation() {
                throw CLIError.badInput(file: path, line: 0, message: violation)
            }
            return summary
        } catch let error as CLIError {
            throw error
        } catch {
            throw .badInput(
                file: path, line: 0,
                message: "not a \(BatchSummary.schemaName) summary: \(describe(error))")
        }
    }

    private static func describe(_ error: any Error) -> String {
        DecodingProblem.message(error)
    }
}
