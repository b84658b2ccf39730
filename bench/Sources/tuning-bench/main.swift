// Issue 13's tuning rows: 1,000,000 labelled gestures, every rule family (threshold, forward,
// projection with tau searched, kinematic with d_th searched, logistic), 5-fold CV, presets,
// suggestions; without bootstrap (goal <= 3 s) and with 1000 bootstrap resamples (goal <= 6 s).
// Wall and CPU (user+sys of the process during the run) seconds. The run gathers
// `TuningStatistics` point by point (cells per fold, logistic points/bins, summaries) and
// tunes on them (`Tuner.tune(points:)`); the last column is the statistics' JSON size.
//
//     swift run -c release --package-path bench tuning-bench                 # the rows
//     swift run -c release --package-path bench tuning-bench 10000 100000    # other sizes
//     RESAMPLES=0,200 swift run -c release --package-path bench tuning-bench # other resample counts
import Foundation
import GesturePhysics
import GestureTuning

func cpuSeconds() -> Double {
    var usage = rusage()
    getrusage(Int32(RUSAGE_SELF.rawValue), &usage)
    return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
}

func measure(_ body: () -> Void) -> (wall: Double, cpu: Double) {
    let start = DispatchTime.now().uptimeNanoseconds, cpu = cpuSeconds()
    body()
    return (Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9, cpuSeconds() - cpu)
}

let arguments = CommandLine.arguments.dropFirst()
let sizes = arguments.isEmpty ? [1_000_000] : arguments.compactMap { Int($0) }
let resampleCounts = (ProcessInfo.processInfo.environment["RESAMPLES"] ?? "0,1000").split(separator: ",").compactMap { Int($0) }
let goals: [Int: Double] = [0: 3, 1000: 6]
let load = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?.split(separator: " ").prefix(3).joined(separator: " ") ?? "?"
print("tuning-bench: \(ProcessInfo.processInfo.activeProcessorCount) cores, load average \(load)")
print("gestures   resamples  wall (s)  CPU (s)  goal (1M)  threshold (p_th, v_th)                        CV error  bootstrap   statistics JSON")
for n in sizes {
    let points = TuningPoint.syntheticReleases(count: n, seed: 42)
    var statistics = TuningStatistics(options: .init(seed: 1, bootstrapResamples: 0), current: .default)
    for p in points { statistics.add(p, key: GestureKey(file: "", id: p.id)) }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    let bytes = (try? encoder.encode(statistics).count).map { String(format: "%.2f MB", Double($0) / 1e6) } ?? "-"
    for resamples in resampleCounts {
        var result: Answer?
        let t = measure { result = Tuner(options: .init(seed: 1, bootstrapResamples: resamples)).tune(points: points) }
        let th = result!.family(.threshold)!
        let projection = result!.family(.projection)!
        let method = projection.bootstrap.map { "\($0.method)" } ?? "-"
        let params = th.parameters.map { "\($0.name)=\($0.estimate) [\($0.lower), \($0.upper)]" }.joined(separator: " ")
        let goal = n == 1_000_000 ? goals[resamples].map { "<= \(Int($0)) s" } ?? "-" : "-"
        print(
            String(n).padding(toLength: 11, withPad: " ", startingAt: 0) + String(resamples).padding(toLength: 11, withPad: " ", startingAt: 0)
                + String(format: "%8.2f %8.2f  ", t.wall, t.cpu) + goal.padding(toLength: 11, withPad: " ", startingAt: 0)
                + params.padding(toLength: 46, withPad: " ", startingAt: 0) + String(format: "%.4f    ", th.crossValidation!.errorRate) + method.padding(toLength: 12, withPad: " ", startingAt: 0) + bytes)
    }
}
