// swift-format-ignore-file
// (kept as the documentation prints it)
import Parra
import ParraAPI

// The documentation's "Supporting Multiple Environments" listing, with `import SwiftUI`
// removed, the placeholders filled in and `@main` left to the test that runs it. The staging
// test target compiles this same file with the condition defined.

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
                    EnvironmentContentView()
                }
            }
        }
    }
}

struct EnvironmentContentView: View {
    var body: some View {
        Text("Hello")
    }
}
