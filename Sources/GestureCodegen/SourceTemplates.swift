/// A module's files kept as templates (its `Templates/` folder, which the EmbedTemplates
/// build-tool plugin writes into the module as `EmbeddedTemplates.files` on every build, so an
/// installed binary needs no resource folder beside it), and the one way they are filled.
///
/// A template holds placeholders `{{name}}` (letters, digits, `_`, `.`), filled from a plain
/// dictionary of named values. A placeholder alone on its line is a block: each line of its value
/// is indented like the placeholder, and an empty value removes the line.
public struct TemplateFiles: Sendable {
    /// Every template by its path under `Templates/`.
    public let files: [String: String]

    public init(_ files: [String: String]) { self.files = files }

    /// Every template path, sorted (`recorders/GestureTraceRecorder.swift`, ...).
    public var names: [String] { files.keys.sorted() }

    /// The template at `path` (relative to `Templates/`).
    public func template(_ path: String) throws(TemplateError) -> String {
        guard let text = files[path] else { throw .unknownTemplate(path) }
        return text
    }

    /// The template at `path` with its placeholders replaced from `values`.
    public func render(_ path: String, _ values: [String: String] = [:])
        throws(TemplateError) -> String
    {
        try SourceTemplates.fill(template(path), values, template: path)
    }

    /// A template the module itself uses (the page's script, the notebook's cells), filled from
    /// `values`. The build embeds every file of `Templates/`, so a missing one is a bug there.
    /// With no values the text is taken as it is (a script may hold `{{` of its own).
    public func embedded(_ path: String, _ values: [String: String] = [:]) -> String {
        do {
            let text = try template(path)
            return values.isEmpty ? text : try SourceTemplates.fill(text, values, template: path)
        } catch {
            preconditionFailure(error.description)
        }
    }
}

/// The code generator's templates (`Sources/GestureCodegen/Templates/`: the recorders and the
/// snippets per platform) and the placeholder syntax every template shares.
public enum SourceTemplates {
    /// This module's templates.
    public static let files = TemplateFiles(EmbeddedTemplates.files)

    /// Every template path, sorted (`recorders/GestureTraceRecorder.swift`, ...).
    public static var names: [String] { files.names }

    /// The template at `path` (relative to `Templates/`).
    public static func template(_ path: String) throws(TemplateError) -> String {
        try files.template(path)
    }

    /// The template at `path` with its placeholders replaced from `values`.
    public static func render(_ path: String, _ values: [String: String] = [:])
        throws(TemplateError) -> String
    {
        try files.render(path, values)
    }

    /// The placeholder names in `text`, in order of first appearance.
    public static func placeholders(in text: String) -> [String] {
        var seen: [String] = []
        for token in tokens(text) where !seen.contains(token.name) { seen.append(token.name) }
        return seen
    }

    /// `text` with every `{{name}}` replaced by `values[name]`; a missing value is an error.
    public static func fill(_ text: String, _ values: [String: String], template: String = "")
        throws(TemplateError) -> String
    {
        var lines: [Substring] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            let indent = line.prefix(line.count - trimmed.count)
            let tokens = Self.tokens(String(trimmed))
            if tokens.count == 1, String(trimmed) == "{{\(tokens[0].name)}}" {
                guard let value = values[tokens[0].name] else {
                    throw .missingValue(name: tokens[0].name, template: template)
                }
                if value.isEmpty { continue }
                let body = value.hasSuffix("\n") ? String(value.dropLast()) : value
                for part in body.split(separator: "\n", omittingEmptySubsequences: false) {
                    lines.append(part.isEmpty ? "" : Substring(indent + part))
                }
                continue
            }
            var out = ""
            var rest = Substring(line)
            for token in Self.tokens(String(line)) {
                guard let value = values[token.name] else {
                    throw .missingValue(name: token.name, template: template)
                }
                let marker = "{{\(token.name)}}"
                if let r = rest.range(of: marker) {
                    out += rest[..<r.lowerBound] + value
                    rest = rest[r.upperBound...]
                }
            }
            lines.append(Substring(out + rest))
        }
        return lines.joined(separator: "\n")
    }

    private static func isNameCharacter(_ c: Character) -> Bool {
        c.isASCII && (c.isLetter || c.isNumber || c == "_" || c == ".")
    }

    /// The `{{name}}` tokens of `text`, left to right.
    private static func tokens(_ text: String) -> [(name: String, range: Range<String.Index>)] {
        var found: [(String, Range<String.Index>)] = []
        var index = text.startIndex
        while let open = text.range(of: "{{", range: index..<text.endIndex) {
            var end = open.upperBound
            while end < text.endIndex, isNameCharacter(text[end]) { end = text.index(after: end) }
            if end > open.upperBound, text[end...].hasPrefix("}}") {
                let close = text.index(end, offsetBy: 2)
                found.append((String(text[open.upperBound..<end]), open.lowerBound..<close))
                index = close
            } else {
                index = open.upperBound
            }
        }
        return found
    }
}

/// A template that does not exist or a placeholder without a value: a bug in the caller.
public enum TemplateError: Error, Sendable, Equatable, CustomStringConvertible {
    case unknownTemplate(String)
    case missingValue(name: String, template: String)

    public var description: String {
        switch self {
        case .unknownTemplate(let path): "no template \(path)"
        case .missingValue(let name, let template): "template \(template): no value for {{\(name)}}"
        }
    }
}

/// The trace recorder sources `gesturetune recorder` writes, per platform.
public enum RecorderPlatform: String, Sendable, CaseIterable {
    case uikit, swiftui, android, web

    /// The files to drop into an app, by name (the templates under `Templates/recorders/`).
    public var fileNames: [String] {
        switch self {
        case .uikit: ["GestureTraceRecorder.swift", "GestureTraceRecorder+UIKit.swift"]
        case .swiftui: ["GestureTraceRecorder.swift", "GestureTraceRecorder+SwiftUI.swift"]
        case .android: ["GestureTraceRecorder.kt"]
        case .web: ["gesture-trace-recorder.js"]
        }
    }

    /// `(file name, contents)` of every file, in `fileNames` order.
    public func files() throws(TemplateError) -> [(name: String, contents: String)] {
        var out: [(name: String, contents: String)] = []
        for name in fileNames {
            out.append((name, try SourceTemplates.render("recorders/" + name)))
        }
        return out
    }
}
