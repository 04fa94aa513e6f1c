import FoundationEssentials
import ParraAppModel

/// The kind of launch screen to show.
///
/// Equal when both are `.custom`, whatever their views, as in the Parra SDK. Sendable because a
/// custom view is only ever rendered, never changed.
public enum ParraLaunchScreenType: @unchecked Sendable, Hashable {
    /// The plist-style launch screen (colour, image, bars), merged over `UILaunchScreen` with
    /// the fields given here winning.
    case `default`(ParraDefaultLaunchScreen.Config)
    /// A view from a storyboard, used as given: on Linux the text or ANSI art file
    /// `<name>.<viewControllerIdentifier>.txt`, else `<name>.txt`, in the app's `Resources`.
    case storyboard(ParraStoryboardLaunchScreen.Config)
    /// A view of the app's, drawn as the terminal draws the app's windows.
    case custom(any View)

    public static func == (lhs: ParraLaunchScreenType, rhs: ParraLaunchScreenType) -> Bool {
        switch (lhs, rhs) {
        case (.default(let left), .default(let right)): left == right
        case (.storyboard(let left), .storyboard(let right)): left == right
        case (.custom, .custom): true
        default: false
        }
    }

    public func hash(into hasher: inout Hasher) {
        switch self {
        case .default(let config): hasher.combine(config)
        case .storyboard(let config): hasher.combine(config)
        case .custom: hasher.combine("custom")
        }
    }
}
