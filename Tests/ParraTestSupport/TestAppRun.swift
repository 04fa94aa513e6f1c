import Foundation
import Parra

/// One run of an `App` on a scripted platform, with what it drew, reported and logged.
public struct TestAppRun {
    /// The exit status `ParraAppHost.run` returned.
    public let status: Int32
    /// The platform, with every window drawn and status line reported.
    public let platform: ScriptedPlatform
    /// Everything the host and modules logged.
    public let log: RecordingLog
    /// Every presentation shown.
    public let surface: RecordingPresentationSurface

    /// Runs `appType` with the modules at `paths`, playing `script`.
    public init<A: App>(
        _ appType: A.Type, paths: [String] = [], script: [PlatformEvent] = [], bundle: BundleInfo = .empty,
        environment: [String: String] = [:], log: RecordingLog = RecordingLog()
    ) throws {
        self.log = log
        surface = RecordingPresentationSurface()
        platform = ScriptedPlatform(script: script, surface: surface)
        let settings = TestHost.settings(
            paths: paths, environment: environment, storage: try CFixtureBuilder.makeTemporaryDirectory(), log: log)
        status = ParraAppHost.run(appType, platform: platform, settings: settings, bundle: bundle)
    }

    /// The status lines that contain `fragment`.
    public func reported(_ fragment: String) -> [String] {
        platform.reported.filter { $0.contains(fragment) }
    }
}
