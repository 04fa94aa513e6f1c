/// A hook's Swift body bound to the module instance, by the shape of its C signature.
enum HookHandler {
    case plain(() -> Void)
    case text((String) -> Void)
    case twoTexts((String, String) -> Void)
    case flag((String) -> Bool)
    case twoTextsFlag((String, String) -> Bool)
    case bits((String) -> UInt32)
    case bytes(([UInt8]) -> Void)
}

/// The canonical points PluginKit offers typed hooks for; each case is a slot in a module
/// instance's handler table and has one C trampoline.
enum HookSlot: Int, CaseIterable {
    case didFinishLaunching, openURL, didRegisterForRemoteNotifications
    case didFailToRegisterForRemoteNotifications, willPresentNotification
    case didReceiveNotificationResponse, didReceiveRemoteNotification, willTerminate, didEnterBackground
    case willEnterForeground
    case configurationForConnecting, sceneWillConnect, sceneDidDisconnect, sceneDidBecomeActive
    case sceneWillResignActive, sceneWillEnterForeground, sceneDidEnterBackground
    case sceneOpenURLContexts
}
