import FoundationEssentials
import ParraRuntime

/// An sRGB colour with 8-bit components, written as `#RRGGBB`: SwiftUI's `Color` as the
/// terminal draws it, and Parra's `ParraColor`. Its opacity is kept as given; a terminal draws
/// every colour opaque.
public struct Color: Sendable, Hashable, CustomStringConvertible {
    /// The red component, 0...255.
    public var red: UInt8
    /// The green component, 0...255.
    public var green: UInt8
    /// The blue component, 0...255.
    public var blue: UInt8
    /// The opacity, 0...1.
    public var opacity: Double

    /// A colour from its components, each 0...1, as SwiftUI's `Color(red:green:blue:opacity:)`
    /// (rounded to 8 bits; values outside 0...1 are clamped).
    public init(red: Double, green: Double, blue: Double, opacity: Double = 1) {
        func byte(_ value: Double) -> UInt8 { UInt8((min(max(value, 0), 1) * 255).rounded()) }
        self.init(bytes: byte(red), byte(green), byte(blue), opacity: opacity)
    }

    /// The colour `0xRRGGBB`, as the SDK writes its palette's colours.
    public init(hex: Int, opacity: Double = 1) {
        self.init(
            bytes: UInt8((hex >> 16) & 0xFF), UInt8((hex >> 8) & 0xFF), UInt8(hex & 0xFF), opacity: opacity)
    }

    private init(bytes red: UInt8, _ green: UInt8, _ blue: UInt8, opacity: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.opacity = min(max(opacity, 0), 1)
    }

    /// The colour `#RRGGBB` or `#RRGGBBAA` (the `#` optional), as the SDK's templates write
    /// their themes; black for anything else, as the SDK's.
    public static func fromHex(_ hex: String) -> Color {
        if let color = Color(hex: hex) { return color }
        var text = Substring(hex)
        if text.first == "#" { text.removeFirst() }
        guard text.count == 8, let rgb = Color(hex: String(text.prefix(6))),
            let alpha = UInt8(text.suffix(2), radix: 16)
        else { return .black }
        return Color(bytes: rgb.red, rgb.green, rgb.blue, opacity: Double(alpha) / 255)
    }

    /// Parses `#RRGGBB` (the `#` is optional, hex digits in either case); nil for anything else.
    public init?(hex: String) {
        // Read scalar by scalar: Foundation's trimming and Character's properties cost the
        // launch a search of every library's conformances. What is trimmed is what
        // `.whitespaces` holds: tabs and Unicode's space separators.
        func isSpace(_ scalar: Unicode.Scalar) -> Bool {
            scalar == "\t" || scalar.properties.generalCategory == .spaceSeparator
        }
        var scalars = Substring(hex).unicodeScalars
        while let first = scalars.first, isSpace(first) { scalars.removeFirst() }
        while let last = scalars.last, isSpace(last) { scalars.removeLast() }
        if scalars.first == "#" { scalars.removeFirst() }
        guard scalars.count == 6 else { return nil }
        var value: UInt32 = 0
        for scalar in scalars {
            guard scalar.isASCII, let digit = ASCIIByte.hexValue(UInt8(scalar.value)) else { return nil }
            value = value << 4 | UInt32(digit)
        }
        self.init(hex: Int(value))
    }

    /// The colour as `#RRGGBB`, upper-case hex digits.
    public var hex: String {
        let digits = Array("0123456789ABCDEF".utf8)
        var text: [UInt8] = [UInt8(ascii: "#")]
        for component in [red, green, blue] {
            text.append(digits[Int(component >> 4)])
            text.append(digits[Int(component & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// The colour as `#RRGGBB`.
    public var description: String { hex }

    /// Black, `#000000`.
    public static let black = Color(hex: 0x000000)
    /// White, `#FFFFFF`.
    public static let white = Color(hex: 0xFFFFFF)
    /// A neutral grey, `#8E8E93`.
    public static let gray = Color(hex: 0x8E8E93)
    /// Red, `#FF3B30`.
    public static let red = Color(hex: 0xFF3B30)
    /// Orange, `#FF9500`.
    public static let orange = Color(hex: 0xFF9500)
    /// Yellow, `#FFCC00`.
    public static let yellow = Color(hex: 0xFFCC00)
    /// Green, `#34C759`.
    public static let green = Color(hex: 0x34C759)
    /// Cyan, `#32ADE6`.
    public static let cyan = Color(hex: 0x32ADE6)
    /// Blue, `#007AFF`.
    public static let blue = Color(hex: 0x007AFF)
    /// Indigo, `#5856D6`.
    public static let indigo = Color(hex: 0x5856D6)
    /// Purple, `#AF52DE`.
    public static let purple = Color(hex: 0xAF52DE)
    /// Pink, `#FF2D55`.
    public static let pink = Color(hex: 0xFF2D55)
    /// The app's accent colour: SwiftUI's default, blue.
    public static let accentColor = blue
    /// SwiftUI's secondary content colour, the neutral grey.
    public static let secondary = gray
    /// SwiftUI's primary content colour, black.
    public static let primary = black

    /// This colour with its HSL lightness set to `luminosity` (0...1), hue and saturation kept:
    /// how the SDK derives a swatch's shades from one colour.
    public func withLuminosity(_ luminosity: Double) -> Color {
        let (r, g, b) = (Double(red) / 255, Double(green) / 255, Double(blue) / 255)
        let (high, low) = (max(r, g, b), min(r, g, b))
        let lightness = (high + low) / 2
        var hue = 0.0
        var saturation = 0.0
        if high > low {
            let delta = high - low
            saturation = lightness > 0.5 ? delta / (2 - high - low) : delta / (high + low)
            hue =
                high == r
                ? (g - b) / delta + (g < b ? 6 : 0)
                : high == g ? (b - r) / delta + 2 : (r - g) / delta + 4
            hue /= 6
        }
        let l = min(max(luminosity, 0), 1)
        guard saturation > 0 else {
            return Color(red: l, green: l, blue: l, opacity: opacity)
        }
        let q = l < 0.5 ? l * (1 + saturation) : l + saturation - l * saturation
        let p = 2 * l - q
        func channel(_ t: Double) -> UInt8 {
            let t = t < 0 ? t + 1 : t > 1 ? t - 1 : t
            let value =
                t < 1 / 6 ? p + (q - p) * 6 * t : t < 1 / 2 ? q : t < 2 / 3 ? p + (q - p) * (2 / 3 - t) * 6 : p
            return UInt8((value * 255).rounded())
        }
        return Color(bytes: channel(hue + 1 / 3), channel(hue), channel(hue - 1 / 3), opacity: opacity)
    }
}
