import GestureCodegen
import GestureIO
import GestureTuning

extension ReportModel {
    /// The report's path of the playground page, beside the web snippet.
    public static let playgroundPath = "web/playground.html"

    /// `snippets/web/playground.html`: one self-contained page (no network, no build step) where
    /// the web snippet drives a sheet that follows the finger, under the suggested parameters or,
    /// at a switch, the current ones, with the web recorder attached to the sheet as the README
    /// shows. The current set is the current rule with the suggestion's direction lock, edge,
    /// estimator and animation (the report knows the current rule only), as the page says.
    public func playgroundPage() throws(TemplateError) -> String {
        let suggested = snippetValues
        let current = currentSnippetValues
        let extent = summary.extent
        func gate(_ v: SnippetValues) -> String {
            "; direction lock \(NumberText.parameter(v.directionLockAngle))°"
                + (v.direction == .right || v.direction == .left
                    ? ", edge "
                        + (v.edgeWidth.map { NumberText.parameter($0) + " pt" } ?? "anywhere")
                    : "")
        }
        let instruction: String
        switch suggested.direction {
        case .right: instruction = "Swipe from the left edge to the right, as to go back."
        case .left: instruction = "Swipe from the right edge to the left."
        case .down: instruction = "Drag the sheet down, as to dismiss it."
        case .up: instruction = "Drag the sheet up."
        }
        return try ReportTemplates.files.render(
            "playground/playground.html",
            [
                "title": Text.xml("gesturetune playground: \(name)"),
                "instruction": Text.xml(instruction),
                "recorder": Self.inScript(
                    try SourceTemplates.render("recorders/gesture-trace-recorder.js")),
                "runtime": Self.inScript(try WebRuntime.script()),
                "suggestedSnippet": Self.inScript(
                    WebRuntime.classic(
                        try SnippetTemplates.render("web/drag-transition.js", suggested))),
                "currentSnippet": Self.inScript(
                    WebRuntime.classic(
                        try SnippetTemplates.render("web/drag-transition.js", current))),
                "suggestedClass": SnippetTemplates.typePrefix(suggested.name) + "DragTransition",
                "currentClass": SnippetTemplates.typePrefix(current.name) + "DragTransition",
                "suggestedText": Self.scriptString(
                    suggestedParameterSet.rule.reportDescription(extent: extent)
                        + gate(suggested)),
                "currentText": Self.scriptString(
                    "\(summary.currentSource): "
                        + current.parameterSet.rule.reportDescription(extent: extent)
                        + gate(current)),
                "suggestedZone": Self.zone(suggested),
                "currentZone": Self.zone(current),
                "direction": Self.scriptString(suggested.direction.rawValue),
                "csvName": Self.scriptString("playground-\(name).csv"),
            ])
    }

    /// The playground's "Current": the current set as the run measured it, its own rule and
    /// start gate; what it leaves unset of the animation (duration, cap, spring) and the
    /// velocity window taken from what ships, as the page says.
    var currentSnippetValues: SnippetValues {
        let shipped = snippetValues
        guard let current = currentSetting else { return shipped }
        let s = shipped.parameterSet
        var set = current.filled(from: s)
        set.estimator = set.estimator ?? s.estimator
        set.horizon = set.horizon ?? s.horizon
        set.maxSamples = set.maxSamples ?? s.maxSamples
        set.maxGap = set.maxGap ?? s.maxGap
        set.direction = shipped.direction
        let rule = set.rule
        set.ruleSetting = .fixed(rule, preset: set.preset)
        var v = shipped
        v.parameterSet = set
        v.family = rule.family
        v.ruleParameters = Dictionary(
            uniqueKeysWithValues: rule.parameters.map { ($0.key, $0.value) })
        v.directionLockAngle = set.directionLockAngle ?? SnippetValues.fallbackDirectionLockAngle
        v.edgeWidth = set.edgeWidth
        v.estimator = (set.estimator ?? .lsq2).rawValue
        v.fingerSpeedCap = set.fingerSpeedCap
        if let spring = set.spring {
            v.dampingRatio = spring.dampingRatio
            v.springResponse = spring.response
        }
        v.transitionDuration = set.transitionDuration ?? shipped.transitionDuration
        v.headerLines = [
            "The current \(summary.currentSource) parameters (rule and start gate), with the shipped set's animation where they set none, for comparison."
        ]
        return v
    }

    /// What the page draws of a set over the stage, as a JavaScript object: the gate's edge
    /// zone (pt, null: the whole extent) and the rule's progress threshold (null when the
    /// family has none).
    static func zone(_ v: SnippetValues) -> String {
        func number(_ x: Double?) -> String {
            guard let x, x.isFinite else { return "null" }
            return "\(x)"
        }
        return
            "{ edgeWidth: \(number(v.edgeWidth)), progressThreshold: \(number(v.ruleParameters["progressThreshold"])) }"
    }

    /// JavaScript source made safe inside a `<script>` element and for the report's rule that no
    /// HTML file shows "NaN": `</` (as in a comment that shows `<script src=...></script>`) and
    /// `<!--` would end or alter the element, and become `<\/` and `<\!--`, the same in strings
    /// and comments; `Number.isNaN` and `isNaN` are spelt `Number['isN' + 'aN']` and
    /// `globalThis['isN' + 'aN']`, any other `NaN` `(0 / 0)`: the same values.
    static func inScript(_ source: String) -> String {
        source.replacingOccurrences(of: "</", with: "<\\/")
            .replacingOccurrences(of: "<!--", with: "<\\!--")
            .replacingOccurrences(of: ".isNaN", with: "['isN' + 'aN']")
            .replacingOccurrences(of: "isNaN", with: "globalThis['isN' + 'aN']")
            .replacingOccurrences(of: "NaN", with: "(0 / 0)")
    }

    /// `s` as a JavaScript string literal safe inside a `<script>` element.
    static func scriptString(_ s: String) -> String {
        var out = ""
        Text.json(s, into: &out)
        return Text.scriptJSON(out)
    }
}
