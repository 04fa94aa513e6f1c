import Dispatch
import FoundationEssentials
import ParraAPI
import ParraRuntime
import ParraShared
import ParraSync

/// The launch's app-info, fetched once per launch attempt by the host for whoever runs the
/// launch (a module through `PARRA_LAUNCH_STEP_APP_INFO`, or the host's own launch):
/// `GET tenants/{t}/applications/{a}/app-info` without a version token (as the SDK's launch
/// asks), given at most `timeout` seconds whatever the client's retries, falling back to the
/// app-info cached in the app's storage. A usable answer replaces the cache, even one that
/// arrives after the timeout.
/// Sendable by hand: `completion` is behind `lock`; the rest are `let`s of Sendable types.
final class ParraAppInfoTask: @unchecked Sendable {
    /// How the task ended.
    enum Outcome: Equatable, Sendable {
        /// The server answered; the whole app-info JSON.
        case fresh(String)
        /// The server did not (`reason`); the cached app-info JSON and when it was fetched.
        case cached(String, fetchedAt: Double, reason: String)
        /// The run has no Parra API client and nothing is cached: no app-info, no failure.
        case skipped(String)
        /// The server did not answer usably and nothing is cached.
        case failed(String)

        /// The app-info JSON it has, the server's or the cache's; nil when it has none.
        var appInfoJSON: String? {
            switch self {
            case .fresh(let json), .cached(let json, _, _): json
            case .skipped, .failed: nil
            }
        }

        /// Whether it is the server's answer, not the cache's.
        var isFresh: Bool {
            if case .fresh = self { return true }
            return false
        }

        /// The launch step's result JSON: `{"source": "network" | "cache" | "none",
        /// "appInfo": {...}, "fetchedAt": seconds, "reason": "..."}`, members absent where they
        /// do not apply; nil for a failure.
        var stepResult: String? {
            switch self {
            case .fresh(let json):
                JSONValue.objectText(splicing: ["appInfo": json, "source": JSONValue.quoted("network")])
            case .cached(let json, let fetchedAt, let reason):
                JSONValue.objectText(splicing: [
                    "appInfo": json, "fetchedAt": JSONValue.double(fetchedAt).json, "reason": JSONValue.quoted(reason),
                    "source": JSONValue.quoted("cache"),
                ])
            case .skipped(let reason):
                JSONValue.object(["reason": .string(reason), "source": .string("none")]).json
            case .failed:
                nil
            }
        }
    }

    private let client: ParraAPIClient?
    private let cache: ParraAppInfoCache
    private let timeout: Double
    private let clock: HostClock
    private let report: @Sendable (String) -> Void
    private let lock = Lock()
    private var completion: (@Sendable (Outcome) -> Void)?

    /// A task asking `client` (nil: none, the task is skipped unless the cache has one), keeping
    /// the answer in `cache`, stamping it with `clock`, reporting what it did to `report`.
    init(
        client: ParraAPIClient?, cache: ParraAppInfoCache, timeout: Double = 5, clock: HostClock,
        report: @escaping @Sendable (String) -> Void
    ) {
        self.client = client
        self.cache = cache
        self.timeout = timeout
        self.clock = clock
        self.report = report
    }

    /// One line about an app-info, for the launch report: its version token.
    static func summary(of json: String) -> String {
        guard case .object(let members)? = try? JSONValue(answerJSON: json),
            case .string(let token)? = members["version_token"]
        else { return "version token (none)" }
        return "version token \(token)"
    }

    /// Runs the task; `completion` gets the outcome once, on a background queue.
    func run(_ completion: @escaping @Sendable (Outcome) -> Void) {
        lock.withLock { self.completion = completion }
        guard let client else {
            return finish(reason: "the run has no Parra API client", orSkip: true)
        }
        let backend = client.settings.backend.description
        // The request keeps the client's own timeout, longer than the task's: an answer that
        // comes after the task gave up still refreshes the cache.
        client.appInfo(retryPolicy: ParraAPIRetryPolicy(maxAttempts: 2)) { [self] result in
            switch result {
            case .success(let info):
                do {
                    try cache.save(json: info.json, backend: backend, fetchedAt: clock.wallSeconds)
                } catch {
                    report("cannot cache app-info at \(cache.file): \(FileManager.failureCause(error))")
                }
                if !deliver(.fresh(info.json)) {
                    report("app-info answered after the timeout; the cache now holds it")
                }
            case .failure(let error):
                finish(reason: "\(error)")
            }
        }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout) { [self] in
            finish(
                reason: "no answer within \(timeout == timeout.rounded() ? String(Int(timeout)) : String(timeout)) s")
        }
    }

    /// Ends the task with the cache, or skipped or failed without one; nothing once ended.
    private func finish(reason: String, orSkip: Bool = false) {
        guard lock.withLock({ completion != nil }) else { return }
        let (entry, problem) = cache.load()
        if let problem { report(problem) }
        if let entry {
            deliver(.cached(entry.json, fetchedAt: entry.fetchedAt, reason: reason))
        } else {
            deliver(orSkip ? .skipped(reason) : .failed("app-info: \(reason); no cached app-info either"))
        }
    }

    /// Hands `outcome` over unless the task already ended; false when it had.
    @discardableResult
    private func deliver(_ outcome: Outcome) -> Bool {
        let completion = lock.withLock { () -> (@Sendable (Outcome) -> Void)? in
            defer { self.completion = nil }
            return self.completion
        }
        completion?(outcome)
        return completion != nil
    }
}
