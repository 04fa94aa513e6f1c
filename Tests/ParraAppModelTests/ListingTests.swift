import Foundation
import Parra
import ParraTestSupport
import Testing

/// The documentation's listings are the acceptance test: they compile (as the files in
/// Listings/) and run to a normal termination.
@Suite("The documentation's listings", .serialized)
struct ListingTests {
    @Test("custom app and scene delegates: launch, one window, a scripted session, exit 0")
    func customDelegates() throws {
        let folder = try CFixtureBuilder.makeTemporaryDirectory()
        let module = try CFixtureBuilder.build("cfixture.so", in: folder)
        let run = try TestAppRun(
            CustomDelegatesApp.self, paths: [module.path], script: [.didEnterBackground, .willEnterForeground])
        #expect(run.status == 0)
        #expect(run.platform.drawn == [RenderedWindow(sceneID: "window-1", lines: ["Hello"])])
        let hooks = run.log.messages(from: "com.example.cfixture").filter { $0.hasPrefix("hook") }
        #expect(
            hooks == [
                "hook application.didFinishLaunching {}", "hook scene.didBecomeActive window-1",
                "hook scene.didBecomeActive window-1", "hook application.willTerminate",
            ])
        #expect(run.reported("did not call super").isEmpty)
        #expect(run.log.messages(from: "com.example.cfixture").last == "shutdown")
    }

    @Test("two window groups open two windows, one named by its id")
    func windows() throws {
        let run = try TestAppRun(WindowsApp.self)
        #expect(run.status == 0)
        #expect(run.platform.drawn.map(\.sceneID) == ["window-1", "secondary-window-id"])
    }

    @Test("the environments listing's default branch sets the application and bundle ids")
    func environments() throws {
        let run = try TestAppRun(MyApp.self)
        #expect(run.status == 0)
        #expect(!run.reported("Parra my-tenant-id/my-default-application-id, bundle my-default-bundle-id").isEmpty)
        // The listing passes the environment in code, so it is the app's choice even though it
        // is the default; this run loads no logger module, so the key is reported as unowned.
        #expect(
            run.reported("logger.environment") == [
                "  option   configuration: logger.environment: no loaded module owns this key (is ParraLogger installed?)"
            ])
    }
}
