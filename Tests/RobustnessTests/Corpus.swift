import Foundation
import TestSupport
import Testing

/// The malformed-input corpus (`Tests/RobustnessTests/Malformed`) and its manifest.
enum Corpus {
    /// The corpus folder.
    static let folder = TestSupport.packageRoot.appendingPathComponent(
        "Tests/RobustnessTests/Malformed")

    /// The absolute path of corpus file `name`.
    static func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

    /// One run of the binary that `manifest.tsv` describes.
    struct Case: Sendable, CustomTestStringConvertible {
        var file: String
        var command: String
        var arguments: [String]
        var status: Int32
        var message: String
        var manifestLine: Int

        var testDescription: String {
            "\(command) \(file)\(arguments.isEmpty ? "" : " " + arguments.joined(separator: " ")) → \(status)"
        }
    }

    /// The rows of `manifest.tsv`: tab-separated file, command, args ('-' for none), exit
    /// status, expected standard-error substring. Lines starting with `#` are comments.
    static let cases: [Case] = {
        guard
            let text = try? String(
                contentsOf: folder.appendingPathComponent("manifest.tsv"), encoding: .utf8)
        else { return [] }
        var cases: [Case] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false)
            .enumerated()
        {
            if line.isEmpty || line.hasPrefix("#") { continue }
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(
                String.init)
            precondition(
                fields.count == 5,
                "manifest.tsv:\(index + 1): expected 5 tab-separated fields, found \(fields.count)")
            cases.append(
                Case(
                    file: fields[0], command: fields[1],
                    arguments: fields[2] == "-"
                        ? [] : fields[2].split(separator: " ").map(String.init),
                    status: Int32(fields[3])!, message: fields[4], manifestLine: index + 1))
        }
        return cases
    }()

    /// The environment of every run: no Swift runtime backtracer on a crash. A crashing binary
    /// is detected by its status; the backtracer would take seconds, and under AddressSanitizer it
    /// trips ASan in its memory server and then hangs holding the test's pipes open.
    static let environment = ["SWIFT_BACKTRACE": "enable=no"]

    static var binaryBuilt: Bool { TestSupport.binaryPath != nil }
    static let notBuilt: Comment =
        "the gesturetune binary is not built (swift build, or set GESTURETUNE_BIN): skipped"
}
