import Foundation
import PackagePlugin

/// Embeds the files of the target's `Templates` folder in the module as string literals
/// (`EmbeddedTemplates.files`), written by the `TemplateEmbedder` tool on every build in which a
/// template changed.
@main
struct EmbedTemplates: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let module = target as? SwiftSourceModuleTarget else { return [] }
        let templates = module.directoryURL.appending(path: "Templates")
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedTemplates.swift")
        var inputs: [URL] = []
        let walker = FileManager.default.enumerator(
            at: templates, includingPropertiesForKeys: [.isRegularFileKey],
            options: [.skipsHiddenFiles])
        while let url = walker?.nextObject() as? URL {
            if (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true {
                inputs.append(url)
            }
        }
        // GestureCodegen also carries the JavaScript runtime (runtimes/web/src), which the report
        // and the playground inline: one source for the apps' package and the pages.
        var arguments = [templates.path, output.path]
        if target.name == "GestureCodegen" {
            let runtime = context.package.directoryURL.appending(path: "runtimes/web/src")
            arguments += [runtime.path, "runtime-web/"]
            for name in ["index.js", "tables.js"] {
                inputs.append(runtime.appending(path: name))
            }
        }
        return [
            .buildCommand(
                displayName: "Embedding the templates of \(target.name)",
                executable: try context.tool(named: "TemplateEmbedder").url,
                arguments: arguments,
                inputFiles: inputs.sorted { $0.path < $1.path },
                outputFiles: [output])
        ]
    }
}
