import Foundation
import Parra
import ParraAPI
import ParraRuntime
import ParraTestSupport
import Testing

// MARK: Helpers shared by the API*Tests files

/// A clock that never sleeps: records each wait asked for, moves `now` by it, and runs the work
/// at once on a background queue.
final class RecordingScheduler: ParraAPIScheduler, @unchecked Sendable {
    private let lock = NSLock()
    private var current: Date
    private var waits: [TimeInterval] = []

    init(now: Date = Date(timeIntervalSince1970: 1_750_000_000)) { current = now }

    var now: Date { lock.withLock { current } }
    var delays: [TimeInterval] { lock.withLock { waits } }

    func advance(_ seconds: TimeInterval) { lock.withLock { current += seconds } }

    func schedule(after seconds: TimeInterval, _ work: @escaping @Sendable () -> Void) {
        lock.withLock {
            waits.append(seconds)
            current += seconds
        }
        queue.async(execute: work)
    }

    private let queue = DispatchQueue(label: "RecordingScheduler")
}

/// Jitter from a list, repeating the last.
final class ScriptedRandom: ParraAPIRandomSource, @unchecked Sendable {
    private let lock = NSLock()
    private let values: [Double]
    private var index = 0

    init(_ values: [Double]) { self.values = values }

    func unitInterval() -> Double {
        lock.withLock {
            defer { index += 1 }
            return values[min(index, values.count - 1)]
        }
    }
}

final class ValueBox<T>: @unchecked Sendable {
    var value: T?
}

enum APITest {
    static let tenant = "tenant-1"
    static let application = "app-1"
    static let bundle = "com.example.api-tests"

    static let identity = ParraAPIIdentity(
        tenantId: tenant, applicationId: application, bundleId: bundle, environment: .beta,
        platformAgent: "parra-linux/test swift/6")

    static let appInfoPath = "/v1/tenants/\(tenant)/applications/\(application)/app-info"

    /// A client for `backend` with an injected clock and jitter.
    static func client(
        _ backend: ParraAPIBackend, retry: ParraAPIRetryPolicy = ParraAPIRetryPolicy(maxAttempts: 3),
        timeout: TimeInterval = 5, maxBodyBytes: Int = ParraAPIClient.defaultMaxBodyBytes,
        scheduler: RecordingScheduler = RecordingScheduler(), random: [Double] = [0.5],
        authStorage: URL? = nil, authenticates: Bool = false, log: RecordingLog = RecordingLog()
    ) -> ParraAPIClient {
        ParraAPIClient(
            settings: ParraAPIClient.Settings(
                identity: identity, backend: backend, timeout: timeout, retryPolicy: retry, maxBodyBytes: maxBodyBytes,
                scheduler: scheduler, random: ScriptedRandom(random), authStorageFolder: authStorage?.path,
                authenticates: authenticates, log: log.hostLog))
    }

    static func client(
        _ server: LoopbackHTTPServer, retry: ParraAPIRetryPolicy = ParraAPIRetryPolicy(maxAttempts: 3),
        timeout: TimeInterval = 5, maxBodyBytes: Int = ParraAPIClient.defaultMaxBodyBytes,
        scheduler: RecordingScheduler = RecordingScheduler(), random: [Double] = [0.5],
        authStorage: URL? = nil, authenticates: Bool = false
    ) -> ParraAPIClient {
        client(
            .remote(baseURL: server.baseURL), retry: retry, timeout: timeout, maxBodyBytes: maxBodyBytes,
            scheduler: scheduler, random: random, authStorage: authStorage, authenticates: authenticates)
    }

    /// Waits (bounded, 20 s as a safety net) for a completion-style call.
    static func wait<T: Sendable>(_ start: (@escaping @Sendable (T) -> Void) -> Void) -> T {
        guard let value = wait(upTo: 20, start) else { preconditionFailure("the call did not complete within 20 s") }
        return value
    }

    /// Waits for a completion-style call for at most `seconds`, a safety net far above what the
    /// call takes; nil when it has not completed by then. For tests whose subject is a deadline,
    /// so that a deadline that never fires fails the test rather than stopping the process.
    static func wait<T: Sendable>(upTo seconds: TimeInterval, _ start: (@escaping @Sendable (T) -> Void) -> Void) -> T?
    {
        let box = ValueBox<T>()
        let done = DispatchSemaphore(value: 0)
        start { value in
            box.value = value
            done.signal()
        }
        guard done.wait(timeout: .now() + seconds) == .success else { return nil }
        return box.value
    }

    static func send(_ client: ParraAPIClient, _ request: APIRequest) -> Result<APIResponse, APIServiceError> {
        wait { client.send(request, completion: $0) }
    }

    static func appInfo(_ client: ParraAPIClient) -> Result<ParraAppInfo, ParraAPIError> {
        wait { client.appInfo(completion: $0) }
    }

    static let appInfoJSON = #"{"version_token":"vt-1","new_installed_version_info":null}"#

    static func tokenJSON(_ token: String, user: String? = "user-1", expiresIn: Int = 3600) -> String {
        let userPart = user.map { #","user_id":"\#($0)""# } ?? ""
        return #"{"access_token":"\#(token)","expires_in":\#(expiresIn),"token_type":"Bearer"\#(userPart)}"#
    }
}

extension Result {
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}

// MARK: Client tests

@Suite("Parra API client: headers, retries, faults")
struct APIClientTests {
    @Test("every request carries the PARRA-* headers, JSON content type and accept")
    func headersOnEveryRequest() throws {
        let server = try LoopbackHTTPServer(handler: { _ in .json(status: 200, "{}") })
        defer { server.stop() }
        let client = APITest.client(server)
        _ = APITest.appInfo(client)
        _ = APITest.send(
            client,
            APIRequest(method: "POST", path: "tenants/tenant-1/push-tokens", body: Array(#"{"token":"ab"}"#.utf8)))
        _ = APITest.send(client, APIRequest(method: "get", path: "/tenants/tenant-1/anything"))
        #expect(server.requests.count == 3)
        for request in server.requests {
            #expect(request.header("PARRA-ENVIRONMENT") == "beta")
            #expect(request.header("PARRA-APPLICATION-ID") == APITest.application)
            #expect(request.header("PARRA-APPLICATION-BUNDLE-ID") == APITest.bundle)
            #expect(request.header("PARRA-TENANT-ID") == APITest.tenant)
            #expect(request.header("PARRA-PLATFORM") == "linux")
            #expect(request.header("PARRA-PLATFORM-AGENT") == "parra-linux/test swift/6")
            #expect(request.header("Accept") == "application/json")
            #expect(request.header("Content-Type") == "application/json")
            #expect(request.header("Authorization") == nil)
        }
        #expect(server.requests.map(\.method) == ["GET", "POST", "GET"])
        #expect(
            server.requests.map(\.path) == [
                APITest.appInfoPath, "/v1/tenants/tenant-1/push-tokens", "/v1/tenants/tenant-1/anything",
            ])
    }

    @Test("the default platform agent, environment and backend")
    func defaults() throws {
        #expect(
            ParraAPIIdentity.defaultPlatformAgent
                == "parra-linux/\(ParraAPIIdentity.sdkVersion) swift/\(ParraAPIIdentity.swiftVersion)")
        #if compiler(>=6.3) && !compiler(>=6.4)
            #expect(ParraAPIIdentity.swiftVersion == "6.3")  // the compiler's, not language mode 5's
        #endif
        #expect(ParraAPIEnvironment.resolve(environment: ["PARRA_ENVIRONMENT": "beta"], isDebugBuild: true) == .beta)
        #expect(
            ParraAPIEnvironment.resolve(environment: ["PARRA_ENVIRONMENT": " Production "], isDebugBuild: true)
                == .production)
        #expect(
            ParraAPIEnvironment.resolve(environment: ["PARRA_ENVIRONMENT": "staging"], isDebugBuild: true) == .debug)
        #expect(ParraAPIEnvironment.resolve(environment: [:], isDebugBuild: false) == .production)
        #expect(ParraAPIBackend.production.description == "https://api.parra.io/v1/")
        #expect(ParraAPIBackend.resolve(environment: [:]).backend == .production)
        let local = ParraAPIBackend.local(directory: URL(fileURLWithPath: "/tmp/x", isDirectory: true).path)
        #expect(ParraAPIBackend.resolve(environment: [:], inCode: local).backend == local)
        let fromEnvironment = ParraAPIBackend.resolve(
            environment: ["PARRA_API_BASE_URL": "http://127.0.0.1:9/v1"], inCode: local)
        #expect(fromEnvironment.backend == .remote(baseURL: URL(string: "http://127.0.0.1:9/v1/")!))
        #expect(fromEnvironment.source == "PARRA_API_BASE_URL")
        #expect(
            try ParraAPIBackend.parse("local:/srv/parra").get()
                == .local(directory: URL(fileURLWithPath: "/srv/parra", isDirectory: true).path))
        let bad = ParraAPIBackend.resolve(environment: ["PARRA_API_BASE_URL": "ftp://x"])
        #expect(bad.backend == .production)
        #expect(bad.problem?.description.contains("ftp://x") == true)
        #expect(ParraAPIBackend.parse("local:").failure != nil)
    }

    @Test("the token is sent as Authorization: Bearer once the client holds one")
    func authorizationHeader() throws {
        let server = try LoopbackHTTPServer(handler: { request in
            request.path.hasSuffix("/auth/anonymous")
                ? .json(status: 200, APITest.tokenJSON("tok-1")) : .json(status: 200, APITest.appInfoJSON)
        })
        defer { server.stop() }
        let client = APITest.client(server, authenticates: true)
        #expect(client.authenticator?.state == .undetermined)
        #expect(try APITest.appInfo(client).get().versionToken == "vt-1")
        _ = APITest.appInfo(client)
        #expect(
            server.requests.map(\.path) == [
                "/v1/tenants/tenant-1/auth/anonymous", APITest.appInfoPath, APITest.appInfoPath,
            ])
        #expect(server.requests[0].header("Authorization") == nil)
        #expect(server.requests[0].header("PARRA-TENANT-ID") == APITest.tenant)
        #expect(server.requests[1].header("Authorization") == "Bearer tok-1")
        #expect(server.requests[2].header("Authorization") == "Bearer tok-1")
        #expect(client.authenticator?.state == .anonymous(ParraUser(id: "user-1")))
    }

    @Test("a 401 to a request with a token gets a new token and is sent once more")
    func unauthorizedRefreshes() throws {
        let tokens = ScriptedRandom([1, 2])
        let server = try LoopbackHTTPServer(handler: { request in
            if request.path.hasSuffix("/auth/anonymous") {
                return .json(status: 200, APITest.tokenJSON("tok-\(Int(tokens.unitInterval()))"))
            }
            return request.header("Authorization") == "Bearer tok-2"
                ? .json(status: 200, APITest.appInfoJSON) : .json(status: 401, #"{"message":"expired"}"#)
        })
        defer { server.stop() }
        let client = APITest.client(server, authenticates: true)
        #expect(try APITest.appInfo(client).get().versionToken == "vt-1")
        #expect(server.requests.compactMap { $0.header("Authorization") } == ["Bearer tok-1", "Bearer tok-2"])
    }

    @Test("5xx and 408 are retried with full-jitter exponential backoff from the injected clock")
    func backoff() throws {
        let server = try LoopbackHTTPServer(script: [
            .json(status: 503, "{}"), .json(status: 500, "{}"), .json(status: 408, "{}"),
            .json(status: 200, APITest.appInfoJSON),
        ])
        defer { server.stop() }
        let scheduler = RecordingScheduler()
        let client = APITest.client(
            server, retry: ParraAPIRetryPolicy(maxAttempts: 5, baseDelay: 0.5, maxDelay: 30), scheduler: scheduler,
            random: [0.5, 0.25, 0.75])
        #expect(try APITest.appInfo(client).get().versionToken == "vt-1")
        #expect(server.requests.count == 4)
        // The recorded delays are the whole wait: the client waits only through its scheduler, and
        // this one never sleeps. (A bound on the elapsed wall clock proved nothing more: real sleeps
        // of 0.25 + 0.25 + 1.5 s would have met the 3 s it allowed, which a loaded machine may not.)
        // ceilings 0.5, 1, 2 times the jitter 0.5, 0.25, 0.75
        #expect(scheduler.delays == [0.25, 0.25, 1.5])
    }

    @Test("the backoff ceiling doubles up to maxDelay; jitter scales it")
    func backoffCeiling() {
        let policy = ParraAPIRetryPolicy(maxAttempts: 10, baseDelay: 0.5, maxDelay: 5)
        #expect((1...6).map { policy.ceiling(beforeRetry: $0) } == [0.5, 1, 2, 4, 5, 5])
        #expect(policy.backoff(beforeRetry: 3, random: 0) == 0)
        #expect(policy.backoff(beforeRetry: 3, random: 0.5) == 1)
        #expect(policy.ceiling(beforeRetry: 500) == 5)
        #expect(ParraAPIRetryPolicy.isRetryable(status: 429) && ParraAPIRetryPolicy.isRetryable(status: 599))
        #expect(!ParraAPIRetryPolicy.isRetryable(status: 404) && !ParraAPIRetryPolicy.isRetryable(status: 400))
    }

    @Test("other 4xx are not retried and say endpoint, status and body")
    func clientErrorsNotRetried() throws {
        for status in [400, 403, 404, 422] {
            let server = try LoopbackHTTPServer(script: [.json(status: status, #"{"message":"no such app"}"#)])
            defer { server.stop() }
            let scheduler = RecordingScheduler()
            let client = APITest.client(server, retry: ParraAPIRetryPolicy(maxAttempts: 5), scheduler: scheduler)
            let error = try #require(APITest.appInfo(client).failure)
            #expect(error.kind == .status(code: status, excerpt: #"{"message":"no such app"}"#))
            #expect(error.attempts == 1)
            #expect(error.endpoint == "GET tenants/tenant-1/applications/app-1/app-info")
            #expect(error.description.contains("HTTP \(status)"))
            #expect(server.requests.count == 1)
            #expect(scheduler.delays.isEmpty)
            // `send` hands modules the response, whatever its status.
            let response = try APITest.send(client, APIRequest(method: "GET", path: "x")).get()
            #expect(response.status == status)
        }
    }

    @Test("429 honours Retry-After in seconds and as an HTTP-date; a wait past the cap ends the retries")
    func retryAfter() throws {
        let seconds = try LoopbackHTTPServer(script: [
            .respond(status: 429, headers: ["Retry-After": "7"]), .json(status: 200, APITest.appInfoJSON),
        ])
        defer { seconds.stop() }
        let scheduler = RecordingScheduler()
        #expect((try? APITest.appInfo(APITest.client(seconds, scheduler: scheduler)).get()) != nil)
        #expect(scheduler.delays == [7])

        let dated = RecordingScheduler(now: Date(timeIntervalSince1970: 1_750_000_000))
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        let in30 = formatter.string(from: dated.now.addingTimeInterval(30))
        let date = try LoopbackHTTPServer(script: [
            .respond(status: 503, headers: ["Retry-After": in30]), .json(status: 200, APITest.appInfoJSON),
        ])
        defer { date.stop() }
        #expect((try? APITest.appInfo(APITest.client(date, scheduler: dated)).get()) != nil)
        #expect(dated.delays == [30])

        let long = try LoopbackHTTPServer(script: [.respond(status: 429, headers: ["Retry-After": "3600"])])
        defer { long.stop() }
        let patient = RecordingScheduler()
        let error = try #require(APITest.appInfo(APITest.client(long, scheduler: patient)).failure)
        #expect(error.status == 429)
        #expect(long.requests.count == 1)
        #expect(patient.delays.isEmpty)

        #expect(
            ParraAPIRetryPolicy.retryAfterSeconds(
                "Sun, 06 Nov 1994 08:49:37 GMT", now: Date(timeIntervalSince1970: 784_111_717)) == 60)
        #expect(
            ParraAPIRetryPolicy.retryAfterSeconds(
                "Sunday, 06-Nov-94 08:49:37 GMT", now: Date(timeIntervalSince1970: 784_111_777)) == 0)
        #expect(
            ParraAPIRetryPolicy.retryAfterSeconds(
                "Sun Nov  6 08:49:37 1994", now: Date(timeIntervalSince1970: 784_111_767)) == 10)
        #expect(ParraAPIRetryPolicy.retryAfterSeconds("soon", now: Date()) == nil)
        for impossible in [
            "Sat, 31 Feb 2024 08:49:37 GMT", "Sun, 06 Nov 1994 08:49:60 GMT", "Sun, 06 Nov 1994 25:00:00 GMT",
        ] {
            #expect(ParraAPIRetryPolicy.retryAfterSeconds(impossible, now: Date()) == nil, "\(impossible)")
        }
        #expect(
            ParraAPIRetryPolicy.retryAfterSeconds(
                "Thu, 29 Feb 2024 00:00:10 GMT", now: Date(timeIntervalSince1970: 1_709_164_800))
                == 10)
    }

    @Test("5xx until the attempts run out: send returns the last response, a typed call an error naming the attempts")
    func serverErrorsExhaust() throws {
        let server = try LoopbackHTTPServer(script: [.json(status: 500, #"{"error":"boom"}"#)])
        defer { server.stop() }
        let scheduler = RecordingScheduler()
        let client = APITest.client(
            server, retry: ParraAPIRetryPolicy(maxAttempts: 3), scheduler: scheduler, random: [1])
        let error = try #require(APITest.appInfo(client).failure)
        #expect(error.kind == .status(code: 500, excerpt: #"{"error":"boom"}"#))
        #expect(error.attempts == 3)
        #expect(error.description.contains("after 3 attempts"))
        #expect(server.requests.count == 3)
        #expect(scheduler.delays == [0.5, 1])
        let response = try APITest.send(client, APIRequest(method: "GET", path: "x")).get()
        #expect(response.status == 500)
        #expect(server.requests.count == 6)
    }

    @Test("a server that stays silent or answers too late times out within the request's timeout")
    func timeouts() throws {
        for fault in [LoopbackHTTPServer.Response.silent, .delay(3, then: .json(status: 200, "{}"))] {
            let server = try LoopbackHTTPServer(script: [fault])
            defer { server.stop() }
            let client = APITest.client(server, retry: .none, timeout: 0.3)
            // What the client reports is checked, not how long it took; the 20 s bound only turns a
            // timeout that never fires into a failure. With the late answer (3 s), a timeout that
            // fires after it fails too: the call then succeeds.
            let result = try #require(
                APITest.wait(upTo: 20) { client.appInfo(completion: $0) }, "no answer and no timeout within 20 s")
            let error = try #require(result.failure)
            #expect(error.kind == .timedOut(seconds: 0.3))
            #expect(error.description.contains("no response within 0.30 s"))
        }
        // APIRequest.timeout overrides the client's.
        let server = try LoopbackHTTPServer(script: [.silent])
        defer { server.stop() }
        let client = APITest.client(server, retry: .none, timeout: 30)
        let result = try #require(
            APITest.wait(upTo: 20) { client.send(APIRequest(method: "GET", path: "x", timeout: 0.2), completion: $0) },
            "no answer and no timeout within 20 s")
        let failure = try #require(result.failure)
        #expect(failure.description.contains("no response within 0.20 s"))
    }

    @Test("a timeout is retried like any network error")
    func timeoutRetried() throws {
        let server = try LoopbackHTTPServer(script: [.silent, .json(status: 200, APITest.appInfoJSON)])
        defer { server.stop() }
        let scheduler = RecordingScheduler()
        // The timeout also bounds the answered second attempt: long enough for a loaded machine.
        let client = APITest.client(
            server, retry: ParraAPIRetryPolicy(maxAttempts: 2), timeout: 1, scheduler: scheduler)
        #expect((try? APITest.appInfo(client).get()) != nil)
        #expect(scheduler.delays == [0.25])
    }

    @Test("a dropped connection is a network error, retried")
    func droppedConnection() throws {
        let server = try LoopbackHTTPServer(script: [.dropConnection])
        defer { server.stop() }
        let error = try #require(APITest.appInfo(APITest.client(server, retry: .none)).failure)
        guard case .network = error.kind else {
            Issue.record("expected a network error, got \(error)")
            return
        }
        let flaky = try LoopbackHTTPServer(script: [.dropConnection, .json(status: 200, APITest.appInfoJSON)])
        defer { flaky.stop() }
        let scheduler = RecordingScheduler()
        #expect((try? APITest.appInfo(APITest.client(flaky, scheduler: scheduler)).get()) != nil)
        #expect(scheduler.delays.count == 1)
    }

    @Test("a body cut short of its Content-Length is a truncated-body error")
    func truncatedBody() throws {
        let server = try LoopbackHTTPServer(script: [
            .truncatedBody(status: 200, declaredLength: 200, body: Data(#"{"version_token":"#.utf8))
        ])
        defer { server.stop() }
        let error = try #require(APITest.appInfo(APITest.client(server, retry: .none)).failure)
        switch error.kind {
        case .truncatedBody(let declared, let received):
            #expect(declared == 200)
            #expect(received == 17)
        default: Issue.record("expected a truncated body, got \(error)")
        }
        #expect(error.isTransient)
    }

    @Test("malformed and cut-off JSON with a correct length are malformed-JSON errors with an excerpt")
    func malformedJSON() throws {
        for (body, fragment) in [
            ("{not json", "not valid JSON"), (#"{"version_token": "#, "not valid JSON"),
            (#"{"version_token": 42}"#, "expected String at version_token"),
        ] {
            let server = try LoopbackHTTPServer(script: [.json(status: 200, body)])
            defer { server.stop() }
            let scheduler = RecordingScheduler()
            let error = try #require(APITest.appInfo(APITest.client(server, scheduler: scheduler)).failure)
            guard case .malformedJSON(let detail, let status, let excerpt) = error.kind else {
                Issue.record("expected malformed JSON for \(body), got \(error)")
                continue
            }
            #expect(detail.contains(fragment), "\(detail)")
            #expect(status == 200)
            #expect(excerpt == body.trimmingCharacters(in: .whitespaces))
            #expect(server.requests.count == 1)
            #expect(scheduler.delays.isEmpty)
        }
    }

    @Test("a JSON endpoint answering another content type is a typed error")
    func wrongContentType() throws {
        let server = try LoopbackHTTPServer(script: [
            .respond(
                status: 200, headers: ["Content-Type": "text/html; charset=utf-8"],
                body: Data("<html>login</html>".utf8))
        ])
        defer { server.stop() }
        let error = try #require(APITest.appInfo(APITest.client(server)).failure)
        #expect(
            error.kind
                == .wrongContentType(found: "text/html; charset=utf-8", status: 200, excerpt: "<html>login</html>"))
        #expect(server.requests.count == 1)
    }

    @Test(
        "the media type is Content-Type lower-cased, without parameters or the spaces and tabs around it",
        arguments: [
            ("application/json", "application/json", true),
            (" Application/JSON ; charset=utf-8", "application/json", true),
            ("\tapplication/problem+json\t", "application/problem+json", true),
            ("text/html; charset=utf-8", "text/html", false),
            ("application/jsonp", "application/jsonp", false), ("", "", false),
        ])
    func mediaType(header: String, mediaType: String, isJSON: Bool) {
        let response = ParraAPIRawResponse(status: 200, headers: ["Content-Type": header])
        #expect(response.mediaType == mediaType)
        #expect(response.isJSON == isJSON)
        #expect(ParraAPIRawResponse(status: 200).mediaType == nil)
    }

    @Test("a body over the cap is its own error; the default cap is 10 MiB")
    func overSizeBody() throws {
        #expect(ParraAPIClient.defaultMaxBodyBytes == 10 * 1024 * 1024)
        let big = Data(repeating: UInt8(ascii: " "), count: ParraAPIClient.defaultMaxBodyBytes + 1)
        let server = try LoopbackHTTPServer(script: [
            .respond(status: 200, headers: ["Content-Type": "application/json"], body: big)
        ])
        defer { server.stop() }
        let error = try #require(APITest.appInfo(APITest.client(server)).failure)
        #expect(error.kind == .bodyTooLarge(limit: ParraAPIClient.defaultMaxBodyBytes))
        #expect(server.requests.count == 1)
        let failure = try #require(
            APITest.send(APITest.client(server, maxBodyBytes: 1000), APIRequest(method: "GET", path: "x")).failure)
        #expect(failure.description.contains("larger than the 1000 bytes"))
    }

    @Test(
        "a chunked or unsized body is cut off at the cap as it arrives: a server sending 1 GiB gets to send little more",
        arguments: [true, false])
    func streamedBodyOverTheCap(chunked: Bool) throws {
        let cap = 1 << 20
        let server = try LoopbackHTTPServer(script: [
            .stream(
                status: 200, chunk: Data(repeating: UInt8(ascii: " "), count: 64 << 10), total: 1 << 30,
                chunked: chunked)
        ])
        let failure = try #require(
            APITest.send(APITest.client(server, retry: .none, maxBodyBytes: cap), APIRequest(method: "GET", path: "x"))
                .failure)
        server.stop()
        #expect(failure.description.contains("larger than the \(cap) bytes"), "\(failure)")
        // What the client read, plus what the loopback's socket buffers held when it hung up.
        #expect(server.streamedBodyBytes < 32 << 20, "the server sent \(server.streamedBodyBytes) bytes")
    }

    @Test("paths that would leave the API base are refused before anything is sent")
    func pathChecks() throws {
        let server = try LoopbackHTTPServer(script: [.json(status: 200, "{}")])
        defer { server.stop() }
        let client = APITest.client(server)
        for path in [
            "https://evil.example/steal", "//evil.example/x", "tenants/../../admin", "tenants/%2e%2E/admin", "a b", "",
            "tenants/t#x",
        ] {
            let failure = try #require(APITest.send(client, APIRequest(method: "GET", path: path)).failure, "\(path)")
            #expect(failure.description.contains("invalid request"), "\(failure)")
        }
        #expect(APITest.send(client, APIRequest(method: "GE T", path: "x")).failure != nil)
        #expect(server.requests.isEmpty)
        #expect((try? APITest.send(client, APIRequest(method: "GET", path: "tenants/a:b/x")).get()) != nil)
    }

    @Test("a redirect to another server is not followed, so the token stays home")
    func crossOriginRedirect() throws {
        let elsewhere = try LoopbackHTTPServer(script: [.json(status: 200, APITest.appInfoJSON)])
        defer { elsewhere.stop() }
        let server = try LoopbackHTTPServer(handler: { request in
            if request.path.hasSuffix("/auth/anonymous") { return .json(status: 200, APITest.tokenJSON("secret")) }
            if request.path.hasPrefix("/v1/moved") { return .json(status: 200, APITest.appInfoJSON) }
            let target = request.path.hasSuffix("/same") ? "/v1/moved" : elsewhere.baseURL.absoluteString + "stolen"
            return .respond(status: 302, headers: ["Location": target])
        })
        defer { server.stop() }
        let client = APITest.client(server, authenticates: true)
        let away = try APITest.send(client, APIRequest(method: "GET", path: "tenants/t/away")).get()
        #expect(away.status == 302)
        let named = try #require(APITest.appInfo(client).failure)
        #expect(
            named.description.contains("HTTP 302 redirect to \(elsewhere.baseURL.absoluteString)stolen not followed"))
        #expect(elsewhere.requests.isEmpty)
        let same = try APITest.send(client, APIRequest(method: "GET", path: "tenants/t/same")).get()
        #expect(same.status == 200)
        #expect(server.requests.last?.path == "/v1/moved")
    }

    @Test("a 301, 302, 307 or 308 keeps the POST and its body; a 303 turns it into a GET, as HTTP says")
    func redirectKeepsMethod() throws {
        let server = try LoopbackHTTPServer(handler: { request in
            if request.path.hasPrefix("/v1/moved") {
                let body = String(decoding: request.body, as: UTF8.self)
                return .json(status: 200, #"{"method":"\#(request.method)","body":"\#(body.count)"}"#)
            }
            let code = Int(request.path.split(separator: "/").last ?? "") ?? 500
            return .respond(status: code, headers: ["Location": "/v1/moved"])
        })
        defer { server.stop() }
        let client = APITest.client(server)
        for code in [301, 302, 303, 307, 308] {
            let response = try APITest.send(
                client, APIRequest(method: "POST", path: "tenants/t/\(code)", body: Array("{}".utf8))
            ).get()
            let answer = try #require(
                try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: String], "\(code)")
            #expect(answer["method"] == (code == 303 ? "GET" : "POST"), "\(code)")
            if code != 303 { #expect(answer["body"] == "2", "\(code)") }
        }
    }

    @Test("send calls its completion once, off the main thread, with the body")
    func sendCompletion() throws {
        let server = try LoopbackHTTPServer(script: [.json(status: 201, #"{"ok":true}"#)])
        defer { server.stop() }
        let client = APITest.client(server)
        final class Calls: @unchecked Sendable {
            let lock = NSLock()
            var count = 0
            var onMain = false
        }
        let calls = Calls()
        let done = DispatchSemaphore(value: 0)
        client.send(APIRequest(method: "POST", path: "tenants/t/sessions", body: Array("{}".utf8))) { result in
            calls.lock.withLock {
                calls.count += 1
                calls.onMain = Thread.isMainThread
            }
            #expect((try? result.get().body) == Array(#"{"ok":true}"#.utf8))
            done.signal()
        }
        #expect(done.wait(timeout: .now() + 10) == .success)
        // Completions run on the client's serial callback queue: a second call of the first one
        // would be queued there before the answer to a later request on the same client, so once
        // that answer has come, a second call would have run and been counted.
        #expect(try APITest.send(client, APIRequest(method: "GET", path: "tenants/t/after")).get().status == 201)
        #expect(calls.lock.withLock { calls.count } == 1)
        #expect(!calls.lock.withLock { calls.onMain })
        #expect(server.requests.first?.body == Data("{}".utf8))
    }

    @Test("API dates are written as the SDK's ISO8601DateFormatter writes them, with milliseconds, for every year")
    func dateFormatting() {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        let seconds: [Double] = [
            0, -0.0005, -1, -86_400.25, 0.53, 1_633_046_400, 1_708_807_671.53, 1_708_807_671.9996, 951_782_400,
            951_868_799.999, 4_107_542_399.5, 253_402_300_799.999, -62_135_596_800, -62_135_596_800.001,
            253_402_300_800, 1e13, -12_219_292_800, -12_212_553_600.25, -12_244_492_800,
        ]
        for value in seconds {
            let date = Date(timeIntervalSince1970: value)
            #expect(ParraAPICoding.formatDate(date) == formatter.string(from: date), "\(value)")
        }
        #expect(ParraAPICoding.formatDate(Date(timeIntervalSince1970: 1_708_807_671.53)) == "2024-02-24T20:47:51.530Z")
        #expect(ParraAPICoding.formatDate(Date(timeIntervalSince1970: -0.002)) == "1969-12-31T23:59:59.998Z")
    }

    @Test("API dates read by hand are what ISO8601FormatStyle reads, and what it refuses is refused")
    func dateParsing() {
        let withFraction = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
        let withoutFraction = Date.ISO8601FormatStyle()
        func byStyle(_ text: String) -> Date? {
            (try? withFraction.parse(text)) ?? (try? withoutFraction.parse(text))
        }
        let texts = [
            "2024-02-24T20:47:51.530Z", "2024-02-24T20:47:51Z", "2021-10-01T00:00:00Z", "1970-01-01T00:00:00.000Z",
            "1583-01-01T00:00:00Z", "9999-12-31T23:59:59.999Z", "2024-02-29T12:00:00.5Z", "2000-02-29T00:00:00Z",
            "2026-12-04T17:44:45.397Z", "2024-02-24T20:47:51.123456Z", "2023-02-29T00:00:00Z", "2024-13-01T00:00:00Z",
            "2024-04-31T00:00:00Z", "2024-02-24T24:00:00Z", "2024-02-24T20:60:00Z", "2024-02-24T20:47:51.Z",
            "2024-02-24 20:47:51Z", "2024-02-24T20:47:51", "24-02-24T20:47:51Z", "2024-02-24T20:47:51+01:00",
            "", "not a date",
        ]
        for text in texts {
            let expected = byStyle(text)
            let parsed = ParraAPICoding.parseDate(text)
            #expect((parsed == nil) == (expected == nil), "\(text)")
            if let parsed, let expected {
                #expect(abs(parsed.timeIntervalSince(expected)) < 1e-6, "\(text)")
            }
        }
        #expect(ParraAPICoding.parseDate("2024-02-24T20:47:51.530Z") == Date(timeIntervalSince1970: 1_708_807_671.53))
    }

    @Test("API dates parse with and without fractional seconds; app-info keeps the whole answer")
    func coding() throws {
        #expect(ParraAPICoding.parseDate("2021-10-01T00:00:00Z") == Date(timeIntervalSince1970: 1_633_046_400))
        let server = try LoopbackHTTPServer(handler: { _ in
            .json(status: 200, #"{"version_token":"vt-9","new_installed_version_info":null,"auth":{"issuer":"i"}}"#)
        })
        defer { server.stop() }
        let info = try APITest.appInfo(APITest.client(server)).get()
        #expect(info.versionToken == "vt-9" && info.auth?.issuer == "i")
        #expect(info.json.contains(#""new_installed_version_info":null"#))
        let array = try LoopbackHTTPServer(handler: { _ in .json(status: 200, "[1,2]") })
        defer { array.stop() }
        #expect(APITest.appInfo(APITest.client(array)).failure != nil)
    }

}
