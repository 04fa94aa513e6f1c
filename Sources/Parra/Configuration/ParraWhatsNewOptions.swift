import FoundationEssentials
import ParraAPI
import ParraAppModel
import ParraRuntime

/// How and when the What's New popup for a new release is shown.
public struct ParraWhatsNewOptions: Sendable, Hashable {
    /// How the popup is displayed: `.modal` or `.toast`.
    public var presentationStyle: PresentationStyle {
        get { _presentationStyle.value }
        set { _presentationStyle.value = newValue }
    }
    private var _presentationStyle: ExplicitOption<PresentationStyle>
    /// When the popup is displayed: `.automatic`, `.delayed` or `.manual`.
    public var presentationMode: PresentationMode {
        get { _presentationMode.value }
        set { _presentationMode.value = newValue }
    }
    private var _presentationMode: ExplicitOption<PresentationMode>

    /// Creates What's New options; each argument left out takes its default (`.modal`,
    /// `.delayed(.default, 5.0)`) and is left to the config file.
    public init(
        presentationStyle: PresentationStyle? = nil,
        presentationMode: PresentationMode? = nil
    ) {
        _presentationStyle = ExplicitOption(presentationStyle, default: .modal)
        _presentationMode = ExplicitOption(presentationMode, default: .delayed(.default, 5.0))
    }

    /// A modal, shown 5 seconds after launch with the default behaviour.
    public static let `default` = ParraWhatsNewOptions()
}

extension ParraWhatsNewOptions {
    /// The group's option keys with their values, and whether the app set each.
    var optionEntries: [OptionEntry] {
        typealias Key = ParraConfiguration.OptionKey
        return [
            OptionEntry(
                Key.whatsNewPresentationStyle, .string(presentationStyle.rawValue), set: _presentationStyle.isSet),
            OptionEntry(Key.whatsNewPresentationMode, presentationMode.optionValue, set: _presentationMode.isSet),
        ]
    }
}
