import CParraPlugin
import Foundation
import ParraPluginKit
import Testing

@testable import ParraLaunchScreen

@Suite("The app-info task: timeout, cache fallback and bad answers")
struct AppInfoTaskTests {
    private func run(_ services: FakeLaunchServices) -> (AppInfoTask, () -> AppInfoTask.Outcome?) {
        var outcome: AppInfoTask.Outcome?
        let task = AppInfoTask(services: services, timeout: 5, now: { 1234 })
        task.run { outcome = $0 }
        return (task, { outcome })
    }

    private let cached = #"{"app_info":{"version_token":"old"},"fetched_at":1000}"#

    @Test("a fresh answer is cached with its time; the next request sends its version token")
    func freshIsCached() throws {
        let services = FakeLaunchServices()
        let (task, outcome) = run(services)
        services.answer(0, status: 200, #"{"version_token":"v/1"}"#)
        #expect(outcome() == .fresh(#"{"version_token":"v/1"}"#))
        #expect(
            services.storage["app-info.json"].map { String(decoding: $0, as: UTF8.self) }
                == #"{"app_info":{"version_token":"v/1"},"fetched_at":1234}"#)
        #expect(services.timers.isEmpty)
        _ = task
        let (_, _) = run(services)
        #expect(services.requests.last?.path.hasSuffix("/app-info?version_token=v%2F1") == true)
    }

    @Test("no answer within the timeout falls back to the cache; the late answer still refreshes it")
    func timeoutUsesCache() {
        let services = FakeLaunchServices()
        services.storage["app-info.json"] = Array(cached.utf8)
        // Nothing but the pending request holds the task, as in the module.
        let (_, outcome) = run(services)
        #expect(outcome() == nil)
        #expect(services.timers.map(\.delay) == [5])
        services.runTimers(upTo: 5)
        #expect(outcome() == .cached(#"{"version_token":"old"}"#, fetchedAt: 1000, reason: "no answer within 5 s"))
        services.answer(0, status: 200, #"{"version_token":"late"}"#)
        #expect(outcome() == .cached(#"{"version_token":"old"}"#, fetchedAt: 1000, reason: "no answer within 5 s"))
        #expect(services.messages(.info) == ["app-info answered after the timeout; the cache now holds it"])
        #expect(String(decoding: services.storage["app-info.json"]!, as: UTF8.self).contains("late"))
    }

    @Test("no answer and no cache fails")
    func timeoutWithoutCache() {
        let services = FakeLaunchServices()
        let (task, outcome) = run(services)
        services.runTimers(upTo: 5)
        #expect(outcome() == .failed("app-info: no answer within 5 s; no cached app-info either"))
        _ = task
    }

    @Test(
        "a malformed or failed answer falls back to the cache, saying why",
        arguments: [
            (200, "not json", "the response is malformed"),
            (200, "[1,2]", "the response is malformed (the body is an array"),
            (200, #"{"version_token":5}"#, "version_token is a number, not a string"),
            (500, "{}", "the server answered HTTP 500"),
        ])
    func badAnswers(status: Int, body: String, reason: String) {
        let services = FakeLaunchServices()
        services.storage["app-info.json"] = Array(cached.utf8)
        let (task, outcome) = run(services)
        services.answer(0, status: status, body)
        guard case .cached(let json, _, let why) = outcome() else {
            Issue.record("expected the cache, got \(String(describing: outcome()))")
            return
        }
        #expect(json == #"{"version_token":"old"}"#)
        #expect(why.contains(reason))
        #expect(services.storage["app-info.json"] == Array(cached.utf8))
        _ = task
    }

    @Test("a corrupt cache is reported and removed")
    func corruptCache() {
        let services = FakeLaunchServices()
        services.storage["app-info.json"] = Array(#"{"app_info":3}"#.utf8)
        let (task, outcome) = run(services)
        #expect(services.storage["app-info.json"] == nil)
        #expect(
            services.messages(.warn).first?.hasPrefix("the cached app-info (storage key app-info.json) is corrupt")
                == true)
        services.answer(0, status: 500, "{}")
        #expect(outcome() == .failed("app-info: the server answered HTTP 500; no cached app-info either"))
        _ = task
    }

    @Test("a host without an API service skips app-info instead of failing")
    func noAPIService() {
        let services = FakeLaunchServices()
        services.requestError = ModuleError("no API", status: PARRA_STATUS_UNSUPPORTED)
        let (task, outcome) = run(services)
        services.runTimers()
        #expect(outcome() == .skipped("the host cannot send it (no API)"))
        _ = task
    }
}
