// libFuzzer target: one input is one trace file. The target reads it three times (strict in
// 64 KiB pieces, strict again in pieces of 1 to 13 bytes, then lenient), checks the reader's
// promises on every gesture, and runs the per-gesture physics under every direction and every
// rule preset. A thrown `TraceError` is a success (the input was refused with a message); a
// crash, trap, leak, hang or a broken promise is a failure.
//
// Promises checked (trace-format.md, physics.md):
// - the two strict reads agree exactly (gestures, summary, error): how libcsv is fed (fields
//   and CRLF pairs split across `csv_parse` calls) changes nothing;
// - every gesture has at least 2 samples, at most `maxGestureSamples`, finite times and
//   positions, and time never decreasing within it;
// - every error message starts with the file's name, and a row-level one with `file:line:`
//   where line >= 1;
// - every figure of every measurement is finite.
//
// SwiftPM names the executable's entry point itself, so libFuzzer's own `main` is not used:
// the top-level code hands control to `LLVMFuzzerRunDriver`, which libFuzzer exports.
import Foundation
import GesturePhysics

@testable import GestureTrace  // `TraceReader.read(path:options:feedSize:onGesture:)` (debug builds are testable)

@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

/// One scratch file per process: the reader streams from a path, as it does in use. In memory
/// (`/dev/shm`) when there is one.
/// The process id is padded to a fixed width: every run handles a path of the same length, so
/// `make fuzz-check` (fixed seed, fixed count) explores the same inputs whatever the pid.
let scratchPath =
    (access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp") + "/gesturetune-fuzz-\(paddedPID()).csv"

func paddedPID() -> String {
    var text = String(getpid())
    while text.count < 10 { text = "0" + text }
    return text
}
let maxSamples = 5_000

/// One engine per direction; the left one has no extent (it falls back to the default or to
/// the gesture's width column), the others a fixed 300 pt.
nonisolated(unsafe) let engines: [PhysicsEngine] = Direction.allCases.map { direction in
    PhysicsEngine(
        options: PhysicsOptions(direction: direction, extent: direction == .left ? nil : 300))
}

func check(_ condition: Bool, _ what: @autoclosure () -> String) {
    if !condition { fatalError("broken promise: \(what())") }
}

/// The reader's promises about a delivered gesture.
func checkGesture(_ gesture: Gesture) {
    check(gesture.samples.count >= 2, "gesture \(gesture.id) has \(gesture.samples.count) samples")
    check(
        gesture.samples.count <= maxSamples,
        "gesture \(gesture.id) has \(gesture.samples.count) samples")
    var previous = -Double.infinity
    for sample in gesture.samples {
        check(
            sample.t.isFinite && sample.x.isFinite && sample.y.isFinite,
            "non-finite sample \(sample)")
        check(
            sample.t >= previous, "time decreases in gesture \(gesture.id) at line \(sample.line)")
        check(sample.line >= 2, "sample line \(sample.line)")
        previous = sample.t
    }
}

/// Every figure of a measurement is finite, and every preset can decide on it.
func checkMeasurement(_ m: GestureMeasurement, _ gesture: Gesture) {
    var figures = [
        m.releaseProgress, m.progressVelocity, m.velocity.vx, m.velocity.vy, m.velocity.axis,
        m.duration, m.sampleRate, m.peakVelocity, m.pauseBeforeRelease, m.startPosition,
        m.kinematicVelocity, m.kinematicAcceleration, m.extent, m.entryAngle ?? 0,
    ]
    for estimate in m.estimates.values { figures += [estimate.vx, estimate.vy, estimate.axis] }
    for point in m.progressCurve { figures += [point.t, point.p] }
    check(!figures.contains { !$0.isFinite }, "non-finite figure for gesture \(gesture.id): \(m)")
    for preset in Preset.all { _ = m.decision(under: preset.rule(extent: m.extent)) }
}

/// A refusal's message names the file, and a row-level one its line.
func checkError(_ error: Error) {
    guard let error = error as? TraceError else { fatalError("not a TraceError: \(error)") }
    let text = String(describing: error)
    check(text.hasPrefix(scratchPath), "message without the file: \(text)")
    if let line = error.line, line > 0 {
        check(text.hasPrefix("\(scratchPath):\(line): "), "message without file:line: \(text)")
    }
    check(!text.isEmpty && text.utf8.count < 4_096, "message of \(text.utf8.count) bytes")
}

/// What one read produced.
struct Outcome: Equatable {
    var gestures: [Gesture] = []
    var summary: ReadSummary?
    var error: TraceError?
}

/// Reads the scratch file, `feedSize` bytes per `csv_parse` call, checking every gesture and
/// the summary or error.
func read(lenient: Bool, feedSize: Int) -> Outcome {
    let options = ReaderOptions(
        lenient: lenient, maxGestureSamples: maxSamples, maxFieldLength: 4_096)
    var outcome = Outcome()
    do {
        let summary = try TraceReader.read(path: scratchPath, options: options, feedSize: feedSize)
        { gesture in
            checkGesture(gesture)
            outcome.gestures.append(gesture)
        }
        check(
            summary.gestures == outcome.gestures.count,
            "summary says \(summary.gestures) gestures, \(outcome.gestures.count) delivered")
        check(
            summary.problems.count <= summary.problemCount,
            "problems \(summary.problems.count) > count \(summary.problemCount)")
        for problem in summary.problems { checkError(problem) }
        if !lenient {
            check(
                summary.problemCount == 0,
                "strict read returned with \(summary.problemCount) problems")
        }
        outcome.summary = summary
    } catch {
        checkError(error)
        outcome.error = error as? TraceError
    }
    return outcome
}

/// Whether the scratch file, when gzip or zstd compressed, holds more than `limit` bytes of
/// text (decoding stops there). Its errors are the reads' to check.
func decodedSizeExceeds(_ limit: Int) -> Bool {
    guard let source = try? Compression.open(path: scratchPath), !(source is FileChunks) else {
        return false
    }
    var total = 0
    while total <= limit, let chunk = try? source.next(), !chunk.isEmpty { total += chunk.count }
    return total > limit
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Data(bytes: $0, count: size) } ?? Data()
    guard FileManager.default.createFile(atPath: scratchPath, contents: bytes) else { return 0 }
    // A compressed input may expand far past -max_len (zstd's RLE blocks: 8 KiB to hundreds of
    // MiB of text); three reads, one in pieces of 1 to 13 bytes, would time out on size alone.
    // Such an input is decoded once (the decoder's paths still run) and read no further.
    if decodedSizeExceeds(1 << 20) { return 0 }
    let strict = read(lenient: false, feedSize: TraceReader.chunkSize)
    let smallFeed = 1 + (bytes.last.map { Int($0) } ?? 0) % 13
    let pieces = read(lenient: false, feedSize: smallFeed)
    check(
        strict == pieces,
        "feeding \(smallFeed) bytes at a time changed the result:\n\(strict)\nvs\n\(pieces)")
    for gesture in strict.gestures { checkMeasurement(engines[0].measure(gesture), gesture) }
    let lenient = read(lenient: true, feedSize: TraceReader.chunkSize)
    for gesture in lenient.gestures {
        for engine in engines { checkMeasurement(engine.measure(gesture), gesture) }
    }
    return 0
}

var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
let status = LLVMFuzzerRunDriver(&argc, &argv) { data, size in fuzzOne(data, size) }
unlink(scratchPath)
exit(status)
