import Foundation
import GestureAnalysis
import GestureIO
import GestureReport
import GestureTuning

/// The command side of the verdict: the exit status a summary implies and baselines read.
extension BatchVerdict {
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
}

/// Writing and reading summary files, errors as the commands report them.
extension BatchJSON {
    /// Throws `CLIError.internalError` (exit 70) if encoding fails.
    static func encode(_ summary: BatchSummary) throws(CLIError) -> String {
        do {
            return try encoded(summary)
        } catch {
            throw .internalError("cannot encode the batch summary: \(error)")
        }
    }

    /// The summary at `path`, or in `data` when the file was read already (a pipe).
    static func read(_ path: String, data given: Data? = nil) throws(CLIError) -> BatchSummary {
        let data: Data
        if let given {
            data = given
        } else {
            do { data = try InputFile.read(path) } catch {
                throw CLIError(error, path: path)
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
