import GesturePhysics
import GestureTrace
import Testing

@testable import GestureTuneCLI

@Suite struct OptionConversionTests {
    func options(_ arguments: [String]) throws -> AnalyzeOptions {
        guard
            case .run(let p) = try GestureTuneCommand.parser.parse(
                ["analyze", "a.csv"] + arguments)
        else {
            throw UsageError("no run", command: nil)
        }
        return try AnalyzeOptions.parse(OptionValues(p))
    }

    /// A compressed trace names the report as its text would: `swipe`, not `swipe.csv`.
    @Test(arguments: [
        ("traces/swipe.csv.gz", "swipe"), ("swipe.csv.ZST", "swipe"), ("swipe.csv", "swipe"),
        ("swipe.gz", "swipe"), ("notes.txt.gz", "notes"), (".gz", ".gz"), ("a.b.csv", "a.b"),
    ])
    func reportNameOfACompressedTrace(file: String, name: String) {
        let o = AnalyzeOptions(
            files: [file], common: CommonOptions(), out: "", name: nil, noReport: true, seed: 1,
            targetDuration: 0)
        #expect(o.reportName == name)
    }

    @Test func defaults() throws {
        let o = try options([])
        #expect(o.out == "notebooks-out")
        #expect(o.reportName == "a")
        #expect(o.common.format == .text)
        #expect(o.common.physics == PhysicsOptions())
        #expect(o.common.reader.lenient == false)
        #expect(o.common.reader.maxGestureSamples == 100_000)
        #expect(o.seed == 1)
        #expect(o.targetDuration == 0.35)
        #expect(o.common.jobs >= 1)
    }

    @Test func everyCommonOptionConverts() throws {
        let o = try options([
            "--direction", "down", "--extent", "640", "--time-unit", "ms", "--map",
            "t_ms=time[ms],gesture=device_id+user_id",
            "--preset", "bioident", "--delimiter", "tab", "--lenient", "--estimator", "impulse",
            "--horizon", "80ms",
            "--max-samples", "12", "--max-gap", "0.05", "--params", "ionic", "--out", "reports",
            "--name", "swipe",
            "--format", "json", "--no-report", "--seed", "9", "--jobs", "3",
            "--max-gesture-samples", "500",
            "--target-duration", "0.4",
        ])
        #expect(o.common.physics.direction == .down)
        #expect(o.common.physics.extent == 640)
        #expect(o.common.physics.estimator == .impulse)
        #expect(abs(o.common.physics.window.horizon - 0.080) < 1e-15)
        #expect(o.common.physics.window.maxSamples == 12)
        #expect(o.common.physics.window.maxGap == 0.05)
        #expect(o.common.reader.timeUnit == .ms)
        #expect(
            o.common.reader.mapping == ["t_ms": ["time[ms]"], "gesture": ["device_id", "user_id"]])
        #expect(o.common.reader.preset == "bioident")
        #expect(o.common.reader.delimiter == 9)
        #expect(o.common.reader.lenient)
        #expect(o.common.reader.maxGestureSamples == 500)
        #expect(o.common.params == "ionic")
        #expect(o.out == "reports" && o.name == "swipe" && o.reportName == "swipe")
        #expect(o.common.format == .json && o.noReport && o.seed == 9 && o.common.jobs == 3)
        #expect(o.targetDuration == 0.4)
        #expect(o.common.givenSettings.contains([.direction, .extent]))
    }

    @Test func resamples() throws {
        #expect(try options([]).resamples == 1000)
        #expect(try options(["--resamples", "0"]).resamples == 0)
        #expect(try options(["--resamples", "250"]).resamples == 250)
        #expect(throws: UsageError.self) { try options(["--resamples", "-1"]) }
        #expect(throws: UsageError.self) { try options(["--resamples", "many"]) }
    }

    @Test func delimiters() throws {
        #expect(try options(["--delimiter", ";"]).common.reader.delimiter == UInt8(ascii: ";"))
        #expect(try options(["--delimiter=,"]).common.reader.delimiter == UInt8(ascii: ","))
        #expect(throws: UsageError.self) { try options(["--delimiter", "ab"]) }
    }

    @Test func shard() throws {
        guard
            case .run(let p) = try GestureTuneCommand.parser.parse([
                "batch", "t", "--params", "ionic", "--shard", "2/4",
            ])
        else {
            Issue.record("no run")
            return
        }
        let b = try BatchOptions.parse(OptionValues(p))
        #expect(b.shard?.index == 2 && b.shard?.count == 4)
        // Not given: decided at run time from the parameters (their expectedError, else 5%).
        #expect(b.maxError == nil && b.tolerance == 0)
    }
}
