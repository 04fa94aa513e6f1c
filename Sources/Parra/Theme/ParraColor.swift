/// A colour of Parra's theme: SwiftUI's `Color`, as in the SDK.
public typealias ParraColor = Color

/// What a swatch's shade or a palette's colour can be given as: a ``ParraColor``, or an
/// integer `0xRRGGBB`, as the SDK's palettes write them.
public protocol ParraColorConvertible {
    /// The colour.
    func toParraColor() -> ParraColor
}

extension Color: ParraColorConvertible {
    /// Itself.
    public func toParraColor() -> ParraColor { self }
}

extension Int: ParraColorConvertible {
    /// The colour `0xRRGGBB`.
    public func toParraColor() -> ParraColor { Color(hex: self) }
}
