import Foundation
import GestureIO
import GesturePhysics
import GestureReport
import GestureTuning

/// Options of `simulate`, converted.
struct SimulateOptions: Sendable {
    var gestures: Int
    var files: Int
    var seed: UInt64
    /// Sampling rate, Hz: 60, 120 or 240.
    var rate: Int
    /// Container size along the axis, pt.
    var extent: Double
    var direction: Direction
    /// Timestamp jitter, s (standard deviation).
    var jitter: Double
    /// Position noise, pt (standard deviation).
    var noise: Double
    /// Share of gestures whose label disagrees with their motion.
    var ambiguous: Double
    /// A file, or a folder with `files > 1`; nil writes to standard output.
    var out: String?
    /// `--outcome PRESET`: write an `outcome` column decided by this preset; nil: none.
    var outcome: String? = nil
    /// `--people N` (a `person` column), `--spread S`, `--retries`.
    var people: Int? = nil
    /// `--people-seed N`: the people's traits from this seed (the same people whatever `seed`).
    var peopleSeed: UInt64? = nil
    var spread: Double? = nil
    var retries = false
    /// `--others FRACTION`, `--others-mix`, `--others-spread`.
    var others: OtherGestureOptions? = nil

    /// Upper bounds of the numeric options: far beyond any real recording, and low enough
    /// that every time (written with 6 decimals) and position (2 decimals) fits the integer
    /// arithmetic that formats it.
    static let limits = (files: 100_000, gestures: 10_000_000, extent: 1e6, jitter: 1.0, noise: 1e6)

    static func parse(_ values: OptionValues) throws(UsageError) -> SimulateOptions {
        let files = try values.int("files", min: 1, max: limits.files) ?? 1
        let out = values.string("out")
        if out == "" {
            throw values.error(
                "invalid value '' for '--out': expected a file or folder path, or '-'")
        }
        if files > 1 && (out == nil || out == "-") {
            throw values.error("'--files \(files)' needs '--out DIR'")
        }
        let rate = try values.choice("rate", ["60", "120", "240"]).flatMap { Int($0) } ?? 120
        let jitter = try values.seconds("jitter", allowZero: true, max: limits.jitter) ?? 0.001
        var outcome = try values.choice("outcome", Preset.all.map(\.name))
        if outcome == nil { outcome = try values.choice("outcomes", Preset.all.map(\.name)) }
        let retries = values.flag("retries")
        if retries && outcome == nil {
            throw values.error(
                "'--retries' needs '--outcome PRESET' (the app whose cancels are retried)")
        }
        var others: OtherGestureOptions?
        if let fraction = try values.double("others", min: 0, max: 10) {
            var o = OtherGestureOptions(fraction: fraction)
            if let text = values.string("others-mix") {
                let parts = text.split(separator: ",", omittingEmptySubsequences: false)
                let weights = parts.map { Double($0.trimmingCharacters(in: .whitespaces)) }
                guard weights.count == OtherKind.allCases.count,
                    weights.allSatisfy({ $0 != nil && $0!.isFinite && $0! >= 0 }),
                    weights.reduce(0, { $0 + ($1 ?? 0) }) > 0
                else {
                    throw values.error(
                        "invalid value '\(text)' for '--others-mix': expected 4 weights (scroll,carousel,diagonal,tap), not negative, not all 0, e.g. 4,3,2,1"
                    )
                }
                o.mix = weights.map { $0! }
            }
            if let s = try values.double("others-spread", min: 0, max: 90) { o.spread = s }
            others = o
        } else if values.string("others-mix") != nil || values.string("others-spread") != nil {
            throw values.error("'--others-mix' and '--others-spread' need '--others FRACTION'")
        }
        return SimulateOptions(
            gestures: try values.int("gestures", min: 1, max: limits.gestures) ?? 200, files: files,
            seed: try values.uint64("seed") ?? 1,
            rate: rate,
            extent: try values.double("extent", max: limits.extent, positive: true)
                ?? PhysicsOptions.defaultExtent,
            direction: try values.enumValue("direction", Direction.self) ?? .right, jitter: jitter,
            noise: try values.double("noise", min: 0, max: limits.noise) ?? 0.5,
            ambiguous: try values.double("ambiguous", min: 0, max: 1) ?? 0.05,
            out: out == "-" ? nil : out, outcome: outcome,
            people: try values.int("people", min: 1, max: 100_000),
            peopleSeed: try values.uint64("people-seed"),
            spread: try values.double("spread", min: 0, max: 0.9), retries: retries,
            others: others)
    }
}

/// `gesturetune simulate`.
enum SimulateCommand {
    /// Writes `options.files` files of `TraceSimulator` output: to standard output, or atomically
    /// to `options.out` (a folder of `sim-0001.csv`, … when more than one). Same seed, same bytes.
    static func run(_ options: SimulateOptions, console: Console) throws(CLIError) -> Outcome {
        let simulator = TraceSimulator(options: simulationOptions(options))
        func text(_ index: Int) -> String {
            var sink = StringSink()
            simulator.write(to: &sink, fileIndex: index)
            return sink.text
        }
        guard let out = options.out else {
            for index in 0..<options.files { console.writeOut(text(index)) }
            return .success
        }
        if options.files == 1 {
            try AtomicFile.write(text(0), to: out)
            return .success
        }
        // One output set: every file staged, then all renamed together, so an interrupted or
        // failed run leaves no partial set.
        let set = AtomicFile.OutputSet()
        let width = max(4, String(options.files).count)
        do {
            for index in 0..<options.files {
                var number = String(index + 1)
                while number.count < width { number = "0" + number }
                let path = (out as NSString).appendingPathComponent("sim-\(number).csv")
                try set.stage(text(index), to: path)
            }
            try set.commit()
        } catch {
            throw CLIError(error)
        }
        return .success
    }

    /// The library's options for the command's.
    static func simulationOptions(_ o: SimulateOptions) -> SimulationOptions {
        var options = SimulationOptions(
            gestures: o.gestures, seed: o.seed, rate: .fixed(Double(o.rate)), extent: o.extent,
            direction: o.direction,
            labelNoise: o.ambiguous, timestampJitter: o.jitter, positionNoise: o.noise,
            outcomeRule: o.outcome.flatMap(Preset.named).map { $0.rule(extent: o.extent) })
        options.people = o.people
        options.peopleSeed = o.peopleSeed
        options.personColumn = o.people != nil
        options.spread = o.spread
        options.retries = o.retries
        options.others = o.others
        return options
    }
}
