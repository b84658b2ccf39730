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
        return [
            .buildCommand(
                displayName: "Embedding the templates of \(target.name)",
                executable: try context.tool(named: "TemplateEmbedder").url,
                arguments: [templates.path, output.path],
                inputFiles: inputs.sorted { $0.path < $1.path },
                outputFiles: [output])
        ]
    }
}
