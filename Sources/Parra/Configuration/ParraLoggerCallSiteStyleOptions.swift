import FoundationEssentials

/// Which parts of the call site a console log line prints; they are always printed in the
/// order file, thread, function, line, column, joined by `:`.
public struct ParraLoggerCallSiteStyleOptions: OptionSet, Sendable, Hashable {
    /// The bits of the set.
    public let rawValue: Int8

    /// Creates a set from its bits.
    public init(rawValue: Int8) {
        self.rawValue = rawValue
    }

    /// The file name from `#fileID`, without its extension.
    public static let file = ParraLoggerCallSiteStyleOptions(rawValue: 1 << 0)
    /// A `[<thread or queue name>] ` prefix.
    public static let thread = ParraLoggerCallSiteStyleOptions(rawValue: 1 << 1)
    /// The function name, cut at the first `(`.
    public static let function = ParraLoggerCallSiteStyleOptions(rawValue: 1 << 2)
    /// The line number.
    public static let line = ParraLoggerCallSiteStyleOptions(rawValue: 1 << 3)
    /// The column number.
    public static let column = ParraLoggerCallSiteStyleOptions(rawValue: 1 << 4)

    /// File, function and line: `ContentView:body:42`.
    public static let `default`: ParraLoggerCallSiteStyleOptions = [.file, .function, .line]

    /// Each option with its configuration name, in printing order.
    static let named: [(name: String, option: ParraLoggerCallSiteStyleOptions)] = [
        ("file", .file), ("thread", .thread), ("function", .function), ("line", .line),
        ("column", .column),
    ]

    /// The names of the options in this set, in printing order (`["file", "function", "line"]`).
    public var names: [String] {
        Self.named.filter { contains($0.option) }.map(\.name)
    }
}
