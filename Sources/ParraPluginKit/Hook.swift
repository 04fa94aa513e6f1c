import CParraPlugin

/// A hook a Swift module implements, bound to the module's instance when the host creates it.
///
/// The typed constructors cover the canonical override points; `raw` takes any C function,
/// for extension points that other modules offer.
///
/// `Module` is the module's `ParraModule` class (see `ModuleDefinition` for why only
/// `AnyObject` is required here).
public struct Hook<Module: AnyObject> {
    let pointID: String
    let signature: String
    let order: Int32
    let function: parra_function
    let slot: HookSlot?
    let bind: ((Module) -> HookHandler)?

    private init(
        _ slot: HookSlot, _ pointID: String, _ signature: String, _ order: Int32,
        _ bind: @escaping (Module) -> HookHandler
    ) {
        self.pointID = pointID
        self.signature = signature
        self.order = order
        self.function = Trampolines.function(for: slot)
        self.slot = slot
        self.bind = bind
    }

    /// Any C function at any point. `function` receives the module data first; recover the
    /// instance with `ModuleDefinition.module(from:)`.
    public static func raw(pointID: String, signature: String, order: Int32 = 0, function: parra_function) -> Hook {
        Hook(pointID: pointID, signature: signature, order: order, function: function, slot: nil, bind: nil)
    }

    private init(
        pointID: String, signature: String, order: Int32, function: parra_function, slot: HookSlot?,
        bind: ((Module) -> HookHandler)?
    ) {
        self.pointID = pointID
        self.signature = signature
        self.order = order
        self.function = function
        self.slot = slot
        self.bind = bind
    }

    /// `application.didFinishLaunching`: gets the launch options JSON; false fails the launch.
    public static func didFinishLaunching(order: Int32 = 0, _ body: @escaping (Module, String) -> Bool) -> Hook {
        Hook(
            .didFinishLaunching, PARRA_POINT_APPLICATION_DID_FINISH_LAUNCHING,
            PARRA_SIGNATURE_APPLICATION_DID_FINISH_LAUNCHING, order
        ) { module in
            .flag { [unowned module] in body(module, $0) }
        }
    }

    /// `application.openURL`: gets the URL and options JSON; true when handled.
    public static func openURL(order: Int32 = 0, _ body: @escaping (Module, String, String) -> Bool) -> Hook {
        Hook(.openURL, PARRA_POINT_APPLICATION_OPEN_URL, PARRA_SIGNATURE_APPLICATION_OPEN_URL, order) { module in
            .twoTextsFlag { [unowned module] in body(module, $0, $1) }
        }
    }

    /// `application.didRegisterForRemoteNotifications`: gets the token bytes.
    public static func didRegisterForRemoteNotifications(order: Int32 = 0, _ body: @escaping (Module, [UInt8]) -> Void)
        -> Hook
    {
        Hook(
            .didRegisterForRemoteNotifications, PARRA_POINT_APPLICATION_DID_REGISTER_FOR_REMOTE_NOTIFICATIONS,
            PARRA_SIGNATURE_APPLICATION_DID_REGISTER_FOR_REMOTE_NOTIFICATIONS, order
        ) { module in .bytes { [unowned module] in body(module, $0) } }
    }

    /// `application.didFailToRegisterForRemoteNotifications`: gets the error message.
    public static func didFailToRegisterForRemoteNotifications(
        order: Int32 = 0, _ body: @escaping (Module, String) -> Void
    ) -> Hook {
        Hook(
            .didFailToRegisterForRemoteNotifications,
            PARRA_POINT_APPLICATION_DID_FAIL_TO_REGISTER_FOR_REMOTE_NOTIFICATIONS,
            PARRA_SIGNATURE_APPLICATION_DID_FAIL_TO_REGISTER_FOR_REMOTE_NOTIFICATIONS, order
        ) { module in .text { [unowned module] in body(module, $0) } }
    }

    /// `application.willPresentNotification`: gets the payload JSON; returns presentation bits.
    public static func willPresentNotification(order: Int32 = 0, _ body: @escaping (Module, String) -> UInt32) -> Hook {
        Hook(
            .willPresentNotification, PARRA_POINT_APPLICATION_WILL_PRESENT_NOTIFICATION,
            PARRA_SIGNATURE_APPLICATION_WILL_PRESENT_NOTIFICATION, order
        ) { module in .bits { [unowned module] in body(module, $0) } }
    }

    /// `application.didReceiveNotificationResponse`: gets the response JSON.
    public static func didReceiveNotificationResponse(order: Int32 = 0, _ body: @escaping (Module, String) -> Void)
        -> Hook
    {
        Hook(
            .didReceiveNotificationResponse, PARRA_POINT_APPLICATION_DID_RECEIVE_NOTIFICATION_RESPONSE,
            PARRA_SIGNATURE_APPLICATION_DID_RECEIVE_NOTIFICATION_RESPONSE, order
        ) { module in .text { [unowned module] in body(module, $0) } }
    }

    /// `application.didReceiveRemoteNotification` (ABI 1.7): gets the payload JSON of a push for
    /// the app itself (a background push).
    public static func didReceiveRemoteNotification(order: Int32 = 0, _ body: @escaping (Module, String) -> Void)
        -> Hook
    {
        Hook(
            .didReceiveRemoteNotification, PARRA_POINT_APPLICATION_DID_RECEIVE_REMOTE_NOTIFICATION,
            PARRA_SIGNATURE_APPLICATION_DID_RECEIVE_REMOTE_NOTIFICATION, order
        ) { module in .text { [unowned module] in body(module, $0) } }
    }

    /// `application.willTerminate`.
    public static func willTerminate(order: Int32 = 0, _ body: @escaping (Module) -> Void) -> Hook {
        Hook(.willTerminate, PARRA_POINT_APPLICATION_WILL_TERMINATE, PARRA_SIGNATURE_APPLICATION_WILL_TERMINATE, order)
        { module in
            .plain { [unowned module] in body(module) }
        }
    }

    /// `application.didEnterBackground`.
    public static func didEnterBackground(order: Int32 = 0, _ body: @escaping (Module) -> Void) -> Hook {
        Hook(
            .didEnterBackground, PARRA_POINT_APPLICATION_DID_ENTER_BACKGROUND,
            PARRA_SIGNATURE_APPLICATION_DID_ENTER_BACKGROUND, order
        ) { module in
            .plain { [unowned module] in body(module) }
        }
    }

    /// `application.willEnterForeground`.
    public static func willEnterForeground(order: Int32 = 0, _ body: @escaping (Module) -> Void) -> Hook {
        Hook(
            .willEnterForeground, PARRA_POINT_APPLICATION_WILL_ENTER_FOREGROUND,
            PARRA_SIGNATURE_APPLICATION_WILL_ENTER_FOREGROUND, order
        ) { module in
            .plain { [unowned module] in body(module) }
        }
    }

    /// `application.configurationForConnecting`: gets the scene id and role.
    public static func configurationForConnecting(order: Int32 = 0, _ body: @escaping (Module, String, String) -> Void)
        -> Hook
    {
        Hook(
            .configurationForConnecting, PARRA_POINT_APPLICATION_CONFIGURATION_FOR_CONNECTING,
            PARRA_SIGNATURE_APPLICATION_CONFIGURATION_FOR_CONNECTING, order
        ) { module in .twoTexts { [unowned module] in body(module, $0, $1) } }
    }

    /// `scene.willConnect`: gets the scene id and options JSON.
    public static func sceneWillConnect(order: Int32 = 0, _ body: @escaping (Module, String, String) -> Void) -> Hook {
        Hook(.sceneWillConnect, PARRA_POINT_SCENE_WILL_CONNECT, PARRA_SIGNATURE_SCENE_WILL_CONNECT, order) { module in
            .twoTexts { [unowned module] in body(module, $0, $1) }
        }
    }

    /// `scene.didDisconnect`: gets the scene id.
    public static func sceneDidDisconnect(order: Int32 = 0, _ body: @escaping (Module, String) -> Void) -> Hook {
        sceneState(.sceneDidDisconnect, PARRA_POINT_SCENE_DID_DISCONNECT, order, body)
    }

    /// `scene.didBecomeActive`: gets the scene id.
    public static func sceneDidBecomeActive(order: Int32 = 0, _ body: @escaping (Module, String) -> Void) -> Hook {
        sceneState(.sceneDidBecomeActive, PARRA_POINT_SCENE_DID_BECOME_ACTIVE, order, body)
    }

    /// `scene.willResignActive`: gets the scene id.
    public static func sceneWillResignActive(order: Int32 = 0, _ body: @escaping (Module, String) -> Void) -> Hook {
        sceneState(.sceneWillResignActive, PARRA_POINT_SCENE_WILL_RESIGN_ACTIVE, order, body)
    }

    /// `scene.willEnterForeground`: gets the scene id.
    public static func sceneWillEnterForeground(order: Int32 = 0, _ body: @escaping (Module, String) -> Void) -> Hook {
        sceneState(.sceneWillEnterForeground, PARRA_POINT_SCENE_WILL_ENTER_FOREGROUND, order, body)
    }

    /// `scene.didEnterBackground`: gets the scene id.
    public static func sceneDidEnterBackground(order: Int32 = 0, _ body: @escaping (Module, String) -> Void) -> Hook {
        sceneState(.sceneDidEnterBackground, PARRA_POINT_SCENE_DID_ENTER_BACKGROUND, order, body)
    }

    /// `scene.openURLContexts`: gets the scene id and a JSON array of URLs.
    public static func sceneOpenURLContexts(order: Int32 = 0, _ body: @escaping (Module, String, String) -> Void)
        -> Hook
    {
        Hook(.sceneOpenURLContexts, PARRA_POINT_SCENE_OPEN_URL_CONTEXTS, PARRA_SIGNATURE_SCENE_OPEN_URL_CONTEXTS, order)
        { module in
            .twoTexts { [unowned module] in body(module, $0, $1) }
        }
    }

    private static func sceneState(
        _ slot: HookSlot, _ pointID: String, _ order: Int32, _ body: @escaping (Module, String) -> Void
    ) -> Hook {
        Hook(slot, pointID, PARRA_SIGNATURE_SCENE_STATE, order) { module in
            .text { [unowned module] in body(module, $0) }
        }
    }
}
