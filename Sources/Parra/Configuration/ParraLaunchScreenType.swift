import Foundation

extension ParraLaunchScreen {
    /// The kind of launch screen to show.
    public enum LaunchScreenType: Sendable, Hashable {
        /// The plist-style launch screen (colour, image, bars), merged over `UILaunchScreen`
        /// with the fields given here winning.
        case `default`(DefaultConfig)
        /// A view from a storyboard, used as given.
        case storyboard(StoryboardConfig)
        /// An app-provided view, used as given. There is no SwiftUI on Linux yet, so the view is
        /// type-erased to an identifier naming it; the launch screen module draws the text or
        /// ANSI art file `<identifier>.txt` from the app's `Resources` folder.
        case custom(identifier: String)
    }
}
