import FoundationEssentials
import ParraShared

/// An HTTP-date (RFC 9110, section 5.6.7) as a `Retry-After` header may give it, in any of
/// its three forms, all in GMT: IMF-fixdate (`Sun, 06 Nov 1994 08:49:37 GMT`), the obsolete
/// RFC 850 form (`Sunday, 06-Nov-94 08:49:37 GMT`) and C's asctime (`Sun Nov  6 08:49:37 1994`).
enum HTTPDate {
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    private static let days = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
    private static let longDays = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]

    /// The moment `text` names; nil when it is none of the three forms. A two-digit RFC 850
    /// year more than 50 years after `now` is taken from the century before, as RFC 9110 asks.
    static func parse(_ text: String, now: Date) -> Date? {
        let fields = text.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "-" }).map(String.init)
        let (day, month, year, time): (String, String, Int?, String)
        switch fields.count {
        case 6 where fields[5] == "GMT" && days.contains(fields[0]) && fields[3].count == 4 && text.contains(","):
            (day, month, year, time) = (fields[1], fields[2], Int(fields[3]), fields[4])
        case 6 where fields[5] == "GMT" && longDays.contains(fields[0]) && fields[3].count == 2:
            guard let short = Int(fields[3]) else { return nil }
            (day, month, time) = (fields[1], fields[2], fields[4])
            let nowYear = Int(now.timeIntervalSince1970 / 31_556_952) + 1970
            var full = nowYear / 100 * 100 + short
            if full > nowYear + 50 { full -= 100 }
            year = full
        case 5 where days.contains(fields[0]) && fields[4].count == 4:
            (day, month, year, time) = (fields[2], fields[1], Int(fields[4]), fields[3])
        default:
            return nil
        }
        let clock = time.split(separator: ":", omittingEmptySubsequences: false).map { Int($0) }
        guard let year, let monthIndex = months.firstIndex(of: month), day.count <= 2, let dayOfMonth = Int(day),
            (1...31).contains(dayOfMonth), clock.count == 3, let hour = clock[0], let minute = clock[1],
            let second = clock[2], (0..<24).contains(hour), (0..<60).contains(minute), (0..<60).contains(second)
        else { return nil }
        // No 31 February: the day must be in the month, as a date formatter would have it.
        guard dayOfMonth <= GregorianDays.daysInMonth(monthIndex + 1, of: year) else { return nil }
        let days = GregorianDays.daysSinceEpoch(year: year, month: monthIndex + 1, day: dayOfMonth)
        return Date(timeIntervalSince1970: Double(days * 86_400 + hour * 3600 + minute * 60 + second))
    }
}
