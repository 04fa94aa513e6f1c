/// The launch screen from a storyboard; a namespace for its configuration.
public enum ParraStoryboardLaunchScreen {
    /// Which storyboard and view controller. On Linux a storyboard is the text or ANSI art file
    /// `<name>.<viewControllerIdentifier>.txt`, else `<name>.txt`, in the app's `Resources`
    /// (for the main bundle) or in the given bundle's resources folder.
    public struct Config: Sendable, Hashable {
        /// The storyboard's name: "LaunchScreen" for `LaunchScreen.storyboard`.
        public var name: String
        /// The bundle whose resources hold the storyboard: `.main` is the app's `Resources`.
        public var bundle: ParraBundle
        /// The view controller's identifier in the storyboard.
        public var viewControllerIdentifier: String

        /// A storyboard launch screen config; by default the "Main" view controller of
        /// "LaunchScreen" in the main bundle.
        public init(
            name: String = "LaunchScreen", bundle: ParraBundle = .main, viewControllerIdentifier: String = "Main"
        ) {
            self.name = name
            self.bundle = bundle
            self.viewControllerIdentifier = viewControllerIdentifier
        }

        /// The "Main" view controller of "LaunchScreen".
        public static let `default` = Config()
    }
}
