import FoundationEssentials
import ParraSync

/// An action offered from the app's launcher entry, as UIKit's home-screen quick actions are.
/// On Linux the items become Desktop Entry actions (`parra desktop-entry`); starting the app
/// through one hands it to the app delegate.
/// Sendable by hand: its fields are behind `lock`; the values in `userInfo` are the app's own.
public class UIApplicationShortcutItem: @unchecked Sendable {
    /// What the action is, for the app to tell its actions apart.
    public internal(set) var type: String {
        get { lock.withLock { fields.type } }
        set { lock.withLock { fields.type = newValue } }
    }
    /// The action's name in the launcher.
    public internal(set) var localizedTitle: String {
        get { lock.withLock { fields.localizedTitle } }
        set { lock.withLock { fields.localizedTitle = newValue } }
    }
    /// A second line UIKit shows under the title; desktop launchers show only the title.
    public internal(set) var localizedSubtitle: String? {
        get { lock.withLock { fields.localizedSubtitle } }
        set { lock.withLock { fields.localizedSubtitle = newValue } }
    }
    /// The action's icon, if any.
    public internal(set) var icon: UIApplicationShortcutIcon? {
        get { lock.withLock { fields.icon } }
        set { lock.withLock { fields.icon = newValue } }
    }
    /// The app's own data for the action; it lives as long as the process. UIKit's values are
    /// `NSSecureCoding` for archiving; nothing is archived here, so any value goes.
    public internal(set) var userInfo: [String: Any]? {
        get { lock.withLock { fields.userInfo } }
        set { lock.withLock { fields.userInfo = newValue } }
    }

    /// The item's fields, as the app set them last.
    private struct Fields {
        var type: String
        var localizedTitle: String
        var localizedSubtitle: String?
        var icon: UIApplicationShortcutIcon?
        var userInfo: [String: Any]?
    }
    private let lock = Lock()
    private var fields: Fields

    /// An action of `type`, named `localizedTitle`.
    public init(
        type: String, localizedTitle: String, localizedSubtitle: String? = nil, icon: UIApplicationShortcutIcon? = nil,
        userInfo: [String: Any]? = nil
    ) {
        fields = Fields(
            type: type, localizedTitle: localizedTitle, localizedSubtitle: localizedSubtitle, icon: icon,
            userInfo: userInfo)
    }
}

/// A shortcut item whose fields the app may change after making it, as UIKit's. Set it on
/// `application.shortcutItems` again for a change to reach the launcher entry.
/// Sendable by hand: its fields are its base class's, behind its lock.
public final class UIMutableApplicationShortcutItem: UIApplicationShortcutItem, @unchecked Sendable {
    /// What the action is.
    public override var type: String {
        get { super.type }
        set { super.type = newValue }
    }
    /// The action's name in the launcher.
    public override var localizedTitle: String {
        get { super.localizedTitle }
        set { super.localizedTitle = newValue }
    }
    /// A second line UIKit shows under the title.
    public override var localizedSubtitle: String? {
        get { super.localizedSubtitle }
        set { super.localizedSubtitle = newValue }
    }
    /// The action's icon.
    public override var icon: UIApplicationShortcutIcon? {
        get { super.icon }
        set { super.icon = newValue }
    }
    /// The app's own data for the action.
    public override var userInfo: [String: Any]? {
        get { super.userInfo }
        set { super.userInfo = newValue }
    }
}

/// A shortcut item's icon.
public struct UIApplicationShortcutIcon: Sendable, Hashable {
    /// The icon's name.
    package let name: String
    /// Whether the name is an icon the app ships (a desktop icon theme name) rather than a
    /// system symbol, which Linux desktops do not have.
    package let isTemplate: Bool

    /// An SF Symbols icon. Linux launchers have no SF Symbols, so the action shows no icon.
    public init(systemImageName: String) {
        name = systemImageName
        isTemplate = false
    }

    /// An icon of the app's: on Linux an icon theme name or an absolute path to an image.
    public init(templateImageName: String) {
        name = templateImageName
        isTemplate = true
    }

    /// One of UIKit's system icons, as the freedesktop icon naming specification's closest
    /// icon (`compose` is `document-new`), which every desktop icon theme has.
    public init(type: IconType) {
        name = type.freedesktopName
        isTemplate = true
    }

    /// UIKit's system icons for shortcut items.
    public enum IconType: Int, Sendable, CaseIterable {
        /// UIKit's icon of that name, shown as this freedesktop icon: `compose` document-new, `play`
        /// media-playback-start, `pause` media-playback-pause, `add` list-add, `location` and
        /// `markLocation` mark-location, `search` edit-find, `share` emblem-shared, `prohibit`
        /// process-stop, `contact` x-office-address-book, `home` go-home, `favorite` and `love`
        /// emblem-favorite.
        case compose, play, pause, add, location, search, share, prohibit, contact, home, markLocation, favorite, love
        /// UIKit's icon of that name, shown as this freedesktop icon: `cloud` network-server,
        /// `invitation` mail-message-new, `confirmation` emblem-default, `mail` mail-send-receive,
        /// `message` mail-message-new, `date` x-office-calendar, `time` appointment-soon,
        /// `capturePhoto` camera-photo, `captureVideo` camera-video, `task` appointment-new.
        case cloud, invitation, confirmation, mail, message, date, time, capturePhoto, captureVideo, task
        /// UIKit's icon of that name, shown as this freedesktop icon: `taskCompleted` emblem-default,
        /// `alarm` appointment-soon, `bookmark` bookmark-new, `shuffle` media-playlist-shuffle,
        /// `audio` audio-x-generic, `update` view-refresh.
        case taskCompleted, alarm, bookmark, shuffle, audio, update

        /// The icon naming specification's name for it.
        var freedesktopName: String {
            switch self {
            case .compose: "document-new"
            case .play: "media-playback-start"
            case .pause: "media-playback-pause"
            case .add: "list-add"
            case .location, .markLocation: "mark-location"
            case .search: "edit-find"
            case .share: "emblem-shared"
            case .prohibit: "process-stop"
            case .contact: "x-office-address-book"
            case .home: "go-home"
            case .favorite, .love: "emblem-favorite"
            case .cloud: "network-server"
            case .invitation, .message: "mail-message-new"
            case .confirmation, .taskCompleted: "emblem-default"
            case .mail: "mail-send-receive"
            case .date: "x-office-calendar"
            case .time, .alarm: "appointment-soon"
            case .capturePhoto: "camera-photo"
            case .captureVideo: "camera-video"
            case .task: "appointment-new"
            case .bookmark: "bookmark-new"
            case .shuffle: "media-playlist-shuffle"
            case .audio: "audio-x-generic"
            case .update: "view-refresh"
            }
        }
    }
}
