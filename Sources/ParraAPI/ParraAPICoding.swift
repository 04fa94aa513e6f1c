import FoundationEssentials
import ParraRuntime

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

    /// `date` as the API writes it: UTC, milliseconds, `Z`. Computed from the seconds for the
    /// years 1583 to 9999: the first `ISO8601FormatStyle` of a process sets up its calendar
    /// and time zone, which cost the launch's token request about a millisecond. Other years
    /// go through the format style (before 1583 it counts Julian days, as ICU's Gregorian
    /// calendar does).
    package static func formatDate(_ date: Date) -> String {
        // Milliseconds rounded, not truncated (.53 is stored as .52999...).
        let seconds = date.timeIntervalSince1970
        guard seconds.isFinite, abs(seconds) < 1e13 else { return formattedByStyle(date) }
        let milliseconds = Int64((seconds * 1000).rounded())
        let (days, dayMilliseconds) = floorDivide(milliseconds, 86_400_000)
        let (year, month, day) = civilDate(daysSinceEpoch: days)
        guard (1583...9999).contains(year) else { return formattedByStyle(date) }
        let secondOfDay = Int(dayMilliseconds / 1000)
        var text = ""
        text.reserveCapacity(24)
        func append(_ value: Int, width: Int, then separator: Character?) {
            let digits = String(value)
            if digits.count < width { text.append(String(repeating: "0", count: width - digits.count)) }
            text.append(digits)
            if let separator { text.append(separator) }
        }
        append(Int(year), width: 4, then: "-")
        append(month, width: 2, then: "-")
        append(day, width: 2, then: "T")
        append(secondOfDay / 3600, width: 2, then: ":")
        append(secondOfDay / 60 % 60, width: 2, then: ":")
        append(secondOfDay % 60, width: 2, then: ".")
        append(Int(dayMilliseconds % 1000), width: 3, then: "Z")
        return text
    }

    /// `date` through `ISO8601FormatStyle`, for the years `formatDate` does not compute.
    package static func formattedByStyle(_ date: Date) -> String {
        let milliseconds = Int64((date.timeIntervalSince1970 * 1000).rounded())
        let (seconds, fraction) = milliseconds.quotientAndRemainder(dividingBy: 1000)
        let whole = seconds - (fraction < 0 ? 1 : 0)
        let text = Date(timeIntervalSince1970: Double(whole)).formatted(withoutFraction)
        let millis = fraction < 0 ? fraction + 1000 : fraction
        return String(text.dropLast()) + "." + String(cFormat: "%03ld", Int(millis)) + "Z"
    }

    private static func floorDivide(_ value: Int64, _ divisor: Int64) -> (Int64, Int64) {
        let quotient = value >= 0 ? value / divisor : -((-value + divisor - 1) / divisor)
        return (quotient, value - quotient * divisor)
    }

    /// The proleptic Gregorian date of a day count from 1970-01-01 (H. Hinnant's algorithm).
    private static func civilDate(daysSinceEpoch days: Int64) -> (year: Int64, month: Int, day: Int) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = Int(dayOfYear - (153 * monthIndex + 2) / 5 + 1)
        let month = Int(monthIndex < 10 ? monthIndex + 3 : monthIndex - 9)
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// Parses an ISO-8601 date with or without fractional seconds; nil when it is not one.
    package static func parseDate(_ text: String) -> Date? {
        if let date = try? withFraction.parse(text) { return date }
        return try? withoutFraction.parse(text)
    }
}
