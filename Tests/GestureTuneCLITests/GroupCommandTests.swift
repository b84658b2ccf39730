import Foundation
import GesturePhysics
import GestureReport
import GestureTrace
import GestureTuning
import TestSupport
import Testing

@testable import GestureTuneCLI

/// Groups and labels through the commands: `--by`, `--labels`, `--retry-window`, simulate's people and
/// retries, and batch's per-group rows.
@Suite struct GroupCommandTests {
    func options(_ arguments: [String]) throws -> AnalyzeOptions {
        guard
            case .run(let p) = try GestureTuneCommand.parser.parse(
                ["analyze", "a.csv"] + arguments)
        else {
            throw UsageError("no run", command: nil)
        }
        return try AnalyzeOptions.parse(OptionValues(p))
    }

    func simulate(_ arguments: [String]) throws -> SimulateOptions {
        guard case .run(let p) = try GestureTuneCommand.parser.parse(["simulate"] + arguments)
        else {
            throw UsageError("no run", command: nil)
        }
        return try SimulateOptions.parse(OptionValues(p))
    }

    @Test func optionsConvert() throws {
        #expect(try options([]).common.reader.groupColumns == [])
        #expect(try options(["--by", "device"]).common.reader.groupColumns == ["device"])
        #expect(
            try options(["--by", "device + hand"]).common.reader.groupColumns == ["device", "hand"])
        #expect(throws: UsageError.self) { try options(["--by", "device+"]) }
        #expect(try options([]).implicitLabels == nil)
        #expect(try options(["--labels", "implicit"]).implicitLabels == true)
        #expect(try options(["--labels", "intent"]).implicitLabels == false)
        #expect(throws: UsageError.self) { try options(["--labels", "guess"]) }
        #expect(try options([]).retryWindow == 1.5)
        #expect(try options(["--retry-window", "800ms"]).retryWindow == 0.8)
        #expect(throws: UsageError.self) { try options(["--retry-window", "-1"]) }
        let s = try simulate([
            "--people", "4", "--spread", "0.3", "--outcomes", "ionic", "--retries",
        ])
        #expect(s.people == 4 && s.spread == 0.3 && s.outcome == "ionic" && s.retries)
        #expect(throws: UsageError.self) { try simulate(["--retries"]) }
        #expect(throws: UsageError.self) { try simulate(["--spread", "1.5"]) }
    }

    /// The simulator's CSV split into gestures: (id, person, meant, outcome, first t, last t).
    static func rows(_ text: String) -> (
        header: [String],
        gestures: [(person: String, meant: String, outcome: String, start: Double, end: Double)]
    ) {
        let lines = text.split(separator: "\n").map {
            $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        }
        let header = lines[0]
        let col = { (name: String) in header.firstIndex(of: name)! }
        var out: [(person: String, meant: String, outcome: String, start: Double, end: Double)] = []
        for f in lines.dropFirst() {
            if f[col("phase")] == "began" {
                out.append(
                    (f[col("person")], f[col("meant")], f[col("outcome")], Double(f[col("t")])!, 0))
            }
            out[out.count - 1].end = Double(f[col("t")])!
        }
        return (header, out)
    }

    @Test func simulatedRetriesFollowAppCancelsOfMeantCompletes() throws {
        let options = try simulate([
            "--gestures", "400", "--people", "5", "--outcome", "flutter-cupertino", "--retries",
            "--seed", "4",
        ])
        var sink = StringSink()
        TraceSimulator(options: SimulateCommand.simulationOptions(options)).write(to: &sink)
        let (header, gestures) = Self.rows(sink.text)
        #expect(
            header == ["gesture", "t", "x", "y", "phase", "meant", "width", "outcome", "person"])
        #expect(Set(gestures.map(\.person)) == ["p1", "p2", "p3", "p4", "p5"])
        // A misread (meant complete, app cancelled) is followed by the same person's gesture
        // within 1 s in most cases (1 in 10 give up); other gestures by nothing within 1 s.
        var misreads = 0, retried = 0
        for k in gestures.indices.dropLast() {
            let quick =
                gestures[k + 1].start - gestures[k].end <= 1.0
                && gestures[k + 1].person == gestures[k].person
            if gestures[k].meant == "complete" && gestures[k].outcome == "cancel" {
                misreads += 1
                if quick { retried += 1 }
            } else {
                #expect(!quick)
            }
        }
        #expect(misreads > 20)
        #expect(Double(retried) / Double(misreads) > 0.75 && retried < misreads)
    }

    static func write(_ options: [String], name: String) throws -> (dir: URL, path: String) {
        guard case .run(let p) = try GestureTuneCommand.parser.parse(["simulate"] + options) else {
            throw UsageError("no run", command: nil)
        }
        var sink = StringSink()
        TraceSimulator(
            options: SimulateCommand.simulationOptions(try SimulateOptions.parse(OptionValues(p)))
        ).write(to: &sink)
        let dir = try TestSupport.temporaryDirectory("groups-\(name)")
        let path = dir.appendingPathComponent("\(name).csv").path
        try Data(sink.text.utf8).write(to: URL(fileURLWithPath: path))
        return (dir, path)
    }

    @Test func analyzeReadsRetriesAutomaticallyAndSaysWhereEachLabelCameFrom() throws {
        let (dir, path) = try Self.write(
            [
                "--gestures", "300", "--people", "6", "--outcome", "flutter-cupertino", "--retries",
                "--seed", "8",
            ], name: "retries")
        let result = try AgreementTests.analyze(
            path, ["--resamples", "0", "--no-report"], out: dir)
        guard
            case .implicitLabels(let intent, let retry, let outcome, let window, let automatic) =
                result.model.labelNotice
        else {
            Issue.record("no implicit-label notice")
            return
        }
        #expect(automatic && window == 1.5 && intent == 0 && retry > 0 && retry + outcome == 300)
        #expect(
            result.model.summary.warnings.contains {
                $0.sentence.hasPrefix("Fitted on implicit labels")
            })
        let json = JSONRenderer(model: result.model).json()
        let report = try JSONSerialization.jsonObject(with: Data(json.utf8)) as! [String: Any]
        let gestures = report["gestures"] as! [[String: Any]]
        #expect(gestures.filter { $0["intentSource"] as? String == "retry" }.count == retry)
        #expect(
            gestures.allSatisfy {
                ["retry", "outcome"].contains($0["intentSource"] as? String ?? "")
            })
        // A retry label is `complete` over a recorded `cancel`.
        #expect(
            gestures.filter { $0["intentSource"] as? String == "retry" }.allSatisfy {
                $0["intent"] as? String == "complete" && $0["outcome"] as? String == "cancel"
            })
        let labels = report["labels"] as! [String: Any]
        #expect((labels["sources"] as! [String: Int])["retry"] == retry)
        // `--labels intent` keeps the file's labels: none here.
        let explicit = try AgreementTests.analyze(
            path, ["--resamples", "0", "--no-report", "--labels", "intent"], out: dir)
        #expect(explicit.model.labelNotice == nil && !explicit.model.summary.labelled)
        // The true labels, read with --map: no implicit labels (an intent column).
        let truth = try AgreementTests.analyze(
            path, ["--resamples", "0", "--no-report", "--map", "intent=meant"], out: dir)
        #expect(truth.model.labelNotice == nil && truth.model.summary.labelled)
    }

    @Test func analyzeByAndBatchByCountTheSameGroups() throws {
        let (dir, path) = try Self.write(
            ["--gestures", "300", "--people", "3", "--spread", "0.3", "--seed", "9"], name: "people"
        )
        let result = try AgreementTests.analyze(
            path, ["--resamples", "50", "--by", "person", "--rule", "threshold"], out: dir)
        let section = try #require(result.model.groups)
        #expect(
            section.analysis.groups.map(\.name) == ["p1", "p2", "p3"]
                || Set(section.analysis.groups.map(\.name)) == ["p1", "p2", "p3"])
        #expect(section.analysis.groups.map(\.gestures).reduce(0, +) == 300)
        let folder = try #require(result.reportFolder)
        #expect(FileManager.default.fileExists(atPath: folder + "/figures/group-thresholds.svg"))
        let markdown = try String(contentsOfFile: folder + "/report.md", encoding: .utf8)
        // Two plain expectations: the macro's expansion of `a && b.contains(s.prefix(20))`
        // aborted the test process in a String concatenation of its own (Swift 6.3.1).
        let headline = String(section.headline.prefix(20))
        #expect(markdown.contains("Per-group parameters (--by person)"))
        #expect(markdown.contains(headline))
        // batch --by counts each group under the current set: the same as analyze's current error.
        let (summary, _) = try AgreementTests.batch(
            path, ["--params", Preset.defaultName, "--by", "person"], dir: dir)
        let rows = try #require(summary.files.first?.groups)
        #expect(rows.map(\.labelled).reduce(0, +) == summary.files[0].labelled)
        #expect(rows.map(\.misdecided).reduce(0, +) == summary.files[0].misdecided)
        for row in rows {
            let group = try #require(section.analysis.groups.first { $0.name == row.name })
            #expect(group.labelled == row.labelled && group.current?.errors == row.misdecided)
        }
    }
}
