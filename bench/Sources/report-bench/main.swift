// report-bench: report generation time for 1k, 10k and 100k gestures and the size of every
// file written; report.html must stay under 5 MB at 100k. The gestures are simulated
// (`TraceSimulator`, seed 1), measured and tuned without bootstrap, untimed; "model" times
// `ReportModel(tuning:measurements:...)`, "write" times `ReportWriter.write`.
// Run: swift run -c release --package-path bench report-bench
import Foundation
import GesturePhysics
import GestureReport
import GestureTrace
import GestureTuning

/// Simulated, measured and tuned gestures: what `analyze` hands the report model.
func tuned(_ count: Int) -> (Answer, [GestureMeasurement]) {
    let simulated = TraceSimulator(options: SimulationOptions(gestures: count, seed: 1)).gestures()
    let engine = PhysicsEngine()
    let measurements = engine.measure(
        simulated.map {
            Gesture(
                id: $0.id, samples: $0.samples, intent: $0.label, outcome: $0.outcome,
                file: "simulated.csv")
        })
    return (
        Tuner(options: TuningOptions(seed: 1, bootstrapResamples: 0)).tune(measurements),
        measurements
    )
}

func megabytes(_ bytes: Int) -> String { String(format: "%.2f MB", Double(bytes) / 1_048_576) }

let clock = ContinuousClock()
let base = FileManager.default.temporaryDirectory.appendingPathComponent(
    "report-bench-\(ProcessInfo.processInfo.processIdentifier)")
defer { try? FileManager.default.removeItem(at: base) }
var htmlLimitOK = true
print("gestures  model      write      report.html  report.json  report.ipynb  report.md  figures")
for count in [1_000, 10_000, 100_000] {
    let (answer, measurements) = tuned(count)
    let reads = [ReadSummary(file: "simulated.csv")]
    var model: ReportModel?
    let modelTime = clock.measure {
        model = ReportModel(
            tuning: answer, measurements: measurements, reads: reads, name: "n\(count)",
            generator: "report-bench")
    }
    var output: ReportOutput?
    let writeTime = try clock.measure {
        output = try ReportWriter.write(model!, to: base.path, name: "n\(count)")
    }
    func size(_ rel: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: output!.folder + "/" + rel))?[.size]
            as? Int) ?? 0
    }
    let figures = output!.files.filter { $0.hasPrefix("figures/") }.reduce(0) { $0 + size($1) }
    let html = size("report.html")
    if count == 100_000 && html >= 5 * 1_048_576 { htmlLimitOK = false }
    func ms(_ d: Duration) -> String {
        String(
            format: "%7.0f ms",
            Double(d.components.seconds) * 1000 + Double(d.components.attoseconds) / 1e15)
    }
    print(
        String(format: "%8d", count), ms(modelTime), ms(writeTime),
        megabytes(html).padding(toLength: 12, withPad: " ", startingAt: 0),
        megabytes(size("report.json")).padding(toLength: 12, withPad: " ", startingAt: 0),
        megabytes(size("report.ipynb")).padding(toLength: 13, withPad: " ", startingAt: 0),
        megabytes(size("report.md")).padding(toLength: 10, withPad: " ", startingAt: 0),
        megabytes(figures))
}
print(
    htmlLimitOK
        ? "report.html at 100k gestures: under 5 MB" : "report.html at 100k gestures: OVER 5 MB")
