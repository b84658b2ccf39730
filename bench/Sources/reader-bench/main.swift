// Reader throughput beside a bare libcsv loop, and peak memory on a 1 GB file.
//
//     swift run -c release --package-path bench reader-bench            # both figures
//     swift run -c release --package-path bench reader-bench throughput # 200 MB file only
//     swift run -c release --package-path bench reader-bench memory     # 1 GB file only
//
// Files are generated once under /tmp (gesturetune-bench-200MB.csv, gesturetune-bench-1GB.csv)
// and reused: interleaved-free gestures of 48 samples, `gesture,t_ms,x,y,phase`.
import GestureTrace

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes a trace of about `bytes` bytes to `path` unless a file of that size is there.
func generate(path: String, bytes: Int) {
    var info = stat()
    if stat(path, &info) == 0 && Int(info.st_size) >= bytes { return }
    print("generating \(path) (\(bytes / 1_000_000) MB)...")
    guard let file = fopen(path + ".tmp", "w") else { fatalError("cannot write \(path)") }
    var out: [UInt8] = []
    out.reserveCapacity(1 << 20)
    func put(_ s: StaticString) { s.withUTF8Buffer { out.append(contentsOf: $0) } }
    func put(_ value: Int, digits: Int = 0) {
        var v = value
        if v < 0 {
            out.append(0x2D)
            v = -v
        }
        let start = out.count
        repeat {
            out.append(UInt8(0x30 + v % 10))
            v /= 10
        } while v > 0 || out.count - start < digits
        out[start...].reverse()
    }
    /// A fixed-point number with `decimals` decimals.
    func put(fixed value: Int, decimals: Int) {
        var scale = 1
        for _ in 0..<decimals { scale *= 10 }
        if value < 0 { out.append(0x2D) }
        put(abs(value) / scale)
        out.append(0x2E)
        put(abs(value) % scale, digits: decimals)
    }
    put("gesture,t_ms,x,y,phase\n")
    var written = out.count
    var gesture = 0
    var timeMicros = 1_712_000_000_000_000 / 1000  // ms-scale epoch with µs fraction
    var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
    while written < bytes {
        gesture += 1
        var x = 20_000 + Int(seed % 15_000)
        var y = 40_000 + Int((seed >> 20) % 40_000)
        let vx = Int(seed >> 40 & 0xFF) - 128
        for k in 0..<48 {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            put("g")
            put(gesture, digits: 7)
            out.append(0x2C)
            put(fixed: timeMicros, decimals: 3)
            out.append(0x2C)
            put(fixed: x, decimals: 2)
            out.append(0x2C)
            put(fixed: y, decimals: 2)
            out.append(0x2C)
            put(k == 0 ? "began" : k == 47 ? "ended" : "moved")
            out.append(0x0A)
            timeMicros += 8_000 + Int(seed >> 50 & 0x3FF)
            x += vx + Int(seed >> 33 & 0x3F) - 32
            y -= 150 + Int(seed >> 27 & 0x7F)
        }
        timeMicros += 400_000
        if out.count >= 1 << 20 {
            written += out.count
            _ = out.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
            out.removeAll(keepingCapacity: true)
        }
    }
    _ = out.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
    fclose(file)
    rename(path + ".tmp", path)
}

func now(_ clock: clockid_t = CLOCK_MONOTONIC) -> Double {
    var ts = timespec()
    clock_gettime(clock, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9
}

/// Best wall-clock and best CPU time (this process, user + system) of `body`, seconds.
struct Timing {
    var wall = Double.infinity
    var cpu = Double.infinity

    mutating func measure(_ body: () throws -> Void) rethrows {
        let wallStart = now()
        let cpuStart = now(CLOCK_PROCESS_CPUTIME_ID)
        try body()
        cpu = min(cpu, now(CLOCK_PROCESS_CPUTIME_ID) - cpuStart)
        wall = min(wall, now() - wallStart)
    }
}

/// Best of `runs` wall-clock timings of `body`, seconds.
func best(_ runs: Int, _ body: () throws -> Void) rethrows -> Double {
    var timing = Timing()
    for _ in 0..<runs { try timing.measure(body) }
    return timing.wall
}

func fileSize(_ path: String) -> Int {
    var info = stat()
    return stat(path, &info) == 0 ? Int(info.st_size) : 0
}

/// `getrusage` `ru_maxrss`, MB. Linux keeps it across `execve`, so under `swift run` it
/// includes the SwiftPM process that started this one.
func peakResidentMB() -> Double {
    var usage = rusage()
    getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
    return Double(usage.ru_maxrss) / 1024  // Linux: kilobytes
}

/// `VmHWM` of `/proc/self/status` (peak resident set of this program's address space, reset
/// by `execve`), MB; nil where there is no `/proc`.
func highWaterMarkMB() -> Double? {
    guard let file = fopen("/proc/self/status", "r") else { return nil }
    defer { fclose(file) }
    var line = [CChar](repeating: 0, count: 256)
    while fgets(&line, Int32(line.count), file) != nil {
        let text = String(
            decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        if text.hasPrefix("VmHWM:") {
            let digits = text.filter(\.isNumber)
            return Double(digits).map { $0 / 1024 }
        }
    }
    return nil
}

func format(_ value: Double, _ decimals: Int = 1) -> String {
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    return "\((value * scale).rounded() / scale)"
}

let mode = CommandLine.arguments.dropFirst().first ?? "all"

if mode == "profile" {
    // The reader alone, for `perf record`.
    let path = "/tmp/gesturetune-bench-200MB.csv"
    generate(path: path, bytes: 200_000_000)
    let seconds = try best(3) { _ = try TraceReader.read(path: path) { _ in } }
    print("reader: \(format(Double(fileSize(path)) / 1_000_000 / seconds)) MB/s")
}

if mode == "smoke" {
    // A quick check of the generator and reader in a debug build: 2 MB.
    let path = "/tmp/gesturetune-bench-smoke.csv"
    generate(path: path, bytes: 2_000_000)
    var gestures = 0
    let summary = try TraceReader.read(path: path) { _ in gestures += 1 }
    print(
        "smoke: \(summary.rows) rows, \(gestures) gestures, skipped \(summary.skipped), bare \(try TraceReader.bareParse(path: path)) bytes"
    )
}

if mode == "all" || mode == "throughput" {
    let path = "/tmp/gesturetune-bench-200MB.csv"
    generate(path: path, bytes: 200_000_000)
    let megabytes = Double(fileSize(path)) / 1_000_000
    var gestures = 0
    var samples = 0
    // Warm the page cache once, then alternate the two (the machine may be shared) and keep
    // the best of five runs of each, by wall clock and by CPU time.
    _ = try TraceReader.bareParse(path: path)
    var bare = Timing()
    var reader = Timing()
    for _ in 0..<5 {
        try bare.measure { _ = try TraceReader.bareParse(path: path) }
        try reader.measure {
            gestures = 0
            samples = 0
            _ = try TraceReader.read(path: path) { gesture in
                gestures += 1
                samples += gesture.samples.count
            }
        }
    }
    print("file: \(path), \(format(megabytes)) MB, \(gestures) gestures, \(samples) samples")
    print("                                       wall clock    CPU time")
    print(
        "bare csv_parse loop (empty callbacks): \(format(megabytes / bare.wall)) MB/s   \(format(megabytes / bare.cpu)) MB/s"
    )
    print(
        "TraceReader.read:                      \(format(megabytes / reader.wall)) MB/s   \(format(megabytes / reader.cpu)) MB/s"
    )
    print(
        "reader / bare loop: \(format(100 * bare.wall / reader.wall))% wall, \(format(100 * bare.cpu / reader.cpu))% CPU (target >= 60%)"
    )
}

if mode == "all" || mode == "memory" {
    let path = "/tmp/gesturetune-bench-1GB.csv"
    generate(path: path, bytes: 1_000_000_000)
    var gestures = 0
    let seconds = try best(1) {
        _ = try TraceReader.read(path: path) { _ in gestures += 1 }
    }
    let megabytes = Double(fileSize(path)) / 1_000_000
    print("file: \(path), \(format(megabytes)) MB, \(gestures) gestures in \(format(seconds, 2)) s")
    if let hwm = highWaterMarkMB() {
        print("peak resident memory (VmHWM): \(format(hwm)) MB (target < 64 MB)")
        print(
            "(ru_maxrss: \(format(peakResidentMB())) MB; under `swift run` it includes SwiftPM's own process, which exec'd this one)"
        )
    } else {
        print("peak resident memory (ru_maxrss): \(format(peakResidentMB())) MB (target < 64 MB)")
    }
}
