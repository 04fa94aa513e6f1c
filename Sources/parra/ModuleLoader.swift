import Foundation
import Parra
import ParraRuntime

/// Loads modules the way every `parra` command does: each file is first scanned in a child
/// process (`parra` itself, `ModuleScanner`), so one whose constructors, entry symbol or
/// descriptor crash, exit or hang is refused rather than fatal; the rest load only through
/// `.validate`, so of a module's code only its constructors and entry symbol run in this
/// process. Host diagnostics go to standard error.
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
    ///   - logsOptionProblems: whether option problems also go to standard error as warnings;
    ///     off for a command that prints them itself.
    static func load(
        searchPath: ModuleSearchPath, configFile: URL? = nil, optionEnvironment: [String: String] = [:],
        logsOptionProblems: Bool = true
    ) -> ModuleRuntime {
        // The schemas' formats are checked as the modules check them, with Foundation.
        OptionFormat.timeZone.check { TimeZone(identifier: $0) != nil }
        var settings = ModuleRuntime.Settings(environment: optionEnvironment, searchPath: searchPath)
        settings.configFile = configFile?.path
        settings.logsOptionProblems = logsOptionProblems
        // This very executable, even if its file was replaced or removed since it started.
        settings.screen = { ModuleScanner.scan($0, executable: "/proc/self/exe") }
        let runtime = ModuleRuntime(settings: settings)
        runtime.start(through: .validate)
        return runtime
    }
}
