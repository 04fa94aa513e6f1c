import Foundation

/// The launch screen from a storyboard; a namespace for its configuration.
public enum ParraStoryboardLaunchScreen {
    /// Which storyboard and view controller. On Linux a storyboard is the text or ANSI art file
    /// `<name>.<viewControllerIdentifier>.txt`, else `<name>.txt`, in the app's `Resources`.
    public struct Config: Sendable, Hashable {
        /// The storyboard's name: "LaunchScreen" for `LaunchScreen.storyboard`.
        public var name: String
        /// The view controller's identifier in the storyboard.
        public var viewControllerIdentifier: String

        /// A storyboard launch screen config; by default the "Main" view controller of
        /// "LaunchScreen".
        public init(name: String = "LaunchScreen", viewControllerIdentifier: String = "Main") {
            self.name = name
            self.viewControllerIdentifier = viewControllerIdentifier
        }

        /// The "Main" view controller of "LaunchScreen".
        public static let `default` = Config()
    }
}
