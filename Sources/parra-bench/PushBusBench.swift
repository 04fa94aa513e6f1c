import CParraPushSupport
import Foundation
import Parra
import ParraAppModel
import ParraRuntime
import ParraTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// `push.bus_to_delegate_us`: from a UnifiedPush distributor being told to send a message (a
/// line to `Tests/Fixtures/DBus/fake_desktop.c`, which then sends the D-Bus `Message` call;
/// encrypted beforehand, as an app server does, for the keys the app uploaded) to
/// the app delegate's `willPresent` running with it, in an app run of this process with
/// `libParraPush.so` registered with that distributor on a private `dbus-daemon`; baseline
/// `push.bus_round_trip_us`, a `ping` line the distributor answers on its output once the bus
/// daemon has answered its D-Bus `Peer.Ping`: the pipe and one bus round trip.
struct PushBusFigures {
    var delivery: [Double]
    var roundTrip: [Double]
    var repetitions: Int
    var warmups: Int

    /// Medians over the repetitions, in microseconds.
    var deliveryMicroseconds: Double { median(delivery) }
    var roundTripMicroseconds: Double { median(roundTrip) }
    /// The median of the per-repetition ratios.
    var pairedRatio: Double { median(zip(delivery, roundTrip).map { $0 / $1 }) }
}

enum PushBusBench {
    /// The payload the distributor sends each time, encrypted afresh.
    static let payload = Array(#"{"aps":{"alert":{"title":"Bench","body":"Over the bus"}}}"#.utf8)

    /// Runs the app with the push module beside this executable, signed in so that it
    /// registers, against a private bus with the fake distributor and a loopback API that takes
    /// its token, and times `warmups + repetitions` deliveries; nil and the reason when the
    /// module, `dbus-daemon` or the distributor is missing.
    static func run(work: URL, repetitions: Int, warmups: Int) throws -> (PushBusFigures?, String?) {
        guard let module = LaunchBench.executableFolder()?.appendingPathComponent(PushBench.moduleName),
            FileManager.default.fileExists(atPath: module.path)
        else {
            return (nil, "\(PushBench.moduleName) is not beside parra-bench; build it with `swift build -c release`")
        }
        let bus: PrivateSessionBus
        let desktop: FakeDesktop
        do {
            bus = try PrivateSessionBus()
            desktop = try FakeDesktop(bus: bus.address, [.distributor])
        } catch {
            return (nil, "no private session bus with the test distributor (install dbus): \(error)")
        }
        defer {
            desktop.quit()
            bus.stop()
        }
        // The module reads the process's environment for the bus it joins.
        setenv("DBUS_SESSION_BUS_ADDRESS", bus.address, 1)
        defer { unsetenv("DBUS_SESSION_BUS_ADDRESS") }
        let subscription = PushBusSubscription()
        let server = try LoopbackHTTPServer(handler: { request in
            guard request.path.hasSuffix("/push-tokens") else { return .json(status: 404, "{}") }
            subscription.take(upload: request.body)
            return .json(status: 201, "{}")
        })
        defer { server.stop() }
        PushBenchAppDelegate.signal = PushBenchSignal()
        // The connector's bus name is the bundle id, which D-Bus wants dotted.
        let plist = work.appendingPathComponent("PushBus-Info.plist")
        try Data(
            #"<?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict><key>CFBundleIdentifier</key><string>io.parra.bench.push</string></dict></plist>"#
                .utf8
        ).write(to: plist)
        let bundle = BundleInfo.load(from: plist.path).info
        let outcome = PushBusOutcome()
        _ = try TestAppRun(
            PushBenchApp.self, paths: [module.path],
            script: [.authStateChanged(.authenticated(ParraUser(id: "bench")))],
            bundle: bundle, environment: ["PARRA_API_BASE_URL": server.baseURL.absoluteString],
            storage: work.appendingPathComponent("push-bus-storage"), staysOpen: true,
            started: { platform in
                nonisolated(unsafe) let platform = platform  // only `post`, which any thread may call
                Thread.detachNewThread {
                    outcome.result = Result {
                        try measure(
                            desktop: desktop, subscription: subscription, repetitions: repetitions, warmups: warmups)
                    }
                    _ = platform.post(.terminate)
                }
            })
        return try outcome.result?.get() ?? (nil, "the app ended before the deliveries were timed")
    }

    /// Waits for the module to register, then times the deliveries and the distributor's own
    /// round trips.
    private static func measure(
        desktop: FakeDesktop, subscription: PushBusSubscription, repetitions: Int, warmups: Int
    ) throws -> (PushBusFigures?, String?) {
        guard desktop.lines.next(startingWith: "register ", within: 30) != nil else {
            return (nil, "the push module did not register with the distributor within 30 s")
        }
        guard let keys = subscription.wait(within: 30) else {
            return (nil, "the push module did not upload its Web Push keys within 30 s")
        }
        var figures = PushBusFigures(delivery: [], roundTrip: [], repetitions: repetitions, warmups: warmups)
        for repetition in 0..<(warmups + repetitions) {
            let line = "message-hex " + (try encrypted(payload, for: keys)).map { String(format: "%02x", $0) }.joined()
            let start = monotonicNanoseconds()
            desktop.send(line)
            guard PushBenchAppDelegate.signal.presented.wait(timeout: .now() + 10) == .success else {
                throw BenchError("the distributor's message was not presented within 10 s")
            }
            let delivered = PushBenchAppDelegate.signal.lastPresented
            let pingStart = monotonicNanoseconds()
            desktop.send("ping")
            guard desktop.lines.next(startingWith: "pong", within: 10) != nil else {
                throw BenchError("the distributor did not answer ping within 10 s")
            }
            let pingEnd = monotonicNanoseconds()
            if repetition >= warmups {
                figures.delivery.append(Double(delivered - start) / 1e3)
                figures.roundTrip.append(Double(pingEnd - pingStart) / 1e3)
            }
        }
        return (figures, nil)
    }

    /// `plaintext` encrypted for the subscription `keys`, as an app server does.
    private static func encrypted(_ plaintext: [UInt8], for keys: (p256dh: [UInt8], auth: [UInt8])) throws -> [UInt8] {
        var body = [UInt8](repeating: 0, count: parra_push_webpush_encrypted_size(plaintext.count))
        var error = [CChar](repeating: 0, count: 512)
        let length = parra_push_webpush_encrypt(
            keys.p256dh, keys.auth, plaintext, plaintext.count, nil, nil, &body, body.count, &error, error.count)
        guard length > 0 else {
            throw BenchError(String(decoding: error.prefix { $0 != 0 }.map(UInt8.init), as: UTF8.self))
        }
        return Array(body[..<length])
    }
}

/// The Web Push keys the app uploads with its token, as the loopback API took them.
/// Sendable by hand: `keys` is behind `condition`.
private final class PushBusSubscription: @unchecked Sendable {
    private let condition = NSCondition()
    private var keys: (p256dh: [UInt8], auth: [UInt8])?

    /// Reads the upload's `keys {p256dh, auth}` (base64url).
    func take(upload body: Data) {
        let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any]
        let fields = object?["keys"] as? [String: String]
        guard let p256dh = fields?["p256dh"].flatMap(Self.decoded), let auth = fields?["auth"].flatMap(Self.decoded)
        else { return }
        condition.withLock {
            keys = (p256dh, auth)
            condition.broadcast()
        }
    }

    /// The keys once uploaded, waiting at most `seconds`.
    func wait(within seconds: Double) -> (p256dh: [UInt8], auth: [UInt8])? {
        let deadline = Date().addingTimeInterval(seconds)
        return condition.withLock {
            while keys == nil, condition.wait(until: deadline) {}
            return keys
        }
    }

    private static func decoded(_ base64URL: String) -> [UInt8]? {
        var text = base64URL.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        text += String(repeating: "=", count: (4 - text.count % 4) % 4)
        return Data(base64Encoded: text).map(Array.init)
    }
}

/// What the measuring thread found, read by the main thread once the app has ended.
/// Sendable by hand: `stored` is behind `lock`.
final class PushBusOutcome: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Result<(PushBusFigures?, String?), Error>?

    var result: Result<(PushBusFigures?, String?), Error>? {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}
