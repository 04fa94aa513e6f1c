/// The files `parra new app NAME` writes: a package whose executable is a `ParraApp` with an app
/// delegate and a scene delegate in the SDK's shape, its `Info.plist`, and a test.
/// `{{NAME}}`, `{{BUNDLE_ID}}`, `{{PARRA_DEPENDENCY}}` and `{{PARRA_PACKAGE}}` are filled in by
/// ``AppScaffold``.
enum AppTemplate {
    /// `Package.swift`: the app, built with Parra's two build plugins, and its test.
    static let package = #"""
        // swift-tools-version:6.1
        import PackageDescription

        // {{NAME}}: a Parra app. `swift run` builds it, puts Parra's feature modules and its
        // Info.plist beside it (the ParraModules plugin) and runs it; `swift test` tests it.
        let package = Package(
            name: "{{NAME}}",
            dependencies: [{{PARRA_DEPENDENCY}}],
            targets: [
                .executableTarget(
                    name: "{{NAME}}",
                    dependencies: [
                        .product(name: "Parra", package: "{{PARRA_PACKAGE}}"),
                        .product(name: "SwiftUI", package: "{{PARRA_PACKAGE}}"),
                    ],
                    exclude: ["Info.plist"],
                    plugins: [
                        // Finds the lifecycle methods the delegates implement without `override`.
                        .plugin(name: "ParraDelegateMethods", package: "{{PARRA_PACKAGE}}"),
                        // Builds the feature modules beside the app; Info.plist's ParraModules
                        // key can name fewer.
                        .plugin(name: "ParraModules", package: "{{PARRA_PACKAGE}}"),
                    ]),
                .testTarget(name: "{{NAME}}Tests", dependencies: ["{{NAME}}"]),
            ]
        )

        """#

    /// `Sources/NAME/NAMEApp.swift`: the app, its configuration and its window.
    static let app = #"""
        import Parra
        import SwiftUI

        @main
        struct {{NAME}}App: App {
            @UIApplicationDelegateAdaptor(AppDelegate.self) var appDelegate

            /// Your workspace and app in the Parra dashboard.
            static let tenantId = "00000000-0000-4000-8000-000000000000"
            static let applicationId = "00000000-0000-4000-8000-000000000001"

            /// What the features do; the bundle id comes from Info.plist.
            static let configuration = ParraConfiguration(
                pushNotificationOptions: .allWithoutProvisional
            )

            var body: some Scene {
                ParraApp(
                    tenantId: Self.tenantId,
                    applicationId: Self.applicationId,
                    appDelegate: appDelegate,
                    configuration: Self.configuration
                ) {
                    WindowGroup {
                        ParraOptionalAuthWindow {
                            ContentView()
                        }
                    }
                }
            }
        }

        """#

    /// `Sources/NAME/AppDelegate.swift`: the delegates, as the SDK's templates write them.
    static let delegates = #"""
        import Parra
        import SwiftUI

        class SceneDelegate: ParraSceneDelegate {
            override func scene(
                _ scene: UIScene,
                willConnectTo session: UISceneSession,
                options connectionOptions: UIScene.ConnectionOptions
            ) {
                super.scene(scene, willConnectTo: session, options: connectionOptions)
            }
        }

        class AppDelegate: ParraAppDelegate<SceneDelegate> {
            override func application(
                _ application: UIApplication,
                didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]? = nil
            ) -> Bool {
                guard super.application(application, didFinishLaunchingWithOptions: launchOptions) else {
                    return false
                }
                ParraLogger.info("{{NAME}} launched")
                return true
            }

            // Not declared by ParraAppDelegate: the ParraDelegateMethods plugin finds it.
            func applicationWillTerminate(_ application: UIApplication) {
                ParraLogger.info("{{NAME}} terminating")
            }
        }

        """#

    /// `Sources/NAME/ContentView.swift`: the window's content.
    static let contentView = #"""
        import SwiftUI

        struct ContentView: View {
            var body: some View {
                VStack {
                    Text("Hello from {{NAME}}")
                }
            }
        }

        """#

    /// `Sources/NAME/Info.plist`: the bundle facts the host reads beside the executable.
    static let infoPlist = #"""
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
            <key>CFBundleIdentifier</key>
            <string>{{BUNDLE_ID}}</string>
            <key>CFBundleShortVersionString</key>
            <string>1.0.0</string>
            <key>CFBundleVersion</key>
            <string>1</string>
        </dict>
        </plist>

        """#

    /// `Tests/NAMETests/NAMETests.swift`: the app's identity and configuration.
    static let test = #"""
        import Parra
        import Testing

        @testable import {{NAME}}

        @Suite("{{NAME}}")
        @MainActor
        struct {{NAME}}Tests {
            @Test("runs as the bundle its Info.plist names")
            func bundleId() {
                #expect(ParraAppInfoOptions.default.bundleId == "{{BUNDLE_ID}}")
                #expect({{NAME}}App.configuration.appInfoOptions.bundleId == "{{BUNDLE_ID}}")
            }

            @Test("asks for push notifications without provisional delivery")
            func pushOptions() {
                #expect({{NAME}}App.configuration.pushNotificationOptions == .allWithoutProvisional)
            }
        }

        """#

    /// `.gitignore`.
    static let gitignore = """
        .build/
        .swiftpm/

        """
}
