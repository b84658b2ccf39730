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
    return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(
        usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
}

func measure(_ body: () -> Void) -> (wall: Double, cpu: Double) {
    let start = DispatchTime.now().uptimeNanoseconds, cpu = cpuSeconds()
    body()
    return (Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9, cpuSeconds() - cpu)
}

let arguments = CommandLine.arguments.dropFirst()
let sizes = arguments.isEmpty ? [1_000_000] : arguments.compactMap { Int($0) }
let resampleCounts = (ProcessInfo.processInfo.environment["RESAMPLES"] ?? "0,1000").split(
    separator: ","
).compactMap { Int($0) }
let goals: [Int: Double] = [0: 3, 1000: 6]
// The family whose intervals are bootstrapped (the suggested one; only its intervals are
// shown): `threshold` (the most cells at 1M) and `projection` with tau searched (the most at
// small sizes) by default.
let families = (ProcessInfo.processInfo.environment["FAMILIES"] ?? "threshold,projection").split(
    separator: ","
).compactMap { RuleFamily(rawValue: String($0)) }
let load =
    (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?.split(separator: " ").prefix(3)
    .joined(separator: " ") ?? "?"
print("tuning-bench: \(ProcessInfo.processInfo.activeProcessorCount) cores, load average \(load)")
print(
    "gestures   resamples  wall (s)  CPU (s)  goal (1M)  suggested family and its parameters [95% interval]      CV error  statistics JSON"
)
for n in sizes {
    let points = TuningPoint.syntheticReleases(count: n, seed: 42)
    var statistics = TuningStatistics(
        options: .init(seed: 1, bootstrapResamples: 0), current: .default)
    for p in points { statistics.add(p, key: GestureKey(file: "", id: p.id)) }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    let bytes =
        (try? encoder.encode(statistics).count).map { String(format: "%.2f MB", Double($0) / 1e6) }
        ?? "-"
    for resamples in resampleCounts {
        for family in resamples == 0 ? [families[0]] : families {
            var result: Answer?
            let t = measure {
                result = Tuner(
                    options: .init(seed: 1, bootstrapResamples: resamples, suggestedFamily: family)
                ).tune(points: points)
            }
            let f = result!.family(family)!
            let params =
                family.rawValue + " "
                + f.parameters.map { "\($0.name)=\($0.estimate) [\($0.lower), \($0.upper)]" }
                .joined(separator: " ")
            let goal = n == 1_000_000 ? goals[resamples].map { "<= \(Int($0)) s" } ?? "-" : "-"
            print(
                String(n).padding(toLength: 11, withPad: " ", startingAt: 0)
                    + String(resamples).padding(toLength: 11, withPad: " ", startingAt: 0)
                    + String(format: "%8.2f %8.2f  ", t.wall, t.cpu)
                    + goal.padding(toLength: 11, withPad: " ", startingAt: 0)
                    + params.padding(toLength: 58, withPad: " ", startingAt: 0)
                    + String(format: "%.4f    ", f.crossValidation!.errorRate) + bytes)
        }
    }
}
