// GestureTraceRecorder.swift: records touch traces for gesturetune (written by `gesturetune recorder`).
//
// Writes gesturetune's canonical trace CSV, one row a touch sample:
//
//     gesture,t,x,y,phase,width,height,vx,vy,outcome,intent
//
// so `gesturetune analyze Documents/GestureTraces/*.csv` reads the files with no option. This
// file is platform-neutral (Foundation only); GestureTraceRecorder+UIKit.swift and
// GestureTraceRecorder+SwiftUI.swift feed it touches.
//
// Positions are in a frame that does not move with the finger: the container where it stood when
// the gesture began (the UIKit and SwiftUI files take it so, whatever view they watch). When the
// container moves during a gesture they call `frameMoved(dx:dy:)`: the recorder warns once and
// writes a comment row after the gesture (`# g3: the frame moved ...`, which gesturetune skips).
//
// Labelling: run scripted trials. Before each attempt, tell the person what to do ("go back",
// "peek, then stay") and call `beginTrial(intent: .complete)` or `beginTrial(intent: .cancel)`:
// the next gesture is labelled with that intent, the ones after it are not (one trial, one
// gesture). Gestures outside a trial are recorded with an empty intent.
//
// Label `.other` the gestures not meant for this transition (a scroll, a tap, a carousel swipe
// in the same screen): `beginTrial(intent: .other)` before a scripted one ("scroll the list"), or
// `labelLastGesture(intent: .other)` right after one, before its outcome is recorded. Without
// them gesturetune cannot measure false starts, and keeps the start gate you have.

import Foundation

@MainActor
public final class GestureTraceRecorder {
    /// What the person meant (`intent`) or what the app did (`outcome`). `other` is an intent
    /// only: a gesture not meant for the transition.
    public enum Intent: String, Sendable {
        case complete, cancel, other
    }

    /// A touch sample's phase, spelled as gesturetune reads it.
    public enum Phase: String, Sendable {
        case began, moved, ended, cancelled
    }

    /// The CSV file this recorder appends to.
    public let fileURL: URL

    /// The intent of the running trial, or nil outside a trial.
    public private(set) var trialIntent: Intent?
    /// Gestures recorded so far.
    public private(set) var gestureCount = 0

    private var currentIntent: Intent?
    private var current: [String] = []
    private var currentID = ""
    /// The largest shift of the frame seen during the current gesture, once it exceeds half a point.
    private var currentShift: (dx: Double, dy: Double)?
    /// The last closed gesture, held until its outcome is known (`recordOutcome(_:)`) or the
    /// next gesture begins.
    private var pending: (id: String, rows: [String], intent: Intent?)?
    private let writer: TraceFileWriter

    /// Appends to `<directory>/<name>-<date>.csv`; `directory` defaults to the app's
    /// Documents/GestureTraces (pull it off a device with Xcode's Devices window, or the Files app
    /// when the app sets UIFileSharingEnabled).
    public init(name: String = "trace", directory: URL? = nil) {
        let folder =
            directory
            ?? FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0]
            .appendingPathComponent("GestureTraces", isDirectory: true)
        let stamp = DateFormatter()
        stamp.locale = Locale(identifier: "en_US_POSIX")
        stamp.dateFormat = "yyyyMMdd-HHmmss"
        fileURL = folder.appendingPathComponent("\(name)-\(stamp.string(from: Date())).csv")
        writer = TraceFileWriter(url: fileURL)
    }

    /// Starts a scripted trial: the next gesture is labelled `intent`.
    public func beginTrial(intent: Intent) {
        trialIntent = intent
    }

    /// Ends the running trial without a gesture.
    public func endTrial() {
        trialIntent = nil
    }

    /// Labels the last closed gesture, while it waits for its outcome: what the person says
    /// they meant when asked right after it (never what the app did). False when there is none.
    @discardableResult
    public func labelLastGesture(intent: Intent) -> Bool {
        guard pending != nil else { return false }
        pending?.intent = intent
        return true
    }

    /// Records one sample. `time` in seconds (any origin: only differences matter), `x`, `y` in
    /// points in the transitioning container, `width`, `height` the container's size, `vx`, `vy`
    /// the platform's velocity in pt/s when it has one.
    public func record(
        phase: Phase, time: TimeInterval, x: Double, y: Double, width: Double, height: Double,
        vx: Double? = nil, vy: Double? = nil
    ) {
        if phase == .began {
            writePending()
            gestureCount += 1
            currentID = "g\(gestureCount)"
            currentIntent = trialIntent
            trialIntent = nil
            current = []
            currentShift = nil
        } else if currentID.isEmpty {
            return
        }
        let velocity = vx.map { Self.number($0, 3) } ?? ""
        let velocityY = vy.map { Self.number($0, 3) } ?? ""
        current.append(
            "\(currentID),\(Self.number(time, 6)),\(Self.number(x, 3)),\(Self.number(y, 3)),\(phase.rawValue),"
                + "\(Self.number(width, 3)),\(Self.number(height, 3)),\(velocity),\(velocityY)")
        if phase == .ended || phase == .cancelled {
            if let shift = currentShift {
                current.append(
                    "# \(currentID): the frame moved by \(Self.number(shift.dx, 1)) \(Self.number(shift.dy, 1)) pt "
                        + "during this gesture; positions are in the frame where it stood when the gesture began"
                )
            }
            pending = (currentID, current, currentIntent)
            current = []
            currentID = ""
        }
    }

    /// Tells the recorder that the frame (the container) stands `dx`, `dy` pt from where it stood
    /// when the current gesture began. A shift over half a point is warned about once per gesture
    /// and written as a comment row after it (the largest shift seen).
    public func frameMoved(dx: Double, dy: Double) {
        guard !currentID.isEmpty, abs(dx) > 0.5 || abs(dy) > 0.5 else { return }
        if let shift = currentShift, abs(shift.dx) + abs(shift.dy) >= abs(dx) + abs(dy) { return }
        if currentShift == nil {
            print(
                "GestureTraceRecorder: warning: the container moved during gesture \(currentID); positions "
                    + "stay in the frame where it stood when the gesture began: record in a still container"
            )
        }
        currentShift = (dx, dy)
    }

    /// What the app did with the last gesture (e.g. from the transition coordinator's
    /// `isCancelled`); writes that gesture. `.other` is not an outcome and writes none.
    public func recordOutcome(_ outcome: Intent) {
        writePending(outcome: outcome == .other ? nil : outcome)
    }

    /// Writes a gesture still waiting for its outcome; call when the app goes to the background.
    /// `completion` runs on the writer's queue once everything so far is on disk.
    public func flush(completion: (@Sendable () -> Void)? = nil) {
        writePending()
        writer.sync(completion)
    }

    private func writePending(outcome: Intent? = nil) {
        guard let gesture = pending else { return }
        pending = nil
        let tail = ",\(outcome?.rawValue ?? ""),\(gesture.intent?.rawValue ?? "")\n"
        writer.append(gesture.rows.map { $0.hasPrefix("#") ? $0 + "\n" : $0 + tail }.joined())
    }

    /// `x` with `digits` decimals and a point, whatever the locale; non-finite as empty.
    static func number(_ x: Double, _ digits: Int) -> String {
        x.isFinite ? String(format: "%.\(digits)f", x) : ""
    }
}

/// Appends text to the trace file on a serial background queue, so the main thread never waits
/// on the disk. Touched only on `queue`.
final class TraceFileWriter: @unchecked Sendable {
    static let header = "gesture,t,x,y,phase,width,height,vx,vy,outcome,intent\n"
    private let url: URL
    private let queue = DispatchQueue(label: "GestureTraceRecorder.writer", qos: .utility)
    private var handle: FileHandle?

    init(url: URL) {
        self.url = url
    }

    func append(_ text: String) {
        queue.async { self.write(Data(text.utf8)) }
    }

    func sync(_ completion: (@Sendable () -> Void)?) {
        queue.async { completion?() }
    }

    private func write(_ data: Data) {
        if handle == nil {
            let fm = FileManager.default
            try? fm.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            if !fm.fileExists(atPath: url.path) {
                _ = fm.createFile(atPath: url.path, contents: Data(Self.header.utf8))
            }
            handle = try? FileHandle(forWritingTo: url)
            _ = try? handle?.seekToEnd()
        }
        try? handle?.write(contentsOf: data)
    }

    deinit {
        try? handle?.close()
    }
}
