import Foundation
import GesturePhysics
import GestureTuning
import TestSupport
import Testing

@testable import GestureCodegen
@testable import GestureReport

/// The parameters block every snippet carries: written from a parameter set, read back by
/// `ParameterSet.decodeSource` (what `batch --params Snippet.swift` uses) as the same set, and
/// every broken block an error naming the file and the line.
@Suite struct SnippetParametersBlockTests {
    static func sets() -> [ParameterSet] {
        var full = ParameterSet(
            rule: .projection(progress: 0.43, tau: 0.44), direction: .left,
            preset: "my \"preset\" $x é\u{1F600}",
            extent: 402.5, completionSpeed: 1.09, transitionDuration: 0.3, fingerSpeedCap: 0.41,
            spring: .init(dampingRatio: 0.8, response: 0.31), edgeWidth: 19.5,
            directionLockAngle: 28.75)
        full.estimator = .impulse
        full.horizon = 0.08
        full.maxSamples = 12
        full.maxGap = 0.03
        full.slop = 12
        return [
            full,
            ParameterSet(rule: .threshold(progress: 0.3, velocity: .infinity), direction: .down),
            ParameterSet(rule: .forward(progress: 1.01, velocity: 0), direction: .up),
            ParameterSet(rule: .kinematic(distance: 187.5, duration: 0.35)),
            ParameterSet(rule: .logistic(b0: -4.1, b1: 8.9, b2: 2.2), direction: .right),
        ]
    }

    @Test func everySnippetReadsBackAsItsSet() throws {
        for set in Self.sets() {
            var values = SnippetTemplateTests.values(set.rule, set.direction)
            values.parameterSet = set
            for file in try SnippetTemplates.files(values) {
                let read = try ParameterSet.decodeSource(file.contents, path: file.name)
                #expect(read.hasSameFileContents(as: set), "\(set.rule) \(file.name)")
                #expect(read.preset == set.preset && read.rule == set.rule, "\(file.name)")
                // Saved with CRLF line ends (a Windows checkout): read as its LF form.
                let crlf = file.contents.replacingOccurrences(of: "\n", with: "\r\n")
                let readCRLF = try ParameterSet.decodeSource(crlf, path: file.name)
                #expect(readCRLF.hasSameFileContents(as: set), "CRLF \(set.rule) \(file.name)")
            }
        }
    }

    static let path = "snippets/web/drag-transition.js"

    static func block() throws -> String {
        var values = SnippetTemplateTests.values(.projection(progress: 0.43, tau: 0.44), .right)
        values.parameterSet = sets()[0]
        return try SnippetTemplates.render("web/drag-transition.js", values)
    }

    /// The 1-based line of the first line containing `text`.
    static func line(of text: String, in source: String) -> Int {
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
        return (lines.firstIndex { $0.contains(text) } ?? -1) + 1
    }

    func error(_ source: String) -> String {
        do {
            _ = try ParameterSet.decodeSource(source, path: Self.path)
            return "no error"
        } catch {
            return error.description
        }
    }

    @Test func brokenBlocksNameTheFileAndLine() throws {
        let source = try Self.block()
        let tau = Self.line(of: "static tau = ", in: source)
        let end = Self.line(of: "// gesturetune:parameters end", in: source)
        let begin = Self.line(of: "// gesturetune:parameters begin", in: source)
        #expect(tau > begin && end > tau)
        // An expression instead of a literal.
        #expect(
            error(
                source.replacingOccurrences(
                    of: "static tau = 0.44;", with: "static tau = 0.44 * 2;"))
                == "\(Self.path):\(tau): expected a line 'name = value' of the parameters block, found static tau = 0.44 * 2;"
        )
        // A value out of bounds, reported at its own line.
        #expect(
            error(source.replacingOccurrences(of: "static tau = 0.44;", with: "static tau = -1;"))
                .hasPrefix("\(Self.path):\(tau): key \"tau\": expected"))
        // A missing line, at the end marker.
        #expect(
            error(source.replacingOccurrences(of: "  static tau = 0.44;\n", with: ""))
                == "\(Self.path):\(end - 1): missing key \"tau\"")
        // An unknown name and a key of another rule.
        #expect(
            error(
                source.replacingOccurrences(of: "static tau = 0.44;", with: "static taus = 0.44;"))
                == "\(Self.path):\(tau): unknown key \"taus\" (did you mean \"tau\"?)")
        #expect(
            error(
                source.replacingOccurrences(
                    of: "static tau = 0.44;", with: "static velocityThreshold = 0.44;"))
                == "\(Self.path):\(tau): key \"velocityThreshold\" does not apply to rule \"projection\""
        )
        // A name twice.
        #expect(
            error(
                source.replacingOccurrences(
                    of: "  static tau = 0.44;\n",
                    with: "  static tau = 0.44;\n  static tau = 0.5;\n"))
                == "\(Self.path):\(tau + 1): key \"tau\": expected once, found a second time")
        // No block, no end marker, two blocks.
        #expect(
            error("const x = 1;\n")
                == "\(Self.path):1: expected a parameters block between \"// gesturetune:parameters begin\" and \"// gesturetune:parameters end\", found none"
        )
        #expect(
            error(source.replacingOccurrences(of: "// gesturetune:parameters end", with: ""))
                == "\(Self.path):\(begin): expected \"// gesturetune:parameters end\" after this line, found none"
        )
        #expect(
            error(source + "\n// gesturetune:parameters begin\n")
                .hasPrefix(
                    "\(Self.path):\(source.split(separator: "\n", omittingEmptySubsequences: false).count + 1): expected one parameters block"
                ))
        // A gate value out of bounds, at its own line.
        let slop = Self.line(of: "static slop = ", in: source)
        #expect(
            error(
                source.replacingOccurrences(of: "static slop = 12.0;", with: "static slop = -1.0;")
            )
            .hasPrefix("\(Self.path):\(slop): key \"gate.slop\": expected"))
        // A spring with one half unset, at the other half's line.
        let response = Self.line(of: "static springResponse = ", in: source)
        #expect(
            error(
                source.replacingOccurrences(
                    of: "static springResponse = 0.31;", with: "static springResponse = null;")
            )
            .hasPrefix("\(Self.path):"))
        #expect(response > 0)
    }
}
