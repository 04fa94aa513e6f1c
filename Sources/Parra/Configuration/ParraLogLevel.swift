import FoundationEssentials
import ParraAPI
import ParraAppModel
import ParraRuntime

/// The severity of a log, ordered trace < debug < info < warn < error < fatal.
public enum ParraLogLevel: Sendable, Hashable, Comparable, CaseIterable, CustomStringConvertible {
    /// Very fine-grained tracing, such as scope entry.
    case trace
    /// Information useful while developing.
    case debug
    /// Normal operational messages; the default minimum level.
    case info
    /// Something unexpected that the app recovers from.
    case warn
    /// A failure of an operation.
    case error
    /// A failure the app cannot recover from (logging it does not stop the program).
    case fatal

    /// The level used when none is configured: `.info`.
    public static let `default` = ParraLogLevel.info

    /// Parses a level name: trims whitespace, lowercases, and accepts exactly the six names.
    public init?(string: String) {
        var scalars = Substring(string).unicodeScalars
        while let first = scalars.first, Self.isWhitespaceOrNewline(first) { scalars.removeFirst() }
        while let last = scalars.last, Self.isWhitespaceOrNewline(last) { scalars.removeLast() }
        let word = String(scalars).lowercased()
        guard let level = Self.allCases.first(where: { $0.keyword == word }) else { return nil }
        self = level
    }

    /// Whether `scalar` is in Foundation's `CharacterSet.whitespacesAndNewlines`, which the
    /// name was trimmed with: the tab, line feed, vertical tab, form feed, carriage return,
    /// NEL, the space separators (Zs), U+200B ZERO WIDTH SPACE and the line and paragraph
    /// separators (checked against the set over every scalar).
    private static func isWhitespaceOrNewline(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09...0x0D, 0x85, 0x200B, 0x2028, 0x2029: true
        default: scalar.properties.generalCategory == .spaceSeparator
        }
    }

    /// The lowercase name, as written in configuration (`trace` ... `fatal`): the host's.
    public var keyword: String { hostLevel.name }

    /// The upper-case name printed in log lines (`TRACE` ... `FATAL`).
    public var name: String { keyword.uppercased() }

    /// The symbol printed in log lines: 🟣 🔵 ⚪️ 🟡 🔴 💀 from trace to fatal.
    public var symbol: String {
        switch self {
        case .trace: "\u{1F7E3}"
        case .debug: "\u{1F535}"
        case .info: "\u{26AA}\u{FE0F}"
        case .warn: "\u{1F7E1}"
        case .error: "\u{1F534}"
        case .fatal: "\u{1F480}"
        }
    }

    /// The upper-case name.
    public var description: String { name }
}

extension ParraLogLevel {
    /// The level's `PARRA_LOG_LEVEL_*` value in the C ABI (trace 0 ... fatal 5).
    @inlinable
    public var abiValue: Int32 {
        switch self {
        case .trace: 0
        case .debug: 1
        case .info: 2
        case .warn: 3
        case .error: 4
        case .fatal: 5
        }
    }
}

extension ParraLogLevel {
    /// The runtime's level of the same rank.
    package var hostLevel: HostLogLevel { HostLogLevel(rawValue: abiValue)! }
}
