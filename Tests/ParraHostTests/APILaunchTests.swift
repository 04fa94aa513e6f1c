import Foundation
import Parra
import ParraAPI
import ParraAppModel
import ParraTestSupport
import Testing

struct APILaunchApp: App {
    @UIApplicationDelegateAdaptor(ParraAppDelegate<ParraSceneDelegate>.self) var appDelegate
    var body: some Scene {
        ParraApp(
            tenantId: "t-launch", applicationId: "a-launch", appDelegate: appDelegate,
            configuration: ParraConfiguration(appInfoOptions: ParraAppInfoOptions(bundleId: "com.example.launch"))
        ) {
            WindowGroup {
                ParraRequiredAuthWindow {
                    Text("signed in")
                } unauthenticatedContent: {
                    Text("please sign in")
                }
            }
        }
    }
}

/// An app that signs its users in itself, written as for the SDK.
struct CustomAuthLaunchApp: App {
    @UIApplicationDelegateAdaptor(ParraAppDelegate<ParraSceneDelegate>.self) var appDelegate
    var body: some Scene {
        ParraApp(
            tenantId: "t-launch", applicationId: "a-launch", appDelegate: appDelegate,
            authenticationMethod: .custom(tokenProvider: { "app-token-for-ada" })
        ) {
            WindowGroup { ParraOptionalAuthWindow { Text("content") } }
        }
    }
}

@Suite("Parra API at app launch")
struct APILaunchTests {
    /// The app-info status the launch server answers; changed between runs.
    final class Status: @unchecked Sendable {
        private let lock = NSLock()
        private var stored = 200
        var value: Int {
            get { lock.withLock { stored } }
            set { lock.withLock { stored = newValue } }
        }
    }

    private func server(_ status: Status = Status()) throws -> LoopbackHTTPServer {
        try LoopbackHTTPServer(handler: { request in
            if request.path.hasSuffix("/auth/anonymous") {
                return .json(status: 200, APITest.tokenJSON("launch-token"))
            }
            if request.path.contains("/app-info") {
                let code = status.value
                return code == 200
                    ? .json(status: 200, APITest.appInfoJSON) : .json(status: code, #"{"message":"nope"}"#)
            }
            return .json(status: 404, "{}")
        })
    }

    private func run<A: App>(_ environment: [String: String], storage: URL, app: A.Type = APILaunchApp.self)
        -> ScriptedPlatform
    {
        let platform = ScriptedPlatform(script: [], surface: RecordingPresentationSurface())
        let settings = TestHost.settings(paths: [], environment: environment, storage: storage, log: RecordingLog())
        ParraAppHost.run(app, platform: platform, settings: settings, bundle: .empty)
        return platform
    }

    @Test("authenticationMethod .custom: the app's token goes with the launch's requests; Parra's issuer is not asked")
    func customAuthentication() throws {
        let server = try server()
        defer { server.stop() }
        _ = run(
            ["PARRA_API_BASE_URL": server.baseURL.absoluteString],
            storage: try CFixtureBuilder.makeTemporaryDirectory(),
            app: CustomAuthLaunchApp.self)
        let appInfo = try #require(server.requests.first { $0.path.contains("/app-info") })
        #expect(appInfo.header("Authorization") == "Bearer app-token-for-ada")
        #expect(!server.requests.contains { $0.path.contains("/auth/") })
        #expect(ParraAuthType.custom(tokenProvider: { nil }).supportsParraLoginScreen == false)
        #expect(ParraAuthType.parra.supportsParraLoginScreen)
    }

    @Test("with PARRA_API_BASE_URL at a loopback server, launch sends GET app-info with every PARRA-* header")
    func fetchesAppInfo() throws {
        let server = try server()
        defer { server.stop() }
        let run = try TestAppRun(
            APILaunchApp.self,
            environment: ["PARRA_API_BASE_URL": server.baseURL.absoluteString, "PARRA_ENVIRONMENT": "beta"])
        #expect(run.status == 0)
        let appInfo = try #require(server.requests.first { $0.path.contains("/app-info") })
        #expect(appInfo.method == "GET")
        #expect(appInfo.path == "/v1/tenants/t-launch/applications/a-launch/app-info")
        #expect(appInfo.header("PARRA-ENVIRONMENT") == "beta")
        #expect(appInfo.header("PARRA-APPLICATION-ID") == "a-launch")
        #expect(appInfo.header("PARRA-APPLICATION-BUNDLE-ID") == "com.example.launch")
        #expect(appInfo.header("PARRA-TENANT-ID") == "t-launch")
        #expect(appInfo.header("PARRA-PLATFORM") == "linux")
        #expect(appInfo.header("PARRA-PLATFORM-AGENT") == ParraAPIIdentity.defaultPlatformAgent)
        #expect(appInfo.header("Authorization") == "Bearer launch-token")
        #expect(server.requests.filter { $0.path.contains("/app-info") }.count == 1)
        #expect(!run.reported("API: \(server.baseURL.absoluteString) (beta)").isEmpty)
        #expect(!run.reported("app-info: version token vt-1").isEmpty)
        #expect(!run.reported("auth: anonymous user-1, token new from the issuer").isEmpty)
        // Anonymous is a user but not a signed-in one.
        #expect(run.platform.drawn.map(\.lines) == [["please sign in"]])
    }

    @Test("a run given settings without PARRA_API_BASE_URL has no API client and sends nothing")
    func noClientByDefaultInTests() throws {
        let run = try TestAppRun(APILaunchApp.self)
        #expect(run.status == 0)
        #expect(run.reported("app-info").isEmpty && run.reported("API:").isEmpty)
        let bad = try TestAppRun(APILaunchApp.self, environment: ["PARRA_API_BASE_URL": "gopher://x"])
        #expect(!bad.reported("PARRA_API_BASE_URL='gopher://x' is not usable").isEmpty)
    }

    @Test("a failed app-info fetch falls back to the cached one; a corrupt cache is reported and replaced")
    func cacheFallback() throws {
        let storage = try CFixtureBuilder.makeTemporaryDirectory()
        let status = Status()
        let server = try server(status)
        defer { server.stop() }
        let environment = ["PARRA_API_BASE_URL": server.baseURL.absoluteString]
        let first = run(environment, storage: storage)
        #expect(first.reported.contains { $0.contains("app-info: version token vt-1") })
        #expect(FileManager.default.fileExists(atPath: storage.appendingPathComponent("app-info.json").path))

        status.value = 404
        let second = run(environment, storage: storage)
        #expect(
            second.reported.contains {
                $0.contains("app-info failed: GET tenants/t-launch/applications/a-launch/app-info: HTTP 404")
            })
        #expect(
            second.reported.contains { $0.contains("app-info from the cache") && $0.contains("version token vt-1") })
        #expect(second.reported.contains { $0.contains("auth: anonymous user-1, token reused from the cache") })

        try "garbage".write(to: storage.appendingPathComponent("app-info.json"), atomically: true, encoding: .utf8)
        try "garbage".write(to: storage.appendingPathComponent("auth-token.json"), atomically: true, encoding: .utf8)
        let third = run(environment, storage: storage)
        #expect(third.reported.contains { $0.contains("the cached app-info") && $0.contains("is corrupt") })
        #expect(third.reported.contains { $0.contains("the cached auth token") && $0.contains("is corrupt") })
        #expect(third.reported.contains { $0.contains("auth: anonymous user-1, token new from the issuer") })
        #expect(!FileManager.default.fileExists(atPath: storage.appendingPathComponent("app-info.json").path))
    }

    @Test("the sample's local folder gives a release at launch with no network")
    func localBackendLaunch() throws {
        let storage = try CFixtureBuilder.makeTemporaryDirectory()
        let platform = run(["PARRA_API_BASE_URL": "local:\(APILocalBackendTests.sampleFolder.path)"], storage: storage)
        #expect(
            platform.reported.contains {
                $0.contains("app-info: version token vt_1.2.0_7")
            })
        #expect(platform.reported.contains { $0.contains("auth: anonymous local-anonymous-") })
    }
}
