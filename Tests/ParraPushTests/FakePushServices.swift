import Foundation
import ParraPluginKit

@testable import ParraPush

/// Stands in for the host in tests of ParraPush's logic: records what the module does, keeps
/// storage in memory and answers requests with `respond`. With a `mainQueue`, scheduled work
/// runs there (as the host's main thread), and `wait` watches the records from it.
final class FakePushServices: PushServices, @unchecked Sendable {
    var mainQueue: DispatchQueue?
    private let changes = NSCondition()
    private var changeCount = 0
    var logs: [String] = [] { didSet { changed() } }
    var storage: [String: [UInt8]] = [:]
    var requests: [(method: String, path: String, body: String)] = []
    var respond: (String) -> Result<(status: Int, body: [UInt8]), ModuleError> = { _ in .success((201, [])) }
    var presented: [(title: String, body: String, keys: [String], onAction: (String) -> Void)] = []
    var events: [String] = [] { didSet { changed() } }
    var presentationOptions: UInt32 = 15

    func log(_ level: ModuleHost.LogLevel, _ message: String) { logs.append("\(level.keyword): \(message)") }
    func request(
        _ method: String, _ path: String, body: [UInt8]?, timeout: Double,
        completion: @escaping (Result<(status: Int, body: [UInt8]), ModuleError>) -> Void
    ) throws {
        let text = String(decoding: body ?? [], as: UTF8.self)
        requests.append((method, path, text))
        completion(respond(text))
    }
    func stored(_ key: String) throws -> [UInt8]? { storage[key] }
    func store(_ bytes: [UInt8], forKey key: String) throws { storage[key] = bytes }
    func schedule(after delay: Double, repeatEvery: Double, _ body: @escaping () -> Void) throws -> UInt64 {
        if let mainQueue {
            nonisolated(unsafe) let run = body
            mainQueue.async { run() }
        } else {
            body()
        }
        return 1
    }

    /// Waits until `condition`, read on the main queue, holds, woken by each new event or log
    /// line, for at most `seconds`; whether it held.
    func wait(within seconds: TimeInterval = 20, until condition: @escaping (FakePushServices) -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while true {
            let generation = changes.withLock { changeCount }
            if onMain({ condition(self) }) { return true }
            let woke = changes.withLock {
                while changeCount == generation {
                    guard changes.wait(until: deadline) else { return false }
                }
                return true
            }
            if !woke { return onMain { condition(self) } }
        }
    }

    private func changed() {
        changes.withLock {
            changeCount += 1
            changes.broadcast()
        }
    }

    /// Runs `body` on the main queue (or here without one) and returns its result.
    func onMain<T>(_ body: () -> T) -> T { mainQueue.map { $0.sync(execute: body) } ?? body() }
    func present(
        _ kind: ModuleHost.PresentationKind, title: String, body: String, duration: Double,
        actions: [(key: String, label: String)], onAction: @escaping (String) -> Void,
        dismissed: @escaping (Bool) -> Void
    ) throws -> UInt64 {
        presented.append((title, body, actions.map(\.key), onAction))
        return UInt64(presented.count)
    }
    func dismissPresentation(_ id: UInt64, byUser: Bool) throws {}
    func emit(_ pointID: String, _ text: String) throws { events.append("emit \(pointID) \(text)") }
    func didRegisterForRemoteNotifications(token: [UInt8]) throws {
        events.append("didRegister \(String(decoding: token, as: UTF8.self))")
    }
    func didFailToRegisterForRemoteNotifications(reason: String) throws { events.append("didFail \(reason)") }
    func willPresentNotification(payloadJSON: String, done: @escaping (UInt32) -> Void) throws {
        events.append("willPresent")
        done(presentationOptions)
    }
    func didReceiveRemoteNotification(payloadJSON: String) throws { events.append("remote \(payloadJSON)") }
    func setLaunchNotification(payloadJSON: String) throws { events.append("launch \(payloadJSON)") }
    func didReceiveNotificationResponse(payloadJSON: String, action: String?) throws {
        events.append("response \(payloadJSON)")
    }
    func openURL(_ url: String) throws { events.append("open \(url)") }
}
