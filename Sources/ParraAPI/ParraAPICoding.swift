import FoundationEssentials
import ParraRuntime
import ParraShared

/// The JSON conventions of the Parra API: snake_case keys and ISO-8601 dates with fractional
/// seconds (`2024-02-24T20:47:51.530Z`). Decoding also accepts dates without the fraction.
package enum ParraAPICoding {
    private static let withFraction = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
    private static let withoutFraction = Date.ISO8601FormatStyle()

    /// An encoder writing snake_case keys, fractional-second ISO-8601 dates and sorted keys.
    package static func makeEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(formatDate(date))
        }
        return encoder
    }

    /// A decoder reading snake_case keys and ISO-8601 dates, with or without fractional seconds.
    package static func makeDecoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            guard let date = parseDate(text) else {
                throw DecodingError.dataCorruptedError(
                    in: container, debugDescription: "'\(text)' is not an ISO-8601 date")
            }
            return date
        }
        return decoder
    }

    /// `date` as the API writes it: UTC, milliseconds, `Z` (`ISO8601Timestamp`).
    package static func formatDate(_ date: Date) -> String {
        ISO8601Timestamp.string(date.timeIntervalSince1970, fractionalSeconds: true)
    }

    /// Parses an ISO-8601 date with or without fractional seconds; nil when it is not one.
    /// The API's own form (`2024-02-24T20:47:51.530Z`, years 1583 to 9999, with or without the
    /// fraction) is read by hand, as `formatDate` writes it: the format styles' first parse
    /// sets up a calendar and a time zone and pages in their code, on a launch reading its
    /// cached token. Anything else goes to the format styles.
    package static func parseDate(_ text: String) -> Date? {
        if let seconds = utcSeconds(text) { return Date(timeIntervalSince1970: seconds) }
        if let date = try? withFraction.parse(text) { return date }
        return try? withoutFraction.parse(text)
    }

    /// `YYYY-MM-DDTHH:MM:SS[.fraction]Z` as seconds since 1970, for years 1583 to 9999 and
    /// in-range fields; nil for any other text.
    private static func utcSeconds(_ text: String) -> Double? {
        let bytes = Array(text.utf8)
        guard bytes.count >= 20, bytes.last == UInt8(ascii: "Z") else { return nil }
        func number(_ start: Int, _ count: Int) -> Int? {
            var value = 0
            for byte in bytes[start..<start + count] {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return value
        }
        let separators: [(Int, UInt8)] = [(4, 0x2D), (7, 0x2D), (10, 0x54), (13, 0x3A), (16, 0x3A)]
        guard separators.allSatisfy({ bytes[$0.0] == $0.1 }), let year = number(0, 4), let month = number(5, 2),
            let day = number(8, 2), let hour = number(11, 2), let minute = number(14, 2), let second = number(17, 2),
            (1583...9999).contains(year), (1...12).contains(month), hour < 24, minute < 60, second < 60,
            day >= 1, day <= GregorianDays.daysInMonth(month, of: year)
        else { return nil }
        var fraction = 0.0
        if bytes.count > 20 {
            // `.` and one to nine digits before the `Z`.
            let count = bytes.count - 21
            guard bytes[19] == UInt8(ascii: "."), (1...9).contains(count), let digits = number(20, count) else {
                return nil
            }
            fraction = Double(digits) / (0..<count).reduce(1.0) { scale, _ in scale * 10 }
        }
        let days = GregorianDays.daysSinceEpoch(year: year, month: month, day: day)
        return Double(days * 86_400 + hour * 3600 + minute * 60 + second) + fraction
    }
}
