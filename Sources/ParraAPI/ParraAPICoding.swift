import Foundation

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

    /// `date` as the API writes it: UTC, milliseconds, `Z`.
    package static func formatDate(_ date: Date) -> String {
        // Milliseconds rounded, not truncated (.53 is stored as .52999...): whole seconds
        // formatted, the fraction written by hand.
        let milliseconds = Int64((date.timeIntervalSince1970 * 1000).rounded())
        let (seconds, fraction) = milliseconds.quotientAndRemainder(dividingBy: 1000)
        let whole = seconds - (fraction < 0 ? 1 : 0)
        let text = Date(timeIntervalSince1970: Double(whole)).formatted(withoutFraction)
        let millis = fraction < 0 ? fraction + 1000 : fraction
        return String(text.dropLast()) + "." + String(format: "%03d", Int(millis)) + "Z"
    }

    /// Parses an ISO-8601 date with or without fractional seconds; nil when it is not one.
    package static func parseDate(_ text: String) -> Date? {
        if let date = try? withFraction.parse(text) { return date }
        return try? withoutFraction.parse(text)
    }
}
