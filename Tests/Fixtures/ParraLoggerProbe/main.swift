// A process that logs through the real logger module in production mode, for the crash
// tests: `ParraLoggerProbe STORAGE BASE_URL COUNT [--forever]`.
//
// It loads libParraLogger.so from its own folder, logs COUNT records ("probe event <i>"),
// flushes them to disk and prints "flushed COUNT". With --forever it then logs
// "after flush <i>" until it is killed; without, it waits for SIGTERM or SIGINT, then stops
// the runtime (which uploads what it can) and exits 0.
import Foundation
import Parra

let arguments = CommandLine.arguments
guard arguments.count >= 4, let count = Int(arguments[3]) else {
    FileHandle.standardError.write(Data("usage: ParraLoggerProbe STORAGE BASE_URL COUNT [--forever]\n".utf8))
    exit(2)
}
let storage = URL(fileURLWithPath: arguments[1])
let folder = ModuleSearchPath.currentExecutableURL()!.deletingLastPathComponent()
let environment = ["PARRA_API_BASE_URL": arguments[2]]

var settings = ModuleRuntime.Settings(
    environment: environment,
    searchPath: ModuleSearchPath(
        explicitPaths: [folder.appendingPathComponent("libParraLogger.so").path], environment: environment,
        standardLocations: false))
settings.storageDirectory = storage
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
print("flushed \(count)")
fflush(stdout)

if arguments.contains("--forever") {
    var index = 0
    while true {
        ParraLogger.info("after flush \(index)")
        index += 1
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
runtime.stop()
exit(0)
