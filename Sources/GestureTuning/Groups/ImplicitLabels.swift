import GesturePhysics
import GestureTrace

/// Where a gesture's label came from (`--labels implicit`).
public enum IntentSource: String, Sendable, Codable, CaseIterable {
    /// The `intent` column: what the person said they meant.
    case intent
    /// The app cancelled it and the person tried again within the retry window, in the same
    /// direction: meant `complete`.
    case retry
    /// The app's `outcome`, taken as meant (not retried).
    case outcome
}

/// Labels read from what people did next (issue 16): a labelling step over measurements in
/// time order, before tuning.
///
/// Within one stream (the same `--by` group, else the same `gesture` stream id, in one file),
/// in time order: a gesture the app cancelled (`outcome` cancel) and followed, within
/// `retryWindow` seconds of its release, by the start of another gesture in the same
/// direction (one that moved at least `minimumRetryProgress` of the extent along the
/// transition) counts as meant `complete`; any other gesture with an outcome keeps it as its
/// label. A gesture with an `intent` keeps its intent.
///
/// Assumptions, and how they fail: a retry is the same intention repeated, so a new
/// navigation started quickly after a genuine cancel is read as a retry (labels too many
/// completes; shorter windows reduce it); a person who gives up after a misread never
/// retries, so that misread stays labelled `cancel`; a completed gesture the person did not
/// mean leaves no trace at all (no retry follows an unwanted completion), so implicit labels
/// can only move the suggestion towards completing more.
public struct ImplicitLabels: Sendable, Equatable {
    /// `--retry-window` default, s.
    public static let defaultRetryWindow = 1.5
    /// Smallest release progress of a gesture that counts as a retry (moved forward).
    public static let minimumRetryProgress = 0.05

    /// The measurements with `intent` set from the label (unlabelled ones unchanged).
    public var measurements: [GestureMeasurement]
    /// The source of each label, by gesture index (nil: no label).
    public var sources: [IntentSource?]
    public var retryWindow: Double

    /// How many labels each source gave.
    public func count(_ source: IntentSource) -> Int { sources.lazy.filter { $0 == source }.count }

    /// The labels source by gesture id.
    public var sourceByID: [String: IntentSource] {
        var map: [String: IntentSource] = [:]
        for (m, s) in zip(measurements, sources) { if let s { map[m.id] = s } }
        return map
    }

    /// The stream a gesture belongs to: its file and its group, else its stream id (the id
    /// without a `#N` run number).
    static func stream(_ m: GestureMeasurement) -> String {
        if let group = m.group { return m.file + "\u{1F}" + group }
        var id = Substring(m.id)
        if let hash = id.lastIndex(of: "#"), id[id.index(after: hash)...].allSatisfy(\.isNumber),
            id.index(after: hash) < id.endIndex
        {
            id = id[..<hash]
        }
        return m.file + "\u{1F}" + id
    }

    public init(
        _ input: [GestureMeasurement], retryWindow: Double = ImplicitLabels.defaultRetryWindow
    ) {
        self.retryWindow = retryWindow
        var out = input
        var sources = [IntentSource?](repeating: nil, count: input.count)
        var streams: [String: [Int]] = [:]
        var order: [String] = []
        for (k, m) in input.enumerated() {
            let key = Self.stream(m)
            if streams[key] == nil { order.append(key) }
            streams[key, default: []].append(k)
        }
        for key in order {
            // Time order (input order among equal or unknown times).
            let members = streams[key]!.enumerated().sorted { a, b in
                let ta = input[a.element].startTime ?? 0
                let tb = input[b.element].startTime ?? 0
                return ta != tb ? ta < tb : a.offset < b.offset
            }.map(\.element)
            for (position, k) in members.enumerated() {
                let m = input[k]
                if m.intent != nil {
                    sources[k] = .intent
                    continue
                }
                guard let outcome = m.outcome else { continue }
                var label = outcome
                if outcome == .cancel, let end = m.endTime {
                    for next in members[(position + 1)...] {
                        guard let start = input[next].startTime, start - end <= retryWindow else {
                            break
                        }
                        if start >= end && input[next].releaseProgress >= Self.minimumRetryProgress
                        {
                            label = .complete
                            break
                        }
                    }
                }
                out[k].intent = label
                sources[k] = label == outcome ? .outcome : .retry
            }
        }
        self.measurements = out
        self.sources = sources
    }
}
