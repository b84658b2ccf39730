// Decides one swipe with the parameters of a params.json, as an app's transition would:
// `RuntimeApp params.json` prints `complete` or `cancel`, the progress and the velocity.
import Foundation
import GestureTuneRuntime

let path = CommandLine.arguments.count > 1 ? CommandLine.arguments[1] : "params.json"
do {
    let parameters = try GestureTuneParameters.load(contentsOf: URL(fileURLWithPath: path))
    var tracker = GestureTuneTracker(parameters: parameters, extent: 390)
    // A swipe from the left edge: 12 samples 8 ms apart, 20 pt each (2,500 pt/s), to 225 pt.
    for i in 0..<12 {
        tracker.add(t: Double(i) * 0.008, x: 5 + Double(i) * 20, y: 400 + Double(i))
    }
    let release = tracker.release(t: 0.096, x: 225, y: 411)
    print(release.complete ? "complete" : "cancel", release.progress, release.velocity)
} catch {
    FileHandle.standardError.write(Data("RuntimeApp: \(error)\n".utf8))
    exit(1)
}
