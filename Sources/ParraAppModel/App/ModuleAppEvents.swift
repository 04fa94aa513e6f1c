import CParraPlugin
import FoundationEssentials
import ParraAPI
import ParraRuntime
import ParraSync

/// The app run's side of `PARRA_EXT_APP_EVENTS`: turns what modules hand over into platform
/// events the session handles on the app's thread, keeps the modules' waits for presentation
/// options, and tells the modules that observe it when who uses the app changes.
/// Sendable by hand: its mutable state is behind `lock`, and `platform` (weak) is set only in `init`.
final class ModuleAppEvents: AppEventServices, @unchecked Sendable {
    private weak var platform: ParraPlatform?
    private let lock = Lock()
    private var nextID: UInt64 = 1
    private var waiting: [UInt64: @Sendable (UInt32) -> Void] = [:]
    private var authObservers: [(String) -> Void] = []
    private var launchPayload: String?

    /// Events for the session on `platform`.
    init(platform: ParraPlatform) { self.platform = platform }

    func deliver(_ event: ModuleAppEvent, from moduleID: String) -> (parra_status, String)? {
        let posted: PlatformEvent
        var waitID: UInt64?
        switch event {
        case .didRegisterForRemoteNotifications(let token): posted = .didRegisterForRemoteNotifications(token: token)
        case .didFailToRegisterForRemoteNotifications(let reason):
            posted = .didFailToRegisterForRemoteNotifications(reason: reason)
        case .willPresentNotification(let payload, let done):
            let id = lock.withLock {
                defer { nextID += 1 }
                waiting[nextID] = done
                return nextID
            }
            waitID = id
            posted = .notificationArrived(payloadJSON: payload, id: id)
        case .notificationResponse(let payload, let action):
            posted = .notificationResponse(payloadJSON: payload, actionIdentifier: action)
        case .openURL(let url): posted = .parraOpensURL(url)
        case .remoteNotification(let payload): posted = .remoteNotification(payloadJSON: payload)
        }
        guard let platform, platform.post(posted) else {
            if let waitID { _ = lock.withLock { waiting.removeValue(forKey: waitID) } }
            return (PARRA_STATUS_WRONG_STATE, "the app's run has ended or takes no events from \(moduleID)")
        }
        return nil
    }

    func observeAuthState(from moduleID: String, _ callback: @escaping (String) -> Void) {
        lock.withLock { authObservers.append(callback) }
    }

    func setLaunchNotification(_ payloadJSON: String, from moduleID: String) {
        lock.withLock { launchPayload = payloadJSON }
    }

    /// The push the app was started for, which a module said in its activate; nil for none.
    var launchNotification: String? { lock.withLock { launchPayload } }

    /// Answers the wait `id` with the presentation options the app allowed.
    func answer(_ id: UInt64, options: UInt32) {
        lock.withLock { waiting.removeValue(forKey: id) }?(options)
    }

    /// Answers every wait still open with no options: the run is ending.
    func answerAllWaiting() {
        let open = lock.withLock {
            defer { waiting = [:] }
            return waiting.values
        }
        for done in open { done(0) }
    }

    /// Tells the observers who uses the app now.
    func authStateChanged(_ state: ParraAuthState) {
        let json = ParraLaunchCoordinator.json(for: state)
        for observer in lock.withLock({ authObservers }) { observer(json) }
    }
}
