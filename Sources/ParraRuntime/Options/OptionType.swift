import CParraPlugin

/// The type an option key declares.
package enum OptionType: String, Sendable, Codable, CaseIterable {
    case bool, integer, double, string, list, object

    /// Reads the C constant; nil for a value the ABI does not define.
    init?(cValue: parra_option_type) {
        switch cValue {
        case PARRA_OPTION_TYPE_BOOL: self = .bool
        case PARRA_OPTION_TYPE_INTEGER: self = .integer
        case PARRA_OPTION_TYPE_DOUBLE: self = .double
        case PARRA_OPTION_TYPE_STRING: self = .string
        case PARRA_OPTION_TYPE_LIST: self = .list
        case PARRA_OPTION_TYPE_OBJECT: self = .object
        default: return nil
        }
    }

    /// The C constant.
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

    /// Reads an environment variable's text as this type: strings as they are, bools as
    /// true/false/1/0/yes/no, numbers in decimal, lists and objects as JSON.
    func parseEnvironmentText(_ text: String) -> JSONValue? {
        let trimmed = text.trimmingSpaces()
        switch self {
        case .string: return .string(text)
        case .bool:
            switch trimmed.lowercased() {
            case "true", "1", "yes": return .bool(true)
            case "false", "0", "no": return .bool(false)
            default: return nil
            }
        case .integer: return Int64(trimmed).map(JSONValue.integer)
        case .double: return Double(trimmed).flatMap { $0.isFinite ? .double($0) : nil }
        case .list, .object:
            return (try? JSONValue(json: trimmed)).flatMap { $0.optionType == self ? $0 : nil }
        }
    }
}
