import Foundation
import GestureAnalysis
import GestureIO
import GesturePhysics
import GestureReport
import GestureTrace
import GestureTuning

/// Options of `measure`, converted.
struct MeasureOptions: Sendable {
    var files: [String]
    var reader: ReaderOptions
    var physics: PhysicsOptions
    /// The physics settings given on the command line (they override the parameter file's).
    var givenSettings: SettingKeys
    /// `--params` (default: analyze's default preset).
    var params: String
    /// `--against`: a second set whose decision gets a column.
    var against: String?
    var format: MeasurementTable.Format
    /// `--out` (`-`: standard output).
    var out: String

    static func parse(_ values: OptionValues) throws(UsageError) -> MeasureOptions {
        try checkStandardInputOnce(values)
        let out = values.string("out") ?? "-"
        if out.isEmpty {
            throw values.error("invalid value '' for '--out': expected a file path or '-'")
        }
        let params = values.string("params") ?? Preset.defaultName
        let against = values.string("against")
        try InputOutputCheck.refuse(
            outputs: [("out", out)],
            inputs: values.parsed.positionals + [params] + [against].compactMap { $0 },
            command: "measure")
        return MeasureOptions(
            files: values.parsed.positionals, reader: try CommonOptions.readerOptions(values),
            physics: try CommonOptions.physicsOptions(values),
            givenSettings: CommonOptions.givenSettings(values), params: params, against: against,
            format: try values.enumValue("format", MeasurementTable.Format.self) ?? .csv, out: out)
    }
}

/// `gesturetune measure FILE...`: one row per gesture (CSV or NDJSON) as `analyze` measures it,
/// streamed as the files are read (`MeasurementStream`): memory stays flat however many
/// gestures. The physics settings are `analyze`'s (options over the `--params` file).
///
/// A malformed file stops the run with `analyze`'s error and status (65; strict reading, or
/// `--lenient`); an output file is replaced atomically, so it then keeps its previous contents.
enum MeasureCommand {
    static func run(_ options: MeasureOptions, console: Console) throws(CLIError) -> Outcome {
        let files = AnalyzePipeline.distinctFiles(
            try Corpus.expandingFolders(options.files), console: console)
        // Again with the folders walked (and standard input as the file it may be).
        do {
            try InputOutputCheck.refuse(
                outputs: [("out", options.out)], inputs: files, command: "measure")
        } catch {
            throw .usage(error)
        }
        let current = try AnalyzePipeline.loadParameters(
            options.params, extent: options.physics.extent)
        let against = try options.against.map { argument throws(CLIError) in
            try AnalyzePipeline.loadParameters(argument, extent: options.physics.extent)
        }
        let (settings, overrides) = InputSettings.resolve(
            reader: options.reader, physics: options.physics, given: options.givenSettings,
            current: current)
        let physics = settings.physics
        for o in overrides {
            console.diagnose(Diagnostic(location: nil, severity: .note, message: o.sentence))
        }
        let table = MeasurementTable(format: options.format, current: current, against: against)

        let file: Locked<AtomicFile.Stream>?
        if options.out == "-" {
            file = nil
        } else {
            do { file = Locked(try AtomicFile.Stream(path: options.out)) } catch {
                throw CLIError(error)
            }
        }
        let output: @Sendable (String) throws -> Void
        if let file {
            output = { text in try file.withLock { try $0.write(text) } }
        } else {
            output = { text in console.writeOut(text) }
        }
        let reads: [ReadSummary]
        do {
            reads = try MeasurementStream.write(
                files: files, reader: options.reader, physics: physics, header: table.header,
                row: { table.row($0, line: $1) }, to: output)
            try file?.withLock { try $0.commit() }
        } catch let error as TraceError {
            throw .trace(error)
        } catch let error as OutputError {
            throw CLIError(error)
        } catch {
            throw .internalError("\(error)")
        }
        if options.reader.lenient {
            AnalyzePipeline.reportSkippedRows(reads, console: console)
        }
        if options.out != "-" {
            let gestures = reads.map(\.gestures).reduce(0, +)
            console.err(
                "\(gestures) gesture\(gestures == 1 ? "" : "s") → \(TerminalText.escaped(options.out))"
            )
        }
        return .success
    }
}
