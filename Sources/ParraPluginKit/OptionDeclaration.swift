import CParraPlugin
import ParraShared

/// An option key a module owns, with its type, default and documentation, and the rules
/// (``ValueSchema``) a value must follow beyond its type.
public struct OptionDeclaration: Sendable {
    /// The type of an option's value.
    public enum Kind: Sendable {
        /// The C header's `PARRA_OPTION_TYPE_*`: `bool`, true or false; `integer`, a whole number;
        /// `double`, a number; `string`, text; `list`, a JSON array; `object`, a JSON object.
        /// `ModuleHost` reads each with the method of its name, `list` and `object` with `json(_:)`.
        case bool, integer, double, string, list, object

        var cValue: parra_option_type {
            switch self {
            case .bool: PARRA_OPTION_TYPE_BOOL
            case .integer: PARRA_OPTION_TYPE_INTEGER
            case .double: PARRA_OPTION_TYPE_DOUBLE
            case .string: PARRA_OPTION_TYPE_STRING
            case .list: PARRA_OPTION_TYPE_LIST
            case .object: PARRA_OPTION_TYPE_OBJECT
            }
        }
    }

    let key: String
    let kind: Kind
    let defaultJSON: String
    let doc: String
    let environmentVariable: String?
    let allowedValues: [String]?
    let schema: ValueSchema?

    /// A declaration with the default given as JSON text (`"[]"`, `"{\"a\":1}"`); `schema`
    /// holds every rule beyond the type that the module would otherwise check itself.
    public init(
        _ key: String, kind: Kind, defaultJSON: String, doc: String, environmentVariable: String? = nil,
        allowedValues: [String]? = nil, schema: ValueSchema? = nil
    ) {
        self.key = key
        self.kind = kind
        self.defaultJSON = defaultJSON
        self.doc = doc
        self.environmentVariable = environmentVariable
        self.allowedValues = allowedValues
        self.schema = schema
    }

    /// A bool option.
    public static func bool(_ key: String, default value: Bool, doc: String, environmentVariable: String? = nil) -> Self
    {
        Self(
            key, kind: .bool, defaultJSON: value ? "true" : "false", doc: doc, environmentVariable: environmentVariable)
    }

    /// An integer option; `schema` bounds it (``ValueSchema/integer(minimum:maximum:)``).
    public static func integer(
        _ key: String, default value: Int64, doc: String, environmentVariable: String? = nil,
        schema: ValueSchema? = nil
    ) -> Self {
        Self(
            key, kind: .integer, defaultJSON: String(value), doc: doc, environmentVariable: environmentVariable,
            schema: schema)
    }

    /// A double option; `schema` bounds it (``ValueSchema/number(minimum:maximum:)``).
    public static func double(
        _ key: String, default value: Double, doc: String, environmentVariable: String? = nil,
        schema: ValueSchema? = nil
    ) -> Self {
        Self(
            key, kind: .double, defaultJSON: "\(value)", doc: doc, environmentVariable: environmentVariable,
            schema: schema)
    }

    /// A string option, optionally restricted to `allowedValues` (matched trimmed and in any
    /// case) or to what `schema` accepts.
    public static func string(
        _ key: String, default value: String, doc: String, environmentVariable: String? = nil,
        allowedValues: [String]? = nil, schema: ValueSchema? = nil
    ) -> Self {
        Self(
            key, kind: .string, defaultJSON: JSONStringLiteral.quoted(value), doc: doc,
            environmentVariable: environmentVariable,
            allowedValues: allowedValues, schema: schema)
    }

}

/// An extension point a module offers for other modules to hook.
public struct ExtensionPointDeclaration {
    /// How the hooks' results combine.
    public enum Combine {
        /// The C header's `PARRA_COMBINE_*`, every hook called each time: `none` for a void
        /// point; `all`, a bool, true only if every hook returned true (true with no hooks);
        /// `any`, a bool, true if any hook did (false with none); `union`, an integer, the bitwise
        /// OR of every result (0 with none).
        case none, all, any, union

        var cValue: parra_combine_rule {
            switch self {
            case .none: PARRA_COMBINE_NONE
            case .all: PARRA_COMBINE_ALL
            case .any: PARRA_COMBINE_ANY
            case .union: PARRA_COMBINE_UNION
            }
        }
    }

    let id: String
    let signature: String
    let combine: Combine
    let doc: String

    /// A point with id `id` (which starts with the module's id), hooks of `signature`.
    public init(_ id: String, signature: String, combine: Combine = .none, doc: String) {
        self.id = id
        self.signature = signature
        self.combine = combine
        self.doc = doc
    }
}
