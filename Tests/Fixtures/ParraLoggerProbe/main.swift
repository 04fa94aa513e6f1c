// A process for the logger tests that need one of their own, because they kill it or because
// what they check is process-wide (where app logs go when no module takes them):
//
//   ParraLoggerProbe production STORAGE BASE_URL COUNT [--forever]
//       loads libParraLogger.so from its own folder in production mode, logs COUNT records
//       ("probe event <i>"), flushes them to disk and prints "flushed COUNT". With --forever it
//       then logs "after flush <i>" until it is killed, and prints "logging past the flush" once
//       it has logged 64 of them; without, it waits for SIGTERM or SIGINT, then stops the runtime
//       (which uploads what it can) and exits 0.
//   ParraLoggerProbe fallback LEVEL
//       starts a runtime with no modules, in the process's environment (PARRA_LOG_LEVEL,
//       PARRA_CONFIG_FILE), for a configuration whose minimum log level is LEVEL ("-": none
//       set in code), which with them sets the level the host prints app logs at itself; prints its load
//       report's notes on stdout, then logs "quiet info" at info and "loud warn" at warn.
//   ParraLoggerProbe no-parra-app
//       runs an app whose body has no ParraApp and that logs from its init, then logs once more.
//   ParraLoggerProbe timestamps MODULE...
//       starts a runtime with the modules MODULE... (the logger among them in debug, with
//       Parra's default console format), logs "probe record" at info and stops; the modules'
//       host log lines go to stdout. What the log route reads for each record is process-wide.
import Foundation
import Parra
import ParraAPI
import ParraAppModel
import ParraFileSystem
import ParraRuntime

let arguments = Array(CommandLine.arguments.dropFirst())
let folder = URL(fileURLWithPath: parentPath(of: ModuleSearchPath.currentExecutablePath()!))

func usage() -> Never {
    FileHandle.standardError.write(
        Data(
            "usage: ParraLoggerProbe production STORAGE BASE_URL COUNT [--forever] | fallback LEVEL | no-parra-app | timestamps MODULE...\n"
                .utf8))
    exit(2)
}

/// An app that never starts Parra but logs from its init.
struct NoParraApp: App {
    init() { ParraLogger.warn("logged by an app without ParraApp") }
    var body: some Scene { WindowGroup { Text("no Parra here") } }
}

switch arguments.first {
case "production":
    guard arguments.count >= 4, let count = Int(arguments[3]) else { usage() }
    runProduction(storage: URL(fileURLWithPath: arguments[1]), baseURL: arguments[2], count: count)
case "fallback":
    guard arguments.count == 2 else { usage() }
    let environment = ProcessEnvironment.current
    var settings = ModuleRuntime.Settings(
        environment: environment,
        searchPath: ModuleSearchPath(explicitPaths: [], environment: environment, standardLocations: false))
    let configuration = ParraConfiguration(
        loggerOptions: ParraLoggerOptions(minimumLogLevel: ParraLogLevel(parsing: arguments[1])))
    let setup = configuration.appSetup(tenantId: "t", applicationId: "a", launchPrerequisite: nil)
    settings.appLogFallbackLevel = setup.appLogFallbackLevel
    settings.codeOptions = setup.codeOptions
    settings.log = HostLog { _ in }
    let runtime = ModuleRuntime(settings: settings)
    for note in runtime.start().notes { print(note) }
    ParraLogger.info("quiet info")
    ParraLogger.warn("loud warn", ["k": 1])
    runtime.stop()
case "no-parra-app":
    let status = ParraAppHost.run(
        NoParraApp.self, platform: ScriptedPlatform(script: [], surface: PlainTextPresentationSurface()),
        bundle: .empty)
    ParraLogger.error("after the run")
    exit(status)
case "timestamps":
    guard arguments.count >= 2 else { usage() }
    runTimestamps(paths: Array(arguments.dropFirst()))
default:
    usage()
}

func runProduction(storage: URL, baseURL: String, count: Int) -> Never {
    let environment = ["PARRA_API_BASE_URL": baseURL]
    var settings = ModuleRuntime.Settings(
        environment: environment,
        searchPath: ModuleSearchPath(
            explicitPaths: [folder.appendingPathComponent("libParraLogger.so").path], environment: environment,
            standardLocations: false))
    settings.storageDirectory = storage.path
    settings.codeOptions = [
        "logger.environment": .string("production"),
        "logger.sessionUploadInterval": .double(0.1),
    ]
    settings.apiService = ParraAPIClient(
        settings: ParraAPIClient.Settings(
            identity: ParraAPIIdentity(tenantId: "tenant-probe", applicationId: "app-probe", bundleId: "probe"),
            backend: ParraAPIBackend.resolve(environment: environment).backend,
            timeout: 2, retryPolicy: ParraAPIRetryPolicy(maxAttempts: 1), authenticates: false))
    let runtime = ModuleRuntime(settings: settings)
    let report = runtime.start()
    guard report.refused.isEmpty, !report.loaded.isEmpty else {
        FileHandle.standardError.write(Data((report.lines.joined(separator: "\n") + "\n").utf8))
        exit(1)
    }

    for index in 0..<count { ParraLogger.info("probe event \(index)") }
    ParraLogger.flush()
    FileHandle.standardOutput.write(Data("flushed \(count)\n".utf8))  // unbuffered: the test waits for it

    if CommandLine.arguments.contains("--forever") {
        var index = 0
        while true {
            ParraLogger.info("after flush \(index)")
            index += 1
            // The test kills the probe once it reads this: the kill then comes while it logs, with
            // records past the flush in the spool's next batch.
            if index == 64 { FileHandle.standardOutput.write(Data("logging past the flush\n".utf8)) }
            // Paces the logging, so that a kill that comes late finds megabytes on disk, not
            // gigabytes. No test waits on this pause.
            if index % 64 == 0 { usleep(1000) }
        }
    }

    signal(SIGTERM, SIG_IGN)
    signal(SIGINT, SIG_IGN)
    let stopped = DispatchSemaphore(value: 0)
    let sources = [SIGTERM, SIGINT].map { number in
        let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
        source.setEventHandler { stopped.signal() }
        source.resume()
        return source
    }
    stopped.wait()
    withExtendedLifetime(sources) { runtime.stop() }
    exit(0)
}

func runTimestamps(paths: [String]) -> Never {
    let environment = ProcessEnvironment.current
    var settings = ModuleRuntime.Settings(
        environment: environment,
        searchPath: ModuleSearchPath(explicitPaths: paths, environment: environment, standardLocations: false))
    settings.codeOptions = ["logger.environment": .string("debug")]
    settings.log = HostLog(minimumLevel: .trace) { print($0.formatted) }
    let runtime = ModuleRuntime(settings: settings)
    let report = runtime.start()
    guard report.refused.isEmpty else {
        FileHandle.standardError.write(Data((report.lines.joined(separator: "\n") + "\n").utf8))
        exit(1)
    }
    ParraLogger.info("probe record")
    runtime.stop()
    exit(0)
}
