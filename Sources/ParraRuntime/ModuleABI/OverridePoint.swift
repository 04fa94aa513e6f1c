import CParraPlugin

/// A point where the host calls into modules: one of the canonical app and scene delegate
/// points, or an extension point a module offers.
package struct OverridePoint: Hashable, Sendable {
    /// The point id, e.g. `application.didFinishLaunching`.
    package let id: String
    /// The C signature every hook on it must declare.
    package let signature: HookSignature
    /// How hook results combine.
    package let combine: CombineRule
    /// The id of the module offering it; nil for canonical points.
    package let offeringModuleID: String?
    /// One line of documentation.
    package let doc: String

    init(id: String, signature: String, combine: CombineRule, doc: String) {
        self.id = id
        // The canonical signatures are constants of the header; they always parse.
        self.signature = try! HookSignature(parsing: signature)
        self.combine = combine
        self.offeringModuleID = nil
        self.doc = doc
    }

    init(
        id: String, signature: HookSignature, combine: CombineRule, offeringModuleID: String,
        doc: String
    ) {
        self.id = id
        self.signature = signature
        self.combine = combine
        self.offeringModuleID = offeringModuleID
        self.doc = doc
    }
}

extension OverridePoint {
    /// `application(_:didFinishLaunchingWithOptions:)`.
    package static let applicationDidFinishLaunching = OverridePoint(
        id: PARRA_POINT_APPLICATION_DID_FINISH_LAUNCHING,
        signature: PARRA_SIGNATURE_APPLICATION_DID_FINISH_LAUNCHING, combine: .all,
        doc: "The app finished launching; false from any hook fails the launch.")
    /// `application(_:open:options:)`.
    package static let applicationOpenURL = OverridePoint(
        id: PARRA_POINT_APPLICATION_OPEN_URL, signature: PARRA_SIGNATURE_APPLICATION_OPEN_URL,
        combine: .any, doc: "The app was asked to open a URL; true when a hook handled it.")
    /// `application(_:didRegisterForRemoteNotificationsWithDeviceToken:)`.
    package static let applicationDidRegisterForRemoteNotifications = OverridePoint(
        id: PARRA_POINT_APPLICATION_DID_REGISTER_FOR_REMOTE_NOTIFICATIONS,
        signature: PARRA_SIGNATURE_APPLICATION_DID_REGISTER_FOR_REMOTE_NOTIFICATIONS,
        combine: .none, doc: "A push token arrived, as raw bytes.")
    /// `application(_:didFailToRegisterForRemoteNotificationsWithError:)`.
    package static let applicationDidFailToRegisterForRemoteNotifications = OverridePoint(
        id: PARRA_POINT_APPLICATION_DID_FAIL_TO_REGISTER_FOR_REMOTE_NOTIFICATIONS,
        signature: PARRA_SIGNATURE_APPLICATION_DID_FAIL_TO_REGISTER_FOR_REMOTE_NOTIFICATIONS,
        combine: .none, doc: "Registering for push notifications failed.")
    /// `userNotificationCenter(_:willPresent:)`.
    package static let applicationWillPresentNotification = OverridePoint(
        id: PARRA_POINT_APPLICATION_WILL_PRESENT_NOTIFICATION,
        signature: PARRA_SIGNATURE_APPLICATION_WILL_PRESENT_NOTIFICATION, combine: .union,
        doc: "A notification arrives in the foreground; returns presentation option bits.")
    /// `userNotificationCenter(_:didReceive:)`.
    package static let applicationDidReceiveNotificationResponse = OverridePoint(
        id: PARRA_POINT_APPLICATION_DID_RECEIVE_NOTIFICATION_RESPONSE,
        signature: PARRA_SIGNATURE_APPLICATION_DID_RECEIVE_NOTIFICATION_RESPONSE, combine: .none,
        doc: "The user acted on a notification.")
    /// `application(_:didReceiveRemoteNotification:fetchCompletionHandler:)`.
    package static let applicationDidReceiveRemoteNotification = OverridePoint(
        id: PARRA_POINT_APPLICATION_DID_RECEIVE_REMOTE_NOTIFICATION,
        signature: PARRA_SIGNATURE_APPLICATION_DID_RECEIVE_REMOTE_NOTIFICATION, combine: .none,
        doc: "A push arrived for the app itself (a background push).")
    /// `applicationWillTerminate(_:)`.
    package static let applicationWillTerminate = OverridePoint(
        id: PARRA_POINT_APPLICATION_WILL_TERMINATE,
        signature: PARRA_SIGNATURE_APPLICATION_WILL_TERMINATE, combine: .none,
        doc: "The app is about to exit.")
    /// `applicationDidEnterBackground(_:)`.
    package static let applicationDidEnterBackground = OverridePoint(
        id: PARRA_POINT_APPLICATION_DID_ENTER_BACKGROUND,
        signature: PARRA_SIGNATURE_APPLICATION_DID_ENTER_BACKGROUND, combine: .none,
        doc: "The app moved to the background.")
    /// `applicationWillEnterForeground(_:)`.
    package static let applicationWillEnterForeground = OverridePoint(
        id: PARRA_POINT_APPLICATION_WILL_ENTER_FOREGROUND,
        signature: PARRA_SIGNATURE_APPLICATION_WILL_ENTER_FOREGROUND, combine: .none,
        doc: "The app is returning to the foreground.")
    /// `application(_:configurationForConnecting:options:)`.
    package static let applicationConfigurationForConnecting = OverridePoint(
        id: PARRA_POINT_APPLICATION_CONFIGURATION_FOR_CONNECTING,
        signature: PARRA_SIGNATURE_APPLICATION_CONFIGURATION_FOR_CONNECTING, combine: .none,
        doc: "A scene is being configured before it connects.")
    /// `scene(_:willConnectTo:options:)`.
    package static let sceneWillConnect = OverridePoint(
        id: PARRA_POINT_SCENE_WILL_CONNECT, signature: PARRA_SIGNATURE_SCENE_WILL_CONNECT,
        combine: .none, doc: "A window will connect.")
    /// `sceneDidDisconnect(_:)`.
    package static let sceneDidDisconnect = OverridePoint(
        id: PARRA_POINT_SCENE_DID_DISCONNECT, signature: PARRA_SIGNATURE_SCENE_STATE,
        combine: .none, doc: "A window disconnected.")
    /// `sceneDidBecomeActive(_:)`.
    package static let sceneDidBecomeActive = OverridePoint(
        id: PARRA_POINT_SCENE_DID_BECOME_ACTIVE, signature: PARRA_SIGNATURE_SCENE_STATE,
        combine: .none, doc: "A window became active.")
    /// `sceneWillResignActive(_:)`.
    package static let sceneWillResignActive = OverridePoint(
        id: PARRA_POINT_SCENE_WILL_RESIGN_ACTIVE, signature: PARRA_SIGNATURE_SCENE_STATE,
        combine: .none, doc: "A window will stop being active.")
    /// `sceneWillEnterForeground(_:)`.
    package static let sceneWillEnterForeground = OverridePoint(
        id: PARRA_POINT_SCENE_WILL_ENTER_FOREGROUND, signature: PARRA_SIGNATURE_SCENE_STATE,
        combine: .none, doc: "A window is returning to the foreground.")
    /// `sceneDidEnterBackground(_:)`.
    package static let sceneDidEnterBackground = OverridePoint(
        id: PARRA_POINT_SCENE_DID_ENTER_BACKGROUND, signature: PARRA_SIGNATURE_SCENE_STATE,
        combine: .none, doc: "A window moved to the background.")
    /// `scene(_:openURLContexts:)`.
    package static let sceneOpenURLContexts = OverridePoint(
        id: PARRA_POINT_SCENE_OPEN_URL_CONTEXTS,
        signature: PARRA_SIGNATURE_SCENE_OPEN_URL_CONTEXTS, combine: .none,
        doc: "A window was asked to open URLs.")

    /// Every canonical point, in the order the header lists them.
    package static let canonical: [OverridePoint] = [
        .applicationDidFinishLaunching, .applicationOpenURL,
        .applicationDidRegisterForRemoteNotifications,
        .applicationDidFailToRegisterForRemoteNotifications,
        .applicationWillPresentNotification, .applicationDidReceiveNotificationResponse,
        .applicationDidReceiveRemoteNotification, .applicationWillTerminate, .applicationDidEnterBackground,
        .applicationWillEnterForeground, .applicationConfigurationForConnecting,
        .sceneWillConnect, .sceneDidDisconnect, .sceneDidBecomeActive, .sceneWillResignActive,
        .sceneWillEnterForeground, .sceneDidEnterBackground, .sceneOpenURLContexts,
    ]

    /// The canonical points by id, made once: each rebuild of the dispatcher's tables starts
    /// from it.
    package static let canonicalByID = Dictionary(
        canonical.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })

    /// The canonical points and `extensionPoints` by id; the first point with an id wins.
    package static func byID(adding extensionPoints: [OverridePoint]) -> [String: OverridePoint] {
        var points = canonicalByID
        for point in extensionPoints where points[point.id] == nil { points[point.id] = point }
        return points
    }

    /// Whether `id` lies in the canonical namespaces, which modules may not extend.
    static func isCanonicalNamespace(_ id: String) -> Bool {
        id.hasPrefix("application.") || id.hasPrefix("scene.")
    }
}
