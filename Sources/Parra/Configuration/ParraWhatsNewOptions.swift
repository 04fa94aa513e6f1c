import Foundation

/// How and when the What's New popup for a new release is shown.
public struct ParraWhatsNewOptions: Sendable, Hashable {
    /// How the popup is displayed: `.modal` or `.toast`.
    public var presentationStyle: PresentationStyle
    /// When the popup is displayed: `.automatic`, `.delayed` or `.manual`.
    public var presentationMode: PresentationMode

    /// Creates What's New options; each argument left out takes its default.
    public init(
        presentationStyle: PresentationStyle = .modal,
        presentationMode: PresentationMode = .delayed(.default, 5.0)
    ) {
        self.presentationStyle = presentationStyle
        self.presentationMode = presentationMode
    }

    /// A modal, shown 5 seconds after launch with the default behaviour.
    public static let `default` = ParraWhatsNewOptions()
}
