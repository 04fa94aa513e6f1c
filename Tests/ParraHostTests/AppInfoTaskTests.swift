import Foundation
import ParraTestSupport
import Testing

@testable import ParraAPI
@testable import ParraAppModel
@testable import ParraRuntime

/// A clock standing still at `seconds`.
private struct FixedClock: HostClock {
    let seconds: Double
    var wallSeconds: Double { seconds }
    var monotonicNanoseconds: UInt64 { 0 }
}

@Suite("The launch's app-info step: one fetch, one cache, a deadline")
struct AppInfoTaskTests {
    private final class Outcomes: @unchecked Sendable {
        let lock = NSLock()
        var outcomes: [ParraAppInfoTask.Outcome] = []
        var reports: [String] = []
        let arrived = DispatchSemaphore(value: 0)
        let reported = DispatchSemaphore(value: 0)
    }

    /// Runs the task against `server` (nil: no client) with a cache in `folder`, waiting
    /// (bounded) for its outcome.
    private func run(
        _ server: LoopbackHTTPServer?, folder: URL, timeout: Double = 5, outcomes: Outcomes = Outcomes()
    ) throws -> (ParraAppInfoTask.Outcome, Outcomes) {
        let task = ParraAppInfoTask(
            client: server.map { APITest.client($0) }, cache: ParraAppInfoCache(folder: folder.path), timeout: timeout,
            clock: FixedClock(seconds: 1234),
            report: { line in
                outcomes.lock.withLock { outcomes.reports.append(line) }
                outcomes.reported.signal()
            })
        task.run { outcome in
            outcomes.lock.withLock { outcomes.outcomes.append(outcome) }
            outcomes.arrived.signal()
        }
        #expect(outcomes.arrived.wait(timeout: .now() + 20) == .success)
        return (try #require(outcomes.lock.withLock { outcomes.outcomes.first }), outcomes)
    }

    private let cached = #"{"app_info":{"version_token":"old"},"backend":"b","fetched_at":1000}"#

    private func cache(in folder: URL) -> String? {
        try? String(contentsOf: folder.appendingPathComponent("app-info.json"), encoding: .utf8)
    }

    @Test("a fresh answer is kept whole, nulls and unknown members too, with its time; no version token is sent")
    func freshIsCached() throws {
        let folder = try CFixtureBuilder.makeTemporaryDirectory()
        try cached.write(to: folder.appendingPathComponent("app-info.json"), atomically: true, encoding: .utf8)
        let body = #"{"version_token":"v/1","new_installed_version_info":null,"extra":{"a":[1,2]}}"#
        let server = try LoopbackHTTPServer(handler: { _ in .json(status: 200, body) })
        defer { server.stop() }
        let (outcome, _) = try run(server, folder: folder)
        #expect(outcome == .fresh(body))
        #expect(server.requests.map(\.path) == [APITest.appInfoPath])
        let stored = try #require(cache(in: folder))
        #expect(stored.contains(#""fetched_at":1234"#) && stored.contains(#""new_installed_version_info":null"#))
        #expect(outcome.stepResult == #"{"appInfo":"# + body + #","source":"network"}"#)
    }

    @Test("no answer within the deadline falls back to the cache; the late answer still refreshes it")
    func lateAnswer() throws {
        let folder = try CFixtureBuilder.makeTemporaryDirectory()
        try cached.write(to: folder.appendingPathComponent("app-info.json"), atomically: true, encoding: .utf8)
        let release = DispatchSemaphore(value: 0)
        let server = try LoopbackHTTPServer(handler: { _ in
            _ = release.wait(timeout: .now() + 20)
            return .json(status: 200, #"{"version_token":"late"}"#)
        })
        defer { server.stop() }
        let outcomes = Outcomes()
        let (outcome, _) = try run(server, folder: folder, timeout: 0.2, outcomes: outcomes)
        #expect(outcome == .cached(#"{"version_token":"old"}"#, fetchedAt: 1000, reason: "no answer within 0.2 s"))
        release.signal()
        // The late answer lands in the cache, then is reported; the outcome stays the first.
        #expect(outcomes.reported.wait(timeout: .now() + 20) == .success)
        #expect(cache(in: folder)?.contains("late") == true)
        #expect(
            outcomes.lock.withLock { outcomes.reports } == [
                "app-info answered after the timeout; the cache now holds it"
            ])
        #expect(outcomes.lock.withLock { outcomes.outcomes.count } == 1)
    }

    @Test(
        "a malformed or failed answer falls back to the cache, saying why; with no cache the step fails",
        arguments: [
            (200, "not json", "HTTP 200"), (200, "[1,2]", "HTTP 200"),
            (200, #"{"version_token":5}"#, "HTTP 200"), (500, "{}", "HTTP 500"),
        ])
    func badAnswers(status: Int, body: String, reason: String) throws {
        let server = try LoopbackHTTPServer(handler: { _ in .json(status: status, body) })
        defer { server.stop() }
        let folder = try CFixtureBuilder.makeTemporaryDirectory()
        try cached.write(to: folder.appendingPathComponent("app-info.json"), atomically: true, encoding: .utf8)
        guard case .cached(let json, 1000, let why) = try run(server, folder: folder).0 else {
            Issue.record("expected the cache")
            return
        }
        #expect(json == #"{"version_token":"old"}"# && why.contains(reason), "\(why)")
        #expect(cache(in: folder) == cached)

        let empty = try CFixtureBuilder.makeTemporaryDirectory()
        guard case .failed(let failure) = try run(server, folder: empty).0 else {
            Issue.record("expected a failure")
            return
        }
        #expect(failure.hasPrefix("app-info: ") && failure.hasSuffix("; no cached app-info either"))
    }

    @Test("a corrupt cache is reported and removed; no client and no cache skips rather than fails")
    func corruptCacheAndNoClient() throws {
        let folder = try CFixtureBuilder.makeTemporaryDirectory()
        try #"{"app_info":3}"#.write(
            to: folder.appendingPathComponent("app-info.json"), atomically: true, encoding: .utf8)
        let (outcome, outcomes) = try run(nil, folder: folder)
        #expect(outcome == .skipped("the run has no Parra API client"))
        #expect(outcome.stepResult == #"{"reason":"the run has no Parra API client","source":"none"}"#)
        #expect(outcomes.reports.first?.contains("is corrupt") == true)
        #expect(cache(in: folder) == nil)
    }
}
