import FoundationEssentials
import ParraRuntime

/// Why a module could not register the app for push: what
/// `application(_:didFailToRegisterForRemoteNotificationsWithError:)` gets on Linux.
public struct ParraRemoteNotificationRegistrationError: Error, CustomStringConvertible, Sendable {
    /// The module's reason, one line.
    public let description: String
}

/// What the app host calls on the app delegate for the events modules hand over
/// (`PARRA_EXT_APP_EVENTS`), whatever its scene delegate type.
@MainActor
protocol ParraRemoteNotificationDriving: AnyObject, Sendable {
    func didRegister(token: Data, _ application: UIApplication)
    func didFailToRegister(reason: String, _ application: UIApplication)
    func willPresent(_ notification: UNNotification) async -> UNNotificationPresentationOptions
    func didReceiveRemoteNotification(_ userInfo: [AnyHashable: Any], _ application: UIApplication)
    func openSettings(_ center: UNUserNotificationCenter)
}

extension ParraAppDelegate: ParraRemoteNotificationDriving {
    func openSettings(_ center: UNUserNotificationCenter) {
        userNotificationCenter(center, openSettingsFor: nil)
    }
    func didRegister(token: Data, _ application: UIApplication) {
        self.application(application, didRegisterForRemoteNotificationsWithDeviceToken: token)
    }
    func didFailToRegister(reason: String, _ application: UIApplication) {
        self.application(
            application,
            didFailToRegisterForRemoteNotificationsWithError: ParraRemoteNotificationRegistrationError(
                description: reason))
    }
    func willPresent(_ notification: UNNotification) async -> UNNotificationPresentationOptions {
        await userNotificationCenter(.current(), willPresent: notification)
    }
    func didReceiveRemoteNotification(_ userInfo: [AnyHashable: Any], _ application: UIApplication) {
        self.application(application, didReceiveRemoteNotification: userInfo) { _ in }
    }
}
