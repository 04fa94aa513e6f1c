import Foundation
import Parra
import ParraRuntime
import ParraTestSupport
import Testing

@Suite("Dispatch of override and extension points through libffi")
struct DispatchTests {
    /// Builds C fixtures `name -> defines` in one folder and starts a host on them.
    private func start(_ fixtures: [(String, [String])], extra: [String] = []) throws -> TestHost {
        let folder = try CFixtureBuilder.makeTemporaryDirectory()
        let paths = try fixtures.map { try CFixtureBuilder.build($0.0, defines: $0.1, in: folder).path }
        let host = try TestHost(paths: paths + extra)
        host.runtime.start()
        #expect(host.runtime.report.refused.isEmpty, "\(host.runtime.report.lines)")
        return host
    }

    private func fixture(_ name: String, _ defines: [String] = []) -> (String, [String]) {
        ("\(name).so", ["FIXTURE_ID=\"com.example.\(name)\"", "FIXTURE_KEY_PREFIX=\"\(name)\""] + defines)
    }

    @Test("hooks run in ascending order, ties broken by module id")
    func order() throws {
        let host = try start([
            fixture("zeta", ["FIXTURE_ORDER=-5"]), fixture("alpha", ["FIXTURE_ORDER=10"]), fixture("beta"),
            fixture("gamma", ["FIXTURE_ORDER=10"]),
        ])
        #expect(
            host.runtime.dispatcher.moduleIDs(at: "application.didFinishLaunching") == [
                "com.example.zeta", "com.example.beta", "com.example.alpha", "com.example.gamma",
            ])
        let result = try host.runtime.dispatcher.call(.applicationDidFinishLaunching, .string(#"{"url":"x"}"#))
        #expect(result.bool)
        let calls = host.log.records.filter { $0.message.hasPrefix("hook application.didFinishLaunching") }
        #expect(
            calls.map(\.moduleID) == ["com.example.zeta", "com.example.beta", "com.example.alpha", "com.example.gamma"])
        #expect(calls.first?.message == #"hook application.didFinishLaunching {"url":"x"}"#)
        host.runtime.stop()
    }

    @Test("didFinishLaunching combines with all: one false makes it false, and every hook still runs")
    func allRule() throws {
        let host = try start([fixture("yes"), fixture("no", ["FIXTURE_LAUNCH_RESULT=false"])])
        #expect(try host.runtime.dispatcher.call(.applicationDidFinishLaunching, .string("{}")).bool == false)
        #expect(host.log.records.filter { $0.message.hasPrefix("hook application.didFinishLaunching") }.count == 2)
        host.runtime.stop()
    }

    @Test("willPresentNotification combines with union")
    func unionRule() throws {
        let host = try start(
            [fixture("badge"), fixture("sound", ["FIXTURE_PRESENT_BITS=PARRA_NOTIFICATION_PRESENTATION_SOUND"])],
            extra: [BuildProducts.swiftFixture])
        let bits = try host.runtime.dispatcher.call(.applicationWillPresentNotification, .string("{}")).uint32
        #expect(bits == 1 | 2 | 4)
        host.runtime.stop()
    }

    @Test("a point with no hooks returns the rule's identity")
    func identity() throws {
        let host = try start([])
        #expect(try host.runtime.dispatcher.call(.applicationDidFinishLaunching, .string("{}")).bool)
        #expect(try host.runtime.dispatcher.call(.applicationOpenURL, .string("x:"), .string("{}")).bool == false)
        #expect(try host.runtime.dispatcher.call(.applicationWillPresentNotification, .string("{}")).uint32 == 0)
    }

    @Test("arguments that do not fit the point are refused, not passed")
    func badArguments() throws {
        let host = try start([fixture("one")])
        #expect(throws: HookCallError.self) { try host.runtime.dispatcher.call(.applicationDidFinishLaunching) }
        #expect(throws: HookCallError.self) {
            try host.runtime.dispatcher.call(.applicationDidFinishLaunching, .integer(1))
        }
        #expect(throws: HookCallError.self) { try host.runtime.dispatcher.call(pointID: "application.nope", []) }
    }

    @Test("an extension point emitted by a C module reaches C and Swift hooks")
    func extensionPoint() throws {
        let host = try start(
            [
                ("cfixture.so", ["FIXTURE_EMIT_ON_ACTIVATE"]),
                fixture("listener", ["FIXTURE_HOOK_POINT=\"com.example.cfixture.didGreet\""]),
            ], extra: [BuildProducts.swiftFixture])
        #expect(host.log.messages(from: "com.example.cfixture").contains("emit status=0"))
        #expect(host.log.messages(from: "com.example.listener").contains("hook com.example.cfixture.didGreet hello"))
        #expect(
            host.log.messages(from: "com.parra.test.swiftfixture").contains("hook com.example.cfixture.didGreet hello"))
        host.runtime.stop()
    }

    @Test("after stop, no hook is dispatched")
    func afterStop() throws {
        let host = try start([fixture("one")])
        host.runtime.stop()
        _ = try host.runtime.dispatcher.call(.applicationWillTerminate)
        #expect(!host.log.messages(from: "com.example.one").contains("hook application.willTerminate"))
    }

    @Test("scene points pass the scene id")
    func scenePoint() throws {
        let host = try start([fixture("one")], extra: [BuildProducts.swiftFixture])
        _ = try host.runtime.dispatcher.call(.sceneDidBecomeActive, .string("secondary-window-id"))
        #expect(host.log.messages(from: "com.example.one").contains("hook scene.didBecomeActive secondary-window-id"))
        #expect(
            host.log.messages(from: "com.parra.test.swiftfixture").contains(
                "hook scene.didBecomeActive secondary-window-id"))
        host.runtime.stop()
    }
}
