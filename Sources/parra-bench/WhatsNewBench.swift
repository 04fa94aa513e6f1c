import Dispatch
import Foundation
import ParraAPI
import ParraRuntime

/// `whatsNew.check_local_ms`: What's New's check against the offline backend, in this process:
/// the forced app-info fetch with the release's notes completed (`fetchLatestRelease`), then a
/// page of the release list (`fetchChangelog`, 15 releases; a production check asks for one),
/// three requests as a production check makes, through the module's commands.
struct WhatsNewFigures {
    var samples: [Double]
    var repetitions: Int
    var warmups: Int

    /// The median over the repetitions.
    var milliseconds: Double { median(samples) }
}

enum WhatsNewBench {
    static let moduleName = "libParraWhatsNew.so"

    /// Loads the module (beside this executable) into a runtime with a client for
    /// `Sample/LocalBackend` and times `warmups + repetitions` checks; nil and the reason when
    /// the module or the backend is missing.
    static func run(work: URL, repetitions: Int, warmups: Int) throws -> (WhatsNewFigures?, String?) {
        guard let module = LaunchBench.executableFolder()?.appendingPathComponent(moduleName),
            FileManager.default.fileExists(atPath: module.path)
        else {
            return (nil, "\(moduleName) is not beside parra-bench; build it with `swift build -c release`")
        }
        let backend = LaunchTasksBench.localBackend
        guard FileManager.default.fileExists(atPath: backend.appendingPathComponent("app-info.json").path) else {
            return (nil, "no local backend at \(backend.path)")
        }
        var settings = ModuleRuntime.Settings(
            environment: [:],
            searchPath: ModuleSearchPath(explicitPaths: [module.path], environment: [:], standardLocations: false))
        settings.storageDirectory = work.appendingPathComponent("whats-new", isDirectory: true).path
        settings.log = HostLog(minimumLevel: .fatal) { _ in }
        settings.mainQueue = DispatchQueue(label: "parra-bench.whatsnew.main")
        settings.appEnvironment = .production
        settings.apiService = ParraAPIClient(
            settings: ParraAPIClient.Settings(
                identity: ParraAPIIdentity(
                    tenantId: "bench-tenant", applicationId: "bench-app", bundleId: "com.parra.bench",
                    environment: .production),
                backend: .local(directory: backend.path), authenticates: false, log: settings.log))
        let runtime = ModuleRuntime(settings: settings)
        let report = runtime.start()
        guard report.refused.isEmpty else {
            throw BenchError("the What's New module did not load:\n" + report.lines.joined(separator: "\n"))
        }
        defer { runtime.stop() }
        var figures = WhatsNewFigures(samples: [], repetitions: repetitions, warmups: warmups)
        for repetition in 0..<(warmups + repetitions) {
            let start = monotonicNanoseconds()
            let latest = try call(runtime, "com.parra.whatsNew.fetchLatestRelease")
            _ = try call(runtime, "com.parra.whatsNew.fetchChangelog")
            let end = monotonicNanoseconds()
            guard latest.contains(#""version":"1.2.0""#), latest.contains("Offline mode") else {
                throw BenchError("the check against the local backend found no 1.2.0 release with notes: \(latest)")
            }
            if repetition >= warmups { figures.samples.append(Double(end - start) / 1e6) }
        }
        return (figures, nil)
    }

    /// Calls one of the module's commands and waits (at most 20 s) for its JSON answer.
    private static func call(_ runtime: ModuleRuntime, _ id: String) throws -> String {
        /// Sendable by hand: `result` is written once before `done` is signalled, and read only after the wait.
        final class Answer: @unchecked Sendable {
            var result: Result<String, CommandCallError>?
        }
        let answer = Answer()
        let done = DispatchSemaphore(value: 0)
        try runtime.callCommand(id, [.string("{}")]) { result in
            answer.result = result
            done.signal()
        }
        guard done.wait(timeout: .now() + 20) == .success, let result = answer.result else {
            throw BenchError("\(id) did not answer within 20 s")
        }
        return try result.get()
    }
}
