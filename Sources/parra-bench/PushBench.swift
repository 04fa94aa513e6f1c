import Foundation
import Parra
import ParraAppModel
import ParraRuntime
import ParraTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// `push.local_delivery_us`: from a `parra push send` exchange starting (connect, the payload,
/// the answer) to the app delegate's `willPresent` running with it, in an app run of this
/// process with `libParraPush.so`; baseline `push.socket_exchange_us`, the same exchange with
/// a bare echo listener on a Unix socket.
struct PushFigures {
    var delivery: [Double]
    var exchange: [Double]
    var repetitions: Int
    var warmups: Int

    /// Medians over the repetitions, in microseconds.
    var deliveryMicroseconds: Double { median(delivery) }
    var exchangeMicroseconds: Double { median(exchange) }
    /// The median of the per-repetition ratios.
    var pairedRatio: Double { median(zip(delivery, exchange).map { $0 / $1 }) }
}

/// Notes when the app's `willPresent` runs.
/// Sendable by hand: `at` is behind `lock`, and the semaphore is a `let`.
final class PushBenchSignal: @unchecked Sendable {
    let presented = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var at: UInt64 = 0

    func note() {
        lock.withLock { at = monotonicNanoseconds() }
        presented.signal()
    }

    var lastPresented: UInt64 { lock.withLock { at } }
}

/// The bench's app delegate: signals each notification it is asked to present.
final class PushBenchAppDelegate: ParraAppDelegate<ParraSceneDelegate> {
    nonisolated(unsafe) static var signal = PushBenchSignal()

    override func userNotificationCenter(
        _ center: UNUserNotificationCenter, willPresent notification: UNNotification
    ) async -> UNNotificationPresentationOptions {
        Self.signal.note()
        return await super.userNotificationCenter(center, willPresent: notification)
    }
}

/// The bench's app: push enabled, one window.
struct PushBenchApp: App {
    @UIApplicationDelegateAdaptor(PushBenchAppDelegate.self) var appDelegate
    var body: some Scene {
        ParraApp(
            tenantId: "bench-tenant", applicationId: "bench-app", appDelegate: appDelegate,
            configuration: ParraConfiguration(pushNotificationOptions: .allWithoutProvisional)
        ) { WindowGroup { Text("bench") } }
    }
}

enum PushBench {
    static let moduleName = "libParraPush.so"
    /// The socket's bundle id: the app runs without an Info.plist.
    static let bundleID = "unknown"
    /// The payload sent each time.
    static let payload = Data(#"{"aps":{"alert":{"title":"Bench","body":"A push"}}}"#.utf8)

    /// Runs the app with the module beside this executable, listening under a runtime folder
    /// of its own in `work`, and times `warmups + repetitions` deliveries, each paired with a
    /// bare exchange; nil and the reason when the module is missing or cannot listen.
    ///
    /// The app runs on this thread, the main thread, as an app's does: its delegate methods run
    /// on the main actor there. The deliveries are sent and timed from a thread of their own,
    /// which ends the app when they are done.
    static func run(work: URL, repetitions: Int, warmups: Int) throws -> (PushFigures?, String?) {
        guard let module = LaunchBench.executableFolder()?.appendingPathComponent(moduleName),
            FileManager.default.fileExists(atPath: module.path)
        else {
            return (nil, "\(moduleName) is not beside parra-bench; build it with `swift build -c release`")
        }
        let runtime = work.appendingPathComponent("push-runtime", isDirectory: true)
        try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: runtime.path)
        // The module reads the process's environment for its socket's folder.
        setenv("XDG_RUNTIME_DIR", runtime.path, 1)
        let log = RecordingLog()
        let outcome = PushBenchOutcome()
        _ = try TestAppRun(
            PushBenchApp.self, paths: [module.path], log: log, storage: work.appendingPathComponent("push-storage"),
            staysOpen: true,
            started: { platform in
                nonisolated(unsafe) let platform = platform  // only `post`, which any thread may call
                Thread.detachNewThread {
                    outcome.result = Result {
                        try measure(runtime: runtime, log: log, repetitions: repetitions, warmups: warmups)
                    }
                    _ = platform.post(.terminate)
                }
            })
        return try outcome.result?.get() ?? (nil, "the app ended before the deliveries were timed")
    }

    /// Waits for the module to listen, then times the deliveries and the bare exchanges.
    private static func measure(runtime: URL, log: RecordingLog, repetitions: Int, warmups: Int) throws -> (
        PushFigures?, String?
    ) {
        guard log.waitForMessage(from: "com.parra.push", within: 30, where: { $0.hasPrefix("local delivery:") }) else {
            return (nil, "the push module did not start listening: \(log.records.map(\.message).suffix(3))")
        }
        let socket = "\(runtime.path)/parra/\(bundleID)/push.sock"
        let echo = try EchoListener(path: runtime.appendingPathComponent("echo.sock").path)
        defer { echo.stop() }
        var figures = PushFigures(delivery: [], exchange: [], repetitions: repetitions, warmups: warmups)
        for repetition in 0..<(warmups + repetitions) {
            let start = monotonicNanoseconds()
            let answer = try exchange(payload, at: socket)
            guard answer.hasPrefix("ok"), PushBenchAppDelegate.signal.presented.wait(timeout: .now() + 10) == .success
            else {
                throw BenchError("the push was not presented: \(answer)")
            }
            let delivered = PushBenchAppDelegate.signal.lastPresented
            let bareStart = monotonicNanoseconds()
            _ = try exchange(payload, at: echo.path)
            let bareEnd = monotonicNanoseconds()
            if repetition >= warmups {
                figures.delivery.append(Double(delivered - start) / 1e3)
                figures.exchange.append(Double(bareEnd - bareStart) / 1e3)
            }
        }
        return (figures, nil)
    }

    /// What `parra push send` does: connects, sends `payload`, ends its side, reads the answer.
    static func exchange(_ payload: Data, at path: String) throws -> String {
        switch UnixSocketExchange.exchange(payload, at: path) {
        case .failure(let failure): throw BenchError(failure.description)
        case .success(let answer): return String(decoding: answer, as: UTF8.self)
        }
    }
}

/// What the measuring thread found, read by the main thread once the app has ended.
/// Sendable by hand: `stored` is behind `lock`.
final class PushBenchOutcome: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Result<(PushFigures?, String?), Error>?

    var result: Result<(PushFigures?, String?), Error>? {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}

/// The baseline's listener: reads a request to its end and answers "ok: echo", on a thread of
/// its own, as the module's listener does with its accept loop.
/// Sendable by hand: its fields are `let`s, the path and the socket's descriptor.
final class EchoListener: @unchecked Sendable {
    let path: String
    private let descriptor: Int32

    init(path: String) throws {
        self.path = path
        unlink(path)
        descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = UnixSocketAddress(path)
        guard descriptor >= 0, address.bind(descriptor) == 0, listen(descriptor, 8) == 0 else {
            throw BenchError("cannot listen on \(path): \(String(cString: strerror(errno)))")
        }
        let listening = descriptor
        Thread.detachNewThread {
            while true {
                let client = accept(listening, nil, nil)
                guard client >= 0 else { return }
                var buffer = [UInt8](repeating: 0, count: 4096)
                while read(client, &buffer, buffer.count) > 0 {}
                let answer = Array("ok: echo\n".utf8)
                _ = answer.withUnsafeBytes { write(client, $0.baseAddress, $0.count) }
                close(client)
            }
        }
    }

    /// Stops accepting: the listening socket is shut down and the file removed.
    func stop() {
        shutdown(descriptor, Int32(SHUT_RDWR))
        close(descriptor)
        unlink(path)
    }
}
