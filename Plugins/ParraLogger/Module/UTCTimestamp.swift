import ParraShared

/// Writes timestamps without `DateFormatter` (which costs microseconds a call): ISO 8601 with
/// milliseconds and RFC 3339 in UTC are computed from the seconds directly.
enum UTCTimestamp {
    /// `2024-02-24T20:47:51.530Z`.
    static func appendISO8601(_ seconds: Double, to buffer: ByteBuffer) {
        appendDateTime(seconds, to: buffer, milliseconds: true)
    }

    /// `2021-10-01T00:00:00Z`.
    static func appendRFC3339(_ seconds: Double, to buffer: ByteBuffer) {
        appendDateTime(seconds, to: buffer, milliseconds: false)
    }

    /// Seconds since 1970, as Swift prints a Double: `1708807671.53`.
    static func appendEpoch(_ seconds: Double, to buffer: ByteBuffer) {
        buffer.append("\(seconds)")
    }

    /// ISO 8601 with milliseconds, as a string.
    static func iso8601(_ seconds: Double) -> String {
        let buffer = ByteBuffer(capacity: 32)
        appendISO8601(seconds, to: buffer)
        return String(decoding: buffer.bytes, as: UTF8.self)
    }

    private static func appendDateTime(_ seconds: Double, to buffer: ByteBuffer, milliseconds: Bool) {
        guard seconds.isFinite, abs(seconds) < 1e13 else {
            buffer.append("\(seconds)")
            return
        }
        let totalMilliseconds = Int64((seconds * 1000).rounded(.down))
        let (days, dayMilliseconds) = GregorianDays.floorDivide(totalMilliseconds, 86_400_000)
        let (year, month, day) = GregorianDays.date(daysSinceEpoch: days)
        let secondOfDay = Int(dayMilliseconds / 1000)
        if year < 0 || year > 9999 {
            buffer.append("\(year)")
        } else {
            buffer.append(padded: Int(year), width: 4)
        }
        buffer.append(0x2D)
        buffer.append(padded: month, width: 2)
        buffer.append(0x2D)
        buffer.append(padded: day, width: 2)
        buffer.append(0x54)
        buffer.append(padded: secondOfDay / 3600, width: 2)
        buffer.append(0x3A)
        buffer.append(padded: secondOfDay / 60 % 60, width: 2)
        buffer.append(0x3A)
        buffer.append(padded: secondOfDay % 60, width: 2)
        if milliseconds {
            buffer.append(0x2E)
            buffer.append(padded: Int(dayMilliseconds % 1000), width: 3)
        }
        buffer.append(0x5A)
    }
}

/// A `DateFormatter` pattern (`.custom(format)`), in the app formatter's time zone and locale
/// (UTC and POSIX when the option names none), written by Foundation in
/// `libparra-logger-foundation.so`: only custom timestamps load it.
/// Sendable by hand: its fields are `let`s, and the library formatter it owns takes a lock of its own.
final class CustomTimestampFormat: @unchecked Sendable {
    private let library: FoundationLibrary
    private let formatter: UnsafeMutableRawPointer

    /// A format for the pattern `format`, e.g. `HH:mm:ss`, in the time zone and locale with
    /// those identifiers; an identifier the options checked already. Nil when the library
    /// cannot be loaded, which `ConsoleFormat.parse` reports.
    init?(_ format: String, timeZone: String?, locale: String?) {
        guard case .success(let library) = FoundationLibrary.shared else { return nil }
        self.library = library
        formatter = format.withCString { format in
            Self.withCString(timeZone) { timeZone in
                Self.withCString(locale) { locale in library.createDateFormat(format, timeZone, locale) }
            }
        }
    }

    deinit { library.releaseDateFormat(formatter) }

    /// Appends the time `seconds` in this format.
    func append(_ seconds: Double, to buffer: ByteBuffer) {
        library.dateString(
            formatter, seconds, Unmanaged.passUnretained(buffer).toOpaque(), FoundationLibrary.appendToBuffer)
    }

    /// Calls `body` with `text` as a C string, or with NULL when there is none.
    private static func withCString<Result>(_ text: String?, _ body: (UnsafePointer<CChar>?) -> Result) -> Result {
        guard let text else { return body(nil) }
        return text.withCString(body)
    }
}
