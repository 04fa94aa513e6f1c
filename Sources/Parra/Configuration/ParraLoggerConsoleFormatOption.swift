import FoundationEssentials

/// One piece of a console log line. Each prints `leftPad + value + rightPad`; a piece whose
/// value is absent is skipped, and the joined line is trimmed.
public enum ParraLoggerConsoleFormatOption: Sendable, Hashable {
    /// The log's message.
    case printMessage(leftPad: String = "", rightPad: String = "")
    /// The time the log was made.
    case printTimestamps(
        style: ParraLoggerTimestampStyle = .default, leftPad: String = "", rightPad: String = "")
    /// The log's level.
    case printLevel(style: ParraLoggerLevelStyle = .default, leftPad: String = "", rightPad: String = "")
    /// Where the log was made.
    case printCallSite(
        options: ParraLoggerCallSiteStyleOptions = .default, leftPad: String = "", rightPad: String = "")
    /// The extra values attached to the log.
    case printExtras(style: ParraLoggerExtraStyle = .default, leftPad: String = "", rightPad: String = "")
}

extension Array where Element == ParraLoggerConsoleFormatOption {
    /// Level symbol, call site in brackets, message, then extras on the next line:
    /// `⚪️ [ContentView:body:42] Hello`.
    public static var `default`: [ParraLoggerConsoleFormatOption] {
        [
            .printLevel(style: .symbol, leftPad: "", rightPad: " "),
            .printCallSite(options: .default, leftPad: "[", rightPad: "]"),
            .printMessage(leftPad: " ", rightPad: " "),
            .printExtras(style: .pretty, leftPad: "\n", rightPad: ""),
        ]
    }
}
