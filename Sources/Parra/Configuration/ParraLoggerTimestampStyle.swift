import Foundation
import ParraRuntime

/// How a console log line prints its timestamp. Sendable because a custom formatter is only
/// read, for its format, when the configuration is flattened.
public enum ParraLoggerTimestampStyle: @unchecked Sendable, Hashable {
    /// ISO 8601 in UTC with fractional seconds, `2024-02-24T20:47:51.530Z` (the default).
    case iso8601
    /// RFC 3339 in UTC without fractional seconds, `2021-10-01T00:00:00Z`.
    case rfc3339
    /// Seconds since 1970 as a Double.
    case epoch
    /// A `DateFormatter`, as in the SDK: the logger module prints with its `dateFormat` (such as
    /// `HH:mm:ss`), in its time zone and locale as they are when the configuration is read.
    case custom(DateFormatter)

    /// The style used when none is given: `.iso8601`.
    public static let `default` = ParraLoggerTimestampStyle.iso8601
}

extension ParraLoggerTimestampStyle {
    /// `style`, plus for a custom style the formatter's `format`, `timeZone` and `locale`
    /// identifiers.
    var optionFields: [String: OptionValue] {
        switch self {
        case .iso8601: ["style": .string("iso8601")]
        case .rfc3339: ["style": .string("rfc3339")]
        case .epoch: ["style": .string("epoch")]
        case .custom(let formatter):
            [
                "style": .string("custom"), "format": .string(formatter.dateFormat ?? ""),
                "timeZone": .string(formatter.timeZone.identifier), "locale": .string(formatter.locale.identifier),
            ]
        }
    }
}
