import Foundation
import TestSupport
import Testing

@Suite(.enabled(if: EndToEnd.binaryBuilt, EndToEnd.notBuilt))
struct CommandLineEndToEndTests {
    @Test func versionAndHelp() throws {
        let v = try EndToEnd.run(["--version"])
        #expect(v.status == 0 && v.stdout == "0.1.0\n" && v.stderr == "")
        for command in ["analyze", "batch", "merge", "validate", "simulate"] {
            let h = try EndToEnd.run([command, "--help"])
            #expect(h.status == 0, "\(command)")
            #expect(h.stdout.contains("USAGE: gesturetune \(command)"), "\(command)")
            #expect(h.stdout.contains("(default: "), "\(command)")
            #expect(h.stderr == "")
        }
    }

    @Test func usageErrorsExit64WithUsageAndHint() throws {
        let r = try EndToEnd.run(["batch", "traces", "--params", "ionic", "--jbos", "2"])
        #expect(r.status == 64)
        #expect(r.stdout == "")
        #expect(
            r.stderr
                == "Error: unknown option '--jbos'; did you mean '--jobs'?\nUsage: gesturetune batch PATH... --params FILE|PRESET [options]\nSee 'gesturetune batch --help'.\n"
        )
        let c = try EndToEnd.run(["valdate", "x.csv"])
        #expect(c.status == 64)
        #expect(c.stderr.hasPrefix("Error: unknown command 'valdate'; did you mean 'validate'?\n"))
    }

    @Test func validateCleanFile() throws {
        let dir = try Traces.corpus(["clean.csv": Traces.csv(Traces.clear)])
        let r = try EndToEnd.run(["validate", "clean.csv"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(
            r.stdout
                == "clean.csv: \(Traces.csv(Traces.clear).split(separator: "\n").count - 1) rows, 6 gestures; ok\n"
        )
        #expect(r.stderr == "")
    }

    @Test func validateBrokenFileListsEveryProblem() throws {
        // Line 4: a bad number; line 7: a row with a missing field; the rest is fine.
        let broken = """
            gesture,t,x,y,phase
            g1,0.000,20,300,began
            g1,0.016,30,300,moved
            g1,0.033,abc,300,moved
            g1,0.050,50,300,ended
            g2,1.000,20,300,began
            g2,1.016,30,300
            g2,1.033,40,300,moved
            g2,1.050,50,300,ended

            """
        let dir = try Traces.corpus(["broken.csv": broken, "clean.csv": Traces.csv(Traces.clear)])
        let r = try EndToEnd.run(["validate", "clean.csv", "broken.csv"], in: dir)
        #expect(r.status == 65)
        let errors = r.stderr.split(separator: "\n").map(String.init)
        #expect(errors.count == 2, "\(r.stderr)")
        #expect(errors.first?.hasPrefix("broken.csv:4: error: column \"x\"") == true, "\(r.stderr)")
        #expect(errors.last?.hasPrefix("broken.csv:7: error: ") == true, "\(r.stderr)")
        let summaries = r.stdout.split(separator: "\n").map(String.init)
        #expect(summaries.count == 2)
        #expect(summaries.first?.hasSuffix("; ok") == true)
        #expect(summaries.last?.hasPrefix("broken.csv: ") == true)
        #expect(summaries.last?.hasSuffix("; 2 problems") == true, "\(r.stdout)")
    }

    @Test func validateProblemLimit() throws {
        var text = "gesture,t,x,y,phase\ng1,0,0,0,began\n"
        for i in 1...8 { text += "g1,\(Double(i) / 60),bad,0,moved\n" }
        text += "g1,1,9,0,ended\n"
        let dir = try Traces.corpus(["many.csv": text])
        let r = try EndToEnd.run(["validate", "many.csv", "--max-problems", "3"], in: dir)
        #expect(r.status == 65)
        let lines = r.stderr.split(separator: "\n").map(String.init)
        #expect(lines.count == 4, "\(r.stderr)")
        #expect(lines.last == "many.csv: note: and 5 more problems")
    }

    /// Rows ending in a delimiter the header lacks stop analyze (strict), so validate reports
    /// them too: once, at the first such row, with the count on the summary line.
    @Test func validateReportsTrailingDelimitersAsAnalyzeDoes() throws {
        let clean = Traces.csv(Traces.clear).split(separator: "\n").map(String.init)
        let trailing =
            ([clean[0]] + clean.dropFirst().map { $0 + "," }).joined(separator: "\n") + "\n"
        let dir = try Traces.corpus(["trailing.csv": trailing])
        let message =
            "trailing.csv:2: error: expected 7 fields as in the header, found 8, the last one empty: a trailing delimiter the header does not have (--lenient reads such rows)"
        let v = try EndToEnd.run(["validate", "trailing.csv"], in: dir)
        #expect(v.status == 65)
        #expect(v.stderr == message + "\n")
        #expect(
            v.stdout.hasSuffix(
                "6 gestures; 1 problem (\(clean.count - 1) rows with a trailing delimiter)\n"),
            "\(v.stdout)")
        let a = try EndToEnd.run(["analyze", "trailing.csv", "--no-report"], in: dir)
        #expect(a.status == 65)
        #expect(a.stderr == message + "\n")
        #expect(
            try EndToEnd.run(["analyze", "trailing.csv", "--no-report", "--lenient"], in: dir)
                .status == 0)
    }

    /// Public datasets' layouts: the header is recognised and the preset named.
    @Test func presetLayoutIsSuggested() throws {
        let header =
            "phone ID,user ID,doc ID,time[ms],action,phone orientation,x-coordinate,y-coordinate,pressure,area covered,finger orientation"
        let rows = [
            "1,1,1,1336645451340,0,1,300,600,0.5,0.03,0",
            "1,1,1,1336645451357,2,1,300,580,0.5,0.03,0",
            "1,1,1,1336645451374,2,1,300,560,0.5,0.03,0",
            "1,1,1,1336645451391,1,1,300,540,0.5,0.03,0",
        ]
        let dir = try Traces.corpus(["touch.csv": ([header] + rows).joined(separator: "\n") + "\n"])
        let r = try EndToEnd.run(["validate", "touch.csv"], in: dir)
        #expect(r.status == 65)
        #expect(r.stderr.hasPrefix("touch.csv:1: error: missing time column: "), "\(r.stderr)")
        #expect(
            r.stderr.hasSuffix("; this is the touchalytics layout: use --preset touchalytics\n"),
            "\(r.stderr)")
        let ok = try EndToEnd.run(["validate", "touch.csv", "--preset", "touchalytics"], in: dir)
        #expect(ok.status == 0, "\(ok.stderr)")
        #expect(ok.stdout == "touch.csv: 4 rows, 1 gesture; ok\n")
    }

    @Test func validateMissingFileIs66() throws {
        let dir = try TestSupport.temporaryDirectory()
        let r = try EndToEnd.run(["validate", "absent.csv"], in: dir)
        #expect(r.status == 66)
        #expect(r.stderr.hasPrefix("absent.csv: error: "))
    }

    /// A malformed file stops analyze with 65 and a `file:line:` message, before anything is written.
    @Test func analyzeMalformedFileWritesNothing() throws {
        let dir = try Traces.corpus(["bad.csv": Traces.malformed])
        let out = dir.appendingPathComponent("out")
        let r = try EndToEnd.run(["analyze", "bad.csv", "--out", out.path], in: dir)
        #expect(r.status == 65)
        #expect(r.stderr.contains("bad.csv:4: error: column \"x\""), "\(r.stderr)")
        #expect(EndToEnd.listing(out) == [])
    }

    @Test func standardInputIsDash() throws {
        let r = try TestSupport.run(["validate", "-"], stdin: Data(Traces.csv(Traces.clear).utf8))
        #expect(r.status == 0, "\(r.stderr)")
        #expect(
            r.stdout
                == "<stdin>: \(Traces.csv(Traces.clear).split(separator: "\n").count - 1) rows, 6 gestures; ok\n"
        )
    }
}
