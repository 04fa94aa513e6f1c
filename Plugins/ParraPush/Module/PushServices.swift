import ParraPluginKit

/// The host services ParraPush uses, as `ModuleHost` offers them; tests of its logic stand in
/// for the host with their own.
protocol PushServices: AnyObject {
    /// Writes a diagnostic line.
    func log(_ level: ModuleHost.LogLevel, _ message: String)
    /// Sends a Parra API request; `completion` runs once on a worker thread.
    func request(
        _ method: String, _ path: String, body: [UInt8]?, timeout: Double,
        completion: @escaping (Result<(status: Int, body: [UInt8]), ModuleError>) -> Void) throws
    /// The stored bytes for `key`, or nil.
    func stored(_ key: String) throws -> [UInt8]?
    /// Stores bytes for `key`.
    func store(_ bytes: [UInt8], forKey key: String) throws
    /// Runs `body` on the main thread after `delay` seconds.
    @discardableResult
    func schedule(after delay: Double, repeatEvery: Double, _ body: @escaping () -> Void) throws -> UInt64
    /// Shows a presentation the user acts on by key; returns its id.
    @discardableResult
    func present(
        _ kind: ModuleHost.PresentationKind, title: String, body: String, duration: Double,
        actions: [(key: String, label: String)], onAction: @escaping (String) -> Void,
        dismissed: @escaping (Bool) -> Void
    ) throws -> UInt64
    /// Takes a presentation away.
    func dismissPresentation(_ id: UInt64, byUser: Bool) throws
    /// Emits one of the module's `void(ptr,str)` extension points.
    func emit(_ pointID: String, _ text: String) throws
    /// Hands a push token to the app delegate.
    func didRegisterForRemoteNotifications(token: [UInt8]) throws
    /// Hands a registration failure to the app delegate.
    func didFailToRegisterForRemoteNotifications(reason: String) throws
    /// Asks the app delegate what an arriving notification may show.
    func willPresentNotification(payloadJSON: String, done: @escaping (UInt32) -> Void) throws
    /// Hands a push for the app itself (a background push) to the app delegate.
    func didReceiveRemoteNotification(payloadJSON: String) throws
    /// Says the app was started for the push `payloadJSON` (from activate).
    func setLaunchNotification(payloadJSON: String) throws
    /// Hands the user's action on a notification to the app delegate.
    func didReceiveNotificationResponse(payloadJSON: String, action: String?) throws
    /// Opens a URL through the app's open-URL path.
    func openURL(_ url: String) throws
}

extension ModuleHost: PushServices {}
