import Foundation
import Parra
import ParraAppModel

/// The SDK's notification names, for `NotificationCenter.default`, re-exported by the `SwiftUI`
/// and `UIKit` stand-ins (Foundation's notification center is corelibs Foundation, which an app
/// importing only `Parra` does not load). Naming any of them makes the host post them from then
/// on, where Linux has the event: the auth state changing, the launch completing and the
/// preferred appearance changing. The theme is fixed for a run and nothing syncs, so the theme
/// and sync names are never posted.
extension Parra {
    /// Posted when a sync with the Parra API begins; never on Linux.
    public static let syncDidBeginNotification = notificationName("ParraSyncDidBeginNotification")
    /// Posted when a sync with the Parra API ends; never on Linux.
    public static let syncDidEndNotification = notificationName("ParraSyncDidEndNotification")
    /// Posted before the theme changes; never on Linux, where it is fixed for a run.
    public static let themeWillChangeNotification = notificationName("ParraThemeWillChangeNotification")
    /// Posted after the theme changed; never on Linux, where it is fixed for a run.
    public static let themeDidChangeNotification = notificationName("ParraThemeDidChangeNotification")
    /// Posted after the preferred appearance changed (`\.parraPreferredAppearance`).
    public static let preferredAppearanceDidChangeNotification = notificationName(
        NotificationPosting.preferredAppearanceDidChange)
    /// Posted after the auth state changed; `userInfo[authenticationStateKey]` is the new
    /// `ParraAuthState`.
    public static let authenticationStateDidChangeNotification = notificationName(
        NotificationPosting.authenticationStateDidChange)
    /// Posted when the launch completed and the app's windows show.
    public static let launchScreenDidDismissNotification = notificationName(
        NotificationPosting.launchScreenDidDismiss)
    // swift-format-ignore: AlwaysUseLowerCamelCase
    /// Posted when the user reacts to a feed item; never on Linux, which has no feeds. Capitalised as the SDK names it.
    public static let ParraUserDidAddReactionNotification = notificationName("ParraUserDidAddReactionNotification")
    // swift-format-ignore: AlwaysUseLowerCamelCase
    /// Posted when the user takes back a reaction; never on Linux, which has no feeds. Capitalised as the SDK names it.
    public static let ParraUserDidRemoveReactionNotification = notificationName(
        "ParraUserDidRemoveReactionNotification")
    // swift-format-ignore: AlwaysUseLowerCamelCase
    /// Posted when the user comments on a feed item; never on Linux, which has no feeds. Capitalised as the SDK names it.
    public static let ParraUserDidAddCommentNotification = notificationName("ParraUserDidAddCommentNotification")
    /// The `userInfo` key of `authenticationStateDidChangeNotification`'s new state.
    public static let authenticationStateKey = NotificationPosting.authenticationStateKey

    /// `raw` as a notification name, installing the host's poster on first use.
    private static func notificationName(_ raw: String) -> NSNotification.Name {
        NotificationPosting.install { name, userInfo in
            NotificationCenter.default.post(
                name: NSNotification.Name(name), object: nil,
                userInfo: Dictionary(uniqueKeysWithValues: userInfo.map { (AnyHashable($0.key), $0.value as Any) }))
        }
        return NSNotification.Name(raw)
    }
}
