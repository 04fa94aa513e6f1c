// swift-format-ignore-file
// The documentation's "Using a custom App or Scene Delegate" listing (Tests/Listings/Configuration.md),
// byte for byte but for its <#placeholders#>, after the imports the page leaves out.
// ListingTests checks that it still is, and runs it.
import Parra
import SwiftUI

class SceneDelegate: ParraSceneDelegate {}

class AppDelegate: ParraAppDelegate<SceneDelegate> {

    override func application(
        _ application: UIApplication,
        didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey : Any]? = nil
    ) -> Bool {
        guard super.application(
            application,
            didFinishLaunchingWithOptions: launchOptions
        ) else {
            return false
        }

        // Custom app launch setup

        return true
    }
}

@main
struct ParraDemoApp: App {
    @UIApplicationDelegateAdaptor(AppDelegate.self) var appDelegate

    var body: some Scene {
        ParraApp(tenantId: "TENANT_ID", applicationId: "APPLICATION_ID", appDelegate: appDelegate) {
            WindowGroup {
                ParraOptionalAuthWindow {
                    ContentView()
                }
            }
        }
    }
}
