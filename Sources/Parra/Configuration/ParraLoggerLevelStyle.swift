import FoundationEssentials

/// How a console log line prints its level.
public enum ParraLoggerLevelStyle: String, Sendable, Hashable, CaseIterable {
    /// The level's symbol, `⚪️`.
    case symbol
    /// The level's upper-case name, `INFO`.
    case word
    /// Symbol and name, `⚪️ INFO` (the default).
    case both

    /// The style used when none is given: `.both`.
    public static let `default` = ParraLoggerLevelStyle.both
}
