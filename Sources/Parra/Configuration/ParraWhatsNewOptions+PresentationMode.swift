import FoundationEssentials

extension ParraWhatsNewOptions {
    /// When the What's New popup is displayed.
    public enum PresentationMode: Sendable, Hashable {
        /// As soon as a release is available, following the behaviour.
        case automatic(Behavior)
        /// The given number of seconds after a release is available, following the behaviour.
        case delayed(Behavior, TimeInterval)
        /// Never automatically: the app fetches the latest release and presents it itself.
        case manual
    }
}
