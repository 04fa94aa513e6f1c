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
        primaryChipText: Color.accentShade700,
        secondaryChipText: ParraColorSwatch(primary: Color.grayShade700, name: "Secondary Chip Text"),
        primaryChipBackground: Color.accentShade400,
        secondaryChipBackground: ParraColorSwatch(
            primary: Color.zincShade200, name: "Secondary Chip Background"),
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
        primaryChipText: ParraColorSwatch(primary: Color.grayShade50, name: "Primary Chip Text"),
        secondaryChipText: ParraColorSwatch(primary: Color.grayShade50, name: "Secondary Chip Text"),
        primaryChipBackground: Color.accentShade600,
        secondaryChipBackground: ParraColorSwatch(
            primary: Color.zincShade600, name: "Secondary Chip Background"),
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

extension Color {
    /// The accent colour's shades the default palettes' chips use, as
    /// `ParraColorSwatch(primary: .accentColor)` derives them (a test checks), written out so
    /// that a launch with the default theme derives nothing.
    package static let accentShade400 = Color(hex: 0xA6D0FF)
    /// `shade600` of the accent colour.
    package static let accentShade600 = Color(hex: 0x0073F0)
    /// `shade700` of the accent colour.
    package static let accentShade700 = Color(hex: 0x0060C9)
    /// ``ParraColorSwatch/gray``'s `shade50`, written out so that a launch makes no swatch.
    package static let grayShade50 = Color(hex: 0xF9FAFB)
    /// ``ParraColorSwatch/gray``'s `shade700`.
    package static let grayShade700 = Color(hex: 0x374151)
    /// ``ParraColorSwatch/zinc``'s `shade200`.
    package static let zincShade200 = Color(hex: 0xE4E4E7)
    /// ``ParraColorSwatch/zinc``'s `shade600`.
    package static let zincShade600 = Color(hex: 0x52525B)
}
