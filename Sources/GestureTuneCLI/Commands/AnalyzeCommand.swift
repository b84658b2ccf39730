import Foundation
import GestureAnalysis
import GestureIO
import GesturePhysics
import GestureReport
import GestureTrace
import GestureTuning

/// Options of `analyze`, converted to the library's types.
struct AnalyzeOptions: Sendable {
    /// Input files; `-` is standard input.
    var files: [String]
    var common: CommonOptions
    /// `--out` (default `notebooks-out`): the report folder is `out/name/`.
    var out: String
    /// `--name`; nil means the first file's name without extension (the folder's name when the
    /// first argument is a folder: `expandingFolders`).
    var name: String?
    /// `--no-report`: figures on stdout only, no files.
    var noReport: Bool
    /// `--seed` (default 1): cross-validation folds and bootstrap resamples.
    var seed: UInt64
    /// `--target-duration` (s, default 0.35): the spring's target settling time.
    var targetDuration: Double
    /// `--rule`: the suggested rule's family; nil picks the family with the lowest
    /// cross-validated error among threshold, forward, projection and the logistic fit (ties to
    /// the current one).
    var rule: RuleFamily? = nil
    /// `--tau` (s, 0…1): the projection look-ahead fixed; nil searches it over [0, 1] s.
    var tau: Double? = nil
    /// `--resamples` (default 1000; 0: no bootstrap intervals).
    var resamples: Int = 1000
    /// `--labels`: nil decides from the columns (implicit with an outcome and no intent column).
    var implicitLabels: Bool? = nil
    /// `--retry-window` (s, default 1.5).
    var retryWindow: Double = ImplicitLabels.defaultRetryWindow
    /// `--shard K/N`: only every N-th file of the sorted list, starting at the K-th (`Corpus.shard`).
    var shard: Shard? = nil
    /// `--partial FILE`: write the shard's mergeable partial result there instead of a report.
    var partial: String? = nil
    /// `--sample N`: gestures the report shows one by one (`GestureSample`).
    var sampleSize: Int = GestureSample.defaultCapacity
    /// `--max-groups N`: the most `--by` groups; more fail the run (65), before they use the
    /// memory and time of their statistics and tunings.
    var maxGroups: Int = AnalyzeOptions.defaultMaxGroups
    /// `--false-trigger-cost λ` (default 1): a false trigger of the gate costs λ misses.
    var falseTriggerCost: Double = 1
    /// `--switch-cost POINTS`: expected error a change must save to ship; nil: the default.
    var switchCost: Double? = nil
    /// `--relabel FILE`: a labels file (`LabelOverlay`) applied over the traces' own labels.
    var relabel: String? = nil

    /// Default `--max-groups`: far more than the devices, hands or people a comparison of
    /// parameter sets is about, well below where group statistics cost gigabytes.
    static let defaultMaxGroups = 500

    static func parse(_ values: OptionValues) throws(UsageError) -> AnalyzeOptions {
        try checkStandardInputOnce(values)
        if let name = values.string("name"),
            name.isEmpty || name == "." || name == ".." || name.contains("/") || name.contains("\0")
        {
            throw values.error(
                "invalid value '\(name)' for '--name': expected a plain folder name (no '/'), e.g. swipe-back"
            )
        }
        if values.string("out") == "" {
            throw values.error("invalid value '' for '--out': expected a folder path")
        }
        let tau = try values.seconds("tau", allowZero: true)
        if let tau, tau > 1, let text = values.string("tau") {
            throw values.error("invalid value '\(text)' for '--tau': must be at most 1 s")
        }
        let shard = try values.string("shard").map { text throws(UsageError) in
            try BatchOptions.parseShard(text, values)
        }
        let partial = values.string("partial")
        if shard != nil && partial == nil {
            throw values.error(
                "'--shard' needs '--partial FILE': a shard writes a partial result for 'gesturetune merge'"
            )
        }
        if let partial {
            if partial.isEmpty || partial == "-" {
                throw values.error(
                    "invalid value '\(partial)' for '--partial': expected a file path")
            }
            for name in ["out", "name", "no-report"]
            where values.string(name) != nil || values.flag(name) {
                throw values.error(
                    "'--\(name)' does not apply with '--partial': 'gesturetune merge' writes the report"
                )
            }
            let read = values.parsed.positionals + [values.string("params")].compactMap { $0 }
            if let input = read.first(where: { $0 != "-" && AtomicFile.sameFile(partial, $0) }) {
                throw values.error(
                    "'--partial \(partial)' names the input \(input): the output would replace it")
            }
        }
        return AnalyzeOptions(
            files: values.parsed.positionals, common: try CommonOptions.parse(values),
            out: values.string("out") ?? "notebooks-out", name: values.string("name"),
            noReport: values.flag("no-report"),
            seed: try values.uint64("seed") ?? 1,
            targetDuration: try values.seconds("target-duration", max: 60)
                ?? TuningOptions.defaultTargetDuration,
            rule: try values.enumValue("rule", RuleFamily.self), tau: tau,
            resamples: try values.int("resamples", min: 0, max: 100_000) ?? 1000,
            implicitLabels: try values.choice("labels", ["intent", "implicit"]).map {
                $0 == "implicit"
            },
            retryWindow: try values.seconds("retry-window", allowZero: true, max: 3600)
                ?? ImplicitLabels.defaultRetryWindow,
            shard: shard, partial: partial,
            sampleSize:
                try values.int("sample", min: 0, max: 1_000_000) ?? GestureSample.defaultCapacity,
            maxGroups: try values.int("max-groups", min: 1, max: 1_000_000) ?? defaultMaxGroups,
            falseTriggerCost: try values.double("false-trigger-cost", min: 0, max: 1e6) ?? 1,
            switchCost: try values.double("switch-cost", min: 0, max: 100),
            relabel: values.string("relabel"))
    }

    /// The options with every folder among the files replaced by its trace files
    /// (`Corpus.expandingFolders`); without `--name`, a folder named first names the report
    /// (`analyze study/` writes `notebooks-out/study/`; its partials carry the name to `merge`).
    func expandingFolders() throws(CLIError) -> AnalyzeOptions {
        var expanded = self
        if name == nil, let first = files.first, first != "-", Corpus.isFolder(first) {
            expanded.name = Corpus.folderName(first)
        }
        expanded.files = try Corpus.expandingFolders(files)
        return expanded
    }

    /// The report's name: `--name`, else the first file's base name without extension (`stdin` for `-`),
    /// a compressed trace's too (`swipe` for `swipe.csv.gz` and `swipe.csv.zst`).
    var reportName: String {
        if let name { return name }
        guard let first = files.first, first != "-" else { return "stdin" }
        var base = Substring(first.split(separator: "/").last.map(String.init) ?? first)
        for suffix in [".gz", ".zst"] where base.lowercased().hasSuffix(suffix) {
            if base.count > suffix.count + 1 { base = base.dropLast(suffix.count) }
        }
        guard let dot = base.lastIndex(of: "."), dot != base.startIndex else { return String(base) }
        return String(base[..<dot])
    }
}

/// `-` may be named once: standard input cannot be read twice.
func checkStandardInputOnce(_ values: OptionValues) throws(UsageError) {
    if values.parsed.positionals.filter({ $0 == "-" }).count > 1 {
        throw values.error("'-' (standard input) can be named only once")
    }
}

/// `gesturetune analyze`.
enum AnalyzeCommand {
    /// Reads every input first (so a malformed file stops the run before anything is written),
    /// then measures, tunes, writes the report and prints the summary (`AnalyzePipeline`).
    /// A report folder that may not be replaced is refused before the work, not after it.
    static func run(_ options: AnalyzeOptions, console: Console) throws(CLIError) -> Outcome {
        let options = try options.expandingFolders()
        // A shard's partial never replaces a trace the folder walk found (or standard input).
        if let partial = options.partial {
            do {
                try InputOutputCheck.refuse(
                    outputs: [("partial", partial)],
                    inputs: options.files + [options.common.params].compactMap { $0 },
                    command: "analyze")
            } catch {
                throw .usage(error)
            }
        }
        if !options.noReport, options.partial == nil {
            let inputs = options.files + [options.common.params].compactMap { $0 }
            try ReportFolderOutput.check(out: options.out, name: options.reportName, inputs: inputs)
        }
        return try AnalyzePipeline.run(options, console: console)
    }
}
