import ParraRuntime

extension OptionValue {
    /// The value as Swift's own types, where code reads JSON as `Any` (`[String: Any]`,
    /// `[Any]`, `String`, `Int`, `Double`, `Bool`), as `JSONSerialization` gave it.
    package var anyValue: Any {
        switch self {
        case .bool(let value): value
        case .integer(let value): Int(value)
        case .double(let value): value
        case .string(let value): value
        case .list(let items): items.map(\.anyValue)
        case .object(let members): members.mapValues(\.anyValue)
        }
    }

    /// The number, whether written as an integer or not.
    package var number: Double? {
        switch self {
        case .integer(let value): Double(value)
        case .double(let value): value
        default: nil
        }
    }
}
