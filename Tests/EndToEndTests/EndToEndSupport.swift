import Foundation
import TestSupport
import Testing

/// Trace files for the end-to-end tests, built from gestures of known release state.
///
/// A gesture moves at constant velocity `v = v_p * E` along +x from x = 20 pt for
/// `p_r * E / v` seconds, sampled at 60 Hz, and lifts off 8 ms after its last `moved` sample at
/// the same position. Every velocity estimator then gives `v` exactly (a constant velocity has
/// that velocity), the release progress is `p_r` and the velocity `v_p` in progress/s, with
/// `E` = 390 pt from the `width` column.
enum Traces {
    static let extent = 390.0

    struct G {
        var progress: Double
        var velocity: Double
        var intent: String?
    }

    /// Under `flutter-cupertino` (complete when `v_p >= 1`, or `|v_p| < 1` and `p_r >= 0.5`)
    /// the first three complete and the last three cancel; all far from the boundary.
    static let clear: [G] = [
        G(progress: 0.3, velocity: 2.0, intent: "complete"),
        G(progress: 0.8, velocity: 0.3, intent: "complete"),
        G(progress: 0.7, velocity: 0.5, intent: "complete"),
        G(progress: 0.2, velocity: 0.2, intent: "cancel"),
        G(progress: 0.1, velocity: 0.5, intent: "cancel"),
        G(progress: 0.15, velocity: 0.4, intent: "cancel"),
    ]

    /// `clear` with the fourth and fifth gestures labelled `complete`: 2 of 6 misdecided.
    static var twoWrong: [G] {
        var g = clear
        g[3].intent = "complete"
        g[4].intent = "complete"
        return g
    }

    /// A CSV with columns `gesture,t,x,y,phase,intent,width` (no intent column when every
    /// gesture is unlabelled).
    static func csv(_ gestures: [G]) -> String {
        let labelled = gestures.contains { $0.intent != nil }
        var lines = [labelled ? "gesture,t,x,y,phase,intent,width" : "gesture,t,x,y,phase,width"]
        var t0 = 1.0
        for (index, g) in gestures.enumerated() {
            let v = g.velocity * extent
            let distance = g.progress * extent
            let duration = distance / v
            let steps = max(3, Int((duration * 60).rounded(.up)))
            let dt = duration / Double(steps)
            func row(_ t: Double, _ x: Double, _ phase: String) -> String {
                let label = labelled ? (g.intent ?? "") + "," : ""
                return
                    "g\(index + 1),\(String(format: "%.6f", t)),\(String(format: "%.4f", x)),300,\(phase),\(label)\(Int(extent))"
            }
            for i in 0...steps {
                lines.append(
                    row(t0 + Double(i) * dt, 20 + v * Double(i) * dt, i == 0 ? "began" : "moved"))
            }
            lines.append(row(t0 + duration + 0.008, 20 + distance, "ended"))
            t0 += duration + 0.5
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A file whose line 4 has `x` = "abc".
    static let malformed = """
        gesture,t,x,y,phase,intent,width
        g1,0.000,20,300,began,complete,390
        g1,0.016,30,300,moved,complete,390
        g1,0.033,abc,300,moved,complete,390
        g1,0.050,50,300,ended,complete,390

        """

    /// Writes `files` (relative path → contents) under a fresh folder and returns it.
    static func corpus(_ files: [String: String]) throws -> URL {
        let dir = try TestSupport.temporaryDirectory("gesturetune-e2e")
        for (path, text) in files {
            let url = dir.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return dir
    }

    /// pass.csv, sub/pass2.csv, fail.csv (2 of 6 misdecided), unlabelled.csv, and optionally
    /// malformed.csv (line 4).
    static func mixedCorpus(malformed: Bool) throws -> URL {
        var files = [
            "traces/pass.csv": csv(clear), "traces/sub/pass2.csv": csv(clear),
            "traces/fail.csv": csv(twoWrong),
            "traces/unlabelled.csv": csv(
                clear.map { G(progress: $0.progress, velocity: $0.velocity, intent: nil) }),
        ]
        if malformed { files["traces/malformed.csv"] = Traces.malformed }
        return try corpus(files)
    }
}

enum EndToEnd {
    static var binaryBuilt: Bool { TestSupport.binaryPath != nil }
    static let notBuilt: Comment =
        "the gesturetune binary is not built: run 'swift build' before 'swift test'"

    /// Runs the binary in `dir` with a fixed `SOURCE_DATE_EPOCH`, so JUnit timestamps repeat.
    static func run(_ arguments: [String], in dir: URL? = nil) throws -> TestSupport.RunResult {
        try TestSupport.run(arguments, in: dir, environment: ["SOURCE_DATE_EPOCH": "1700000000"])
    }

    /// What `run` gives the binary, for a script that runs it: this process's environment,
    /// no colour, no backtracer, a fixed `SOURCE_DATE_EPOCH`.
    static var environment: [String: String] {
        var env = ProcessInfo.processInfo.environment
        env["NO_COLOR"] = "1"
        env["SWIFT_BACKTRACE"] = "enable=no"
        env["SOURCE_DATE_EPOCH"] = "1700000000"
        return env
    }

    /// Expects the folder `b` to hold the same files as `a`, byte for byte; returns `a`'s
    /// listing.
    @discardableResult
    static func expectSameFiles(_ a: URL, _ b: URL) throws -> [String] {
        let files = listing(a)
        #expect(listing(b) == files)
        for file in files {
            var isDir: ObjCBool = false
            guard
                FileManager.default.fileExists(
                    atPath: a.appendingPathComponent(file).path, isDirectory: &isDir),
                !isDir.boolValue
            else { continue }
            let x = try Data(contentsOf: a.appendingPathComponent(file))
            let y = try Data(contentsOf: b.appendingPathComponent(file))
            #expect(x == y, "\(file) differs")
        }
        return files
    }

    static func json(_ url: URL) throws -> [String: Any] {
        let data = try Data(contentsOf: url)
        return try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
    }

    static func files(of summary: [String: Any]) -> [String: [String: Any]] {
        var byPath: [String: [String: Any]] = [:]
        for file in summary["files"] as? [[String: Any]] ?? [] {
            byPath[file["path"] as? String ?? ""] = file
        }
        return byPath
    }

    /// A JUnit file with its measured durations (`time="0.012345"`) written `time="T"`: the
    /// one part of it that differs from run to run.
    static func withoutTimes(_ junit: String) -> String {
        junit.replacingOccurrences(
            of: #"time="[0-9]+(\.[0-9]+)?""#, with: #"time="T""#, options: .regularExpression)
    }

    /// Every file under `dir`, relative, sorted.
    static func listing(_ dir: URL) -> [String] {
        guard let e = FileManager.default.enumerator(atPath: dir.path) else { return [] }
        return (e.allObjects as? [String] ?? []).sorted()
    }
}

/// Python 3 with `xmlschema` and `junitparser`, for checking the JUnit file as CI tools do.
enum Python {
    static let available: Bool = {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["python3", "-c", "import xmlschema, junitparser"]
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        do { try p.run() } catch { return false }
        p.waitUntilExit()
        return p.terminationStatus == 0
    }()

    static let absent: Comment =
        "python3 with the xmlschema and junitparser modules is not installed: JUnit schema check skipped"

    /// Runs `script` with `arguments`; returns status and combined output.
    static func run(_ script: String, _ arguments: [String]) throws -> (Int32, String) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["python3", "-c", script] + arguments
        let pipe = Pipe()
        p.standardOutput = pipe
        p.standardError = pipe
        try p.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (p.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
