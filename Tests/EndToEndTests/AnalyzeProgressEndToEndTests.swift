import Foundation
import TestSupport
import Testing

/// `analyze`'s progress line: drawn on a terminal (a pseudo-terminal here), never in a log.
@Suite struct AnalyzeProgressEndToEndTests {
    /// Runs `gesturetune ARGS` with standard error on a pseudo-terminal; prints the child's
    /// stdout to stdout and what reached the terminal to stderr.
    static let ptyRunner = """
        import os, pty, subprocess, sys
        master, slave = pty.openpty()
        child = subprocess.Popen(sys.argv[1:], stdout=subprocess.PIPE, stderr=slave, env=dict(os.environ, TERM="xterm"))
        os.close(slave)
        seen = b""
        while True:
            try:
                chunk = os.read(master, 65536)
            except OSError:
                break
            if not chunk:
                break
            seen += chunk
        out = child.stdout.read()
        child.wait()
        sys.stdout.buffer.write(out)
        sys.stderr.buffer.write(seen)
        sys.exit(child.returncode)
        """

    static let python = ["/usr/bin/python3", "/usr/local/bin/python3"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    @Test(
        .enabled(
            if: python != nil && TestSupport.binaryPath != nil,
            "python3 or the built gesturetune not found: skipped"))
    func progressOnATerminalOnly() throws {
        let trace = TestSupport.packageRoot.appendingPathComponent("traces/swipe.csv").path
        let tty = try TestSupport.runProcess(
            [
                Self.python!, "-c", Self.ptyRunner, TestSupport.binaryPath!, "analyze", trace,
                "--no-report", "--resamples", "0",
            ],
            environment: ProcessInfo.processInfo.environment.filter { $0.key != "NO_COLOR" }
                .merging(["SWIFT_BACKTRACE": "enable=no"]) { $1 })
        try #require(tty.status == 0, "\(tty.stderr)")
        // On the terminal: the bar (files, gestures), the tuning stage, then the line cleared.
        #expect(
            tty.stderr.contains("\r\u{1B}[2K[########################] 1/1 files, 300 gestures"),
            "\(tty.stderr.debugDescription)")
        #expect(tty.stderr.contains("\r\u{1B}[2Ktuning 300 gestures…"))
        // The bar is cleared; after it come only the warnings (standard output holds the
        // answer alone).
        let afterBar = tty.stderr.components(separatedBy: "\r\u{1B}[2K").last ?? "?"
        #expect(
            afterBar.split(separator: "\n").allSatisfy { $0.hasPrefix("warning: ") },
            "after the bar is cleared only warnings follow: \(afterBar.debugDescription)")
        #expect(!tty.stdout.contains("warning:"))
        #expect(tty.stdout.contains("\nswipe: 300 gestures used"))

        // Into a pipe (a CI log): no bar, no escape.
        let piped = try TestSupport.run(["analyze", trace, "--no-report", "--resamples", "0"])
        #expect(piped.status == 0)
        #expect(
            !piped.stderr.contains("\r") && !piped.stderr.contains("\u{1B}"),
            "\(piped.stderr.debugDescription)")
        #expect(piped.stdout == tty.stdout)
    }
}
