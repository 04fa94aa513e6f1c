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
}
