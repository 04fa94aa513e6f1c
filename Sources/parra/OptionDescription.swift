import Parra
import ParraRuntime

/// One option key as `plugins inspect` and `config schema` show it, in text or JSON.
struct OptionDescription: Encodable {
    /// The dotted key.
    let key: String
    /// Its declared type.
    let type: OptionType
    /// The module default, as a JSON value.
    let defaultValue: JSONValue
    /// The environment variable that overrides it, if any.
    let environmentVariable: String?
    /// The only values it accepts, if restricted.
    let allowedValues: [String]?
    /// The rules beyond the type (the declaration's `schema_json`), if any.
    let schema: JSONValue?
    /// The id of the module that owns it.
    let module: String
    /// Its documentation line.
    let doc: String

    enum CodingKeys: String, CodingKey {
        case key, type, environmentVariable, allowedValues, schema, module, doc
        case defaultValue = "default"
    }

    init(_ schema: OptionSchema) {
        key = schema.key
        type = schema.type
        defaultValue = schema.defaultValue
        environmentVariable = schema.environmentVariable
        allowedValues = schema.allowedValues
        self.schema = schema.constraint?.document
        module = schema.ownerID
        doc = schema.doc
    }

    /// The key, then one aligned line per field; `includingModule` adds the owner's id.
    func lines(includingModule: Bool, indent: Int) -> [String] {
        var rows: [(label: String, value: String)] = [
            ("type", type.rawValue),
            ("default", defaultValue.json),
            ("environment", environmentVariable ?? "-"),
        ]
        if let allowedValues {
            rows.append(("allowed", allowedValues.map { JSONValue.string($0).json }.joined(separator: ", ")))
        }
        if let schema {
            rows.append(("schema", schema.json))
        }
        if includingModule {
            rows.append(("module", module))
        }
        rows.append(("doc", doc.isEmpty ? "-" : doc))
        return [String(repeating: " ", count: indent) + key] + AlignedColumns.lines(rows, indent: indent + 2)
    }
}
