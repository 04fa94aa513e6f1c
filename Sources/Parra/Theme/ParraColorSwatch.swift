/// Eleven shades of one colour, from the lightest (`shade50`) to the darkest (`shade950`), as
/// the SDK's palettes are built; `shade500` is the colour itself.
public struct ParraColorSwatch: Sendable, Hashable, Identifiable {
    /// The lightest shade.
    public let shade50: ParraColor
    /// A shade.
    public let shade100: ParraColor
    /// A shade.
    public let shade200: ParraColor
    /// A shade.
    public let shade300: ParraColor
    /// A shade.
    public let shade400: ParraColor
    /// The colour itself.
    public let shade500: ParraColor
    /// A shade.
    public let shade600: ParraColor
    /// A shade.
    public let shade700: ParraColor
    /// A shade.
    public let shade800: ParraColor
    /// A shade.
    public let shade900: ParraColor
    /// The darkest shade.
    public let shade950: ParraColor
    /// The swatch's name, when it has one ("Gray").
    public let name: String?

    /// Its identity: its name, else its middle shade.
    public var id: String { name ?? shade500.hex }

    /// Every shade given.
    public init(
        shade50: ParraColorConvertible, shade100: ParraColorConvertible, shade200: ParraColorConvertible,
        shade300: ParraColorConvertible, shade400: ParraColorConvertible, shade500: ParraColorConvertible,
        shade600: ParraColorConvertible, shade700: ParraColorConvertible, shade800: ParraColorConvertible,
        shade900: ParraColorConvertible, shade950: ParraColorConvertible, name: String? = nil
    ) {
        self.shade50 = shade50.toParraColor()
        self.shade100 = shade100.toParraColor()
        self.shade200 = shade200.toParraColor()
        self.shade300 = shade300.toParraColor()
        self.shade400 = shade400.toParraColor()
        self.shade500 = shade500.toParraColor()
        self.shade600 = shade600.toParraColor()
        self.shade700 = shade700.toParraColor()
        self.shade800 = shade800.toParraColor()
        self.shade900 = shade900.toParraColor()
        self.shade950 = shade950.toParraColor()
        self.name = name
    }

    /// The shades of `primary` (`shade500`), the others at the SDK's lightness steps.
    public init(primary: ParraColor, name: String? = nil) {
        self.init(
            shade50: primary.withLuminosity(0.98), shade100: primary.withLuminosity(0.97),
            shade200: primary.withLuminosity(0.952), shade300: primary.withLuminosity(0.925),
            shade400: primary.withLuminosity(0.825), shade500: primary, shade600: primary.withLuminosity(0.47),
            shade700: primary.withLuminosity(0.394), shade800: primary.withLuminosity(0.326),
            shade900: primary.withLuminosity(0.27), shade950: primary.withLuminosity(0.17), name: name)
    }

    /// Tailwind's gray.
    public static let gray = ParraColorSwatch(
        shade50: 0xF9FAFB, shade100: 0xF3F4F6, shade200: 0xE5E7EB, shade300: 0xD1D5DB, shade400: 0x9CA3AF,
        shade500: 0x6B7280, shade600: 0x4B5563, shade700: 0x374151, shade800: 0x1F2937, shade900: 0x111827,
        shade950: 0x030712, name: "Gray")

    /// Tailwind's zinc.
    public static let zinc = ParraColorSwatch(
        shade50: 0xFAFAFA, shade100: 0xF4F4F5, shade200: 0xE4E4E7, shade300: 0xD4D4D8, shade400: 0xA1A1AA,
        shade500: 0x71717A, shade600: 0x52525B, shade700: 0x3F3F46, shade800: 0x27272A, shade900: 0x18181B,
        shade950: 0x09090B, name: "Zinc")
}

/// What a palette's swatch can be given as: a ``ParraColorSwatch``, or one colour whose shades
/// are derived (``ParraColorSwatch/init(primary:name:)``).
public protocol ParraColorSwatchConvertible {
    /// The swatch.
    func toSwatch() -> ParraColorSwatch
}

extension ParraColorSwatch: ParraColorSwatchConvertible {
    /// Itself.
    public func toSwatch() -> ParraColorSwatch { self }
}

extension ParraColorSwatch: ParraColorConvertible {
    /// Its middle shade, the colour itself.
    public func toParraColor() -> ParraColor { shade500 }
}

extension Color: ParraColorSwatchConvertible {
    /// The swatch whose middle shade this is.
    public func toSwatch() -> ParraColorSwatch { ParraColorSwatch(primary: self) }
}
