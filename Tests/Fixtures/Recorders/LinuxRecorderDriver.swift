// Drives the platform-neutral GestureTraceRecorder.swift on Linux (compiled together with it by
// RecorderTests): three gestures, then prints the file's path.
import Foundation

let recorder = GestureTraceRecorder(name: "driver", directory: URL(fileURLWithPath: CommandLine.arguments[1]))

// g1: a complete trial, 5 samples at 120 Hz, 20 pt apart, the app completed it.
recorder.beginTrial(intent: .complete)
for k in 0..<5 {
    let phase: GestureTraceRecorder.Phase = k == 0 ? .began : k == 4 ? .ended : .moved
    recorder.record(phase: phase, time: 100 + Double(k) / 120, x: 10 + 20 * Double(k), y: 300, width: 390, height: 844, vx: 2400, vy: 0)
}
recorder.recordOutcome(.complete)

// g2: outside any trial (the trial labelled g1 only), no outcome recorded, 4 samples.
for k in 0..<4 {
    let phase: GestureTraceRecorder.Phase = k == 0 ? .began : k == 3 ? .ended : .moved
    recorder.record(phase: phase, time: 101 + Double(k) / 60, x: 200 - 5 * Double(k), y: 310, width: 390, height: 844)
}

// g3: a cancel trial, 3 samples, the app cancelled it; a sample before any began is dropped. Its
// container moved: 0.3 pt (under half a point, not a move), then 12 pt left and 4 down, then back
// to 6 pt left (the largest shift is the one noted).
recorder.beginTrial(intent: .cancel)
recorder.record(phase: .began, time: 102, x: 30, y: 320, width: 390, height: 844, vx: 100, vy: -1.5)
recorder.frameMoved(dx: 0.3, dy: 0)
recorder.frameMoved(dx: -12, dy: 4)
recorder.frameMoved(dx: -6, dy: 0)
recorder.record(phase: .moved, time: 102.01, x: 32.25, y: 320, width: 390, height: 844, vx: 225, vy: 0)
recorder.record(phase: .ended, time: 102.02, x: 33, y: 320.5, width: 390, height: 844, vx: 75, vy: 50)
recorder.recordOutcome(.cancel)
recorder.record(phase: .moved, time: 103, x: 0, y: 0, width: 390, height: 844)

let done = DispatchSemaphore(value: 0)
recorder.flush { done.signal() }
done.wait()
print(recorder.fileURL.path)
