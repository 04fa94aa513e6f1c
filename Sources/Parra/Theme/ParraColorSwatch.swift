/// Eleven shades of one colour, from the lightest (`shade50`) to the darkest (`shade950`), as
/// the SDK's palettes are built; `shade500` is the colour itself.
public struct ParraColorSwatch: Sendable, Hashable, Identifiable {
    /// The shades as given, or the one colour they are derived from when read.
    private enum Shades: Sendable {
        case given([ParraColor])
        case derived(ParraColor)
    }

    private let shades: Shades
    /// The swatch's name, when it has one ("Gray").
    public let name: String?

    /// The lightest shade.
    public var shade50: ParraColor { shade(0) }
    /// A shade.
    public var shade100: ParraColor { shade(1) }
    /// A shade.
    public var shade200: ParraColor { shade(2) }
    /// A shade.
    public var shade300: ParraColor { shade(3) }
    /// A shade.
    public var shade400: ParraColor { shade(4) }
    /// The colour itself.
    public var shade500: ParraColor { shade(5) }
    /// A shade.
    public var shade600: ParraColor { shade(6) }
    /// A shade.
    public var shade700: ParraColor { shade(7) }
    /// A shade.
    public var shade800: ParraColor { shade(8) }
    /// A shade.
    public var shade900: ParraColor { shade(9) }
    /// The darkest shade.
    public var shade950: ParraColor { shade(10) }

    /// Its identity: its name, else its middle shade.
    public var id: String { name ?? shade500.hex }

    /// Every shade given.
    public init(
        shade50: ParraColorConvertible, shade100: ParraColorConvertible, shade200: ParraColorConvertible,
        shade300: ParraColorConvertible, shade400: ParraColorConvertible, shade500: ParraColorConvertible,
        shade600: ParraColorConvertible, shade700: ParraColorConvertible, shade800: ParraColorConvertible,
        shade900: ParraColorConvertible, shade950: ParraColorConvertible, name: String? = nil
    ) {
        shades = .given(
            [
                shade50, shade100, shade200, shade300, shade400, shade500, shade600, shade700, shade800, shade900,
                shade950,
            ]
            .map { $0.toParraColor() })
        self.name = name
    }

    /// The shades of `primary` (`shade500`), the others at the SDK's lightness steps, derived
    /// when read (the launch reads only the middle shades).
    public init(primary: ParraColor, name: String? = nil) {
        shades = .derived(primary)
        self.name = name
    }

    /// The SDK's lightness of each derived shade, lightest first (`shade500` is the colour).
    private static let lightness = [0.98, 0.97, 0.952, 0.925, 0.825, 0, 0.47, 0.394, 0.326, 0.27, 0.17]

    /// Shade `index`, 0 (`shade50`) to 10 (`shade950`).
    private func shade(_ index: Int) -> ParraColor {
        switch shades {
        case .given(let colors): colors[index]
        case .derived(let primary): index == 5 ? primary : primary.withLuminosity(Self.lightness[index])
        }
    }

    /// Every shade, lightest first.
    private var all: [ParraColor] { (0...10).map(shade) }

    /// Equal when every shade and the name are.
    public static func == (lhs: ParraColorSwatch, rhs: ParraColorSwatch) -> Bool {
        lhs.name == rhs.name && lhs.all == rhs.all
    }

    /// Hashes every shade and the name.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(all)
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
