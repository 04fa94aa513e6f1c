import ParraPluginKit

/// An sRGB colour with 8-bit components.
struct RGB: Equatable {
    var red: UInt8
    var green: UInt8
    var blue: UInt8

    /// Parses `#RRGGBB` (``LaunchPalette/hexPattern``); nil for anything else.
    init?(hex: String) {
        // Seven bytes: all ASCII, so no other script's digits; and no sign, which UInt32 takes.
        guard hex.utf8.count == 7, hex.hasPrefix("#"), hex.dropFirst().allSatisfy(\.isHexDigit),
            let value = UInt32(hex.dropFirst(), radix: 16)
        else { return nil }
        self.init(red: UInt8(value >> 16 & 0xFF), green: UInt8(value >> 8 & 0xFF), blue: UInt8(value & 0xFF))
    }

    init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// `#RRGGBB`.
    var hex: String {
        "#"
            + String(
                joining: [red, green, blue].map { String($0, radix: 16, uppercase: true) }.map {
                    $0.count == 1 ? "0" + $0 : $0
                })
    }

    /// This colour moved `amount` (0...1) of the way to black: a fading step.
    func faded(_ amount: Double) -> RGB {
        let keep = 1 - min(max(amount, 0), 1)
        return RGB(
            red: UInt8(Double(red) * keep), green: UInt8(Double(green) * keep), blue: UInt8(Double(blue) * keep))
    }
}

/// The colour names a launch screen may use: the theme's palette names (primary, secondary,
/// background, text, error, warning, info, success), then the basic colours (black, white,
/// gray, red, orange, yellow, green, cyan, blue, indigo, purple); `#RRGGBB` is taken as is.
struct LaunchPalette {
    /// What `RGB(hex:)` reads, as a regular expression: `#RRGGBB`.
    static let hexPattern = "^#[0-9A-Fa-f]{6}$"
    /// The theme's names, in the order the documentation lists them.
    static let themeNames = ["primary", "secondary", "background", "text", "error", "warning", "info", "success"]
    /// The basic colours, with the values Parra's `ParraColor` gives them.
    static let basicColors: [(String, RGB)] = [
        ("black", RGB(red: 0x00, green: 0x00, blue: 0x00)), ("white", RGB(red: 0xFF, green: 0xFF, blue: 0xFF)),
        ("gray", RGB(red: 0x8E, green: 0x8E, blue: 0x93)), ("red", RGB(red: 0xFF, green: 0x3B, blue: 0x30)),
        ("orange", RGB(red: 0xFF, green: 0x95, blue: 0x00)), ("yellow", RGB(red: 0xFF, green: 0xCC, blue: 0x00)),
        ("green", RGB(red: 0x34, green: 0xC7, blue: 0x59)), ("cyan", RGB(red: 0x32, green: 0xAD, blue: 0xE6)),
        ("blue", RGB(red: 0x00, green: 0x7A, blue: 0xFF)), ("indigo", RGB(red: 0x58, green: 0x56, blue: 0xD6)),
        ("purple", RGB(red: 0xAF, green: 0x52, blue: 0xDE)),
    ]
    /// Parra's default theme, for names the app's theme does not give.
    static let defaultTheme: [String: RGB] = [
        "primary": RGB(red: 0x00, green: 0x7A, blue: 0xFF), "secondary": RGB(red: 0x8E, green: 0x8E, blue: 0x93),
        "background": RGB(red: 0xFF, green: 0xFF, blue: 0xFF), "text": RGB(red: 0x00, green: 0x00, blue: 0x00),
        "error": RGB(red: 0xFF, green: 0x3B, blue: 0x30), "warning": RGB(red: 0xFF, green: 0x95, blue: 0x00),
        "info": RGB(red: 0x32, green: 0xAD, blue: 0xE6), "success": RGB(red: 0x34, green: 0xC7, blue: 0x59),
    ]

    /// The theme's colours by name.
    let theme: [String: RGB]

    /// The palette of the app facts' `theme` object; a missing or malformed entry takes the
    /// default theme's colour and is reported.
    static func fromFacts(_ facts: [String: JSONValue]?) -> (LaunchPalette, [String]) {
        var problems: [String] = []
        var theme = defaultTheme
        for name in themeNames {
            guard let value = facts?[name] else { continue }
            if let text = value.string, let color = RGB(hex: text) {
                theme[name] = color
            } else {
                problems.append("app facts theme.\(name): \(value.json) is not #RRGGBB; using the default theme's")
            }
        }
        return (LaunchPalette(theme: theme), problems)
    }

    /// The colour `name` stands for, or nil when it names none.
    func color(named name: String) -> RGB? {
        if let color = theme[name] { return color }
        if let basic = Self.basicColors.first(where: { $0.0 == name }) { return basic.1 }
        return RGB(hex: name)
    }

    /// The background for `name` (the theme's background when nil), and the problem when the
    /// name is unknown.
    func background(named name: String?, key: String) -> (RGB, String?) {
        let fallback = theme["background"]!
        guard let name else { return (fallback, nil) }
        guard let color = color(named: name) else {
            let names = (Self.themeNames + Self.basicColors.map(\.0)).joined(separator: ", ")
            return (
                fallback,
                "\(key): no colour is named '\(name)' (use one of \(names), or #RRGGBB); using the theme's background \(fallback.hex)"
            )
        }
        return (color, nil)
    }
}
