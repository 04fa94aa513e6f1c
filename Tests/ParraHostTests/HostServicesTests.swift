import Foundation
import Parra
import ParraAPI
import ParraRuntime
import ParraTestSupport
import Testing

@Suite("Host services as modules use them")
struct HostServicesTests {
    /// Answers every request with a fixed body from a background queue.
    struct CannedAPI: ParraAPIService {
        func send(_ request: APIRequest, completion: @escaping @Sendable (Result<APIResponse, APIServiceError>) -> Void)
        {
            DispatchQueue.global().async {
                completion(.success(APIResponse(status: 200, body: Array("{\"path\":\"\(request.path)\"}".utf8))))
            }
        }
    }

    @Test("options reach a C module's configure from the environment and a config file")
    func optionsReachModules() throws {
        let folder = try CFixtureBuilder.makeTemporaryDirectory()
        let file = try CFixtureBuilder.build("cfixture.so", in: folder)
        let fromEnvironment = try TestHost(paths: [file.path], environment: ["PARRA_CFIXTURE_GREETING": "bonjour"])
        fromEnvironment.runtime.start()
        #expect(fromEnvironment.log.messages(from: "com.example.cfixture").contains("configure greeting=bonjour"))
        let config = folder.appendingPathComponent("parra.json")
        try #"{"cfixture": {"greeting": "from file"}}"#.write(to: config, atomically: true, encoding: .utf8)
        let fromFile = try TestHost(paths: [file.path], configFile: config)
        fromFile.runtime.start()
        #expect(fromFile.log.messages(from: "com.example.cfixture").contains("configure greeting=from file"))
        #expect(fromFile.runtime.options.option(forKey: "cfixture.greeting")?.source == .configFile(path: config.path))
    }

    @Test("storage is private to the module and survives a restart")
    func storageSurvivesRestart() throws {
        let storage = try CFixtureBuilder.makeTemporaryDirectory()
        for expected in 1...2 {
            let host = try TestHost(paths: [BuildProducts.swiftFixture], storage: storage)
            host.runtime.start()
            #expect(host.log.messages(from: "com.parra.test.swiftfixture").contains("activate count=\(expected)"))
            host.runtime.stop()
        }
        let stored = storage.appendingPathComponent("modules/com.parra.test.swiftfixture/count")
        #expect(try String(contentsOf: stored, encoding: .utf8) == "2")
    }

    @Test("a module's configure error names the option, and the module is refused")
    func configureRejectsValue() throws {
        let host = try TestHost(
            paths: [BuildProducts.swiftFixture], codeOptions: ["swiftfixture.launches": .integer(-1)])
        let report = host.runtime.start()
        let record = try #require(report.records.first)
        #expect(record.outcome == .refused)
        #expect(record.phase == .configure)
        #expect(record.reason?.contains("swiftfixture.launches: must not be negative") == true)
        #expect(host.log.messages(from: "com.parra.test.swiftfixture").last == "shutdown")
    }

    @Test("timers, presentations, option changes and API requests reach a Swift module")
    func servicesRoundTrip() throws {
        let queue = DispatchQueue(label: "test.main")
        let host = try TestHost(
            paths: [BuildProducts.swiftFixture], codeOptions: ["swiftfixture.exerciseServices": .bool(true)],
            mainQueue: queue, apiService: CannedAPI())
        host.runtime.start()
        let messages = { host.log.messages(from: "com.parra.test.swiftfixture") }
        #expect(waitUntil { messages().contains("timer fired") })
        #expect(waitUntil { messages().contains(#"response 200 {"path":"tenants/t/applications/a/app-info"}"#) })
        #expect(waitUntil { messages().contains("background emit failed: emit is main-thread only") })
        let toast = try #require(host.surface.presented.first)
        #expect(toast.kind == .toast && toast.title == "Hello" && toast.duration == 8)
        #expect(toast.moduleID == "com.parra.test.swiftfixture")
        host.surface.dismiss(0, byUser: true)
        #expect(messages().contains("dismissed byUser=true"))
        try host.runtime.options.set(.string("hey"), forKey: "swiftfixture.greeting")
        #expect(messages().contains("changed swiftfixture.greeting to hey"))
        host.runtime.stop()
    }

    @Test("without an API service a request fails with a reason the load report shows")
    func noAPIService() throws {
        let host = try TestHost(
            paths: [BuildProducts.swiftFixture], codeOptions: ["swiftfixture.exerciseServices": .bool(true)],
            mainQueue: DispatchQueue(label: "test.main"))
        let report = host.runtime.start()
        let record = try #require(report.records.first)
        #expect(record.outcome == .refused)
        #expect(record.reason?.contains("this host has no Parra API service configured") == true)
    }
}
