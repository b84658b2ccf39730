/// The normalised phase of one touch sample (trace-format.md, "Phases").
public enum Phase: UInt8, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    case began, moved, ended, cancelled

    public var description: String {
        switch self {
        case .began: "began"
        case .moved: "moved"
        case .ended: "ended"
        case .cancelled: "cancelled"
        }
    }
}

/// What a person meant, or what the app did: `complete` or `cancel`. A gesture not meant for
/// the transition at all (intent `other`) has no `Intent`: `Gesture.notMeant`.
public enum Intent: String, Sendable, Hashable, CaseIterable, Codable {
    case complete, cancel
}

/// One sample of one finger at one instant.
///
/// Time `t` is in seconds relative to nothing in particular (only differences matter);
/// positions are in points with the origin top-left.
///
/// Stored properties are ordered for a 64-byte stride (the one-byte `phase` last): the reader
/// writes one `Sample` per row, so its size is memory traffic on the hot path.
public struct Sample: Sendable, Hashable {
    /// Sample time, seconds.
    public var t: Double
    /// Position, pt.
    public var x: Double
    public var y: Double
    /// 1-based line number of the row in its file.
    public var line: Int
    /// The platform's own velocity report (pt/s), when the trace carries `vx`/`vy`.
    public var vx: Double?
    public var vy: Double?
    public var phase: Phase

    public init(
        t: Double, x: Double, y: Double, phase: Phase, vx: Double? = nil, vy: Double? = nil,
        line: Int = 0
    ) {
        self.t = t
        self.x = x
        self.y = y
        self.phase = phase
        self.vx = vx
        self.vy = vy
        self.line = line
    }
}

/// One gesture: the samples of one finger from `began` to `ended` or `cancelled`.
public struct Gesture: Sendable, Hashable {
    /// The gesture's id: the `gesture` column's value; `ID#N` for the N-th run (N >= 2) of a
    /// stream id; `ID#N` for every run (N from 1) of an id joined from several columns
    /// (`device/user/doc#3`); `#N` (1-based order of `began`) when the file has no `gesture`
    /// column.
    public var id: String
    /// Samples in file order, including the closing `ended`/`cancelled` sample.
    public var samples: [Sample]
    /// What the person meant (`intent` column), if labelled `complete` or `cancel`.
    public var intent: Intent?
    /// The `intent` column says `other` (or `none`, `scroll`, `not-meant`, …): the gesture was
    /// not meant for the transition (a scroll, a carousel swipe, a tap). `intent` is nil; it
    /// takes no part in the complete/cancel tuning, only in the start-of-gesture gate's.
    public var notMeant: Bool
    /// What the app did (`outcome` column), if recorded.
    public var outcome: Intent?
    /// Container size from the `width`/`height` columns (pt), if present.
    public var width: Double?
    public var height: Double?
    /// The file the gesture came from (as given on the command line; `<stdin>` for `-`).
    public var file: String
    /// Line of the first sample.
    public var firstLine: Int
    /// Number of samples whose timestamp equals their predecessor's (kept; physics replaces).
    public var duplicateTimestamps: Int
    /// The `--by` group: the group columns' values at the first row, joined by `+`; nil
    /// without `--by`.
    public var group: String?

    public init(
        id: String, samples: [Sample], intent: Intent? = nil, outcome: Intent? = nil,
        width: Double? = nil, height: Double? = nil, file: String = "", firstLine: Int = 0,
        duplicateTimestamps: Int = 0, group: String? = nil, notMeant: Bool = false
    ) {
        self.group = group
        self.notMeant = notMeant
        self.id = id
        self.samples = samples
        self.intent = intent
        self.outcome = outcome
        self.width = width
        self.height = height
        self.file = file
        self.firstLine = firstLine
        self.duplicateTimestamps = duplicateTimestamps
    }

    /// The phase of the closing sample: `.ended` (the person released) or `.cancelled`
    /// (the system interrupted; never used to tune).
    public var closingPhase: Phase { samples.last?.phase ?? .cancelled }
    /// True when closed by `cancelled`: reported, never used for tuning.
    public var interruptedBySystem: Bool { closingPhase == .cancelled }
}
