import Testing

@testable import ParraRuntime

/// The schema subset of `schema_json`: each keyword refuses what it should with the words the
/// option problem shows, and a schema the host cannot read is refused with where and why.
@Suite("Option schemas (schema_json)")
struct OptionConstraintTests {
    /// A schema, a value, and the violation expected (path, then the message), or nil.
    struct Case: Sendable, CustomTestStringConvertible {
        let schema: String
        let type: OptionType
        let value: String
        let expected: String?

        init(_ schema: String, _ value: String, _ expected: String?, type: OptionType = .object) {
            self.schema = schema
            self.type = type
            self.value = value
            self.expected = expected
        }

        var testDescription: String { "\(schema) / \(value)" }
    }

    static let cases: [Case] = [
        Case(#"{"minimum":0,"maximum":10}"#, "10", nil, type: .double),
        Case(#"{"minimum":0,"maximum":10}"#, "-0.5", "-0.5 is less than the minimum 0", type: .double),
        Case(#"{"minimum":0,"maximum":10}"#, "10.5", "10.5 is more than the maximum 10", type: .double),
        Case(#"{"exclusiveMinimum":0}"#, "0", "0 is not more than 0", type: .integer),
        Case(#"{"exclusiveMaximum":5}"#, "5", "5 is not less than 5", type: .integer),
        Case(#"{"items":{"type":"integer"}}"#, "[2.0]", nil, type: .list),
        Case(#"{"items":{"type":"integer"}}"#, "[2.5]", "[0]: expected integer, got number 2.5", type: .list),
        Case(#"{"enum":["a","b"]}"#, #""A""#, #""A" is not one of "a", "b""#, type: .string),
        Case(#"{"const":1}"#, "1.0", nil, type: .double),
        Case(#"{"minLength":2,"maxLength":3}"#, #""é""#, #""é" is shorter than 2 characters"#, type: .string),
        Case(#"{"maxLength":3}"#, #""abcd""#, #""abcd" is longer than 3 characters"#, type: .string),
        Case(#"{"minLength":1}"#, #""""#, #""" is empty"#, type: .string),
        Case(#"{"pattern":"^a+$"}"#, #""aab""#, #""aab" does not match the pattern ^a+$"#, type: .string),
        Case(#"{"minimum":3}"#, #""x""#, nil, type: .string),
        Case(#"{"items":{"type":"string"}}"#, #"["a",2]"#, "[1]: expected string, got integer 2", type: .list),
        Case(#"{"required":["a"]}"#, #"{"b":1}"#, #"has no "a""#),
        Case(
            #"{"properties":{"a":{"type":"boolean"}},"additionalProperties":false}"#, #"{"a":true,"b":1}"#,
            ".b: is not a member here (known: a)"),
        Case(
            #"{"properties":{"a b":{"type":"boolean"}}}"#, #"{"a b":1}"#, #"["a b"]: expected boolean, got integer 1"#),
        Case(
            #"{"discriminator":{"propertyName":"k"},"oneOf":[{"properties":{"k":{"const":"x"},"n":{"minimum":1}}}]}"#,
            #"{"k":"x","n":0}"#, ".n: 0 is less than the minimum 1"),
        Case(
            #"{"discriminator":{"propertyName":"k"},"oneOf":[{"properties":{"k":{"const":"x"}}}]}"#, #"{"k":"y"}"#,
            #".k: "y" is not one of "x""#),
        Case(
            #"{"anyOf":[{"enum":["a"]},{"pattern":"^b"}]}"#, #""c""#,
            #""c" is not one of "a" and does not match the pattern ^b"#, type: .string),
        Case(#"{"anyOf":[{"enum":["a"]},{"pattern":"^b"}]}"#, #""bc""#, nil, type: .string),
        Case(
            #"{"anyOf":[{"type":"integer"},{"items":{"type":"string"}}]}"#, "[1]",
            "[1] fits none of the 2 choices: expected integer, got array [1]; [0]: expected string, got integer 1",
            type: .list),
        Case(
            #"{"if":{"properties":{"s":{"const":"c"}},"required":["s"]},"then":{"required":["f"]}}"#, #"{"s":"c"}"#,
            #"has no "f""#),
        Case(
            #"{"if":{"properties":{"s":{"const":"c"}},"required":["s"]},"then":{"required":["f"]}}"#, #"{"s":"d"}"#,
            nil),
    ]

    @Test("each keyword refuses what it should, naming the path and the rule", arguments: cases)
    func check(_ item: Case) throws {
        let constraint = try OptionConstraint(json: item.schema, for: item.type)
        let violation = constraint.violation(of: try JSONValue(json: item.value))
        #expect(violation.map { $0.path.isEmpty ? $0.description : "\($0.path): \($0.description)" } == item.expected)
    }

    @Test(
        "a schema the host cannot read is refused with where and why",
        arguments: [
            (#"{"minimun":0}"#, #"unknown keyword "minimun""#),
            ("{", "malformed JSON"),
            ("[]", "a schema must be a JSON object, not array"),
            (#"{"type":"string"}"#, #"at /type: "string" does not fit the option's type integer"#),
            (#"{"type":"text"}"#, "at /type: must be one of"),
            (#"{"enum":[]}"#, "at /enum: must be a non-empty array"),
            (#"{"minimum":"0"}"#, "at /minimum: must be a number"),
            (#"{"minimum":5,"maximum":1}"#, "the minimum 5.0 is above the maximum 1.0"),
            (#"{"minLength":-1}"#, "at /minLength: must be a non-negative integer"),
            (#"{"pattern":"("}"#, #"at /pattern: "(" is not a regular expression"#),
            (#"{"items":{"minimun":1}}"#, #"at /items: unknown keyword "minimun""#),
            (#"{"required":["a","a"]}"#, "at /required: must be an array of distinct member names"),
            (#"{"additionalProperties":{}}"#, "at /additionalProperties: must be true or false"),
            (#"{"oneOf":[{}]}"#, "at /oneOf: needs \"discriminator\""),
            (#"{"discriminator":{"propertyName":"k"},"oneOf":[{}]}"#, "at /oneOf/0: a branch needs"),
            (
                #"{"discriminator":{"propertyName":"k"},"oneOf":[{"properties":{"k":{"const":"a"}}},{"properties":{"k":{"const":"a"}}}]}"#,
                #"at /oneOf/1: the tag "a" is used twice"#
            ),
            (#"{"if":{}}"#, #""if" and "then" go together"#),
            (#"{"anyOf":[]}"#, "at /anyOf: must be a non-empty array of schemas"),
        ])
    func malformed(_ schema: String, _ fragment: String) {
        #expect(throws: OptionConstraintError.self) { try OptionConstraint(json: schema, for: .integer) }
        do {
            _ = try OptionConstraint(json: schema, for: .integer)
        } catch {
            #expect(error.description.contains(fragment), "\(error)")
        }
    }
}
