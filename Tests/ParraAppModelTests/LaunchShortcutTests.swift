import Foundation
import Parra
import ParraTestSupport
import Testing

/// What `ShortcutAppDelegate` heard; set by each test before it runs its app.
nonisolated(unsafe) var shortcutLog = RecordingLog()

/// An app delegate that adds an item of its own at launch and notes the shortcut items it gets.
final class ShortcutAppDelegate: ParraAppDelegate<ParraSceneDelegate> {
    override func application(
        _ application: UIApplication,
        didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]? = nil
    ) -> Bool {
        let launched = super.application(application, didFinishLaunchingWithOptions: launchOptions)
        if let item = launchOptions?[.shortcutItem] as? UIApplicationShortcutItem {
            shortcutLog.note("launched through \(item.type) (\(item.localizedTitle))")
        }
        application.shortcutItems =
            (application.shortcutItems ?? []) + [
                UIApplicationShortcutItem(
                    type: "com.example.compose", localizedTitle: "New note",
                    icon: UIApplicationShortcutIcon(templateImageName: "document-new"))
            ]
        return launched
    }

    override func application(
        _ application: UIApplication, performActionFor shortcutItem: UIApplicationShortcutItem
    ) async -> Bool {
        let handled = await super.application(application, performActionFor: shortcutItem)
        shortcutLog.note("action \(shortcutItem.type) (\(shortcutItem.localizedTitle)), Parra handled: \(handled)")
        return handled
    }
}

/// A scene delegate that notes the shortcut items its window gets, then lets the app delegate
/// have them.
final class ShortcutSceneDelegate: ParraSceneDelegate {
    override func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options: UIScene.ConnectionOptions) {
        super.scene(scene, willConnectTo: session, options: options)
        if let item = options.shortcutItem { shortcutLog.note("window connected through \(item.type)") }
    }

    override func windowScene(
        _ windowScene: UIWindowScene, performActionFor shortcutItem: UIApplicationShortcutItem
    ) async -> Bool {
        shortcutLog.note("window \(windowScene.identifier) got \(shortcutItem.type)")
        return await super.windowScene(windowScene, performActionFor: shortcutItem)
    }
}

/// `ShortcutAppDelegate` with windows whose scene delegate notes the items.
final class ShortcutSceneAppDelegate: ParraAppDelegate<ShortcutSceneDelegate> {
    override func application(
        _ application: UIApplication, performActionFor shortcutItem: UIApplicationShortcutItem
    ) async -> Bool {
        let handled = await super.application(application, performActionFor: shortcutItem)
        shortcutLog.note("app delegate got \(shortcutItem.type), Parra handled: \(handled)")
        return handled
    }
}

struct ShortcutSceneApp: App {
    @UIApplicationDelegateAdaptor(ShortcutSceneAppDelegate.self) var appDelegate
    var body: some Scene {
        ParraApp(tenantId: "t", applicationId: "a", appDelegate: appDelegate) { WindowGroup { Text("main") } }
    }
}

struct ShortcutApp: App {
    @UIApplicationDelegateAdaptor(ShortcutAppDelegate.self) var appDelegate
    var body: some Scene {
        ParraApp(tenantId: "t", applicationId: "a", appDelegate: appDelegate) { WindowGroup { Text("main") } }
    }
}

struct NoShortcutsApp: App {
    @UIApplicationDelegateAdaptor(ParraAppDelegate<ParraSceneDelegate>.self) var appDelegate
    var body: some Scene {
        ParraApp(
            tenantId: "t", applicationId: "a", appDelegate: appDelegate,
            configuration: ParraConfiguration(launchShortcutOptions: ParraLaunchShortcutOptions(enabled: false))
        ) { WindowGroup { Text("main") } }
    }
}

@Suite("Launch shortcuts", .serialized)
struct LaunchShortcutTests {
    @Test(
        "started through an item: the delegate gets it as a launch option; Parra's feedback item is said to have no form"
    )
    func launchedThroughItem() throws {
        shortcutLog = RecordingLog()
        let run = try TestAppRun(
            ShortcutApp.self, arguments: ["--parra-shortcut", ParraLaunchShortcutOptions.feedbackShortcutType])
        #expect(run.status == 0)
        #expect(
            shortcutLog.messages(from: "app") == ["launched through parra-launch-shortcut-feedback (Something wrong?)"])
        #expect(
            !run.reported("shortcut parra-launch-shortcut-feedback: Parra's feedback form cannot open").isEmpty,
            "\(run.platform.reported)")
    }

    @Test("an item picked while the app runs reaches performActionFor, after the launch, with the app's own items")
    func actionWhileRunning() throws {
        shortcutLog = RecordingLog()
        let storage = try CFixtureBuilder.makeTemporaryDirectory()
        let feedback = ParraLaunchShortcutOptions.feedbackShortcutType
        let run = try TestAppRun(
            ShortcutApp.self,
            script: [.shortcut("com.example.compose"), .shortcut("unknown.type"), .shortcut(feedback)],
            storage: storage)
        #expect(run.status == 0)
        #expect(
            shortcutLog.messages(from: "app") == [
                "action com.example.compose (New note), Parra handled: false",
                "action unknown.type (unknown.type), Parra handled: false",
                "action \(feedback) (Something wrong?), Parra handled: false",
            ])
        // The async method ran on the app's thread, where Parra's own handling can run.
        #expect(
            !run.reported("shortcut \(feedback): Parra's feedback form cannot open").isEmpty, "\(run.platform.reported)"
        )
        // What the launcher entry will offer: Parra's item and the app's, as the run left them.
        let record = try JSONDecoder().decode(
            LaunchShortcutRecord.self,
            from: Data(contentsOf: storage.appendingPathComponent(LaunchShortcutRecord.fileName)))
        #expect(record.items.map(\.type) == [ParraLaunchShortcutOptions.feedbackShortcutType, "com.example.compose"])
        #expect(record.items.map(\.icon) == [nil, "document-new"], "an SF Symbol is no icon on Linux")
    }

    @Test("a scene-based app: the window's scene delegate gets the item first, its super the app delegate's")
    func sceneGetsItem() throws {
        shortcutLog = RecordingLog()
        let feedback = ParraLaunchShortcutOptions.feedbackShortcutType
        let run = try TestAppRun(
            ShortcutSceneApp.self, script: [.shortcut(feedback)], arguments: ["--parra-shortcut", "com.example.x"])
        #expect(run.status == 0)
        #expect(
            shortcutLog.messages(from: "app") == [
                "window connected through com.example.x",
                "window window-1 got \(feedback)",
                "app delegate got \(feedback), Parra handled: false",
            ])
    }

    @Test("turned off, Parra sets no items and records none")
    func disabled() throws {
        let storage = try CFixtureBuilder.makeTemporaryDirectory()
        let run = try TestAppRun(NoShortcutsApp.self, storage: storage)
        #expect(run.status == 0)
        let record = try JSONDecoder().decode(
            LaunchShortcutRecord.self,
            from: Data(contentsOf: storage.appendingPathComponent(LaunchShortcutRecord.fileName)))
        #expect(record.items.isEmpty)
    }
}

@Suite("UIKit's shapes for shortcut items and notifications")
struct UIKitShapeTests {
    @Test("a mutable item changes after it is made; UIKit's icon types become freedesktop icon names")
    func mutableItemAndIconTypes() {
        let item = UIMutableApplicationShortcutItem(type: "com.example.old", localizedTitle: "Old")
        item.type = "com.example.compose"
        item.localizedTitle = "New note"
        item.icon = UIApplicationShortcutIcon(type: .compose)
        let record = LaunchShortcutRecord(
            executable: "/app", name: "App",
            items: [item, UIApplicationShortcutItem(type: "t", localizedTitle: "T", icon: .init(type: .search))])
        #expect(record.items.map(\.type) == ["com.example.compose", "t"])
        #expect(record.items.map(\.title) == ["New note", "T"])
        #expect(record.items.map(\.icon) == ["document-new", "edit-find"])
        #expect(UIApplicationShortcutIcon.IconType.allCases.count == 29)
    }

    @Test("scene connection and URL options have UIKit's fields, empty where Linux says nothing")
    func connectionAndURLOptions() throws {
        let url = try #require(URL(string: "myapp://x"))
        let options = UIScene.ConnectionOptions(urlContexts: [UIOpenURLContext(url: url)])
        #expect(options.sourceApplication == nil && options.notificationResponse == nil && options.shortcutItem == nil)
        let context = try #require(options.urlContexts.first)
        #expect(context.url == url && context.options.sourceApplication == nil && !context.options.openInPlace)
        #expect(UIApplication.OpenURLOptionsKey.openInPlace.rawValue == "openInPlace")
    }

    @Test("a notification's request content is read from its APNs-shaped payload")
    func notificationContent() {
        let content = UNNotification(
            payloadJSON:
                ##"{"aps":{"alert":{"title":"Order","subtitle":"#12","body":"Shipped"},"badge":3},"orderId":12}"##
        ).request.content
        #expect(content.title == "Order" && content.subtitle == "#12" && content.body == "Shipped")
        #expect(content.badge == 3)
        #expect(content.userInfo["orderId"] as? Int == 12 && content.userInfo["aps"] != nil)
        let plain = UNNotification(payloadJSON: #"{"aps":{"alert":"Hello"}}"#).request.content
        #expect(plain.title.isEmpty && plain.body == "Hello" && plain.badge == nil)
        let broken = UNNotification(payloadJSON: "not json").request.content
        #expect(broken.body.isEmpty && broken.userInfo.isEmpty)
        #expect(UNUserNotificationCenter.current() === UNUserNotificationCenter.current())
    }
}
