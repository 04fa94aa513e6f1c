import Foundation
import PackagePlugin

/// Puts what a Parra app needs beside its executable in the build folder, as Xcode fills an
/// `.app`: the first-party feature modules and the libraries they open, built by the same
/// `swift build` or `swift run` that builds the app (without linking them into it), and the
/// app's `Info.plist` when its target folder has one, with the `Resources` folder beside it
/// (launch screen art; exclude both from the target's sources). Add it to the app's executable target:
/// `plugins: [.plugin(name: "ParraModules", package: "parra")]`.
///
/// An `Info.plist` key `ParraModules`, an array of module names (`ParraLogger`,
/// `ParraLaunchScreen`, `ParraWhatsNew`, `ParraPush`), names the ones the app wants; without
/// it the app gets all four.
@main
struct ParraModulesPlugin: BuildToolPlugin {
    /// Each first-party module's product, with the libraries it opens itself.
    static let modules: [(name: String, libraries: [String])] = [
        ("ParraLogger", ["parra-logger-foundation"]),
        ("ParraLaunchScreen", []),
        ("ParraWhatsNew", []),
        ("ParraPush", ["parra-push-dbus", "parra-webpush"]),
    ]
    /// What the app's runtime itself opens: the API client's HTTP transport.
    static let runtimeLibraries = ["parra-http"]

    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let tool = try context.tool(named: "parra-app-layout").url
        // The tool is built into the folder the app is built into, for the same configuration.
        let products = tool.deletingLastPathComponent()
        let plist = target.directoryURL.appendingPathComponent("Info.plist")
        let hasPlist = FileManager.default.fileExists(atPath: plist.path)
        let wanted = try hasPlist ? Self.wantedModules(in: plist) : nil
        var libraries = Self.runtimeLibraries
        var kept: [String] = []
        var arguments = [
            context.pluginWorkDirectoryURL.appendingPathComponent("ParraModules.swift").path, products.path,
        ]
        for module in Self.modules {
            if wanted?.contains(module.name) ?? true {
                kept.append(module.name)
                libraries += [module.name] + module.libraries
            } else {
                arguments += ([module.name] + module.libraries).flatMap { ["--drop", "lib\($0).so"] }
            }
        }
        var inputs = libraries.map { products.appendingPathComponent("lib\($0).so") }
        if hasPlist {
            arguments += ["--plist", plist.path]
            inputs.append(plist)
            let resources = target.directoryURL.appendingPathComponent("Resources")
            if FileManager.default.fileExists(atPath: resources.path),
                let contents = FileManager.default.enumerator(at: resources, includingPropertiesForKeys: nil)
            {
                arguments += ["--resources", resources.path]
                inputs += contents.compactMap { $0 as? URL }
            }
        }
        return [
            .buildCommand(
                displayName: "Putting \(target.name)'s Parra modules beside it (\(kept.joined(separator: ", ")))",
                executable: tool, arguments: arguments, inputFiles: inputs,
                outputFiles: [URL(fileURLWithPath: arguments[0])])
        ]
    }

    /// The module names the plist's `ParraModules` lists, or nil when it has no such key.
    static func wantedModules(in plist: URL) throws -> Set<String>? {
        let data = try Data(contentsOf: plist)
        let root = try PropertyListSerialization.propertyList(from: data, format: nil)
        guard let value = (root as? [String: Any])?["ParraModules"] else { return nil }
        guard let names = value as? [String] else {
            throw PluginError("\(plist.path): ParraModules must be an array of module names")
        }
        let known = Set(modules.map(\.name))
        if let unknown = names.first(where: { !known.contains($0) }) {
            throw PluginError(
                "\(plist.path): ParraModules names \(unknown), which is not one of \(modules.map(\.name).joined(separator: ", "))"
            )
        }
        return Set(names)
    }
}

/// A problem the plugin reports, failing the build.
struct PluginError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
