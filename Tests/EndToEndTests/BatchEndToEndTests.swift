import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite(.enabled(if: EndToEnd.binaryBuilt, EndToEnd.notBuilt))
struct BatchEndToEndTests {
    /// pass.csv and sub/pass2.csv pass (0 of 6 misdecided), fail.csv fails (2 of 6 = 33% > 5%),
    /// unlabelled.csv is skipped, malformed.csv is an error case: status 65, and every output
    /// is written with the right verdicts.
    @Test func mixedCorpusGivesStatusJUnitAndJSON() throws {
        let dir = try Traces.mixedCorpus(malformed: true)
        let r = try EndToEnd.run(
            [
                "batch", "traces", "--params", "flutter-cupertino", "--max-error", "0.05",
                "--junit", "out/junit.xml", "--json", "out/summary.json",
            ],
            in: dir)
        #expect(r.status == 65, "\(r.stderr)")
        #expect(r.stderr.contains("traces/malformed.csv:4: error: column \"x\""), "\(r.stderr)")
        #expect(
            r.stdout.contains("FAIL   traces/fail.csv: error 33.3% (2/6) exceeds --max-error 5.0%"),
            "\(r.stdout)")
        #expect(
            r.stdout.contains("5 files: 2 passed, 1 failed, 1 error, 1 skipped; "), "\(r.stdout)")

        let summary = try EndToEnd.json(dir.appendingPathComponent("out/summary.json"))
        #expect(summary["schema"] as? String == "gesturetune.batch/1")
        #expect(summary["status"] as? String == "error")
        let files = EndToEnd.files(of: summary)
        #expect(
            (summary["files"] as? [[String: Any]])?.compactMap { $0["path"] as? String } == [
                "traces/fail.csv", "traces/malformed.csv", "traces/pass.csv",
                "traces/sub/pass2.csv", "traces/unlabelled.csv",
            ])
        #expect(files["traces/pass.csv"]?["status"] as? String == "pass")
        #expect(files["traces/sub/pass2.csv"]?["status"] as? String == "pass")
        #expect(files["traces/fail.csv"]?["status"] as? String == "fail")
        #expect(files["traces/fail.csv"]?["misdecided"] as? Int == 2)
        #expect(files["traces/fail.csv"]?["labelled"] as? Int == 6)
        let wrong = (files["traces/fail.csv"]?["misdecidedGestures"] as? [[String: Any]] ?? [])
            .compactMap { $0["id"] as? String }
        #expect(wrong == ["g4", "g5"])
        #expect(files["traces/unlabelled.csv"]?["status"] as? String == "skipped")
        #expect(files["traces/malformed.csv"]?["status"] as? String == "error")
        let problem = files["traces/malformed.csv"]?["problem"] as? [String: Any]
        #expect(problem?["line"] as? Int == 4)
        let totals = summary["totals"] as? [String: Any]
        #expect(totals?["labelled"] as? Int == 18)
        #expect(totals?["misdecided"] as? Int == 2)
        #expect(totals?["gestures"] as? Int == 24)

        let junit = try String(
            contentsOf: dir.appendingPathComponent("out/junit.xml"), encoding: .utf8)
        #expect(junit.contains("tests=\"5\" failures=\"1\" errors=\"1\" skipped=\"1\""))
        // Each case's numbers: fail.csv 2 of 6 misdecided, judged by --max-error 0.05.
        #expect(
            junit.contains(
                """
                      <properties>
                        <property name="error-rate" value="0.3333333333333333"/>
                        <property name="rows" value="\(files["traces/fail.csv"]?["rows"] as? Int ?? -1)"/>
                        <property name="gestures" value="6"/>
                        <property name="labelled" value="6"/>
                        <property name="misdecided" value="2"/>
                        <property name="unlabelled" value="0"/>
                        <property name="interrupted" value="0"/>
                        <property name="max-error" value="0.05"/>
                        <property name="tolerance" value="0.0"/>
                      </properties>
                      <failure message=
                """), "\(junit)")
        #expect(
            junit.contains(
                "<system-out>PASS   traces/pass.csv: error 0.0% (0/6)</system-out>\n    </testcase>"
            ), "\(junit)")
        #expect(
            junit.contains(
                "<system-out>FAIL   traces/fail.csv: error 33.3% (2/6) exceeds --max-error 5.0%</system-out>"
            ))
        #expect(junit.contains("<error message=\"traces/malformed.csv:4: column &quot;x&quot;"))
        #expect(
            junit.contains(
                ": g4: meant complete, decided cancel at p_r 0.2, v_p 0.2/s"))
        #expect(
            junit.contains(
                ": g5: meant complete, decided cancel at p_r 0.1, v_p 0.5/s"))
        // Atomic writes leave no temporary files behind.
        #expect(
            EndToEnd.listing(dir.appendingPathComponent("out")) == ["junit.xml", "summary.json"])
    }

    /// `--json -` and `--junit -` make standard output the machine file: it parses whole, and
    /// the text summary goes to standard error.
    @Test func jsonOrJUnitOnStandardOutputParses() throws {
        let dir = try Traces.mixedCorpus(malformed: false)
        let json = try EndToEnd.run(
            [
                "batch", "traces", "--params", "flutter-cupertino", "--max-error", "0.05", "--json",
                "-",
            ],
            in: dir)
        #expect(json.status == 1, "\(json.stderr)")
        let object =
            try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        #expect(object?["status"] as? String == "fail", "\(json.stdout)")
        #expect(json.stderr.contains("FAIL   traces/fail.csv: error 33.3% (2/6)"), "\(json.stderr)")
        let junit = try EndToEnd.run(
            [
                "batch", "traces", "--params", "flutter-cupertino", "--max-error", "0.05",
                "--junit", "-",
            ],
            in: dir)
        #expect(
            junit.stdout.hasPrefix("<?xml") && junit.stdout.hasSuffix("</testsuites>\n"),
            "\(junit.stdout)")
        #expect(junit.stderr.contains(" passed, 1 failed"), "\(junit.stderr)")
    }

    @Test func gateFailureWithoutMalformedFilesIs1AndAllPassingIs0() throws {
        let dir = try Traces.mixedCorpus(malformed: false)
        let failing = try EndToEnd.run(
            ["batch", "traces", "--params", "flutter-cupertino"], in: dir)
        #expect(failing.status == 1, "\(failing.stderr)")
        #expect(failing.stderr == "")
        let loose = try EndToEnd.run(
            ["batch", "traces", "--params", "flutter-cupertino", "--max-error", "0.34"], in: dir)
        #expect(loose.status == 0, "\(loose.stdout)")
        let passing = try EndToEnd.run(
            ["batch", "traces/pass.csv", "traces/sub", "--params", "flutter-cupertino"], in: dir)
        #expect(passing.status == 0)
        #expect(
            passing.stdout.hasPrefix(
                """
                PASS   traces/pass.csv: error 0.0% (0/6)
                PASS   traces/sub/pass2.csv: error 0.0% (0/6)
                2 files: 2 passed, 0 failed, 0 errors, 0 skipped; 12 gestures, 12 labelled, 0 misdecided (pooled error 0.0%)
                """
            ), "\(passing.stdout)")
    }

    /// Output to a pipe (how the tests run the binary) carries no ANSI escape, whatever `TERM`
    /// says and with `NO_COLOR` empty; every case is listed, a passing one with its error, a
    /// failing one with the gestures it gets wrong (g4 and g5 of the fixture, labelled complete
    /// and released at (0.2, 0.2/s) and (0.1, 0.5/s), which flutter-cupertino cancels).
    @Test func pipedOutputIsPlainAndListsEveryCase() throws {
        let dir = try Traces.corpus([
            "t/a.csv": Traces.csv(Traces.twoWrong), "t/b.csv": Traces.csv(Traces.clear),
        ])
        let r = try TestSupport.run(
            ["batch", "t", "--params", "flutter-cupertino", "--max-error", "0.2"], in: dir,
            environment: ["TERM": "xterm-256color", "NO_COLOR": ""])
        #expect(r.status == 1, "\(r.stderr)")
        #expect(r.stderr == "")
        #expect(!r.stdout.contains("\u{1B}"), "\(r.stdout)")
        #expect(
            r.stdout == """
                FAIL   t/a.csv: error 33.3% (2/6) exceeds --max-error 20.0%
                       g4 (line 261): meant complete, decided cancel at p_r 0.2, v_p 0.2/s
                       g5 (line 323): meant complete, decided cancel at p_r 0.1, v_p 0.5/s
                PASS   t/b.csv: error 0.0% (0/6)
                2 files: 1 passed, 1 failed, 0 errors, 0 skipped; 12 gestures, 12 labelled, 2 misdecided (pooled error 16.7%) under flutter-cupertino; FAIL

                """, "\(r.stdout)")
    }

    /// The JUnit file validates against the JUnit schema (Jenkins/Ant shape) and reads back with
    /// junitparser with the same verdicts.
    @Test(.enabled(if: Python.available, Python.absent))
    func junitValidatesAndReadsBack() throws {
        let dir = try Traces.mixedCorpus(malformed: true)
        let r = try EndToEnd.run(
            ["batch", "traces", "--params", "flutter-cupertino", "--junit", "junit.xml"], in: dir)
        #expect(r.status == 65)
        let junit = dir.appendingPathComponent("junit.xml").path
        let fixtures = TestSupport.packageRoot.appendingPathComponent(
            "Tests/EndToEndTests/Fixtures")
        var schemas = (try FileManager.default.contentsOfDirectory(atPath: fixtures.path))
            .filter { $0.hasSuffix(".xsd") }.sorted().map {
                fixtures.appendingPathComponent($0).path
            }
        if let extra = ProcessInfo.processInfo.environment["GESTURETUNE_JUNIT_XSD"] {
            schemas.append(extra)
        }
        #expect(!schemas.isEmpty)
        for schema in schemas {
            let (status, output) = try Python.run(
                "import sys, xmlschema; xmlschema.XMLSchema(sys.argv[1]).validate(sys.argv[2]); print('valid')",
                [schema, junit])
            #expect(status == 0 && output == "valid\n", "\(schema): \(output)")
        }
        let script = """
            import sys
            from junitparser import JUnitXml, Failure, Error, Skipped
            xml = JUnitXml.fromfile(sys.argv[1])
            for suite in xml:
                print(suite.name, suite.tests, suite.failures, suite.errors, suite.skipped)
                for case in suite:
                    kinds = [type(r).__name__ for r in case.result]
                    print(case.name, case.classname, ",".join(kinds) or "pass")
            """
        let (status, output) = try Python.run(script, [junit])
        #expect(status == 0, "\(output)")
        // Every file's case carries its numbers and a measured (positive) duration; the suite's
        // time is measured too.
        let numbers = """
            import sys
            import xml.etree.ElementTree as ET
            suite = ET.parse(sys.argv[1]).getroot().find("testsuite")
            print("suite", float(suite.get("time")) > 0)
            for case in suite.findall("testcase"):
                p = {e.get("name"): e.get("value") for e in case.findall("properties/property")}
                print(case.get("name"), float(case.get("time")) > 0, p.get("error-rate"),
                      p.get("misdecided"), p.get("labelled"), p.get("max-error"),
                      case.find("system-out").text.split(":")[0])
            """
        let (numbersStatus, numbersOutput) = try Python.run(numbers, [junit])
        #expect(numbersStatus == 0, "\(numbersOutput)")
        #expect(
            numbersOutput == """
                suite True
                traces/fail.csv True 0.3333333333333333 2 6 0.05 FAIL   traces/fail.csv
                traces/malformed.csv True None 0 0 0.05 ERROR  traces/malformed.csv
                traces/pass.csv True 0.0 0 6 0.05 PASS   traces/pass.csv
                traces/sub/pass2.csv True 0.0 0 6 0.05 PASS   traces/sub/pass2.csv
                traces/unlabelled.csv True None 0 0 0.05 SKIP   traces/unlabelled.csv

                """, "\(numbersOutput)")
        #expect(
            output == """
                gesturetune batch 5 1 1 1
                traces/fail.csv traces Failure
                traces/malformed.csv traces Error
                traces/pass.csv traces pass
                traces/sub/pass2.csv traces.sub pass
                traces/unlabelled.csv traces Skipped

                """)
    }

    @Test func jobsDoNotChangeTheOutputs() throws {
        var corpus: [String: String] = ["bad.csv": Traces.malformed]
        for i in 0..<12 {
            corpus["c/\(i).csv"] = Traces.csv(i % 3 == 0 ? Traces.twoWrong : Traces.clear)
        }
        let dir = try Traces.corpus(corpus)
        var outputs: [[String]] = []
        for jobs in ["1", "2"] {
            let r = try EndToEnd.run(
                [
                    "batch", ".", "--params", "flutter-cupertino", "--jobs", jobs, "--json",
                    "out\(jobs)/s.json", "--junit", "out\(jobs)/j.xml",
                ], in: dir)
            #expect(r.status == 65)
            let json = try String(
                contentsOf: dir.appendingPathComponent("out\(jobs)/s.json"), encoding: .utf8)
            let junit = try String(
                contentsOf: dir.appendingPathComponent("out\(jobs)/j.xml"), encoding: .utf8)
            outputs.append([r.stdout, r.stderr, json, EndToEnd.withoutTimes(junit)])
        }
        #expect(outputs[0] == outputs[1])
    }

    /// Shards 1..3 merged equal the unsharded run: same JSON bytes, JUnit, summary and status.
    @Test func mergedShardsEqualTheUnshardedRun() throws {
        var corpus: [String: String] = ["t/bad.csv": Traces.malformed]
        for i in 0..<10 {
            corpus["t/\(i).csv"] = Traces.csv(i % 4 == 1 ? Traces.twoWrong : Traces.clear)
        }
        let dir = try Traces.corpus(corpus)
        let whole = try EndToEnd.run(
            [
                "batch", "t", "--params", "flutter-cupertino", "--json", "whole.json", "--junit",
                "whole.xml",
            ], in: dir)
        #expect(whole.status == 65)
        var shardFiles: [String] = []
        for k in 1...3 {
            let r = try EndToEnd.run(
                [
                    "batch", "t", "--params", "flutter-cupertino", "--shard", "\(k)/3", "--json",
                    "shard\(k).json",
                ], in: dir)
            #expect([0, 1, 65].contains(r.status))
            shardFiles.append("shard\(k).json")
            let part = try EndToEnd.json(dir.appendingPathComponent("shard\(k).json"))
            #expect((part["files"] as? [Any])?.count == [4, 4, 3][k - 1])
        }
        let merged = try EndToEnd.run(
            ["merge"] + shardFiles.reversed() + ["--json", "merged.json", "--junit", "merged.xml"],
            in: dir)
        #expect(merged.status == whole.status)
        #expect(merged.stdout == whole.stdout)
        #expect(merged.stderr == whole.stderr)
        let a = try String(contentsOf: dir.appendingPathComponent("whole.json"), encoding: .utf8)
        let b = try String(contentsOf: dir.appendingPathComponent("merged.json"), encoding: .utf8)
        #expect(a == b)
        // The same but for the durations, which merge does not have (its cases' time is 0).
        let x = try String(contentsOf: dir.appendingPathComponent("whole.xml"), encoding: .utf8)
        let y = try String(contentsOf: dir.appendingPathComponent("merged.xml"), encoding: .utf8)
        #expect(EndToEnd.withoutTimes(x) == EndToEnd.withoutTimes(y))
        #expect(x != y)
        #expect(y.contains("<testcase name=\"t/0.csv\" classname=\"t\" time=\"0\">"))

        let incomplete = try EndToEnd.run(["merge", "shard1.json", "shard3.json"], in: dir)
        #expect(incomplete.status == 65)
        #expect(incomplete.stderr == "shard1.json: error: missing shard 2/3\n")
    }

    /// A baseline from a run where fail.csv had no misdecided gesture makes its 2/6 a regression.
    @Test func baselineGate() throws {
        let dir = try Traces.corpus(["t/a.csv": Traces.csv(Traces.clear)])
        let first = try EndToEnd.run(
            [
                "batch", "t", "--params", "flutter-cupertino", "--write-baseline",
                "ci/baseline.json",
            ], in: dir)
        #expect(first.status == 0)
        try Data(Traces.csv(Traces.twoWrong).utf8).write(to: dir.appendingPathComponent("t/a.csv"))
        let args = [
            "batch", "t", "--params", "flutter-cupertino", "--max-error", "1", "--baseline",
            "ci/baseline.json",
        ]
        let worse = try EndToEnd.run(args, in: dir)
        #expect(worse.status == 1)
        #expect(
            worse.stdout.contains(
                "FAIL   t/a.csv: error 33.3% (2/6) is worse than the baseline's 0.0% by more than --tolerance 0.0%"
            ), "\(worse.stdout)")
        let tolerated = try EndToEnd.run(args + ["--tolerance", "0.34"], in: dir)
        #expect(tolerated.status == 0)
    }

    @Test func missingInputsAndUncreatableOutputs() throws {
        let dir = try Traces.mixedCorpus(malformed: false)
        let noPath = try EndToEnd.run(
            ["batch", "nowhere", "--params", "flutter-cupertino"], in: dir)
        #expect(noPath.status == 66)
        #expect(noPath.stderr == "nowhere: error: no such file or folder\n")
        let noParams = try EndToEnd.run(["batch", "traces", "--params", "missing.json"], in: dir)
        #expect(noParams.status == 66)
        // A regular file where the output's folder should be.
        let blocked = try EndToEnd.run(
            [
                "batch", "traces", "--params", "flutter-cupertino", "--json",
                "traces/pass.csv/summary.json",
            ], in: dir)
        #expect(blocked.status == 73, "\(blocked.stderr)")
        #expect(
            blocked.stderr.contains("traces/pass.csv/summary.json: error: cannot create output"))
    }

    /// SIGINT while batch waits on standard input: exit 130, no output or temporary file left.
    @Test func interruptExits130AndLeavesNoOutput() throws {
        let bin = try #require(TestSupport.binaryPath)
        let dir = try TestSupport.temporaryDirectory()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: bin)
        process.arguments = [
            "batch", "-", "--params", "flutter-cupertino", "--json", "out/summary.json", "--junit",
            "out/junit.xml",
        ]
        process.currentDirectoryURL = dir
        let input = Pipe()
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        input.fileHandleForWriting.write(Data("gesture,t,x,y,phase\ng1,0,0,0,began\n".utf8))
        // Wait (up to 20 s) until the handler is installed: SIGINT caught or ignored in /proc's
        // masks (libdispatch replaces SIG_IGN with its own handler on Linux).
        var installed = false
        for _ in 0..<400 where !installed {
            let status =
                (try? String(
                    contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8))
                ?? ""
            for line in status.split(separator: "\n")
            where line.hasPrefix("SigCgt:") || line.hasPrefix("SigIgn:") {
                if let mask = UInt64(
                    line.dropFirst(7).trimmingCharacters(in: .whitespaces), radix: 16),
                    mask & (1 << (UInt64(SIGINT) - 1)) != 0
                {
                    installed = true
                }
            }
            if !installed { usleep(50_000) }
        }
        #expect(installed)
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        try? input.fileHandleForWriting.close()
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 130)
        #expect(EndToEnd.listing(dir) == [])
    }
}
