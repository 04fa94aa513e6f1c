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
