import Foundation
import GestureReport

/// Writes the report folder atomically and registers its staging folder with
/// `TemporaryOutputs`, so an interrupt removes it.
///
/// `ReportWriter` writes into a staging folder `<out>/.<name>.staging-XXXXXX` (a unique
/// `mkdtemp` name, so runs in other processes or containers sharing `out` never collide), then
/// the finished report is swapped in: the previous report renamed aside to a unique
/// `.<name>.old-XXXXXX`, the new one renamed into place, the old one removed. The swap runs
/// under the interrupt lock and is retried when a concurrent run put its report in place in
/// between, so of runs finishing together the last one wins and no hidden folder is left.
enum ReportOutput {
    /// Swap attempts before giving up when concurrent runs keep replacing the report.
    static let swapAttempts = 20

    static func write(_ model: ReportModel, params: String, out: String, name: String) throws(CLIError) -> String {
        let fm = FileManager.default
        var isDir: ObjCBool = false
        if fm.fileExists(atPath: out, isDirectory: &isDir), !isDir.boolValue {
            throw .cannotCreate(path: out, reason: "not a folder")
        }
        do {
            try fm.createDirectory(atPath: out, withIntermediateDirectories: true)
        } catch {
            throw .cannotCreate(path: out, reason: AtomicFile.describe(error))
        }
        let finalPath = (out as NSString).appendingPathComponent(name)
        if fm.fileExists(atPath: finalPath, isDirectory: &isDir), !isDir.boolValue {
            throw .cannotCreate(path: finalPath, reason: "a file of that name is in the way")
        }
        let stage: String
        switch TemporaryOutputs.createFolder(in: out, name: name, label: "staging") {
        case .success(let path): stage = path
        case .failure(let failure): throw .cannotCreate(path: finalPath, reason: failure.reason)
        }
        defer {
            try? fm.removeItem(atPath: stage)
            TemporaryOutputs.unregister(stage)
        }
        let written: GestureReport.ReportOutput
        do {
            written = try ReportWriter.write(model, to: stage, name: name, params: params)
        } catch {
            switch error {
            case .invalidName(let n): throw .cannotCreate(path: finalPath, reason: "invalid report name '\(n)': use a plain folder name")
            case .cannotCreate(_, let reason), .cannotWrite(_, let reason), .cannotReplace(_, let reason):
                throw .cannotCreate(path: finalPath, reason: reason)
            }
        }
        var asides: [String] = []
        defer {
            for old in asides {
                try? fm.removeItem(atPath: old)
                TemporaryOutputs.unregister(old)
            }
        }
        for _ in 0..<swapAttempts {
            let placed = try TemporaryOutputs.locked { (set: inout Set<String>) throws(CLIError) -> Bool in
                if rename(written.folder, finalPath) == 0 { return true }
                guard errno == ENOTEMPTY || errno == EEXIST else {
                    throw .cannotCreate(path: finalPath, reason: "cannot move the report into place: \(String(cString: strerror(errno)))")
                }
                // A previous report is in place: rename it aside (onto an empty unique folder,
                // which rename(2) replaces), then try again.
                var template = Array((out + "/.\(String(name.prefix(100))).old-XXXXXX").utf8CString)
                guard template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) != nil else {
                    throw .cannotCreate(path: finalPath, reason: "cannot move the previous report aside: \(String(cString: strerror(errno)))")
                }
                let away = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
                set.insert(away)
                asides.append(away)
                if rename(finalPath, away) != 0, errno != ENOENT {
                    throw .cannotCreate(path: finalPath, reason: "cannot move the previous report aside: \(String(cString: strerror(errno)))")
                }
                return rename(written.folder, finalPath) == 0
            }
            if placed { return finalPath }
        }
        throw .cannotCreate(path: finalPath, reason: "cannot move the report into place: other runs kept replacing it")
    }
}
