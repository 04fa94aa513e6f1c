import Foundation
import ParraPluginKit

@testable import ParraWhatsNew

/// Stands in for the host in tests of What's New's logic: records every call, keeps timers and
/// requests until the test runs or answers them, and keeps storage in memory.
final class FakeWhatsNewServices: WhatsNewServices {
    struct Timer {
        let id: UInt64
        let delay: Double
        let body: () -> Void
    }

    struct Shown {
        let id: UInt64
        let kind: ModuleHost.PresentationKind
        let title: String
        let body: String
        let keys: [String]
        let onAction: (String) -> Void
        var dismissed = false
    }

    var logs: [(ModuleHost.LogLevel, String)] = []
    var requests: [(path: String, completion: (Result<(status: Int, body: [UInt8]), ModuleError>) -> Void)] = []
    var timers: [Timer] = []
    var storage: [String: [UInt8]] = [:]
    var shown: [Shown] = []
    var holds: [UInt64: Double] = [:]
    var commands: [(id: String, completion: (Result<String, ModuleError>) -> Void)] = []
    /// Set to refuse every command call, as a host without the launch screen module does.
    var refusesCommands = false
    var wallClockSeconds: Double = 1000
    private var nextID: UInt64 = 1

    func log(_ level: ModuleHost.LogLevel, _ message: String) { logs.append((level, message)) }

    func request(
        _ method: String, _ path: String, body: [UInt8]?, timeout: Double,
        completion: @escaping (Result<(status: Int, body: [UInt8]), ModuleError>) -> Void
    ) throws {
        requests.append((path, completion))
    }

    @discardableResult
    func schedule(after delay: Double, repeatEvery: Double, _ body: @escaping () -> Void) throws -> UInt64 {
        defer { nextID += 1 }
        timers.append(Timer(id: nextID, delay: delay, body: body))
        return nextID
    }

    func stored(_ key: String) throws -> [UInt8]? { storage[key] }
    func store(_ bytes: [UInt8], forKey key: String) throws { storage[key] = bytes }

    @discardableResult
    func present(
        _ kind: ModuleHost.PresentationKind, title: String, body: String, duration: Double,
        actions: [(key: String, label: String)], onAction: @escaping (String) -> Void,
        dismissed: @escaping (Bool) -> Void
    ) throws -> UInt64 {
        defer { nextID += 1 }
        shown.append(
            Shown(id: nextID, kind: kind, title: title, body: body, keys: actions.map(\.key), onAction: onAction))
        return nextID
    }

    func dismissPresentation(_ id: UInt64, byUser: Bool) throws {
        guard let index = shown.firstIndex(where: { $0.id == id }) else { throw ModuleError("not showing") }
        shown[index].dismissed = true
    }

    func holdSession(for seconds: Double) throws -> UInt64? {
        defer { nextID += 1 }
        holds[nextID] = seconds
        return nextID
    }

    func releaseSession(_ hold: UInt64) { holds[hold] = nil }

    func callCommand(
        _ id: String, argument: String, completion: @escaping (Result<String, ModuleError>) -> Void
    ) throws {
        guard !refusesCommands else { throw ModuleError("no loaded module offers the command \(id)", status: 5) }
        commands.append((id, completion))
    }

    /// Answers the oldest unanswered call of command `id` with `json`.
    func answerCommand(_ id: String, _ json: String) {
        guard let index = commands.firstIndex(where: { $0.id == id }) else { return }
        commands.remove(at: index).completion(.success(json))
    }

    /// Runs every timer due within `seconds`, soonest first, including those they schedule.
    func runTimers(upTo seconds: Double = 0) {
        while let next = timers.filter({ $0.delay <= seconds }).min(by: { ($0.delay, $0.id) < ($1.delay, $1.id) }) {
            timers.removeAll { $0.id == next.id }
            next.body()
        }
    }

    /// Answers the oldest unanswered request for a path containing `fragment` and runs what
    /// becomes due.
    func answer(_ fragment: String, status: Int = 200, _ body: String) {
        guard let index = requests.firstIndex(where: { $0.path.contains(fragment) }) else {
            return
        }
        let request = requests.remove(at: index)
        request.completion(.success((status, Array(body.utf8))))
        runTimers()
    }

    /// The user types `key` on the newest presentation offering it.
    func press(_ key: String) {
        shown.last { !$0.dismissed && $0.keys.contains(key) }?.onAction(key)
        runTimers()
    }

    /// Messages logged at `level`.
    func messages(_ level: ModuleHost.LogLevel) -> [String] { logs.filter { $0.0 == level }.map(\.1) }
}
