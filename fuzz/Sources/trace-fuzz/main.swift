// libFuzzer target: one input is one trace file. The target parses it and runs the
// per-gesture physics under every estimator. A thrown error is a success (the input was
// refused with a message); a crash, trap, leak or hang is a failure.
//
// SwiftPM names the executable's entry point itself, so libFuzzer's own `main` is not used:
// the top-level code hands control to `LLVMFuzzerRunDriver`, which libFuzzer exports.
import Foundation
import GesturePhysics
import GestureTrace

@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

/// One scratch file per process: the reader streams from a path, as it does in use.
let scratchPath = "/tmp/gesturetune-fuzz-\(getpid()).csv"

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Data(bytes: $0, count: size) } ?? Data()
    guard FileManager.default.createFile(atPath: scratchPath, contents: bytes) else { return 0 }
    for direction in Direction.allCases {
        let engine = PhysicsEngine(options: PhysicsOptions(direction: direction, extent: direction == .right ? nil : 300))
        let options = ReaderOptions(lenient: direction == .left, maxGestureSamples: 5_000, maxFieldLength: 4_096)
        do {
            _ = try TraceReader.read(path: scratchPath, options: options) { gesture in
                let m = engine.measure(gesture)
                let figures = [m.releaseProgress, m.progressVelocity, m.velocity.vx, m.velocity.vy, m.velocity.axis,
                               m.duration, m.sampleRate, m.peakVelocity, m.pauseBeforeRelease, m.startPosition,
                               m.kinematicVelocity, m.kinematicAcceleration]
                    + m.estimates.values.flatMap { [$0.vx, $0.vy, $0.axis] }
                    + m.progressCurve.flatMap { [$0.t, $0.p] }
                if figures.contains(where: { !$0.isFinite }) || !(m.entryAngle ?? 0).isFinite {
                    fatalError("non-finite figure for gesture \(gesture.id): \(m)")
                }
            }
        } catch {
            // A refusal with a message is the expected outcome for a broken file.
            _ = String(describing: error)
        }
    }
    return 0
}

var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
let status = LLVMFuzzerRunDriver(&argc, &argv) { data, size in fuzzOne(data, size) }
unlink(scratchPath)
exit(status)
