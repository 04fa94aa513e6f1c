import Foundation
import Parra
import ParraAPI
import ParraAppModel
import ParraRuntime

/// `launch.tasks_local_ms`: the launch screen module's launch tasks (app-info, the auth check,
/// the session start, dismissal; no fade off a terminal) against the local backend, from the
/// `initial` launch state to `complete`, in this process.
struct LaunchTasksFigures {
    var samples: [Double]
    var repetitions: Int
    var warmups: Int

    /// The median over the repetitions.
    var milliseconds: Double { median(samples) }
}

/// The bench's app: one window, as the sample has.
struct LaunchTasksBenchApp: App {
    @UIApplicationDelegateAdaptor(ParraAppDelegate<ParraSceneDelegate>.self) var appDelegate
    var body: some Scene {
        ParraApp(tenantId: "bench-tenant", applicationId: "bench-app", appDelegate: appDelegate) {
            WindowGroup { Text("bench") }
        }
    }
}

/// The bench's clock: the monotonic clock, in seconds, as the launch's state change times.
struct MonotonicSecondsClock: HostClock {
    var wallSeconds: Double { Double(monotonicNanoseconds) / 1e9 }
    var monotonicNanoseconds: UInt64 { SystemClock().monotonicNanoseconds }
}

enum LaunchTasksBench {
    static let moduleName = "libParraLaunchScreen.so"

    /// `Sample/LocalBackend` of the source tree this was built from.
    static var localBackend: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sample/LocalBackend", isDirectory: true)
    }

    /// Runs the app `warmups + repetitions` times on a scripted platform with only the launch
    /// screen module (beside this executable), each with fresh storage; nil and the reason
    /// when the module or the local backend is missing.
    static func run(work: URL, repetitions: Int, warmups: Int) throws -> (LaunchTasksFigures?, String?) {
        guard let module = LaunchBench.executableFolder()?.appendingPathComponent(moduleName),
            FileManager.default.fileExists(atPath: module.path)
        else {
            return (nil, "\(moduleName) is not beside parra-bench; build it with `swift build -c release`")
        }
        guard FileManager.default.fileExists(atPath: localBackend.appendingPathComponent("app-info.json").path) else {
            return (nil, "no local backend at \(localBackend.path)")
        }
        var figures = LaunchTasksFigures(samples: [], repetitions: repetitions, warmups: warmups)
        for repetition in 0..<(warmups + repetitions) {
            let environment = ["PARRA_API_BASE_URL": "local:\(localBackend.path)"]
            var settings = ModuleRuntime.Settings(
                environment: environment,
                searchPath: ModuleSearchPath(
                    explicitPaths: [module.path], environment: environment, standardLocations: false))
            settings.storageDirectory =
                work.appendingPathComponent("launch-tasks-\(repetition)", isDirectory: true).path
            settings.log = HostLog(minimumLevel: .fatal) { _ in }
            settings.clock = MonotonicSecondsClock()
            let platform = ScriptedPlatform(script: [], surface: SilentSurface())
            let status = ParraAppHost.run(
                LaunchTasksBenchApp.self, platform: platform, settings: settings, bundle: .empty)
            let states = platform.launchStates
            guard status == 0, states.map(\.state) == [.initial, .transitioning, .complete] else {
                throw BenchError(
                    "the launch against the local backend did not complete (status \(status), states "
                        + "\(states.map(\.state.summary))): \(platform.reported.suffix(5).joined(separator: " | "))")
            }
            guard repetition >= warmups else { continue }
            figures.samples.append((states[2].time - states[0].time) * 1e3)
        }
        return (figures, nil)
    }
}

/// A presentation surface that shows nothing.
final class SilentSurface: PresentationSurface {
    func present(_ presentation: Presentation, dismissed: @escaping (Bool) -> Void) {}
}
