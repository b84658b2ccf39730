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
        var current = suggested
        current.family = summary.currentRule.family
        current.ruleParameters = Dictionary(
            uniqueKeysWithValues: summary.currentRule.parameters.map { ($0.key, $0.value) })
        current.headerLines = [
            "The current \(summary.currentSource) rule, with the suggestion's gate and animation, for comparison."
        ]
        let extent = summary.extent
        let gate =
            "; direction lock \(NumberText.parameter(suggested.directionLockAngle))°"
            + (suggested.direction == .right || suggested.direction == .left
                ? ", edge "
                    + (suggested.edgeWidth.map { NumberText.parameter($0) + " pt" } ?? "anywhere")
                : "")
        let instruction: String
        switch suggested.direction {
        case .right: instruction = "Swipe from the left edge to the right, as to go back."
        case .left: instruction = "Swipe from the right edge to the left."
        case .down: instruction = "Drag the sheet down, as to dismiss it."
        case .up: instruction = "Drag the sheet up."
        }
        return try SourceTemplates.render(
            "playground/playground.html",
            [
                "title": Text.xml("gesturetune playground: \(name)"),
                "instruction": Text.xml(instruction),
                "recorder": Self.inScript(
                    try SourceTemplates.render("recorders/gesture-trace-recorder.js")),
                "suggestedSnippet": Self.inScript(
                    try SnippetTemplates.render("web/drag-transition.js", suggested)),
                "currentSnippet": Self.inScript(
                    try SnippetTemplates.render("web/drag-transition.js", current)),
                "suggestedText": Self.scriptString(
                    suggestedParameterSet.rule.reportDescription(extent: extent) + gate),
                "currentText": Self.scriptString(
                    "\(summary.currentSource): "
                        + summary.currentRule.reportDescription(extent: extent) + gate),
                "direction": Self.scriptString(suggested.direction.rawValue),
                "csvName": Self.scriptString("playground-\(name).csv"),
            ])
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
