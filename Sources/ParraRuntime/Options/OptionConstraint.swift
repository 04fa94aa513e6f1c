import FoundationEssentials
import ParraSync

/// The rules an option's value must follow beyond its type, as a module declares them in
/// `schema_json`: the subset of JSON Schema that `parra_plugin.h` documents under "Option
/// schemas". Read from the descriptor (a schema that cannot be read refuses the module) and
/// checked by the option store at every layer, so `parra config validate` and a running app
/// refuse a value with the same words. A schema the module registry kept was read when it was
/// recorded, so it is read again only when a value is first checked against it.
/// Sendable by hand: `source` is a `let`, and the schema read from it is set once, under `lock`.
package final class OptionConstraint: @unchecked Sendable {
    /// The schema's JSON text as the module gave it.
    package let source: String
    /// The option's type, which the schema must fit.
    private let type: OptionType
    private let lock = Lock()
    /// Guarded by `lock`.
    private var reading: Reading

    /// The schema as read from `source`, or why it cannot be.
    private enum Reading {
        case unread
        case read(document: JSONValue, root: Node)
        case unreadable(OptionConstraintError)
    }

    /// Reads `text` as the schema of an option of `type`. Throws the rule the schema breaks and
    /// where (`/oneOf/2/properties/style: unknown keyword "enun"`).
    package init(json text: String, for type: OptionType) throws(OptionConstraintError) {
        source = text
        self.type = type
        let (document, root) = try Self.read(text, for: type)
        reading = .read(document: document, root: root)
    }

    /// The schema `text` of an option of `type` that the module registry kept, having read it
    /// when the module's descriptor declared it: read when first used.
    init(recorded text: String, for type: OptionType) {
        source = text
        self.type = type
        reading = .unread
    }

    private static func read(_ text: String, for type: OptionType) throws(OptionConstraintError) -> (JSONValue, Node) {
        let value: JSONValue
        do {
            value = try JSONValue(json: text)
        } catch {
            throw OptionConstraintError(location: "", rule: "malformed JSON: \(error)")
        }
        let root = try Node(value, at: "")
        if let declared = root.type, !declared.accepts(type) {
            throw OptionConstraintError(
                location: "/type", rule: "\"\(declared.rawValue)\" does not fit the option's type \(type.rawValue)")
        }
        return (value, root)
    }

    /// The schema read, reading it on first use.
    private var current: Reading {
        lock.withLock {
            if case .unread = reading {
                do throws(OptionConstraintError) {
                    let (document, root) = try Self.read(source, for: type)
                    reading = .read(document: document, root: root)
                } catch {
                    reading = .unreadable(error)
                }
            }
            return reading
        }
    }

    /// The schema as a value, for `parra config schema`; nil when it cannot be read.
    package var document: JSONValue? {
        guard case .read(let document, _) = current else { return nil }
        return document
    }

    /// The first rule `value` breaks, with the path inside the value where it breaks it, or nil.
    /// Against a schema that cannot be read (a registry damaged where its checksum cannot tell),
    /// every value breaks the rule of reading it.
    package func violation(of value: JSONValue) -> OptionRuleViolation? {
        switch current {
        case .read(_, let root): root.violation(of: value, at: "")
        case .unreadable(let error):
            OptionRuleViolation(
                "its schema, as the module registry kept it, cannot be read (\(error)); removing the registry from the app's storage folder has it read again from the module"
            )
        case .unread: nil
        }
    }

    /// The JSON Schema type names.
    enum JSONType: String {
        case boolean, integer, number, string, array, object

        /// Whether `value` is of this type ("integer": a number without a fraction).
        func matches(_ value: JSONValue) -> Bool {
            switch (self, value) {
            case (.boolean, .bool), (.string, .string), (.array, .array), (.object, .object): true
            case (.integer, .integer), (.number, .integer), (.number, .double): true
            case (.integer, .double(let number)): number.rounded() == number
            default: false
            }
        }

        /// Whether every value of the option type `type` can be of this type.
        func accepts(_ type: OptionType) -> Bool {
            switch (self, type) {
            case (.boolean, .bool), (.integer, .integer), (.number, .integer), (.number, .double), (.string, .string),
                (.array, .list), (.object, .object):
                true
            default: false
            }
        }

        /// The type of `value` in these words, for a message.
        static func name(of value: JSONValue) -> String {
            switch value {
            case .bool: "boolean"
            case .integer: "integer"
            case .double: "number"
            case .string: "string"
            case .array: "array"
            case .object: "object"
            case .null: "null"
            }
        }
    }

    /// One schema object, read and checked.
    private final class Node {
        var type: JSONType?
        var enumValues: [JSONValue]?
        var constValue: JSONValue?
        var minimum: JSONValue?
        var maximum: JSONValue?
        var exclusiveMinimum: JSONValue?
        var exclusiveMaximum: JSONValue?
        var minLength: Int?
        var maxLength: Int?
        var pattern: SchemaPattern?
        var format: OptionFormat?
        var items: Node?
        var properties: [String: Node] = [:]
        var required: [String] = []
        var closed = false
        /// The discriminator's member name and each branch by its tag, in declaration order.
        var union: (member: String, branches: [(tag: String, node: Node)])?
        var anyOf: [Node] = []
        var condition: (if: Node, then: Node)?

        /// The keywords a schema may use, as a refusal lists them; `init` reads each by name and
        /// refuses anything else.
        static let keywords: Set<String> = [
            "type", "enum", "const", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "minLength",
            "maxLength", "pattern", "format", "items", "properties", "required", "additionalProperties",
            "discriminator", "oneOf",
            "anyOf", "if", "then", "description",
        ]

        init(_ value: JSONValue, at location: String) throws(OptionConstraintError) {
            guard case .object(let members) = value else {
                throw OptionConstraintError(
                    location: location, rule: "a schema must be a JSON object, not \(JSONType.name(of: value))")
            }
            func fail(_ keyword: String, _ rule: String) -> OptionConstraintError {
                OptionConstraintError(location: "\(location)/\(keyword)", rule: rule)
            }
            // One pass over the members, each keyword kept by name: a lookup per keyword the
            // host reads, and sorting the keys to find an unknown one, cost every module's
            // schemas about a third of a million instructions at start-up.
            var type: JSONValue?
            var enumList: JSONValue?
            var minimumValue: JSONValue?
            var maximumValue: JSONValue?
            var exclusiveMinimumValue: JSONValue?
            var exclusiveMaximumValue: JSONValue?
            var minLengthValue: JSONValue?
            var maxLengthValue: JSONValue?
            var patternValue: JSONValue?
            var formatValue: JSONValue?
            var itemsValue: JSONValue?
            var propertiesValue: JSONValue?
            var requiredValue: JSONValue?
            var additionalProperties: JSONValue?
            var discriminator: JSONValue?
            var oneOf: JSONValue?
            var anyOfValue: JSONValue?
            var ifValue: JSONValue?
            var thenValue: JSONValue?
            var description: JSONValue?
            var unknown: [String] = []
            for (keyword, value) in members {
                switch keyword {
                case "type": type = value
                case "enum": enumList = value
                case "const": constValue = value
                case "minimum": minimumValue = value
                case "maximum": maximumValue = value
                case "exclusiveMinimum": exclusiveMinimumValue = value
                case "exclusiveMaximum": exclusiveMaximumValue = value
                case "minLength": minLengthValue = value
                case "maxLength": maxLengthValue = value
                case "pattern": patternValue = value
                case "format": formatValue = value
                case "items": itemsValue = value
                case "properties": propertiesValue = value
                case "required": requiredValue = value
                case "additionalProperties": additionalProperties = value
                case "discriminator": discriminator = value
                case "oneOf": oneOf = value
                case "anyOf": anyOfValue = value
                case "if": ifValue = value
                case "then": thenValue = value
                case "description": description = value
                default: unknown.append(keyword)
                }
            }
            if let keyword = unknown.min() {
                throw OptionConstraintError(
                    location: location,
                    rule:
                        "unknown keyword \"\(keyword)\" (this host reads \(Self.keywords.sorted().joined(separator: ", ")))"
                )
            }
            if let text = type {
                guard case .string(let name) = text, let parsed = JSONType(rawValue: name) else {
                    throw fail(
                        "type", "must be one of \"boolean\", \"integer\", \"number\", \"string\", \"array\", \"object\""
                    )
                }
                self.type = parsed
            }
            if let list = enumList {
                guard case .array(let values) = list, !values.isEmpty else {
                    throw fail("enum", "must be a non-empty array")
                }
                enumValues = values
            }
            // Each keyword read by name, not through a list of key paths built for every node.
            func bound(_ value: JSONValue?, _ keyword: String) throws(OptionConstraintError) -> JSONValue? {
                guard let bound = value else { return nil }
                guard bound.number != nil else { throw fail(keyword, "must be a number") }
                return bound
            }
            minimum = try bound(minimumValue, "minimum")
            maximum = try bound(maximumValue, "maximum")
            exclusiveMinimum = try bound(exclusiveMinimumValue, "exclusiveMinimum")
            exclusiveMaximum = try bound(exclusiveMaximumValue, "exclusiveMaximum")
            if let low = (minimum ?? exclusiveMinimum)?.number, let high = (maximum ?? exclusiveMaximum)?.number,
                low > high
            {
                throw OptionConstraintError(location: location, rule: "the minimum \(low) is above the maximum \(high)")
            }
            func length(_ value: JSONValue?, _ keyword: String) throws(OptionConstraintError) -> Int? {
                guard let length = value else { return nil }
                guard case .integer(let count) = length, count >= 0, count <= Int32.max else {
                    throw fail(keyword, "must be a non-negative integer")
                }
                return Int(count)
            }
            minLength = try length(minLengthValue, "minLength")
            maxLength = try length(maxLengthValue, "maxLength")
            if let text = patternValue {
                guard case .string(let source) = text else { throw fail("pattern", "must be a string") }
                do {
                    pattern = try SchemaPattern(source)
                } catch {
                    throw fail("pattern", "\(JSONValue.string(source).json) is not a regular expression")
                }
            }
            if let text = formatValue {
                guard case .string(let name) = text, let known = OptionFormat(name: name) else {
                    throw fail(
                        "format",
                        "must be one of \(OptionFormat.allCases.map { JSONValue.string($0.name).json }.joined(separator: ", "))"
                    )
                }
                format = known
            }
            if let schema = itemsValue { items = try Node(schema, at: "\(location)/items") }
            if let object = propertiesValue {
                guard case .object(let schemas) = object else {
                    throw fail("properties", "must be an object of schemas")
                }
                for name in schemas.keys.sorted() {
                    properties[name] = try Node(schemas[name]!, at: "\(location)/properties/\(name)")
                }
            }
            if let list = requiredValue {
                guard case .array(let names) = list else { throw fail("required", "must be an array of member names") }
                for name in names {
                    guard case .string(let text) = name, !required.contains(text) else {
                        throw fail("required", "must be an array of distinct member names")
                    }
                    required.append(text)
                }
            }
            if let flag = additionalProperties {
                guard case .bool(let allowed) = flag else {
                    throw fail("additionalProperties", "must be true or false (a schema is not supported here)")
                }
                closed = !allowed
            }
            try readUnion(discriminator: discriminator, oneOf: oneOf, at: location)
            if let list = anyOfValue {
                guard case .array(let schemas) = list, !schemas.isEmpty else {
                    throw fail("anyOf", "must be a non-empty array of schemas")
                }
                for (index, schema) in schemas.enumerated() {
                    anyOf.append(try Node(schema, at: "\(location)/anyOf/\(index)"))
                }
            }
            switch (ifValue, thenValue) {
            case (nil, nil): break
            case (let test?, let consequence?):
                condition = (try Node(test, at: "\(location)/if"), try Node(consequence, at: "\(location)/then"))
            default:
                throw OptionConstraintError(location: location, rule: "\"if\" and \"then\" go together")
            }
            if let text = description, text.optionType != .string {
                throw fail("description", "must be a string")
            }
        }

        /// Reads `discriminator` with `oneOf`: each branch tagged by a distinct string const.
        private func readUnion(discriminator: JSONValue?, oneOf: JSONValue?, at location: String)
            throws(OptionConstraintError)
        {
            switch (discriminator, oneOf) {
            case (nil, nil): return
            case (nil, _?):
                throw OptionConstraintError(
                    location: "\(location)/oneOf",
                    rule: "needs \"discriminator\": {\"propertyName\": ...} (only tagged unions are supported)")
            case (_?, nil):
                throw OptionConstraintError(
                    location: "\(location)/discriminator", rule: "needs \"oneOf\", the branches")
            case (let discriminator?, let list?):
                guard case .object(let fields) = discriminator, fields.count == 1,
                    case .string(let member)? = fields["propertyName"]
                else {
                    throw OptionConstraintError(
                        location: "\(location)/discriminator", rule: "must be {\"propertyName\": \"<member name>\"}")
                }
                guard case .array(let schemas) = list, !schemas.isEmpty else {
                    throw OptionConstraintError(
                        location: "\(location)/oneOf", rule: "must be a non-empty array of schemas")
                }
                var branches: [(tag: String, node: Node)] = []
                for (index, schema) in schemas.enumerated() {
                    let node = try Node(schema, at: "\(location)/oneOf/\(index)")
                    guard case .string(let tag)? = node.properties[member]?.constValue else {
                        throw OptionConstraintError(
                            location: "\(location)/oneOf/\(index)",
                            rule: "a branch needs \"properties\": {\"\(member)\": {\"const\": \"<tag>\"}}")
                    }
                    guard !branches.contains(where: { $0.tag == tag }) else {
                        throw OptionConstraintError(
                            location: "\(location)/oneOf/\(index)", rule: "the tag \"\(tag)\" is used twice")
                    }
                    branches.append((tag, node))
                }
                union = (member, branches)
            }
        }

        // MARK: - Checking

        func violation(of value: JSONValue, at path: String) -> OptionRuleViolation? {
            func broken(_ rule: String, at where: String? = nil, showing shown: JSONValue? = value)
                -> OptionRuleViolation
            {
                OptionRuleViolation(rule, path: `where` ?? path, value: shown?.summary)
            }
            if let type, !type.matches(value) {
                return broken(
                    "expected \(type.rawValue), got \(JSONType.name(of: value)) \(value.summary)", showing: nil)
            }
            if let constValue, !Self.equal(value, constValue) {
                return broken("is not \(constValue.summary)")
            }
            if let enumValues, !enumValues.contains(where: { Self.equal(value, $0) }) {
                return broken("is not one of \(enumValues.map(\.summary).joined(separator: ", "))")
            }
            if let number = value.number {
                if let minimum, number < minimum.number! {
                    return broken("is less than the minimum \(minimum.json)")
                }
                if let maximum, number > maximum.number! {
                    return broken("is more than the maximum \(maximum.json)")
                }
                if let exclusiveMinimum, number <= exclusiveMinimum.number! {
                    return broken("is not more than \(exclusiveMinimum.json)")
                }
                if let exclusiveMaximum, number >= exclusiveMaximum.number! {
                    return broken("is not less than \(exclusiveMaximum.json)")
                }
            }
            if case .string(let text) = value {
                let length = text.unicodeScalars.count
                if let minLength, length < minLength {
                    return broken(minLength == 1 ? "is empty" : "is shorter than \(minLength) characters")
                }
                if let maxLength, length > maxLength {
                    return broken("is longer than \(maxLength) characters")
                }
                if let pattern, !pattern.isMatched(by: text) {
                    return broken("does not match the pattern \(pattern.text)")
                }
                if let format, format.accepts(text) == false {
                    return broken(format.refusal)
                }
            }
            if case .array(let elements) = value, let items {
                for (index, element) in elements.enumerated() {
                    if let violation = items.violation(of: element, at: "\(path)[\(index)]") { return violation }
                }
            }
            if case .object(let members) = value {
                if let violation = objectViolation(members, at: path) { return violation }
            }
            if !anyOf.isEmpty {
                // The first choice the value fits ends the check: later ones (a pattern, say)
                // are not evaluated for nothing.
                var reasons: [OptionRuleViolation] = []
                for choice in anyOf {
                    guard let reason = choice.violation(of: value, at: path) else { return nil }
                    reasons.append(reason)
                }
                // Each choice's first rule, in one line; the value is named once when every
                // choice failed on the value itself.
                if reasons.allSatisfy({ $0.path == path && $0.value != nil }) {
                    return broken(reasons.map(\.rule).joined(separator: " and "))
                }
                let described = reasons.map { reason in
                    let inner = reason.path.dropFirst(path.count)
                    return inner.isEmpty ? reason.description : "\(inner): \(reason.description)"
                }
                return broken("fits none of the \(reasons.count) choices: " + described.joined(separator: "; "))
            }
            if let condition, condition.if.violation(of: value, at: path) == nil {
                return condition.then.violation(of: value, at: path)
            }
            return nil
        }

        private func objectViolation(_ members: [String: JSONValue], at path: String) -> OptionRuleViolation? {
            if let union {
                guard let tag = members[union.member] else {
                    return OptionRuleViolation("has no \"\(union.member)\"", path: path, value: nil)
                }
                let tagPath = Self.memberPath(path, union.member)
                guard case .string(let text) = tag else {
                    return OptionRuleViolation(
                        "expected string, got \(JSONType.name(of: tag)) \(tag.summary)", path: tagPath, value: nil)
                }
                guard let branch = union.branches.first(where: { $0.tag == text }) else {
                    let tags = union.branches.map { JSONValue.string($0.tag).json }.joined(separator: ", ")
                    return OptionRuleViolation("is not one of \(tags)", path: tagPath, value: tag.summary)
                }
                if let violation = branch.node.violation(of: .object(members), at: path) { return violation }
            }
            for name in required where members[name] == nil {
                return OptionRuleViolation("has no \"\(name)\"", path: path, value: nil)
            }
            for name in members.keys.sorted() {
                let memberPath = Self.memberPath(path, name)
                if let schema = properties[name] {
                    if let violation = schema.violation(of: members[name]!, at: memberPath) { return violation }
                } else if closed {
                    return OptionRuleViolation(
                        "is not a member here (known: \(properties.keys.sorted().joined(separator: ", ")))",
                        path: memberPath, value: nil)
                }
            }
            return nil
        }

        /// `path.name`, or `path["name"]` when the name is not `[A-Za-z0-9_]`.
        static func memberPath(_ path: String, _ name: String) -> String {
            // Byte by byte: a `CharacterSet` lookup per character cost every member of every
            // default checked at start-up.
            let plain = !name.isEmpty && name.utf8.allSatisfy(ASCIIByte.isWord)
            return plain ? "\(path).\(name)" : "\(path)[\(JSONValue.string(name).json)]"
        }

        /// JSON equality: numbers by value (1 equals 1.0), the rest structurally.
        static func equal(_ a: JSONValue, _ b: JSONValue) -> Bool {
            switch (a, b) {
            case (.array(let x), .array(let y)): x.count == y.count && zip(x, y).allSatisfy { equal($0, $1) }
            case (.object(let x), .object(let y)):
                x.count == y.count && x.allSatisfy { key, value in y[key].map { equal(value, $0) } ?? false }
            default:
                if let x = a.number, let y = b.number { x == y } else { a == b }
            }
        }
    }
}

/// Why a module's `schema_json` cannot be read: where in the schema, and the rule.
package struct OptionConstraintError: Error, Sendable, CustomStringConvertible {
    /// A JSON Pointer into the schema (`/oneOf/2/properties/style`); empty for the whole schema.
    package let location: String
    /// What is wrong there.
    package let rule: String

    package var description: String { location.isEmpty ? rule : "at \(location): \(rule)" }
}

extension JSONValue {
    /// The value as a Double, when it is a number.
    var number: Double? {
        switch self {
        case .integer(let value): Double(value)
        case .double(let value): value
        default: nil
        }
    }
}

extension OptionConstraint: Hashable {
    /// Two constraints are equal when their schemas' texts are.
    package static func == (a: OptionConstraint, b: OptionConstraint) -> Bool { a.source == b.source }

    package func hash(into hasher: inout Hasher) { hasher.combine(source) }
}
