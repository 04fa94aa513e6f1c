import CParraLogRoute
import FoundationEssentials
import ParraRuntime
import Synchronization

extension ParraLogger {
    /// The app-side backends added with ``addLoggerBackend(_:)``, in the order they were added.
    public static var loggerBackends: [any ParraLoggerBackend] { LoggerBackends.shared.all }

    /// Adds `backend`, which from now on receives every log call that logs, at every level.
    /// While any backend is added, calls below the logger module's minimum level are made too
    /// (their messages evaluated) so that backends see them; the module still prints only
    /// what its options let through. Any thread.
    ///
    /// - Throws: ``ParraLoggerBackendError`` when a backend with the same name was added.
    public static func addLoggerBackend(_ backend: any ParraLoggerBackend) throws {
        info("Adding new logger backend", ["name": backend.name])
        try LoggerBackends.shared.add(backend)
    }

    /// Removes the backends named `name`; a name never added does nothing. Any thread.
    public static func removeLoggerBackend(named name: String) {
        info("Removing logger backend", ["name": name])
        LoggerBackends.shared.remove(named: name)
    }
}

/// Why ``ParraLogger/addLoggerBackend(_:)`` refused a backend.
public struct ParraLoggerBackendError: Error, CustomStringConvertible {
    /// The name that was already taken.
    public let name: String

    /// The refusal, in the SDK's words.
    public var description: String { "Tried to add duplicate logger backend with name: \(name)" }
}

/// The process's app-side backends, and their hand-off from the logger's calls.
final class LoggerBackends: Sendable {
    static let shared = LoggerBackends()

    /// The backends; only ever replaced whole, so a delivery works on a snapshot.
    private let backends = Mutex<[BackendBox]>([])

    /// A backend held for delivery from any thread; the protocol asks backends to be
    /// thread-safe.
    private struct BackendBox: @unchecked Sendable {
        let backend: any ParraLoggerBackend
    }

    var all: [any ParraLoggerBackend] { backends.withLock { $0.map(\.backend) } }

    /// Whether a log must be handed to backends at all: what a log call checks before
    /// building anything for them (the router keeps the flag, beside its gate).
    @inline(__always)
    static var isEmpty: Bool { !parra_log_route_has_app_backends() }

    func add(_ backend: any ParraLoggerBackend) throws {
        try backends.withLock { list in
            guard !list.contains(where: { $0.backend.name == backend.name }) else {
                throw ParraLoggerBackendError(name: backend.name)
            }
            list.append(BackendBox(backend: backend))
            changed(list)
        }
    }

    func remove(named name: String) {
        backends.withLock { list in
            list.removeAll { $0.backend.name == name }
            changed(list)
        }
    }

    /// Publishes whether there are backends, and opens or narrows the host's level gate.
    private func changed(_ list: [BackendBox]) {
        LogRouter.shared.setAppBackendsPresent(!list.isEmpty)
    }

    /// Hands `data` to every backend, in the order they were added, on this thread.
    func deliver(_ data: @autoclosure () -> ParraLogData) {
        let list = backends.withLock { $0 }
        guard !list.isEmpty else { return }
        let data = data()
        for box in list { box.backend.log(data: data) }
    }
}
