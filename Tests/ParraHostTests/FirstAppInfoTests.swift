import Foundation
import ParraTestSupport
import Testing

@testable import ParraAPI
@testable import ParraAppModel
@testable import ParraRuntime

@Suite("The launch's first app-info: asked for while the modules start, taken once")
struct FirstAppInfoTests {
    /// A clock standing still.
    private struct FixedClock: HostClock {
        var wallSeconds: Double { 1234 }
        var monotonicNanoseconds: UInt64 { 0 }
    }

    /// What a taker was given, in order.
    private final class Taken: @unchecked Sendable {
        let lock = NSLock()
        var events: [String] = []
        var outcome: ParraAppInfoTask.Outcome?
        let arrived = DispatchSemaphore(value: 0)

        func report(_ line: String) { lock.withLock { events.append("line: \(line)") } }
        func end(_ outcome: ParraAppInfoTask.Outcome) {
            lock.withLock {
                events.append("outcome")
                self.outcome = outcome
            }
            arrived.signal()
        }
    }

    @Test(
        "taken before the answer, the outcome is handed over when it comes; it is taken once; `seen` is the cache it found"
    )
    func takenBeforeTheAnswer() throws {
        let folder = try CFixtureBuilder.makeTemporaryDirectory()
        let cached = #"{"app_info":{"version_token":"old"},"backend":"b","fetched_at":1000}"#
        try cached.write(to: folder.appendingPathComponent("app-info.json"), atomically: true, encoding: .utf8)
        let release = DispatchSemaphore(value: 0)
        let body = #"{"version_token":"new"}"#
        let server = try LoopbackHTTPServer(handler: { _ in
            _ = release.wait(timeout: .now() + 20)
            return .json(status: 200, body)
        })
        defer { server.stop() }
        let first = ParraFirstAppInfo(
            client: APITest.client(server), cache: ParraAppInfoCache(folder: folder.path), clock: FixedClock())
        #expect(first.seen == Array(cached.utf8))
        let taken = Taken()
        #expect(first.take(report: taken.report, then: taken.end))
        // The server holds its answer: nothing can have been handed over yet.
        #expect(taken.lock.withLock { taken.outcome } == nil)
        release.signal()
        #expect(taken.arrived.wait(timeout: .now() + 20) == .success)
        #expect(taken.lock.withLock { taken.outcome } == .fresh(body))
        #expect(server.requests.map(\.path) == [APITest.appInfoPath])
        let again = Taken()
        #expect(!first.take(report: again.report, then: again.end))
        #expect(again.lock.withLock { again.events }.isEmpty)
    }

    @Test("lines reported before it is taken are held, then given in order before the outcome")
    func heldLines() throws {
        let folder = try CFixtureBuilder.makeTemporaryDirectory()
        try "not a cache".write(to: folder.appendingPathComponent("app-info.json"), atomically: true, encoding: .utf8)
        // No client: the task ends inside init, reporting the corrupt cache to no one yet.
        let first = ParraFirstAppInfo(client: nil, cache: ParraAppInfoCache(folder: folder.path), clock: FixedClock())
        let taken = Taken()
        #expect(first.take(report: taken.report, then: taken.end))
        #expect(taken.arrived.wait(timeout: .now() + 20) == .success)
        let events = taken.lock.withLock { taken.events }
        #expect(events.count == 2)
        #expect(
            events.first?.hasPrefix("line: the cached app-info") == true && events.first?.contains("is corrupt") == true
        )
        #expect(events.last == "outcome")
        #expect(taken.lock.withLock { taken.outcome } == .skipped("the run has no Parra API client"))
    }
}
