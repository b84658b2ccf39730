import Foundation
import GestureIO
import GestureTuning

/// A one-line progress bar on standard error: files done, gestures, rate and ETA.
///
/// Drawn only when stderr is a terminal; otherwise every call is a no-op, so logs stay clean.
/// Redrawn at most ten times a second; thread-safe (workers report as they finish files).
final class ProgressBar: Sendable {
    private struct State {
        var files = 0
        var gestures = 0
        var lastDraw = 0.0
        var drawn = false
    }

    private static let shown = Locked<ProgressBar?>(nil)

    private let total: Int
    private let enabled: Bool
    private let console: Console
    private let start = ProcessInfo.processInfo.systemUptime
    private let state = Locked(State())

    init(total: Int, console: Console) {
        self.total = total
        self.console = console
        self.enabled = console.stderrIsTerminal && total > 0
        if enabled { ProgressBar.shown.withLock { $0 = self } }
    }

    /// A worker finished a file holding `gestures` gestures.
    func fileDone(gestures: Int) {
        guard enabled else { return }
        let now = ProcessInfo.processInfo.systemUptime
        let line: String? = state.withLock { s in
            s.files += 1
            s.gestures += gestures
            guard now - s.lastDraw >= 0.1 || s.files == total else { return nil }
            s.lastDraw = now
            s.drawn = true
            return render(files: s.files, gestures: s.gestures, elapsed: now - start)
        }
        if let line { console.writeErr("\r\u{1B}[2K" + line) }
    }

    /// `count` more gestures read in a file not finished yet (`analyze` on a large file).
    func gesturesRead(_ count: Int) {
        guard enabled else { return }
        let now = ProcessInfo.processInfo.systemUptime
        let line: String? = state.withLock { s in
            s.gestures += count
            guard now - s.lastDraw >= 0.1 else { return nil }
            s.lastDraw = now
            s.drawn = true
            return render(files: s.files, gestures: s.gestures, elapsed: now - start)
        }
        if let line { console.writeErr("\r\u{1B}[2K" + line) }
    }

    /// A stage after reading, e.g. `tuning 30000 gestures…` (`analyze`), drawn at once.
    func stage(_ text: String) {
        guard enabled else { return }
        state.withLock { $0.drawn = true }
        console.writeErr("\r\u{1B}[2K" + text)
    }

    /// Removes the bar's line (before the summary is printed).
    func finish() {
        guard enabled else { return }
        clear()
        ProgressBar.shown.withLock { if $0 === self { $0 = nil } }
    }

    private func clear() {
        let drawn = state.withLock { s -> Bool in
            defer { s.drawn = false }
            return s.drawn
        }
        if drawn { console.writeErr("\r\u{1B}[2K") }
    }

    /// Clears the bar being shown, if any (from the interrupt handler).
    static func clearIfShown() {
        shown.withLock { $0 }?.clear()
    }

    func render(files: Int, gestures: Int, elapsed: Double) -> String {
        let width = 24
        let filled = total == 0 ? width : min(width, files * width / total)
        let bar =
            String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled)
        let rate = elapsed > 0 ? Double(files) / elapsed : 0
        var eta = "--:--"
        if rate > 0 {
            let seconds = Int((Double(total - files) / rate).rounded())
            eta = String(format: "%d:%02d", seconds / 60, seconds % 60)
        }
        return
            "[\(bar)] \(files)/\(total) files, \(gestures) gestures, \(String(format: "%.1f", rate)) files/s, ETA \(eta)"
    }
}
