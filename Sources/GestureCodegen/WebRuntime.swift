/// The JavaScript runtime (`runtimes/web/src`, embedded at build time) as the report's page and
/// the playground inline it: one classic script that defines `GestureTuneRuntime`, an object of
/// the module's exports, so the pages decide with the code apps install, not a copy of it.
public enum WebRuntime {
    /// The runtime's files in the order they must run: the generated tables, then the module.
    static let files = ["runtime-web/tables.js", "runtime-web/index.js"]

    /// `const GestureTuneRuntime = (() => { …; return {exports}; })();`: the module's files with
    /// their `import` of each other and `export` keywords removed, in one function scope.
    public static func script() throws(TemplateError) -> String {
        var body: [String] = []
        var exported: [String] = []
        for file in files {
            let text = try SourceTemplates.template(file)
            var skippingImport = false
            for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
                if skippingImport {
                    if line.contains(" from ") { skippingImport = false }
                    continue
                }
                if line.hasPrefix("import ") {
                    skippingImport = !line.contains(" from ")
                    continue
                }
                if line.hasPrefix("export {") { continue }
                if line.hasPrefix("export ") {
                    let declaration = line.dropFirst("export ".count)
                    if let name = declaredName(declaration) { exported.append(name) }
                    body.append(String(declaration))
                } else {
                    body.append(String(line))
                }
            }
        }
        return "const GestureTuneRuntime = (() => {\n" + body.joined(separator: "\n")
            + "\nreturn Object.freeze({ " + exported.joined(separator: ", ") + " });\n})();\n"
    }

    /// The name `declaration` (`function f(`, `async function f(`, `class C `, `const X =`)
    /// declares.
    static func declaredName(_ declaration: Substring) -> String? {
        var rest = declaration
        for keyword in ["async ", "function ", "class ", "const ", "let "]
        where rest.hasPrefix(keyword) {
            rest = rest.dropFirst(keyword.count)
            if keyword == "async " { rest = rest.drop { $0 == " " } }
        }
        if rest.hasPrefix("function ") { rest = rest.dropFirst("function ".count) }
        let name = rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "$" }
        return name.isEmpty ? nil : String(name)
    }

    /// A snippet module (`web/drag-transition.js`) as a classic script beside `script()`: its
    /// `import {…} from '@gesturetune/runtime'` read from `GestureTuneRuntime`, `export`
    /// keywords removed.
    public static func classic(_ module: String) -> String {
        var out: [String] = []
        for line in module.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("import {"), line.hasSuffix("from '@gesturetune/runtime';"),
                let open = line.firstIndex(of: "{"), let close = line.firstIndex(of: "}")
            {
                out.append("const " + line[open...close] + " = GestureTuneRuntime;")
            } else if line.hasPrefix("export ") {
                out.append(String(line.dropFirst("export ".count)))
            } else {
                out.append(String(line))
            }
        }
        return out.joined(separator: "\n")
    }
}
