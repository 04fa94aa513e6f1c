import CParraPlugin
import FoundationEssentials
import ParraFileSystem
import ParraPluginKit

/// The Parra logger as a feature module: receives the app's log records from the host,
/// prints them to the console in the configured format (debug), keeps them as session events
/// on disk and uploads them to Parra (production), or both (`PARRA_DEBUG_EVENT_LOGGING`).
final class ParraLoggerModule: ParraModule {
    static let definition = ModuleDefinition<ParraLoggerModule>(
        id: "com.parra.logger", name: "ParraLogger", version: "1.0.0",
        description: "Parra's logger: console lines in Parra's formats, and production logs uploaded as session events",
        license: "MIT",
        options: LoggerSettings.declarations,
        hooks: [
            .didEnterBackground { $0.uploader?.trigger() },
            .willEnterForeground { $0.uploader?.trigger() },
        ],
        logSink: LogSink(receive: { $0.receive($1) }, flush: { $0.flush() }))

    let host: ModuleHost
    let settings: LoggerSettings
    // The outputs are constants, made at init, so that taking a record (on any thread, many
    // times a second) reads them without reference counting.
    private let minimum: Int32
    private let console: ConsoleWriter?
    let spool: SessionSpool?
    let uploader: SessionUploader?
    /// `console` and `spool` unretained, for `receive`: the constants above keep them alive for
    /// as long as the module, and calling through these costs no retain and release per record
    /// (two atomic operations, a tenth of a console line).
    private let unretainedConsole: Unmanaged<ConsoleWriter>?
    private let unretainedSpool: Unmanaged<SessionSpool>?
    /// What was wrong with the options or outputs, reported at configure.
    private let problems: [String]

    init(host: ModuleHost) throws {
        self.host = host
        settings = LoggerSettings.read(from: host)
        minimum = settings.minimumLevel.rawValue
        var problems = settings.problems
        if settings.outputs.console {
            let report: @Sendable (String) -> Void = { [host] in host.log(.warn, $0) }
            do {
                console = try ConsoleWriter(destination: settings.destination, format: settings.format, report: report)
            } catch {
                problems.append("\(error); console lines go to stdout instead")
                console = try ConsoleWriter(destination: .standardOutput, format: settings.format, report: report)
            }
        } else {
            console = nil
        }
        if settings.outputs.session {
            let session = Self.openSession(host: host, settings: settings)
            spool = session.spool
            uploader = session.uploader
        } else {
            spool = nil
            uploader = nil
        }
        unretainedConsole = console.map { Unmanaged.passUnretained($0) }
        unretainedSpool = spool.map { Unmanaged.passUnretained($0) }
        self.problems = problems
    }

    func configure() throws {
        for problem in problems { host.log(.warn, problem) }
        try host.setLogThreshold(ModuleHost.LogLevel(rawValue: minimum))
        // A host before ABI 1.9 cannot be told, and reads the clock for every record anyway.
        if !readsTimestamps { try host.setLogReadsTimestamps(false) }
    }

    /// Whether a record's time is used: by the session spool's events, or by a timestamp in
    /// the console format. Parra's default console format has none, so a debug app's log
    /// call then reads no clock.
    private var readsTimestamps: Bool { spool != nil || (console != nil && settings.format.showsTimestamp) }

    func activate() throws {
        console?.startPeriodicFlush()
        // The spool opens its folder on its writer thread (see `openSession`), so what earlier
        // runs left is counted there.
        spool?.start { [host] recovered in
            if recovered > 0 {
                host.log(.info, "\(recovered) unsent session event(s) from earlier runs will be uploaded")
            }
        }
        uploader?.start()
        let route =
            settings.outputs.console && settings.outputs.session
            ? "console and session" : settings.outputs.console ? "console" : "session upload"
        host.log(.debug, "logging at \(settings.minimumLevel.keyword) and above to the \(route)")
    }

    func deactivate() {
        console?.stop()
        guard let spool else { return }
        // Everything taken goes to disk (the spool says what the disk refused), then is
        // uploaded as far as time allows; then the folder is let go.
        let onDisk = spool.flush()
        if let uploader, !uploader.finish(timeout: settings.shutdownUploadTimeout) {
            host.log(
                .info,
                onDisk
                    ? "unsent session events stay on disk and are uploaded on the next launch"
                    : "the unsent session events that reached the disk stay there and are uploaded on the next launch")
        }
        spool.stop()
        let counts = spool.counts
        if counts.droppedInMemory > 0 {
            host.log(.warn, "\(counts.droppedInMemory) log(s) were dropped because the session spool fell behind")
        }
    }

    /// Takes one record from the host. Any thread.
    @inline(__always)
    func receive(_ record: UnsafePointer<parra_log_record>) {
        guard record.pointee.level >= minimum else { return }
        unretainedConsole?._withUnsafeGuaranteedRef { $0.write(record) }
        unretainedSpool?._withUnsafeGuaranteedRef { $0.enqueue(record) }
    }

    /// Makes every record received so far written or durable. Any thread.
    func flush() {
        console?.flush()
        spool?.flush()
    }

    /// The spool under the module's storage directory, and its uploader. A folder the host
    /// cannot give, or the disk refuses, does not stop the logger: the spool says why and
    /// holds events in memory until it can write them.
    ///
    /// The folder is made and opened on the spool's writer thread, which `activate` starts:
    /// on a first launch that is a millisecond of file work off the main thread before the
    /// app's first frame.
    private static func openSession(
        host: ModuleHost, settings: LoggerSettings
    ) -> (spool: SessionSpool, uploader: SessionUploader) {
        let report: @Sendable (String) -> Void = { [host] in host.log(.warn, $0) }
        let spool = SessionSpool(
            folder: { [host] in
                guard let folder = host.storageDirectory else {
                    throw ModuleError(
                        "the host gives no folder for the logger's files (its warning says why)")
                }
                return joinedPath(folder, "sessions")
            }, sessionID: Self.makeSessionID(), sessionStartedAt: host.wallClockSeconds,
            sizeLimit: settings.spoolSizeLimit, opensOnWriter: true, report: report)
        let uploader = SessionUploader(
            spool: spool, interval: settings.uploadInterval,
            send: { body, timeout, completion in
                try host.request("POST", "tenants/{tenantId}/sessions", body: body, timeout: timeout) { result in
                    switch result {
                    case .success(let response): completion(.success(response.status))
                    case .failure(let error): completion(.failure(.init(message: error.description)))
                    }
                }
            }, report: report)
        return (spool, uploader)
    }

    /// 32 random hex digits: a new session for every process.
    static func makeSessionID() -> String {
        var generator = SystemRandomNumberGenerator()
        var id = ""
        for _ in 0..<2 { id += String(generator.next() as UInt64, radix: 16).leftPadded(to: 16) }
        return id
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}

/// What `libParraLogger.so` exports, for its entry target.
public enum ParraLoggerExport {
    /// The module's descriptor (the same one every time).
    public static func descriptor() -> UnsafePointer<parra_module_descriptor> {
        ParraLoggerModule.definition.export()
    }
}
