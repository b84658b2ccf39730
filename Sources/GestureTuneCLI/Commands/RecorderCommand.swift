import Foundation
import GestureCodegen
import GestureIO
import GestureReport

/// Options of `recorder`, converted.
struct RecorderOptions: Sendable {
    var platform: RecorderPlatform
    /// Folder the files are written into; nil writes them to standard output.
    var out: String?

    static func parse(_ values: OptionValues) throws(UsageError) -> RecorderOptions {
        let names = RecorderPlatform.allCases.map(\.rawValue)
        guard let name = try values.choice("platform", names),
            let platform = RecorderPlatform(rawValue: name)
        else {
            throw values.error(
                "missing required option '--platform \(names.joined(separator: "|"))'")
        }
        let out = values.string("out")
        return RecorderOptions(platform: platform, out: out == "-" ? nil : out)
    }
}

/// `gesturetune recorder`: writes the drop-in trace recorder of a platform.
enum RecorderCommand {
    /// Writes the platform's recorder files into `options.out` as one set (all or none), naming
    /// each written path on standard output; without `--out`, prints them to standard output,
    /// each after a `// ==> NAME <==` line when there are several.
    static func run(_ options: RecorderOptions, console: Console) throws(CLIError) -> Outcome {
        let files: [(name: String, contents: String)]
        do {
            files = try options.platform.files()
        } catch {
            throw .internalError("\(error)")
        }
        guard let out = options.out else {
            for file in files {
                if files.count > 1 { console.out("// ==> \(file.name) <==") }
                console.writeOut(file.contents)
            }
            return .success
        }
        let items = files.map {
            (contents: $0.contents, path: (out as NSString).appendingPathComponent($0.name))
        }
        try AtomicFile.writeAll(items)
        for item in items { console.out(item.path) }
        return .success
    }
}
