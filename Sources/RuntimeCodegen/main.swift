// `make runtimes`: writes the Kotlin and JavaScript runtimes' generated tables and the
// conformance cases from the Swift runtime and engine (GestureCodegen's RuntimeTables and
// RuntimeConformance), into the package given as the argument (default: the current folder).
import Foundation
import GestureCodegen

let root = URL(
    fileURLWithPath: CommandLine.arguments.count > 1 ? CommandLine.arguments[1] : ".",
    isDirectory: true)
let files = RuntimeTables.files()
do {
    for (path, contents) in files {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(contents.utf8).write(to: url, options: .atomic)
        print("wrote \(path)")
    }
} catch {
    FileHandle.standardError.write(Data("RuntimeCodegen: \(error)\n".utf8))
    exit(1)
}
