import Foundation
import ParraPluginKit
import Testing

@Suite("JSONValue.parse")
struct JSONReaderTests {
    @Test("every kind of value, escapes and surrogate pairs, whitespace around it")
    func values() throws {
        let text =
            #" {"a": [1, -2.5e2, 0, true, false, null], "s": "q\"\\\/\b\f\n\r\t\u00e9\ud83d\ude00é", "o": {}, "l": []} "#
        let value = try JSONValue.parse(text)
        #expect(
            value
                == .object([
                    "a": .array([.integer(1), .double(-250), .integer(0), .bool(true), .bool(false), .null]),
                    "s": .string("q\"\\/\u{08}\u{0C}\n\r\t\u{e9}\u{1F600}é"), "o": .object([:]), "l": .array([]),
                ]))
        #expect(try JSONValue.parse("\"top\"") == .string("top"))
        #expect(try JSONValue.parse("7") == .integer(7))
        #expect(try JSONValue.parse("null") == .null)
        #expect(try JSONValue.parse(#"{"k":1,"k":2}"#) == .object(["k": .integer(2)]), "the last repeated key wins")
    }

    @Test("the text it gives back reads back to the same value")
    func roundTrip() throws {
        let value = JSONValue.object([
            "text": .string("line\none \"two\" \u{01}"),
            "list": .array([.double(0.5), .double(2), .integer(-9_007_199_254_740_993), .null, .bool(true)]),
        ])
        #expect(try JSONValue.parse(value.json) == value)
    }

    @Test("json is compact, keys sorted, doubles with a fraction, only what JSON requires escaped")
    func writtenText() {
        let value = JSONValue.object([
            "z": .array([.integer(3), .double(-0.5), .double(1e20), .double(2), .null, .bool(false)]),
            "a": .string("q\"\\/\u{08}\u{1F}\n\r\té😀"), "m": .object([:]),
        ])
        #expect(value.json == #"{"a":"q\"\\/\b\u001f\n\r\té😀","m":{},"z":[3,-0.5,1e+20,2.0,null,false]}"#)
        #expect(JSONValue.quoted("plain é") == #""plain é""#)
        #expect(JSONValue.double(.infinity).json == "null")
    }

    @Test(
        "what is not strict JSON is refused, saying what and where",
        arguments: [
            ("", "the document is empty; expected a JSON value at line 1, column 1"),
            ("[1,]", "trailing comma before ']' at line 1, column 3"),
            (#"{"a" 1}"#, #"expected ':' after the key "a", found '1' at line 1, column 6"#),
            ("[1 2]", "expected ',' or ']' in an array, found '2' at line 1, column 4"),
            ("01", "a number cannot have a leading zero at line 1, column 1"),
            ("1.", "expected a digit after the decimal point, found the end of the input at line 1, column 3"),
            ("1e999", "the number 1e999 is too large for a double at line 1, column 1"),
            ("NaN", "NaN is not a JSON number at line 1, column 1"),
            ("tru", "expected a JSON value, found 'tru' at line 1, column 1"),
            ("\"a\u{01}\"", "unescaped control character U+0001 in a string at line 1, column 3"),
            (#""\x""#, #"invalid escape \x in a string at line 1, column 2"#),
            (
                #""\ud83d""#,
                #"lone surrogate \uD83D: a high surrogate must be followed by a low surrogate \uDC00-\uDFFF at line 1, column 2"#
            ),
            (#""abc"#, "unterminated string at line 1, column 1"),
            ("{} x", "unexpected 'x' after the JSON value at line 1, column 4"),
            ("// c\n1", "expected a JSON value, found '/' at line 1, column 1"),
            ("\u{01}", "expected a JSON value, found U+0001 at line 1, column 1"),
            ("é", "expected a JSON value, found 'é' (U+00E9) at line 1, column 1"),
            (
                #""\udc00""#,
                #"lone surrogate \uDC00: a low surrogate must follow a high surrogate \uD800-\uDBFF at line 1, column 2"#
            ),
            (
                #""\ud83d\u0041""#,
                #"lone surrogate \uD83D: it is followed by \u0041, not a low surrogate \uDC00-\uDFFF at line 1, column 2"#
            ),
            ("[[1], {\"b\": [true, x]}]", "expected a JSON value, found 'x' at line 1, column 20 (at $[1].b[1])"),
        ])
    func refusals(text: String, reason: String) {
        #expect(throws: JSONError.self) { try JSONValue.parse(text) }
        do {
            _ = try JSONValue.parse(text)
        } catch {
            #expect("\(error)" == reason)
        }
    }

    @Test("any one JSON value is a document, null included, and nothing else is")
    func documents() {
        for text in ["null", " null\n", "1", "\"a\"", "[null]", "{\"a\": null}"] {
            #expect((try? JSONValue.parse(text)) != nil, "\(text)")
        }
        for text in ["", "\u{A0}null", "nul", "null null", "[1,]", "{a: 1}"] {
            #expect((try? JSONValue.parse(text)) == nil, "\(text)")
        }
    }

    @Test("a leading byte order mark is skipped")
    func byteOrderMark() throws {
        #expect(try JSONValue.parse(Data([0xEF, 0xBB, 0xBF]) + Data(#"{"a":1}"#.utf8)) == .object(["a": .integer(1)]))
        #expect(try JSONValue.parse([0xEF, 0xBB, 0xBF] + Array(#"{"a":1}"#.utf8)) == .object(["a": .integer(1)]))
    }

    @Test("bytes, Data and text holding the same document read alike, failures too")
    func bytesDataAndText() throws {
        // The value itself, not its description: a dictionary's description follows its hash
        // order, which differs from one dictionary to the next.
        enum Outcome: Equatable {
            case value(JSONValue)
            case failure(String)
        }
        func outcome(_ parse: () throws -> JSONValue) -> Outcome {
            do { return .value(try parse()) } catch { return .failure("\(error)") }
        }
        for text in [#"{"a":[1,2.5,"é"],"b":null}"#, "  true ", #""\u00e9""#, "[1,]", "", #"{"a" 1}"#] {
            let fromText = outcome { try JSONValue.parse(text) }
            #expect(outcome { try JSONValue.parse(Array(text.utf8)) } == fromText, "\(text)")
            #expect(outcome { try JSONValue.parse(Data(text.utf8)) } == fromText, "\(text)")
        }
        #expect(throws: JSONError.self) { try JSONValue.parse([0x22, 0xFF, 0x22] as [UInt8]) }
    }

    @Test("bytes that are not UTF-8 are refused at the first such byte; nesting past the limit is refused")
    func limits() throws {
        for (bytes, reason) in [
            ([0x22, 0xFF, 0x22], "byte 0xFF in a string is not UTF-8 at line 1, column 2"),
            ([0x22, 0x61, 0x62, 0xC3, 0x22], "byte 0xC3 in a string is not UTF-8 at line 1, column 4"),
            ([0x22, 0x5C, 0x6E, 0xE2, 0x82, 0x22], "byte 0xE2 in a string is not UTF-8 at line 1, column 4"),
        ] {
            do {
                _ = try JSONValue.parse(Data(bytes.map(UInt8.init)))
                Issue.record("\(bytes) was read")
            } catch {
                #expect("\(error)" == reason)
            }
        }
        let deepObject = String(repeating: #"{"a":"#, count: 513) + "1" + String(repeating: "}", count: 513)
        #expect(throws: JSONError.self) { try JSONValue.parse(deepObject) }
        let deep = String(repeating: "[", count: 513) + String(repeating: "]", count: 513)
        #expect(throws: JSONError.self) { try JSONValue.parse(deep) }
        let allowed = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        #expect((try? JSONValue.parse(allowed)) != nil)
    }
}
