import GesturePhysics

/// Options of `TraceSimulator` (`gesturetune simulate`).
public struct SimulationOptions: Sendable, Equatable {
    /// Sampling rate of the touch stream.
    public enum Rate: Sendable, Equatable {
        /// Every gesture at this rate, Hz (60, 120, 240).
        case fixed(Double)
        /// Each person's device at 60, 120 or 240 Hz (default).
        case mixed
    }

    /// Gestures per file (`--gestures`, default 200).
    public var gestures: Int
    /// `--seed` (default 1). Same seed, same bytes.
    public var seed: UInt64
    /// `--rate` (default mixed).
    public var rate: Rate
    /// Container size along the axis, pt (`--extent`, default 390).
    public var extent: Double
    /// `--direction` (default right).
    public var direction: Direction
    /// Fraction of gestures whose recorded intent is the opposite of what their motion
    /// shows (ambiguous intents, mislabelling): the label-noise rate (default 0.05).
    public var labelNoise: Double
    /// People (each with their own speed, hesitation, edge habit, drift, device rate);
    /// nil: one per 25 gestures, at least 1.
    public var people: Int?
    /// `--people-seed N`: the people's traits come from this seed alone, so files of other
    /// `seed`s hold new gestures of the same people (a fresh set for a study); nil: drawn from
    /// `seed` with the gestures.
    public var peopleSeed: UInt64? = nil
    /// Timestamp jitter, standard deviation, s (default 0.0005).
    public var timestampJitter: Double
    /// Position noise, standard deviation, pt (default 0.3).
    public var positionNoise: Double
    /// Writes an `outcome` column: what this rule decides from the true release state.
    public var outcomeRule: Rule?
    /// `--spread S`: each person means `complete` by their own threshold rule, release
    /// progress at least `thresholds[person]` (evenly spread over `0.5 ± S/2`), instead of by
    /// the motion's kind; nil: meaning follows the motion.
    public var spread: Double? = nil
    /// `--retries`: a gesture the outcome rule cancels though it was meant to complete (its
    /// label, so an ambiguous gesture's label is what the person meant) is
    /// retried (a drag, 0.2 to 1.0 s after the release) unless the person gives up
    /// (`giveUpRate`); gestures are then written as one stream per person (`p3`) and
    /// unrelated gestures of one person are 1 to 8 s apart; the label is written in a `meant`
    /// column (hidden truth: the file reads as an app log; `--map intent=meant` reads it).
    public var retries: Bool = false
    public var giveUpRate: Double = 0.1
    /// Writes a `person` column (`p1`…): set by `--people`.
    public var personColumn: Bool = false
    /// `--others FRACTION`: gestures not meant for the transition added after the meant ones
    /// (`OtherGestureOptions`); nil: none.
    public var others: OtherGestureOptions? = nil

    /// The true progress threshold of person `i` of `count` under `spread`.
    public static func threshold(person i: Int, of count: Int, spread: Double) -> Double {
        count < 2 ? 0.5 : 0.5 + spread * (Double(i) / Double(count - 1) - 0.5)
    }

    public init(
        gestures: Int = 200, seed: UInt64 = 1, rate: Rate = .mixed,
        extent: Double = PhysicsOptions.defaultExtent, direction: Direction = .right,
        labelNoise: Double = 0.05, people: Int? = nil, timestampJitter: Double = 0.0005,
        positionNoise: Double = 0.3,
        outcomeRule: Rule? = nil
    ) {
        self.gestures = gestures
        self.seed = seed
        self.rate = rate
        self.extent = extent
        self.direction = direction
        self.labelNoise = labelNoise
        self.people = people
        self.timestampJitter = timestampJitter
        self.positionNoise = positionNoise
        self.outcomeRule = outcomeRule
    }
}
