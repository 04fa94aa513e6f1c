import Foundation

extension ParraLaunchScreen {
    /// A launch screen taken from a storyboard; on Linux the text or ANSI art file
    /// `<name>.txt` (`<name>.<identifier>.txt` with an identifier) in the app's `Resources`.
    public struct StoryboardConfig: Sendable, Hashable {
        /// The storyboard's name (`UILaunchStoryboardName`).
        public var name: String
        /// The view controller's identifier in the storyboard; nil for the initial one.
        public var identifier: String?

        /// Creates a storyboard launch screen config.
        public init(name: String, identifier: String? = nil) {
            self.name = name
            self.identifier = identifier
        }
    }
}
