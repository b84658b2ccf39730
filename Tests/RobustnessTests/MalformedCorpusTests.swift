import Foundation
import TestSupport
import Testing

/// Runs the built binary on every row of `Malformed/manifest.tsv` (trace-format.md, "Bad input"
/// and "Exit status": the real-recording quirks, hostile
/// numbers) and checks the exit status, the message, where it points, and that nothing was
/// written.
@Suite(.enabled(if: Corpus.binaryBuilt, Corpus.notBuilt))
struct MalformedCorpusTests {
    @Test func manifestCoversEveryCorpusFile() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Corpus.folder.path)
            .filter { $0.hasSuffix(".csv") }
        let named = Set(Corpus.cases.map(\.file))
        #expect(Corpus.cases.count >= 60)
        for file in files { #expect(named.contains(file), "\(file) has no row in manifest.tsv") }
    }

    @Test(arguments: Corpus.cases)
    func corpusFile(_ c: Corpus.Case) throws {
        let path = Corpus.path(c.file)
        let scratch = try TestSupport.temporaryDirectory("gesturetune-malformed")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let result = try TestSupport.run(
            [c.command, path] + c.arguments, in: scratch, environment: Corpus.environment)
        let context =
            "manifest.tsv:\(c.manifestLine): \(c.testDescription)\nstderr:\n\(result.stderr)"

        #expect(result.status == c.status, "\(context)")
        if !c.message.isEmpty {
            #expect(result.stderr.contains(c.message), "\(context)")
        }
        let errorLines = result.stderr.split(separator: "\n").filter { $0.contains("error:") }
        if c.status == 0 {
            #expect(errorLines.isEmpty, "\(context)")
        }
        if c.status == 65 || c.status == 66 {
            // Every data error names the file, and a line unless it is about the whole file: empty,
            // no header row, unreadable, or nothing left after --lenient.
            #expect(!errorLines.isEmpty, "\(context)")
            for line in errorLines {
                #expect(
                    line.hasPrefix(path + ":"), "error line without the file: \(line)\n\(context)")
                let rest = line.dropFirst(path.count + 1)
                let hasLine = rest.first?.isNumber == true
                let wholeFile =
                    rest.hasPrefix(" error: empty file") || rest.hasPrefix(" error: no header row")
                    || rest.hasPrefix(" error: cannot read")
                    || rest.hasPrefix(" error: expected CSV text")
                    || rest.hasPrefix(" error: expected a complete")
                    || rest.hasPrefix(" error: expected a valid")
                    || rest.hasPrefix(" error: expected another")
                    || rest.hasPrefix(" error: expected a gesture left to analyse")
                #expect(
                    hasLine || wholeFile, "error line without a line number: \(line)\n\(context)")
                if c.status == 65 {
                    // ... and says what was expected and (for a row or field) what was found.
                    #expect(
                        line.contains("expected"),
                        "error line without 'expected': \(line)\n\(context)")
                    #expect(
                        wholeFile || line.contains("found"),
                        "error line without 'found': \(line)\n\(context)")
                }
            }
        }
        // Nothing from the data reaches the terminal raw (no ESC, BEL or bidi override), and no
        // message is longer than a few lines' worth.
        for text in [result.stdout, result.stderr] {
            #expect(
                !text.unicodeScalars.contains {
                    $0.value == 0x1B || $0.value == 0x07 || $0.value == 0x202E
                }, "\(context)")
        }
        for line in result.stderr.split(separator: "\n") {
            #expect(line.utf8.count <= 4_096, "a line of \(line.utf8.count) bytes\n\(context)")
        }
        // Nothing is written by validate or by analyze --no-report, whatever the outcome.
        let written = try FileManager.default.contentsOfDirectory(atPath: scratch.path)
        #expect(written.isEmpty, "wrote \(written) in the working directory\n\(context)")
    }
}
