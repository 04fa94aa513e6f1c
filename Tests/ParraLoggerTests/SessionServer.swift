import Foundation
import Parra
import ParraAPI
import ParraRuntime
import ParraTestSupport

/// A loopback Parra API that takes session uploads: it answers the first requests with the
/// faults it is given, records the events of every upload it accepts, and answers 201.
/// A faulted request records nothing, so any event seen twice was sent twice after being
/// accepted.
final class SessionServer: @unchecked Sendable {
    private let lock = NSLock()
    private var faults: [LoopbackHTTPServer.Response]
    private var accepted: [[String: Any]] = []
    private var chunkSizes: [Int] = []
    private(set) var server: LoopbackHTTPServer!

    /// A server whose first requests get `faults`, in order.
    init(faults: [LoopbackHTTPServer.Response] = []) throws {
        self.faults = faults
        server = try LoopbackHTTPServer { [unowned self] request in self.answer(request) }
    }

    private func answer(_ request: LoopbackHTTPServer.Request) -> LoopbackHTTPServer.Response {
        lock.lock()
        if !faults.isEmpty {
            let fault = faults.removeFirst()
            lock.unlock()
            return fault
        }
        defer { lock.unlock() }
        guard request.method == "POST", request.path.hasSuffix("/sessions"),
            let body = try? JSONSerialization.jsonObject(with: request.body) as? [String: Any],
            let events = body["events"] as? [[String: Any]]
        else { return .json(status: 400, #"{"message":"not a session"}"#) }
        accepted += events
        chunkSizes.append(events.count)
        return .json(status: 201, "{}")
    }

    /// Every accepted event's id, in arrival order (repeats included).
    var eventIDs: [String] { lock.withLock { accepted.compactMap { $0["id"] as? String } } }
    /// Every accepted event's message, in arrival order (repeats included).
    var messages: [String] {
        lock.withLock { accepted.compactMap { ($0["metadata"] as? [String: Any])?["message"] as? String } }
    }
    /// The number of events in each accepted upload.
    var uploads: [Int] { lock.withLock { chunkSizes } }

    /// An API client for this server: no auth, no retries of its own (the logger's are tested),
    /// short timeouts.
    func client(timeout: Double = 1) -> ParraAPIClient {
        ParraAPIClient(
            settings: ParraAPIClient.Settings(
                identity: ParraAPIIdentity(tenantId: "tenant-1", applicationId: "app-1", bundleId: "test"),
                backend: .remote(baseURL: server.baseURL), timeout: timeout,
                retryPolicy: ParraAPIRetryPolicy(maxAttempts: 1), authenticates: false, log: HostLog { _ in }))
    }

    func stop() { server.stop() }
}
