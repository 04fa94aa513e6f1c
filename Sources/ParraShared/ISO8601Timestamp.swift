/// The one writer of ISO 8601 date-times for the app, the host and the modules: UTC, `Z`, as the
/// SDK's `ISO8601DateFormatter`s write them (`.withInternetDateTime`, with or without
/// `.withFractionalSeconds`), computed from the seconds: a formatter or format style costs
/// microseconds a call and about a millisecond to set up.
///
/// As that formatter does, the time is rounded half up to the millisecond (`.53` is stored as
/// `.52999...` and written `.530`), then written to the millisecond or cut to the second; dates
/// are ICU's Gregorian calendar, Gregorian from 1582-10-15 on and Julian before, whose year is the
/// era's (1 BC is the year before AD 1, both `0001`); a time past that calendar's range is written
/// as the range's end, and NaN as nothing.
package enum ISO8601Timestamp {
    /// `2024-02-24T20:47:51.530Z` for `seconds` since 1970, or `2024-02-24T20:47:51Z` without
    /// `fractionalSeconds`.
    package static func string(_ seconds: Double, fractionalSeconds: Bool) -> String {
        write(seconds, fractionalSeconds: fractionalSeconds) { String(decoding: $0, as: UTF8.self) }
    }

    /// Writes the text of ``string(_:fractionalSeconds:)`` into a buffer on the stack and hands
    /// it to `body`, for writers of bytes such as the logger's.
    package static func write<Result>(
        _ seconds: Double, fractionalSeconds: Bool, _ body: (UnsafeRawBufferPointer) -> Result
    ) -> Result {
        let rounded = (seconds * 1000 + 0.5).rounded(.down)
        guard !rounded.isNaN else { return body(UnsafeRawBufferPointer(start: nil, count: 0)) }
        let milliseconds = Int64(min(max(rounded, Self.earliest), Self.latest))
        let (days, dayMilliseconds) = GregorianDays.floorDivide(milliseconds, 86_400_000)
        let (year, month, day) =
            days >= Self.firstGregorianDay ? GregorianDays.date(daysSinceEpoch: days) : julianDate(days)
        let secondOfDay = Int(dayMilliseconds / 1000)
        // The longest is a 7-digit year and the milliseconds: 27 bytes.
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 32) { buffer in
            var count = 0
            func put(_ value: Int64, width: Int, then separator: UInt8) {
                var digits = 0
                var rest = value
                repeat {
                    digits += 1
                    rest /= 10
                } while rest > 0
                let end = count + max(width, digits)
                rest = value
                for index in stride(from: end - 1, through: count, by: -1) {
                    buffer[index] = 0x30 + UInt8(rest % 10)
                    rest /= 10
                }
                buffer[end] = separator
                count = end + 1
            }
            put(year > 0 ? year : 1 - year, width: 4, then: UInt8(ascii: "-"))
            put(Int64(month), width: 2, then: UInt8(ascii: "-"))
            put(Int64(day), width: 2, then: UInt8(ascii: "T"))
            put(Int64(secondOfDay / 3600), width: 2, then: UInt8(ascii: ":"))
            put(Int64(secondOfDay / 60 % 60), width: 2, then: UInt8(ascii: ":"))
            if fractionalSeconds {
                put(Int64(secondOfDay % 60), width: 2, then: UInt8(ascii: "."))
                put(dayMilliseconds % 1000, width: 3, then: UInt8(ascii: "Z"))
            } else {
                put(Int64(secondOfDay % 60), width: 2, then: UInt8(ascii: "Z"))
            }
            return body(UnsafeRawBufferPointer(rebasing: UnsafeMutableRawBufferPointer(buffer)[0..<count]))
        }
    }

    /// ICU's calendar range, in milliseconds since 1970.
    private static let earliest: Double = -184_303_902_528_000_000
    private static let latest: Double = 183_882_168_921_600_000
    /// 1582-10-15, the first day of the Gregorian calendar, in days since 1970.
    private static let firstGregorianDay: Int64 = -141_427

    /// The Julian calendar date of a day count from 1970-01-01, astronomical years (0 is 1 BC),
    /// by E. G. Richards' algorithm from the Julian day number (1970-01-01 is day 2,440,588).
    private static func julianDate(_ days: Int64) -> (year: Int64, month: Int, day: Int) {
        let shifted = days + 2_440_588 + 32_082
        let cycle = GregorianDays.floorDivide(4 * shifted + 3, 1461).quotient
        let dayOfCycle = shifted - GregorianDays.floorDivide(1461 * cycle, 4).quotient
        let monthIndex = (5 * dayOfCycle + 2) / 153
        return (
            cycle - 4800 + monthIndex / 10, Int(monthIndex + 3 - 12 * (monthIndex / 10)),
            Int(dayOfCycle - (153 * monthIndex + 2) / 5 + 1)
        )
    }
}
