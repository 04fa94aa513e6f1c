import Foundation

// The logger's console formatting that needs corelibs Foundation (ICU's time zones, locales
// and collation): `libparra-logger-foundation.so`, which the logger opens with dlopen when a
// console format first needs it, so that a process whose lines need none of it never loads
// Foundation (about 2 ms and 6.5 MiB). Its file name does not start with `libParra`, so module
// discovery in a build folder passes it by.

/// What the `parra_logger_foundation_*` functions hand their text to: the context they were
/// given, and the text's UTF-8, lent for the call only.
public typealias ParraLoggerFoundationText =
    @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<UInt8>?, Int) -> Void

/// Whether `identifier` (NUL-terminated) names a time zone Foundation knows.
@_cdecl("parra_logger_foundation_is_time_zone")
public func parraLoggerFoundationIsTimeZone(_ identifier: UnsafePointer<CChar>) -> Bool {
    TimeZone(identifier: String(cString: identifier)) != nil
}

/// Makes a formatter for the `DateFormatter` pattern `format`, in the time zone `timeZone` (UTC
/// when NULL) and the locale `locale` (`en_US_POSIX` when NULL); all NUL-terminated. The caller
/// lets it go with `parra_logger_foundation_date_format_release`.
@_cdecl("parra_logger_foundation_date_format_create")
public func parraLoggerFoundationDateFormatCreate(
    _ format: UnsafePointer<CChar>, _ timeZone: UnsafePointer<CChar>?, _ locale: UnsafePointer<CChar>?
) -> UnsafeMutableRawPointer {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: locale.map { String(cString: $0) } ?? "en_US_POSIX")
    formatter.timeZone =
        timeZone.flatMap { TimeZone(identifier: String(cString: $0)) } ?? TimeZone(identifier: "UTC")
    formatter.dateFormat = String(cString: format)
    return Unmanaged.passRetained(LockedDateFormatter(formatter)).toOpaque()
}

/// Hands `text` the time `seconds` (since 1970) as `formatter` writes it. Any thread.
@_cdecl("parra_logger_foundation_date_format_string")
public func parraLoggerFoundationDateFormatString(
    _ formatter: UnsafeMutableRawPointer, _ seconds: Double, _ context: UnsafeMutableRawPointer?,
    _ text: ParraLoggerFoundationText
) {
    var string = Unmanaged<LockedDateFormatter>.fromOpaque(formatter).takeUnretainedValue().string(seconds)
    string.withUTF8 { text(context, $0.baseAddress, $0.count) }
}

/// Lets go of a formatter `parra_logger_foundation_date_format_create` made.
@_cdecl("parra_logger_foundation_date_format_release")
public func parraLoggerFoundationDateFormatRelease(_ formatter: UnsafeMutableRawPointer) {
    Unmanaged<LockedDateFormatter>.fromOpaque(formatter).release()
}

/// Rewrites the extras object `json` (`length` bytes) as `JSONSerialization` writes it, keys
/// sorted and slashes unescaped: `condensed` cuts every string value to its first 80
/// characters plus `...` (as the SDK condenses extras, in nested objects too; lists and other
/// values as they are), `pretty` indents. Hands `text` the result and returns true, or returns
/// false when `json` cannot be read or written again.
@_cdecl("parra_logger_foundation_extras")
public func parraLoggerFoundationExtras(
    _ json: UnsafePointer<UInt8>, _ length: Int, _ condensed: Bool, _ pretty: Bool,
    _ context: UnsafeMutableRawPointer?, _ text: ParraLoggerFoundationText
) -> Bool {
    guard let object = try? JSONSerialization.jsonObject(with: Data(bytes: json, count: length)) else {
        return false
    }
    var writing: JSONSerialization.WritingOptions = [.sortedKeys, .withoutEscapingSlashes]
    if pretty { writing.insert(.prettyPrinted) }
    guard
        let data = try? JSONSerialization.data(
            withJSONObject: condensed ? condensedValue(object) : object, options: writing)
    else {
        return false
    }
    data.withUnsafeBytes { text(context, $0.baseAddress?.assumingMemoryBound(to: UInt8.self), $0.count) }
    return true
}

/// Every string value in `value` cut to its first 80 characters plus `...`, in nested objects
/// too; lists and other values as they are.
private func condensedValue(_ value: Any) -> Any {
    switch value {
    case let text as String: return String(text.prefix(80)) + "..."
    case let object as [String: Any]: return object.mapValues(condensedValue)
    default: return value
    }
}

/// A `DateFormatter` behind a lock: it is not thread-safe, and lines are formatted on any
/// thread.
final class LockedDateFormatter {
    private let formatter: DateFormatter
    private let lock = NSLock()

    init(_ formatter: DateFormatter) { self.formatter = formatter }

    /// The time `seconds` since 1970 in the formatter's pattern.
    func string(_ seconds: Double) -> String {
        lock.withLock { formatter.string(from: Date(timeIntervalSince1970: seconds)) }
    }
}
