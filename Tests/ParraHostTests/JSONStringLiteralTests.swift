import Foundation
import ParraShared
import Testing

@testable import ParraRuntime

/// Strings written as JSON string literals.
@Suite("JSON string literals")
struct JSONStringLiteralTests {
    /// The escapes, written out one scalar at a time: what the literal must equal.
    static func expected(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    @Test(
        "each text is quoted with exactly JSON's escapes and reads back the same",
        arguments: [
            "", "plain", "say \"hi\"", #"C:\path"#, "line\nbreak", "crlf\r\n", "tab\t", "\u{08}\u{0C}",
            "\u{00}\u{1B}\u{1F}",
            "é日本語👩‍💻", "\u{7F}", "mixed \"é\"\n\\👍",
        ])
    func literal(_ text: String) throws {
        let quoted = JSONStringLiteral.quoted(text)
        #expect(quoted == Self.expected(text))
        #expect(try JSONValue(json: quoted) == .string(text))
    }

    @Test("every control character is escaped")
    func controls() throws {
        for value in UInt8(0)..<0x20 {
            let text = "a" + String(UnicodeScalar(value)) + "b"
            #expect(JSONStringLiteral.quoted(text) == Self.expected(text), "byte \(value)")
        }
    }

    @Test("appending keeps what is already written")
    func appends() {
        var out = "{"
        JSONStringLiteral.append("k\"", to: &out)
        JSONStringLiteral.append("v", to: &out)
        #expect(out == #"{"k\"""v""#)
    }
}
