import Dispatch
import FoundationEssentials
import ParraRuntime

/// The host's Parra API client: every module's requests go through it (`ParraAPIService`), so
/// each gets the same PARRA-* headers, bearer token, timeouts, retries and errors.
///
/// - Headers on every request: PARRA-ENVIRONMENT, PARRA-APPLICATION-ID,
///   PARRA-APPLICATION-BUNDLE-ID, PARRA-TENANT-ID, PARRA-PLATFORM (`linux`),
///   PARRA-PLATFORM-AGENT, `Content-Type` and `Accept: application/json`, and
///   `Authorization: Bearer <token>` while a token is held.
/// - Paths are relative to the backend's base; an absolute URL, `//host`, a `..` segment or a
///   control character is refused, so a module cannot send the token elsewhere.
/// - Each send has a timeout for the whole exchange (`APIRequest.timeout`, else
///   `Settings.timeout`); failures are retried by `ParraAPIRetryPolicy`; a 401 to a request
///   that carried a token drops the token and sends once more with a new one.
/// - `send` delivers any HTTP status as a response; typed calls (`request`, `appInfo`, ...)
///   turn non-2xx, a non-JSON content type and undecodable JSON into `ParraAPIError`s.
/// Sendable by hand: every field is a `let` of a Sendable type.
package final class ParraAPIClient: ParraAPIService, @unchecked Sendable {
    /// The largest response body accepted: 10 MiB.
    package static let defaultMaxBodyBytes = 10 * 1024 * 1024

    /// Everything the client needs; each field but the identity has a default.
    package struct Settings: Sendable {
        /// Tenant, application, bundle, environment and agent.
        package var identity: ParraAPIIdentity
        /// Where requests go.
        package var backend: ParraAPIBackend
        /// Seconds a request may take when it does not say.
        package var timeout: TimeInterval
        /// Retries.
        package var retryPolicy: ParraAPIRetryPolicy
        /// The largest response body accepted.
        package var maxBodyBytes: Int
        /// The clock and sleeper (backoff, token expiry).
        package var scheduler: ParraAPIScheduler
        /// Backoff jitter.
        package var random: ParraAPIRandomSource
        /// The folder the auth token is cached in; nil keeps it in memory only.
        package var authStorageFolder: String?
        /// Whether requests carry a bearer token from the tenant's issuer.
        package var authenticates: Bool
        /// Diagnostics.
        package var log: HostLog

        /// Settings for `identity` on `backend` (production by default): 10 s timeout, the
        /// default retry policy, a 10 MiB body cap, the real clock, no token cache on disk.
        package init(
            identity: ParraAPIIdentity, backend: ParraAPIBackend = .production, timeout: TimeInterval = 10,
            retryPolicy: ParraAPIRetryPolicy = ParraAPIRetryPolicy(),
            maxBodyBytes: Int = ParraAPIClient.defaultMaxBodyBytes,
            scheduler: ParraAPIScheduler = DispatchAPIScheduler(),
            random: ParraAPIRandomSource = SystemAPIRandomSource(),
            authStorageFolder: String? = nil, authenticates: Bool = true, log: HostLog = .standardError()
        ) {
            self.identity = identity
            self.backend = backend
            self.timeout = timeout
            self.retryPolicy = retryPolicy
            self.maxBodyBytes = maxBodyBytes
            self.scheduler = scheduler
            self.random = random
            self.authStorageFolder = authStorageFolder
            self.authenticates = authenticates
            self.log = log
        }
    }

    /// The settings the client was made with.
    package let settings: Settings
    /// Holds the auth state and token; nil when the client does not authenticate.
    package let authenticator: ParraAuthenticator?
    private let transport: ParraAPITransport
    /// Completions run here: a serial queue of the client's own, which gets a thread even when
    /// every worker of the global pool is blocked (say, by a caller waiting on a semaphore).
    private let callbackQueue = DispatchQueue(label: "io.parra.api.callbacks")

    /// A client; `transport` defaults to libcurl (`HTTPTransport`) for a remote backend and to
    /// `LocalBackendTransport` for a local one.
    /// The client's tenant and application, for modules' path placeholders.
    package var appIdentity: (tenantId: String, applicationId: String)? {
        (settings.identity.tenantId, settings.identity.applicationId)
    }

    package init(settings: Settings, transport: ParraAPITransport? = nil) {
        self.settings = settings
        if let transport {
            self.transport = transport
        } else {
            switch settings.backend {
            case .remote(let baseURL):
                self.transport = HTTPTransport(baseURL: baseURL, maxBodyBytes: settings.maxBodyBytes)
            case .local(let directory, let outbox):
                let scheduler = settings.scheduler
                self.transport = LocalBackendTransport(
                    directory: directory, outbox: outbox, maxBodyBytes: settings.maxBodyBytes, now: { scheduler.now })
            }
        }
        authenticator =
            settings.authenticates
            ? ParraAuthenticator(
                identity: settings.identity, backend: settings.backend,
                store: settings.authStorageFolder.map(ParraAuthTokenStore.init(folder:)), scheduler: settings.scheduler,
                log: settings.log)
            : nil
    }

    deinit {
        // Asynchronously: the last reference may go on a queue the transport syncs on.
        let transport = self.transport
        DispatchQueue.global().async { transport.invalidate() }
    }

    /// The identity sent as PARRA-* headers.
    package var identity: ParraAPIIdentity { settings.identity }

    // MARK: ParraAPIService

    /// Sends `request` with retries; any HTTP status is a response. Calls `completion` once,
    /// on a background queue.
    package func send(
        _ request: APIRequest, completion: @escaping @Sendable (Result<APIResponse, APIServiceError>) -> Void
    ) {
        perform(request) { outcome in
            completion(
                outcome.result.map { APIResponse(status: $0.status, body: $0.body) }.mapError(\.serviceError))
        }
    }

    // MARK: Sending

    /// What a send came to: the final response or error, and how many times it was sent.
    package struct Outcome: Sendable {
        /// The last response (any status), or why none came.
        package var result: Result<ParraAPIRawResponse, ParraAPIError>
        /// Sends made.
        package var attempts: Int
        /// `METHOD path`.
        package var endpoint: String
    }

    /// Sends `request`, retrying by `retryPolicy` (the client's by default); with `authorize`
    /// a bearer token is attached, else `credential`, if given, is the Authorization header (the
    /// issuer's own requests). Calls `completion` once, on a background queue.
    package func perform(
        _ request: APIRequest, retryPolicy: ParraAPIRetryPolicy? = nil, authorize: Bool = true,
        credential: String? = nil, completion: @escaping @Sendable (Outcome) -> Void
    ) {
        let method = request.method.uppercased()
        let deliver: @Sendable (Outcome) -> Void = { [callbackQueue] outcome in
            callbackQueue.async { completion(outcome) }
        }
        let path: String
        switch Self.checkedPath(request.path) {
        case .failure(let invalid):
            let reason = invalid.reason
            let endpoint = "\(method) \(request.path)"
            deliver(
                Outcome(
                    result: .failure(
                        ParraAPIError(endpoint: endpoint, kind: .invalidRequest(reason: reason), attempts: 0)),
                    attempts: 0, endpoint: endpoint))
            return
        case .success(let checked): path = checked
        }
        guard !method.isEmpty, method.allSatisfy({ $0.isASCII && $0.isLetter }) else {
            let endpoint = "\(request.method) \(path)"
            deliver(
                Outcome(
                    result: .failure(
                        ParraAPIError(
                            endpoint: endpoint,
                            kind: .invalidRequest(reason: "'\(request.method)' is not an HTTP method"),
                            attempts: 0)), attempts: 0, endpoint: endpoint))
            return
        }
        let timeout = request.timeout.map { max(0.001, $0) } ?? settings.timeout
        let exchange = Exchange(
            client: self, method: method, path: path, body: request.body, timeout: timeout,
            policy: retryPolicy ?? settings.retryPolicy, authorize: authorize && authenticator != nil,
            credential: credential, deliver: deliver)
        exchange.attempt()
    }

    /// One logical request across its attempts.
    /// Sendable by hand: its `var`s change in one attempt at a time, each step handed to the next by a callback.
    private final class Exchange: @unchecked Sendable {
        let client: ParraAPIClient
        let method: String
        let path: String
        let body: [UInt8]?
        let timeout: TimeInterval
        let policy: ParraAPIRetryPolicy
        let authorize: Bool
        let credential: String?
        let deliver: @Sendable (Outcome) -> Void
        var attempts = 0
        var retriedAfter401 = false

        init(
            client: ParraAPIClient, method: String, path: String, body: [UInt8]?, timeout: TimeInterval,
            policy: ParraAPIRetryPolicy, authorize: Bool, credential: String?,
            deliver: @escaping @Sendable (Outcome) -> Void
        ) {
            self.client = client
            self.method = method
            self.path = path
            self.body = body
            self.timeout = timeout
            self.policy = policy
            self.authorize = authorize
            self.credential = credential
            self.deliver = deliver
        }

        var endpoint: String { "\(method) \(path)" }

        func attempt() {
            if authorize, let authenticator = client.authenticator {
                authenticator.authorize(client: client) { token in self.send(token: token) }
            } else {
                send(token: nil)
            }
        }

        private func send(token: String?) {
            attempts += 1
            var headers = client.settings.identity.headers
            headers["Accept"] = "application/json"
            headers["Content-Type"] = "application/json"
            if let token {
                headers["Authorization"] = "Bearer \(token)"
            } else if let credential {
                headers["Authorization"] = credential
            }
            let outgoing = ParraAPIOutgoingRequest(
                method: method, path: path, headers: headers, body: body, timeout: timeout)
            client.transport.perform(outgoing) { result in self.handle(result, token: token) }
        }

        private func handle(_ result: Result<ParraAPIRawResponse, ParraAPIError.Kind>, token: String?) {
            switch result {
            case .success(let response):
                if response.status == 401, let token, !retriedAfter401, let authenticator = client.authenticator {
                    retriedAfter401 = true
                    authenticator.invalidate(token)
                    attempt()
                    return
                }
                guard ParraAPIRetryPolicy.isRetryable(status: response.status), attempts < policy.maxAttempts else {
                    finish(.success(response))
                    return
                }
                if let value = response.header("retry-after"),
                    let wait = ParraAPIRetryPolicy.retryAfterSeconds(value, now: client.settings.scheduler.now)
                {
                    guard wait <= policy.maxRetryAfter else {
                        client.settings.log.log(
                            .warn,
                            "\(endpoint): HTTP \(response.status) asks to retry after \(Int(wait)) s, longer than the \(Int(policy.maxRetryAfter)) s the client waits; giving up"
                        )
                        finish(.success(response))
                        return
                    }
                    retry(after: wait)
                } else {
                    retry(after: policy.backoff(beforeRetry: attempts, random: client.settings.random.unitInterval()))
                }
            case .failure(let kind):
                let error = ParraAPIError(endpoint: endpoint, kind: kind, attempts: attempts)
                guard error.isTransient, attempts < policy.maxAttempts else {
                    finish(.failure(error))
                    return
                }
                retry(after: policy.backoff(beforeRetry: attempts, random: client.settings.random.unitInterval()))
            }
        }

        private func retry(after seconds: TimeInterval) {
            client.settings.log.log(.debug, "\(endpoint): retry \(attempts) in \(String(cFormat: "%.3f", seconds)) s")
            client.settings.scheduler.schedule(after: seconds) { self.attempt() }
        }

        private func finish(_ result: Result<ParraAPIRawResponse, ParraAPIError>) {
            deliver(Outcome(result: result, attempts: attempts, endpoint: endpoint))
        }
    }

    /// `path` made relative and checked: no scheme (a `:` in the first segment), no `//host`, no `..` or `.` segment, no
    /// control characters or spaces, not empty. Read as UTF-8 bytes, as a URL's path is: every rule is about ASCII
    /// bytes, and walking `Character`s (grapheme breaking) cost each request about 50,000 instructions.
    static func checkedPath(_ path: String) -> Result<String, InvalidPath> {
        let slash = UInt8(ascii: "/")
        let bytes = path.utf8
        guard !bytes.starts(with: "//".utf8) else {
            return .failure(InvalidPath(reason: "'\(path)' names another host"))
        }
        let relative = bytes.drop(while: { $0 == slash })
        guard !relative.isEmpty else { return .failure(InvalidPath(reason: "the path is empty")) }
        guard !relative.contains(where: { $0 < 0x21 || $0 == 0x7F }) else {
            return .failure(InvalidPath(reason: "the path contains a space or control character"))
        }
        let beforeQuery = relative.prefix { $0 != UInt8(ascii: "?") && $0 != UInt8(ascii: "#") }
        guard !beforeQuery.prefix(while: { $0 != slash }).contains(UInt8(ascii: ":")) else {
            return .failure(InvalidPath(reason: "'\(path)' is not relative to the API base"))
        }
        guard !relative.contains(UInt8(ascii: "#")) else {
            return .failure(InvalidPath(reason: "the path contains a fragment"))
        }
        guard !beforeQuery.split(separator: slash, omittingEmptySubsequences: false).contains(where: isDotSegment)
        else {
            return .failure(InvalidPath(reason: "the path has a '.' or '..' segment"))
        }
        return .success(String(Substring(relative)))
    }

    /// Whether `segment` is `.` or `..`, once its percent escapes (`%2e`) are decoded.
    private static func isDotSegment(_ segment: Substring.UTF8View) -> Bool {
        let dot = UInt8(ascii: ".")
        guard segment.contains(UInt8(ascii: "%")) else {
            return !segment.isEmpty && segment.count <= 2 && segment.allSatisfy { $0 == dot }
        }
        let decoded = percentDecoded(Substring(segment)) ?? String(Substring(segment))
        return decoded == "." || decoded == ".."
    }

    /// Why a path was refused.
    struct InvalidPath: Error {
        let reason: String
    }

    // MARK: Typed requests

    /// Sends a JSON request and reads a 2xx JSON answer as `T` with `ParraAPIAnswer`. A
    /// non-2xx status, a content type other than JSON, or a body that does not hold a `T` is a
    /// `ParraAPIError`; a blank body reads as `{}`.
    package func request<T: ParraAPIAnswerReadable>(
        _ method: String, _ path: String, body: [UInt8]? = nil, reading type: T.Type, timeout: TimeInterval? = nil,
        retryPolicy: ParraAPIRetryPolicy? = nil, authorize: Bool = true, credential: String? = nil,
        completion: @escaping @Sendable (Result<T, ParraAPIError>) -> Void
    ) {
        perform(
            APIRequest(method: method, path: path, body: body, timeout: timeout), retryPolicy: retryPolicy,
            authorize: authorize, credential: credential
        ) { outcome in
            completion(
                outcome.result.flatMap {
                    Self.read(T.self, from: $0, endpoint: outcome.endpoint, attempts: outcome.attempts)
                })
        }
    }

    /// Whether `byte` is white space between JSON tokens: space, line feed, return or tab.
    static func isJSONWhiteSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 }

    /// Reads a response as a JSON endpoint's answer with `ParraAPIAnswer`.
    package static func read<T: ParraAPIAnswerReadable>(
        _ type: T.Type, from response: ParraAPIRawResponse, endpoint: String, attempts: Int
    ) -> Result<T, ParraAPIError> {
        answerBody(of: response, endpoint: endpoint, attempts: attempts).flatMap { body in
            do throws(ParraAPIAnswer.Mismatch) {
                guard let text = String(validating: body, as: UTF8.self) else {
                    throw ParraAPIAnswer.Mismatch(description: "not valid JSON: the body is not UTF-8")
                }
                return .success(try T(answer: ParraAPIAnswer(json: text)))
            } catch {
                return .failure(
                    malformed(response, detail: error.description, endpoint: endpoint, attempts: attempts))
            }
        }
    }

    /// The JSON body of a 2xx answer (`{}` for a blank one), or the error the status, a
    /// redirect or the content type makes of it. Only a failure quotes the body: a success
    /// (the launch's token and app-info answers) does not pay for the excerpt's string work.
    private static func answerBody(of response: ParraAPIRawResponse, endpoint: String, attempts: Int) -> Result<
        [UInt8], ParraAPIError
    > {
        func failure(_ kind: ParraAPIError.Kind) -> Result<[UInt8], ParraAPIError> {
            .failure(ParraAPIError(endpoint: endpoint, kind: kind, attempts: attempts))
        }
        if (300...399).contains(response.status), let location = response.headers["location"] {
            return failure(
                .redirectNotFollowed(code: response.status, location: ParraAPIError.excerpt(Array(location.utf8))))
        }
        guard (200...299).contains(response.status) else {
            return failure(.status(code: response.status, excerpt: ParraAPIError.excerpt(response.body)))
        }
        if response.body.allSatisfy(isJSONWhiteSpace) { return .success(Array("{}".utf8)) }
        guard response.isJSON else {
            return failure(
                .wrongContentType(
                    found: response.header("content-type"), status: response.status,
                    excerpt: ParraAPIError.excerpt(response.body)))
        }
        return .success(response.body)
    }

    /// A short account of a decoding failure: what was expected where.
    package static func decodingDetail(_ error: Error) -> String {
        func path(_ keys: [CodingKey]) -> String {
            keys.isEmpty
                ? "the top level"
                : String(
                    keys.map { $0.intValue.map { "[\($0)]" } ?? ".\(ParraAPIAnswer.snakeCase($0.stringValue))" }
                        .joined().drop { $0 == "." })
        }
        guard let error = error as? DecodingError else { return "\(error)" }
        switch error {
        case .keyNotFound(let key, let context):
            return "missing key '\(ParraAPIAnswer.snakeCase(key.stringValue))' at \(path(context.codingPath))"
        case .typeMismatch(let type, let context): return "expected \(type) at \(path(context.codingPath))"
        case .valueNotFound(let type, let context):
            return "null where \(type) was expected at \(path(context.codingPath))"
        case .dataCorrupted(let context):
            if let underlying = context.underlyingError {
                return "not valid JSON: \(underlying)"
            }
            let text =
                context.debugDescription.hasSuffix(".")
                ? String(context.debugDescription.dropLast()) : context.debugDescription
            return context.codingPath.isEmpty ? text : "\(text) at \(path(context.codingPath))"
        @unknown default: return "\(error)"
        }
    }

    /// A 2xx answer whose body does not hold what was asked for; `detail` says why.
    private static func malformed(_ response: ParraAPIRawResponse, detail: String, endpoint: String, attempts: Int)
        -> ParraAPIError
    {
        ParraAPIError(
            endpoint: endpoint,
            kind: .malformedJSON(
                detail: response.body.isEmpty ? "the body is empty" : detail, status: response.status,
                excerpt: ParraAPIError.excerpt(response.body)),
            attempts: attempts)
    }
}
