import Foundation
import GestureIO
import GestureReport

/// Writes the report folder with `ReportWriter` (atomic, registered with `TemporaryOutputs`
/// so an interrupt removes its staging folder) and turns its errors into the command's: every
/// one is an output that cannot be created (73), a folder that is not a report or that holds
/// an input of the run included.
enum ReportFolderOutput {
    static func write(
        _ model: ReportModel, params: String, out: String, name: String, inputs: [String] = []
    ) throws(CLIError) -> String {
        let finalPath = (out as NSString).appendingPathComponent(name)
        do {
            return try ReportWriter.write(
                model, to: out, name: name, params: params, inputs: inputs
            ).folder
        } catch {
            switch error {
            case .invalidName(let n):
                throw .cannotCreate(
                    path: finalPath, reason: "invalid report name '\(n)': use a plain folder name")
            case .cannotCreate(let path, let reason) where path == out:
                throw .cannotCreate(path: out, reason: reason)
            case .cannotCreate(_, let reason), .cannotWrite(_, let reason),
                .cannotReplace(_, let reason):
                throw .cannotCreate(path: finalPath, reason: reason)
            }
        }
    }

    /// Refuses (73) to write a report at `<out>/<name>` over anything but a report folder
    /// holding none of `inputs`: checked before the run does its work, and again by the writer.
    static func check(out: String, name: String, inputs: [String]) throws(CLIError) {
        let finalPath = (out as NSString).appendingPathComponent(name)
        if let reason = ReportWriter.refusal(at: finalPath, inputs: inputs) {
            throw .cannotCreate(path: finalPath, reason: reason)
        }
    }
}
