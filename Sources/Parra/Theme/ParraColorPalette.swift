/// The colours of one appearance (light or dark) of a ``ParraTheme``, as the SDK names them.
public struct ParraColorPalette: Sendable, Hashable {
    /// The accent: buttons, links, highlights.
    public let primary: ParraColorSwatch
    /// The secondary accent.
    public let secondary: ParraColorSwatch
    /// Behind content.
    public let primaryBackground: ParraColor
    /// Behind grouped content.
    public let secondaryBackground: ParraColor
    /// Headings and body text.
    public let primaryText: ParraColorSwatch
    /// Captions and secondary text.
    public let secondaryText: ParraColorSwatch
    /// Strong separators.
    public let primarySeparator: ParraColorSwatch
    /// Faint separators.
    public let secondarySeparator: ParraColorSwatch
    /// Text on a primary chip.
    public let primaryChipText: ParraColorSwatch
    /// Text on a secondary chip.
    public let secondaryChipText: ParraColorSwatch
    /// A primary chip's background.
    public let primaryChipBackground: ParraColorSwatch
    /// A secondary chip's background.
    public let secondaryChipBackground: ParraColorSwatch
    /// Errors and destructive actions.
    public let error: ParraColorSwatch
    /// Warnings.
    public let warning: ParraColorSwatch
    /// Information.
    public let info: ParraColorSwatch
    /// Success.
    public let success: ParraColorSwatch

    /// A palette; each colour a swatch or one colour whose shades are derived.
    public init(
        primary: ParraColorSwatchConvertible, secondary: ParraColorSwatchConvertible, primaryBackground: ParraColor,
        secondaryBackground: ParraColor, primaryText: ParraColorSwatchConvertible,
        secondaryText: ParraColorSwatchConvertible, primarySeparator: ParraColorSwatchConvertible,
        secondarySeparator: ParraColorSwatchConvertible, primaryChipText: ParraColorSwatchConvertible,
        secondaryChipText: ParraColorSwatchConvertible, primaryChipBackground: ParraColorSwatchConvertible,
        secondaryChipBackground: ParraColorSwatchConvertible, error: ParraColorSwatchConvertible,
        warning: ParraColorSwatchConvertible, info: ParraColorSwatchConvertible, success: ParraColorSwatchConvertible
    ) {
        self.primary = primary.toSwatch()
        self.secondary = secondary.toSwatch()
        self.primaryBackground = primaryBackground
        self.secondaryBackground = secondaryBackground
        self.primaryText = primaryText.toSwatch()
        self.secondaryText = secondaryText.toSwatch()
        self.primarySeparator = primarySeparator.toSwatch()
        self.secondarySeparator = secondarySeparator.toSwatch()
        self.primaryChipText = primaryChipText.toSwatch()
        self.secondaryChipText = secondaryChipText.toSwatch()
        self.primaryChipBackground = primaryChipBackground.toSwatch()
        self.secondaryChipBackground = secondaryChipBackground.toSwatch()
        self.error = error.toSwatch()
        self.warning = warning.toSwatch()
        self.info = info.toSwatch()
        self.success = success.toSwatch()
    }

    /// The SDK's light palette: the accent colour, dark text on the system's white.
    public static let defaultLight = ParraColorPalette(
        primary: ParraColorSwatch(primary: .accentColor, name: "Primary"),
        secondary: ParraColorSwatch(primary: .secondary, name: "Secondary"),
        primaryBackground: .white, secondaryBackground: Color(hex: 0xF2F2F7),
        primaryText: ParraColorSwatch(primary: Color(hex: 0x111827), name: "Primary Text"),
        secondaryText: ParraColorSwatch(primary: Color(hex: 0x3C3C43, opacity: 0.6), name: "Secondary Text"),
        primarySeparator: ParraColorSwatch(primary: Color(hex: 0xC6C6C8), name: "Primary Separator"),
        secondarySeparator: ParraColorSwatch(primary: Color(hex: 0x3C3C43, opacity: 0.36), name: "Secondary Separator"),
        primaryChipText: ParraColorSwatch(primary: .accentColor).shade700,
        secondaryChipText: ParraColorSwatch(primary: ParraColorSwatch.gray.shade700, name: "Secondary Chip Text"),
        primaryChipBackground: ParraColorSwatch(primary: .accentColor).shade400,
        secondaryChipBackground: ParraColorSwatch(
            primary: ParraColorSwatch.zinc.shade200, name: "Secondary Chip Background"),
        error: ParraColorSwatch(primary: .red, name: "Error"),
        warning: ParraColorSwatch(primary: .yellow, name: "Warning"),
        info: ParraColorSwatch(primary: .blue, name: "Info"),
        success: ParraColorSwatch(primary: .green, name: "Success"))

    /// The SDK's dark palette: the accent colour, light text on the system's black.
    public static let defaultDark = ParraColorPalette(
        primary: ParraColorSwatch(primary: .accentColor, name: "Primary"),
        secondary: ParraColorSwatch(primary: .secondary, name: "Secondary"),
        primaryBackground: .black, secondaryBackground: Color(hex: 0x1C1C1E),
        primaryText: ParraColorSwatch(primary: Color(hex: 0xF3F4F6), name: "Primary Text"),
        secondaryText: ParraColorSwatch(primary: Color(hex: 0xEBEBF5, opacity: 0.6), name: "Secondary Text"),
        primarySeparator: ParraColorSwatch(primary: Color(hex: 0x38383A), name: "Primary Separator"),
        secondarySeparator: ParraColorSwatch(primary: Color(hex: 0x545458, opacity: 0.65), name: "Secondary Separator"),
        primaryChipText: ParraColorSwatch(primary: ParraColorSwatch.gray.shade50, name: "Primary Chip Text"),
        secondaryChipText: ParraColorSwatch(primary: ParraColorSwatch.gray.shade50, name: "Secondary Chip Text"),
        primaryChipBackground: ParraColorSwatch(primary: .accentColor).shade600,
        secondaryChipBackground: ParraColorSwatch(
            primary: ParraColorSwatch.zinc.shade600, name: "Secondary Chip Background"),
        error: ParraColorSwatch(primary: .red, name: "Error"),
        warning: ParraColorSwatch(primary: .yellow, name: "Warning"),
        info: ParraColorSwatch(primary: .blue, name: "Info"),
        success: ParraColorSwatch(primary: .green, name: "Success"))

    /// The colours the launch screen and presentations draw with, by the names their options
    /// take (`primary`, `background`, `text`, ...): each swatch's middle shade.
    package var launchFacts: [String: String] {
        [
            "primary": primary.shade500.hex, "secondary": secondary.shade500.hex,
            "background": primaryBackground.hex, "text": primaryText.shade500.hex, "error": error.shade500.hex,
            "warning": warning.shade500.hex, "info": info.shade500.hex, "success": success.shade500.hex,
        ]
    }
}
