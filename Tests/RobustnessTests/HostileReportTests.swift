import Foundation
import TestSupport
import Testing

/// Hostile numbers end to end: `analyze` writes a full report for each
/// hostile corpus file, and nothing NaN or infinite reaches it: every JSON file it wrote parses
/// as strict JSON with only finite numbers and no "nan"/"NaN"/"Infinity" token, and the text
/// summary on standard output names no NaN either.
@Suite(.enabled(if: Corpus.binaryBuilt, Corpus.notBuilt))
struct HostileReportTests {
    static let runs: [[String]] =
        HostileNumberTests.files.map { [$0] } + [
            ["hostile-backwards-only.csv", "--extent", "4.9e-324"],
            ["hostile-backwards-only.csv", "--extent", "1e300"],
            ["hostile-huge-coordinates.csv", "--direction", "up", "--estimator", "impulse"],
            ["hostile-time-overflow.csv", "--direction", "left", "--format", "json"],
            ["hostile-extent.csv", "--format", "markdown"],
        ]

    /// The numbers anywhere in a parsed JSON value that are not finite, with their key paths.
    static func nonFinite(_ value: Any, path: String = "$") -> [String] {
        switch value {
        case let dictionary as [String: Any]:
            return dictionary.flatMap { nonFinite($0.value, path: "\(path).\($0.key)") }
        case let array as [Any]:
            return array.enumerated().flatMap {
                nonFinite($0.element, path: "\(path)[\($0.offset)]")
            }
        case let number as NSNumber:
            return number.doubleValue.isFinite ? [] : ["\(path) = \(number)"]
        case let string as String:
            return ["nan", "-nan", "+nan"].contains(string.lowercased())
                ? ["\(path) = \"\(string)\""] : []
        default:
            return []
        }
    }

    /// A bare NaN or infinity token outside strings (`NaN`, `Infinity`, `-Infinity`, `nan`, `inf`).
    static func hasBareNonFiniteToken(_ text: String) -> Bool {
        text.range(
            of: #"(^|[\[:,\s])-?(NaN|nan|Infinity|infinity|inf|Inf)(?=[\s,\]\}]|$)"#,
            options: .regularExpression) != nil
    }

    @Test(arguments: runs)
    func reportHasNoNaN(_ arguments: [String]) throws {
        try check(arguments)
    }

    /// Regression test for finding 1 (fixed in ReportFigures.series): a velocity ratio of ~1e298 (extent 1e300 makes the
    /// progress velocity ~1e-298 progress/s) must land in the last histogram bin, not trap.
    @Test func hugeVelocityRatioDoesNotTrap() throws {
        let scratch = try TestSupport.temporaryDirectory("gesturetune-hostile")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let out = scratch.appendingPathComponent("out")
        let result = try TestSupport.run(
            [
                "analyze", Corpus.path("hostile-backwards-only.csv"), "--extent", "1e300", "--out",
                out.path, "--name", "r",
            ],
            in: scratch, environment: Corpus.environment)
        #expect(result.status == 0, "\(result.stderr.prefix(400))")
        // A trap leaves the staging folder behind; a clean run leaves only the report.
        let left = (try? FileManager.default.contentsOfDirectory(atPath: out.path)) ?? []
        #expect(left == ["r"], "left in the output folder: \(left)")
    }

    func check(_ arguments: [String]) throws {
        let scratch = try TestSupport.temporaryDirectory("gesturetune-hostile")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let out = scratch.appendingPathComponent("out")
        let result = try TestSupport.run(
            ["analyze", Corpus.path(arguments[0])] + arguments.dropFirst() + [
                "--out", out.path, "--name", "hostile",
            ],
            in: scratch, environment: Corpus.environment)
        #expect(result.status == 0, "\(arguments)\n\(result.stderr)")
        #expect(!Self.hasBareNonFiniteToken(result.stdout), "stdout:\n\(result.stdout)")
        #expect(
            !result.stdout.contains("NaN") && !result.stdout.lowercased().contains("nan "),
            "stdout:\n\(result.stdout)")

        let files =
            FileManager.default.enumerator(atPath: out.path)?.compactMap { $0 as? String } ?? []
        let json = files.filter { $0.hasSuffix(".json") || $0.hasSuffix(".ipynb") }
        #expect(files.contains { $0.hasSuffix("report.json") }, "no report.json among \(files)")
        for name in json {
            let data = try Data(contentsOf: out.appendingPathComponent(name))
            let text = String(decoding: data, as: UTF8.self)
            #expect(!Self.hasBareNonFiniteToken(text), "\(name) has a NaN/Infinity token")
            let object = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
            let bad = Self.nonFinite(object)
            #expect(bad.isEmpty, "\(name): \(bad.prefix(10))")
        }
        for name in files
        where name.hasSuffix(".html") || name.hasSuffix(".md") || name.hasSuffix(".svg") {
            let text = try String(contentsOf: out.appendingPathComponent(name), encoding: .utf8)
            // A number shown as NaN, not the snippets' code that tests for one (`isNaN`).
            #expect(
                text.range(of: #"(?<![A-Za-z_])NaN"#, options: .regularExpression) == nil,
                "\(name) shows NaN")
        }
    }

    @Test func bareTokenDetector() {
        #expect(Self.hasBareNonFiniteToken(#"{"a": NaN}"#))
        #expect(Self.hasBareNonFiniteToken(#"[1, -Infinity]"#))
        #expect(Self.hasBareNonFiniteToken("rate: nan\n"))
        #expect(
            !Self.hasBareNonFiniteToken(#"{"inflection": 1, "name": "nanami", "threshold": "inf"}"#)
        )
    }
}
