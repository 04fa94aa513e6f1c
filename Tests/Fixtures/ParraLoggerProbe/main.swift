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
//   ParraLoggerProbe timestamps [--timestamp-format] [--production] MODULE...
//       logs "probe early" at info, starts a runtime with the modules MODULE... (the logger
//       among them in debug with Parra's default console format; --timestamp-format puts an
//       epoch timestamp before the message; --production runs it in production, its uploads
//       refused on loopback), logs "probe record" at info and stops; the modules' host log
//       lines and the logger's console lines go to stdout. Whether any sink reads a record's
//       time is process-wide.
//   ParraLoggerProbe wait-idle [--times-out]
//       holds an app log call in progress on a thread while another waits for calls to end
//       (parra_log_route_wait_idle), for 50 ms after the waiter began (with --times-out, until
//       the waiter's 20 ms are over); prints "idle I checks N".
//   ParraLoggerProbe stop-waits MODULE
//       starts a runtime with MODULE (the C fixture built with FIXTURE_LOG_SINK_BLOCKS), logs
//       "block" on a thread, stops the runtime while the sink holds it and lets the sink go once
//       the stop waits; prints "before release: LINES" (the module's host log lines then), then
//       the module's host log lines, one per line, after the stop.
import CParraLogRoute
import Foundation
import Parra
import ParraAPI
import ParraAppModel
import ParraFileSystem
import ParraRuntime
import Synchronization

let arguments = Array(CommandLine.arguments.dropFirst())
let folder = URL(fileURLWithPath: parentPath(of: ModuleSearchPath.currentExecutablePath()!))

func usage() -> Never {
    FileHandle.standardError.write(
        Data(
            "usage: ParraLoggerProbe production STORAGE BASE_URL COUNT [--forever] | fallback LEVEL | no-parra-app | timestamps [--timestamp-format] [--production] MODULE... | wait-idle [--times-out] | stop-waits MODULE\n"
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
    let flags = arguments.dropFirst().prefix { $0.hasPrefix("--") }
    let paths = Array(arguments.dropFirst(1 + flags.count))
    guard !paths.isEmpty else { usage() }
    runTimestamps(
        paths: paths, timestampFormat: flags.contains("--timestamp-format"), production: flags.contains("--production"))
case "wait-idle":
    runWaitIdle(timesOut: arguments.dropFirst().contains("--times-out"))
case "stop-waits":
    guard arguments.count == 2 else { usage() }
    runStopWaits(path: arguments[1])
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

/// A runtime's settings for the modules at `paths`, with `codeOptions`; host log lines to stdout.
func probeSettings(paths: [String], codeOptions: [String: JSONValue]) -> ModuleRuntime.Settings {
    let environment = ProcessEnvironment.current
    var settings = ModuleRuntime.Settings(
        environment: environment,
        searchPath: ModuleSearchPath(explicitPaths: paths, environment: environment, standardLocations: false))
    settings.codeOptions = codeOptions
    settings.log = HostLog(minimumLevel: .trace) { print($0.formatted) }
    return settings
}

/// Starts `runtime`, or prints its refusals and exits 1.
func startOrExit(_ runtime: ModuleRuntime) {
    let report = runtime.start()
    guard report.refused.isEmpty else {
        FileHandle.standardError.write(Data((report.lines.joined(separator: "\n") + "\n").utf8))
        exit(1)
    }
}

func runTimestamps(paths: [String], timestampFormat: Bool, production: Bool) -> Never {
    var options: [String: JSONValue] = ["logger.environment": .string(production ? "production" : "debug")]
    if timestampFormat {
        options["logger.consoleFormatOptions"] = .array([
            .object(["kind": .string("timestamp"), "style": .string("epoch"), "rightPad": .string(" ")]),
            .object(["kind": .string("message")]),
        ])
    }
    var settings = probeSettings(paths: paths, codeOptions: options)
    let storage = FileManager.default.temporaryDirectory.appendingPathComponent("parra-probe-\(getpid())")
    if production {
        settings.storageDirectory = storage.path
        settings.apiService = ParraAPIClient(
            settings: ParraAPIClient.Settings(
                identity: ParraAPIIdentity(tenantId: "tenant-probe", applicationId: "app-probe", bundleId: "probe"),
                backend: ParraAPIBackend.resolve(environment: ["PARRA_API_BASE_URL": "http://127.0.0.1:9"]).backend,
                timeout: 1, retryPolicy: ParraAPIRetryPolicy(maxAttempts: 1), authenticates: false))
    }
    ParraLogger.info("probe early")
    let runtime = ModuleRuntime(settings: settings)
    startOrExit(runtime)
    ParraLogger.info("probe record")
    ParraLogger.flush()
    runtime.stop()
    try? FileManager.default.removeItem(at: storage)
    exit(0)
}

func runWaitIdle(timesOut: Bool) -> Never {
    let entered = DispatchSemaphore(value: 0)
    let leave = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
        parra_log_route_enter()
        entered.signal()
        leave.wait()
        parra_log_route_leave()
    }
    entered.wait()
    let done = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
        var checks: Int32 = 0
        let idle = parra_log_route_wait_idle(timesOut ? 20_000_000 : 10_000_000_000, &checks)
        print("idle \(idle ? 1 : 0) checks \(checks)")
        done.signal()
    }
    if !timesOut {
        guard parra_log_route_await_idle_waiter(10_000_000_000) else {
            print("the waiter never began to wait")
            exit(1)
        }
        // The call goes on 50 ms after the waiter began (the case: a call that lasts): one that
        // looked every 100 µs would look hundreds of times.
        usleep(50_000)
        leave.signal()
    }
    guard done.wait(timeout: .now() + 10) == .success else {
        print("the waiter did not return")
        exit(1)
    }
    leave.signal()
    exit(0)
}

func runStopWaits(path: String) -> Never {
    let log = Mutex<[String]>([])
    var settings = probeSettings(paths: [path], codeOptions: [:])
    settings.log = HostLog(minimumLevel: .trace) { record in log.withLock { $0.append(record.message) } }
    let runtime = ModuleRuntime(settings: settings)
    startOrExit(runtime)
    guard let handle = dlopen(path, RTLD_NOW | RTLD_NOLOAD),
        let awaitSymbol = dlsym(handle, "fixture_await_sink_blocked"),
        let releaseSymbol = dlsym(handle, "fixture_release_sink")
    else {
        print("the fixture has no FIXTURE_LOG_SINK_BLOCKS functions")
        exit(1)
    }
    let awaitBlocked = unsafeBitCast(awaitSymbol, to: (@convention(c) (Int32) -> Int32).self)
    let release = unsafeBitCast(releaseSymbol, to: (@convention(c) () -> Void).self)
    Thread.detachNewThread { ParraLogger.info("block") }
    guard awaitBlocked(10) == 1 else {
        print("the sink never held the record")
        exit(1)
    }
    Thread.detachNewThread {
        let waiting = parra_log_route_await_idle_waiter(10_000_000_000)
        print("before release\(waiting ? "" : " (stop never waited)"): " + log.withLock { $0 }.joined(separator: ", "))
        release()
    }
    runtime.stop()
    for line in log.withLock({ $0 }) { print(line) }
    exit(0)
}
