import Dispatch
import FoundationEssentials
import ParraAPI
import ParraRuntime
import ParraSync

/// The host's API work at launch when no module drives the launch, run once per process after
/// the app delegate's didFinishLaunching: get a token (anonymous, else guest; reused from the
/// cache while valid), then fetch app-info once (5 s timeout; the request made while the
/// modules started, when given), falling back to the cached app-info. Returns status lines
/// for the platform's report and the auth state. Waits at most `deadline` seconds in all;
/// what arrives later is dropped from the report (a late app-info still refreshes the cache).
struct ParraAPILaunch {
    /// What the launch found.
    struct Result {
        /// Status lines, in order.
        var lines: [String]
        /// The auth state after the auth check (undetermined when no token could be had).
        var authState: ParraAuthState
        /// The app-info the launch got, the server's else the cache's (empty when none).
        var appInfo = ParraAppInfo()
        /// Whether `appInfo` is the server's answer, not the cache's.
        var appInfoIsFresh = false
    }

    let client: ParraAPIClient
    let cache: ParraAppInfoCache?
    var clock: HostClock = SystemClock()
    var requestTimeout: TimeInterval = 5
    var retryPolicy = ParraAPIRetryPolicy(maxAttempts: 2)
    var deadline: TimeInterval = 12
    /// The app-info request made while the modules started, taken instead of asking again.
    var firstAppInfo: ParraFirstAppInfo?

    func run() -> Result {
        /// Sendable by hand: its `var`s are touched only under `lock`.
        final class Box: @unchecked Sendable {
            let lock = Lock()
            var lines: [String] = []
            var appInfo = ParraAppInfo()
            var appInfoIsFresh = false
            func add(_ line: String) { lock.withLock { lines.append(line) } }
        }
        let box = Box()
        let done = DispatchSemaphore(value: 0)
        let client = self.client
        let task = cache.map { cache in
            ParraAppInfoTask(
                client: client, cache: cache, timeout: requestTimeout, clock: clock, report: { box.add($0) })
        }
        box.add("API: \(client.settings.backend.description) (\(client.identity.environment.rawValue))")
        checkAuth(
            report: { box.add($0) },
            then: { [firstAppInfo] _ in
                let handle: @Sendable (ParraAppInfoTask.Outcome) -> Void = { outcome in
                    if let json = outcome.appInfoJSON {
                        box.lock.withLock {
                            (box.appInfo, box.appInfoIsFresh) = (ParraAppInfo(json: json), outcome.isFresh)
                        }
                    }
                    switch outcome {
                    case .fresh(let json):
                        box.add("app-info: \(ParraAppInfoTask.summary(of: json))")
                    case .cached(let json, let fetchedAt, let reason):
                        box.add("app-info failed: \(reason)")
                        box.add(
                            "app-info from the cache (fetched \(ParraAPICoding.formatDate(Date(timeIntervalSince1970: fetchedAt)))): \(ParraAppInfoTask.summary(of: json))"
                        )
                    case .skipped(let reason), .failed(let reason):
                        box.add("app-info failed: \(reason)")
                    }
                    done.signal()
                }
                if let firstAppInfo, firstAppInfo.take(report: { box.add($0) }, then: handle) { return }
                guard let task else {
                    done.signal()
                    return
                }
                task.run(handle)
            })
        if done.wait(timeout: .now() + deadline) == .timedOut {
            box.add("the launch API calls did not finish within \(Int(deadline)) s; continuing without them")
        }
        return box.lock.withLock {
            Result(
                lines: box.lines, authState: client.authenticator?.state ?? .undetermined, appInfo: box.appInfo,
                appInfoIsFresh: box.appInfoIsFresh)
        }
    }

    /// The auth check alone (anonymous, else guest; a cached token reused while valid):
    /// `report` gets status lines and `then` the auth state, on any thread.
    func checkAuth(
        report: @escaping @Sendable (String) -> Void, then: @escaping @Sendable (ParraAuthState) -> Void
    ) {
        guard let authenticator = client.authenticator else {
            then(.undetermined)
            return
        }
        for problem in authenticator.takeProblems() { report(problem) }
        let origin = authenticator.heldTokenOrigin
        authenticator.ensureToken(client: client, timeout: requestTimeout, retryPolicy: retryPolicy) { result in
            switch result {
            case .success(let token):
                let reused = origin == "cache" && authenticator.heldTokenOrigin == "cache"
                let user = token.userId.map { " \($0)" } ?? ""
                report(
                    "auth: \(token.kind.rawValue)\(user), token \(reused ? "reused from the cache" : "new from the issuer"), valid until \(ParraAPICoding.formatDate(token.expiresAt))"
                )
            case .failure(let error):
                report("auth: no token (\(error)); requests go without Authorization")
            }
            for problem in authenticator.takeProblems() { report(problem) }
            then(authenticator.state)
        }
    }
}
