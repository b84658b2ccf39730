import GestureIO
import GesturePhysics
import GestureTuning

/// What the per-platform snippet templates (`Templates/snippets/`) are filled from: plain named
/// values, so that any producer of a suggestion can fill them.
public struct SnippetValues: Sendable, Equatable {
    /// The suggested rule's family: picks `Templates/snippets/decision/<family>.<ext>`.
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
        headerLines: [String], parameterSet: ParameterSet? = nil
    ) {
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
/// the parameters block (`params.json`'s set, between marker comments), `GestureTuneCore` in its
/// language (gate, release-velocity estimator and window, rule, completion), the platform glue
/// that feeds it touches in a frame that does not move with the finger, and a note on the
/// velocity estimator.
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
        named["core"] = try core(values.parameterSet, language: language)
        return try SourceTemplates.render("snippets/" + name, named)
    }

    /// The markers around the parameters block: `batch --params FILE` reads what lies between.
    public static let parametersBegin = "// gesturetune:parameters begin"
    public static let parametersEnd = "// gesturetune:parameters end"
    /// The type the parameters block declares, in every language.
    public static let parametersType = "GestureTuneParameters"

    /// The platform-independent part of a snippet in `language`: the parameters block of `set`,
    /// `GestureTuneCore` (`core/core.<ext>`) and the rule's decision function
    /// (`decision/<family>.<ext>`).
    static func core(_ set: ParameterSet, language: Language) throws(TemplateError) -> String {
        parameterBlock(set, language: language) + "\n"
            + (try SourceTemplates.template("snippets/core/core.\(language.rawValue)")) + "\n"
            + (try SourceTemplates.template(
                "snippets/decision/\(set.rule.family.rawValue).\(language.rawValue)"))
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
    static func parameterBlock(_ set: ParameterSet, language: Language) -> String {
        var lines = [
            parametersBegin,
            "// What CI gates: `gesturetune batch --params <this file>` reads these lines. Edit the values, not the layout.",
        ]
        switch language {
        case .swift: lines.append("enum \(parametersType) {")
        case .kotlin: lines.append("object \(parametersType) {")
        case .javascript: lines.append("class \(parametersType) {")
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
                "Targets iOS (UIKit); checked by gesturetune's tests against a stub of UIKit with swiftc -typecheck, not built for a device."
            )
        case "swiftui":
            lines.append(
                "Targets iOS 16+ (SwiftUI); checked by gesturetune's tests against a stub of SwiftUI with swiftc -typecheck, not built for a device."
            )
        case "android":
            lines.append(
                "Targets Android (Kotlin); checked by gesturetune's tests with kotlinc against stubs of the Android API, not built for a device."
            )
        default: lines.append("Targets browsers with Pointer Events (ES2022).")
        }
        lines.append(contentsOf: estimatorNote(v, platform: platform))
        lines.append(
            "Velocities are in progress/s: the speed along the \(v.direction.rawValue) axis divided by the container's size."
        )
        return lines.map { "// " + $0 }.joined(separator: "\n") + "\n"
    }

    /// Which estimator the thresholds were fitted on, and what to run so that they are fitted on
    /// the velocity this platform's code reads.
    static func estimatorNote(_ v: SnippetValues, platform: String) -> [String] {
        var lines = [
            "The thresholds were fitted on release velocities from the '\(v.estimator)' estimator."
        ]
        let reads: String
        switch platform {
        case "uikit": reads = "UIPanGestureRecognizer.velocity(in:)"
        case "swiftui": reads = "DragGesture.Value.velocity"
        case "android": reads = "VelocityTracker"
        default:
            lines.append(
                v.estimator == "platform"
                    ? "Browsers report no velocity: GestureTuneCore falls back to lsq2 over the pointer events."
                    : "GestureTuneCore computes that estimate from the pointer events, as the analysis did."
            )
            return lines
        }
        if v.estimator == "platform" {
            lines.append("That is the platform's own velocity, which this code reads (\(reads)).")
        } else {
            lines.append(
                "GestureTuneCore computes that estimate from the raw touches, as the analysis did; \(reads) is read only under '--estimator platform'."
            )
        }
        return lines
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
