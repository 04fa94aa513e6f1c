import FoundationEssentials
import ParraAPI
import ParraRuntime

/// An app delegate class the host can create: what `@UIApplicationDelegateAdaptor` takes.
/// Main-actor isolated, as UIKit's.
@MainActor
public protocol UIApplicationDelegate: AnyObject {
    /// Made once per process by the adaptor.
    init()
}

/// Parra's app delegate. Its methods dispatch the matching override point to the feature
/// modules and return their combined result. Subclass it, override what you need and call
/// `super` first, as the Parra documentation's `AppDelegate` does; your code then runs after
/// the modules' hooks. Main-actor isolated, as the SDK's: the host calls every method, the
/// async ones included, on the main actor.
@MainActor
open class ParraAppDelegate<SceneDelegate: ParraSceneDelegate>: UIApplicationDelegate {
    /// Which base methods ran, so the host can tell a subclass that skipped `super`.
    var calledSuper: Set<String> = []
    /// Whether the app was started through a shortcut item, which `didFinishLaunching`
    /// then handled.
    private var launchedFromShortcut = false

    /// Made once per process by `@UIApplicationDelegateAdaptor`.
    public required init() {}

    /// Dispatches `application.didFinishLaunching`; false when any module's hook failed.
    open func application(
        _ application: UIApplication,
        didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]? = nil
    ) -> Bool {
        calledSuper.insert("application(_:didFinishLaunchingWithOptions:)")
        if let item = launchOptions?[.shortcutItem] as? UIApplicationShortcutItem, let context = ParraAppContext.current
        {
            launchedFromShortcut = true
            context.whenLaunched("shortcut \(item.type)") { _ = context.performShortcut(item) }
        }
        return ParraAppContext.current?.dispatch(
            .applicationDidFinishLaunching, .string(OptionsJSON.encode(launchOptions))
        )
        .bool ?? true
    }

    /// A URL to open, in an app without a window (one with windows gets it in its scene
    /// delegate's `scene(_:openURLContexts:)`, as a scene-based UIKit app does). Returns true
    /// and does nothing else, as the SDK's: the host shows the modules the URL (the
    /// `application.openURL` point) whether an override calls `super` or not.
    open func application(
        _ application: UIApplication, open url: URL, options: [UIApplication.OpenURLOptionsKey: Any] = [:]
    ) -> Bool {
        true
    }

    /// The older open-URL method; returns true, as the SDK's does. The host never calls it: an
    /// app without a window gets `application(_:open:options:)`.
    open func application(_ application: UIApplication, handleOpen url: URL) -> Bool {
        true
    }

    /// The older open-URL method with its source app; returns true, as the SDK's does. The host
    /// never calls it: an app without a window gets `application(_:open:options:)`.
    open func application(
        _ application: UIApplication, open url: URL, sourceApplication: String?, annotation: Any
    ) -> Bool {
        true
    }

    /// Dispatches `application.didRegisterForRemoteNotifications` with the token's bytes.
    open func application(
        _ application: UIApplication, didRegisterForRemoteNotificationsWithDeviceToken deviceToken: Data
    ) {
        calledSuper.insert("application(_:didRegisterForRemoteNotificationsWithDeviceToken:)")
        deviceToken.withUnsafeBytes { bytes in
            _ = ParraAppContext.current?.dispatch(
                .applicationDidRegisterForRemoteNotifications, .pointer(bytes.baseAddress), .integer(Int64(bytes.count))
            )
        }
    }

    /// Dispatches `application.didFailToRegisterForRemoteNotifications`; the modules only log it.
    open func application(_ application: UIApplication, didFailToRegisterForRemoteNotificationsWithError error: Error) {
        calledSuper.insert("application(_:didFailToRegisterForRemoteNotificationsWithError:)")
        // The host's own error is read as itself: interpolating an `Error` looks its type's
        // conformances up at run time, the first time a scan of every loaded image's records
        // (half a million instructions, and their pages kept in memory).
        let reason = (error as? ParraRemoteNotificationRegistrationError)?.description ?? "\(error)"
        ParraAppContext.current?.dispatch(.applicationDidFailToRegisterForRemoteNotifications, .string(reason))
    }

    /// Dispatches `application.willPresentNotification`: the union of the modules' options.
    /// The host awaits it before the next event.
    open func userNotificationCenter(
        _ center: UNUserNotificationCenter, willPresent notification: UNNotification
    ) async -> UNNotificationPresentationOptions {
        calledSuper.insert("userNotificationCenter(_:willPresent:)")
        let bits = ParraAppContext.current?.dispatch(
            .applicationWillPresentNotification, .string(notification.payloadJSON)
        ).uint32
        return UNNotificationPresentationOptions(rawValue: bits ?? 0)
    }

    /// A push arrived for the app itself (a background push, which shows nothing): dispatches
    /// `application.didReceiveRemoteNotification` with the payload once the launch has
    /// completed. Override it to fetch what the push announces, call `super`, and call
    /// `completionHandler` with what you fetched, as on iOS.
    open func application(
        _ application: UIApplication, didReceiveRemoteNotification userInfo: [AnyHashable: Any],
        fetchCompletionHandler completionHandler: @escaping (UIBackgroundFetchResult) -> Void
    ) {
        calledSuper.insert("application(_:didReceiveRemoteNotification:fetchCompletionHandler:)")
        let json = JSONValue(anyValue: userInfo).json
        guard let context = ParraAppContext.current else { return }
        context.whenLaunched("remote notification") {
            context.dispatch(.applicationDidReceiveRemoteNotification, .string(json))
        }
    }

    /// Dispatches `application.didReceiveNotificationResponse` once the launch has completed
    /// (the app is told at once; Parra's handling waits). The host awaits it before the next
    /// event.
    open func userNotificationCenter(_ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse)
        async
    {
        calledSuper.insert("userNotificationCenter(_:didReceive:)")
        let json = JSONValue.object([
            "action": .string(response.actionIdentifier),
            "notification": (try? JSONValue(json: response.notification.payloadJSON)) ?? .object([:]),
        ]).json
        guard let context = ParraAppContext.current else { return }
        context.whenLaunched("notification response") {
            context.dispatch(.applicationDidReceiveNotificationResponse, .string(json))
        }
    }

    /// The user picked a shortcut item while the app ran (`s TYPE` on a terminal). Returns
    /// whether Parra handled it: false for an app that was started through a shortcut (its
    /// launch handled it), as the SDK's; Parra's handling waits for the launch.
    open func application(_ application: UIApplication, performActionFor shortcutItem: UIApplicationShortcutItem)
        async -> Bool
    {
        calledSuper.insert("application(_:performActionFor:)")
        guard !launchedFromShortcut, let context = ParraAppContext.current else { return false }
        guard context.isHandedOver else {
            context.whenLaunched("shortcut \(shortcutItem.type)") { _ = context.performShortcut(shortcutItem) }
            return false
        }
        return context.performShortcut(shortcutItem)
    }

    /// The completion-handler form of `userNotificationCenter(_:didReceive:)`, as the SDK has
    /// it: calls the async one in a main-actor task, then `completionHandler`.
    public func userNotificationCenter(
        _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
        withCompletionHandler completionHandler: @escaping @Sendable () -> Void
    ) {
        Task { @MainActor in
            await userNotificationCenter(center, didReceive: response)
            completionHandler()
        }
    }

    /// The completion-handler form of `userNotificationCenter(_:willPresent:)`, as the SDK has
    /// it: calls the async one in a main-actor task, then `completionHandler` with its answer.
    public func userNotificationCenter(
        _ center: UNUserNotificationCenter, willPresent notification: UNNotification,
        withCompletionHandler completionHandler: @escaping @Sendable (UNNotificationPresentationOptions) -> Void
    ) {
        Task { @MainActor in
            completionHandler(await userNotificationCenter(center, willPresent: notification))
        }
    }

    /// The user asked for the app's notification settings (`settings` on a terminal); does nothing
    /// unless overridden, as the SDK's.
    open func userNotificationCenter(_ center: UNUserNotificationCenter, openSettingsFor notification: UNNotification?)
    {}

    /// Dispatches `application.configurationForConnecting` and returns a configuration with no
    /// name whose delegate class, for a window's role only, is `SceneDelegate`, as the SDK's.
    open func application(
        _ application: UIApplication, configurationForConnecting connectingSceneSession: UISceneSession,
        options: UIScene.ConnectionOptions
    ) -> UISceneConfiguration {
        calledSuper.insert("application(_:configurationForConnecting:options:)")
        ParraAppContext.current?.dispatch(
            .applicationConfigurationForConnecting, .string(connectingSceneSession.persistentIdentifier),
            .string(connectingSceneSession.role.rawValue))
        let configuration = UISceneConfiguration(name: nil, sessionRole: connectingSceneSession.role)
        if connectingSceneSession.role == .windowApplication { configuration.delegateClass = SceneDelegate.self }
        return configuration
    }
}

/// Hands the app its delegate: one instance of `DelegateType` per process, made on first use.
@MainActor
@propertyWrapper
public struct UIApplicationDelegateAdaptor<DelegateType: UIApplicationDelegate> {
    /// An adaptor for `delegateType`.
    public init(_ delegateType: DelegateType.Type = DelegateType.self) {}

    /// The delegate.
    public var wrappedValue: DelegateType { ParraAppContext.delegate(of: DelegateType.self) }
}
