import Parra

// The documentation's "Working with Windows" and "Supporting Multiple Environments" listings
// made whole: two window groups, and the compile-time environment switch. Build with
// `-Xswiftc -DMY_CUSTOM_STAGING_ENVIRONMENT_COMPILATION_CONDITION` for the staging values.

@main
struct ParraDemoApp: App {
    @UIApplicationDelegateAdaptor(AppDelegate.self) var appDelegate

    var body: some Scene {
        #if MY_CUSTOM_STAGING_ENVIRONMENT_COMPILATION_CONDITION
            let applicationId = "b3f1c0de-0000-4000-8000-57a9e0000001"
            let bundleId = "com.parra.demo.staging"
            let loggerEnvironment: ParraLoggerEnvironment = .production
        #else
            let applicationId = "b3f1c0de-0000-4000-8000-000000000001"
            let bundleId = "com.parra.demo"
            let loggerEnvironment: ParraLoggerEnvironment = .automatic
        #endif

        ParraApp(
            tenantId: "4c6f6361-6c00-4000-8000-000000000001",
            applicationId: applicationId,
            appDelegate: appDelegate,
            configuration: ParraConfiguration(
                appInfoOptions: ParraAppInfoOptions(bundleId: bundleId),
                loggerOptions: ParraLoggerOptions(environment: loggerEnvironment),
                pushNotificationOptions: .allWithoutProvisional
            )
        ) {
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
