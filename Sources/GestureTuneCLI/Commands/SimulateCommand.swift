import GesturePhysics

/// Options of `simulate`, converted.
public struct SimulateOptions: Sendable {
    public var gestures: Int
    public var files: Int
    public var seed: UInt64
    /// Sampling rate, Hz: 60, 120 or 240.
    public var rate: Int
    /// Container size along the axis, pt.
    public var extent: Double
    public var direction: Direction
    /// Timestamp jitter, s (standard deviation).
    public var jitter: Double
    /// Position noise, pt (standard deviation).
    public var noise: Double
    /// Share of gestures whose label disagrees with their motion.
    public var ambiguous: Double
    /// A file, or a folder with `files > 1`; nil writes to standard output.
    public var out: String?

    static func parse(_ values: OptionValues) throws(UsageError) -> SimulateOptions {
        let files = try values.int("files", min: 1) ?? 1
        let out = values.string("out")
        if files > 1 && (out == nil || out == "-") {
            throw values.error("'--files \(files)' needs '--out DIR'")
        }
        let rate = try values.choice("rate", ["60", "120", "240"]).flatMap { Int($0) } ?? 120
        var jitter = 0.001
        if values.string("jitter") == "0" {
            jitter = 0
        } else if let j = try values.seconds("jitter") {
            jitter = j
        }
        return SimulateOptions(
            gestures: try values.int("gestures", min: 1) ?? 200, files: files, seed: try values.uint64("seed") ?? 1,
            rate: rate, extent: try values.double("extent", positive: true) ?? 390,
            direction: try values.enumValue("direction", Direction.self) ?? .right, jitter: jitter,
            noise: try values.double("noise", min: 0) ?? 0.5, ambiguous: try values.double("ambiguous", min: 0, max: 1) ?? 0.05,
            out: out == "-" ? nil : out)
    }
}

/// `gesturetune simulate`.
public enum SimulateCommand {
    public static func run(_ options: SimulateOptions, console: Console) throws(CLIError) -> Outcome {
        // LEAD: wire simulate to GestureTuning's TraceSimulator: write to stdout, or atomically
        // to `options.out` (a folder of `options.files` files when more than one).
        throw .internalError("simulate is not implemented yet")
    }
}
