import Foundation
import Parra
import ParraAppModel
import ParraTestSupport
import Testing

struct DuplicateIDApp: App {
    @UIApplicationDelegateAdaptor(ParraAppDelegate<ParraSceneDelegate>.self) var appDelegate
    var body: some Scene {
        ParraApp(tenantId: "t", applicationId: "a", appDelegate: appDelegate) {
            WindowGroup(id: "main") { Text("first") }
            WindowGroup(id: "main") { Text("second") }
        }
    }
}

struct RequiredAuthApp: App {
    @UIApplicationDelegateAdaptor(ParraAppDelegate<ParraSceneDelegate>.self) var appDelegate
    var body: some Scene {
        ParraApp(tenantId: "t", applicationId: "a", appDelegate: appDelegate) {
            WindowGroup {
                ParraRequiredAuthWindow {
                    Text("the app")
                } unauthenticatedContent: {
                    Text("please sign in")
                }
            }
        }
    }
}

struct NoParraApp: App {
    var body: some Scene {
        WindowGroup { Text("no Parra here") }
    }
}

struct ConditionalView: View {
    let signedIn: Bool
    var body: some View {
        VStack(spacing: 1) {
            if signedIn {
                Text("welcome")
            } else {
                Text("sign in")
            }
            HStack {
                Text("a")
                Text("b")
            }
        }
    }
}

@Suite("Windows, views and the platform", .serialized)
struct WindowAndViewTests {
    @Test("a WindowGroup id used twice is reported and opens once")
    func duplicateID() throws {
        let run = try TestAppRun(DuplicateIDApp.self)
        #expect(run.status == 0)
        #expect(run.platform.drawn == [RenderedWindow(sceneID: "main", lines: ["first"])])
        #expect(!run.reported("WindowGroup id 'main' is used twice; the second group is not opened").isEmpty)
    }

    @Test("the required auth window shows sign-in until a user signs in")
    func requiredAuth() throws {
        let run = try TestAppRun(RequiredAuthApp.self, script: [.authStateChanged(.authenticated(ParraUser(id: "u1")))])
        #expect(run.platform.drawn.map(\.lines) == [["please sign in"], ["the app"]])
    }

    @Test("an app without ParraApp is reported and exits 1")
    func noParraApp() throws {
        let run = try TestAppRun(NoParraApp.self)
        #expect(run.status == 1)
        #expect(!run.reported("has no ParraApp").isEmpty)
    }

    @Test("opening a URL no module handles is reported")
    func openURL() throws {
        let run = try TestAppRun(RequiredAuthApp.self, script: [.openURL("parra-demo://home"), .openURL("not a url")])
        #expect(!run.reported("open parra-demo://home: not handled by any module").isEmpty)
        #expect(!run.reported("cannot open 'not a url': not a URL with a scheme").isEmpty)
    }

    @Test("view builders render if/else, stacks and spacing")
    func views() {
        let context = RenderContextProbe.lines(ConditionalView(signedIn: true))
        #expect(context == ["welcome", "", "a b"])
        #expect(RenderContextProbe.lines(ConditionalView(signedIn: false)).first == "sign in")
    }

    @Test("NO_COLOR turns styling off")
    func noColor() {
        #expect(TerminalPlatform(environment: ["NO_COLOR": "1"]).usesColor == false)
    }
}

/// Renders a view through a one-window app, the way the host draws windows.
enum RenderContextProbe {
    nonisolated(unsafe) static var view: (() -> ConditionalView)?

    struct ProbeApp: App {
        @UIApplicationDelegateAdaptor(ParraAppDelegate<ParraSceneDelegate>.self) var appDelegate
        var body: some Scene {
            ParraApp(tenantId: "t", applicationId: "a", appDelegate: appDelegate) {
                WindowGroup { RenderContextProbe.view!() }
            }
        }
    }

    static func lines(_ view: ConditionalView) -> [String] {
        Self.view = { view }
        let run = try? TestAppRun(ProbeApp.self)
        return run?.platform.drawn.first?.lines ?? []
    }
}
