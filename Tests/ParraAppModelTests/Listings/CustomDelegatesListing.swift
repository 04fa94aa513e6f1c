// swift-format-ignore-file
// (kept as the documentation prints it)
import Parra

// The documentation's "Using a custom App or Scene Delegate" listing, with `import SwiftUI`
// removed, the editor placeholders filled in, and `@main` left to the test that runs it.

class SceneDelegate: ParraSceneDelegate {}

class AppDelegate: ParraAppDelegate<SceneDelegate> {

    override func application(
        _ application: UIApplication,
        didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]? = nil
    ) -> Bool {
        guard
            super.application(
                application,
                didFinishLaunchingWithOptions: launchOptions
            )
        else {
            return false
        }

        // Custom app launch setup

        return true
    }
}

struct CustomDelegatesApp: App {
    @UIApplicationDelegateAdaptor(AppDelegate.self) var appDelegate

    var body: some Scene {
        ParraApp(tenantId: "tenant-1", applicationId: "application-1", appDelegate: appDelegate) {
            WindowGroup {
                ParraOptionalAuthWindow {
                    ContentView()
                }
            }
        }
    }
}

struct ContentView: View {
    var body: some View {
        Text("Hello")
    }
}
