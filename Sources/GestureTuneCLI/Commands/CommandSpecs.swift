import GestureAnalysis
import GestureIO
import GesturePhysics
import GestureReport
import GestureTrace
import GestureTuning

/// The option groups and every command's spec (cli-and-reports.md, "Commands").
enum CommandSpecs {
    static let version = GestureTune.version

    static let readerOptions: [OptionSpec] = [
        OptionSpec(
            "map", value: "CANONICAL=SOURCE,...",
            help:
                "rename source columns, e.g. t_ms=time[ms],x=x-coordinate; group by several with gesture=a+b",
            default: "none", repeatable: true),
        OptionSpec(
            "preset", value: "NAME",
            help: "column layout preset: \(layoutPresets.joined(separator: ", "))", default: "none"),
        OptionSpec(
            "delimiter", value: "CHAR",
            help:
                "field delimiter: one character such as ',', ';', '|', or tab (also comma, semicolon, pipe)",
            default: "detected from the header"),
        OptionSpec(
            "time-unit", value: "s|ms|us|ns", help: "unit of the time column",
            default: "from the column name"),
        OptionSpec(
            "max-gesture-samples", value: "N",
            help: "most samples in one gesture; more is an error", default: "100000"),
        OptionSpec(
            "max-open-gestures", value: "N",
            help:
                "most gestures open at once; more is an error (--lenient: the oldest is dropped as not-closed)",
            default: "10000"),
        OptionSpec(
            "where", value: "COLUMN=VALUE",
            help:
                "read only rows whose COLUMN is VALUE (a|b: any of them; != for none of them); repeatable, all must hold",
            default: "all rows", repeatable: true),
        OptionSpec(
            "phase-map", value: "VALUE=PHASE,...",
            help: "phase values of the file and the phase each means, e.g. HELD=moved",
            default: "none"),
        OptionSpec(
            "scale", value: "PT_PER_UNIT",
            help: "points per coordinate unit of the file (overrides a dpi column)",
            default: "a dpi column (160 dpi = 1 pt per px), else the file's unit"),
        OptionSpec(
            "columns", value: "NAME,...",
            help: "the file has no header: name its columns in order (an empty name ignores one)",
            default: "the header row"),
    ]

    static let lenientOption = OptionSpec(
        "lenient", help: "skip malformed rows (counted) instead of failing", default: "off")

    static let physicsOptions: [OptionSpec] = [
        OptionSpec(
            "direction", value: "right|left|down|up", help: "axis and sense of the transition",
            default: "right, or the parameter file's"),
        OptionSpec(
            "extent", value: "PT",
            help: "container size along the axis when the trace has no width/height column",
            default: "the parameter file's, else \(Int(PhysicsOptions.defaultExtent))"),
        OptionSpec(
            "estimator", value: "NAME",
            help: "release velocity estimator: lsq2, lsq1, impulse, delta, platform",
            default: PhysicsOptions().estimator.rawValue),
        OptionSpec(
            "horizon", value: "SECONDS",
            help: "oldest sample age kept by the velocity window ('100ms' also accepted)",
            default: NumberText.fixed(VelocityWindow().horizon, 3)),
        OptionSpec(
            "max-samples", value: "N", help: "most samples kept by the velocity window",
            default: "\(VelocityWindow().maxSamples)"),
        OptionSpec(
            "max-gap", value: "SECONDS",
            help:
                "largest gap between kept samples, and the rest rule before lift-off ('40ms' also accepted)",
            default: NumberText.fixed(VelocityWindow().maxGap, 3)),
        OptionSpec(
            "slop", value: "PT",
            help:
                "distance the finger moves before the start-of-gesture gate reads its direction",
            default: "the parameter file's, else \(Int(Gate.defaultSlop))"),
    ]

    static func paramsOption(default text: String) -> OptionSpec {
        OptionSpec(
            "params", value: "FILE|PRESET",
            help:
                "current parameters: a params.json file or a preset (\(Preset.all.map(\.name).joined(separator: ", ")))",
            default: text)
    }

    static func byOption(help: String) -> OptionSpec {
        OptionSpec("by", value: "COLUMN[+COLUMN]", help: help, default: "none")
    }

    static let formatOption = OptionSpec(
        "format", value: "text|json|markdown", help: "format of the summary on standard output",
        default: "text")

    static func jobsOption() -> OptionSpec {
        OptionSpec("jobs", value: "N", help: "parallel workers (1 to 1024)", default: "all cores")
    }

    static let gateOptions: [OptionSpec] = [
        OptionSpec(
            "max-error", value: "FRACTION",
            help:
                "a case fails when its end-to-end error (wrong / meant and other gestures) exceeds this",
            default:
                "the error params.json was shipped with (its expectedError): a case fails when above it beyond chance (binomial, p < 0.05); \(defaultMaxError) for a preset or a file without it"
        ),
        OptionSpec(
            "max-false-triggers", value: "FRACTION",
            help:
                "a case fails when the parameters' gate admits more than this share of its gestures labelled other",
            default: "none"),
        OptionSpec(
            "max-misses", value: "FRACTION",
            help:
                "a case fails when the parameters' gate refuses more than this share of its labelled gestures",
            default: "none"),
        OptionSpec(
            "baseline", value: "FILE",
            help:
                "JSON summary of an earlier run; a case fails when worse than its entry by more than --tolerance",
            default: "none"),
        OptionSpec(
            "tolerance", value: "FRACTION", help: "how much worse than the baseline a case may be",
            default: "0"),
        OptionSpec(
            "allow-empty",
            help:
                "pass a run in which no file holds a labelled gesture (by default it fails: nothing was checked)",
            default: "off"),
        OptionSpec(
            "write-baseline", value: "FILE",
            help: "record this run's summary as a baseline for later runs", default: "none"),
        OptionSpec(
            "junit", value: "FILE",
            help:
                "write JUnit XML: one testsuite, one testcase per file with its error rate, counts and time ('-' for stdout)",
            default: "none"),
        OptionSpec(
            "json", value: "FILE",
            help: "write the summary as JSON, schema gesturetune.batch/1 ('-' for stdout)",
            default: "none"),
        OptionSpec(
            "show", value: "N",
            help:
                "gestures a failing file names (id, line, what was meant, what the gate and rule did), in the terminal and the JUnit failure message",
            default: "\(GateOutputs.defaultShow)"),
    ]

    static let defaultMaxError = 0.05
    static let layoutPresets = ReaderOptions.presetNames

    static let exitStatus = """
        EXIT STATUS:
          0 success, 1 a gate failed, 64 usage error, 65 malformed input,
          66 input missing or unreadable, 70 internal error, 71 out of file descriptors,
          73 output not created,
          130 interrupted (temporary outputs removed)
        """

    static let analyze = CommandSpec(
        name: "analyze", summary: "analyse traces, suggest parameters, write a report",
        usage: "gesturetune analyze FILE... [options]",
        positionalName: "FILE...",
        positionalHelp:
            "trace CSV files, plain or gzip/zstd compressed, or folders of them (every *.csv, *.csv.gz and *.csv.zst inside, recursively, sorted; the first names the report), analysed as one pooled set ('-' reads standard input)",
        minPositionals: 1,
        options: readerOptions + [lenientOption] + physicsOptions + [
            paramsOption(default: Preset.defaultName),
            OptionSpec(
                "out", value: "DIR", help: "folder the report folder is written into",
                default: "notebooks-out"),
            OptionSpec(
                "name", value: "NAME", help: "report name", default: "the first file's name"),
            formatOption,
            OptionSpec("no-report", help: "print the figures only, write no files", default: "off"),
            OptionSpec(
                "seed", value: "N", help: "seed of cross-validation folds and bootstrap resamples",
                default: "1"),
            OptionSpec(
                "resamples", value: "N",
                help:
                    "bootstrap resamples for the suggested parameters' intervals (0: no intervals)",
                default: "1000"),
            jobsOption(),
            OptionSpec(
                "target-duration", value: "SECONDS",
                help: "target settling time of the suggested spring",
                default: "\(TuningOptions.defaultTargetDuration)"),
            OptionSpec(
                "rule", value: "threshold|forward|projection|kinematic|logistic",
                help:
                    "family of the suggested rule (logistic: the fitted boundary, threshold when it does not converge)",
                default:
                    "by cross-validated error among threshold, forward, projection, progress alone (projection at tau 0) and the logistic fit (shipped as a projection when it is one), with the one-standard-error rule: within one standard error of the lowest, the fewest parameters"
            ),
            OptionSpec(
                "tau", value: "SECONDS",
                help: "projection look-ahead tau, fixed (0 to 1 s; '150ms' also accepted)",
                default: "searched in [0, 1] s"),
            byOption(
                help:
                    "per-group parameters for each value of these columns, compared with one pooled set out of sample"
            ),
            OptionSpec(
                "max-groups", value: "N",
                help: "most --by groups (values of the columns); more fail the run (65)",
                default: "\(AnalyzeOptions.defaultMaxGroups)"),
            OptionSpec(
                "labels", value: "intent|implicit",
                help:
                    "implicit: a cancelled gesture retried in the same direction within --retry-window was meant to complete; others keep their outcome",
                default:
                    "intent, or implicit (with a notice) when there is an outcome column and no intent column"
            ),
            OptionSpec(
                "relabel", value: "FILE",
                help:
                    "a labels file (file,line,gesture,intent, as the report's relabel tool exports it) applied over the traces' own labels; a note says how many it changed",
                default: "none"),
            OptionSpec(
                "retry-window", value: "SECONDS",
                help:
                    "longest pause between a cancelled gesture and its retry ('1500ms' also accepted)",
                default: "1.5"),
            OptionSpec(
                "switch-cost", value: "POINTS",
                help:
                    "points of expected error (per 100 labelled gestures) a change from the current parameters must save to ship",
                default:
                    "\(RuleParameterSpec.plain(Recommendation.defaultSwitchCost)): ship what is expected to misread fewest"
            ),
            OptionSpec(
                "false-trigger-cost", value: "LAMBDA",
                help:
                    "what a gesture not meant for the transition (intent other) that starts it costs, in missed swipes, when the gate is tuned",
                default: "1"),
            OptionSpec(
                "sample", value: "N",
                help:
                    "gestures the report shows one by one (misdecided and ambiguous first, then a seeded sample)",
                default: "\(GestureSample.defaultCapacity)"),
            OptionSpec(
                "shard", value: "K/N",
                help:
                    "analyse only every N-th file of the sorted list, starting at the K-th (1-based); needs --partial",
                default: "none (all files)"),
            OptionSpec(
                "partial", value: "FILE",
                help:
                    "write this run's mergeable partial result (schema \(AnalysisPartial.schemaName)) instead of a report; 'gesturetune merge' turns the partials into the report",
                default: "none"),
        ],
        examples: [
            "gesturetune analyze traces/swipe.csv",
            "gesturetune analyze a.csv b.csv --params params.json --name swipe-back --out reports",
            "gesturetune analyze traces/*.csv --shard 2/8 --partial out/part-2.json",
        ],
        discussion: """
            With --shard K/N --partial FILE each of N runs (given the same files and options) reads
            its share of the files and writes a partial result of bounded size; 'gesturetune merge
            out/part-*.json' writes the report an unsharded run writes, byte for byte.

            """ + "\n" + exitStatus)

    static let batch = CommandSpec(
        name: "batch", summary: "evaluate a parameter set over many trace files (CI gate)",
        usage: "gesturetune batch PATH... --params FILE|PRESET [options]",
        positionalName: "PATH...",
        positionalHelp:
            "trace files (plain, gzip or zstd), or folders searched recursively for *.csv, *.csv.gz and *.csv.zst (hidden entries skipped); '-' reads standard input",
        minPositionals: 1,
        options: [paramsOption(default: "none (required)")] + gateOptions + [
            byOption(
                help:
                    "also count each value of these columns on its own (rows per group in --json and --junit)"
            ),
            OptionSpec(
                "shard", value: "K/N",
                help: "run only every N-th file of the sorted list, starting at the K-th (1-based)",
                default: "none (all files)"),
            jobsOption(),
            formatOption,
        ] + readerOptions + [lenientOption] + physicsOptions,
        examples: [
            "gesturetune batch traces/ --params params.json --max-error 0.05 --baseline ci/baseline.json --junit out/gesturetune.xml --json out/summary.json",
            "gesturetune batch traces/ --params params.json --shard 2/4 --json out/shard-2.json",
        ],
        discussion: """
            A case is one file. Its error is the share of its labelled gestures (closed by 'ended')
            that the parameter set's rule decides against their intent. A case fails when the error
            exceeds --max-error or its baseline entry by more than --tolerance; a file without
            labelled gestures is skipped; a malformed file is an error case and the rest still run.
            A run in which no file holds a labelled gesture fails ("no labelled gestures: nothing
            was checked") unless --allow-empty is given; a shard (--shard) is exempt, merge checks.
            Status: 0 all cases pass, 1 any case fails, 65 any file is malformed (65 wins over 1).

            """ + "\n" + exitStatus)

    static let merge = CommandSpec(
        name: "merge", summary: "combine the results of sharded batch or analyze runs",
        usage: "gesturetune merge PARTIAL.json... [options]",
        positionalName: "PARTIAL.json...",
        positionalHelp:
            "the --json summaries of batch shards 1/N ... N/N of one corpus, or the --partial files of analyze shards 1/N ... N/N",
        minPositionals: 1,
        options: gateOptions.map { option in
            var option = option
            if option.name == "max-error" || option.name == "tolerance" || option.name == "baseline"
                || option.name == "allow-empty"
            {
                option.defaultText = "as recorded in the partial summaries"
            }
            return option
        } + [
            formatOption,
            OptionSpec(
                "out", value: "DIR",
                help: "analyze partials: folder the report folder is written into",
                default: "notebooks-out"),
            OptionSpec(
                "name", value: "NAME", help: "analyze partials: report name",
                default: "the first file's name"),
            OptionSpec(
                "no-report", help: "analyze partials: print the figures only, write no files",
                default: "off"),
            OptionSpec(
                "max-groups", value: "N",
                help:
                    "analyze partials: most --by groups in all; more fail the merge (65), as the unsharded run",
                default: "\(AnalyzeOptions.defaultMaxGroups)"),
            jobsOption(),
        ],
        examples: [
            "gesturetune merge out/shard-*.json --junit out/gesturetune.xml --json out/summary.json",
            "gesturetune merge out/part-*.json --out reports --name swipe",
        ],
        discussion: """
            The shards must come from one corpus and one set of options, every shard exactly once.
            Batch summaries: the merged result equals an unsharded run's and the same gate decides
            the status: it fails when no file of the corpus holds a labelled gesture, unless
            --allow-empty. Analyze partials (schema \(AnalysisPartial.schemaName)): the report
            and summary of 'gesturetune analyze' on all the files; partials made with different
            settings are refused naming the setting (65), as are a missing or repeated shard and
            a mix of batch summaries and analyze partials.

            """ + "\n" + exitStatus)

    static let validate = CommandSpec(
        name: "validate", summary: "check trace files and print every problem found",
        usage: "gesturetune validate FILE... [options]",
        positionalName: "FILE...",
        positionalHelp:
            "trace CSV files, plain or gzip/zstd compressed, or folders of them (every *.csv, *.csv.gz and *.csv.zst inside, recursively) ('-' reads standard input)",
        minPositionals: 1,
        options: readerOptions + [
            OptionSpec(
                "max-problems", value: "N", help: "problems printed per file; the rest are counted",
                default: "50")
        ],
        examples: [
            "gesturetune validate traces/*.csv",
            "gesturetune validate data.csv --map t_ms=time[ms],phase=action",
        ],
        discussion: """
            Problems go to standard error as 'file:line: error: ...'; one summary line per file
            (rows, gestures, skipped by reason) goes to standard output.
            Status: 0 every file clean, 65 any problem, 66 any file missing or unreadable.

            """ + "\n" + exitStatus)

    static let measure = CommandSpec(
        name: "measure",
        summary: "one row per gesture (CSV or NDJSON): what analyze measures and the decisions",
        usage: "gesturetune measure FILE... [options]",
        positionalName: "FILE...",
        positionalHelp:
            "trace CSV files, plain or gzip/zstd compressed, or folders of them (every *.csv, *.csv.gz and *.csv.zst inside, recursively, sorted), read in order ('-' reads standard input)",
        minPositionals: 1,
        options: readerOptions + [lenientOption] + physicsOptions + [
            paramsOption(default: Preset.defaultName),
            OptionSpec(
                "against", value: "FILE|PRESET",
                help:
                    "a second parameter set (e.g. a report's params.json): adds its decision in decision_against",
                default: "none"),
            OptionSpec(
                "format", value: "csv|ndjson", help: "CSV with a header, or one JSON object a line",
                default: "csv"),
            OptionSpec(
                "out", value: "FILE", help: "file to write, replaced atomically ('-' for stdout)",
                default: "standard output"),
        ],
        examples: [
            "gesturetune measure traces/swipe.csv > gestures.csv",
            "gesturetune measure logs/*.csv.gz --params params.json --against notebooks-out/swipe/params.json --format ndjson --out gestures.ndjson",
        ],
        discussion: """
            Columns (CSV header; NDJSON keys): file, id, line (of the gesture's first sample),
            intent, outcome, p_r, v_p (progress/s, what the rules decide on), v (pt/s),
            v_lsq2, v_lsq1, v_impulse, v_delta, v_platform (each estimator, pt/s; v_platform
            empty without vx/vy), extent, duration, samples, flags (';'-joined, report.json's
            names), interrupted, decision (--params), decision_against (--against only).
            Names are report.json's gesture keys, so rows join with a report on file and id.
            Rows are written as the gestures close, in file order then gesture order; memory
            does not grow with the number of gestures. A malformed file stops the run (65) as
            in analyze; rows of what came before it have been written to standard output.

            """ + "\n" + exitStatus)

    static let simulate = CommandSpec(
        name: "simulate", summary: "write labelled synthetic traces (seeded) to stdout or --out",
        usage: "gesturetune simulate [options]",
        maxPositionals: 0,
        options: [
            OptionSpec(
                "gestures", value: "N", help: "gestures per file (at most 10000000)", default: "200"
            ),
            OptionSpec(
                "files", value: "N",
                help: "number of files (at most 100000); more than 1 needs --out DIR", default: "1"),
            OptionSpec(
                "seed", value: "N", help: "random seed: same seed, same bytes", default: "1"),
            OptionSpec("rate", value: "60|120|240", help: "sampling rate, Hz", default: "120"),
            OptionSpec(
                "extent", value: "PT", help: "container size along the axis (at most 1000000)",
                default: RuleParameterSpec.plain(PhysicsOptions.defaultExtent)),
            OptionSpec(
                "direction", value: "right|left|down|up", help: "axis and sense of the transition",
                default: "right"),
            OptionSpec(
                "jitter", value: "SECONDS",
                help: "timestamp jitter, standard deviation, at most 1 s ('1ms' also accepted)",
                default: "0.001"),
            OptionSpec(
                "noise", value: "PT", help: "position noise, standard deviation (at most 1000000)",
                default: "0.5"),
            OptionSpec(
                "ambiguous", value: "FRACTION",
                help: "share of gestures whose intent label disagrees with their motion",
                default: "0.05"),
            OptionSpec(
                "outcome", value: "PRESET",
                help:
                    "add an outcome column: what this preset decides from each gesture's true release state",
                default: "none"),
            OptionSpec("outcomes", value: "PRESET", help: "the same as --outcome", default: "none"),
            OptionSpec(
                "retries",
                help:
                    "with --outcome: a gesture the app cancelled though it was meant to complete is retried 0.2 to 1 s later (1 in 10 people give up); one gesture stream per person; the true intent goes in a 'meant' column (read it with --map intent=meant)",
                default: "off"),
            OptionSpec(
                "people", value: "N", help: "people, written in a person column (p1, p2, ...)",
                default: "one per 25 gestures, no person column"),
            OptionSpec(
                "people-seed", value: "N",
                help:
                    "draw the people's speed, hesitation, edge habit, drift and device from this seed alone: files of other --seed values hold new gestures of the same people",
                default: "drawn from --seed"),
            OptionSpec(
                "spread", value: "S",
                help:
                    "each person means complete from their own release-progress threshold, spread evenly over 0.5 ± S/2 (0 to 0.9)",
                default: "none: intent follows the motion"),
            OptionSpec(
                "others", value: "FRACTION",
                help:
                    "add round(FRACTION × --gestures) gestures not meant for the transition (intent other): scrolls across the axis, mid-screen carousel swipes, diagonal thumbs, taps",
                default: "none"),
            OptionSpec(
                "others-mix", value: "W,W,W,W",
                help: "weights of scroll, carousel, diagonal and tap among --others",
                default: "4,3,2,1"),
            OptionSpec(
                "others-spread", value: "DEGREES",
                help: "standard deviation of a scroll's drift from the cross axis (--others)",
                default: "15"),
            OptionSpec(
                "out", value: "PATH", help: "file (or folder with --files) to write",
                default: "standard output"),
        ],
        examples: [
            "gesturetune simulate --gestures 500 --seed 7 > traces/sim.csv",
            "gesturetune simulate --files 2000 --gestures 50 --out bench/out/corpus",
        ],
        discussion: exitStatus)

    static let recorder = CommandSpec(
        name: "recorder",
        summary: "write a drop-in trace recorder for an app (UIKit, SwiftUI, Android, web)",
        usage: "gesturetune recorder --platform uikit|swiftui|android|web [options]",
        maxPositionals: 0,
        options: [
            OptionSpec(
                "platform", value: "uikit|swiftui|android|web", help: "the app's platform",
                default: "none (required)"),
            OptionSpec(
                "out", value: "DIR", help: "folder the recorder files are written into",
                default: "standard output"),
        ],
        examples: [
            "gesturetune recorder --platform uikit --out MyApp/Recording",
            "gesturetune recorder --platform web > gesture-trace-recorder.js",
        ],
        discussion: """
            The recorder logs the canonical trace CSV (gesture,t,x,y,phase,width,height,vx,vy,
            outcome,intent) that 'gesturetune analyze' reads with no option, and labels intent
            through scripted trials (beginTrial). See README.md, "Recording traces".

            """ + "\n" + exitStatus)

    static let diff = CommandSpec(
        name: "diff",
        summary: "what changed between two runs' report.json (errors, parameters, decisions)",
        usage: "gesturetune diff A/report.json B/report.json [options]",
        positionalName: "A B", positionalHelp: "two report.json files: before and after",
        minPositionals: 2, maxPositionals: 2,
        options: [
            OptionSpec(
                "format", value: "text|json|html",
                help: "text lines, JSON (schema gesturetune.diff/1) or an HTML page",
                default: "text"),
            OptionSpec(
                "out", value: "FILE", help: "file to write ('-' for standard output)",
                default: "standard output"),
            OptionSpec(
                "fail-on-increase", value: "POINTS",
                help:
                    "exit 1 when the current rule's error rose by more than POINTS percentage points (0 to 100) from A to B",
                default: "off"),
            OptionSpec(
                "fail-on-moved",
                help:
                    "exit 1 when a suggested parameter of B lies outside A's 95% interval, or the suggested rule changed family",
                default: "off"),
        ],
        examples: [
            "gesturetune diff before/swipe/report.json after/swipe/report.json",
            "gesturetune diff a/report.json b/report.json --format html --out diff.html",
            "gesturetune diff main/report.json pr/report.json --fail-on-increase 0.5 --fail-on-moved",
        ],
        discussion: """
            Gestures are matched by file name and id; a report.json holding only a sample of gestures
            compares the gestures both hold.

            The checks run after the output is written and name each reason on standard error.
            A check that cannot be made fails too: --fail-on-increase when A or B has no intent
            labels, --fail-on-moved when A holds no intervals (analysed with --resamples 0).
            Exit 1 when a check fails (a gate, as in batch).

            """ + "\n" + exitStatus)

    static let all: [CommandSpec] = [
        analyze, batch, merge, validate, measure, simulate, recorder, diff,
    ]
}
