import ParraRuntime

/// How a console log line prints its timestamp.
public enum ParraLoggerTimestampStyle: Sendable, Hashable {
    /// ISO 8601 in UTC with fractional seconds, `2024-02-24T20:47:51.530Z` (the default).
    case iso8601
    /// RFC 3339 in UTC without fractional seconds, `2021-10-01T00:00:00Z`.
    case rfc3339
    /// Seconds since 1970 as a Double.
    case epoch
    /// A `DateFormatter` pattern (such as `HH:mm:ss`), printed in the time zone and locale
    /// named by their identifiers (`Europe/Paris`, `fr_FR`), UTC and `en_US_POSIX` when not
    /// named. The SDK takes the `DateFormatter` itself; this takes what the logger module reads
    /// from one, so that an app need not load corelibs Foundation.
    case custom(String, timeZone: String? = nil, locale: String? = nil)

    /// The style used when none is given: `.iso8601`.
    public static let `default` = ParraLoggerTimestampStyle.iso8601
}

extension ParraLoggerTimestampStyle {
    /// `style`, plus for a custom style its `format` and the `timeZone` and `locale`
    /// identifiers it names.
    var optionFields: [String: JSONValue] {
        switch self {
        case .iso8601: return ["style": .string("iso8601")]
        case .rfc3339: return ["style": .string("rfc3339")]
        case .epoch: return ["style": .string("epoch")]
        case .custom(let format, let timeZone, let locale):
            var fields: [String: JSONValue] = ["style": .string("custom"), "format": .string(format)]
            if let timeZone { fields["timeZone"] = .string(timeZone) }
            if let locale { fields["locale"] = .string(locale) }
            return fields
        }
    }
}
