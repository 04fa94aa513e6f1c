import Foundation
import Testing

@testable import ParraAPI

/// The local backend's answers: the bytes `JSONSerialization` writes, with keys in a fixed order.
@Suite("Sorted-key JSON of the local backend")
struct SortedKeysJSONTests {
    @Test("keys in ascending order at every depth; values written as JSONSerialization writes them")
    func nested() throws {
        let value: [String: Any] = [
            "token_type": "Bearer", "access_token": "a/b \"c\" é\n", "expires_in": 2_592_000,
            "data": [["z": true, "a": false], 1.5, "x"], "empty": [String: Any](),
        ]
        let text = try #require(SortedKeysJSON.data(value)).utf8Text
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
            #expect(SortedKeysJSON.data(["k": string]) == Data(#"{"k":"#.utf8) + expected + Data("}".utf8), "\(string)")
        }
    }

    @Test("a value JSON cannot carry gives nil")
    func refused() {
        #expect(SortedKeysJSON.data(["date": Date()]) == nil)
        #expect(SortedKeysJSON.data(["infinite": Double.infinity]) == nil)
    }
}

extension Data {
    fileprivate var utf8Text: String { String(decoding: self, as: UTF8.self) }
}
