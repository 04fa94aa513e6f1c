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

    /// Creates a colour from its three components.
    public init(red: UInt8, green: UInt8, blue: UInt8, opacity: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.opacity = min(max(opacity, 0), 1)
    }

    /// The colour `0xRRGGBB`, as the SDK writes its palette's colours.
    public init(hex: Int, opacity: Double = 1) {
        self.init(
            red: UInt8((hex >> 16) & 0xFF), green: UInt8((hex >> 8) & 0xFF), blue: UInt8(hex & 0xFF), opacity: opacity)
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
        return Color(red: rgb.red, green: rgb.green, blue: rgb.blue, opacity: Double(alpha) / 255)
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
    public static let black = Color(red: 0x00, green: 0x00, blue: 0x00)
    /// White, `#FFFFFF`.
    public static let white = Color(red: 0xFF, green: 0xFF, blue: 0xFF)
    /// A neutral grey, `#8E8E93`.
    public static let gray = Color(red: 0x8E, green: 0x8E, blue: 0x93)
    /// Red, `#FF3B30`.
    public static let red = Color(red: 0xFF, green: 0x3B, blue: 0x30)
    /// Orange, `#FF9500`.
    public static let orange = Color(red: 0xFF, green: 0x95, blue: 0x00)
    /// Yellow, `#FFCC00`.
    public static let yellow = Color(red: 0xFF, green: 0xCC, blue: 0x00)
    /// Green, `#34C759`.
    public static let green = Color(red: 0x34, green: 0xC7, blue: 0x59)
    /// Cyan, `#32ADE6`.
    public static let cyan = Color(red: 0x32, green: 0xAD, blue: 0xE6)
    /// Blue, `#007AFF`.
    public static let blue = Color(red: 0x00, green: 0x7A, blue: 0xFF)
    /// Indigo, `#5856D6`.
    public static let indigo = Color(red: 0x58, green: 0x56, blue: 0xD6)
    /// Purple, `#AF52DE`.
    public static let purple = Color(red: 0xAF, green: 0x52, blue: 0xDE)
    /// Pink, `#FF2D55`.
    public static let pink = Color(red: 0xFF, green: 0x2D, blue: 0x55)
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
            let gray = UInt8((l * 255).rounded())
            return Color(red: gray, green: gray, blue: gray, opacity: opacity)
        }
        let q = l < 0.5 ? l * (1 + saturation) : l + saturation - l * saturation
        let p = 2 * l - q
        func channel(_ t: Double) -> UInt8 {
            let t = t < 0 ? t + 1 : t > 1 ? t - 1 : t
            let value =
                t < 1 / 6 ? p + (q - p) * 6 * t : t < 1 / 2 ? q : t < 2 / 3 ? p + (q - p) * (2 / 3 - t) * 6 : p
            return UInt8((value * 255).rounded())
        }
        return Color(
            red: channel(hue + 1 / 3), green: channel(hue), blue: channel(hue - 1 / 3), opacity: opacity)
    }
}
