import Foundation
import GesturePhysics
import GestureTrace
import TestSupport

@testable import GestureReport

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Test fixtures: the library's synthetic model, optionally with hostile ids.
enum Fixture {
    /// Ids that must be escaped everywhere: markup, quotes, ampersands, Markdown punctuation.
    static let hostileIDs = [
        "<script>alert('x')</script>", "a\"b'c&d", "|pipe|*star*_under_",
        "]]></svg><svg onload=alert(1)>",
        "line\nbreak", "&amp; already", "`tick`", "# heading",
    ]

    static func model(count: Int = 300, labelled: Bool = true, hostile: Bool = false) -> ReportModel
    {
        var m = ReportModel.synthetic(gestureCount: count, labelled: labelled) { i in
            hostile && i < hostileIDs.count ? hostileIDs[i] : "g\(i + 1)"
        }
        if hostile {
            m.name = "swipe <&> \"report\""
            m.summary.files = ["traces/<evil>&\"x\".csv"]
            m.summary.ignoredColumns = ["<col>"]
            // A warning carrying text from the input (`population`), with markup in it.
            m.summary.warnings.append(
                .tuning(
                    .defaultExtent(
                        direction: .right, extent: 390, count: 1, total: 2,
                        population: "warning with <b>markup</b> & \"quotes\"")))
        }
        return m
    }

    /// A folder for a test's files (removed by the OS's temporary cleanup).
    static func directory(_ name: String) throws -> URL {
        try TestSupport.temporaryDirectory("report-\(name)")
    }
}

/// Running Python 3 for the checks that use nbformat, nbclient and html parsing.
enum Python {
    typealias Result = TestSupport.RunResult

    /// python3 as found on PATH (pyenv shims included), else /usr/bin/python3.
    static let executable: String? = {
        let r = try? run(["/bin/sh", "-c", "command -v python3"])
        let path = r?.stdout.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        if !path.isEmpty { return path }
        return FileManager.default.isExecutableFile(atPath: "/usr/bin/python3")
            ? "/usr/bin/python3" : nil
    }()

    /// True when python3 imports every module in `modules`.
    static func has(_ modules: [String]) -> Bool {
        guard let py = executable else { return false }
        let r = try? run([py, "-c", "import " + modules.joined(separator: ", ")])
        return r?.status == 0
    }

    static func script(
        _ code: String, arguments: [String] = [], in directory: URL? = nil,
        timeout: TimeInterval = 300
    ) throws -> Result {
        guard let py = executable else {
            return Result(status: 127, stdout: "", stderr: "python3 not found")
        }
        return try run([py, "-c", code] + arguments, in: directory)
    }

    static func run(_ argv: [String], in directory: URL? = nil) throws -> Result {
        try TestSupport.runProcess(argv, in: directory)
    }
}

/// Well-formedness check with Foundation's XMLParser.
final class XMLCheck: NSObject, XMLParserDelegate {
    var elements: [String] = []
    var error: String?

    static func parse(_ text: String) -> XMLCheck {
        let c = XMLCheck()
        let parser = XMLParser(data: Data(text.utf8))
        parser.delegate = c
        if !parser.parse() { c.error = parser.parserError.map { "\($0)" } ?? "unknown parse error" }
        return c
    }

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
        qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]
    ) {
        elements.append(elementName)
    }
}
