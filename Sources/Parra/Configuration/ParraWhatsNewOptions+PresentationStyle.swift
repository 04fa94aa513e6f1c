import FoundationEssentials

extension ParraWhatsNewOptions {
    /// How the What's New popup is displayed.
    public enum PresentationStyle: String, Sendable, Hashable, CaseIterable {
        /// The full release notes, dismissed by the user (the default).
        case modal
        /// A short "New Version Available!" notice for 8 seconds; opening it shows the modal.
        case toast
    }
}
