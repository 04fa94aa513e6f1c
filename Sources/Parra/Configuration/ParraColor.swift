import FoundationEssentials
import ParraRuntime

/// An opaque sRGB colour with 8-bit components, written as `#RRGGBB`.
public struct ParraColor: Sendable, Hashable, CustomStringConvertible {
    /// The red component, 0...255.
    public var red: UInt8
    /// The green component, 0...255.
    public var green: UInt8
    /// The blue component, 0...255.
    public var blue: UInt8

    /// Creates a colour from its three components.
    public init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
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
        self.init(rgb: value)
    }

    private init(rgb value: UInt32) {
        self.init(red: UInt8((value >> 16) & 0xFF), green: UInt8((value >> 8) & 0xFF), blue: UInt8(value & 0xFF))
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
    public static let black = ParraColor(red: 0x00, green: 0x00, blue: 0x00)
    /// White, `#FFFFFF`.
    public static let white = ParraColor(red: 0xFF, green: 0xFF, blue: 0xFF)
    /// A neutral grey, `#8E8E93`.
    public static let gray = ParraColor(red: 0x8E, green: 0x8E, blue: 0x93)
    /// Red, `#FF3B30`.
    public static let red = ParraColor(red: 0xFF, green: 0x3B, blue: 0x30)
    /// Orange, `#FF9500`.
    public static let orange = ParraColor(red: 0xFF, green: 0x95, blue: 0x00)
    /// Yellow, `#FFCC00`.
    public static let yellow = ParraColor(red: 0xFF, green: 0xCC, blue: 0x00)
    /// Green, `#34C759`.
    public static let green = ParraColor(red: 0x34, green: 0xC7, blue: 0x59)
    /// Cyan, `#32ADE6`.
    public static let cyan = ParraColor(red: 0x32, green: 0xAD, blue: 0xE6)
    /// Blue, `#007AFF`.
    public static let blue = ParraColor(red: 0x00, green: 0x7A, blue: 0xFF)
    /// Indigo, `#5856D6`.
    public static let indigo = ParraColor(red: 0x58, green: 0x56, blue: 0xD6)
    /// Purple, `#AF52DE`.
    public static let purple = ParraColor(red: 0xAF, green: 0x52, blue: 0xDE)
}
