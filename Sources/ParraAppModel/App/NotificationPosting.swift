import Synchronization

/// Where the host's events become the SDK's `NotificationCenter` notifications. The names live
/// with Foundation, in the `SwiftUI` and `UIKit` stand-ins (`Parra.authenticationStateDidChange
/// Notification`, ...): the first use of one installs the poster, so an app that never names
/// them never loads corelibs Foundation for them.
package enum NotificationPosting {
    /// `Parra.authenticationStateDidChangeNotification`: the auth state changed.
    package static let authenticationStateDidChange = "ParraAuthenticationStateDidChangeNotification"
    /// The `userInfo` key of the new `ParraAuthState`.
    package static let authenticationStateKey = "ParraAuthenticationState"
    /// `Parra.launchScreenDidDismissNotification`: the launch completed and the windows show.
    package static let launchScreenDidDismiss = "ParraLaunchScreenDidDismissNotification"
    /// `Parra.preferredAppearanceDidChangeNotification` (the SDK's spelling).
    package static let preferredAppearanceDidChange = "ParrapreferredAppearanceDidChangeNotification"

    /// Posts a notification: its name and user info.
    package typealias Poster = @Sendable (String, [String: any Sendable]) -> Void

    private static let poster = Mutex<Poster?>(nil)

    /// Makes `post` the way notifications are posted from now on.
    package static func install(_ post: @escaping Poster) {
        poster.withLock { $0 = post }
    }

    /// Posts `name` with `userInfo`, when an app installed a poster; else does nothing.
    package static func post(_ name: String, _ userInfo: [String: any Sendable] = [:]) {
        poster.withLock { $0 }?(name, userInfo)
    }
}
