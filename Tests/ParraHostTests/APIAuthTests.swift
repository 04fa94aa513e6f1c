import Foundation
import Parra
import ParraAPI
import ParraTestSupport
import Testing

/// A loopback issuer: numbered tokens from `auth/anonymous` (or 403 there when anonymous users
/// are off, then tokens from `auth/guest`), `{}` elsewhere.
final class LoopbackIssuer: @unchecked Sendable {
    private let lock = NSLock()
    private var issued = 0
    let allowAnonymous: Bool
    let expiresIn: Int
    var server: LoopbackHTTPServer!

    init(allowAnonymous: Bool = true, expiresIn: Int = 3600) throws {
        self.allowAnonymous = allowAnonymous
        self.expiresIn = expiresIn
        server = try LoopbackHTTPServer(handler: { [unowned self] request in self.answer(request) })
    }

    private func answer(_ request: LoopbackHTTPServer.Request) -> LoopbackHTTPServer.Response {
        if request.path.hasSuffix("/auth/anonymous") {
            guard allowAnonymous else { return .json(status: 403, #"{"message":"anonymous users are off"}"#) }
            let number = lock.withLock {
                issued += 1
                return issued
            }
            return .json(status: 200, APITest.tokenJSON("anon-\(number)", user: "user-1", expiresIn: expiresIn))
        }
        if request.path.hasSuffix("/auth/guest") {
            let number = lock.withLock {
                issued += 1
                return issued
            }
            return .json(status: 200, APITest.tokenJSON("guest-\(number)", user: nil, expiresIn: expiresIn))
        }
        return .json(status: 200, APITest.appInfoJSON)
    }

    var authRequests: [LoopbackHTTPServer.Request] { server.requests.filter { $0.path.contains("/auth/") } }
    var authorizations: [String] {
        server.requests.filter { !$0.path.contains("/auth/") }.compactMap { $0.header("Authorization") }
    }
}

@Suite("Parra API auth: tokens, cache, expiry")
struct APIAuthTests {
    private func mode(of file: URL) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }

    @Test("the token file's bytes are the API encoder's, with and without a token and a user")
    func tokenFileBytes() throws {
        let token = ParraAuthToken(
            accessToken: "a/b\"c", expiresAt: Date(timeIntervalSince1970: 1_700_003_600.5), kind: .anonymous,
            userId: "user-1", tenantId: "tenant-1", backend: "https://api.parra.io/v1/",
            obtainedAt: Date(timeIntervalSince1970: 1_700_000_000))
        var guest = token
        guest.kind = .guest
        guest.userId = nil
        for contents in [
            ParraAuthTokenStore.Contents(installationId: "install-1", token: nil),
            ParraAuthTokenStore.Contents(installationId: "install-1", token: token),
            ParraAuthTokenStore.Contents(installationId: "install-é", token: guest),
            ParraAuthTokenStore.Contents(installationId: "tab\there\u{08}\u{0C}\u{1F}", token: token),
        ] {
            #expect(contents.fileData == Array(try ParraAPICoding.makeEncoder().encode(contents)))
            #expect(
                try ParraAPICoding.makeDecoder().decode(
                    ParraAuthTokenStore.Contents.self, from: Data(contents.fileData))
                    == contents)
        }
    }

    @Test("the token is cached with mode 0600 and reused by the next launch without asking the issuer")
    func cacheAndReuse() throws {
        let issuer = try LoopbackIssuer()
        defer { issuer.server.stop() }
        let folder = try CFixtureBuilder.makeTemporaryDirectory()
        let first = APITest.client(issuer.server, authStorage: folder, authenticates: true)
        _ = try APITest.appInfo(first).get()
        let file = folder.appendingPathComponent("auth-token.json")
        #expect(try mode(of: file) == 0o600)
        let cached = try String(contentsOf: file, encoding: .utf8)
        #expect(cached.contains(#""access_token":"anon-1""#))
        #expect(cached.contains(#""kind":"anonymous""#))
        #expect(cached.contains(#""installation_id":"#))

        let second = APITest.client(issuer.server, authStorage: folder, authenticates: true)
        #expect(second.authenticator?.state == .anonymous(ParraUser(id: "user-1")))
        #expect(second.authenticator?.heldTokenOrigin == "cache")
        #expect(second.authenticator?.installation == first.authenticator?.installation)
        _ = try APITest.appInfo(second).get()
        #expect(issuer.authRequests.count == 1)
        #expect(issuer.authorizations == ["Bearer anon-1", "Bearer anon-1"])
        let body = try #require(issuer.authRequests.first?.body)
        let sent = try JSONSerialization.jsonObject(with: body) as? [String: String]
        #expect(sent?["installation_id"] == first.authenticator?.installation)
    }

    @Test("an expired token is refreshed before the next request, and the cache rewritten")
    func expiryRefresh() throws {
        let issuer = try LoopbackIssuer(expiresIn: 600)
        defer { issuer.server.stop() }
        let folder = try CFixtureBuilder.makeTemporaryDirectory()
        let scheduler = RecordingScheduler()
        let client = APITest.client(issuer.server, scheduler: scheduler, authStorage: folder, authenticates: true)
        _ = try APITest.appInfo(client).get()
        scheduler.advance(500)  // still valid: the early margin is a tenth of 600 s
        _ = try APITest.appInfo(client).get()
        scheduler.advance(100)
        _ = try APITest.appInfo(client).get()
        #expect(issuer.authorizations == ["Bearer anon-1", "Bearer anon-1", "Bearer anon-2"])
        #expect(
            try String(contentsOf: folder.appendingPathComponent("auth-token.json"), encoding: .utf8).contains("anon-2")
        )

        // An expired cached token is not used at the next launch either.
        scheduler.advance(3600)
        let next = APITest.client(issuer.server, scheduler: scheduler, authStorage: folder, authenticates: true)
        #expect(next.authenticator?.state == .undetermined)
        _ = try APITest.appInfo(next).get()
        #expect(issuer.authorizations.last == "Bearer anon-3")
    }

    @Test("a corrupt cache file is reported, deleted and replaced; the app goes on")
    func corruptCache() throws {
        let issuer = try LoopbackIssuer()
        defer { issuer.server.stop() }
        for garbage in [
            "{not json", #"{"installation_id":"", "token":null}"#, String(repeating: "x", count: 70_000), "",
        ] {
            let folder = try CFixtureBuilder.makeTemporaryDirectory()
            let file = folder.appendingPathComponent("auth-token.json")
            try garbage.write(to: file, atomically: true, encoding: .utf8)
            let client = APITest.client(issuer.server, authStorage: folder, authenticates: true)
            let problems = client.authenticator?.takeProblems() ?? []
            #expect(problems.count == 1)
            #expect(problems.first?.contains("\(file.path) is corrupt") == true, "\(problems)")
            #expect(!FileManager.default.fileExists(atPath: file.path))
            _ = try APITest.appInfo(client).get()
            #expect(try mode(of: file) == 0o600)
            #expect(
                APITest.client(issuer.server, authStorage: folder, authenticates: true).authenticator?.takeProblems()
                    == [])
        }
    }

    @Test("a tenant without anonymous users gets a guest token")
    func guestFallback() throws {
        let issuer = try LoopbackIssuer(allowAnonymous: false)
        defer { issuer.server.stop() }
        let client = APITest.client(issuer.server, authenticates: true)
        _ = try APITest.appInfo(client).get()
        #expect(
            issuer.authRequests.map(\.path) == [
                "/v1/tenants/tenant-1/auth/anonymous", "/v1/tenants/tenant-1/auth/guest",
            ])
        #expect(client.authenticator?.state == .guest(ParraGuest()))
        #expect(issuer.authorizations == ["Bearer guest-1"])
        // Told by app-info, the client asks for a guest token at once.
        let told = APITest.client(issuer.server, authenticates: true)
        told.authenticator?.preferGuest(true)
        _ = try APITest.appInfo(told).get()
        #expect(issuer.authRequests.map(\.path).last == "/v1/tenants/tenant-1/auth/guest")
        #expect(issuer.authRequests.count == 3)
    }

    @Test("a token cached for another backend or tenant is not sent")
    func otherBackend() throws {
        let issuer = try LoopbackIssuer()
        defer { issuer.server.stop() }
        let folder = try CFixtureBuilder.makeTemporaryDirectory()
        let store = ParraAuthTokenStore(folder: folder.path)
        try store.save(
            ParraAuthTokenStore.Contents(
                installationId: "install-1",
                token: ParraAuthToken(
                    accessToken: "elsewhere", expiresAt: Date().addingTimeInterval(86_400), kind: .anonymous,
                    userId: "u",
                    tenantId: APITest.tenant, backend: "https://api.parra.io/v1/", obtainedAt: Date())))
        let client = APITest.client(
            issuer.server, scheduler: RecordingScheduler(now: Date()), authStorage: folder, authenticates: true)
        #expect(client.authenticator?.state == .undetermined)
        #expect(client.authenticator?.installation == "install-1")
        _ = try APITest.appInfo(client).get()
        #expect(issuer.authorizations == ["Bearer anon-1"])
    }

    @Test("when no token can be had, requests go without one and the issuer is not asked again at once")
    func issuerDown() throws {
        let server = try LoopbackHTTPServer(handler: { request in
            request.path.contains("/auth/")
                ? .json(status: 500, #"{"message":"issuer down"}"#) : .json(status: 200, APITest.appInfoJSON)
        })
        defer { server.stop() }
        let scheduler = RecordingScheduler()
        let client = APITest.client(server, retry: .none, scheduler: scheduler, authenticates: true)
        let outcome = APITest.wait { client.authenticator!.ensureToken(client: client, completion: $0) }
        #expect(outcome.failure?.status == 500)
        _ = try APITest.appInfo(client).get()
        _ = try APITest.appInfo(client).get()
        #expect(server.requests.filter { $0.path.contains("/auth/") }.count == 1)
        #expect(server.requests.allSatisfy { $0.header("Authorization") == nil })
        #expect(client.authenticator?.state == .undetermined)
        scheduler.advance(31)
        _ = try APITest.appInfo(client).get()
        #expect(server.requests.filter { $0.path.contains("/auth/") }.count == 2)
    }

    @Test("signing in adopts the user's token; signing out forgets it")
    func signInOut() throws {
        let issuer = try LoopbackIssuer()
        defer { issuer.server.stop() }
        let folder = try CFixtureBuilder.makeTemporaryDirectory()
        let scheduler = RecordingScheduler()
        let client = APITest.client(issuer.server, scheduler: scheduler, authStorage: folder, authenticates: true)
        client.authenticator?.adopt(
            accessToken: "user-token", userId: "u-9", expiresAt: scheduler.now.addingTimeInterval(3600))
        #expect(client.authenticator?.state == .authenticated(ParraUser(id: "u-9")))
        _ = try APITest.appInfo(client).get()
        #expect(issuer.authorizations == ["Bearer user-token"])
        #expect(
            APITest.client(issuer.server, scheduler: scheduler, authStorage: folder, authenticates: true).authenticator?
                .state
                == .authenticated(ParraUser(id: "u-9")))
        client.authenticator?.signOut()
        #expect(client.authenticator?.state == .undetermined)
        _ = try APITest.appInfo(client).get()
        #expect(issuer.authorizations.last == "Bearer anon-1")
    }
}

/// The tokens an app's provider (`ParraAuthType.custom`) hands out, and how often it was asked.
final class TokenProviderScript: @unchecked Sendable {
    private let lock = NSLock()
    private var tokens: [String?]
    private(set) var calls = 0

    init(_ tokens: [String?]) { self.tokens = tokens }

    func next() -> String? {
        lock.withLock {
            calls += 1
            return tokens.isEmpty ? nil : tokens.removeFirst()
        }
    }
}

@Suite("Parra API auth: the app's own tokens")
struct APICustomAuthTests {
    /// A JWT (unsigned) with `sub` and `exp`.
    static func jwt(sub: String, exp: Double) -> String {
        func part(_ json: String) -> String {
            Data(json.utf8).base64EncodedString().replacingOccurrences(of: "=", with: "")
                .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
        }
        return part(#"{"alg":"none"}"#) + "." + part(#"{"sub":"\#(sub)","exp":\#(exp)}"#) + ".sig"
    }

    @Test("the provider's token is sent, gives the user, is never cached, and is asked for again after a 401")
    func providedTokens() throws {
        let refusedOnce = LoopbackHTTPScriptBox()
        let server = try LoopbackHTTPServer(handler: { request in
            refusedOnce.first(request) ? .json(status: 401, "{}") : .json(status: 200, APITest.appInfoJSON)
        })
        defer { server.stop() }
        let folder = try CFixtureBuilder.makeTemporaryDirectory()
        let first = Self.jwt(sub: "ada", exp: 4_000_000_000)
        let script = TokenProviderScript([first, "opaque-2"])
        let client = APITest.client(server, authStorage: folder, authenticates: true)
        client.authenticator?.use(.tokenProvider { script.next() })
        _ = try APITest.appInfo(client).get()
        #expect(server.requests.compactMap { $0.header("Authorization") } == ["Bearer \(first)", "Bearer opaque-2"])
        #expect(script.calls == 2, "asked again after the 401")
        #expect(!server.requests.contains { $0.path.contains("/auth/") }, "Parra's issuer is never asked")
        #expect(client.authenticator?.heldTokenOrigin == "app")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("auth-token.json").path))
        #expect(ParraAuthenticator.jwtClaims(first)["sub"] == .string("ada"))
    }

    @Test("a provider with no user, or one that throws, leaves the request without a token and says why")
    func noToken() throws {
        let server = try LoopbackHTTPServer(handler: { _ in .json(status: 200, APITest.appInfoJSON) })
        defer { server.stop() }
        let log = RecordingLog()
        let client = APITest.client(.remote(baseURL: server.baseURL), authenticates: true, log: log)
        client.authenticator?.use(.tokenProvider { nil })
        _ = try APITest.appInfo(client).get()
        #expect(server.requests.first?.header("Authorization") == nil)
        #expect(client.authenticator?.state == .undetermined)
        #expect(
            log.records.contains {
                $0.message.contains("authentication failed: it gave no token: no user is signed in")
            },
            "\(log.records.map(\.message))")
    }
}

extension APICustomAuthTests {
    @Test("public API key auth: the issuer is asked with the key and the app's user, and its token is used")
    func publicKey() throws {
        let server = try LoopbackHTTPServer(handler: { request in
            request.path.hasSuffix("/auth/public")
                ? .json(status: 200, APITest.tokenJSON("public-1", user: "ada"))
                : .json(status: 200, APITest.appInfoJSON)
        })
        defer { server.stop() }
        let folder = try CFixtureBuilder.makeTemporaryDirectory()
        let client = APITest.client(server, authStorage: folder, authenticates: true)
        client.authenticator?.use(.apiKey(id: "key-9", userIdProvider: { "ada" }))
        _ = try APITest.appInfo(client).get()
        let issue = try #require(server.requests.first { $0.path.hasSuffix("/auth/public") })
        #expect(issue.path == "/v1/tenants/tenant-1/auth/public")
        #expect(issue.header("Authorization") == "Basic " + Data("api_key:key-9".utf8).base64EncodedString())
        #expect(String(decoding: issue.body, as: UTF8.self) == #"{"user_id":"ada"}"#)
        let appInfo = try #require(server.requests.first { $0.path.contains("/app-info") })
        #expect(appInfo.header("Authorization") == "Bearer public-1")
        #expect(client.authenticator?.state == .authenticated(ParraUser(id: "ada")))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("auth-token.json").path))
    }

    @Test("the local backend issues public API key tokens, and refuses a request without a key")
    func publicKeyLocally() throws {
        let folder = try CFixtureBuilder.makeTemporaryDirectory()
        try APITest.appInfoJSON.write(
            to: folder.appendingPathComponent("app-info.json"), atomically: true, encoding: .utf8)
        let client = APITest.client(.local(directory: folder.path), authenticates: true)
        client.authenticator?.use(.apiKey(id: "key-9", userIdProvider: { "grace" }))
        _ = try APITest.appInfo(client).get()
        #expect(client.authenticator?.state == .authenticated(ParraUser(id: "grace")))
        let noKey = APITest.client(.local(directory: folder.path), authenticates: true)
        noKey.authenticator?.use(.apiKey(id: "", userIdProvider: { "grace" }))
        _ = try APITest.appInfo(noKey).get()
        #expect(noKey.authenticator?.state == .undetermined)
    }
}

extension APICustomAuthTests {
    @Test("a provider that never answers holds no request past its deadline, and its late answer is dropped")
    func silentProvider() throws {
        let server = try LoopbackHTTPServer(handler: { _ in .json(status: 200, APITest.appInfoJSON) })
        defer { server.stop() }
        let log = RecordingLog()
        let client = APITest.client(.remote(baseURL: server.baseURL), authenticates: true, log: log)
        client.authenticator?.providerTimeout = 0.2
        let release = DispatchSemaphore(value: 0)
        client.authenticator?.use(
            .tokenProvider {
                await withCheckedContinuation { continuation in
                    DispatchQueue.global().async {
                        release.wait()
                        continuation.resume()
                    }
                }
                return "too-late"
            })
        _ = try APITest.appInfo(client).get()
        #expect(server.requests.first?.header("Authorization") == nil)
        #expect(
            log.records.contains { $0.message.contains("it did not answer within 0.2 s") },
            "\(log.records.map(\.message))")
        release.signal()
        #expect(client.authenticator?.state == .undetermined)
    }
}

extension APICustomAuthTests {
    @Test(
        "a token Parra's issuer was still fetching when the app switched to its own sign-in is neither kept nor cached")
    func switchWhileFetching() throws {
        let asked = DispatchSemaphore(value: 0)
        let answer = DispatchSemaphore(value: 0)
        let server = try LoopbackHTTPServer(handler: { request in
            guard request.path.hasSuffix("/auth/anonymous") else { return .json(status: 200, APITest.appInfoJSON) }
            asked.signal()
            _ = answer.wait(timeout: .now() + 20)
            return .json(status: 200, APITest.tokenJSON("anon-late"))
        })
        defer { server.stop() }
        let folder = try CFixtureBuilder.makeTemporaryDirectory()
        let client = APITest.client(server, authStorage: folder, authenticates: true)
        let fetched = DispatchSemaphore(value: 0)
        client.authenticator?.ensureToken(client: client) { _ in fetched.signal() }
        #expect(asked.wait(timeout: .now() + 20) == .success)
        client.authenticator?.use(.tokenProvider { "app-token" })
        answer.signal()
        #expect(fetched.wait(timeout: .now() + 20) == .success)
        #expect(client.authenticator?.state == .undetermined)
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("auth-token.json").path))
    }
}

/// Answers true for the first request only.
final class LoopbackHTTPScriptBox: @unchecked Sendable {
    private let lock = NSLock()
    private var seen = false

    func first(_ request: LoopbackHTTPServer.Request) -> Bool {
        lock.withLock {
            defer { seen = true }
            return !seen
        }
    }
}
