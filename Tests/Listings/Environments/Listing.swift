// swift-format-ignore-file
// The documentation's "Supporting Multiple Environments" listing (Tests/Listings/Configuration.md),
// byte for byte but for its <#placeholders#>.
// ListingTests checks that it still is, and runs it.
import Parra
import SwiftUI

@main
struct MyApp: App {
    @UIApplicationDelegateAdaptor(
        ParraAppDelegate<ParraSceneDelegate>.self
    ) var appDelegate

    var body: some Scene {
        #if MY_CUSTOM_STAGING_ENVIRONMENT_COMPILATION_CONDITION
        let applicationId = "my-staging-application-id"
        let bundleId = "my-staging-bundle-id"
        let loggerEnvironment: ParraLoggerEnvironment = .production
        #else
        let applicationId = "my-default-application-id"
        let bundleId = "my-default-bundle-id"
        let loggerEnvironment: ParraLoggerEnvironment = .automatic
        #endif

        ParraApp(
            tenantId: "my-tenant-id",
            applicationId: applicationId,
            appDelegate: appDelegate,
            configuration: ParraConfiguration(
                appInfoOptions: ParraAppInfoOptions(bundleId: bundleId),
                loggerOptions: ParraLoggerOptions(environment: loggerEnvironment)
            )
        ) {
            WindowGroup {
                ParraOptionalAuthWindow {
                    ContentView()
                }
            }
        }
    }
}
