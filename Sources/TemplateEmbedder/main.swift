// Writes the Swift source that carries the template files of GestureReport as string literals:
// `TemplateEmbedder <Templates folder> <output .swift>`. Run by the EmbedTemplates build-tool
// plugin, so the binary finds its templates wherever it is installed (SwiftPM's `Bundle.module`
// on Linux looks for a resource folder beside the executable and traps when it is missing).
import Foundation

/// A raw multi-line Swift string literal holding exactly `text`.
func literal(_ text: String) -> String {
    var hashes = "#"
    while text.contains("\"\"\"" + hashes) || text.contains("\\" + hashes) { hashes += "#" }
    return hashes + "\"\"\"\n" + text + "\n\"\"\"" + hashes
}

/// The directive that keeps `swift format` off a template whose `{{name}}` placeholders it
/// would rewrite as code (`{ { name } }`); as the file's first line it is the template's, not
/// the snippet's, and is left out of what is embedded.
let formatterDirective = "// swift-format-ignore-file\n"

/// `text` without a leading `formatterDirective` line.
func embedded(_ text: String) -> String {
    text.hasPrefix(formatterDirective) ? String(text.dropFirst(formatterDirective.count)) : text
}

/// Every file below `root` (hidden ones left out), by path relative to it, sorted.
func templateFiles(under root: URL) -> [String] {
    let prefix = root.standardizedFileURL.path + "/"
    var names: [String] = []
    let walker = FileManager.default.enumerator(
        at: root, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles])
    while let url = walker?.nextObject() as? URL {
        guard (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true else {
            continue
        }
        let path = url.standardizedFileURL.path
        if path.hasPrefix(prefix) { names.append(String(path.dropFirst(prefix.count))) }
    }
    return names.sorted()
}

let arguments = CommandLine.arguments
guard arguments.count >= 3, arguments.count % 2 == 1 else {
    FileHandle.standardError.write(
        Data("usage: TemplateEmbedder TEMPLATES OUTPUT [FOLDER PREFIX]...\n".utf8))
    exit(64)
}
// The Templates folder's files by their path, then each further folder's under its prefix.
var roots = [(URL(fileURLWithPath: arguments[1], isDirectory: true), "")]
for k in stride(from: 3, to: arguments.count, by: 2) {
    roots.append((URL(fileURLWithPath: arguments[k], isDirectory: true), arguments[k + 1]))
}
var out = "// Generated at build time by TemplateEmbedder from GestureReport's Templates.\n\n"
out += "/// The files of `Templates/`, by path relative to it.\n"
out += "enum EmbeddedTemplates {\n    static let files: [String: String] = [\n"
do {
    for (root, prefix) in roots {
        for name in templateFiles(under: root) {
            let text = try String(contentsOf: root.appendingPathComponent(name), encoding: .utf8)
            out += "        \"\(prefix)\(name)\": \(literal(embedded(text))),\n"
        }
    }
    out += "    ]\n}\n"
    try Data(out.utf8).write(to: URL(fileURLWithPath: arguments[2]), options: .atomic)
} catch {
    FileHandle.standardError.write(Data("TemplateEmbedder: \(error)\n".utf8))
    exit(1)
}
