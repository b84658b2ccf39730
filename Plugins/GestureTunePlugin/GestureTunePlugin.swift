import Foundation
import PackagePlugin

/// `swift package gesturetune ARGUMENTS…` in a package that depends on gesturetune: runs the
/// tool (built from this package's source) with the arguments as given, in the package's
/// folder, and exits with its status. `swift package gesturetune batch GestureTraces/ --params
/// App/SwipeBack.swift --junit gesturetune.xml` gates an iOS app's transitions in its CI.
@main
struct GestureTunePlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let tool = try context.tool(named: "gesturetune")
        let process = Process()
        process.executableURL = tool.url
        process.arguments = arguments
        process.currentDirectoryURL = context.package.directoryURL
        try process.run()
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            Diagnostics.error(
                "gesturetune \(arguments.first ?? "") exited with status \(process.terminationStatus)"
            )
            throw ExitStatus(status: process.terminationStatus)
        }
    }
}

/// The tool's exit status, carried out of the plugin (swift package then fails).
struct ExitStatus: Error, CustomStringConvertible {
    var status: Int32
    var description: String { "gesturetune exited with status \(status)" }
}
