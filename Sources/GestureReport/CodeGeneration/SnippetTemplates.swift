import GesturePhysics

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
    public var edgeWidth: Double
    public var dampingRatio: Double
    /// Spring response, s.
    public var springResponse: Double
    /// The velocity estimator the thresholds were fitted on (`lsq2`, `platform`, ...), and whether
    /// the traces carried the platform's own `vx, vy`.
    public var estimator: String
    public var platformVelocityRecorded: Bool
    /// Header lines (no comment marker): what wrote the file, from which gestures, the rule, its error.
    public var headerLines: [String]

    /// Direction lock when none was measured or set (no gesture moved 10 pt): 45°, the
    /// dominant-axis rule (a drag starts when it moves at least as far along the axis as across).
    public static let fallbackDirectionLockAngle = 45.0
    /// Edge width when none was measured or set (every start lay before the leading edge): 20 pt,
    /// Flutter's and Android ViewDragHelper's edge.
    public static let fallbackEdgeWidth = 20.0

    public init(
        family: RuleFamily, ruleParameters: [String: Double], direction: Direction,
        transitionDuration: Double,
        fingerSpeedCap: Double?, directionLockAngle: Double, edgeWidth: Double,
        dampingRatio: Double,
        springResponse: Double, estimator: String, platformVelocityRecorded: Bool,
        headerLines: [String]
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
    }
}

/// The suggestion as code per platform and per transition, from `Templates/snippets/`.
///
/// `right`/`left` get the UIKit pop (`uikit/PopInteraction.swift`), `down`/`up` the UIKit
/// interactive dismiss (`uikit/DismissInteraction.swift`); every direction gets the interruptible
/// spring (`uikit/InterruptibleSpringPan.swift`), SwiftUI (`swiftui/DragTransition.swift`),
/// Kotlin (`android/DragTransition.kt`) and JavaScript (`web/drag-transition.js`). Each file holds
/// the decision function of the suggested rule in its language, the direction lock, the
/// finger-speed cap and a note on the velocity estimator.
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
        named["decision"] = try decision(values, language: language)
        named["recentProgress"] = try SourceTemplates.template(
            "snippets/support/RecentProgress.\(language.rawValue)")
        return try SourceTemplates.render("snippets/" + name, named)
    }

    /// The decision function of `values.family` in `language`, its parameters filled in.
    static func decision(_ values: SnippetValues, language: Language) throws(TemplateError)
        -> String
    {
        let path = "snippets/decision/\(values.family.rawValue).\(language.rawValue)"
        let parameters = values.ruleParameters.mapValues { literal($0, language) }
        return try SourceTemplates.render(path, parameters)
    }

    /// The plain values every platform template reads, as `language` literals.
    static func namedValues(_ v: SnippetValues, language: Language) -> [String: String] {
        let cap = v.fingerSpeedCap ?? v.transitionDuration
        return [
            "transitionDuration": literal(rounded(v.transitionDuration, 3), language),
            "fingerSpeedCap": literal(rounded(cap, 3), language),
            "fingerSpeedCapText": NumberText.parameter(cap),
            "directionLockAngle": literal(rounded(v.directionLockAngle, 1), language),
            "edgeWidth": literal(rounded(v.edgeWidth, 1), language),
            "spring.dampingRatio": literal(rounded(v.dampingRatio, 3), language),
            "spring.response": literal(rounded(v.springResponse, 3), language),
            "horizontal": v.direction == .right || v.direction == .left ? "true" : "false",
            "sign": v.direction == .right || v.direction == .down ? "1.0" : "-1.0",
            "directionWord": directionWord(v.direction),
        ]
    }

    static func directionWord(_ d: Direction) -> String {
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
            if v.estimator != "lsq1" {
                lines.append(
                    "This code computes a least-squares line over the last 100 ms (lsq1): run 'gesturetune analyze --estimator lsq1' to fit on the same estimate."
                )
            }
            return lines
        }
        if v.estimator == "platform" {
            lines.append("That is the platform's own velocity, which this code reads (\(reads)).")
        } else if v.platformVelocityRecorded {
            lines.append(
                "This code reads \(reads); the traces carry the platform's vx, vy: run 'gesturetune analyze --estimator platform' to fit on that velocity."
            )
        } else {
            lines.append(
                "This code reads \(reads), a different estimate: record vx, vy (gesturetune recorder) and run 'gesturetune analyze --estimator platform' to fit on it."
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
