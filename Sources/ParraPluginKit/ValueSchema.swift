import CParraPlugin

/// The rules an option's value must follow beyond its type, exported as the declaration's
/// `schema_json` (ABI 1.3): the subset of JSON Schema that `parra_plugin.h` documents under
/// "Option schemas". The host checks every value against it before the module reads it, in the
/// app and in `parra config validate` alike, so declare here every value `configure` would
/// otherwise reject.
///
/// ```swift
/// .double("chat.fadeDuration", default: 0.5, doc: "Seconds (0 to 10)", schema: .number(minimum: 0, maximum: 10))
/// ```
public struct ValueSchema: Sendable, Equatable {
    /// The schema as a JSON object.
    public let json: JSONValue

    /// A schema given as a JSON object of the supported keywords.
    public init(_ json: JSONValue) { self.json = json }

    /// A number, within the bounds given (inclusive).
    public static func number(minimum: Double? = nil, maximum: Double? = nil) -> ValueSchema {
        ValueSchema(.object(bounds(type: "number", minimum: minimum.map(bound), maximum: maximum.map(bound))))
    }

    /// An integer, within the bounds given (inclusive).
    public static func integer(minimum: Int64? = nil, maximum: Int64? = nil) -> ValueSchema {
        ValueSchema(
            .object(
                bounds(
                    type: "integer", minimum: minimum.map(JSONValue.integer), maximum: maximum.map(JSONValue.integer))))
    }

    /// A bool.
    public static let boolean = ValueSchema(.object(["type": .string("boolean")]))

    /// A string: one of `values` exactly when given, at least `minLength` characters,
    /// matching `pattern` (a regular expression searched in the string) and of the kind
    /// `format` names, when given.
    public static func string(
        oneOf values: [String]? = nil, minLength: Int? = nil, pattern: String? = nil, format: Format? = nil
    ) -> ValueSchema {
        var members: [String: JSONValue] = ["type": .string("string")]
        members["enum"] = values.map { .array($0.map(JSONValue.string)) }
        members["minLength"] = minLength.map { .integer(Int64($0)) }
        members["pattern"] = pattern.map(JSONValue.string)
        members["format"] = format.map { .string($0.name) }
        return ValueSchema(.object(members))
    }

    /// A kind of string a schema can require (`format`, ABI 1.6).
    public enum Format: Sendable {
        /// A time zone identifier Foundation's `TimeZone(identifier:)` knows.
        case timeZone

        /// Its name in the schema.
        var name: String {
            switch self {
            case .timeZone: PARRA_SCHEMA_FORMAT_TIME_ZONE
            }
        }
    }

    /// An array whose every element follows `items`.
    public static func array(of items: ValueSchema) -> ValueSchema {
        ValueSchema(.object(["type": .string("array"), "items": items.json]))
    }

    /// An object with these members, each optional unless `required` names it; with `closed`
    /// (the default) it may have no other member.
    public static func object(_ properties: [String: ValueSchema], required: [String] = [], closed: Bool = true)
        -> ValueSchema
    {
        var members: [String: JSONValue] = [
            "type": .string("object"), "properties": .object(properties.mapValues(\.json)),
        ]
        if !required.isEmpty { members["required"] = .array(required.map(JSONValue.string)) }
        if closed { members["additionalProperties"] = .bool(false) }
        return ValueSchema(.object(members))
    }

    /// A tagged union: an object whose string member `tag` names one of `cases`, each an
    /// ``object(_:required:closed:)`` schema (the tag member is added to each).
    public static func tagged(by tag: String, _ cases: [(tag: String, schema: ValueSchema)]) -> ValueSchema {
        let branches = cases.map { item -> JSONValue in
            var members = item.schema.json.object ?? [:]
            var properties = members["properties"]?.object ?? [:]
            properties[tag] = .object(["const": .string(item.tag)])
            members["properties"] = .object(properties)
            return .object(members)
        }
        return ValueSchema(
            .object([
                "type": .string("object"), "discriminator": .object(["propertyName": .string(tag)]),
                "oneOf": .array(branches),
            ]))
    }

    /// This schema, and at least one of `choices` too (`anyOf`): `.string().matching(anyOf:
    /// [.string(oneOf: ["stdout"]), .string(pattern: "^/")])`. The type is checked first, so a
    /// value of another type is refused with the type's rule alone.
    public func matching(anyOf choices: [ValueSchema]) -> ValueSchema {
        var members = json.object ?? [:]
        members["anyOf"] = .array(choices.map(\.json))
        return ValueSchema(.object(members))
    }

    /// This schema, and when a value also follows `condition`, `consequence` too (`if`/`then`).
    public func when(_ condition: ValueSchema, then consequence: ValueSchema) -> ValueSchema {
        var members = json.object ?? [:]
        members["if"] = condition.json
        members["then"] = consequence.json
        return ValueSchema(.object(members))
    }

    /// A number bound as JSON writes it by hand: `0`, not `0.0`.
    private static func bound(_ value: Double) -> JSONValue {
        value.rounded() == value && abs(value) < 0x1p53 ? .integer(Int64(value)) : .double(value)
    }

    private static func bounds(type: String, minimum: JSONValue?, maximum: JSONValue?) -> [String: JSONValue] {
        var members: [String: JSONValue] = ["type": .string(type)]
        members["minimum"] = minimum
        members["maximum"] = maximum
        return members
    }
}
