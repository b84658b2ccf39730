import Foundation
import TestSupport
import Testing

/// `batch --params` on each generated snippet gates as `batch --params params.json` (the same
/// lines, but for the name of the parameter file), and a broken parameters block stops the run
/// with exit 65 naming the file and line.
@Suite(.enabled(if: EndToEnd.binaryBuilt, EndToEnd.notBuilt))
struct SnippetParamsEndToEndTests {
    @Test(.enabled(if: AnalyzeSupport.sampleExists))
    func batchOnEachSnippetEqualsBatchOnParamsJSON() throws {
        let dir = try TestSupport.temporaryDirectory("snippet-params")
        let sample = AnalyzeSupport.sample.path
        let analyze = try EndToEnd.run([
            "analyze", sample, "--out", dir.path, "--resamples", "0", "--name", "s",
        ])
        try #require(analyze.status == 0, "\(analyze.stderr)")
        let report = dir.appendingPathComponent("s")
        let params = report.appendingPathComponent("params.json").path
        func batch(_ parameters: String) throws -> (Int32, String, String) {
            let json = dir.appendingPathComponent("summary.json").path
            let r = try EndToEnd.run([
                "batch", sample, "--params", parameters, "--max-error", "0.5", "--json", json,
            ])
            let summary = try String(contentsOfFile: json, encoding: .utf8)
            return (
                r.status, r.stdout.replacingOccurrences(of: parameters, with: "PARAMS"),
                summary.replacingOccurrences(of: parameters, with: "PARAMS")
            )
        }
        let reference = try batch(params)
        #expect(reference.0 == 0)
        let snippets = [
            "uikit/PopInteraction.swift", "uikit/InterruptibleSpringPan.swift",
            "swiftui/DragTransition.swift", "android/DragTransition.kt", "web/drag-transition.js",
        ]
        for name in snippets {
            let path = report.appendingPathComponent("snippets/" + name).path
            let r = try batch(path)
            #expect(r.0 == reference.0 && r.1 == reference.1, "\(name): \(r.1)")
            #expect(r.2 == reference.2, "\(name)")
        }
        // What people do to a pasted block: rename the declaration, mark it private, add a
        // conformance, make Kotlin values `const`, export the JS class by default, add doc
        // comments and tabs, save with CRLF line ends. Each still gates as params.json.
        func variant(_ name: String, crlf: Bool = false, _ rewrite: (String) -> String) throws {
            let source = try String(
                contentsOf: report.appendingPathComponent("snippets/" + name), encoding: .utf8)
            var text = rewrite(source)
            #expect(
                text != source && text.contains("Renamed"), "\(name): the rewrite found nothing")
            if crlf { text = text.replacingOccurrences(of: "\n", with: "\r\n") }
            let url = dir.appendingPathComponent(
                "variant-" + name.replacingOccurrences(of: "/", with: "-"))
            try Data(text.utf8).write(to: url)
            let r = try batch(url.path)
            #expect(r.0 == reference.0 && r.1 == reference.1, "\(name) variant: \(r.1)")
        }
        try variant("uikit/PopInteraction.swift", crlf: true) {
            $0.replacingOccurrences(
                of: "enum STuning {", with: "@MainActor private enum Renamed: Sendable { // tuned"
            )
            .replacingOccurrences(
                of: "    static let ", with: "    /// A value.\n    fileprivate static let ")
        }
        try variant("android/DragTransition.kt") {
            $0.replacingOccurrences(of: "object STuning {", with: "internal object Renamed {")
                .replacingOccurrences(
                    of: "    val progressThreshold: Double",
                    with: "    const val progressThreshold: Double"
                )
                .replacingOccurrences(
                    of: "    val rule: String", with: "    private const val rule: String"
                )
                .replacingOccurrences(
                    of: "    val direction", with: "\t/** The direction. */\n\tconst val direction")
        }
        try variant("web/drag-transition.js") {
            $0.replacingOccurrences(
                of: "export class STuning {", with: "export default class Renamed {")
        }
        // An edited line: exit 65, the file and the line.
        let kotlin = report.appendingPathComponent("snippets/android/DragTransition.kt")
        let text = try String(contentsOf: kotlin, encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let index = try #require(lines.firstIndex { $0.contains("    val rule: String = ") })
        var edited = lines.map(String.init)
        edited[index] = "    val rule: String = pick()"
        try Data(edited.joined(separator: "\n").utf8).write(to: kotlin)
        let broken = try EndToEnd.run(["batch", sample, "--params", kotlin.path])
        #expect(broken.status == 65)
        #expect(
            broken.stderr.contains(
                "\(kotlin.path):\(index + 1): error: expected a line 'name = value' of the parameters block, found val rule: String = pick()"
            ), "\(broken.stderr)")
        // No block at all.
        try Data("// nothing here\n".utf8).write(to: kotlin)
        let missing = try EndToEnd.run(["batch", sample, "--params", kotlin.path])
        #expect(missing.status == 65)
        #expect(
            missing.stderr.contains("\(kotlin.path):1: error: expected a parameters block"),
            "\(missing.stderr)")
    }

    /// `--estimator platform` reads the trace's `vx, vy`: a file without them is an error at its
    /// header line (exit 65) in every command, not a silent fallback to lsq2.
    @Test(.enabled(if: AnalyzeSupport.sampleExists))
    func platformEstimatorWithoutVelocityColumnsIsAnError() throws {
        let sample = AnalyzeSupport.sample.path
        let expected =
            "\(sample):1: error: --estimator platform: expected the platform's velocity columns \"vx\" and \"vy\", found columns \"gesture\", \"t\", \"x\", \"y\", \"phase\", \"intent\", \"width\""
        for arguments in [
            ["measure", sample, "--estimator", "platform"],
            ["batch", sample, "--params", "ionic", "--estimator", "platform"],
            ["analyze", sample, "--estimator", "platform", "--no-report", "--resamples", "0"],
        ] {
            let r = try EndToEnd.run(arguments)
            #expect(r.status == 65, "\(arguments[0]): \(r.stderr)")
            #expect(r.stderr.contains(expected), "\(arguments[0]): \(r.stderr)")
        }
    }
}
