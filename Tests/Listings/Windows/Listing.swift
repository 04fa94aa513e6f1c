// swift-format-ignore-file
// The documentation's "Working with Windows" listing (Tests/Listings/Configuration.md),
// byte for byte but for its <#placeholders#>, after the imports the page leaves out.
// ListingTests checks that it still is, and runs it.
import Parra
import SwiftUI

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

            WindowGroup(id: "secondary-window-id") {
                ParraOptionalAuthWindow {
                    ContentView()
                }
            }
        }
    }
}
