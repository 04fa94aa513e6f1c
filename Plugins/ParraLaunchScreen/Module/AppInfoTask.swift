import CParraPlugin
import Foundation
import ParraPluginKit

/// The launch's app-info task: `GET tenants/{tenantId}/applications/{applicationId}/app-info`
/// through the host, given at most `timeout` seconds (kept by a timer of its own, whatever the
/// host's retries), falling back to the app-info cached in the module's storage. A fresh
/// answer replaces the cache, even one that arrives after the timeout.
final class AppInfoTask {
    /// How the task ended.
    enum Outcome: Equatable {
        /// The server answered; the app-info JSON.
        case fresh(String)
        /// The server did not (`reason`); the cached app-info JSON and when it was fetched.
        case cached(String, fetchedAt: Double, reason: String)
        /// The host has no Parra API service and nothing is cached: no app-info, no failure.
        case skipped(String)
        /// The server did not answer usably and nothing is cached.
        case failed(String)
    }

    /// The storage key of the cache: `{"fetched_at": seconds, "app_info": {...}}`.
    static let cacheKey = "app-info.json"
    /// The endpoint, with the host filling in the app's identity.
    static let path = "tenants/{tenantId}/applications/{applicationId}/app-info"

    private let services: LaunchServices
    private let timeout: Double
    private let now: () -> Double
    private var finished = false
    private var timer: UInt64?

    /// A task using `services`, waiting `timeout` seconds, stamping the cache with `now()`.
    init(services: LaunchServices, timeout: Double, now: @escaping () -> Double) {
        self.services = services
        self.timeout = timeout
        self.now = now
    }

    /// Runs the task; `completion` gets the outcome once, on the main thread (never from
    /// inside `run`).
    func run(_ completion: @escaping (Outcome) -> Void) {
        let cache = loadCache()
        var path = Self.path
        if let token = cache.flatMap({ try? JSONValue.parse($0.json) })?.object?["version_token"]?.string,
            let query = token.addingPercentEncoding(
                withAllowedCharacters: .alphanumerics.union(CharacterSet(charactersIn: "-._~")))
        {
            path += "?version_token=\(query)"
        }
        let services = self.services
        do {
            // The completion holds the task until the answer comes (the host calls it once, or
            // drops it at shutdown), so an answer after the timeout still refreshes the cache.
            try services.request("GET", path, body: nil, timeout: timeout) { result in
                _ = try? services.schedule(after: 0, repeatEvery: 0) { self.answered(result, cache, completion) }
            }
        } catch {
            let unsupported = (error as? ModuleError)?.status == PARRA_STATUS_UNSUPPORTED
            let reason = unsupported ? "the host cannot send it (\(error))" : "the request could not be sent (\(error))"
            // Finished on a later turn of the main thread, as the completion promises.
            if (try? services.schedule(
                after: 0, repeatEvery: 0, { self.finish(cache, reason: reason, completion, orSkip: unsupported) }))
                == nil
            {
                finish(cache, reason: reason, completion, orSkip: unsupported)
            }
            return
        }
        timer = try? services.schedule(after: timeout, repeatEvery: 0) { [weak self] in
            guard let self, !self.finished else { return }
            self.finish(cache, reason: "no answer within \(Self.seconds(self.timeout)) s", completion)
        }
    }

    private func answered(
        _ result: Result<(status: Int, body: [UInt8]), ModuleError>, _ cache: (json: String, fetchedAt: Double)?,
        _ completion: @escaping (Outcome) -> Void
    ) {
        let late = finished
        var failure: String?
        switch result {
        case .success(let response) where (200..<300).contains(response.status):
            do {
                let value = try JSONValue.parse(Data(response.body))
                guard let members = value.object else {
                    throw JSONError("the body is \(value.typeName), not an object")
                }
                if let token = members["version_token"], token.string == nil, token != .null {
                    throw JSONError("version_token is \(token.typeName), not a string")
                }
                store(value.json)
                if late {
                    services.log(.info, "app-info answered after the timeout; the cache now holds it")
                } else {
                    finished = true
                    cancelTimer()
                    completion(.fresh(value.json))
                }
                return
            } catch {
                failure = "the response is malformed (\(error))"
            }
        case .success(let response):
            failure = "the server answered HTTP \(response.status)"
        case .failure(let error):
            failure = "\(error)"
        }
        guard !late, let failure else { return }
        finish(cache, reason: failure, completion)
    }

    private func finish(
        _ cache: (json: String, fetchedAt: Double)?, reason: String, _ completion: @escaping (Outcome) -> Void,
        orSkip: Bool = false
    ) {
        finished = true
        cancelTimer()
        if let cache {
            completion(.cached(cache.json, fetchedAt: cache.fetchedAt, reason: reason))
        } else {
            completion(orSkip ? .skipped(reason) : .failed("app-info: \(reason); no cached app-info either"))
        }
    }

    private func cancelTimer() {
        if let timer { services.cancelTimer(timer) }
        timer = nil
    }

    /// The cached app-info; a corrupt cache is reported and removed.
    private func loadCache() -> (json: String, fetchedAt: Double)? {
        let bytes: [UInt8]?
        do {
            bytes = try services.stored(Self.cacheKey)
        } catch {
            services.log(.warn, "cannot read the cached app-info (storage key \(Self.cacheKey)): \(error)")
            return nil
        }
        guard let bytes else { return nil }
        do {
            guard let members = try JSONValue.parse(Data(bytes)).object, let info = members["app_info"],
                info.object != nil, let fetchedAt = members["fetched_at"]?.number
            else { throw JSONError("it is not {\"fetched_at\": seconds, \"app_info\": {...}}") }
            return (info.json, fetchedAt)
        } catch {
            services.log(
                .warn, "the cached app-info (storage key \(Self.cacheKey)) is corrupt (\(error)); it was removed")
            try? services.removeStored(Self.cacheKey)
            return nil
        }
    }

    private func store(_ json: String) {
        let entry = "{\"app_info\":\(json),\"fetched_at\":\(JSONValue.number(now()).json)}"
        do {
            try services.store(Array(entry.utf8), forKey: Self.cacheKey)
        } catch {
            services.log(.warn, "cannot cache app-info (storage key \(Self.cacheKey)): \(error)")
        }
    }

    private static func seconds(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}
