import Foundation
import Parra
import ParraAppModel
import ParraRuntime
import ParraTestSupport
import Testing

/// An app whose launch a module built against the 1.1 header drives.
struct DrivenApp: App {
    @UIApplicationDelegateAdaptor(ParraAppDelegate<ParraSceneDelegate>.self) var appDelegate

    var body: some Scene {
        ParraApp(tenantId: "t", applicationId: "a", appDelegate: appDelegate) {
            WindowGroup { Text("content") }
        }
    }
}

/// Modules compiled against the headers of released ABI versions, kept unchanged under
/// Tests/Fixtures/ReleasedHeaders, keep loading and working in this host.
@Suite("Modules built against released headers (1.0, 1.1, 1.2, 1.4, 1.5, 1.6, 1.7, 1.8)")
struct ReleasedHeaderTests {
    @Test("a 1.0 module loads, reads its options, is hooked and logs; it offers no commands")
    func version10() throws {
        let folder = try CFixtureBuilder.makeTemporaryDirectory()
        let module = try CFixtureBuilder.build(
            "old.so", in: folder, headers: CFixtureBuilder.releasedHeaders("1.0"))
        let host = try TestHost(
            paths: [module.path], codeOptions: ["cfixture.greeting": .string("from 1.0")],
            mainQueue: DispatchQueue(label: "test.released.main"))
        let report = host.runtime.start()
        #expect(report.refused.isEmpty, "\(report.lines)")
        #expect(report.loaded.map(\.abi) == ["1.0"])
        #expect(host.runtime.modules.first?.declaration.commands.isEmpty == true)
        #expect(try host.runtime.dispatcher.call(.applicationDidFinishLaunching, .string("{}")).bool)
        host.runtime.stop()
        #expect(
            host.log.messages(from: "com.example.cfixture") == [
                "init", "configure greeting=from 1.0", "activate", "hook application.didFinishLaunching {}",
                "deactivate", "shutdown",
            ])
    }

    @Test("a 1.2 module loads: its option declarations, without schema_json, are read to their own size")
    func version12() throws {
        let folder = try CFixtureBuilder.makeTemporaryDirectory()
        let module = try CFixtureBuilder.build(
            "old.so", in: folder, headers: CFixtureBuilder.releasedHeaders("1.2"))
        // 500 is outside the 0...100 that today's fixture declares for cfixture.count; the 1.2
        // build declares no schema, so only the type applies.
        let host = try TestHost(
            paths: [module.path], codeOptions: ["cfixture.count": .integer(500)],
            mainQueue: DispatchQueue(label: "test.released.main"))
        let report = host.runtime.start()
        #expect(report.refused.isEmpty, "\(report.lines)")
        #expect(report.loaded.map(\.abi) == ["1.2"])
        #expect(report.optionProblems.isEmpty, "\(report.optionProblems)")
        #expect(host.runtime.options.option(forKey: "cfixture.count")?.value == .integer(500))
        #expect(host.runtime.options.option(forKey: "cfixture.count")?.schema.constraint == nil)
        host.runtime.stop()
    }

    @Test("a 1.1 module loads and is hooked; its log sink is attached")
    func version11() throws {
        let folder = try CFixtureBuilder.makeTemporaryDirectory()
        let module = try CFixtureBuilder.build(
            "old.so", defines: ["FIXTURE_LOG_SINK"], in: folder, headers: CFixtureBuilder.releasedHeaders("1.1"))
        let host = try TestHost(paths: [module.path], mainQueue: DispatchQueue(label: "test.released.main"))
        let report = host.runtime.start()
        #expect(report.refused.isEmpty, "\(report.lines)")
        #expect(report.loaded.map(\.abi) == ["1.1"])
        #expect(host.runtime.modules.first?.declaration.takesAppLogs == true)
        #expect(try host.runtime.dispatcher.call(.applicationDidFinishLaunching, .string("{}")).bool)
        host.runtime.stop()
        #expect(host.log.messages(from: "com.example.cfixture").contains("hook application.didFinishLaunching {}"))
    }

    @Test("a 1.4 module, built against the one-file header before it was split, loads and is hooked")
    func version14() throws {
        let folder = try CFixtureBuilder.makeTemporaryDirectory()
        let module = try CFixtureBuilder.build("old.so", in: folder, headers: CFixtureBuilder.releasedHeaders("1.4"))
        let host = try TestHost(paths: [module.path], mainQueue: DispatchQueue(label: "test.released.main"))
        let report = host.runtime.start()
        #expect(report.refused.isEmpty, "\(report.lines)")
        #expect(report.loaded.map(\.abi) == ["1.4"])
        #expect(try host.runtime.dispatcher.call(.applicationDidFinishLaunching, .string("{}")).bool)
        host.runtime.stop()
        #expect(host.log.messages(from: "com.example.cfixture").contains("hook application.didFinishLaunching {}"))
    }

    @Test("a 1.5 module, built against the split headers before schemas had formats, loads and is hooked")
    func version15() throws {
        let folder = try CFixtureBuilder.makeTemporaryDirectory()
        let module = try CFixtureBuilder.build("old.so", in: folder, headers: CFixtureBuilder.releasedHeaders("1.5"))
        let host = try TestHost(paths: [module.path], mainQueue: DispatchQueue(label: "test.released.main"))
        let report = host.runtime.start()
        #expect(report.refused.isEmpty, "\(report.lines)")
        #expect(report.loaded.map(\.abi) == ["1.5"])
        #expect(try host.runtime.dispatcher.call(.applicationDidFinishLaunching, .string("{}")).bool)
        host.runtime.stop()
        #expect(host.log.messages(from: "com.example.cfixture").contains("hook application.didFinishLaunching {}"))
    }

    @Test("a 1.6 module, built against the headers before remote notifications, loads and is hooked")
    func version16() throws {
        let folder = try CFixtureBuilder.makeTemporaryDirectory()
        let module = try CFixtureBuilder.build("old.so", in: folder, headers: CFixtureBuilder.releasedHeaders("1.6"))
        let host = try TestHost(paths: [module.path], mainQueue: DispatchQueue(label: "test.released.main"))
        let report = host.runtime.start()
        #expect(report.refused.isEmpty, "\(report.lines)")
        #expect(report.loaded.map(\.abi) == ["1.6"])
        #expect(try host.runtime.dispatcher.call(.applicationDidFinishLaunching, .string("{}")).bool)
        host.runtime.stop()
        #expect(host.log.messages(from: "com.example.cfixture").contains("hook application.didFinishLaunching {}"))
    }

    @Test("a 1.7 module, built against the headers before module traits, loads at launch and is hooked")
    func version17() throws {
        let folder = try CFixtureBuilder.makeTemporaryDirectory()
        let module = try CFixtureBuilder.build("old.so", in: folder, headers: CFixtureBuilder.releasedHeaders("1.7"))
        let host = try TestHost(paths: [module.path], mainQueue: DispatchQueue(label: "test.released.main"))
        let report = host.runtime.start()
        #expect(report.refused.isEmpty, "\(report.lines)")
        #expect(report.loaded.map(\.abi) == ["1.7"])
        #expect(report.loaded.map(\.waits) == [false])
        #expect(host.log.messages(from: "com.example.cfixture").prefix(1) == ["init"])
        #expect(try host.runtime.dispatcher.call(.applicationDidFinishLaunching, .string("{}")).bool)
        host.runtime.stop()
        #expect(host.log.messages(from: "com.example.cfixture").contains("hook application.didFinishLaunching {}"))
    }

    @Test("a 1.8 module, built against the headers before the log sink extension, loads and takes app logs")
    func version18() throws {
        let folder = try CFixtureBuilder.makeTemporaryDirectory()
        let module = try CFixtureBuilder.build(
            "old.so", defines: ["FIXTURE_LOG_SINK"], in: folder, headers: CFixtureBuilder.releasedHeaders("1.8"))
        let host = try TestHost(paths: [module.path], mainQueue: DispatchQueue(label: "test.released.main"))
        let report = host.runtime.start()
        #expect(report.refused.isEmpty, "\(report.lines)")
        #expect(report.loaded.map(\.abi) == ["1.8"])
        #expect(host.runtime.modules.first?.declaration.takesAppLogs == true)
        #expect(try host.runtime.dispatcher.call(.applicationDidFinishLaunching, .string("{}")).bool)
        host.runtime.stop()
        #expect(host.log.messages(from: "com.example.cfixture").contains("hook application.didFinishLaunching {}"))
    }

    @Test("a 1.1 module drives the launch through the table's launch services, kept for it")
    func version11DrivesTheLaunch() throws {
        let folder = try CFixtureBuilder.makeTemporaryDirectory()
        let driver = try CFixtureBuilder.build(
            "driver.so", in: folder, source: CFixtureBuilder.launchDriverSource,
            headers: CFixtureBuilder.releasedHeaders("1.1"))
        let run = try TestAppRun(DrivenApp.self, paths: [driver.path])
        #expect(run.status == 0)
        #expect(run.platform.launchStates.map(\.state) == [.initial, .transitioning, .complete])
        #expect(run.platform.launchStates.map(\.moduleID) == Array(repeating: "com.example.driver", count: 3))
        #expect(run.platform.drawn.map(\.lines) == [["content"]])
        #expect(
            run.log.messages(from: "com.example.driver") == [
                "initial status=0", "auth check status=0", #"auth {"state":"undetermined"}"#, "auth done status=0",
                "transitioning status=0", "complete status=0",
            ])
    }
}
