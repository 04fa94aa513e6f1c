/// The severity of a log, ordered trace < debug < info < warn < error < fatal: the one level
/// type of the app, the host and the modules. Each side compiles this target in, so no Swift
/// type crosses the module boundary; the raw values are the C ABI's `PARRA_LOG_LEVEL_*`.
public enum ParraLogLevel: Int32, Sendable, Hashable, Comparable, CaseIterable, CustomStringConvertible {
    /// Very fine-grained tracing, such as scope entry (`PARRA_LOG_LEVEL_TRACE`, 0).
    case trace = 0
    /// Information useful while developing.
    case debug = 1
    /// Normal operational messages; the default minimum level.
    case info = 2
    /// Something unexpected that the app recovers from.
    case warn = 3
    /// A failure of an operation.
    case error = 4
    /// A failure the app cannot recover from (logging it does not stop the program).
    case fatal = 5

    /// The level used when none is configured: `.info`.
    public static let `default` = ParraLogLevel.info

    /// Parses a level's name as everything in Parra reads one (configuration, environment
    /// variables, module options): white space and line breaks around it ignored (Foundation's
    /// `whitespacesAndNewlines`), any case, exactly one of the six names.
    public init?(parsing text: String) {
        var scalars = Substring(text).unicodeScalars
        while let first = scalars.first, Self.isWhitespaceOrNewline(first) { scalars.removeFirst() }
        while let last = scalars.last, Self.isWhitespaceOrNewline(last) { scalars.removeLast() }
        let word = String(scalars).lowercased()
        guard let level = Self.allCases.first(where: { $0.keyword == word }) else { return nil }
        self = level
    }

    /// Whether `scalar` is in Foundation's `CharacterSet.whitespacesAndNewlines`: the tab, line
    /// feed, vertical tab, form feed, carriage return, NEL, the space separators (Zs), U+200B
    /// ZERO WIDTH SPACE and the line and paragraph separators. Spelled out, since the logger
    /// reads its level before the app's first frame, without Foundation.
    private static func isWhitespaceOrNewline(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09...0x0D, 0x85, 0x200B, 0x2028, 0x2029: true
        default: scalar.properties.generalCategory == .spaceSeparator
        }
    }

    /// The lowercase name, as written in configuration and in the host's diagnostics (`trace`
    /// ... `fatal`). Spelled out: `String(describing:)` reflects on the case, which costs Swift
    /// metadata lookups at start-up.
    public var keyword: String {
        switch self {
        case .trace: "trace"
        case .debug: "debug"
        case .info: "info"
        case .warn: "warn"
        case .error: "error"
        case .fatal: "fatal"
        }
    }

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

    /// Whether `lhs` is less severe than `rhs`.
    public static func < (lhs: ParraLogLevel, rhs: ParraLogLevel) -> Bool { lhs.rawValue < rhs.rawValue }
}
