import Foundation
import Testing

@testable import ParraRuntime

/// The local backend's answers and outbox lines: `JSONValue.json`, the bytes `JSONSerialization`
/// writes with keys in a fixed order.
@Suite("Sorted-key JSON of the local backend")
struct LocalBackendJSONTests {
    @Test("keys in ascending order at every depth; values written as JSONSerialization writes them")
    func nested() throws {
        let value = JSONValue.object([
            "token_type": .string("Bearer"), "access_token": .string("a/b \"c\" é\n"),
            "expires_in": .integer(2_592_000),
            "data": .array([.object(["z": .bool(true), "a": .bool(false)]), .double(1.5), .string("x")]),
            "empty": .object([:]),
        ])
        let text = value.json
        #expect(
            text
                == #"{"access_token":"a/b \"c\" é\n","data":[{"a":false,"z":true},1.5,"x"],"empty":{},"expires_in":2592000,"token_type":"Bearer"}"#
        )
        let reparsed = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(reparsed["expires_in"] as? Int == 2_592_000)
        #expect(reparsed["access_token"] as? String == "a/b \"c\" é\n")
    }

    @Test("strings, control characters among them, are written as JSONSerialization writes them")
    func strings() throws {
        for string in ["plain", "line\nbreak", "tab\t \u{08}\u{0C}\r\u{1F}", "a/b \"q\" \\ é \u{2028}"] {
            let expected = try JSONSerialization.data(
                withJSONObject: string, options: [.fragmentsAllowed, .withoutEscapingSlashes])
            #expect(
                Data(JSONValue.object(["k": .string(string)]).json.utf8)
                    == Data(#"{"k":"#.utf8) + expected + Data("}".utf8), "\(string)")
        }
    }
}
