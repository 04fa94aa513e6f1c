import CParraPlugin
import Foundation
import Parra
import ParraTestSupport
import Testing

/// An app with nothing of its own, for runs that only load modules.
struct PlainApp: App {
    @UIApplicationDelegateAdaptor(ParraAppDelegate<ParraSceneDelegate>.self) var appDelegate

    var body: some Scene {
        ParraApp(tenantId: "t", applicationId: "a", appDelegate: appDelegate) { WindowGroup { Text("app") } }
    }
}

@Suite("Host extensions: a feature's services found by a versioned id")
struct HostExtensionTests {
    @Test("the launch extension is handed out in an app run only; an unknown id is NULL")
    func launchExtension() throws {
        let folder = try CFixtureBuilder.makeTemporaryDirectory()
        let module = try CFixtureBuilder.build("ext.so", defines: ["FIXTURE_ASK_EXTENSIONS"], in: folder)
        let host = try TestHost(paths: [module.path], mainQueue: DispatchQueue(label: "test.extensions.main"))
        host.runtime.start()
        host.runtime.stop()
        #expect(host.log.messages(from: "com.example.cfixture").contains("extension launch=none unknown=none"))

        let run = try TestAppRun(PlainApp.self, paths: [module.path])
        #expect(run.status == 0)
        #expect(run.log.messages(from: "com.example.cfixture").contains("extension launch=found unknown=none"))
    }

    @Test(
        "the remote notifications extension: a launch push from activate reaches didFinishLaunching; a payload that is not an object, or a launch push after activate, is refused"
    )
    func remoteNotifications() throws {
        let folder = try CFixtureBuilder.makeTemporaryDirectory()
        let module = try CFixtureBuilder.build("remote.so", defines: ["FIXTURE_LAUNCH_NOTIFICATION"], in: folder)
        let run = try TestAppRun(PlainApp.self, paths: [module.path])
        #expect(run.status == 0)
        let lines = run.log.messages(from: "com.example.cfixture")
        let (ok, invalid, wrongState) = (
            PARRA_STATUS_OK, PARRA_STATUS_INVALID_ARGUMENT, PARRA_STATUS_WRONG_STATE
        )
        #expect(lines.contains("remote launch \(invalid)") && lines.contains("remote launch \(ok)"), "\(lines)")
        #expect(
            lines.contains { $0.hasPrefix("hook application.didFinishLaunching") && $0.contains("remoteNotification") })
        #expect(lines.contains("remote launch \(wrongState)"), "\(lines)")
        #expect(lines.contains("remote background \(invalid)"), "\(lines)")
    }
}
