import Foundation

/// The launch screen shown while Parra's launch tasks run; a namespace for its options.
public enum ParraLaunchScreen {
    /// Which launch screen to show and how it leaves.
    public struct Options: Sendable, Hashable {
        /// The launch screen to show; nil means "from Info.plist: `UILaunchScreen`, then
        /// `UILaunchStoryboardName`, then an empty default", resolved by the launch screen module.
        public var type: LaunchScreenType?
        /// How long the launch screen takes to fade out once launch completes, in seconds
        /// (0 to 10; another value is reported and 0.5 used).
        public var fadeDuration: TimeInterval

        /// Creates launch screen options; each argument left out takes its default.
        public init(type: LaunchScreenType? = nil, fadeDuration: TimeInterval = 0.5) {
            self.type = type
            self.fadeDuration = fadeDuration
        }

        /// No type given (resolved from Info.plist) and a 0.5 s fade.
        public static let `default` = Options()
    }
}
