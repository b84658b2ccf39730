// Tuning time for 10k, 100k and 1M labelled gestures: all rule families (threshold, forward,
// projection with tau searched, kinematic with d_th searched, logistic), 5-fold CV, presets,
// suggestions; without and with 1000 bootstrap resamples.
//
//     swift run -c release --package-path bench tuning-bench
import Foundation
import GesturePhysics
import GestureTuning

func seconds(_ body: () -> Void) -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

let sizes = CommandLine.arguments.count > 1 ? CommandLine.arguments.dropFirst().compactMap { Int($0) } : [10_000, 100_000, 1_000_000]
print("tuning-bench: \(ProcessInfo.processInfo.activeProcessorCount) cores")
print("gestures   bootstrap  seconds  threshold (p_th, v_th)  CV error  bootstrap method (projection)")
for n in sizes {
    let points = TuningPoint.syntheticReleases(count: n, seed: 42)
    for resamples in [0, 1000] {
        var result: TuningResult?
        let t = seconds { result = Tuner(options: .init(seed: 1, bootstrapResamples: resamples)).tune(points: points) }
        let th = result!.family(.threshold)!
        let projection = result!.family(.projection)!
        let method = projection.bootstrap.map { "\($0.method)" } ?? "-"
        let params = th.parameters.map { "\($0.name)=\($0.estimate) [\($0.lower), \($0.upper)]" }.joined(separator: " ")
        print(
            String(n).padding(toLength: 11, withPad: " ", startingAt: 0) + String(resamples).padding(toLength: 11, withPad: " ", startingAt: 0)
                + String(format: "%7.2f  ", t) + params + String(format: "  %.4f  ", th.crossValidation!.errorRate) + method)
    }
}
