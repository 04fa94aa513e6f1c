import ParraRuntime

extension JSONValue {
    /// The value as Swift's own types, where code reads JSON as `Any` (`[String: Any]`,
    /// `[Any]`, `String`, `Int`, `Double`, `Bool`), as `JSONSerialization` gave it.
    package var anyValue: Any {
        switch self {
        case .null: Any?.none as Any  // answers drop null; a value built with one reads as nil
        case .bool(let value): value
        case .integer(let value): Int(value)
        case .double(let value): value
        case .string(let value): value
        case .array(let items): items.map(\.anyValue)
        case .object(let members): members.mapValues(\.anyValue)
        }
    }

}
