import Foundation
import GesturePhysics
import GestureTrace
import GestureTuning

/// Format of the summary a command prints on standard output.
enum OutputFormat: String, Sendable, CaseIterable {
    case text, json, markdown
}

/// The options shared by `analyze` and `batch`, converted to the library's types.
struct CommonOptions: Sendable {
    var reader: ReaderOptions
    var physics: PhysicsOptions
    /// The settings given on the command line (`--direction`, `--extent`, `--estimator`,
    /// `--horizon`, `--max-samples`, `--max-gap`): these override the parameter file's.
    var givenSettings: SettingKeys = []
    /// `--params` as given: a file path or a preset name; nil when absent.
    var params: String?
    var format: OutputFormat
    /// `--jobs`, at least 1 (default: the active processor count).
    var jobs: Int

    init(
        reader: ReaderOptions = .init(), physics: PhysicsOptions = .init(),
        givenSettings: SettingKeys = [],
        params: String? = nil, format: OutputFormat = .text,
        jobs: Int = ProcessInfo.processInfo.activeProcessorCount
    ) {
        self.reader = reader
        self.physics = physics
        self.givenSettings = givenSettings
        self.params = params
        self.format = format
        self.jobs = jobs
    }

    /// The canonical column names `--map` may assign (trace-format.md, "Canonical columns").
    static let canonicalColumns = ReaderOptions.canonicalColumns

    static func parse(_ values: OptionValues) throws(UsageError) -> CommonOptions {
        var options = CommonOptions()
        options.reader = try readerOptions(values)
        options.physics = try physicsOptions(values)
        options.givenSettings = givenSettings(values)
        options.params = values.string("params")
        options.format = try values.enumValue("format", OutputFormat.self) ?? .text
        options.jobs =
            try values.int("jobs", min: 1, max: 1_024)
            ?? ProcessInfo.processInfo.activeProcessorCount
        return options
    }

    /// The settings given on the command line, which override the parameter file's.
    static func givenSettings(_ values: OptionValues) -> SettingKeys {
        let keys: [(String, SettingKeys)] = [
            ("direction", .direction), ("extent", .extent), ("estimator", .estimator),
            ("horizon", .horizon),
            ("max-samples", .maxSamples), ("max-gap", .maxGap), ("slop", .slop),
        ]
        var given: SettingKeys = []
        for (name, key) in keys where values.string(name) != nil { given.insert(key) }
        return given
    }

    static func readerOptions(_ values: OptionValues) throws(UsageError) -> ReaderOptions {
        var reader = ReaderOptions()
        for map in values.parsed.all("map") {
            for (canonical, sources) in try parseMap(map, values) {
                reader.mapping[canonical] = sources
            }
        }
        if let preset = values.string("preset") {
            reader.preset = try OptionValues(
                ParsedArguments(command: values.command, values: ["preset": [preset.lowercased()]])
            )
            .choice("preset", CommandSpecs.layoutPresets)
        }
        if let text = values.string("delimiter") {
            reader.delimiter = try parseDelimiter(text, values)
        }
        reader.timeUnit = try values.enumValue("time-unit", TimeUnit.self)
        reader.lenient = values.flag("lenient")
        if let n = try values.int("max-gesture-samples", min: 2) { reader.maxGestureSamples = n }
        if let n = try values.int("max-open-gestures", min: 1) { reader.maxOpenGestures = n }
        if let text = values.string("by") {
            let columns = text.split(separator: "+", omittingEmptySubsequences: false).map {
                String($0).trimmingCharacters(in: .whitespaces)
            }
            guard !columns.contains(where: \.isEmpty) else {
                throw values.error(
                    "invalid value '\(text)' for '--by': expected COLUMN or COLUMN+COLUMN")
            }
            reader.groupColumns = columns
        }
        for text in values.parsed.all("where") {
            guard let filter = RowFilter(parsing: text) else {
                throw values.error(
                    "invalid value '\(text)' for '--where': expected COLUMN=VALUE, COLUMN=A|B or COLUMN!=VALUE"
                )
            }
            reader.filters.append(filter)
        }
        if let text = values.string("phase-map") {
            guard let map = ReaderOptions.parsePhaseMap(text) else {
                throw values.error(
                    "invalid value '\(text)' for '--phase-map': expected VALUE=PHASE,... with PHASE one of began, moved, ended, cancelled (values of at most 16 bytes)"
                )
            }
            reader.phaseMap = map
        }
        reader.scale = try values.double("scale", max: 1e6, positive: true)
        if let text = values.string("columns") {
            let names = text.split(separator: ",", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            guard names.contains(where: { !$0.isEmpty }) else {
                throw values.error(
                    "invalid value '\(text)' for '--columns': expected column names separated by commas"
                )
            }
            reader.columnNames = names
        }
        return reader
    }

    static func physicsOptions(_ values: OptionValues) throws(UsageError) -> PhysicsOptions {
        var physics = PhysicsOptions()
        physics.direction = try values.enumValue("direction", Direction.self) ?? .right
        physics.extent = try values.double("extent", positive: true)
        physics.estimator = try values.enumValue("estimator", Estimator.self) ?? .lsq2
        if let h = try values.seconds("horizon", max: 3_600) { physics.window.horizon = h }
        if let n = try values.int("max-samples", min: 1, max: 1_000_000) {
            physics.window.maxSamples = n
        }
        if let g = try values.seconds("max-gap", max: 3_600) { physics.window.maxGap = g }
        if let slop = try values.double("slop", min: 0, max: 1e6) { physics.slop = slop }
        return physics
    }

    /// `t_ms=time[ms],phase=action,gesture=device_id+user_id` → canonical → source columns
    /// (`ReaderOptions.parseMapping`), with a "did you mean" for an unknown column.
    static func parseMap(
        _ text: String, _ values: OptionValues
    ) throws(UsageError) -> [String: [String]] {
        do {
            return try ReaderOptions.parseMapping(text)
        } catch {
            var message = error.description
            if case .unknownColumn(_, let column) = error,
                let s = Suggestion.nearest(to: column, in: canonicalColumns)
            {
                message += "; did you mean '\(s)'?"
            }
            throw values.error(message)
        }
    }

    static func parseDelimiter(_ text: String, _ values: OptionValues) throws(UsageError) -> UInt8 {
        switch text.lowercased() {
        case "tab", "\\t", "\t": return 9
        case "comma": return UInt8(ascii: ",")
        case "semicolon": return UInt8(ascii: ";")
        case "pipe": return UInt8(ascii: "|")
        default:
            let bytes = Array(text.utf8)
            guard bytes.count == 1, bytes[0] >= 0x20, bytes[0] < 0x7F,
                bytes[0] != UInt8(ascii: "\"")
            else {
                throw values.error(
                    "invalid value '\(text)' for '--delimiter': expected one printable ASCII character other than '\"', or tab"
                )
            }
            return bytes[0]
        }
    }
}
