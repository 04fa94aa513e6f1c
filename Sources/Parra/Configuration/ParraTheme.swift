import FoundationEssentials

/// The colour palette Parra's views are drawn with (on Linux, by the terminal renderer).
public struct ParraTheme: Sendable, Hashable {
    /// The main accent colour: buttons, links, highlights.
    public var primary: ParraColor
    /// The secondary accent colour: less prominent controls and captions.
    public var secondary: ParraColor
    /// The colour behind content.
    public var background: ParraColor
    /// The colour of body text.
    public var text: ParraColor
    /// The colour of errors and destructive actions.
    public var error: ParraColor
    /// The colour of warnings.
    public var warning: ParraColor
    /// The colour of informational messages.
    public var info: ParraColor
    /// The colour of success messages.
    public var success: ParraColor

    /// Creates a theme; each colour left out takes the default theme's colour.
    public init(
        primary: ParraColor = .blue,
        secondary: ParraColor = .gray,
        background: ParraColor = .white,
        text: ParraColor = .black,
        error: ParraColor = .red,
        warning: ParraColor = .orange,
        info: ParraColor = .cyan,
        success: ParraColor = .green
    ) {
        self.primary = primary
        self.secondary = secondary
        self.background = background
        self.text = text
        self.error = error
        self.warning = warning
        self.info = info
        self.success = success
    }

    /// Parra's default palette: blue accents, black text on white.
    public static let `default` = ParraTheme()
}
