import GestureIO
import GesturePhysics
import GestureTuning

/// What the per-platform snippet templates (`Templates/snippets/`) are filled from: plain named
/// values, so that any producer of a suggestion can fill them.
public struct SnippetValues: Sendable, Equatable {
    /// The suggested rule's family.
    public var family: RuleFamily
    /// The rule's parameters by their `params.json` key (`progressThreshold`,
    /// `velocityThreshold`, `tau`, `distanceThreshold`, `kinematicDuration`, `intercept`,
    /// `progressCoefficient`, `velocityCoefficient`); velocities in progress/s.
    public var ruleParameters: [String: Double]
    public var direction: Direction
    /// Duration of the linear transition animation, s.
    public var transitionDuration: Double
    /// The longest a release takes to settle at the finger's speed, s; nil: `transitionDuration`.
    public var fingerSpeedCap: Double?
    /// Degrees from the axis within which a drag may start.
    public var directionLockAngle: Double
    /// pt from the leading edge within which a pop may start.
    /// None: a start anywhere in the container is admitted (the whole extent).
    public var edgeWidth: Double?
    public var dampingRatio: Double
    /// Spring response, s.
    public var springResponse: Double
    /// The velocity estimator the thresholds were fitted on (`lsq2`, `platform`, ...), and whether
    /// the traces carried the platform's own `vx, vy`.
    public var estimator: String
    public var platformVelocityRecorded: Bool
    /// Header lines (no comment marker): what wrote the file, from which gestures, the rule, its error.
    public var headerLines: [String]
    /// The transition's name (the report's `--name`): the snippet's declarations are named
    /// after it (`swipe-back` → `SwipeBackTuning`, `SwipeBackPopInteraction`), so two
    /// transitions' snippets live in one app target.
    public var name: String
    /// The parameter set the snippets' parameters block holds, key for key as `params.json`
    /// (`batch --params SNIPPET` reads it back equal). Built from the values above when not given.
    public var parameterSet: ParameterSet

    /// Direction lock when none was measured or set: 90°, as the gate reads an absent lock
    /// (`Gate.defaultLockAngle`; any direction with a component along the axis).
    public static let fallbackDirectionLockAngle = Gate.defaultLockAngle
    public init(
        family: RuleFamily, ruleParameters: [String: Double], direction: Direction,
        transitionDuration: Double,
        fingerSpeedCap: Double?, directionLockAngle: Double, edgeWidth: Double?,
        dampingRatio: Double,
        springResponse: Double, estimator: String, platformVelocityRecorded: Bool,
        headerLines: [String], parameterSet: ParameterSet? = nil, name: String = "transition"
    ) {
        self.name = name
        self.family = family
        self.ruleParameters = ruleParameters
        self.direction = direction
        self.transitionDuration = transitionDuration
        self.fingerSpeedCap = fingerSpeedCap
        self.directionLockAngle = directionLockAngle
        self.edgeWidth = edgeWidth
        self.dampingRatio = dampingRatio
        self.springResponse = springResponse
        self.estimator = estimator
        self.platformVelocityRecorded = platformVelocityRecorded
        self.headerLines = headerLines
        if let parameterSet {
            self.parameterSet = parameterSet
        } else {
            let rule =
                (try? Rule(family: family) { (spec: RuleParameterSpec) throws(TemplateError) in
                    guard let v = ruleParameters[spec.key] else {
                        throw .missingValue(name: spec.key, template: "rule")
                    }
                    return v
                }) ?? .threshold(progress: 0.5, velocity: 1)
            var set = ParameterSet(
                rule: rule, direction: direction, transitionDuration: transitionDuration,
                fingerSpeedCap: fingerSpeedCap,
                spring: .init(dampingRatio: dampingRatio, response: springResponse),
                edgeWidth: edgeWidth, directionLockAngle: directionLockAngle)
            set.estimator = Estimator(rawValue: estimator)
            self.parameterSet = set
        }
    }
}

/// The suggestion as code per platform and per transition, from `Templates/snippets/`.
///
/// `right`/`left` get the UIKit pop (`uikit/PopInteraction.swift`), `down`/`up` the UIKit
/// interactive dismiss (`uikit/DismissInteraction.swift`); every direction gets the interruptible
/// spring (`uikit/InterruptibleSpringPan.swift`), SwiftUI (`swiftui/DragTransition.swift`),
/// Kotlin (`android/DragTransition.kt`) and JavaScript (`web/drag-transition.js`). Each file holds
/// the parameters block (`params.json`'s set, between marker comments, in a declaration named
/// after the transition: `SwipeBackTuning`), and the platform glue that feeds the runtime
/// (`GestureTuneRuntime`, `runtimes/android`, `runtimes/web`: gate, release velocity, rule,
/// completion) touches in a frame that does not move with the finger. Two transitions'
/// snippets compile together: every declaration carries the transition's name.
public enum SnippetTemplates {
    enum Language: String, Sendable {
        case swift, kotlin = "kt", javascript = "js"
    }

    /// The snippet paths under `snippets/` for a transition in `direction`, in a fixed order:
    /// the UIKit pop (`right`, `left`) or dismiss (`down`, `up`) first.
    public static func names(for direction: Direction) -> [String] {
        let uikit =
            direction == .right || direction == .left
            ? "uikit/PopInteraction.swift" : "uikit/DismissInteraction.swift"
        return [
            uikit, "uikit/InterruptibleSpringPan.swift", "swiftui/DragTransition.swift",
            "android/DragTransition.kt", "web/drag-transition.js",
        ]
    }

    /// `(path under snippets/, contents)` for `values.direction`, in `names(for:)` order.
    public static func files(_ values: SnippetValues) throws(TemplateError) -> [(
        name: String, contents: String
    )] {
        var out: [(name: String, contents: String)] = []
        for name in names(for: values.direction) {
            out.append((name, try render(name, values)))
        }
        return out
    }

    /// What the snippet at `name` is, in a few words, for the report's list of files.
    public static func summary(of name: String) -> String {
        switch name {
        case "uikit/PopInteraction.swift":
            "UIKit: interactive pop from the leading edge (UIPercentDrivenInteractiveTransition), beside interactivePopGestureRecognizer"
        case "uikit/DismissInteraction.swift":
            "UIKit: interactive dismiss of a presented controller, startable anywhere in its view (transitioningDelegate, interactionControllerForDismissal(using:), UIPercentDrivenInteractiveTransition)"
        case "uikit/InterruptibleSpringPan.swift":
            "UIKit: interruptible spring (UIViewPropertyAnimator, UISpringTimingParameters) handed the release velocity"
        case "swiftui/DragTransition.swift": "SwiftUI: a DragGesture view modifier"
        case "android/DragTransition.kt": "Android (Kotlin): a touch listener with VelocityTracker"
        case "web/drag-transition.js": "Web (JavaScript): Pointer Events"
        default: name
        }
    }

    /// The fenced-code language of the snippet at `name`: `swift`, `kotlin` or `javascript`.
    public static func codeLanguage(of name: String) -> String {
        name.hasSuffix(".kt") ? "kotlin" : name.hasSuffix(".js") ? "javascript" : "swift"
    }

    /// One snippet (`uikit/PopInteraction.swift`, ...) filled from `values`.
    public static func render(_ name: String, _ values: SnippetValues) throws(TemplateError)
        -> String
    {
        let language: Language =
            name.hasSuffix(".kt") ? .kotlin : name.hasSuffix(".js") ? .javascript : .swift
        let platform = String(name.prefix { $0 != "/" })
        var named = namedValues(values, language: language)
        named["header"] = header(values, platform: platform)
        named["parameters"] = parameters(values, language: language)
        // The declarations' names: `TransitionName` in the templates (an identifier, so the Swift
        // templates parse for the linter), the transition's before the values are filled in.
        let text = try SourceTemplates.template("snippets/" + name).replacingOccurrences(
            of: namePlaceholder, with: typePrefix(values.name))
        return try SourceTemplates.fill(text, named, template: "snippets/" + name)
    }

    /// What the templates call the transition in the names they declare (`TransitionNameTuning`,
    /// `TransitionNamePopInteraction`): `typePrefix(values.name)` replaces it.
    static let namePlaceholder = "TransitionName"

    /// The markers around the parameters block: `batch --params FILE` reads what lies between.
    public static let parametersBegin = ParameterSet.sourceBlockBegin
    public static let parametersEnd = ParameterSet.sourceBlockEnd

    /// `swipe-back` → `SwipeBack`: the transition's name as the start of a type's name (its
    /// letters and digits, each word capitalised, at most `typePrefixLimit` characters;
    /// `Transition` when none is left, a leading digit kept behind `T`).
    public static func typePrefix(_ name: String) -> String {
        var out = ""
        var upper = true
        for c in name {
            guard c.isASCII, c.isLetter || c.isNumber else {
                upper = true
                continue
            }
            out += upper ? c.uppercased() : String(c)
            upper = false
        }
        if out.isEmpty { return "Transition" }
        return String((out.first!.isNumber ? "T" + out : out).prefix(typePrefixLimit))
    }

    /// The longest type prefix: the name recurs in every declaration, and each snippet stays
    /// under 8 KB with a prefix this long.
    public static let typePrefixLimit = 24

    /// The type the parameters block declares: `SwipeBackTuning`.
    public static func parametersType(_ name: String) -> String { typePrefix(name) + "Tuning" }

    /// The parameters block of `values` in `language`, then what builds the runtime's
    /// parameters from it (`{{tuning}}.parameters`; Kotlin `{{tuning}}Parameters.value`; the JS
    /// glue calls `parseBlock`), with live values in debug builds.
    static func parameters(_ values: SnippetValues, language: Language) -> String {
        let type = parametersType(values.name)
        let block = parameterBlock(values.parameterSet, language: language, type: type)
        let names = blockEntries(values.parameterSet).map(\.name)
        switch language {
        case .swift:
            return block + """

                extension \(type): GestureTuneParameterBlock {
                    /// Debug builds: a params.json at the path or URL in the scheme's GESTURETUNE_PARAMS
                    /// replaces the values above, read at each gesture (edit it, no rebuild).
                    static var parameters: GestureTuneParameters {
                        #if DEBUG
                        if let live = GestureTuneParameters.live() { return live }
                        #endif
                        return blockParameters
                    }
                }

                """
        case .kotlin:
            let entries = names.map { "\"\($0)\" to \($0)" }.joined(separator: ", ")
            return block + """

                /** The values above, or in a debug build a params.json: `if (BuildConfig.DEBUG)
                 *  \(type)Parameters.liveFile = File(filesDir, "params.json")` (push it, no rebuild). */
                object \(type)Parameters {
                    @Volatile var liveFile: java.io.File? = null
                    private val block by lazy {
                        GestureTuneParameters.fromBlock(with(\(type)) { mapOf<String, Any?>(\(entries)) })
                    }
                    val value: GestureTuneParameters
                        get() = liveFile?.let { runCatching { GestureTuneParameters.load(it) }.getOrNull() } ?: block
                }

                """
        case .javascript:
            return block
        }
    }

    /// One line of the parameters block: its name and its value (nil: unset, as params.json
    /// leaves the key out).
    enum BlockValue {
        case text(String?)
        case name(String)
        case number(Double?)
        case required(Double)
        case whole(Int?)
    }

    /// The names and values of the parameters block, in order: `params.json`'s keys, the
    /// spring's as `springDampingRatio` and `springResponse`, the gate's as `edgeWidth`,
    /// `lockAngle` and `slop`.
    static func blockEntries(_ set: ParameterSet) -> [(name: String, value: BlockValue)] {
        var out: [(String, BlockValue)] = [
            ("preset", .text(set.preset)), ("rule", .name(set.rule.family.rawValue)),
            ("direction", .name(set.direction.rawValue)),
        ]
        for p in set.rule.parameters { out.append((p.key, .required(p.value))) }
        out += [
            ("extent", .number(set.extent)), ("estimator", .text(set.estimator?.rawValue)),
            ("horizon", .number(set.horizon)), ("maxSamples", .whole(set.maxSamples)),
            ("maxGap", .number(set.maxGap)), ("completionSpeed", .number(set.completionSpeed)),
            ("transitionDuration", .number(set.transitionDuration)),
            ("fingerSpeedCap", .number(set.fingerSpeedCap)),
            ("springDampingRatio", .number(set.spring?.dampingRatio)),
            ("springResponse", .number(set.spring?.response)),
            ("edgeWidth", .number(set.edgeWidth)), ("lockAngle", .number(set.directionLockAngle)),
            ("slop", .number(set.slop)), ("expectedError", .number(set.expectedError)),
        ]
        return out
    }

    /// The parameters block of `set` in `language`, between the marker comments: one
    /// `name = value` line per key, unset ones as `nil`/`null`.
    static func parameterBlock(_ set: ParameterSet, language: Language, type: String) -> String {
        var lines = [
            parametersBegin,
            "// CI gates these values (`gesturetune batch --params <this file>`): edit values, not the layout.",
        ]
        switch language {
        case .swift: lines.append("enum \(type) {")
        case .kotlin: lines.append("object \(type) {")
        case .javascript: lines.append("export class \(type) {")
        }
        for (name, value) in blockEntries(set) {
            let (type, text): (String, String)
            switch value {
            case .text(let s):
                type = "String?"
                text = s.map { stringLiteral($0, language) } ?? nullLiteral(language)
            case .name(let s):
                type = "String"
                text = stringLiteral(s, language)
            case .number(let x):
                type = "Double?"
                text = x.map { literal($0, language) } ?? nullLiteral(language)
            case .required(let x):
                type = "Double"
                text = literal(x, language)
            case .whole(let n):
                type = "Int?"
                text = n.map { "\($0)" } ?? nullLiteral(language)
            }
            switch language {
            case .swift: lines.append("    static let \(name): \(type) = \(text)")
            case .kotlin: lines.append("    val \(name): \(type) = \(text)")
            case .javascript: lines.append("  static \(name) = \(text);")
            }
        }
        lines += ["}", parametersEnd]
        return lines.joined(separator: "\n") + "\n"
    }

    /// The parameters block of `set` in each language (Swift, Kotlin, JavaScript), its type
    /// named after the transition `name`: what the report's what-if shows for its values.
    package static func parameterBlocks(_ set: ParameterSet, name: String) -> [(
        language: String, block: String
    )] {
        [Language.swift, .kotlin, .javascript].map {
            ($0.rawValue, parameterBlock(set, language: $0, type: parametersType(name)))
        }
    }

    static func nullLiteral(_ language: Language) -> String {
        language == .swift ? "nil" : "null"
    }

    /// A string literal of `s` in `language`: printable ASCII as it is, but for the quote, the
    /// backslash and Kotlin's `$`; every other scalar as a `\u` escape.
    static func stringLiteral(_ s: String, _ language: Language) -> String {
        let quote: Character = language == .javascript ? "'" : "\""
        var out = String(quote)
        for scalar in s.unicodeScalars {
            let c = Character(scalar)
            if scalar.value >= 0x20, scalar.value < 0x7F, c != quote, c != "\\", c != "$",
                c != "\"", c != "'"
            {
                out.append(c)
            } else if language == .kotlin {
                for unit in String(c).utf16 {
                    let hex = String(unit, radix: 16, uppercase: true)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                }
            } else {
                out += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            }
        }
        out.append(quote)
        return out
    }

    /// The plain values every platform template reads, as `language` literals.
    static func namedValues(_ v: SnippetValues, language: Language) -> [String: String] {
        let cap = v.fingerSpeedCap ?? v.transitionDuration
        return [
            "transitionDuration": literal(rounded(v.transitionDuration, 3), language),
            "fingerSpeedCap": literal(rounded(cap, 3), language),
            "fingerSpeedCapText": NumberText.parameter(cap),
            "directionLockAngle": literal(rounded(v.directionLockAngle, 1), language),
            "spring.dampingRatio": literal(rounded(v.dampingRatio, 3), language),
            "spring.response": literal(rounded(v.springResponse, 3), language),
            "horizontal": v.direction == .right || v.direction == .left ? "true" : "false",
            "sign": v.direction == .right || v.direction == .down ? "1.0" : "-1.0",
            "directionWord": directionWord(v.direction),
        ]
    }

    package static func directionWord(_ d: Direction) -> String {
        switch d {
        case .right: "to the right"
        case .left: "to the left"
        case .down: "down"
        case .up: "up"
        }
    }

    /// The header comment: the caller's lines, the platform, and the estimator note.
    static func header(_ v: SnippetValues, platform: String) -> String {
        var lines = v.headerLines.map(CodeText.lineComment)
        switch platform {
        case "uikit":
            lines.append(
                "iOS (UIKit): type-checked by gesturetune's tests against a UIKit stub, not built for a device."
            )
        case "swiftui":
            lines.append(
                "iOS 16+ (SwiftUI): type-checked by gesturetune's tests against a SwiftUI stub, not built for a device."
            )
        case "android":
            lines.append(
                "Android (Kotlin): compiled by gesturetune's tests against Android API stubs, not built for a device."
            )
        default: lines.append("Browsers with Pointer Events (an ES2022 module).")
        }
        lines.append(contentsOf: estimatorNote(v, platform: platform))
        lines.append(
            "Velocities: progress/s (pt/s along the \(v.direction.rawValue) axis over the container's size)."
        )
        return lines.map { "// " + $0 }.joined(separator: "\n") + "\n"
    }

    /// Which estimator the thresholds were fitted on, and what to run so that they are fitted on
    /// the velocity this platform's code reads.
    static func estimatorNote(_ v: SnippetValues, platform: String) -> [String] {
        let fitted = "Thresholds fitted on '\(v.estimator)' velocities"
        let reads: String
        switch platform {
        case "uikit": reads = "UIPanGestureRecognizer.velocity(in:)"
        case "swiftui": reads = "DragGesture.Value.velocity"
        case "android": reads = "VelocityTracker"
        default:
            return [
                v.estimator == "platform"
                    ? fitted
                        + "; browsers report none: the runtime falls back to lsq2 over the pointer events."
                    : fitted + ", computed by the runtime from the pointer events."
            ]
        }
        if v.estimator == "platform" {
            return [fitted + ": the platform's own, which this code reads (\(reads))."]
        }
        return [
            fitted
                + ", computed by the runtime from the raw touches (\(reads) only under --estimator platform)."
        ]
    }

    /// `x` rounded to `digits` decimals, for constants people read (rule parameters stay exact).
    static func rounded(_ x: Double, _ digits: Int) -> Double {
        guard x.isFinite else { return x }
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        return (x * scale).rounded() / scale
    }

    /// A floating-point literal of `x` in `language`: Swift's shortest round-trip form (always
    /// with a `.` or an exponent, so Kotlin reads a Double), infinities spelled per language, NaN as 0.
    static func literal(_ x: Double, _ language: Language) -> String {
        if x.isNaN { return "0.0" }
        if x.isInfinite {
            switch language {
            case .swift: return x > 0 ? ".infinity" : "-.infinity"
            case .kotlin: return x > 0 ? "Double.POSITIVE_INFINITY" : "Double.NEGATIVE_INFINITY"
            case .javascript: return x > 0 ? "Infinity" : "-Infinity"
            }
        }
        return "\(x)"
    }
}
