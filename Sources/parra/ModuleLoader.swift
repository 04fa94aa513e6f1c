import Foundation
import Parra
import ParraRuntime

/// Loads modules the way every `parra` command does: only through `.validate`, so of a module's
/// code only what `dlopen` runs (its constructors) and its entry symbol run, in this process;
/// host diagnostics go to standard error.
enum ModuleLoader {
    /// The documented search order with `pluginPaths` first, read from the process environment.
    static func searchPath(pluginPaths: [String]) -> ModuleSearchPath {
        ModuleSearchPath(explicitPaths: pluginPaths)
    }

    /// Exactly `files` (files or folders), nothing from the environment or standard locations.
    static func searchPath(onlyFiles files: [String]) -> ModuleSearchPath {
        ModuleSearchPath(explicitPaths: files, environment: [:], standardLocations: false)
    }

    /// A runtime started through `.validate`.
    ///
    /// - Parameters:
    ///   - searchPath: where to look.
    ///   - configFile: the JSON config file layer; nil for none (`PARRA_CONFIG_FILE` is ignored).
    ///   - optionEnvironment: the environment the option layer reads.
    static func load(
        searchPath: ModuleSearchPath, configFile: URL? = nil, optionEnvironment: [String: String] = [:]
    ) -> ModuleRuntime {
        var settings = ModuleRuntime.Settings(environment: optionEnvironment, searchPath: searchPath)
        settings.configFile = configFile
        let runtime = ModuleRuntime(settings: settings)
        runtime.start(through: .validate)
        return runtime
    }
}
