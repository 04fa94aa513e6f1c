#if canImport(Glibc)
    import Glibc
#endif

/// The colours Parra's views are drawn with (on Linux, by the terminal renderer: the launch
/// screen and presentations), as the SDK models them: a light palette and, optionally, a dark
/// one.
public struct ParraTheme: Sendable, Hashable {
    /// The palette for a light appearance.
    public let lightPalette: ParraColorPalette
    /// The palette for a dark appearance; nil when the theme has only the light one.
    public let darkPalette: ParraColorPalette?

    /// A theme of `lightPalette` and, for a dark appearance, `darkPalette`.
    public init(lightPalette: ParraColorPalette, darkPalette: ParraColorPalette? = nil) {
        self.lightPalette = lightPalette
        self.darkPalette = darkPalette
    }

    /// A theme of one palette, for every appearance.
    public init(palette: ParraColorPalette) {
        self.init(lightPalette: palette, darkPalette: palette)
    }

    /// The default palettes with `color` as the accent.
    public init(color: ParraColor) {
        func accented(_ base: ParraColorPalette) -> ParraColorPalette {
            ParraColorPalette(
                primary: color, secondary: base.secondary, primaryBackground: base.primaryBackground,
                secondaryBackground: base.secondaryBackground, primaryText: base.primaryText,
                secondaryText: base.secondaryText, primarySeparator: base.primarySeparator,
                secondarySeparator: base.secondarySeparator, primaryChipText: base.primaryChipText,
                secondaryChipText: base.secondaryChipText, primaryChipBackground: base.primaryChipBackground,
                secondaryChipBackground: base.secondaryChipBackground, error: base.error, warning: base.warning,
                info: base.info, success: base.success)
        }
        self.init(lightPalette: accented(.defaultLight), darkPalette: accented(.defaultDark))
    }

    /// Whether the theme has a dark palette of its own.
    public var supportsMultipleColorPalettes: Bool { darkPalette != nil }

    /// The palette of the appearance the app shows now (``ParraAppearance``, `.system` read
    /// from the terminal).
    public var palette: ParraColorPalette { palette(for: ParraAppearance.current) }

    /// The palette for `appearance`: the dark one for a dark appearance when there is one.
    public func palette(for appearance: ParraAppearance) -> ParraColorPalette {
        let dark =
            switch appearance {
            case .light: false
            case .dark: true
            case .system: ParraAppearance.systemIsDark(colorFGBG: getenv("COLORFGBG").map { String(cString: $0) })
            }
        return dark ? darkPalette ?? lightPalette : lightPalette
    }

    /// Parra's default theme: the SDK's light and dark palettes.
    public static let `default` = ParraTheme(lightPalette: .defaultLight, darkPalette: .defaultDark)
}

extension ParraAppearance {
    /// Whether the terminal's background is dark by `COLORFGBG` (`fg;bg`, set by rxvt, Konsole
    /// and others): a background of 0-6 or 8; without it, light.
    package static func systemIsDark(colorFGBG value: String?) -> Bool {
        guard let background = value?.split(separator: ";").last.flatMap({ Int($0) }) else { return false }
        return (0...6).contains(background) || background == 8
    }
}
