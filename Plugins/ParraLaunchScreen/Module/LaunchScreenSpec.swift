import ParraPluginKit

/// The fields of a plist-style launch screen (`UILaunchScreen`, or `.default(Config)`); nil
/// means "not given".
struct StandardLaunchScreen: Equatable {
    /// `UIColorName`: the background colour's name.
    var colorName: String?
    /// `UIImageName`: the art drawn in the centre.
    var imageName: String?
    /// `UIImageRespectsSafeAreaInsets`: a blank line kept around the image.
    var respectsSafeArea: Bool?
    /// `UINavigationBar`: an empty bar at the top.
    var navigationBar: Bool?
    /// `UITabBar`: an empty bar at the bottom.
    var tabBar: Bool?
    /// `UIToolbar`: an empty bar above the tab bar.
    var toolbar: Bool?
    /// Where the image's art is, when the app named a bundle other than the main one; nil for
    /// the app's resources.
    var folder: String?

    /// These fields over `base`'s: each field given here wins.
    func merged(over base: StandardLaunchScreen) -> StandardLaunchScreen {
        StandardLaunchScreen(
            colorName: colorName ?? base.colorName, imageName: imageName ?? base.imageName,
            respectsSafeArea: respectsSafeArea ?? base.respectsSafeArea,
            navigationBar: navigationBar ?? base.navigationBar, tabBar: tabBar ?? base.tabBar,
            toolbar: toolbar ?? base.toolbar, folder: folder ?? base.folder)
    }
}

/// The launch screen to show, after the options and the Info.plist were merged.
enum LaunchScreenSpec: Equatable {
    /// A plist-style launch screen.
    case standard(StandardLaunchScreen)
    /// A text or ANSI art file in the app's resources, or in `folder` when the app named
    /// another bundle: `<name>.txt`, or `<name>.<identifier>.txt` with an identifier.
    case storyboard(name: String, identifier: String?, folder: String? = nil)
    /// An app-provided view, named; drawn from `<identifier>.txt` in the app's resources.
    case custom(identifier: String)
    /// An app's view, rendered by the host into these lines.
    case view(lines: [String])

    /// The launch screen with nothing given anywhere.
    static let empty = LaunchScreenSpec.standard(StandardLaunchScreen())
}

/// What `launchScreen.type` asked for.
enum RequestedLaunchScreen: Equatable {
    /// Nothing: the Info.plist decides.
    case none
    /// `.default(Config)`, merged over `UILaunchScreen`.
    case standard(StandardLaunchScreen)
    /// `.storyboard(Config)`, used as given; `folder` is its bundle's resources, when the app
    /// named a bundle other than the main one.
    case storyboard(name: String, identifier: String?, folder: String? = nil)
    /// A named custom launch screen (from a config file), used as given.
    case custom(identifier: String)
    /// `.custom(view)`, rendered by the host, used as given.
    case view(lines: [String])
}

/// The Info.plist's launch keys, as far as they were usable.
struct InfoPlistLaunchKeys: Equatable {
    /// `UILaunchScreen`, if present and a dictionary.
    var launchScreen: StandardLaunchScreen?
    /// `UILaunchStoryboardName`, if present and a non-empty string.
    var storyboardName: String?
}

extension LaunchScreenSpec {
    /// The launch screen for what was asked and what the Info.plist says: `.default` merged
    /// over `UILaunchScreen` (the fields given winning), other types as given; with nothing
    /// given, `UILaunchScreen`, then `UILaunchStoryboardName`, then an empty default. Also
    /// returns where it came from, for the log.
    static func resolve(_ requested: RequestedLaunchScreen, plist: InfoPlistLaunchKeys) -> (
        spec: LaunchScreenSpec, source: String
    ) {
        switch requested {
        case .standard(let config):
            guard let base = plist.launchScreen else { return (.standard(config), "launchScreen.type") }
            return (.standard(config.merged(over: base)), "launchScreen.type merged over Info.plist UILaunchScreen")
        case .storyboard(let name, let identifier, let folder):
            return (.storyboard(name: name, identifier: identifier, folder: folder), "launchScreen.type")
        case .custom(let identifier):
            return (.custom(identifier: identifier), "launchScreen.type")
        case .view(let lines):
            return (.view(lines: lines), "launchScreen.type")
        case .none:
            if let launchScreen = plist.launchScreen { return (.standard(launchScreen), "Info.plist UILaunchScreen") }
            if let name = plist.storyboardName {
                return (.storyboard(name: name, identifier: nil), "Info.plist UILaunchStoryboardName")
            }
            return (.empty, "nothing given: the empty default")
        }
    }

    /// One line about the launch screen, used as its title.
    var summary: String {
        switch self {
        case .standard(let config):
            var summary = "default"
            if let colorName = config.colorName { summary += ", colour \(colorName)" }
            if let imageName = config.imageName { summary += ", image \(imageName)" }
            if config.navigationBar == true { summary += ", navigation bar" }
            if config.toolbar == true { summary += ", toolbar" }
            if config.tabBar == true { summary += ", tab bar" }
            return summary
        case .storyboard(let name, let identifier, let folder):
            return "storyboard \(name)" + (identifier.map { " (\($0))" } ?? "") + (folder.map { " in \($0)" } ?? "")
        case .custom(let identifier):
            return "custom \(identifier)"
        case .view(let lines):
            return "custom view, \(lines.count) line(s)"
        }
    }
}
