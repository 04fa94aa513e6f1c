import Dispatch
import FoundationEssentials
import ParraRuntime
import ParraShared
import ParraSync

/// Holds the auth state and the access token, and gets a new token from the tenant's issuer
/// when there is none or it has expired.
///
/// **Assumed issuer endpoints** (the Parra documentation does not publish them):
/// - `POST tenants/{t}/auth/anonymous` with `{"installation_id": "<uuid>"}` answers
///   `{"access_token", "expires_in", "user_id"}` (seconds; `token_type`, if given, `Bearer`):
///   an anonymous user for this install.
/// - When the tenant refuses anonymous users (401, 403 or 404 there, or app-info saying
///   `auth.anonymous_users_enabled: false`), `POST tenants/{t}/auth/guest` with the same body
///   answers `{"access_token", "expires_in"}`: a guest token, no user.
///
/// The token is cached by `ParraAuthTokenStore` (mode 0600) and reused at the next launch while
/// valid; a token cached for another tenant or backend is not used. A token counts as expired
/// up to 60 s (or a tenth of its lifetime) early. A corrupt cache file is reported, deleted and
/// replaced by the next token. After a failed attempt to get a token, requests go out without
/// one for `retryCooldown` seconds instead of asking the issuer again each time.
/// Sendable by hand: its state is behind `lock`; `retryCooldown` and `providerTimeout` are set before it is shared.
package final class ParraAuthenticator: @unchecked Sendable {
    /// Seconds after a failure during which requests do not ask the issuer again.
    package var retryCooldown: TimeInterval = 30
    /// Seconds an app's token or user id provider may take when the request gives no timeout.
    package var providerTimeout: TimeInterval = 30

    private let identity: ParraAPIIdentity
    private let backend: String
    private let store: ParraAuthTokenStore?
    private let scheduler: ParraAPIScheduler
    private let log: HostLog
    private let lock = Lock()
    private var installationId: String
    private var token: ParraAuthToken?
    private var currentState: ParraAuthState = .undetermined
    /// Who waits for the token being fetched; nil when none is.
    private var waiting: [Waiter]?
    private var lastFailure: (at: Date, error: ParraAPIError)?
    private var pendingProblems: [String] = []
    private var guestOnly = false
    /// How the held token was got: read from the cache file or obtained in this process.
    private var tokenOrigin = "none"
    /// How the app signs its users in, when not with Parra's anonymous and guest tokens; its
    /// tokens are not cached on disk.
    private var appAuthentication: ParraAppAuthentication?
    /// Where the app's providers run: a queue of their own, so they run even while every
    /// thread of Swift's shared pool is blocked.
    private static let providerExecutor = QueueTaskExecutor(label: "parra.auth.app-providers")

    /// An authenticator for `identity` on `backend`, caching in `store` (nil: memory only).
    /// Reads the cache at once; a problem with it is logged and kept for `takeProblems()`.
    package init(
        identity: ParraAPIIdentity, backend: ParraAPIBackend, store: ParraAuthTokenStore?, scheduler: ParraAPIScheduler,
        log: HostLog
    ) {
        self.identity = identity
        self.backend = backend.description
        self.store = store
        self.scheduler = scheduler
        self.log = log
        installationId = randomUUIDString()
        guard let store else { return }
        switch store.load() {
        case .missing: break
        case .corrupt(let reason):
            problem(
                "the cached auth token \(store.file) is corrupt (\(reason)); it was deleted and will be replaced")
            store.remove()
        case .found(let contents):
            installationId = contents.installationId
            guard let cached = contents.token else { break }
            if cached.tenantId != identity.tenantId || cached.backend != self.backend {
                log.log(
                    .info,
                    "the cached auth token is for tenant \(cached.tenantId) on \(cached.backend), not \(identity.tenantId) on \(self.backend); not used"
                )
            } else if cached.isExpired(at: scheduler.now) {
                log.log(
                    .info,
                    "the cached auth token expired at \(ParraAPICoding.formatDate(cached.expiresAt)); it will be refreshed"
                )
                token = cached
                tokenOrigin = "cache (expired)"
            } else {
                token = cached
                currentState = cached.authState
                tokenOrigin = "cache"
            }
        }
    }

    /// The auth state: undetermined until a token is held.
    package var state: ParraAuthState { lock.withLock { currentState } }

    /// Where the held token came from: `cache`, `cache (expired)`, `issuer` or `none`.
    package var heldTokenOrigin: String { lock.withLock { tokenOrigin } }

    /// This install's id, as sent to the issuer.
    package var installation: String { lock.withLock { installationId } }

    /// Problems met (a corrupt cache file, a cache that cannot be written), each once; the app
    /// launch reports them (they are logged only at debug level).
    package func takeProblems() -> [String] {
        lock.withLock {
            defer { pendingProblems = [] }
            return pendingProblems
        }
    }

    /// Signs users in as `authentication` says from now on, instead of with anonymous and
    /// guest tokens: a token read from the cache is dropped, and a token the server refuses
    /// (401) is asked for again.
    package func use(_ authentication: ParraAppAuthentication) {
        lock.withLock {
            appAuthentication = authentication
            if tokenOrigin.hasPrefix("cache") {
                token = nil
                currentState = .undetermined
                tokenOrigin = "none"
            }
        }
    }

    /// Ask only for guest tokens (app-info says the tenant has no anonymous users).
    package func preferGuest(_ value: Bool) { lock.withLock { guestOnly = value } }

    /// Signs a user in with a token the app got from its own sign-in flow.
    package func adopt(accessToken: String, userId: String, expiresAt: Date) {
        let now = scheduler.now
        let adopted = ParraAuthToken(
            accessToken: accessToken, expiresAt: expiresAt, kind: .user, userId: userId, tenantId: identity.tenantId,
            backend: backend, obtainedAt: now)
        lock.withLock {
            token = adopted
            currentState = adopted.authState
            tokenOrigin = "app"
            lastFailure = nil
        }
        persist(adopted)
    }

    /// Forgets the token (here and on disk); the next request that wants one asks the issuer.
    package func signOut() {
        lock.withLock {
            token = nil
            currentState = .undetermined
            tokenOrigin = "none"
        }
        persist(nil)
    }

    /// Drops `accessToken` if it is still the held one (the server refused it with 401).
    func invalidate(_ accessToken: String) {
        lock.withLock {
            if token?.accessToken == accessToken {
                token = nil
                tokenOrigin = "none"
            }
        }
    }

    /// A valid access token for a request: the held one, else one from the issuer; nil when
    /// none can be had (then the request goes without). A signed-in user's expired token is
    /// replaced by an anonymous (or guest) one.
    func authorize(client: ParraAPIClient, completion: @escaping @Sendable (String?) -> Void) {
        let now = scheduler.now
        let decision: String?? = lock.withLock {
            if let token, !token.isExpired(at: now) { return .some(token.accessToken) }
            if let lastFailure, now.timeIntervalSince(lastFailure.at) < retryCooldown { return .some(nil) }
            return .none
        }
        if let decision {
            completion(decision)
            return
        }
        obtain(client: client, timeout: nil, retryPolicy: nil) { result in
            completion(try? result.get().accessToken)
        }
    }

    /// A valid token: the held one if still valid, else a new one from the issuer. Concurrent
    /// calls share one trip to the issuer.
    package func ensureToken(
        client: ParraAPIClient, timeout: TimeInterval? = nil, retryPolicy: ParraAPIRetryPolicy? = nil,
        completion: @escaping @Sendable (Result<ParraAuthToken, ParraAPIError>) -> Void
    ) {
        let now = scheduler.now
        if let held = lock.withLock({ token }), !held.isExpired(at: now) {
            completion(.success(held))
            return
        }
        obtain(client: client, timeout: timeout, retryPolicy: retryPolicy, completion: completion)
    }

    private func obtain(
        client: ParraAPIClient, timeout: TimeInterval?, retryPolicy: ParraAPIRetryPolicy?,
        completion: @escaping @Sendable (Result<ParraAuthToken, ParraAPIError>) -> Void
    ) {
        let (first, body, guestOnly, appAuthentication): (Bool, [UInt8], Bool, ParraAppAuthentication?) =
            lock.withLock {
                let first = waiting == nil
                if first {
                    waiting = [Waiter(deliver: completion)]
                } else {
                    waiting?.append(Waiter(deliver: completion))
                }
                // Written directly: JSONSerialization's first use costs the launch its casts.
                let body = Array(JSONValue.object(["installation_id": .string(installationId)]).json.utf8)
                return (first, body, self.guestOnly, self.appAuthentication)
            }
        guard first else { return }
        let finish: @Sendable (Result<ParraAuthToken, ParraAPIError>) -> Void = { [self] fetched in
            var result = fetched
            let waiters: [Waiter] = lock.withLock {
                // A token fetched the old way while the app switched to its own sign-in
                // (`use(_:)`) is neither kept nor cached.
                if (self.appAuthentication == nil) != (appAuthentication == nil), case .success = result {
                    result = appFailure("the auth token fetch", "the app's sign-in changed while it ran")
                }
                switch result {
                case .success(let obtained):
                    token = obtained
                    currentState = obtained.authState
                    tokenOrigin = appAuthentication == nil ? "issuer" : "app"
                    lastFailure = nil
                case .failure(let error):
                    lastFailure = (scheduler.now, error)
                }
                defer { waiting = nil }
                return waiting ?? []
            }
            if case .success(let obtained) = result {
                if appAuthentication == nil { persist(obtained) }
            } else if case .failure(let error) = result {
                log.log(.warn, "no auth token: \(error)")
            }
            for waiter in waiters { waiter.deliver(result) }
        }
        let path = identity.tenantPath + "/auth/"
        if let appAuthentication {
            // An app provider that never answers must not hold every request: after the
            // deadline the waiters get a failure, and a late answer is dropped.
            let once = FirstAnswer(finish)
            let seconds = timeout ?? providerTimeout
            DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { [self] in
                let limit = String(cFormat: "%g", seconds)
                once.answer(appFailure("the app's provider", "it did not answer within \(limit) s"))
            }
            finishApp(
                appAuthentication, client: client, path: path, timeout: timeout, retryPolicy: retryPolicy,
                finish: once.answer)
            return
        }
        let ask:
            @Sendable (ParraAuthToken.Kind, @escaping @Sendable (Result<ParraAuthToken, ParraAPIError>) -> Void) ->
                Void = { [self] kind, done in
                    client.request(
                        "POST", path + (kind == .anonymous ? "anonymous" : "guest"), body: body,
                        reading: ParraAuthTokenResponse.self, timeout: timeout, retryPolicy: retryPolicy,
                        authorize: false
                    ) { result in
                        done(
                            result.flatMap { response in
                                self.token(
                                    from: response, kind: kind,
                                    endpoint: "POST \(path)\(kind == .anonymous ? "anonymous" : "guest")")
                            })
                    }
                }
        if guestOnly {
            ask(.guest, finish)
            return
        }
        ask(.anonymous) { result in
            if case .failure(let error) = result, let status = error.status, [401, 403, 404].contains(status) {
                ask(.guest, finish)
            } else {
                finish(result)
            }
        }
    }

    /// Gets a token as the app's `authentication` says and hands it to `finish`.
    private func finishApp(
        _ authentication: ParraAppAuthentication, client: ParraAPIClient, path: String, timeout: TimeInterval?,
        retryPolicy: ParraAPIRetryPolicy?, finish: @escaping @Sendable (Result<ParraAuthToken, ParraAPIError>) -> Void
    ) {
        switch authentication {
        case .tokenProvider(let provider):
            Task.detached(executorPreference: Self.providerExecutor) { [self] in
                finish(await providedToken(provider))
            }
        case .apiKey(let keyID, let userIdProvider):
            Task.detached(executorPreference: Self.providerExecutor) { [self] in
                let userId: String?
                do {
                    userId = try await userIdProvider()
                } catch {
                    return finish(appFailure("the app's user id provider", "it threw \(error)"))
                }
                guard let userId, !userId.isEmpty else {
                    return finish(appFailure("the app's user id provider", "it gave no user id: no user is signed in"))
                }
                let body = Array(JSONValue.object(["user_id": .string(userId)]).json.utf8)
                let credential = "Basic " + Data("api_key:\(keyID)".utf8).base64EncodedString()
                client.request(
                    "POST", path + "public", body: body, reading: ParraAuthTokenResponse.self, timeout: timeout,
                    retryPolicy: retryPolicy, authorize: false, credential: credential
                ) { result in
                    finish(result.flatMap { self.token(from: $0, kind: .user, endpoint: "POST \(path)public") })
                }
            }
        }
    }

    /// One caller waiting for the token. A struct around the completion, not the closure
    /// itself in the array: an array of closures taking `Result<ParraAuthToken, ParraAPIError>`
    /// makes that `Result` type at run time, and with it a search of every loaded library for
    /// `ParraAPIError`'s `Error` conformance, on the launch's main thread.
    private struct Waiter {
        let deliver: @Sendable (Result<ParraAuthToken, ParraAPIError>) -> Void
    }

    /// Passes on the first of several answers and drops the rest.
    /// Sendable by hand: `pending` is behind `lock`.
    private final class FirstAnswer: @unchecked Sendable {
        private let lock = Lock()
        private var pending: (@Sendable (Result<ParraAuthToken, ParraAPIError>) -> Void)?

        init(_ finish: @escaping @Sendable (Result<ParraAuthToken, ParraAPIError>) -> Void) { pending = finish }

        @Sendable func answer(_ result: Result<ParraAuthToken, ParraAPIError>) {
            let finish = lock.withLock {
                defer { pending = nil }
                return pending
            }
            finish?(result)
        }
    }

    /// A token from the app's provider, or why there is none.
    private func providedToken(_ provider: @Sendable () async throws -> String?) async -> Result<
        ParraAuthToken, ParraAPIError
    > {
        let text: String?
        do {
            text = try await provider()
        } catch {
            return appFailure("the app's token provider", "it threw \(error)")
        }
        guard let text, !text.isEmpty else {
            return appFailure("the app's token provider", "it gave no token: no user is signed in")
        }
        let claims = Self.jwtClaims(text)
        let expiry = claims["exp"]?.number.map(Date.init(timeIntervalSince1970:)) ?? .distantFuture
        return .success(
            ParraAuthToken(
                accessToken: text, expiresAt: expiry, kind: .user,
                userId: claims["sub"].flatMap { if case .string(let id) = $0 { id } else { nil } },
                tenantId: identity.tenantId, backend: backend, obtainedAt: scheduler.now))
    }

    /// Why one of the app's providers (`source`) gave no token.
    private func appFailure(_ source: String, _ reason: String) -> Result<ParraAuthToken, ParraAPIError> {
        .failure(ParraAPIError(endpoint: source, kind: .authentication(reason: reason), attempts: 1))
    }

    /// The claims of `token` when it is a JWT (its middle part, base64url JSON); empty otherwise.
    package static func jwtClaims(_ token: String) -> [String: JSONValue] {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3 else { return [:] }
        var base64 = String(parts[1].map { $0 == "-" ? "+" : $0 == "_" ? "/" : $0 })
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        guard let data = Data(base64Encoded: base64),
            case .object(let claims)? = try? JSONValue(answerJSON: String(decoding: data, as: UTF8.self))
        else { return [:] }
        return claims
    }

    private func token(from response: ParraAuthTokenResponse, kind: ParraAuthToken.Kind, endpoint: String) -> Result<
        ParraAuthToken, ParraAPIError
    > {
        func failure(_ reason: String) -> Result<ParraAuthToken, ParraAPIError> {
            .failure(ParraAPIError(endpoint: endpoint, kind: .authentication(reason: reason), attempts: 1))
        }
        guard !response.accessToken.isEmpty else { return failure("the issuer answered an empty access_token") }
        if let type = response.tokenType, type.lowercased() != "bearer" {
            return failure("the issuer answered token_type '\(type)', not Bearer")
        }
        if kind != .guest, (response.userId ?? "").isEmpty {
            return failure("the issuer answered a user's token without user_id")
        }
        let lifetime = response.expiresIn ?? 3600
        guard lifetime > 0, lifetime.isFinite else { return failure("the issuer answered expires_in \(lifetime)") }
        let now = scheduler.now
        return .success(
            ParraAuthToken(
                accessToken: response.accessToken, expiresAt: now.addingTimeInterval(lifetime), kind: kind,
                userId: kind == .guest ? nil : response.userId, tenantId: identity.tenantId, backend: backend,
                obtainedAt: now))
    }

    private func persist(_ token: ParraAuthToken?) {
        guard let store else { return }
        do {
            try store.save(ParraAuthTokenStore.Contents(installationId: installation, token: token))
        } catch {
            problem("cannot write the auth token cache \(store.file): \(FileManager.failureCause(error))")
        }
    }

    private func problem(_ text: String) {
        log.log(.debug, text)
        lock.withLock { pendingProblems.append(text) }
    }
}
