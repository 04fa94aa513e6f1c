import Foundation
import Parra
import ParraAppModel
import ParraRuntime

/// One run of an `App` on a scripted platform, with what it drew, reported and logged.
package struct TestAppRun {
    /// The exit status `ParraAppHost.run` returned.
    package let status: Int32
    /// The platform, with every window drawn and status line reported.
    package let platform: ScriptedPlatform
    /// Everything the host and modules logged.
    package let log: RecordingLog
    /// Every presentation shown.
    package let surface: RecordingPresentationSurface

    /// Runs `appType` with the modules at `paths`, playing `script`. Storage is a fresh
    /// temporary folder unless `storage` names one (to run an app twice on the same storage);
    /// the host's main queue is a private serial queue unless `mainQueue` says otherwise, and
    /// `clock` is the clock modules and the launch's state changes read; the app "was started
    /// with" `arguments`. With `staysOpen` the session goes on after the script until a
    /// `.terminate` is posted to the platform, which `started` gets before the run begins.
    package init<A: App>(
        _ appType: A.Type, paths: [String] = [], script: [PlatformEvent] = [], arguments: [String] = [],
        bundle: BundleInfo = .empty,
        environment: [String: String] = [:], log: RecordingLog = RecordingLog(), storage: URL? = nil,
        mainQueue: DispatchQueue = DispatchQueue(label: "test.app.main"), clock: HostClock = SystemClock(),
        staysOpen: Bool = false, started: (ScriptedPlatform) -> Void = { _ in }
    ) throws {
        self.log = log
        surface = RecordingPresentationSurface()
        platform = ScriptedPlatform(
            script: script, surface: surface, launchArguments: arguments, staysOpen: staysOpen)
        started(platform)
        var settings = TestHost.settings(
            paths: paths, environment: environment, storage: try storage ?? CFixtureBuilder.makeTemporaryDirectory(),
            log: log)
        settings.mainQueue = mainQueue
        settings.clock = clock
        status = ParraAppHost.run(appType, platform: platform, settings: settings, bundle: bundle)
    }

    /// The status lines that contain `fragment`.
    package func reported(_ fragment: String) -> [String] {
        platform.reported.filter { $0.contains(fragment) }
    }
}
