import CParraPlugin

/// Parra's log levels as the module sees them: the ABI's `PARRA_LOG_LEVEL_*` values, with the
/// names and symbols console lines print.
enum LogLevel: Int32, CaseIterable, Comparable {
    case trace, debug, info, warn, error, fatal

    /// Parses a level name as Parra does: trimmed, lowercased, exactly one of the six names.
    init?(parsing text: String) {
        let word = text.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        guard let level = Self.allCases.first(where: { $0.keyword == word }) else { return nil }
        self = level
    }

    /// The lowercase name: `trace` ... `fatal`.
    var keyword: String { Self.keywords[Int(rawValue)] }

    static func < (lhs: LogLevel, rhs: LogLevel) -> Bool { lhs.rawValue < rhs.rawValue }

    private static let keywords = ["trace", "debug", "info", "warn", "error", "fatal"]

    /// `TRACE` ... `FATAL`, as UTF-8.
    static let words: [[UInt8]] = keywords.map { Array($0.uppercased().utf8) }
    /// 🟣 🔵 ⚪️ 🟡 🔴 💀, as UTF-8.
    static let symbols: [[UInt8]] = [
        "\u{1F7E3}", "\u{1F535}", "\u{26AA}\u{FE0F}", "\u{1F7E1}", "\u{1F534}", "\u{1F480}",
    ]
    .map { Array($0.utf8) }
    /// The ANSI colour each level's segment takes on a terminal.
    static let colours: [[UInt8]] = ["\u{1B}[35m", "\u{1B}[34m", "", "\u{1B}[33m", "\u{1B}[31m", "\u{1B}[1;31m"]
        .map { Array($0.utf8) }
}
