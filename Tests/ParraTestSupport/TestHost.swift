import Foundation
import Parra
import ParraAPI
import ParraFileSystem
import ParraRuntime

/// A module runtime set up for a test: only the paths it names, temporary storage, a
/// recording log and surface, and an environment of its own.
package struct TestHost: Sendable {
    /// The runtime, not started.
    package let runtime: ModuleRuntime
    /// Everything logged.
    package let log: RecordingLog
    /// Everything presented.
    package let surface: RecordingPresentationSurface
    /// Where module storage lives.
    package let storage: URL

    /// A runtime searching only `paths` (files or folders).
    package init(
        paths: [String], environment: [String: String] = [:], configFile: URL? = nil,
        codeOptions: [String: JSONValue] = [:], storage: URL? = nil, mainQueue: DispatchQueue = .main,
        apiService: ParraAPIService? = nil
    ) throws {
        log = RecordingLog()
        surface = RecordingPresentationSurface()
        self.storage = try storage ?? CFixtureBuilder.makeTemporaryDirectory()
        var settings = Self.settings(paths: paths, environment: environment, storage: self.storage, log: log)
        settings.configFile = configFile?.path
        settings.codeOptions = codeOptions
        settings.presentationSurface = surface
        settings.mainQueue = mainQueue
        settings.apiService = apiService
        runtime = ModuleRuntime(settings: settings)
    }

    /// Runtime settings that search only `paths`, keep storage in `storage` and log to `log`.
    package static func settings(
        paths: [String], environment: [String: String] = [:], storage: URL, log: RecordingLog
    ) -> ModuleRuntime.Settings {
        var settings = ModuleRuntime.Settings(
            environment: environment,
            searchPath: ModuleSearchPath(explicitPaths: paths, environment: environment, standardLocations: false))
        settings.storageDirectory = storage.path
        settings.log = log.hostLog
        return settings
    }
}

/// Where `swift build` put this package's products: the folder of the running test binary.
package enum BuildProducts {
    /// The build folder.
    package static var folder: URL {
        URL(fileURLWithPath: parentPath(of: ModuleSearchPath.currentExecutablePath()!))
    }

    /// The launch screen module built by the package.
    package static var launchScreen: String {
        folder.appendingPathComponent("libParraLaunchScreen.so").path
    }

    /// The Swift fixture module built by the package.
    package static var swiftFixture: String {
        folder.appendingPathComponent("libParraTestFixtureSwiftModule.so").path
    }
}
