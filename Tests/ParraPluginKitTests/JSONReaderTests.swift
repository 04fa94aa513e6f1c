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
                    "a": .array([.number(1), .number(-250), .number(0), .bool(true), .bool(false), .null]),
                    "s": .string("q\"\\/\u{08}\u{0C}\n\r\t\u{e9}\u{1F600}é"), "o": .object([:]), "l": .array([]),
                ]))
        #expect(try JSONValue.parse("\"top\"") == .string("top"))
        #expect(try JSONValue.parse("7") == .number(7))
        #expect(try JSONValue.parse(#"{"k":1,"k":2}"#) == .object(["k": .number(2)]), "the last repeated key wins")
    }

    @Test("the text it gives back reads back to the same value")
    func roundTrip() throws {
        let value = JSONValue.object([
            "text": .string("line\none \"two\" \u{01}"), "list": .array([.number(0.5), .null, .bool(true)]),
        ])
        #expect(try JSONValue.parse(value.json) == value)
    }

    @Test("json is compact, keys sorted, whole numbers without a fraction, only what JSON requires escaped")
    func writtenText() {
        let value = JSONValue.object([
            "z": .array([.number(3), .number(-0.5), .number(1e20), .null, .bool(false)]),
            "a": .string("q\"\\/\u{08}\u{1F}\n\r\té😀"), "m": .object([:]),
        ])
        #expect(value.json == #"{"a":"q\"\\/\b\u001f\n\r\té😀","m":{},"z":[3,-0.5,1e+20,null,false]}"#)
        #expect(JSONValue.quoted("plain é") == #""plain é""#)
        #expect(JSONValue.number(.infinity).json == "null")
    }

    @Test(
        "what is not strict JSON is refused, saying what and at which byte",
        arguments: [
            ("", "the text ends where a value should be at byte 0"),
            ("[1,]", "unexpected character ']' at byte 3"),
            (#"{"a" 1}"#, "expected ':' after the member name at byte 5"),
            ("[1 2]", "expected ',' or ']' in an array at byte 3"),
            ("01", "a number may not start with 0 at byte 0"),
            ("1.", "a number needs a digit after '.' at byte 2"),
            ("1e999", "the number 1e999 is too large at byte 0"),
            ("NaN", "unexpected character 'N' at byte 0"),
            ("tru", "unexpected character 't' at byte 0"),
            ("\"a\u{01}\"", "a control character inside a string at byte 2"),
            (#""\x""#, #"'\x' is not an escape at byte 2"#),
            (#""\ud83d""#, #"an unpaired surrogate \ud83d at byte 7"#),
            (#""abc"#, "the text ends inside a string at byte 4"),
            ("{} x", "text after the value at byte 3"),
            ("// c\n1", "unexpected character '/' at byte 0"),
            ("\u{01}", "unexpected byte 0x1 at byte 0"),
            ("é", "unexpected byte 0xC3 at byte 0"),
            (#""\udc00""#, #"an unpaired surrogate \udc00 at byte 7"#),
            (#""\ud83d\u0041""#, #"an unpaired surrogate \ud83d at byte 13"#),
        ])
    func refusals(text: String, reason: String) {
        #expect(throws: JSONError.self) { try JSONValue.parse(text) }
        do {
            _ = try JSONValue.parse(text)
        } catch {
            #expect("\(error)" == reason)
        }
    }

    @Test("a leading byte order mark is skipped")
    func byteOrderMark() throws {
        #expect(try JSONValue.parse(Data([0xEF, 0xBB, 0xBF]) + Data(#"{"a":1}"#.utf8)) == .object(["a": .number(1)]))
        #expect(try JSONValue.parse([0xEF, 0xBB, 0xBF] + Array(#"{"a":1}"#.utf8)) == .object(["a": .number(1)]))
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
        for (bytes, offset) in [
            ([0x22, 0xFF, 0x22], 1), ([0x22, 0x61, 0x62, 0xC3, 0x22], 3), ([0x22, 0x5C, 0x6E, 0xE2, 0x82], 3),
        ] {
            do {
                _ = try JSONValue.parse(Data(bytes.map(UInt8.init)))
                Issue.record("\(bytes) was read")
            } catch {
                #expect("\(error)" == "bytes that are not UTF-8 at byte \(offset)")
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
