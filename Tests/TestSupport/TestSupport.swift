import Foundation

/// Helpers shared by the test targets: approximate equality, fixtures, the shared data
/// folder, and running the built binary.
public enum TestSupport {
    /// The package root (the folder holding Package.swift).
    public static let packageRoot: URL = {
        var url = URL(fileURLWithPath: #filePath)
        while url.path != "/" {
            url.deleteLastPathComponent()
            if FileManager.default.fileExists(
                atPath: url.appendingPathComponent("Package.swift").path)
            {
                return url
            }
        }
        return URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    }()

    /// `../shared/data/velocity` beside the package, or nil when absent (tests then skip,
    /// saying why). `GESTURETUNE_SHARED` overrides the `shared` folder's location.
    public static var sharedVelocityData: URL? {
        let base: URL
        if let env = ProcessInfo.processInfo.environment["GESTURETUNE_SHARED"] {
            base = URL(fileURLWithPath: env)
        } else {
            base = packageRoot.deletingLastPathComponent().appendingPathComponent("shared")
        }
        let url = base.appendingPathComponent("data/velocity")
        return FileManager.default.fileExists(atPath: url.path) ? url : nil
    }

    public static let sharedAbsentMessage =
        "../shared/data/velocity is absent (set GESTURETUNE_SHARED to the shared folder): skipped"

    /// `|a - b| <= max(absolute, relative * |b|)`.
    public static func isClose(
        _ a: Double, _ b: Double, relative: Double = 1e-9, absolute: Double = 1e-12
    ) -> Bool {
        abs(a - b) <= max(absolute, relative * abs(b))
    }

    /// A fresh temporary directory.
    public static func temporaryDirectory(_ name: String = "gesturetune-test") throws -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("\(name)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Writes `text` to a temporary file named `name` and returns its path.
    public static func writeTemporaryFile(_ text: String, name: String = "trace.csv") throws
        -> String
    {
        let dir = try temporaryDirectory()
        let url = dir.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    /// The built `gesturetune` binary: `GESTURETUNE_BIN`, else beside the test bundle's
    /// build products (`.build/<config>/gesturetune`).
    public static var binaryPath: String? {
        if let env = ProcessInfo.processInfo.environment["GESTURETUNE_BIN"] { return env }
        let fm = FileManager.default
        var url = URL(fileURLWithPath: CommandLine.arguments.first ?? "").resolvingSymlinksInPath()
        for _ in 0..<6 {
            url.deleteLastPathComponent()
            let candidate = url.appendingPathComponent("gesturetune")
            var isDir: ObjCBool = false
            if fm.fileExists(atPath: candidate.path, isDirectory: &isDir), !isDir.boolValue,
                fm.isExecutableFile(atPath: candidate.path)
            {
                return candidate.path
            }
        }
        for config in ["debug", "release"] {
            let candidate = packageRoot.appendingPathComponent(".build/\(config)/gesturetune")
            if fm.isExecutableFile(atPath: candidate.path) { return candidate.path }
        }
        return nil
    }

    public struct RunResult: Sendable {
        public var status: Int32
        public var stdout: String
        public var stderr: String

        public init(status: Int32, stdout: String, stderr: String) {
            self.status = status
            self.stdout = stdout
            self.stderr = stderr
        }
    }

    /// Runs the built binary with `arguments` in `directory`, feeding `stdin` if given, with
    /// `NO_COLOR` set and Swift's backtracer off.
    public static func run(
        _ arguments: [String], in directory: URL? = nil, stdin: Data? = nil,
        environment: [String: String]? = nil
    ) throws -> RunResult {
        guard let bin = binaryPath else {
            throw NSError(
                domain: "TestSupport", code: 1,
                userInfo: [
                    NSLocalizedDescriptionKey: "gesturetune binary not found; build it first"
                ])
        }
        var env = ProcessInfo.processInfo.environment
        env["NO_COLOR"] = "1"
        // A crashing child's swift-backtrace helper would hold the pipes open and hang the test.
        env["SWIFT_BACKTRACE"] = "enable=no"
        if let environment { env.merge(environment) { _, new in new } }
        return try runProcess([bin] + arguments, in: directory, stdin: stdin, environment: env)
    }

    /// Runs `argv[0]` (a path) with the rest as arguments, feeding `stdin` (closed after it),
    /// draining stdout and stderr concurrently so a large output cannot deadlock the child.
    /// `environment` nil inherits this process's.
    public static func runProcess(
        _ argv: [String], in directory: URL? = nil, stdin: Data? = nil,
        environment: [String: String]? = nil
    ) throws -> RunResult {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: argv[0])
        process.arguments = Array(argv.dropFirst())
        if let directory { process.currentDirectoryURL = directory }
        if let environment { process.environment = environment }
        let outPipe = Pipe()
        let errPipe = Pipe()
        let inPipe = Pipe()
        process.standardOutput = outPipe
        process.standardError = errPipe
        process.standardInput = inPipe
        try process.run()
        if let stdin { inPipe.fileHandleForWriting.write(stdin) }
        try? inPipe.fileHandleForWriting.close()
        let group = DispatchGroup()
        nonisolated(unsafe) var errData = Data()
        DispatchQueue.global().async(group: group) {
            errData = errPipe.fileHandleForReading.readDataToEndOfFile()
        }
        let outData = outPipe.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return RunResult(
            status: process.terminationStatus,
            stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self))
    }
}
