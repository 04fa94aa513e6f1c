import FoundationEssentials
import ParraAPI
import ParraAppModel
import ParraRuntime
import ParraShared

/// Writes a log's extras as compact JSON with sorted keys, whatever the values are: JSON-like
/// values as themselves, dates as ISO-8601, and anything else as its description.
enum LogExtraEncoder {
    static func json(_ extra: [String: Any]) -> String {
        var out = ""
        write(extra, into: &out, depth: 0)
        return out
    }

    /// Deeper nesting than this is written as a description, so a cyclic structure ends.
    private static let maximumDepth = 32

    private static func write(_ value: Any?, into out: inout String, depth: Int) {
        guard let value, depth < maximumDepth else {
            if let value { JSONStringLiteral.append(String(describing: value), to: &out) } else { out += "null" }
            return
        }
        switch value {
        case let optional as OptionalProtocol where optional.isNone: out += "null"
        case let optional as OptionalProtocol: write(optional.wrapped, into: &out, depth: depth)
        case let bool as Bool: out += bool ? "true" : "false"
        case let int as any BinaryInteger: out += "\(int)"
        case let double as Double: number(double, into: &out)
        case let float as Float: number(Double(float), into: &out)
        case let text as String: JSONStringLiteral.append(text, to: &out)
        case let text as Substring: JSONStringLiteral.append(String(text), to: &out)
        case let date as Date: JSONStringLiteral.append(iso8601(date), to: &out)
        case let url as URL: JSONStringLiteral.append(url.absoluteString, to: &out)
        case let dictionary as [String: Any]:
            out += "{"
            for (index, key) in dictionary.keys.sorted().enumerated() {
                if index > 0 { out += "," }
                JSONStringLiteral.append(key, to: &out)
                out += ":"
                write(dictionary[key], into: &out, depth: depth + 1)
            }
            out += "}"
        case let array as [Any]:
            out += "["
            for (index, element) in array.enumerated() {
                if index > 0 { out += "," }
                write(element, into: &out, depth: depth + 1)
            }
            out += "]"
        // Tried last: no value of the types above is an NSNull.
        case _ where isFoundationNull(value): out += "null"
        default: JSONStringLiteral.append(String(describing: value), to: &out)
        }
    }

    /// `date` as an `ISO8601DateFormatter` with internet date-time and fractional seconds
    /// writes it (`2024-02-24T20:47:51.530Z`, UTC), rounded half up to the millisecond as that
    /// formatter rounds, in ICU's Gregorian calendar: Gregorian dates from 1582-10-15 on, Julian
    /// ones before, whose year is the era's (1 BC is the year before AD 1, both `0001`). As ICU
    /// does, a time past that calendar's range is written as the range's end, and NaN as nothing.
    private static func iso8601(_ date: Date) -> String {
        let rounded = (date.timeIntervalSince1970 * 1000 + 0.5).rounded(.down)
        guard !rounded.isNaN else { return "" }
        // ICU's Calendar range, in milliseconds since 1970.
        let milliseconds = Int64(min(max(rounded, -184_303_902_528_000_000), 183_882_168_921_600_000))
        let (days, dayMilliseconds) = GregorianDays.floorDivide(milliseconds, 86_400_000)
        // Day -141,427 is 1582-10-15.
        let (year, month, day) = days >= -141_427 ? GregorianDays.date(daysSinceEpoch: days) : julianDate(days)
        let secondOfDay = dayMilliseconds / 1000
        func digits(_ value: Int64, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        return "\(digits(year > 0 ? year : 1 - year, 4))-\(digits(Int64(month), 2))-\(digits(Int64(day), 2))T"
            + "\(digits(secondOfDay / 3600, 2)):\(digits(secondOfDay / 60 % 60, 2)):\(digits(secondOfDay % 60, 2))."
            + "\(digits(dayMilliseconds % 1000, 3))Z"
    }

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

    /// Whether `value` is Foundation's `NSNull` (what `JSONSerialization` reads `null` as),
    /// told by its class's name, so that this file needs no Foundation.
    private static func isFoundationNull(_ value: Any) -> Bool {
        let type = type(of: value)
        return type is AnyClass && _typeName(type) == "Foundation.NSNull"
    }

    private static func number(_ value: Double, into out: inout String) {
        if !value.isFinite {
            JSONStringLiteral.append("\(value)", to: &out)
        } else if value == value.rounded(), abs(value) < 1e15 {
            out += "\(Int64(value))"
        } else {
            out += "\(value)"
        }
    }
}

/// Lets the encoder see through an `Optional` hidden in an `Any`.
private protocol OptionalProtocol {
    var isNone: Bool { get }
    var wrapped: Any? { get }
}

extension Optional: OptionalProtocol {
    var isNone: Bool { self == nil }
    var wrapped: Any? { self.map { $0 as Any } }
}
