// swift-format-ignore-file
// (kept as the documentation prints it)
import Parra

// The documentation's "Working with Windows" listing, with the placeholders filled in and
// `@main` left to the test that runs it.

struct WindowsApp: App {
    @UIApplicationDelegateAdaptor(AppDelegate.self) var appDelegate

    var body: some Scene {
        ParraApp(tenantId: "tenant-1", applicationId: "application-1", appDelegate: appDelegate) {
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
