import FoundationEssentials

/// Styling attributes shared by every Parra component.
public struct ParraGlobalComponentAttributes: Sendable, Hashable {
    /// The corner radius of cards, buttons and fields, in points (cells in a terminal).
    public var cornerRadius: Double
    /// The padding around a component's content, in points (cells in a terminal).
    public var padding: Double
    /// The factor applied to every font size; 1 is the platform's size.
    public var fontScale: Double

    /// Creates component attributes; each value left out takes its default.
    public init(cornerRadius: Double = 8, padding: Double = 16, fontScale: Double = 1) {
        self.cornerRadius = cornerRadius
        self.padding = padding
        self.fontScale = fontScale
    }

    /// Corner radius 8, padding 16, font scale 1.
    public static let `default` = ParraGlobalComponentAttributes()
}
