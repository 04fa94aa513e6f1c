// swift-format-ignore-file
// The SDK podcast template's App.swift, as its authors wrote it, without `@main` (a test
// target has its own entry) and with the template's placeholders filled.

import Parra
import SwiftUI

struct PodcastApp: App {
    @UIApplicationDelegateAdaptor(AppDelegate.self) var appDelegate

    var body: some Scene {
        // Visit Parra's configuration docs to learn what options are available.
        // https://docs.parra.io/sdks/ios/configuration
        ParraApp(
            tenantId: "4c6f6361-6c00-4000-8000-000000000001",
            applicationId: "b3f1c0de-0000-4000-8000-000000000001",
            appDelegate: appDelegate,
            configuration: .shared
        ) {
            WindowGroup {
                // Use the ParraOptionalAuthWindow if you don't support user sign-in
                // or don't require that users be logged in to use your app. Use
                // ParraRequiredAuthWindow if signing in is required.
                ParraOptionalAuthWindow {
                    ContentView()
                }
            }
        }
    }
}
