import FoundationEssentials

/// How a console log line prints the extra values attached to a log.
public enum ParraLoggerExtraStyle: String, Sendable, Hashable, CaseIterable {
    /// The values as they are.
    case raw
    /// The values with every string cut to its first 80 characters plus `...`, as the SDK.
    case condensed
    /// Pretty-printed JSON with sorted keys (the default).
    case pretty

    /// The style used when none is given: `.pretty`.
    public static let `default` = ParraLoggerExtraStyle.pretty
}
