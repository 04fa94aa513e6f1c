import Foundation
import PackagePlugin

/// Finds, in a target's Swift sources, the lifecycle methods its Parra delegate classes
/// implement without `override` (as code written for the SDK does) and generates the
/// `ParraDelegateMethodsProviding` conformance through which the host calls them. Add it to an
/// app target: `plugins: [.plugin(name: "ParraDelegateMethods", package: "Parra")]`.
@main
struct ParraDelegateMethodsPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let sources = target.sourceFiles(withSuffix: "swift").map(\.url)
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("ParraDelegateMethods.swift")
        return [
            .buildCommand(
                displayName: "Finding \(target.name)'s Parra delegate methods",
                executable: try context.tool(named: "parra-delegate-methods").url,
                arguments: [output.path] + sources.map(\.path), inputFiles: sources, outputFiles: [output])
        ]
    }
}
